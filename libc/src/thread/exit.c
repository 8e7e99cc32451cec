/* pthread_exit and the pthread_cleanup_push/pop records. */
#include "zl_thread.h"
#include <stdlib.h>

void __zl_cleanup_push(struct __zl_cleanup *c, void (*fn)(void *), void *arg)
{
    struct __zl_pthread *t = __zl_self();
    c->__fn = fn;
    c->__arg = arg;
    c->__next = t->cleanup;
    t->cleanup = c;
}

void __zl_cleanup_pop(struct __zl_cleanup *c, int execute)
{
    __zl_self()->cleanup = c->__next;
    if (execute)
        c->__fn(c->__arg);
}

_Noreturn void pthread_exit(void *result)
{
    struct __zl_pthread *t = __zl_self();
    t->exiting = 1;
    ZL_STORE(&t->in_cp, 0);
    while (t->cleanup) {
        struct __zl_cleanup *c = t->cleanup;
        t->cleanup = c->__next;
        c->__fn(c->__arg);
    }
    __zl_tsd_run_destructors(t);
    t->result = result;
    /* The last thread ends the process as exit(0) would (atexit handlers, stdio flush). */
    if (ZL_ADD(&__zl_nthreads, -1) == 0)
        exit(0);
    /* From here no signal handler may run: the stack and TLS may be unmapped under it. */
    unsigned long long all = ~0ull;
    (void)SYS4(rt_sigprocmask, SIG_BLOCK, &all, NULL, sizeof all);
    int st = ZL_JOINABLE;
    if (!ZL_CAS(&t->detach_state, &st, ZL_EXITING) && st == ZL_DETACHED && t->map) {
        /* Detached: nobody will join, so the thread frees its own mapping.  The kernel
         * must not write the tid into it after the unmap (the pages could belong to a new
         * mapping by then), nor read the robust list there. */
        (void)SYS1(set_tid_address, 0);
        __zl_robust_abandon(t);
        __zl_unmap_exit(t->map, t->map_len);
    }
    for (;;)
        (void)SYS1(exit, 0);
}
