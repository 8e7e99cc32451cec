#ifndef _ZL_SYS_SIGNAL_H
#define _ZL_SYS_SIGNAL_H
/* Another name for <signal.h>, as in glibc and musl. */
#include <signal.h>
#endif
