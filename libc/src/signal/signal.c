/* Signals: the libc structures keep their POSIX shape and are copied into the kernel
 * layouts (struct k_sigaction, k_stack_t: __ptr_t slots on rv128, docs/abi.md 5.4, 7.2). */
#include "zl_thread.h"
#include <signal.h>
#include <string.h>
#include <setjmp.h>
#include <stdio.h>
#include <unistd.h>

_Static_assert(sizeof(siginfo_t) == sizeof(struct k_siginfo), "siginfo_t size");
_Static_assert(offsetof(siginfo_t, si_value) == offsetof(struct k_siginfo, _sifields._rt._sigval), "si_value");
_Static_assert(offsetof(siginfo_t, si_addr) == offsetof(struct k_siginfo, _sifields._sigfault._addr), "si_addr");
_Static_assert(offsetof(siginfo_t, si_status) == offsetof(struct k_siginfo, _sifields._sigchld._status), "si_status");
_Static_assert(offsetof(siginfo_t, si_utime) == offsetof(struct k_siginfo, _sifields._sigchld._utime), "si_utime");
_Static_assert(offsetof(siginfo_t, si_fd) == offsetof(struct k_siginfo, _sifields._sigpoll._fd), "si_fd");
#if ZL_UAPI_XLEN == 128
_Static_assert(sizeof(stack_t) == sizeof(struct k_stack_t), "stack_t");
_Static_assert(offsetof(stack_t, ss_size) == offsetof(struct k_stack_t, ss_size), "ss_size");
#endif

#define KSET_SIZE 8

static unsigned long long kset(const sigset_t *s)
{
    unsigned long long k = 0;
    memcpy(&k, s, sizeof k);
    return k;
}

int sigemptyset(sigset_t *s) { memset(s, 0, sizeof *s); return 0; }
int sigfillset(sigset_t *s)
{
    memset(s, 0, sizeof *s);
    unsigned long long all = ~0ull;
    memcpy(s, &all, sizeof all);
    return 0;
}
static int badsig(int n)
{
    if (n < 1 || n > 64) {
        errno = EINVAL;
        return 1;
    }
    return 0;
}
int sigaddset(sigset_t *s, int n)
{
    if (badsig(n))
        return -1;
    ((unsigned char *)s)[(n - 1) / 8] |= (unsigned char)(1u << ((n - 1) % 8));
    return 0;
}
int sigdelset(sigset_t *s, int n)
{
    if (badsig(n))
        return -1;
    ((unsigned char *)s)[(n - 1) / 8] &= (unsigned char)~(1u << ((n - 1) % 8));
    return 0;
}
int sigismember(const sigset_t *s, int n)
{
    if (badsig(n))
        return -1;
    return ((const unsigned char *)s)[(n - 1) / 8] >> ((n - 1) % 8) & 1;
}

/* GNU set operations on whole sets. */
int sigisemptyset(const sigset_t *s)
{
    for (size_t i = 0; i < sizeof s->__bits / sizeof s->__bits[0]; i++)
        if (s->__bits[i])
            return 0;
    return 1;
}

int sigandset(sigset_t *d, const sigset_t *a, const sigset_t *b)
{
    for (size_t i = 0; i < sizeof d->__bits / sizeof d->__bits[0]; i++)
        d->__bits[i] = a->__bits[i] & b->__bits[i];
    return 0;
}

int sigorset(sigset_t *d, const sigset_t *a, const sigset_t *b)
{
    for (size_t i = 0; i < sizeof d->__bits / sizeof d->__bits[0]; i++)
        d->__bits[i] = a->__bits[i] | b->__bits[i];
    return 0;
}

/* The functions glibc's and musl's SIGRTMIN/SIGRTMAX call: the fixed values of <signal.h>. */
int __libc_current_sigrtmin(void) { return SIGRTMIN; }
int __libc_current_sigrtmax(void) { return SIGRTMAX; }

int sigaction(int sig, const struct sigaction *restrict sa, struct sigaction *restrict old)
{
    struct k_sigaction k, ko;
    memset(&k, 0, sizeof k);
    memset(&ko, 0, sizeof ko);
    if (sa) {
        ZL_PUT_PTR(k.handler, (void *)(unsigned long)sa->sa_handler);
        k.flags = (unsigned)sa->sa_flags;
        unsigned long long m = kset(&sa->sa_mask);
        memcpy(&k.mask, &m, KSET_SIZE);
    }
    long r = SYS4(rt_sigaction, sig, sa ? &k : NULL, old ? &ko : NULL, KSET_SIZE);
    if (zl_is_err(r))
        return (int)zl_ret(r);
    if (old) {
        memset(old, 0, sizeof *old);
        old->sa_handler = (void (*)(int))(unsigned long)ZL_GET_PTR(ko.handler);
        old->sa_flags = (int)ko.flags;
        memcpy(&old->sa_mask, &ko.mask, KSET_SIZE);
    }
    return 0;
}

