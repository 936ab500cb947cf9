#ifndef RINGBUF_H
#define RINGBUF_H

#include <stddef.h>
#include "ringbuf-config.h"

#define RINGBUF_API

typedef struct ringbuf ringbuf;

RINGBUF_API ringbuf *ringbuf_new(size_t capacity);
RINGBUF_API void ringbuf_free(ringbuf *rb);
RINGBUF_API int ringbuf_put(ringbuf *rb, char c);
RINGBUF_API int ringbuf_get(ringbuf *rb, char *c);
RINGBUF_API size_t ringbuf_len(const ringbuf *rb);

/* ringbuf_version returns the library's version, e.g. "0.3.1". */
RINGBUF_API const char *ringbuf_version(void);

#endif
