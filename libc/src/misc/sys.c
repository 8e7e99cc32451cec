/* uname, resource limits and usage, process times, priorities, scheduling, select, syslog
 * (to standard error). */
#include "zl_thread.h"
#include <sys/utsname.h>
#include <sys/resource.h>
#include <sys/times.h>
#include <sched.h>
#include <sys/select.h>
#include <syslog.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <limits.h>

_Static_assert(sizeof(struct utsname) == sizeof(struct k_utsname), "utsname");

int uname(struct utsname *u)
{
    return (int)zl_ret(SYS1(uname, u));
}

/* prlimit64 everywhere: its struct is two u64 at every XLEN; RLIM64_INFINITY maps to
 * RLIM_INFINITY (all ones in rlim_t) and values >= 2^64 are passed as infinity
 * (docs/abi.md 6.3). */
int prlimit(pid_t pid, int res, const struct rlimit *new, struct rlimit *old)
{
    struct k_rlimit64 kn, ko;
    if (new) {
        kn.rlim_cur = new->rlim_cur >= (rlim_t)~(u64)0 ? ~(u64)0 : (u64)new->rlim_cur;
        kn.rlim_max = new->rlim_max >= (rlim_t)~(u64)0 ? ~(u64)0 : (u64)new->rlim_max;
    }
    if (zl_ret(SYS4(prlimit64, pid, res, new ? &kn : NULL, old ? &ko : NULL)) < 0)
        return -1;
    if (old) {
        old->rlim_cur = ko.rlim_cur == ~(u64)0 ? RLIM_INFINITY : (rlim_t)ko.rlim_cur;
        old->rlim_max = ko.rlim_max == ~(u64)0 ? RLIM_INFINITY : (rlim_t)ko.rlim_max;
    }
    return 0;
}

int getrlimit(int res, struct rlimit *r) { return prlimit(0, res, NULL, r); }
int setrlimit(int res, const struct rlimit *r) { return prlimit(0, res, r, NULL); }

/* BSD: the descriptor limit, RLIMIT_NOFILE's soft value (INT_MAX when larger). */
int getdtablesize(void)
{
    struct rlimit r;
    if (getrlimit(RLIMIT_NOFILE, &r) < 0 || r.rlim_cur > INT_MAX)
        return INT_MAX;
    return (int)r.rlim_cur;
}

/* The kernel's rusage and tms have kernel longs and (rv32) a 32-bit timeval: converted
 * member by member. */
void __zl_rusage_from_k(struct rusage *ru, const struct k_rusage *k)
{
    ru->ru_utime.tv_sec = k->ru_utime.tv_sec;
    ru->ru_utime.tv_usec = k->ru_utime.tv_usec;
    ru->ru_stime.tv_sec = k->ru_stime.tv_sec;
    ru->ru_stime.tv_usec = k->ru_stime.tv_usec;
    ru->ru_maxrss = (long)k->ru_maxrss;
    ru->ru_ixrss = (long)k->ru_ixrss;
    ru->ru_idrss = (long)k->ru_idrss;
    ru->ru_isrss = (long)k->ru_isrss;
    ru->ru_minflt = (long)k->ru_minflt;
    ru->ru_majflt = (long)k->ru_majflt;
    ru->ru_nswap = (long)k->ru_nswap;
    ru->ru_inblock = (long)k->ru_inblock;
    ru->ru_oublock = (long)k->ru_oublock;
    ru->ru_msgsnd = (long)k->ru_msgsnd;
    ru->ru_msgrcv = (long)k->ru_msgrcv;
    ru->ru_nsignals = (long)k->ru_nsignals;
    ru->ru_nvcsw = (long)k->ru_nvcsw;
    ru->ru_nivcsw = (long)k->ru_nivcsw;
}

int getrusage(int who, struct rusage *ru)
{
    struct k_rusage k;
    if (zl_ret(SYS2(getrusage, who, &k)) < 0)
        return -1;
    __zl_rusage_from_k(ru, &k);
    return 0;
}

clock_t times(struct tms *t)
{
    struct k_tms k;
    long r = SYS1(times, &k);
    if (zl_is_err(r))
        return (clock_t)zl_ret(r);
    if (t) {
        t->tms_utime = (clock_t)k.tms_utime;
        t->tms_stime = (clock_t)k.tms_stime;
        t->tms_cutime = (clock_t)k.tms_cutime;
        t->tms_cstime = (clock_t)k.tms_cstime;
    }
    return (clock_t)r;
}

int sched_yield(void) { return (int)zl_ret(SYS0(sched_yield)); }
int sched_get_priority_max(int policy) { return (int)zl_ret(SYS1(sched_get_priority_max, policy)); }
int sched_get_priority_min(int policy) { return (int)zl_ret(SYS1(sched_get_priority_min, policy)); }
/* struct sched_param is the kernel's (one int). */
int sched_getparam(pid_t pid, struct sched_param *p) { return (int)zl_ret(SYS2(sched_getparam, pid, p)); }
int sched_setparam(pid_t pid, const struct sched_param *p) { return (int)zl_ret(SYS2(sched_setparam, pid, p)); }
int sched_getscheduler(pid_t pid) { return (int)zl_ret(SYS1(sched_getscheduler, pid)); }
int sched_setscheduler(pid_t pid, int policy, const struct sched_param *p)
{
    return (int)zl_ret(SYS3(sched_setscheduler, pid, policy, p));
}