void (*signal(int sig, void (*h)(int)))(int)
{
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = h;
    sa.sa_flags = SA_RESTART;
    if (sigaction(sig, &sa, &old) < 0)
        return SIG_ERR;
    return old.sa_handler;
}

/* ZL_SIGCANCEL (pthread_cancel's signal) is never blocked by these calls. */
int sigprocmask(int how, const sigset_t *restrict set, sigset_t *restrict old)
{
    unsigned long long k = set ? kset(set) : 0, ko = 0;
    if (how != SIG_UNBLOCK)
        k &= ~(1ull << (ZL_SIGCANCEL - 1));
    long r = SYS4(rt_sigprocmask, how, set ? &k : NULL, old ? &ko : NULL, KSET_SIZE);
    if (zl_is_err(r))
        return (int)zl_ret(r);
    if (old) {
        memset(old, 0, sizeof *old);
        memcpy(old, &ko, sizeof ko);
    }
    return 0;
}

int pthread_sigmask(int how, const sigset_t *restrict set, sigset_t *restrict old)
{
    int e = errno;
    int r = sigprocmask(how, set, old) < 0 ? errno : 0;
    errno = e;
    return r;
}

int sigpending(sigset_t *s)
{
    unsigned long long k = 0;
    long r = SYS2(rt_sigpending, &k, KSET_SIZE);
    if (zl_is_err(r))
        return (int)zl_ret(r);
    memset(s, 0, sizeof *s);
    memcpy(s, &k, sizeof k);
    return 0;
}

static int sigsuspend_u(const sigset_t *s);
/* A cancellation point (docs/libc.md "Threads"). */
int sigsuspend(const sigset_t *s)
{
    __zl_cp_begin(NULL, NULL);
    int res = sigsuspend_u(s);
    __zl_cp_end();
    return res;
}

static int sigsuspend_u(const sigset_t *s)
{
    unsigned long long k = kset(s);
    return (int)zl_ret(SYS2(rt_sigsuspend, &k, KSET_SIZE));
}

int sigaltstack(const stack_t *restrict ss, stack_t *restrict old)
{
    struct k_stack_t k, ko;
    memset(&k, 0, sizeof k);
    memset(&ko, 0, sizeof ko);
    if (ss) {
        ZL_PUT_PTR(k.ss_sp, ss->ss_sp);
        k.ss_flags = ss->ss_flags;
        k.ss_size = ss->ss_size;
    }
    long r = SYS2(sigaltstack, ss ? &k : NULL, old ? &ko : NULL);
    if (zl_is_err(r))
        return (int)zl_ret(r);
    if (old) {
        memset(old, 0, sizeof *old);
        old->ss_sp = ZL_GET_PTR(ko.ss_sp);
        old->ss_flags = ko.ss_flags;
        old->ss_size = (size_t)ko.ss_size;
    }
    return 0;
}

static int sigtimedwait_u(const sigset_t *restrict set, siginfo_t *restrict info, const struct timespec *restrict ts);
/* A cancellation point (docs/libc.md "Threads"). */
int sigtimedwait(const sigset_t *restrict set, siginfo_t *restrict info, const struct timespec *restrict ts)
{
    __zl_cp_begin(NULL, NULL);
    int res = sigtimedwait_u(set, info, ts);
    __zl_cp_end();
    return res;
}

static int sigtimedwait_u(const sigset_t *restrict set, siginfo_t *restrict info, const struct timespec *restrict ts)
{
    unsigned long long k = kset(set);
#if ZL_UAPI_XLEN == 32
    struct k_timespec kt;
    if (ts)
        kt.tv_sec = ts->tv_sec, kt.tv_nsec = ts->tv_nsec;
    return (int)zl_ret(SYS4(rt_sigtimedwait_time64, &k, info, ts ? &kt : NULL, KSET_SIZE));
#else
    return (int)zl_ret(SYS4(rt_sigtimedwait, &k, info, ts, KSET_SIZE));
#endif
}

int sigwaitinfo(const sigset_t *restrict set, siginfo_t *restrict info)
{
    return sigtimedwait(set, info, NULL);
}

int sigwait(const sigset_t *restrict set, int *restrict sig)
{
    int r = sigtimedwait(set, NULL, NULL);
    if (r < 0)
        return errno;
    *sig = r;
    return 0;
}

