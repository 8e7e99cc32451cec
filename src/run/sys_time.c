/* Time and resource-usage calls.  timespec/timeval/tms/sysinfo/rusage layouts come from
 * the generated converters (rv128 has 128-bit time_t and long). */
#include <errno.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/sysinfo.h>
#include <sys/time.h>
#include <sys/times.h>
#include <time.h>

#include "run/sys.h"
#include "zl_abi.h"

static i128 put_timespec(struct proc *p, u128 addr, const struct timespec *ts)
{
    u8 g[ZL_MAXSIZE_timespec];
    int e = zl_timespec_h2g(sys_pers(p), ts, g);
    if (e) return e;
    return put_guest(p, addr, g, zl_sizeof(sys_pers(p), ZL_T_timespec));
}

static i128 get_timespec(struct proc *p, u128 addr, struct timespec *ts)
{
    u8 g[ZL_MAXSIZE_timespec];
    int e = get_guest(p, addr, g, zl_sizeof(sys_pers(p), ZL_T_timespec));
    return e ? e : zl_timespec_g2h(sys_pers(p), g, ts);
}

i128 sys_clock_gettime(struct proc *p, const u128 *a)
{
    struct timespec ts;
    if (clock_gettime((clockid_t)a[0], &ts)) return -errno;
    return put_timespec(p, a[1], &ts);
}

i128 sys_clock_getres(struct proc *p, const u128 *a)
{
    struct timespec ts;
    if (clock_getres((clockid_t)a[0], &ts)) return -errno;
    return a[1] ? put_timespec(p, a[1], &ts) : 0;
}

i128 sys_gettimeofday(struct proc *p, const u128 *a)
{
    struct timeval tv;
    if (gettimeofday(&tv, NULL)) return -errno;
    if (a[0]) {
        u8 g[ZL_MAXSIZE_timeval];
        int e = zl_timeval_h2g(sys_pers(p), &tv, g);
        if (!e) e = put_guest(p, a[0], g, zl_sizeof(sys_pers(p), ZL_T_timeval));
        if (e) return e;
    }
    if (a[1]) {
        static const int tz[2];          /* Linux's sys_tz is normally all zero */
        return put_guest(p, a[1], tz, sizeof tz);
    }
    return 0;
}

static i128 sleep_common(struct proc *p, clockid_t clk, int flags, u128 req_addr, u128 rem_addr)
{
    struct timespec req, rem;
    i128 e = get_timespec(p, req_addr, &req);
    if (e) return e;
    int r = clock_nanosleep(clk, flags, &req, &rem);
    if (r == EINTR && rem_addr && !(flags & TIMER_ABSTIME)) {
        e = put_timespec(p, rem_addr, &rem);
        if (e) return e;
    }
    return -r;
}

i128 sys_nanosleep(struct proc *p, const u128 *a) { return sleep_common(p, CLOCK_MONOTONIC, 0, a[0], a[1]); }
i128 sys_clock_nanosleep(struct proc *p, const u128 *a)
{
    return sleep_common(p, (clockid_t)a[0], (int)a[1], a[2], a[3]);
}

i128 sys_times(struct proc *p, const u128 *a)
{
    struct tms t;
    clock_t c = times(&t);
    if (c == (clock_t)-1) return -errno;
    if (a[0]) {
        u8 g[ZL_MAXSIZE_tms];
        int e = zl_tms_h2g(sys_pers(p), &t, g);
        if (!e) e = put_guest(p, a[0], g, zl_sizeof(sys_pers(p), ZL_T_tms));
        if (e) return e;
    }
    return (i128)c;
}

i128 sys_sysinfo(struct proc *p, const u128 *a)
{
    struct sysinfo si;
    if (sysinfo(&si)) return -errno;
    u8 g[ZL_MAXSIZE_sysinfo];
    memset(g, 0, sizeof g);
    int e = zl_sysinfo_h2g(sys_pers(p), &si, g);
    return e ? e : put_guest(p, a[0], g, zl_sizeof(sys_pers(p), ZL_T_sysinfo));
}

i128 sys_getrusage(struct proc *p, const u128 *a)
{
    struct rusage ru;
    if (getrusage((int)a[0], &ru)) return -errno;
    u8 g[ZL_MAXSIZE_rusage];
    int e = zl_rusage_h2g(sys_pers(p), &ru, g);
    return e ? e : put_guest(p, a[1], g, zl_sizeof(sys_pers(p), ZL_T_rusage));
}

/* getitimer/setitimer: the host's interval timers of the zl-run process are the guest's
 * (their signals reach the guest through the host, like any other). */
static i128 put_itimerval(struct proc *p, u128 addr, const struct itimerval *v)
{
    u8 g[ZL_MAXSIZE_itimerval];
    int e = zl_itimerval_h2g(sys_pers(p), v, g);
    return e ? e : put_guest(p, addr, g, zl_sizeof(sys_pers(p), ZL_T_itimerval));
}

i128 sys_getitimer(struct proc *p, const u128 *a)
{
    struct itimerval v;
    if (getitimer((int)a[0], &v)) return -errno;
    return put_itimerval(p, a[1], &v);
}

i128 sys_setitimer(struct proc *p, const u128 *a)
{
    struct itimerval nv, ov;
    u8 g[ZL_MAXSIZE_itimerval];
    if (a[1]) {
        int e = get_guest(p, a[1], g, zl_sizeof(sys_pers(p), ZL_T_itimerval));
        if (!e) e = zl_itimerval_g2h(sys_pers(p), g, &nv);
        if (e) return e;
    } else {
        memset(&nv, 0, sizeof nv);      /* Linux: a NULL new value disarms the timer */
    }
    if (setitimer((int)a[0], &nv, &ov)) return -errno;
    return a[2] ? put_itimerval(p, a[2], &ov) : 0;
}
