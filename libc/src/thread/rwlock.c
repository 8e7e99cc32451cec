/* Read-write locks.  __state: the number of readers, or -1 with a writer; waiters sleep on
 * __state itself with the value they saw (every unlock changes it, so a wake-up cannot be
 * missed) after counting themselves in __waiters; an unlock wakes every waiter if there is
 * one.  Readers are not held back by waiting writers (a stream of readers can starve a
 * writer). */
#include "zl_thread.h"
#include <limits.h>

static int try_rd(pthread_rwlock_t *l, int *seen)
{
    int s = ZL_LOAD(&l->__state);
    while (s >= 0 && s < INT_MAX - 1)
        if (ZL_CAS(&l->__state, &s, s + 1))
            return 0;
    *seen = s;
    return s == INT_MAX - 1 ? EAGAIN : EBUSY;
}

static int try_wr(pthread_rwlock_t *l, int *seen)
{
    int s = 0;
    if (ZL_CAS(&l->__state, &s, -1))
        return 0;
    *seen = s;
    return EBUSY;
}

static int lock(pthread_rwlock_t *l, const struct timespec *abs, int (*try)(pthread_rwlock_t *, int *))
{
    int seen, r;
    if ((r = try(l, &seen)) != EBUSY)
        return r;
    if (abs && __zl_bad_timespec(abs))
        return EINVAL;
    for (;;) {
        ZL_ADD(&l->__waiters, 1);
        int w = __zl_futex_wait(&l->__state, seen, abs, CLOCK_REALTIME, l->__shared);
        ZL_ADD(&l->__waiters, -1);
        if ((r = try(l, &seen)) != EBUSY)
            return r;
        if (w == -ETIMEDOUT)
            return ETIMEDOUT;
    }
}

int pthread_rwlock_rdlock(pthread_rwlock_t *l) { return lock(l, NULL, try_rd); }
int pthread_rwlock_wrlock(pthread_rwlock_t *l) { return lock(l, NULL, try_wr); }
int pthread_rwlock_timedrdlock(pthread_rwlock_t *restrict l, const struct timespec *restrict abs)
{
    return lock(l, abs, try_rd);
}
int pthread_rwlock_timedwrlock(pthread_rwlock_t *restrict l, const struct timespec *restrict abs)
{
    return lock(l, abs, try_wr);
}
int pthread_rwlock_tryrdlock(pthread_rwlock_t *l)
{
    int seen;
    return try_rd(l, &seen);
}
int pthread_rwlock_trywrlock(pthread_rwlock_t *l)
{
    int seen;
    return try_wr(l, &seen);
}

int pthread_rwlock_unlock(pthread_rwlock_t *l)
{
    int s = ZL_LOAD(&l->__state);
    if (s == 0)
        return EPERM;
    if (s == -1)
        ZL_STORE(&l->__state, 0);
    else
        ZL_ADD(&l->__state, -1);
    if (ZL_LOAD(&l->__waiters))
        __zl_futex_wake(&l->__state, INT_MAX, l->__shared);
    return 0;
}

int pthread_rwlock_init(pthread_rwlock_t *restrict l, const pthread_rwlockattr_t *restrict a)
{
    l->__state = 0;
    l->__waiters = 0;
    l->__shared = a ? a->__shared : 0;
    l->__pad = 0;
    return 0;
}

int pthread_rwlock_destroy(pthread_rwlock_t *l)
{
    return ZL_LOAD(&l->__state) ? EBUSY : 0;
}

int pthread_rwlockattr_init(pthread_rwlockattr_t *a)
{
    a->__shared = 0;
    return 0;
}

int pthread_rwlockattr_destroy(pthread_rwlockattr_t *a)
{
    (void)a;
    return 0;
}

int pthread_rwlockattr_getpshared(const pthread_rwlockattr_t *restrict a, int *restrict s)
{
    return __zl_get_pshared(a->__shared, s);
}

int pthread_rwlockattr_setpshared(pthread_rwlockattr_t *a, int s)
{
    return __zl_set_pshared(&a->__shared, s);
}
