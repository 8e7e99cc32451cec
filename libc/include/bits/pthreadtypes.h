/* zlibc: the POSIX thread types (<pthread.h>, <sys/types.h>, <threads.h>).  The layouts are
 * zlibc's own (docs/libc.md "Threads"); every object is a handful of ints (a mutex also
 * has its robust-list links), so the static initializers are all-zero. */
#ifndef _ZL_BITS_PTHREADTYPES_H
#define _ZL_BITS_PTHREADTYPES_H
#include <bits/zl_config.h>
#include <bits/types.h>
typedef struct __zl_pthread *pthread_t;
typedef struct {
    __SIZE_TYPE__ __stacksize, __guardsize;
    void *__stackaddr;
    int __detach, __set;
} pthread_attr_t;
typedef struct {
    int __lock;     /* 0 free, 1 locked, 2 locked with waiters; robust: the owner's tid with
                       the kernel's FUTEX_WAITERS and FUTEX_OWNER_DIED bits */
    int __type;     /* PTHREAD_MUTEX_* | 4 robust | 8 inconsistent | 16 not recoverable |
                       128 process-shared */
    int __owner;    /* tid of the owner (recursive, error-checking and robust mutexes) */
    int __count;    /* recursion depth - 1 */
    /* robust: the owner's robust list, doubly linked; __next is the kernel's struct
     * robust_list (a __ptr_t slot at rv128) */
    __ZL_PTR_SLOT(void *__next, __next);
    void *__prev;
} pthread_mutex_t;
typedef struct { int __attr; } pthread_mutexattr_t;
typedef struct {
    int __seq;      /* bumped by every signal and broadcast: the futex word */
    int __waiters;
    int __clock;    /* clock of timedwait */
    int __shared;
} pthread_cond_t;
typedef struct { int __clock, __shared; } pthread_condattr_t;
typedef struct {
    int __state;    /* readers, or 0x7fffffff for a writer */
    int __waiters;
    int __shared;
    int __pad;
} pthread_rwlock_t;
typedef struct { int __shared; } pthread_rwlockattr_t;
typedef struct {
    int __lock, __arrived, __total, __seq, __shared;
} pthread_barrier_t;
typedef struct { int __shared; } pthread_barrierattr_t;
typedef int pthread_spinlock_t;
typedef int pthread_once_t;
typedef unsigned pthread_key_t;
#endif
