#ifndef _ZL_TIME_H
#define _ZL_TIME_H
#include <bits/zl_config.h>
#include <stddef.h>
#include <bits/types.h>
#include <bits/timespec.h>
#include <bits/abi_clock.h>
#include <bits/abi_timer.h>
__ZL_BEGIN
#define CLOCKS_PER_SEC 1000000L
#define TIME_UTC 1
struct tm {
    int tm_sec, tm_min, tm_hour, tm_mday, tm_mon, tm_year, tm_wday, tm_yday, tm_isdst;
    long tm_gmtoff;
    const char *tm_zone;
};
struct itimerspec {
    struct timespec it_interval;
    struct timespec it_value;
};
extern char *tzname[2];
extern long timezone;
extern int daylight;
time_t time(time_t *);
clock_t clock(void);
double difftime(time_t, time_t);
time_t mktime(struct tm *);
time_t timegm(struct tm *);
struct tm *gmtime(const time_t *);
struct tm *gmtime_r(const time_t *restrict, struct tm *restrict);
struct tm *localtime(const time_t *);
struct tm *localtime_r(const time_t *restrict, struct tm *restrict);
char *asctime(const struct tm *);
char *asctime_r(const struct tm *restrict, char *restrict);
char *ctime(const time_t *);
char *ctime_r(const time_t *, char *);
size_t strftime(char *restrict, size_t, const char *restrict, const struct tm *restrict);
char *strptime(const char *restrict, const char *restrict, struct tm *restrict);
int clock_gettime(clockid_t, struct timespec *);
int clock_settime(clockid_t, const struct timespec *);
int clock_getres(clockid_t, struct timespec *);
int clock_getcpuclockid(pid_t, clockid_t *);
int clock_nanosleep(clockid_t, int, const struct timespec *, struct timespec *);
int nanosleep(const struct timespec *, struct timespec *);
int timespec_get(struct timespec *, int);
void tzset(void);
__ZL_END
#endif
