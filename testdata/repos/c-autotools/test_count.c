#include <stdio.h>

#include "count.h"

int main(void)
{
	if (count_words("  two words ") != 2 || count_words("") != 0) {
		fputs("count_words failed\n", stderr);
		return 1;
	}
	return 0;
}
