#include <stdlib.h>
#include "ringbuf.h"

struct ringbuf {
	char *buf;
	size_t cap, head, len;
};

ringbuf *ringbuf_new(size_t capacity) {
	ringbuf *rb = calloc(1, sizeof *rb);
	if (rb == NULL || (rb->buf = malloc(capacity)) == NULL) {
		free(rb);
		return NULL;
	}
	rb->cap = capacity;
	return rb;
}

void ringbuf_free(ringbuf *rb) {
	if (rb != NULL) {
		free(rb->buf);
		free(rb);
	}
}

int ringbuf_put(ringbuf *rb, char c) {
	if (rb->len == rb->cap)
		return -1;
	rb->buf[(rb->head + rb->len++) % rb->cap] = c;
	return 0;
}

int ringbuf_get(ringbuf *rb, char *c) {
	if (rb->len == 0)
		return -1;
	*c = rb->buf[rb->head];
	rb->head = (rb->head + 1) % rb->cap;
	rb->len--;
	return 0;
}

size_t ringbuf_len(const ringbuf *rb) { return rb->len; }

const char *ringbuf_version(void) { return RINGBUF_VERSION_STRING; }
