#ifndef _ZL_MEMORY_H
#define _ZL_MEMORY_H
/* Another name for <string.h>, as in glibc and musl. */
#include <string.h>
#endif
