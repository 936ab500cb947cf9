#ifndef WC1_H
#define WC1_H
/* words counts the space-separated words of s. */
int words(const char *s);
#endif
