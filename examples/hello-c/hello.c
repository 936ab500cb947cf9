#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    const char *who = argc > 1 ? argv[1] : "world";
    if (strcmp(who, "--version") == 0) {
        puts("hello 1.0");
        return 0;
    }
    printf("hello, %s\n", who);
    return 0;
}
