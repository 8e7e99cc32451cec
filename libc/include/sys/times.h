#ifndef _ZL_SYS_TIMES_H
#define _ZL_SYS_TIMES_H
#include <bits/zl_config.h>
#include <bits/types.h>
__ZL_BEGIN
struct tms {
    clock_t tms_utime;
    clock_t tms_stime;
    clock_t tms_cutime;
    clock_t tms_cstime;
};
clock_t times(struct tms *);
__ZL_END
#endif
