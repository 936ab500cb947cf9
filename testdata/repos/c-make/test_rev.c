#include <stdio.h>
#include <string.h>

#include "rev.h"

/* Prints TAP, which test harnesses (and heragent) count. */
static int check(int n, const char *in, const char *want)
{
	char s[64];
	strcpy(s, in);
	int ok = strcmp(rev(s), want) == 0;
	printf("%sok %d - rev(\"%s\")\n", ok ? "" : "not ", n, in);
	return ok;
}

int main(void)
{
	int ok = 1;
	puts("1..3");
	ok &= check(1, "abc", "cba");
	ok &= check(2, "", "");
	ok &= check(3, "a", "a");
	return ok ? 0 : 1;
}
