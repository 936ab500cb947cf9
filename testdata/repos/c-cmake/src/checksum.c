#include "checksum.h"

#include <zlib.h>

unsigned long checksum_crc32(const char *data, size_t len)
{
	return crc32(0L, (const Bytef *)data, (uInt)len);
}
