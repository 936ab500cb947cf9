#include <stdio.h>

#include "wc1.h"

int main(int argc, char **argv)
{
	int n = 0;
	for (int i = 1; i < argc; i++)
		n += words(argv[i]);
	printf("%d words\n", n);
	return 0;
}
