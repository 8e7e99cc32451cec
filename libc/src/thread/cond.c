/* Condition variables.  __seq is the futex word: a waiter reads it (after counting itself in
 * __waiters, with the mutex held), unlocks the mutex and sleeps while __seq still has that
 * value; signal and broadcast bump __seq (only if someone waits) and wake one or all.  A
 * wake-up between the read and the sleep changes __seq, so the sleep returns at once and no
 * signal is lost; spurious wake-ups are possible, as POSIX allows. */
#include "zl_thread.h"
#include <limits.h>

struct waiting {
    pthread_cond_t *c;
    pthread_mutex_t *m;
    int count;    /* a recursive mutex's depth, restored after re-locking */
};

/* Relock the mutex: 0, or a robust mutex's EOWNERDEAD (held, inconsistent) or
 * ENOTRECOVERABLE (not held), which the wait returns. */
static int relock(struct waiting *w)
{
    ZL_ADD(&w->c->__waiters, -1);
    int r;
    while ((r = pthread_mutex_lock(w->m)) == EAGAIN)
        ;
    if (r != ENOTRECOVERABLE && (w->m->__type & 3) == PTHREAD_MUTEX_RECURSIVE)
        w->m->__count = w->count;
    return r;
}

/* Cancelled while waiting: the cleanup handlers run with the mutex held, and a signal this
 * thread may have taken is passed on to another waiter (POSIX: a cancelled waiter does not
 * consume a signal while others wait; a spurious wake-up is allowed). */
static void cancel_cleanup(void *p)
{
    struct waiting *w = p;
    (void)relock(w);
    pthread_cond_signal(w->c);
}

int pthread_cond_timedwait(pthread_cond_t *restrict c, pthread_mutex_t *restrict m,
                           const struct timespec *restrict abs)
{
    if (abs && __zl_bad_timespec(abs))
        return EINVAL;
    struct waiting w = { c, m, 0 };
    int type = m->__type & 3;
    if (type != PTHREAD_MUTEX_NORMAL && (m->__owner != __zl_self()->tid || !ZL_LOAD(&m->__lock)))
        return EPERM;
    if (type == PTHREAD_MUTEX_RECURSIVE) {
        w.count = m->__count;
        m->__count = 0;
    }
    ZL_ADD(&c->__waiters, 1);
    int seq = ZL_LOAD(&c->__seq);
    pthread_mutex_unlock(m);
    __zl_cp_begin(cancel_cleanup, &w);
    int r = __zl_futex_wait(&c->__seq, seq, abs, c->__clock, c->__shared);
    __zl_cp_end();
    int lr = relock(&w);
    if (lr)
        return lr;
    return r == -ETIMEDOUT ? ETIMEDOUT : r == -EINVAL ? EINVAL : 0;
}

int pthread_cond_wait(pthread_cond_t *restrict c, pthread_mutex_t *restrict m)
{
    return pthread_cond_timedwait(c, m, NULL);
}

int pthread_cond_signal(pthread_cond_t *c)
{
    if (!ZL_LOAD(&c->__waiters))
        return 0;
    ZL_ADD(&c->__seq, 1);
    __zl_futex_wake(&c->__seq, 1, c->__shared);
    return 0;
}

int pthread_cond_broadcast(pthread_cond_t *c)
{
    if (!ZL_LOAD(&c->__waiters))
        return 0;
    ZL_ADD(&c->__seq, 1);
    __zl_futex_wake(&c->__seq, INT_MAX, c->__shared);
    return 0;
}

int pthread_cond_init(pthread_cond_t *restrict c, const pthread_condattr_t *restrict a)
{
    c->__seq = 0;
    c->__waiters = 0;
    c->__clock = a ? a->__clock : CLOCK_REALTIME;
    c->__shared = a ? a->__shared : 0;
    return 0;
}

int pthread_cond_destroy(pthread_cond_t *c)
{
    return ZL_LOAD(&c->__waiters) ? EBUSY : 0;
}

int pthread_condattr_init(pthread_condattr_t *a)
{
    a->__clock = CLOCK_REALTIME;
    a->__shared = 0;
    return 0;
}

int pthread_condattr_destroy(pthread_condattr_t *a)
{
    (void)a;
    return 0;
}

int pthread_condattr_getclock(const pthread_condattr_t *restrict a, clockid_t *restrict c)
{
    *c = a->__clock;
    return 0;
}

int pthread_condattr_setclock(pthread_condattr_t *a, clockid_t c)
{
    if (c != CLOCK_REALTIME && c != CLOCK_MONOTONIC)
        return EINVAL;
    a->__clock = c;
    return 0;
}

int pthread_condattr_getpshared(const pthread_condattr_t *restrict a, int *restrict s)
{
    return __zl_get_pshared(a->__shared, s);
}

int pthread_condattr_setpshared(pthread_condattr_t *a, int s)
{
    return __zl_set_pshared(&a->__shared, s);
}
