/* tests/cc minimal runtime: <string.h>. */
#ifndef ZLRT_STRING_H
#define ZLRT_STRING_H
#include "_zlrt.h"

size_t strlen(const char *s);
void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strcpy(char *restrict dst, const char *restrict src);
char *strchr(const char *s, int c);

#endif
