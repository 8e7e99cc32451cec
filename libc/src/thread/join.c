/* pthread_join (a cancellation point) and pthread_detach. */
#include "zl_thread.h"
#include <sys/mman.h>

/* Sleeps until the kernel has cleared the thread's tid (CLONE_CHILD_CLEARTID): the thread
 * no longer runs on its stack.  The kernel's wake-up is a shared-futex wake. */
static void wait_gone(struct __zl_pthread *t)
{
    int tid;
    while ((tid = ZL_LOAD(&t->tid)) != 0)
        (void)__zl_futex_wait(&t->tid, tid, NULL, 0, 1);
}

int pthread_join(pthread_t t, void **result)
{
    if (t == __zl_self())
        return EDEADLK;
    if (ZL_LOAD(&t->detach_state) == ZL_DETACHED)
        return EINVAL;
    __zl_cp_begin(NULL, NULL);
    wait_gone(t);
    __zl_cp_end();
    if (result)
        *result = t->result;
    if (t->map)
        munmap(t->map, t->map_len);
    return 0;
}

int pthread_detach(pthread_t t)
{
    int st = ZL_JOINABLE;
    if (ZL_CAS(&t->detach_state, &st, ZL_DETACHED))
        return 0;
    if (st != ZL_EXITING)
        return EINVAL;
    /* Already exiting as a joinable thread: reclaim it here. */
    wait_gone(t);
    if (t->map)
        munmap(t->map, t->map_len);
    return 0;
}
