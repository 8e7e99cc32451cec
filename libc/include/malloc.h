/* zlibc <malloc.h>: the allocation functions, as glibc and musl declare them here too. */
#ifndef _ZL_MALLOC_H
#define _ZL_MALLOC_H
#include <bits/zl_config.h>
#include <bits/types.h>
__ZL_BEGIN
void *malloc(size_t);
void *calloc(size_t, size_t);
void *realloc(void *, size_t);
void free(void *);
void *memalign(size_t, size_t);
void *valloc(size_t);
size_t malloc_usable_size(void *);
__ZL_END
#endif
