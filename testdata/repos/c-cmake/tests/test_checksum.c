#include <stdio.h>

#include "checksum.h"

int main(void)
{
	/* CRC-32 of "hello" */
	unsigned long got = checksum_crc32("hello", 5);
	if (got != 0x3610a686UL) {
		fprintf(stderr, "crc32(hello) = %08lx\n", got);
		return 1;
	}
	puts("ok");
	return 0;
}
