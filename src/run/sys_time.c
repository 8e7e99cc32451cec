/* Time and resource-usage calls.  timespec/timeval/tms/sysinfo/rusage layouts come from
 * the generated converters (rv128 has 128-bit time_t and long). */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <sys/time.h>
#include <sys/times.h>
#include <time.h>
#include <unistd.h>

#include "run/sys.h"
#include "run/thread.h"
#include "zl_abi.h"

i128 put_timespec(struct task *p, u128 addr, const struct timespec *ts)
{
    u8 g[ZL_MAXSIZE_timespec];
    int e = zl_timespec_h2g(sys_pers(p), ts, g);
    if (e) return e;
    return put_guest(p, addr, g, zl_sizeof(sys_pers(p), ZL_T_timespec));
}

i128 get_timespec(struct task *p, u128 addr, struct timespec *ts)
{
    u8 g[ZL_MAXSIZE_timespec];
    int e = get_guest(p, addr, g, zl_sizeof(sys_pers(p), ZL_T_timespec));
    return e ? e : zl_timespec_g2h(sys_pers(p), g, ts);
}

i128 sys_clock_gettime(struct task *p, const u128 *a)
{
    struct timespec ts;
    if (clock_gettime((clockid_t)a[0], &ts)) return -errno;
    return put_timespec(p, a[1], &ts);
}

i128 sys_clock_getres(struct task *p, const u128 *a)
{
    struct timespec ts;
    if (clock_getres((clockid_t)a[0], &ts)) return -errno;
    return a[1] ? put_timespec(p, a[1], &ts) : 0;
}

i128 sys_gettimeofday(struct task *p, const u128 *a)
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

static i128 sleep_common(struct task *p, clockid_t clk, int flags, u128 req_addr, u128 rem_addr)
{
    struct timespec req, rem;
    i128 e = get_timespec(p, req_addr, &req);
    if (e) return e;
    int r;
    BLOCKING(p, r = clock_nanosleep(clk, flags, &req, &rem));
    if (r == EINTR && rem_addr && !(flags & TIMER_ABSTIME)) {
        e = put_timespec(p, rem_addr, &rem);
        if (e) return e;
    }
    return -r;
}

i128 sys_nanosleep(struct task *p, const u128 *a) { return sleep_common(p, CLOCK_MONOTONIC, 0, a[0], a[1]); }
i128 sys_clock_nanosleep(struct task *p, const u128 *a)
{
    return sleep_common(p, (clockid_t)a[0], (int)a[1], a[2], a[3]);
}

i128 sys_times(struct task *p, const u128 *a)
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

/* rv32 is Linux's compat sysinfo (kernel/sys.c): when the RAM or swap total does not fit
 * in 32 bits, mem_unit is doubled up to the page size and every memory value shifted
 * right as often, so a 32-bit long holds them (a value still too large is truncated). */
static void sysinfo_compat_scale(struct sysinfo *si)
{
    if (!(si->totalram >> 32) && !(si->totalswap >> 32)) return;
    unsigned shift = 0;
    while (si->mem_unit < GUEST_PAGE) {
        si->mem_unit <<= 1;
        shift++;
    }
    unsigned long *v[] = { &si->totalram, &si->freeram, &si->sharedram, &si->bufferram,
                           &si->totalswap, &si->freeswap, &si->totalhigh, &si->freehigh };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) *v[i] = (*v[i] >> shift) & 0xffffffffUL;
}

i128 sys_sysinfo(struct task *p, const u128 *a)
{
    struct sysinfo si;
    if (sysinfo(&si)) return -errno;
    if (p->proc->lay.xlen == 32) sysinfo_compat_scale(&si);
    u8 g[ZL_MAXSIZE_sysinfo];
    memset(g, 0, sizeof g);
    int e = zl_sysinfo_h2g(sys_pers(p), &si, g);
    return e ? e : put_guest(p, a[0], g, zl_sizeof(sys_pers(p), ZL_T_sysinfo));
}

i128 sys_getrusage(struct task *p, const u128 *a)
{
    struct rusage ru;
    if (getrusage((int)a[0], &ru)) return -errno;
    u8 g[ZL_MAXSIZE_rusage];
    int e = zl_rusage_h2g(sys_pers(p), &ru, g);
    return e ? e : put_guest(p, a[1], g, zl_sizeof(sys_pers(p), ZL_T_rusage));
}

