/* C11 <threads.h> on the POSIX threads: the types are the pthread ones; a C11 thread's int
 * result travels through the void * result of the POSIX thread. */
#include "zl_thread.h"
#include <threads.h>
#include <stdint.h>
#include <stdlib.h>
#include <sched.h>

static int map_err(int e)
{
    return e == 0 ? thrd_success : e == ENOMEM || e == EAGAIN ? thrd_nomem :
           e == EBUSY ? thrd_busy : e == ETIMEDOUT ? thrd_timedout : thrd_error;
}

struct c11_start {
    thrd_start_t fn;
    void *arg;
};

static void *c11_trampoline(void *p)
{
    struct c11_start s = *(struct c11_start *)p;
    free(p);
    return (void *)(intptr_t)s.fn(s.arg);
}

int thrd_create(thrd_t *t, thrd_start_t fn, void *arg)
{
    struct c11_start *s = malloc(sizeof *s);
    if (!s)
        return thrd_nomem;
    s->fn = fn;
    s->arg = arg;
    int e = pthread_create(t, NULL, c11_trampoline, s);
    if (e)
        free(s);
    return map_err(e);
}

int thrd_equal(thrd_t a, thrd_t b) { return a == b; }
thrd_t thrd_current(void) { return pthread_self(); }
void thrd_yield(void) { (void)sched_yield(); }
_Noreturn void thrd_exit(int r) { pthread_exit((void *)(intptr_t)r); }
int thrd_detach(thrd_t t) { return map_err(pthread_detach(t)); }

int thrd_join(thrd_t t, int *res)
{
    void *r;
    int e = pthread_join(t, &r);
    if (e)
        return thrd_error;
    if (res)
        *res = (int)(intptr_t)r;
    return thrd_success;
}

/* 0 on success, -1 if interrupted by a signal, -2 on another error (C11 7.26.5.7). */
int thrd_sleep(const struct timespec *d, struct timespec *rem)
{
    if (nanosleep(d, rem) == 0)
        return 0;
    return errno == EINTR ? -1 : -2;
}

int mtx_init(mtx_t *m, int type)
{
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    if (type & mtx_recursive)
        pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    else if (type != mtx_plain && type != mtx_timed)
        return thrd_error;
    return map_err(pthread_mutex_init(m, &a));
}

int mtx_lock(mtx_t *m) { return map_err(pthread_mutex_lock(m)); }
int mtx_trylock(mtx_t *m) { return map_err(pthread_mutex_trylock(m)); }
int mtx_unlock(mtx_t *m) { return map_err(pthread_mutex_unlock(m)); }
void mtx_destroy(mtx_t *m) { (void)pthread_mutex_destroy(m); }
int mtx_timedlock(mtx_t *restrict m, const struct timespec *restrict ts)
{
    return map_err(pthread_mutex_timedlock(m, ts));
}

void call_once(once_flag *o, void (*fn)(void)) { (void)pthread_once(o, fn); }

int cnd_init(cnd_t *c) { return map_err(pthread_cond_init(c, NULL)); }
int cnd_signal(cnd_t *c) { return map_err(pthread_cond_signal(c)); }
int cnd_broadcast(cnd_t *c) { return map_err(pthread_cond_broadcast(c)); }
int cnd_wait(cnd_t *c, mtx_t *m) { return map_err(pthread_cond_wait(c, m)); }
void cnd_destroy(cnd_t *c) { (void)pthread_cond_destroy(c); }
int cnd_timedwait(cnd_t *restrict c, mtx_t *restrict m, const struct timespec *restrict ts)
{
    return map_err(pthread_cond_timedwait(c, m, ts));
}

int tss_create(tss_t *k, tss_dtor_t d) { return map_err(pthread_key_create(k, d)); }
void *tss_get(tss_t k) { return pthread_getspecific(k); }
int tss_set(tss_t k, void *v) { return map_err(pthread_setspecific(k, v)); }
void tss_delete(tss_t k) { (void)pthread_key_delete(k); }
