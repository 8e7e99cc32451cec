/* Deferred and asynchronous cancellation.
 * pthread_cancel marks the target and sends it ZL_SIGCANCEL.  The target acts on the request
 * (runs its cleanup handlers and key destructors, exits with PTHREAD_CANCELED) when
 *  - it calls pthread_testcancel or enters a cancellation point (__zl_cp_begin) with the
 *    request pending, or
 *  - the signal arrives while it is inside a cancellation point (in_cp: about to block or
 *    blocked in the system call), or anywhere with PTHREAD_CANCEL_ASYNCHRONOUS.
 * in_cp is set before the pending flag is read and pthread_cancel sets the flag before it
 * signals, so a request is never missed: either the thread sees the flag, or the handler
 * sees in_cp.  The handler is installed with SA_RESTART, so when it does not act (cancel
 * disabled, not in a cancellation point) the interrupted call resumes. */
#include "zl_thread.h"
#include <string.h>

static int handler_installed;
static int handler_lock;

static _Noreturn void act(struct __zl_pthread *t)
{
    void (*cleanup)(void *) = t->cp_cleanup;
    ZL_STORE(&t->in_cp, 0);
    t->cp_cleanup = NULL;
    t->cancel_disabled = 1;
    if (cleanup)
        cleanup(t->cp_arg);
    pthread_exit(PTHREAD_CANCELED);
}

static void handler(int sig)
{
    (void)sig;
    struct __zl_pthread *t = __zl_self();
    if (t->cancel_disabled || t->exiting || !ZL_LOAD(&t->cancel_pending))
        return;
    if (t->cancel_async || ZL_LOAD(&t->in_cp))
        act(t);
}

static void install(void)
{
    if (ZL_LOAD(&handler_installed))
        return;
    __zl_lock(&handler_lock);
    if (!handler_installed) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = handler;
        sa.sa_flags = SA_RESTART;
        sigfillset(&sa.sa_mask);
        sigaction(ZL_SIGCANCEL, &sa, NULL);
        ZL_STORE(&handler_installed, 1);
    }
    __zl_unlock(&handler_lock);
}

int pthread_cancel(pthread_t t)
{
    install();
    ZL_STORE(&t->cancel_pending, 1);
    struct __zl_pthread *me = __zl_self();
    if (t == me) {
        if (!me->cancel_disabled && me->cancel_async && !me->exiting)
            act(me);
        return 0;
    }
    int tid = ZL_LOAD(&t->tid);
    if (tid)
        (void)SYS3(tgkill, SYS0(getpid), tid, ZL_SIGCANCEL);
    return 0;
}

static int may_act(struct __zl_pthread *t)
{
    return !t->cancel_disabled && !t->exiting && ZL_LOAD(&t->cancel_pending);
}

int pthread_setcancelstate(int state, int *old)
{
    if (state != PTHREAD_CANCEL_ENABLE && state != PTHREAD_CANCEL_DISABLE)
        return EINVAL;
    struct __zl_pthread *t = __zl_self();
    if (old)
        *old = t->cancel_disabled ? PTHREAD_CANCEL_DISABLE : PTHREAD_CANCEL_ENABLE;
    t->cancel_disabled = state == PTHREAD_CANCEL_DISABLE;
    if (t->cancel_async && may_act(t))
        act(t);
    return 0;
}

int pthread_setcanceltype(int type, int *old)
{
    if (type != PTHREAD_CANCEL_DEFERRED && type != PTHREAD_CANCEL_ASYNCHRONOUS)
        return EINVAL;
    struct __zl_pthread *t = __zl_self();
    if (old)
        *old = t->cancel_async ? PTHREAD_CANCEL_ASYNCHRONOUS : PTHREAD_CANCEL_DEFERRED;
    t->cancel_async = type == PTHREAD_CANCEL_ASYNCHRONOUS;
    if (t->cancel_async && may_act(t))
        act(t);
    return 0;
}

void pthread_testcancel(void)
{
    struct __zl_pthread *t = __zl_self();
    if (may_act(t))
        act(t);
}

void __zl_cp_begin(void (*cleanup)(void *), void *arg)
{
    struct __zl_pthread *t = __zl_self();
    t->cp_cleanup = cleanup;
    t->cp_arg = arg;
    ZL_STORE(&t->in_cp, 1);
    if (may_act(t))
        act(t);
}

void __zl_cp_end(void)
{
    struct __zl_pthread *t = __zl_self();
    ZL_STORE(&t->in_cp, 0);
    t->cp_cleanup = NULL;
}
