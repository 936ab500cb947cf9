#include <stdio.h>

/* Counts the lines of standard input. */
int main(void) {
    int c, n = 0;
    while ((c = getchar()) != EOF)
        if (c == '\n')
            n++;
    printf("%d\n", n);
    return 0;
}
