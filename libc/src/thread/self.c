/* The thread descriptor of the calling thread: ((void **)tp)[-1] (the thread control block
 * of the TLS layout, zl_tls.h).  The main thread's descriptor is a static one, installed at
 * its first use (also before the TLS is set up, when tp is still 0). */
#include "zl_thread.h"

ZL_HIDDEN int __zl_threaded;
ZL_HIDDEN int __zl_nthreads = 1;
static struct __zl_pthread main_thread;

static struct __zl_pthread *main_init(void)
{
    struct __zl_pthread *t = &main_thread;
    if (!t->self) {
        t->self = t;
        /* The kernel clears and wakes tid when the main thread exits (pthread_exit from
         * main, then pthread_join of it); set_tid_address returns the tid. */
        t->tid = (int)SYS1(set_tid_address, &t->tid);
    }
    return t;
}

struct __zl_pthread *__zl_self(void)
{
    void **tp = __zl_tp();
    if (!tp)
        return main_init();
    struct __zl_pthread *t = tp[-1];
    if (!t) {
        t = main_init();
        tp[-1] = t;
    }
    return t;
}

pthread_t pthread_self(void)
{
    return __zl_self();
}

int pthread_equal(pthread_t a, pthread_t b)
{
    return a == b;
}
