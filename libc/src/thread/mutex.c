/* Mutexes.  __lock is the futex lock of lock.c (0 free, 1 locked, 2 contended): a normal
 * mutex is that lock alone, so its uncontended lock and unlock are one atomic operation each
 * and no system call.  Recursive and error-checking mutexes also record the owner's tid
 * (written and read only by the owner while it holds __lock) and the recursion depth. */
#include "zl_thread.h"
#include <limits.h>

#define TYPE(m) ((m)->__type & 3)
#define SHARED(m) ((m)->__type & 128)

int pthread_mutex_init(pthread_mutex_t *restrict m, const pthread_mutexattr_t *restrict a)
{
    m->__lock = 0;
    m->__type = a ? a->__attr & (3 | 128) : 0;
    m->__owner = 0;
    m->__count = 0;
    return 0;
}

int pthread_mutex_destroy(pthread_mutex_t *m)
{
    return ZL_LOAD(&m->__lock) ? EBUSY : 0;
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
    if (TYPE(m) == PTHREAD_MUTEX_NORMAL) {
        int z = 0;
        if (ZL_CAS(&m->__lock, &z, 1))
            return 0;
        return __zl_lock_slow(&m->__lock, NULL, 0, SHARED(m));
    }
    return lock_owned(m, NULL);
}

int pthread_mutex_timedlock(pthread_mutex_t *restrict m, const struct timespec *restrict abs)
{
    int z = 0;
    if (TYPE(m) == PTHREAD_MUTEX_NORMAL && ZL_CAS(&m->__lock, &z, 1))
        return 0;
    if (__zl_bad_timespec(abs))
        return EINVAL;
    if (TYPE(m) == PTHREAD_MUTEX_NORMAL)
        return __zl_lock_slow(&m->__lock, abs, CLOCK_REALTIME, SHARED(m));
    return lock_owned(m, abs);
}

int pthread_mutex_trylock(pthread_mutex_t *m)
{
    int z = 0;
    if (TYPE(m) == PTHREAD_MUTEX_NORMAL)
        return ZL_CAS(&m->__lock, &z, 1) ? 0 : EBUSY;
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

int pthread_mutex_consistent(pthread_mutex_t *m)
{
    (void)m;
    return EINVAL;   /* no robust mutexes */
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
    (void)a;
    *r = PTHREAD_MUTEX_STALLED;
    return 0;
}

int pthread_mutexattr_setrobust(pthread_mutexattr_t *a, int r)
{
    (void)a;
    return r == PTHREAD_MUTEX_STALLED ? 0 : r == PTHREAD_MUTEX_ROBUST ? ENOTSUP : EINVAL;
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
