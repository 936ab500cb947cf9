/* echo_client: sends its input, through a ring buffer, to the echo server
 * on 127.0.0.1:7007 and prints what comes back. It needs the server. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>
#include "ringbuf.h"

int main(void) {
	int s = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons(7007), .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	if (s < 0 || connect(s, (struct sockaddr *)&a, sizeof a) < 0) {
		perror("echo_client: connect to 127.0.0.1:7007");
		return 1;
	}
	ringbuf *rb = ringbuf_new(4096);
	char ch;
	while (read(0, &ch, 1) == 1 && ringbuf_put(rb, ch) == 0)
		;
	while (ringbuf_get(rb, &ch) == 0 && write(s, &ch, 1) == 1 && read(s, &ch, 1) == 1)
		putchar(ch);
	ringbuf_free(rb);
	close(s);
	return 0;
}