/* getitimer/setitimer: the host's interval timers of the zl-run process are the guest's
 * (their signals reach the guest through the host, like any other). */
static i128 put_itimerval(struct task *p, u128 addr, const struct itimerval *v)
{
    u8 g[ZL_MAXSIZE_itimerval];
    int e = zl_itimerval_h2g(sys_pers(p), v, g);
    return e ? e : put_guest(p, addr, g, zl_sizeof(sys_pers(p), ZL_T_itimerval));
}

i128 sys_getitimer(struct task *p, const u128 *a)
{
    struct itimerval v;
    if (getitimer((int)a[0], &v)) return -errno;
    return put_itimerval(p, a[1], &v);
}

i128 sys_setitimer(struct task *p, const u128 *a)
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

/* POSIX timers: the host's timers of the zl-run process (their signals reach the guest
 * like any other, with si_code SI_TIMER).  The sigevent is the personality's; rv128's
 * 128-bit sigev_value crosses the host in 64 bits and signal.c gives the whole value
 * back (signal_timer_value).  A NULL sigevent is Linux's default (SIGALRM, the timer id
 * as the value), which the host applies. */

i128 sys_timer_create(struct task *p, const u128 *a)
{
    int pers = sys_pers(p);
    struct sigevent hs;
    struct zl_sigevent n;
    memset(&hs, 0, sizeof hs);
    memset(&n, 0, sizeof n);
    if (a[1]) {
        u8 g[ZL_MAXSIZE_sigevent];
        int e = get_guest(p, a[1], g, zl_sizeof(pers, ZL_T_sigevent));
        if (!e) e = zl_sigevent_g2n(pers, g, &n, ZL_V_sigevent_tid);
        if (e) return e;
        hs.sigev_value.sival_ptr = (void *)(uintptr_t)(u64)n.sigev_value;
        hs.sigev_signo = n.sigev_signo;
        hs.sigev_notify = n.sigev_notify;
        if (n.sigev_notify & ZL_SIGEV_THREAD_ID) hs._sigev_un._tid = n._sigev_un._tid;
    }
    int id;
    if (syscall(SYS_timer_create, (clockid_t)a[0], a[1] ? &hs : NULL, &id)) return -errno;
    int e = put_guest(p, a[2], &id, 4);
    if (e) {
        syscall(SYS_timer_delete, id);
        return e;
    }
    signal_timer_value(id, a[1] ? n.sigev_value : (u128)(unsigned)id);
    return 0;
}

static i128 put_itimerspec(struct task *p, u128 addr, const struct itimerspec *v)
{
    u8 g[ZL_MAXSIZE_itimerspec];
    int e = zl_itimerspec_h2g(sys_pers(p), v, g);
    return e ? e : put_guest(p, addr, g, zl_sizeof(sys_pers(p), ZL_T_itimerspec));
}

i128 sys_timer_settime(struct task *p, const u128 *a)
{
    struct itimerspec nv, ov;
    u8 g[ZL_MAXSIZE_itimerspec];
    int e = get_guest(p, a[2], g, zl_sizeof(sys_pers(p), ZL_T_itimerspec));
    if (!e) e = zl_itimerspec_g2h(sys_pers(p), g, &nv);
    if (e) return e;
    if (syscall(SYS_timer_settime, (int)a[0], (int)a[1], &nv, a[3] ? &ov : NULL)) return -errno;
    return a[3] ? put_itimerspec(p, a[3], &ov) : 0;
}

i128 sys_timer_gettime(struct task *p, const u128 *a)
{
    struct itimerspec v;
    if (syscall(SYS_timer_gettime, (int)a[0], &v)) return -errno;
    return put_itimerspec(p, a[1], &v);
}

i128 sys_timer_getoverrun(struct task *p, const u128 *a)
{
    (void)p;
    long r = syscall(SYS_timer_getoverrun, (int)a[0]);
    return r < 0 ? -errno : r;
}

i128 sys_timer_delete(struct task *p, const u128 *a)
{
    (void)p;
    return syscall(SYS_timer_delete, (int)a[0]) ? -errno : 0;
}
