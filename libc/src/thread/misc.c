/* pthread_kill, scheduling queries (zlibc threads run with SCHED_OTHER, priority 0),
 * pthread_getcpuclockid, the concurrency level. */
#include "zl_thread.h"
#include <sched.h>

int pthread_kill(pthread_t t, int sig)
{
    int tid = ZL_LOAD(&t->tid);
    if (sig < 0 || sig > 64)
        return EINVAL;
    if (!tid)
        return ESRCH;
    long r = SYS3(tgkill, SYS0(getpid), tid, sig);
    return zl_is_err(r) ? (int)-r : 0;
}

int pthread_yield(void)
{
    return sched_yield();
}

static int concurrency;
int pthread_getconcurrency(void)
{
    return ZL_LOAD(&concurrency);
}

int pthread_setconcurrency(int n)
{
    if (n < 0)
        return EINVAL;
    ZL_STORE(&concurrency, n);
    return 0;
}

int pthread_getschedparam(pthread_t t, int *restrict policy, struct sched_param *restrict p)
{
    (void)t;
    *policy = SCHED_OTHER;
    p->sched_priority = 0;
    return 0;
}

int pthread_setschedparam(pthread_t t, int policy, const struct sched_param *p)
{
    (void)t;
    if (policy != SCHED_OTHER)
        return ENOTSUP;
    return p->sched_priority == 0 ? 0 : EINVAL;
}

int pthread_setschedprio(pthread_t t, int prio)
{
    (void)t;
    return prio == 0 ? 0 : EINVAL;
}

/* The per-thread CPU-time clock of the kernel: (~tid << 3) | CPUCLOCK_SCHED(2) |
 * CPUCLOCK_PERTHREAD(4), the encoding of Linux's posix-cpu-timers. */
int pthread_getcpuclockid(pthread_t t, clockid_t *c)
{
    int tid = ZL_LOAD(&t->tid);
    if (!tid)
        return ESRCH;
    *c = (clockid_t)(((unsigned)~tid << 3) | 6u);
    return 0;
}

/* A thread's CPU affinity: sched_*affinity on its tid, the error returned (errno kept). */
int pthread_getaffinity_np(pthread_t t, size_t size, cpu_set_t *set)
{
    int tid = ZL_LOAD(&t->tid), e = errno, r;
    if (!tid)
        return ESRCH;
    r = sched_getaffinity(tid, size, set) < 0 ? errno : 0;
    errno = e;
    return r;
}

int pthread_setaffinity_np(pthread_t t, size_t size, const cpu_set_t *set)
{
    int tid = ZL_LOAD(&t->tid), e = errno, r;
    if (!tid)
        return ESRCH;
    r = sched_setaffinity(tid, size, set) < 0 ? errno : 0;
    errno = e;
    return r;
}
