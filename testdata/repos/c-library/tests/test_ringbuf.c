#include <stdio.h>
#include "ringbuf.h"

int main(void) {
	ringbuf *rb = ringbuf_new(2);
	char c = 0;
	int ok = rb != NULL && ringbuf_put(rb, 'a') == 0 && ringbuf_put(rb, 'b') == 0 &&
		ringbuf_put(rb, 'c') == -1 && ringbuf_get(rb, &c) == 0 && c == 'a' && ringbuf_len(rb) == 1;
	ringbuf_free(rb);
	if (!ok) {
		printf("FAIL: ringbuf\n");
		return 1;
	}
	printf("PASS: ringbuf\n");
	return 0;
}
