#include <stdio.h>

#include "rev.h"

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		puts(rev(argv[i]));
	return 0;
}
