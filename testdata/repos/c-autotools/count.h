#ifndef COUNT_H
#define COUNT_H
/* count_words returns the number of whitespace-separated words in s. */
int count_words(const char *s);
#endif