int sigqueue(pid_t pid, int sig, union sigval v)
{
    struct k_siginfo si;
    memset(&si, 0, sizeof si);
    si.si_signo = sig;
    si.si_code = SI_QUEUE;
    si._sifields._rt._pid = getpid();
    si._sifields._rt._uid = getuid();
#if ZL_UAPI_XLEN == 128
    si._sifields._rt._sigval.sival_ptr.__addr = (unsigned long)v.sival_ptr;
#else
    memcpy(&si._sifields._rt._sigval, &v, sizeof(void *));
#endif
    return (int)zl_ret(SYS3(rt_sigqueueinfo, pid, sig, &si));
}

void psignal(int sig, const char *msg)
{
    if (msg && *msg)
        fprintf(stderr, "%s: %s\n", msg, strsignal(sig));
    else
        fprintf(stderr, "%s\n", strsignal(sig));
}

static int pause_u(void);
/* A cancellation point (docs/libc.md "Threads"). */
int pause(void)
{
    __zl_cp_begin(NULL, NULL);
    int res = pause_u();
    __zl_cp_end();
    return res;
}

static int pause_u(void)
{
    unsigned long long cur = 0;
    (void)SYS4(rt_sigprocmask, SIG_BLOCK, NULL, &cur, KSET_SIZE);
    return (int)zl_ret(SYS2(rt_sigsuspend, &cur, KSET_SIZE));
}

unsigned alarm(unsigned s)
{
    struct k_itimerval n, o;
    memset(&n, 0, sizeof n);
    memset(&o, 0, sizeof o);
    n.it_value.tv_sec = s;
    (void)SYS3(setitimer, 0, &n, &o);
    return (unsigned)(o.it_value.tv_sec + (o.it_value.tv_usec != 0));
}

/* setjmp.S tail-calls this with the jmp_buf and sigsetjmp's savemask. */
ZL_HIDDEN int __zl_sigsetjmp_save(sigjmp_buf env, int save)
{
    env->__mask_saved = save;
    if (save)
        sigprocmask(SIG_BLOCK, NULL, (sigset_t *)(void *)env->__mask);
    return 0;
}

void __zl_longjmp(jmp_buf, int);
_Noreturn void siglongjmp(sigjmp_buf env, int v)
{
    if (env->__mask_saved)
        sigprocmask(SIG_SETMASK, (sigset_t *)(void *)env->__mask, NULL);
    __zl_longjmp(env, v);
    for (;;)
        ;
}

/* The obsolete System V and BSD calls, on sigaction and sigprocmask. */
void (*bsd_signal(int sig, void (*h)(int)))(int)
{
    return signal(sig, h);
}

static int mask_one(int how, int sig)
{
    sigset_t s;
    sigemptyset(&s);
    if (sigaddset(&s, sig) < 0)
        return -1;
    return sigprocmask(how, &s, NULL);
}

int sighold(int sig) { return mask_one(SIG_BLOCK, sig); }
int sigrelse(int sig) { return mask_one(SIG_UNBLOCK, sig); }

int sigignore(int sig)
{
    struct sigaction sa = { .sa_handler = SIG_IGN };
    return sigaction(sig, &sa, NULL);
}

/* XSI: waits for a signal with sig removed from the mask. */
int sigpause(int sig)
{
    sigset_t s;
    if (sigprocmask(SIG_BLOCK, NULL, &s) < 0 || sigdelset(&s, sig) < 0)
        return -1;
    return sigsuspend(&s);
}

/* SIG_HOLD adds sig to the mask; any other disposition is installed and sig unblocked.
 * The result is SIG_HOLD when sig was blocked, else the previous disposition. */
void (*sigset(int sig, void (*h)(int)))(int)
{
    sigset_t one, old;
    struct sigaction sa = { .sa_handler = h }, prev;
    sigemptyset(&one);
    if (sigaddset(&one, sig) < 0)
        return SIG_ERR;
    if (h == SIG_HOLD) {
        if (sigaction(sig, NULL, &prev) < 0 || sigprocmask(SIG_BLOCK, &one, &old) < 0)
            return SIG_ERR;
    } else if (sigaction(sig, &sa, &prev) < 0 || sigprocmask(SIG_UNBLOCK, &one, &old) < 0)
        return SIG_ERR;
    return sigismember(&old, sig) ? SIG_HOLD : prev.sa_handler;
}

/* flag != 0: the handler interrupts system calls (no SA_RESTART). */
int siginterrupt(int sig, int flag)
{
    struct sigaction sa;
    if (sigaction(sig, NULL, &sa) < 0)
        return -1;
    if (flag)
        sa.sa_flags &= ~SA_RESTART;
    else
        sa.sa_flags |= SA_RESTART;
    return sigaction(sig, &sa, NULL);
}
