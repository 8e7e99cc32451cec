/* Mutexes.  __lock is the futex lock of lock.c (0 free, 1 locked, 2 contended): a normal
 * mutex is that lock alone, so its uncontended lock and unlock are one atomic operation each
 * and no system call.  Recursive and error-checking mutexes also record the owner's tid
 * (written and read only by the owner while it holds __lock) and the recursion depth.
 *
 * Robust mutexes use the kernel's robust-futex protocol instead: __lock is the owner's tid,
 * with FUTEX_WAITERS when someone may sleep on it, and each thread keeps the robust mutexes
 * it holds on a list registered with set_robust_list.  When a thread ends, the kernel marks
 * every mutex on its list that it still owns FUTEX_OWNER_DIED (tid 0) and wakes a waiter;
 * the next locker takes it with EOWNERDEAD and the mutex is inconsistent until
 * pthread_mutex_consistent; unlocked while inconsistent it becomes not recoverable
 * (ENOTRECOVERABLE for every later lock).  list_op_pending names the mutex being locked or
 * unlocked, so one whose owner dies between taking the word and linking it is handled too.
 * Robust mutexes sleep and wake on shared futexes even when private: the kernel's wake for
 * a dead owner is a shared one (as in glibc). */
#include "zl_thread.h"
#include <bits/abi_futex_word.h>
#include <bits/abi_futex_word_mask.h>
#include <bits/abi_robust_list_limit.h>
#include <limits.h>
#include <string.h>

#define TYPE(m) ((m)->__type & 3)
#define SHARED(m) ((m)->__type & 128)
#define M_ROBUST 4
#define M_INCONSISTENT 8
#define M_NOTRECOVERABLE 16
/* a normal mutex that is not robust: the futex lock alone */
#define PLAIN(m) (((m)->__type & (3 | M_ROBUST)) == 0)

int pthread_mutex_init(pthread_mutex_t *restrict m, const pthread_mutexattr_t *restrict a)
{
    memset(m, 0, sizeof *m);
    m->__type = a ? a->__attr & (3 | M_ROBUST | 128) : 0;
    return 0;
}

int pthread_mutex_destroy(pthread_mutex_t *m)
{
    return ZL_LOAD(&m->__lock) & (m->__type & M_ROBUST ? FUTEX_TID_MASK : ~0) ? EBUSY : 0;
}

/* ---- the robust list: a thread's head (the kernel's struct robust_list_head) links the
 * __next slots of the mutexes it holds; __prev points back at the previous slot or the
 * head, so unlocking unlinks in constant time ---- */

#define NODE(m) ((void *)&(m)->__next)
#define MUTEX_OF(n) ((pthread_mutex_t *)(void *)((char *)(n) - offsetof(pthread_mutex_t, __next)))
#define HEAD(t) ((void *)&(t)->robust.list)

static void robust_register(struct __zl_pthread *t)
{
    memset(&t->robust, 0, sizeof t->robust);
    ZL_PUT_PTR(t->robust.list.next, HEAD(t));
    t->robust.futex_offset = (long)offsetof(pthread_mutex_t, __lock) - (long)offsetof(pthread_mutex_t, __next);
    (void)SYS2(set_robust_list, &t->robust, sizeof t->robust);
    t->robust_set = 1;
}

static void robust_link(struct __zl_pthread *t, pthread_mutex_t *m)
{
    void *first = ZL_GET_PTR(t->robust.list.next);
    m->__next = first;
    m->__prev = HEAD(t);
    if (first != HEAD(t))
        MUTEX_OF(first)->__prev = NODE(m);
    ZL_PUT_PTR(t->robust.list.next, NODE(m));
}

static void robust_unlink(struct __zl_pthread *t, pthread_mutex_t *m)
{
    void *prev = m->__prev, *next = m->__next;
    if (prev == HEAD(t))
        ZL_PUT_PTR(t->robust.list.next, next);
    else
        MUTEX_OF(prev)->__next = next;
    if (next != HEAD(t))
        MUTEX_OF(next)->__prev = prev;
}

void __zl_robust_abandon(struct __zl_pthread *t)
{
    if (!t->robust_set)
        return;
    void *n = ZL_GET_PTR(t->robust.list.next);
    for (int limit = ROBUST_LIST_LIMIT; n != HEAD(t) && limit > 0; limit--) {
        pthread_mutex_t *m = MUTEX_OF(n);
        n = m->__next;
        int old = ZL_LOAD(&m->__lock);
        while ((old & FUTEX_TID_MASK) == t->tid &&
               !ZL_CAS(&m->__lock, &old, (int)((old & FUTEX_WAITERS) | FUTEX_OWNER_DIED)))
            ;
        if ((old & FUTEX_TID_MASK) == t->tid && (old & FUTEX_WAITERS))
            __zl_futex_wake(&m->__lock, 1, 1);
    }
    (void)SYS2(set_robust_list, NULL, sizeof t->robust);
    t->robust_set = 0;
}

