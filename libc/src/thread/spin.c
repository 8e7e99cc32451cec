/* Spin locks: a compare-and-swap loop that reads the word before retrying. */
#include "zl_thread.h"

int pthread_spin_init(pthread_spinlock_t *s, int shared)
{
    (void)shared;
    *s = 0;
    return 0;
}

int pthread_spin_destroy(pthread_spinlock_t *s)
{
    (void)s;
    return 0;
}

int pthread_spin_lock(pthread_spinlock_t *s)
{
    for (;;) {
        int z = 0;
        if (ZL_CAS(s, &z, 1))
            return 0;
        while (ZL_LOAD(s))
            ;
    }
}

int pthread_spin_trylock(pthread_spinlock_t *s)
{
    int z = 0;
    return ZL_CAS(s, &z, 1) ? 0 : EBUSY;
}

int pthread_spin_unlock(pthread_spinlock_t *s)
{
    ZL_STORE(s, 0);
    return 0;
}
