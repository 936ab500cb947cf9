#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>

#include "wc1.h"

/* Prints TAP, which test harnesses (and heragent) count. */
static int check(int n, int ok, const char *what)
{
	printf("%sok %d - %s\n", ok ? "" : "not ", n, what);
	return ok;
}

/* A read-only file must refuse a write: only true for an ordinary user,
 * root writes anything, which is why tests/run.sh refuses root. */
static int readonly_refused(const char *path)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return 0;
	fclose(f);
	chmod(path, 0444);
	f = fopen(path, "w");
	int refused = f == NULL && errno == EACCES;
	if (f)
		fclose(f);
	chmod(path, 0644);
	remove(path);
	return refused;
}

int main(int argc, char **argv)
{
	const char *tmp = argc > 1 ? argv[1] : "tests/tmp/ro";
	int ok = 1;
	puts("1..4");
	ok &= check(1, words("a b  c") == 3, "words(\"a b  c\")");
	ok &= check(2, words("") == 0, "words(\"\")");
	ok &= check(3, words("  one ") == 1, "words(\"  one \")");
	ok &= check(4, readonly_refused(tmp), "a read-only file refuses a write");
	return ok ? 0 : 1;
}
