/* Thread attributes: detach state, stack size, guard size, a caller's stack; the scheduling
 * attributes accept only what zlibc does (SCHED_OTHER, system scope, inherited). */
#include "zl_thread.h"

int pthread_attr_init(pthread_attr_t *a)
{
    a->__stacksize = 0;          /* 0: the default, 2 MiB */
    a->__guardsize = 4096;
    a->__stackaddr = NULL;
    a->__detach = PTHREAD_CREATE_JOINABLE;
    a->__set = 0;
    return 0;
}

int pthread_attr_destroy(pthread_attr_t *a)
{
    (void)a;
    return 0;
}

int pthread_attr_getdetachstate(const pthread_attr_t *a, int *s)
{
    *s = a->__detach;
    return 0;
}

int pthread_attr_setdetachstate(pthread_attr_t *a, int s)
{
    if (s != PTHREAD_CREATE_JOINABLE && s != PTHREAD_CREATE_DETACHED)
        return EINVAL;
    a->__detach = s;
    return 0;
}

int pthread_attr_getstacksize(const pthread_attr_t *restrict a, size_t *restrict s)
{
    *s = a->__stacksize ? a->__stacksize : (size_t)2 << 20;
    return 0;
}

int pthread_attr_setstacksize(pthread_attr_t *a, size_t s)
{
    if (s < PTHREAD_STACK_MIN)
        return EINVAL;
    a->__stacksize = s;
    return 0;
}

int pthread_attr_getguardsize(const pthread_attr_t *restrict a, size_t *restrict s)
{
    *s = a->__guardsize;
    return 0;
}

int pthread_attr_setguardsize(pthread_attr_t *a, size_t s)
{
    a->__guardsize = s;
    return 0;
}

int pthread_attr_getstack(const pthread_attr_t *restrict a, void **restrict addr, size_t *restrict s)
{
    if (!a->__stackaddr)
        return EINVAL;
    *addr = a->__stackaddr;
    *s = a->__stacksize;
    return 0;
}

int pthread_attr_setstack(pthread_attr_t *a, void *addr, size_t s)
{
    if (s < PTHREAD_STACK_MIN || !addr)
        return EINVAL;
    a->__stackaddr = addr;
    a->__stacksize = s;
    return 0;
}

int pthread_attr_getscope(const pthread_attr_t *restrict a, int *restrict s)
{
    (void)a;
    *s = PTHREAD_SCOPE_SYSTEM;
    return 0;
}

int pthread_attr_setscope(pthread_attr_t *a, int s)
{
    (void)a;
    return s == PTHREAD_SCOPE_SYSTEM ? 0 : s == PTHREAD_SCOPE_PROCESS ? ENOTSUP : EINVAL;
}

int pthread_attr_getinheritsched(const pthread_attr_t *restrict a, int *restrict s)
{
    (void)a;
    *s = PTHREAD_INHERIT_SCHED;
    return 0;
}

int pthread_attr_setinheritsched(pthread_attr_t *a, int s)
{
    (void)a;
    return s == PTHREAD_INHERIT_SCHED ? 0 : s == PTHREAD_EXPLICIT_SCHED ? ENOTSUP : EINVAL;
}

int pthread_attr_getschedpolicy(const pthread_attr_t *restrict a, int *restrict p)
{
    (void)a;
    *p = SCHED_OTHER;
    return 0;
}

int pthread_attr_setschedpolicy(pthread_attr_t *a, int p)
{
    (void)a;
    return p == SCHED_OTHER ? 0 : p == SCHED_FIFO || p == SCHED_RR ? ENOTSUP : EINVAL;
}

int pthread_attr_getschedparam(const pthread_attr_t *restrict a, struct sched_param *restrict p)
{
    (void)a;
    p->sched_priority = 0;
    return 0;
}

int pthread_attr_setschedparam(pthread_attr_t *restrict a, const struct sched_param *restrict p)
{
    (void)a;
    return p->sched_priority == 0 ? 0 : EINVAL;
}

/* The process-shared attribute of the condition, rwlock and barrier attributes. */
int __zl_get_pshared(int flag, int *s)
{
    *s = flag ? PTHREAD_PROCESS_SHARED : PTHREAD_PROCESS_PRIVATE;
    return 0;
}

int __zl_set_pshared(int *flag, int s)
{
    if (s != PTHREAD_PROCESS_PRIVATE && s != PTHREAD_PROCESS_SHARED)
        return EINVAL;
    *flag = s == PTHREAD_PROCESS_SHARED;
    return 0;
}
