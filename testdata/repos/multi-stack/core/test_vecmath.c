#include <stdio.h>

#include "vecmath.h"

int main(void)
{
	double v[] = {3, 4};
	if (vm_norm(v, 2) != 5.0) {
		fputs("vm_norm failed\n", stderr);
		return 1;
	}
	return 0;
}
