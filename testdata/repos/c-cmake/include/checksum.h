#ifndef CHECKSUM_H
#define CHECKSUM_H

#include <stddef.h>

/* checksum_crc32 returns the CRC-32 of len bytes at data. */
unsigned long checksum_crc32(const char *data, size_t len);

#endif