void __zl_robust_fork_child(struct __zl_pthread *t)
{
    if (t->robust_set)
        robust_register(t);
}

/* Lock a robust mutex (try: EBUSY instead of waiting). */
static int robust_lock(pthread_mutex_t *m, const struct timespec *abs, int try)
{
    struct __zl_pthread *t = __zl_self();
    int tid = t->tid;
    if ((ZL_LOAD(&m->__lock) & FUTEX_TID_MASK) == tid) {
        if (TYPE(m) != PTHREAD_MUTEX_RECURSIVE)
            return try ? EBUSY : EDEADLK;
        if (m->__count == INT_MAX)
            return EAGAIN;
        m->__count++;
        return 0;
    }
    if (!t->robust_set)
        robust_register(t);
    ZL_PUT_PTR(t->robust.list_op_pending, NODE(m));
    int waited = 0, r;
    for (;;) {
        if (ZL_LOAD(&m->__type) & M_NOTRECOVERABLE) {
            r = ENOTRECOVERABLE;
            break;
        }
        int old = ZL_LOAD(&m->__lock);
        if (!(old & FUTEX_TID_MASK)) {
            /* free, or its owner died: take it, keeping the sign that others may wait
             * (after a sleep this thread cannot know that none does) */
            int mine = (int)((unsigned)tid | (old & FUTEX_WAITERS) | (waited ? FUTEX_WAITERS : 0));
            if (!ZL_CAS(&m->__lock, &old, mine))
                continue;
            r = old & FUTEX_OWNER_DIED ? EOWNERDEAD : 0;
            break;
        }
        if (try) {
            r = EBUSY;
            break;
        }
        if (!(old & FUTEX_WAITERS) && !ZL_CAS(&m->__lock, &old, (int)(old | FUTEX_WAITERS)))
            continue;
        int e = __zl_futex_wait(&m->__lock, (int)(old | FUTEX_WAITERS), abs, CLOCK_REALTIME, 1);
        if (e == -ETIMEDOUT || e == -EINVAL) {
            r = -e;
            break;
        }
        waited = 1;
    }
    if (r == 0 || r == EOWNERDEAD) {
        robust_link(t, m);
        m->__owner = tid;
        m->__count = 0;
        if (r == EOWNERDEAD)
            __atomic_or_fetch(&m->__type, M_INCONSISTENT, __ATOMIC_SEQ_CST);
    }
    ZL_PUT_PTR(t->robust.list_op_pending, NULL);
    return r;
}

static int robust_unlock(pthread_mutex_t *m)
{
    struct __zl_pthread *t = __zl_self();
    if ((ZL_LOAD(&m->__lock) & FUTEX_TID_MASK) != t->tid)
        return EPERM;
    if (m->__count > 0) {
        m->__count--;
        return 0;
    }
    /* unlocked while inconsistent: nobody can use it any more, and every waiter is told */
    int lost = ZL_LOAD(&m->__type) & M_INCONSISTENT;
    if (lost)
        __atomic_xor_fetch(&m->__type, M_INCONSISTENT | M_NOTRECOVERABLE, __ATOMIC_SEQ_CST);
    m->__owner = 0;
    ZL_PUT_PTR(t->robust.list_op_pending, NODE(m));
    robust_unlink(t, m);
    int old = ZL_XCHG(&m->__lock, 0);
    ZL_PUT_PTR(t->robust.list_op_pending, NULL);
    if (old & FUTEX_WAITERS)
        __zl_futex_wake(&m->__lock, lost ? INT_MAX : 1, 1);
    return 0;
}

static int lock_owned(pthread_mutex_t *m, const struct timespec *abs)
{
    int tid = __zl_self()->tid;
    if (m->__owner == tid) {
        if (TYPE(m) != PTHREAD_MUTEX_RECURSIVE)
            return EDEADLK;
        if (m->__count == INT_MAX)
            return EAGAIN;
        m->__count++;
        return 0;
    }
    int z = 0;
    if (!ZL_CAS(&m->__lock, &z, 1)) {
        int r = __zl_lock_slow(&m->__lock, abs, CLOCK_REALTIME, SHARED(m));
        if (r)
            return r;
    }
    m->__owner = tid;
    m->__count = 0;
    return 0;
}

int pthread_mutex_lock(pthread_mutex_t *m)
{
    if (PLAIN(m)) {
        int z = 0;
        if (ZL_CAS(&m->__lock, &z, 1))
            return 0;
        return __zl_lock_slow(&m->__lock, NULL, 0, SHARED(m));
    }
    return m->__type & M_ROBUST ? robust_lock(m, NULL, 0) : lock_owned(m, NULL);
}

