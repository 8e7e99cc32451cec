#ifndef _ZL_SYS_TIME_H
#define _ZL_SYS_TIME_H
#include <bits/zl_config.h>
#include <bits/types.h>
#include <bits/timespec.h>
#include <bits/abi_itimer.h>
__ZL_BEGIN
struct timezone {
    int tz_minuteswest;
    int tz_dsttime;
};
struct itimerval {
    struct timeval it_interval;
    struct timeval it_value;
};
int gettimeofday(struct timeval *restrict, void *restrict);
int settimeofday(const struct timeval *, const void *);
int getitimer(int, struct itimerval *);
int setitimer(int, const struct itimerval *restrict, struct itimerval *restrict);
int utimes(const char *, const struct timeval [2]);
int futimes(int, const struct timeval [2]);
int lutimes(const char *, const struct timeval [2]);
#define timerisset(t) ((t)->tv_sec || (t)->tv_usec)
#define timerclear(t) ((t)->tv_sec = (t)->tv_usec = 0)
__ZL_END
#endif
