/* zlibc threads (internal): the thread descriptor, futex calls, the internal lock and the
 * cancellation-point protocol shared by libc/src/thread/ and the libc functions that
 * are cancellation points or lock (stdio, malloc, fork).  docs/libc.md "Threads". */
#ifndef ZL_THREAD_INTERNAL_H
#define ZL_THREAD_INTERNAL_H
#include "zl_libc.h"
#include "zl_tls.h"
#include <pthread.h>
#include <signal.h>
#include <time.h>

/* The signal pthread_cancel sends to interrupt a blocked thread: the first kernel real-time
 * signal, which zlibc keeps for itself (SIGRTMIN is 34, as in glibc). */
#define ZL_SIGCANCEL 32

/* detach_state */
#define ZL_JOINABLE 0
#define ZL_DETACHED 1
#define ZL_EXITING 2

struct __zl_pthread {
    struct __zl_pthread *self;
    int tid;                  /* set by CLONE_PARENT_SETTID, cleared (and woken) at exit */
    int detach_state;         /* ZL_JOINABLE/ZL_DETACHED/ZL_EXITING, changed atomically */
    int cancel_disabled;      /* PTHREAD_CANCEL_DISABLE */
    int cancel_async;         /* PTHREAD_CANCEL_ASYNCHRONOUS */
    int cancel_pending;       /* pthread_cancel was called */
    int in_cp;                /* blocked (or about to block) in a cancellation point */
    int exiting;              /* pthread_exit has started: cancellation is off */
    void (*cp_cleanup)(void *);   /* undoes a cancellation point's state when acted on */
    void *cp_arg;
    void *(*start)(void *);
    void *arg;
    void *result;
    void *map;                /* the mapping to unmap when the thread is gone (NULL: none) */
    size_t map_len;
    struct __zl_cleanup *cleanup;  /* pthread_cleanup_push list */
    sigset_t start_mask;      /* the creator's signal mask, installed by the new thread */
    struct { void *value; unsigned seq; } tsd[PTHREAD_KEYS_MAX];
    int tsd_used;             /* a key value was set: run the destructors at exit */
    int robust_set;           /* robust is registered (set_robust_list) */
    struct k_robust_list_head robust;   /* the robust mutexes held (mutex.c) */
};

/* The calling thread's descriptor (pthread_self), never NULL. */
ZL_HIDDEN struct __zl_pthread *__zl_self(void);
/* Non-zero once a second thread has been created: locks are skipped before that. */
ZL_HIDDEN extern int __zl_threaded;
/* Threads alive (the main thread counts). */
ZL_HIDDEN extern int __zl_nthreads;

/* futex (FUTEX_PRIVATE_FLAG unless shared).  wait: 0 when woken (or spurious), else
 * -ETIMEDOUT, -EINTR, -EAGAIN (value differed).  abs: an absolute time on clock, or NULL. */
ZL_HIDDEN int __zl_futex_wait(int *addr, int val, const struct timespec *abs, clockid_t clock, int shared);
ZL_HIDDEN void __zl_futex_wake(int *addr, int n, int shared);
/* EINVAL for an invalid timespec (tv_nsec outside [0, 1e9)), else 0. */
ZL_HIDDEN int __zl_bad_timespec(const struct timespec *ts);

/* The internal lock: 0 free, 1 locked, 2 locked with waiters (one int, PTHREAD_MUTEX_NORMAL's
 * algorithm).  The uncontended path is one compare-and-swap; __zl_lock_st does nothing
 * while the process is single-threaded (pair it with __zl_unlock_st). */
ZL_HIDDEN void __zl_lock(int *l);
ZL_HIDDEN void __zl_unlock(int *l);
ZL_HIDDEN int __zl_lock_slow(int *l, const struct timespec *abs, clockid_t clock, int shared);
#define __zl_lock_st(l) ((void)(__zl_threaded && (__zl_lock(l), 1)))
#define __zl_unlock_st(l) ((void)(__zl_threaded && (__zl_unlock(l), 1)))

/* Cancellation points: __zl_cp_begin acts on a pending cancellation (pthread_exit) and
 * marks the thread as blocked, so that the cancel signal acts on it while it blocks;
 * __zl_cp_end clears the mark.  cleanup (may be NULL) restores the caller's invariants
 * (e.g. re-locks a condition variable's mutex) before the thread exits. */
ZL_HIDDEN void __zl_cp_begin(void (*cleanup)(void *), void *arg);
ZL_HIDDEN void __zl_cp_end(void);

/* Robust mutexes (mutex.c).  __zl_robust_abandon: a thread about to unmap its own
 * descriptor marks the robust mutexes it holds as the kernel would at its exit
 * (FUTEX_OWNER_DIED, one waiter woken) and unregisters its list.  __zl_robust_fork_child:
 * the child starts with an empty list, registered again (fork does not inherit one). */
ZL_HIDDEN void __zl_robust_abandon(struct __zl_pthread *t);
ZL_HIDDEN void __zl_robust_fork_child(struct __zl_pthread *t);

/* The process-shared attribute (attr.c). */
ZL_HIDDEN int __zl_get_pshared(int flag, int *s);
ZL_HIDDEN int __zl_set_pshared(int *flag, int s);

/* Thread exit bookkeeping: key destructors (keys.c). */
ZL_HIDDEN void __zl_tsd_run_destructors(struct __zl_pthread *);

/* fork: the atfork handlers and the library's own locks (atfork.c). */
ZL_HIDDEN void __zl_fork_prepare(void);
ZL_HIDDEN void __zl_fork_parent(void);
ZL_HIDDEN void __zl_fork_child(void);
/* malloc's and stdio's locks, taken around fork (malloc.c, file.c). */
ZL_HIDDEN void __zl_malloc_lock_all(void);
ZL_HIDDEN void __zl_malloc_unlock_all(void);
ZL_HIDDEN void __zl_stdio_lock_all(void);
ZL_HIDDEN void __zl_stdio_unlock_all(int child);   /* child: reset, the owners are gone */

/* libc/arch/riscv/clone.S: clone(flags, stack, ptid, tls, ctid); the child calls fn(arg)
 * on the new stack, then exits (SYS_exit) with its return value.  Returns the child's tid
 * or -errno. */
ZL_HIDDEN long __zl_clone(int (*fn)(void *), void *stack, unsigned long flags, void *arg,
                          int *ptid, void *tls, int *ctid);
/* libc/arch/riscv/unmapexit.S: munmap(base, len), then SYS_exit(0), without touching the
 * stack (a detached thread freeing the mapping it runs on). */
ZL_HIDDEN _Noreturn void __zl_unmap_exit(void *base, size_t len);

#define ZL_LOAD(p) __atomic_load_n((p), __ATOMIC_SEQ_CST)
#define ZL_STORE(p, v) __atomic_store_n((p), (v), __ATOMIC_SEQ_CST)
#define ZL_CAS(p, e, v) __atomic_compare_exchange_n((p), (e), (v), 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)
#define ZL_XCHG(p, v) __atomic_exchange_n((p), (v), __ATOMIC_SEQ_CST)
#define ZL_ADD(p, v) __atomic_add_fetch((p), (v), __ATOMIC_SEQ_CST)
#endif
