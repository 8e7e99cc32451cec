#ifndef _ZL_SYS_SYSLOG_H
#define _ZL_SYS_SYSLOG_H
/* Another name for <syslog.h>, as in glibc and musl. */
#include <syslog.h>
#endif
