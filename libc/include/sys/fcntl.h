#ifndef _ZL_SYS_FCNTL_H
#define _ZL_SYS_FCNTL_H
/* Another name for <fcntl.h>, as in glibc and musl. */
#include <fcntl.h>
#endif
