/* tests/cc minimal runtime: <stdlib.h>. */
#ifndef ZLRT_STDLIB_H
#define ZLRT_STDLIB_H
#include "_zlrt.h"

#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1

ZLRT_NORETURN void abort(void);
ZLRT_NORETURN void exit(int status);
ZLRT_NORETURN void _Exit(int status);
int abs(int x);
long labs(long x);
long long llabs(long long x);
int atoi(const char *s);
/* A bump allocator over a static arena; free() only releases the last block. */
void *malloc(size_t n);
void *calloc(size_t n, size_t size);
void free(void *p);

#endif
