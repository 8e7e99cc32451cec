#ifndef _ZL_ALLOCA_H
#define _ZL_ALLOCA_H
/* alloca: memory in the caller's frame, freed when it returns (zl-cc and GCC builtin). */
#include <bits/zl_config.h>
#include <stddef.h>
__ZL_BEGIN
void *alloca(size_t);
#define alloca __builtin_alloca
__ZL_END
#endif