int sched_rr_get_interval(pid_t pid, struct timespec *ts)
{
#if ZL_UAPI_XLEN == 32
    struct k_timespec k;
    if (zl_ret(SYS2(sched_rr_get_interval_time64, pid, &k)) < 0)
        return -1;
    ts->tv_sec = k.tv_sec;
    ts->tv_nsec = (long)k.tv_nsec;
    return 0;
#else
    return (int)zl_ret(SYS2(sched_rr_get_interval, pid, ts));
#endif
}

/* The kernel answers the bytes of mask it wrote; the rest of the caller's set is zeroed. */
int sched_getaffinity(pid_t pid, size_t size, cpu_set_t *set)
{
    long r = SYS3(sched_getaffinity, pid, size, set);
    if (zl_ret(r) < 0)
        return -1;
    if ((size_t)r < size)
        memset((char *)set + r, 0, size - (size_t)r);
    return 0;
}

int sched_setaffinity(pid_t pid, size_t size, const cpu_set_t *set)
{
    return (int)zl_ret(SYS3(sched_setaffinity, pid, size, set));
}

int __sched_cpucount(size_t size, const cpu_set_t *set)
{
    const unsigned char *p = (const unsigned char *)set;
    int n = 0;
    for (size_t i = 0; i < size; i++)
        for (unsigned b = p[i]; b; b &= b - 1)
            n++;
    return n;
}

int getpriority(int which, id_t who)
{
    long r = SYS2(getpriority, which, who);
    if (zl_is_err(r))
        return (int)zl_ret(r);
    return 20 - (int)r;
}

int setpriority(int which, id_t who, int prio)
{
    return (int)zl_ret(SYS3(setpriority, which, who, prio));
}

static int pselect_u(int n, fd_set *restrict r, fd_set *restrict w, fd_set *restrict e,
                     const struct timespec *restrict ts, const sigset_t *restrict mask)
{
    /* argument 6 points at { mask, its size }: the kernel reads 8 bytes of the mask */
    struct k_pselect6_sig sig;
    memset(&sig, 0, sizeof sig);
    ZL_PUT_PTR(sig.ss, mask);
    sig.ss_len = 8;
#if ZL_UAPI_XLEN == 32
    struct k_timespec kt;
    if (ts)
        kt.tv_sec = ts->tv_sec, kt.tv_nsec = ts->tv_nsec;
    return (int)zl_ret(SYS6(pselect6_time64, n, r, w, e, ts ? &kt : NULL, mask ? &sig : NULL));
#else
    return (int)zl_ret(SYS6(pselect6, n, r, w, e, ts, mask ? &sig : NULL));
#endif
}

/* Cancellation points (docs/libc.md "Threads"). */
int pselect(int n, fd_set *restrict r, fd_set *restrict w, fd_set *restrict e,
            const struct timespec *restrict ts, const sigset_t *restrict mask)
{
    __zl_cp_begin(NULL, NULL);
    int res = pselect_u(n, r, w, e, ts, mask);
    __zl_cp_end();
    return res;
}

int select(int n, fd_set *restrict r, fd_set *restrict w, fd_set *restrict e, struct timeval *restrict tv)
{
    struct timespec ts;
    if (tv) {
        ts.tv_sec = tv->tv_sec;
        ts.tv_nsec = (long)tv->tv_usec * 1000;
    }
    return pselect(n, r, w, e, tv ? &ts : NULL, NULL);
}

static const char *log_ident;
static int log_opt, log_mask = 0xff;

void openlog(const char *ident, int opt, int facility)
{
    (void)facility;
    log_ident = ident;
    log_opt = opt;
}

void closelog(void)
{
    log_ident = NULL;
}

int setlogmask(int m)
{
    int old = log_mask;
    if (m)
        log_mask = m;
    return old;
}

void vsyslog(int prio, const char *fmt, va_list ap)
{
    if (!(log_mask & LOG_MASK(prio & 7)))
        return;
    char buf[1024];
    const char *id = log_ident ? log_ident : program_invocation_short_name ? program_invocation_short_name : "";
    int n = (log_opt & LOG_PID) ? snprintf(buf, sizeof buf, "%s[%d]: ", id, getpid())
                                : snprintf(buf, sizeof buf, "%s: ", id);
    if (n < 0 || (size_t)n >= sizeof buf)
        n = 0;
    va_list c;
    va_copy(c, ap);
    vsnprintf(buf + n, sizeof buf - (size_t)n, fmt, c);
    va_end(c);
    size_t l = strlen(buf);
    if (l && buf[l - 1] != '\n' && l + 1 < sizeof buf) {
        buf[l++] = '\n';
        buf[l] = 0;
    }
    (void)write(2, buf, l);
}

void syslog(int prio, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsyslog(prio, fmt, ap);
    va_end(ap);
}
