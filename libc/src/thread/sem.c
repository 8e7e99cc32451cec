/* Unnamed semaphores: __value is the count and the futex word; a thread that finds it 0
 * counts itself in __waiters and sleeps while it is 0; sem_post wakes one sleeper if
 * __waiters says there is one.  sem_wait and sem_timedwait are cancellation points. */
#include "zl_thread.h"
#include <semaphore.h>

int sem_init(sem_t *s, int shared, unsigned value)
{
    if (value > SEM_VALUE_MAX) {
        errno = EINVAL;
        return -1;
    }
    s->__value = (int)value;
    s->__waiters = 0;
    s->__shared = shared != 0;
    return 0;
}

int sem_destroy(sem_t *s)
{
    (void)s;
    return 0;
}

int sem_trywait(sem_t *s)
{
    int v = ZL_LOAD(&s->__value);
    while (v > 0)
        if (ZL_CAS(&s->__value, &v, v - 1))
            return 0;
    errno = EAGAIN;
    return -1;
}

/* Cancelled while waiting: if a sem_post woke this thread, the wake-up goes to another
 * waiter. */
static void uncount(void *p)
{
    sem_t *s = p;
    if (ZL_ADD(&s->__waiters, -1) > 0 && ZL_LOAD(&s->__value) > 0)
        __zl_futex_wake(&s->__value, 1, s->__shared);
}

int sem_timedwait(sem_t *restrict s, const struct timespec *restrict abs)
{
    __zl_cp_begin(NULL, NULL);
    __zl_cp_end();
    for (;;) {
        int v = ZL_LOAD(&s->__value);
        while (v > 0)
            if (ZL_CAS(&s->__value, &v, v - 1))
                return 0;
        if (abs && __zl_bad_timespec(abs)) {
            errno = EINVAL;
            return -1;
        }
        ZL_ADD(&s->__waiters, 1);
        __zl_cp_begin(uncount, s);
        int r = __zl_futex_wait(&s->__value, 0, abs, CLOCK_REALTIME, s->__shared);
        __zl_cp_end();
        ZL_ADD(&s->__waiters, -1);
        if (r == -ETIMEDOUT || r == -EINTR) {
            errno = -r;
            return -1;
        }
    }
}

int sem_wait(sem_t *s)
{
    return sem_timedwait(s, NULL);
}

int sem_post(sem_t *s)
{
    int v = ZL_LOAD(&s->__value);
    do {
        if (v == SEM_VALUE_MAX) {
            errno = EOVERFLOW;
            return -1;
        }
    } while (!ZL_CAS(&s->__value, &v, v + 1));
    if (ZL_LOAD(&s->__waiters))
        __zl_futex_wake(&s->__value, 1, s->__shared);
    return 0;
}

int sem_getvalue(sem_t *restrict s, int *restrict v)
{
    *v = ZL_LOAD(&s->__value);
    return 0;
}
