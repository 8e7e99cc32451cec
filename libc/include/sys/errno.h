#ifndef _ZL_SYS_ERRNO_H
#define _ZL_SYS_ERRNO_H
/* Another name for <errno.h>, as in glibc and musl. */
#include <errno.h>
#endif
