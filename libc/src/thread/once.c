/* pthread_once: 0 not run, 1 running, 3 running with waiters, 2 done.  If the routine is
 * cancelled the state returns to 0 and a waiter runs it. */
#include "zl_thread.h"
#include <limits.h>

static void undo(void *p)
{
    if (ZL_XCHG((int *)p, 0) == 3)
        __zl_futex_wake(p, INT_MAX, 0);
}

int pthread_once(pthread_once_t *o, void (*fn)(void))
{
    for (;;) {
        int s = ZL_LOAD(o);
        if (s == 2)
            return 0;
        if (s == 0) {
            if (!ZL_CAS(o, &s, 1))
                continue;
            pthread_cleanup_push(undo, o);
            fn();
            pthread_cleanup_pop(0);
            if (ZL_XCHG(o, 2) == 3)
                __zl_futex_wake(o, INT_MAX, 0);
            return 0;
        }
        if (s == 1 && !ZL_CAS(o, &s, 3))
            continue;
        (void)__zl_futex_wait(o, 3, NULL, 0, 0);
    }
}
