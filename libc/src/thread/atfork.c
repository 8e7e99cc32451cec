/* pthread_atfork handlers and what fork() does around the clone: the prepare handlers in
 * reverse order of registration, then the library's locks (malloc, stdio) are taken, so the
 * child gets them in a consistent state; after the clone both sides release them and run
 * the parent/child handlers in order of registration.  The child is single-threaded. */
#include "zl_thread.h"
#include <stdlib.h>

struct handlers {
    void (*prepare)(void), (*parent)(void), (*child)(void);
};
static struct handlers *list;
static int count, cap;
static int list_lock;

int pthread_atfork(void (*prepare)(void), void (*parent)(void), void (*child)(void))
{
    __zl_lock(&list_lock);
    if (count == cap) {
        int ncap = cap ? 2 * cap : 8;
        struct handlers *n = realloc(list, (size_t)ncap * sizeof *n);
        if (!n) {
            __zl_unlock(&list_lock);
            return ENOMEM;
        }
        list = n;
        cap = ncap;
    }
    list[count++] = (struct handlers){ prepare, parent, child };
    __zl_unlock(&list_lock);
    return 0;
}

void __zl_fork_prepare(void)
{
    __zl_lock(&list_lock);
    for (int i = count; i-- > 0;)
        if (list[i].prepare)
            list[i].prepare();
    __zl_stdio_lock_all();
    __zl_malloc_lock_all();
}

void __zl_fork_parent(void)
{
    __zl_malloc_unlock_all();
    __zl_stdio_unlock_all(0);
    for (int i = 0; i < count; i++)
        if (list[i].parent)
            list[i].parent();
    __zl_unlock(&list_lock);
}

void __zl_fork_child(void)
{
    struct __zl_pthread *t = __zl_self();
    t->tid = (int)SYS0(gettid);
    __zl_robust_fork_child(t);
    ZL_STORE(&__zl_nthreads, 1);
    __zl_malloc_unlock_all();
    __zl_stdio_unlock_all(1);
    list_lock = 0;
    for (int i = 0; i < count; i++)
        if (list[i].child)
            list[i].child();
}
