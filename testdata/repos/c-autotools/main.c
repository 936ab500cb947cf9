#include <stdio.h>

#include "count.h"

int main(void)
{
	char line[4096];
	int total = 0;
	while (fgets(line, sizeof line, stdin))
		total += count_words(line);
	printf("%d\n", total);
	return 0;
}
