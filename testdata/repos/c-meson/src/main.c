#include <stdio.h>
#include <stdlib.h>

#include "calc.h"

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: calc A B\n");
		return 2;
	}
	long a = strtol(argv[1], NULL, 10), b = strtol(argv[2], NULL, 10);
	printf("%ld %ld\n", calc_add(a, b), calc_mul(a, b));
	return 0;
}