int pthread_mutex_timedlock(pthread_mutex_t *restrict m, const struct timespec *restrict abs)
{
    int z = 0;
    if (PLAIN(m) && ZL_CAS(&m->__lock, &z, 1))
        return 0;
    if (__zl_bad_timespec(abs))
        return EINVAL;
    if (PLAIN(m))
        return __zl_lock_slow(&m->__lock, abs, CLOCK_REALTIME, SHARED(m));
    return m->__type & M_ROBUST ? robust_lock(m, abs, 0) : lock_owned(m, abs);
}

int pthread_mutex_trylock(pthread_mutex_t *m)
{
    int z = 0;
    if (PLAIN(m))
        return ZL_CAS(&m->__lock, &z, 1) ? 0 : EBUSY;
    if (m->__type & M_ROBUST)
        return robust_lock(m, NULL, 1);
    int tid = __zl_self()->tid;
    if (m->__owner == tid && TYPE(m) == PTHREAD_MUTEX_RECURSIVE) {
        if (m->__count == INT_MAX)
            return EAGAIN;
        m->__count++;
        return 0;
    }
    if (!ZL_CAS(&m->__lock, &z, 1))
        return EBUSY;
    m->__owner = tid;
    m->__count = 0;
    return 0;
}

int pthread_mutex_unlock(pthread_mutex_t *m)
{
    if (m->__type & M_ROBUST)
        return robust_unlock(m);
    if (TYPE(m) != PTHREAD_MUTEX_NORMAL) {
        if (m->__owner != __zl_self()->tid || !ZL_LOAD(&m->__lock))
            return EPERM;
        if (m->__count > 0) {
            m->__count--;
            return 0;
        }
        m->__owner = 0;
    }
    if (ZL_XCHG(&m->__lock, 0) == 2)
        __zl_futex_wake(&m->__lock, 1, SHARED(m));
    return 0;
}

/* An inconsistent robust mutex that the caller holds becomes usable again. */
int pthread_mutex_consistent(pthread_mutex_t *m)
{
    int type = ZL_LOAD(&m->__type);
    if (!(type & M_ROBUST) || !(type & M_INCONSISTENT) ||
        (ZL_LOAD(&m->__lock) & FUTEX_TID_MASK) != __zl_self()->tid)
        return EINVAL;
    __atomic_and_fetch(&m->__type, ~M_INCONSISTENT, __ATOMIC_SEQ_CST);
    return 0;
}

int pthread_mutexattr_init(pthread_mutexattr_t *a)
{
    a->__attr = 0;
    return 0;
}

int pthread_mutexattr_destroy(pthread_mutexattr_t *a)
{
    (void)a;
    return 0;
}

int pthread_mutexattr_gettype(const pthread_mutexattr_t *restrict a, int *restrict t)
{
    *t = a->__attr & 3;
    return 0;
}

int pthread_mutexattr_settype(pthread_mutexattr_t *a, int t)
{
    if (t != PTHREAD_MUTEX_NORMAL && t != PTHREAD_MUTEX_RECURSIVE && t != PTHREAD_MUTEX_ERRORCHECK)
        return EINVAL;
    a->__attr = (a->__attr & ~3) | t;
    return 0;
}

int pthread_mutexattr_getpshared(const pthread_mutexattr_t *restrict a, int *restrict s)
{
    *s = a->__attr & 128 ? PTHREAD_PROCESS_SHARED : PTHREAD_PROCESS_PRIVATE;
    return 0;
}

int pthread_mutexattr_setpshared(pthread_mutexattr_t *a, int s)
{
    if (s != PTHREAD_PROCESS_PRIVATE && s != PTHREAD_PROCESS_SHARED)
        return EINVAL;
    a->__attr = (a->__attr & ~128) | (s == PTHREAD_PROCESS_SHARED ? 128 : 0);
    return 0;
}

int pthread_mutexattr_getrobust(const pthread_mutexattr_t *restrict a, int *restrict r)
{
    *r = a->__attr & M_ROBUST ? PTHREAD_MUTEX_ROBUST : PTHREAD_MUTEX_STALLED;
    return 0;
}

int pthread_mutexattr_setrobust(pthread_mutexattr_t *a, int r)
{
    if (r != PTHREAD_MUTEX_STALLED && r != PTHREAD_MUTEX_ROBUST)
        return EINVAL;
    a->__attr = (a->__attr & ~M_ROBUST) | (r == PTHREAD_MUTEX_ROBUST ? M_ROBUST : 0);
    return 0;
}

int pthread_mutexattr_getprotocol(const pthread_mutexattr_t *restrict a, int *restrict p)
{
    (void)a;
    *p = PTHREAD_PRIO_NONE;
    return 0;
}

int pthread_mutexattr_setprotocol(pthread_mutexattr_t *a, int p)
{
    (void)a;
    return p == PTHREAD_PRIO_NONE ? 0 : p == PTHREAD_PRIO_INHERIT || p == PTHREAD_PRIO_PROTECT ? ENOTSUP : EINVAL;
}
