#include <stdio.h>
#include <string.h>

#include "checksum.h"

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s TEXT\n", argv[0]);
		return 2;
	}
	printf("%08lx\n", checksum_crc32(argv[1], strlen(argv[1])));
	return 0;
}
