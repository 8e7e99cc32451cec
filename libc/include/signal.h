#ifndef _ZL_SIGNAL_H
#define _ZL_SIGNAL_H
#include <bits/zl_config.h>
#include <bits/abi_si_code.h>
#include <bits/abi_si_code_chld.h>
#include <bits/abi_si_code_ill.h>
#include <bits/abi_si_code_fpe.h>
#include <bits/abi_si_code_segv.h>
#include <bits/abi_si_code_bus.h>
#include <bits/abi_si_code_trap.h>
#include <bits/types.h>
#include <bits/timespec.h>
#include <bits/abi_signal.h>
#include <bits/abi_sighow.h>
#include <bits/abi_sa_flags.h>
#include <bits/abi_ss_flags.h>
#include <bits/abi_sigstksz.h>
#include <bits/abi_sigev.h>
#include <bits/pthreadtypes.h>
__ZL_BEGIN
#define SIGIOT SIGABRT
#define SIGPOLL SIGIO
#define SIGUNUSED SIGSYS
#define SIGRTMIN 34
#define SIGRTMAX 64
#define _NSIG 65
int __libc_current_sigrtmin(void);
int __libc_current_sigrtmax(void);
#define NSIG _NSIG
#define SA_NOMASK SA_NODEFER
#define SA_ONESHOT SA_RESETHAND
typedef int sig_atomic_t;
typedef void (*sighandler_t)(int);
#define SIG_ERR ((void (*)(int))-1)
#define SIG_DFL ((void (*)(int))0)
#define SIG_IGN ((void (*)(int))1)
#define SIG_HOLD ((void (*)(int))2)   /* sigset only (glibc's and musl's value) */
typedef struct { unsigned long __bits[128 / sizeof(long)]; } sigset_t;
/* union sigval keeps its POSIX members; on rv128 it is one 32-byte __ptr_t slot
 * (docs/abi.md 5.4). */
union sigval {
    int sival_int;
    void *sival_ptr;
#if __SIZEOF_POINTER__ == 16
    unsigned char __sival_slot[32];
#endif
};
/* The kernel's siginfo_t (128 bytes everywhere; rv128 offsets in docs/abi.md 11.1).  On
 * rv128 every pointer fills a __ptr_t slot. */
typedef struct {
    int si_signo;
    int si_errno;
    int si_code;
    union {
        int __pad[__SIZEOF_LONG__ == 4 ? 29 : 28];
        struct { pid_t si_pid; uid_t si_uid; int si_status;
                 clock_t si_utime, si_stime; } __chld;
        struct { pid_t __pid; uid_t __uid; union sigval si_value; } __rt;
        struct { int si_timerid; int si_overrun; union sigval __tvalue; } __timer;
        struct { __ZL_PTR_SLOT(void *si_addr, si_addr); short si_addr_lsb; } __fault;
        struct { long si_band; int si_fd; } __poll;
        struct { __ZL_PTR_SLOT(void *si_call_addr, si_call_addr); int si_syscall; unsigned int si_arch; } __sys;
    } __si_fields;
} siginfo_t;
#define si_pid __si_fields.__chld.si_pid
#define si_uid __si_fields.__chld.si_uid
#define si_status __si_fields.__chld.si_status
#define si_utime __si_fields.__chld.si_utime
#define si_stime __si_fields.__chld.si_stime
#define si_value __si_fields.__rt.si_value
#define si_int __si_fields.__rt.si_value.sival_int
#define si_ptr __si_fields.__rt.si_value.sival_ptr
#define si_timerid __si_fields.__timer.si_timerid
#define si_overrun __si_fields.__timer.si_overrun
#define si_addr __si_fields.__fault.si_addr
#define si_addr_lsb __si_fields.__fault.si_addr_lsb
#define si_band __si_fields.__poll.si_band
#define si_fd __si_fields.__poll.si_fd
#define si_call_addr __si_fields.__sys.si_call_addr
#define si_syscall __si_fields.__sys.si_syscall
#define si_arch __si_fields.__sys.si_arch
struct sigaction {
    union {
        void (*sa_handler)(int);
        void (*sa_sigaction)(int, siginfo_t *, void *);
    } __sa_handler;
    sigset_t sa_mask;
    int sa_flags;
    void (*sa_restorer)(void);
};
#define sa_handler __sa_handler.sa_handler
#define sa_sigaction __sa_handler.sa_sigaction
typedef struct {
    __ZL_PTR_SLOT(void *ss_sp, ss_sp);
    int ss_flags;
    size_t ss_size;
} stack_t;
int kill(pid_t, int);
int raise(int);
void (*signal(int, void (*)(int)))(int);
int sigaction(int, const struct sigaction *restrict, struct sigaction *restrict);
int sigisemptyset(const sigset_t *);
int sigandset(sigset_t *, const sigset_t *, const sigset_t *);
int sigorset(sigset_t *, const sigset_t *, const sigset_t *);
int sigprocmask(int, const sigset_t *restrict, sigset_t *restrict);
int sigpending(sigset_t *);
int sigsuspend(const sigset_t *);
int sigaltstack(const stack_t *restrict, stack_t *restrict);
int sigemptyset(sigset_t *);
int sigfillset(sigset_t *);
int sigaddset(sigset_t *, int);
int sigdelset(sigset_t *, int);
int sigismember(const sigset_t *, int);
int sigwait(const sigset_t *restrict, int *restrict);
int sigtimedwait(const sigset_t *restrict, siginfo_t *restrict, const struct timespec *restrict);
int sigwaitinfo(const sigset_t *restrict, siginfo_t *restrict);
int sigqueue(pid_t, int, union sigval);
int killpg(pid_t, int);
void psignal(int, const char *);
/* obsolete System V and BSD calls */
void (*bsd_signal(int, void (*)(int)))(int);
void (*sigset(int, void (*)(int)))(int);
int sighold(int);
int sigrelse(int);
int sigignore(int);
int sigpause(int);
int siginterrupt(int, int);
int pthread_sigmask(int, const sigset_t *restrict, sigset_t *restrict);
int pthread_kill(pthread_t, int);
__ZL_END
#endif
