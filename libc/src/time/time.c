/* Clocks and sleeping.  rv32 uses the time64 calls with the kernel's 16-byte timespec. */
#include "zl_thread.h"
#include <time.h>
#include <sys/time.h>
#include <unistd.h>

#if ZL_UAPI_XLEN != 32
_Static_assert(sizeof(struct timespec) == sizeof(struct k_timespec), "struct timespec");
_Static_assert(offsetof(struct timespec, tv_nsec) == offsetof(struct k_timespec, tv_nsec), "tv_nsec");
#define KTS(p) (p)
#else
/* struct timespec has the kernel's size on rv32 too, but its padding half of tv_nsec may
 * hold garbage: copy. */
static struct k_timespec *kts(struct k_timespec *k, const struct timespec *t)
{
    if (!t)
        return NULL;
    k->tv_sec = t->tv_sec;
    k->tv_nsec = t->tv_nsec;
    return k;
}
#endif

int clock_gettime(clockid_t c, struct timespec *ts)
{
#if ZL_UAPI_XLEN == 32
    struct k_timespec k;
    long r = SYS2(clock_gettime64, c, &k);
    if (!zl_is_err(r)) {
        ts->tv_sec = k.tv_sec;
        ts->tv_nsec = (long)k.tv_nsec;
        ts->__tv_nsec_pad = 0;
    }
    return (int)zl_ret(r);
#else
    return (int)zl_ret(SYS2(clock_gettime, c, ts));
#endif
}

/* A process's CPU-time clock: (~pid << 3) | CPUCLOCK_SCHED (2), Linux's encoding; ESRCH
 * (returned) when the kernel does not know the process. */
int clock_getcpuclockid(pid_t pid, clockid_t *c)
{
    clockid_t id = (clockid_t)(((unsigned)~pid << 3) | 2u);
    int e = errno, r = clock_getres(id, NULL) < 0 ? errno : 0;
    errno = e;
    if (r)
        return r == EINVAL ? ESRCH : r;
    *c = id;
    return 0;
}

int clock_getres(clockid_t c, struct timespec *ts)
{
#if ZL_UAPI_XLEN == 32
    struct k_timespec k;
    long r = SYS2(clock_getres_time64, c, &k);
    if (!zl_is_err(r) && ts) {
        ts->tv_sec = k.tv_sec;
        ts->tv_nsec = (long)k.tv_nsec;
    }
    return (int)zl_ret(r);
#else
    return (int)zl_ret(SYS2(clock_getres, c, ts));
#endif
}

int clock_settime(clockid_t c, const struct timespec *ts)
{
#if ZL_UAPI_XLEN == 32
    struct k_timespec k;
    return (int)zl_ret(SYS2(clock_settime64, c, kts(&k, ts)));
#else
    return (int)zl_ret(SYS2(clock_settime, c, ts));
#endif
}

/* A cancellation point, and so are nanosleep, sleep and usleep, which call it. */
int clock_nanosleep(clockid_t c, int flags, const struct timespec *req, struct timespec *rem)
{
    long r;
    __zl_cp_begin(NULL, NULL);
#if ZL_UAPI_XLEN == 32
    struct k_timespec k, kr;
    r = SYS4(clock_nanosleep_time64, c, flags, kts(&k, req), rem ? &kr : NULL);
    if (r == -EINTR && rem) {
        rem->tv_sec = kr.tv_sec;
        rem->tv_nsec = (long)kr.tv_nsec;
    }
#else
    r = SYS4(clock_nanosleep, c, flags, req, rem);
#endif
    __zl_cp_end();
    return zl_is_err(r) ? (int)-r : 0;
}

int nanosleep(const struct timespec *req, struct timespec *rem)
{
    int e = clock_nanosleep(CLOCK_REALTIME, 0, req, rem);
    if (e) {
        errno = e;
        return -1;
    }
    return 0;
}

unsigned sleep(unsigned s)
{
    struct timespec t = { .tv_sec = s }, rem = { 0 };
    if (nanosleep(&t, &rem) < 0)
        return (unsigned)rem.tv_sec + (rem.tv_nsec > 0);
    return 0;
}

