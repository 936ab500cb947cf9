#include <stdio.h>
#include <string.h>

#include "rev.h"

int main(void)
{
	char s[] = "abc";
	if (strcmp(rev(s), "cba") != 0) {
		fputs("rev failed\n", stderr);
		return 1;
	}
	puts("ok");
	return 0;
}
