#ifndef _ZL_SYS_TIMEB_H
#define _ZL_SYS_TIMEB_H
#include <bits/zl_config.h>
#include <bits/types.h>
__ZL_BEGIN
struct timeb {
    time_t time;
    unsigned short millitm;
    short timezone;
    short dstflag;
};
int ftime(struct timeb *);
__ZL_END
#endif
