#ifndef _ZL_SYS_POLL_H
#define _ZL_SYS_POLL_H
/* Another name for <poll.h>, as in glibc and musl. */
#include <poll.h>
#endif
