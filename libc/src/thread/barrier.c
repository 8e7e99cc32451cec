/* Barriers: a futex lock guards the arrival count; the last thread to arrive resets it,
 * bumps __seq (the futex word the others sleep on) and wakes them all. */
#include "zl_thread.h"
#include <limits.h>

int pthread_barrier_init(pthread_barrier_t *restrict b, const pthread_barrierattr_t *restrict a, unsigned n)
{
    if (n == 0 || n > INT_MAX)
        return EINVAL;
    b->__lock = 0;
    b->__arrived = 0;
    b->__total = (int)n;
    b->__seq = 0;
    b->__shared = a ? a->__shared : 0;
    return 0;
}

int pthread_barrier_destroy(pthread_barrier_t *b)
{
    return ZL_LOAD(&b->__arrived) ? EBUSY : 0;
}

int pthread_barrier_wait(pthread_barrier_t *b)
{
    int z = 0;
    if (!ZL_CAS(&b->__lock, &z, 1))
        (void)__zl_lock_slow(&b->__lock, NULL, 0, b->__shared);
    int seq = ZL_LOAD(&b->__seq);
    if (++b->__arrived == b->__total) {
        b->__arrived = 0;
        ZL_ADD(&b->__seq, 1);
        if (ZL_XCHG(&b->__lock, 0) == 2)
            __zl_futex_wake(&b->__lock, 1, b->__shared);
        __zl_futex_wake(&b->__seq, INT_MAX, b->__shared);
        return PTHREAD_BARRIER_SERIAL_THREAD;
    }
    if (ZL_XCHG(&b->__lock, 0) == 2)
        __zl_futex_wake(&b->__lock, 1, b->__shared);
    while (ZL_LOAD(&b->__seq) == seq)
        (void)__zl_futex_wait(&b->__seq, seq, NULL, 0, b->__shared);
    return 0;
}

int pthread_barrierattr_init(pthread_barrierattr_t *a)
{
    a->__shared = 0;
    return 0;
}

int pthread_barrierattr_destroy(pthread_barrierattr_t *a)
{
    (void)a;
    return 0;
}

int pthread_barrierattr_getpshared(const pthread_barrierattr_t *restrict a, int *restrict s)
{
    return __zl_get_pshared(a->__shared, s);
}

int pthread_barrierattr_setpshared(pthread_barrierattr_t *a, int s)
{
    return __zl_set_pshared(&a->__shared, s);
}