int usleep(useconds_t us)
{
    struct timespec t = { .tv_sec = us / 1000000, .tv_nsec = (long)(us % 1000000) * 1000 };
    return nanosleep(&t, NULL);
}

time_t time(time_t *t)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    if (t)
        *t = ts.tv_sec;
    return ts.tv_sec;
}

int gettimeofday(struct timeval *restrict tv, void *restrict tz)
{
    (void)tz;
    struct timespec ts;
    if (tv) {
        clock_gettime(CLOCK_REALTIME, &ts);
        tv->tv_sec = ts.tv_sec;
        tv->tv_usec = ts.tv_nsec / 1000;
    }
    return 0;
}

/* The kernel's itimerval holds kernel longs (32 bits at rv32): seconds beyond that are
 * clamped (the timer then fires after 68 years instead of later), microseconds outside
 * [0, 10^6) are EINVAL before any conversion could make them valid. */
static void itv_from_k(struct itimerval *u, const struct k_itimerval *k)
{
    u->it_interval.tv_sec = k->it_interval.tv_sec;
    u->it_interval.tv_usec = k->it_interval.tv_usec;
    u->it_value.tv_sec = k->it_value.tv_sec;
    u->it_value.tv_usec = k->it_value.tv_usec;
}

static int tv_to_k(struct k_timeval *k, const struct timeval *u)
{
    if (u->tv_usec < 0 || u->tv_usec >= 1000000 || u->tv_sec < 0) {
        errno = EINVAL;
        return -1;
    }
    time_t max = (time_t)(((zl_ulong)1 << (8 * sizeof k->tv_sec - 1)) - 1);
    k->tv_sec = u->tv_sec > max ? max : u->tv_sec;
    k->tv_usec = u->tv_usec;
    return 0;
}

int getitimer(int which, struct itimerval *v)
{
    struct k_itimerval k;
    if (zl_ret(SYS2(getitimer, which, &k)) < 0)
        return -1;
    itv_from_k(v, &k);
    return 0;
}

int setitimer(int which, const struct itimerval *restrict v, struct itimerval *restrict old)
{
    struct k_itimerval k, ko;
    if (tv_to_k(&k.it_interval, &v->it_interval) < 0 || tv_to_k(&k.it_value, &v->it_value) < 0)
        return -1;
    if (zl_ret(SYS3(setitimer, which, &k, old ? &ko : NULL)) < 0)
        return -1;
    if (old)
        itv_from_k(old, &ko);
    return 0;
}

/* Obsolete: a one-shot (or, with interval, periodic) SIGALRM in microseconds; returns
 * what was left of the previous one. */
useconds_t ualarm(useconds_t value, useconds_t interval)
{
    struct itimerval it = { { interval / 1000000, interval % 1000000 }, { value / 1000000, value % 1000000 } }, old;
    if (setitimer(ITIMER_REAL, &it, &old) < 0)
        return (useconds_t)-1;
    return (useconds_t)(old.it_value.tv_sec * 1000000 + old.it_value.tv_usec);
}

/* Sets CLOCK_REALTIME; the time zone argument is obsolete and ignored. */
int settimeofday(const struct timeval *tv, const void *tz)
{
    (void)tz;
    if (!tv)
        return 0;
    if (tv->tv_usec < 0 || tv->tv_usec >= 1000000) {
        errno = EINVAL;
        return -1;
    }
    struct timespec ts = { .tv_sec = tv->tv_sec, .tv_nsec = (long)tv->tv_usec * 1000 };
    return clock_settime(CLOCK_REALTIME, &ts);
}

int timespec_get(struct timespec *ts, int base)
{
    if (base != TIME_UTC || clock_gettime(CLOCK_REALTIME, ts) < 0)
        return 0;
    return base;
}

clock_t clock(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) < 0)
        return (clock_t)-1;
    return (clock_t)(ts.tv_sec * 1000000 + ts.tv_nsec / 1000);
}

double difftime(time_t a, time_t b)
{
    return (double)(a - b);
}
