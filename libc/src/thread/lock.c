/* The futex lock under PTHREAD_MUTEX_NORMAL and the library's internal locks.
 * States: 0 free, 1 locked, 2 locked and maybe waited for.  Lock: CAS 0 -> 1 (the whole
 * uncontended path); otherwise swap in 2 and sleep on the word while it is not 0.  Unlock:
 * swap in 0 and wake one waiter if the old state was 2. */
#include "zl_thread.h"

int __zl_lock_slow(int *l, const struct timespec *abs, clockid_t clock, int shared)
{
    /* A short spin first: the holder may be about to release it. */
    for (int i = 0; i < 100; i++) {
        int z = 0;
        if (ZL_LOAD(l) == 0 && ZL_CAS(l, &z, 1))
            return 0;
    }
    while (ZL_XCHG(l, 2) != 0) {
        int r = __zl_futex_wait(l, 2, abs, clock, shared);
        if (r == -ETIMEDOUT || r == -EINVAL)
            return -r;
    }
    return 0;
}

void __zl_lock(int *l)
{
    int z = 0;
    if (!ZL_CAS(l, &z, 1))
        (void)__zl_lock_slow(l, NULL, 0, 0);
}

void __zl_unlock(int *l)
{
    if (ZL_XCHG(l, 0) == 2)
        __zl_futex_wake(l, 1, 0);
}
