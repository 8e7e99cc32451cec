#ifndef _ZL_WAIT_H
#define _ZL_WAIT_H
/* Another name for <sys/wait.h>, as in glibc and musl. */
#include <sys/wait.h>
#endif
