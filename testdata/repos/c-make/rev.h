#ifndef REV_H
#define REV_H
/* rev reverses s in place and returns it. */
char *rev(char *s);
#endif
