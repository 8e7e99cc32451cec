/* pthread_create: one mapping per thread, from low to high addresses
 *   [guard page(s), PROT_NONE][stack ...][TLS area][descriptor]
 * (with pthread_attr_setstack the stack is the caller's and the mapping holds only the TLS
 * area and the descriptor).  The thread is started by clone(2) with the flags of a POSIX
 * thread; the kernel writes its tid into the descriptor (CLONE_PARENT_SETTID) and clears it
 * and wakes a futex waiter on it when the thread is gone (CLONE_CHILD_CLEARTID): that is
 * what pthread_join waits for before it unmaps the mapping. */
#include "zl_thread.h"
#include <bits/abi_clone.h>
#include <sys/mman.h>
#include <stdint.h>

#define PAGE 4096u
#define DEFAULT_STACK (2u << 20)
#define CLONE_FLAGS (CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD | \
                     CLONE_SYSVSEM | CLONE_SETTLS | CLONE_PARENT_SETTID | CLONE_CHILD_CLEARTID)

static size_t page_round(size_t n)
{
    return (n + PAGE - 1) & ~(size_t)(PAGE - 1);
}

static int start(void *p)
{
    struct __zl_pthread *t = p;
    if (!ZL_LOAD(&t->tid)) {
        int z = 0;
        (void)ZL_CAS(&t->tid, &z, (int)SYS0(gettid));
    }
    pthread_sigmask(SIG_SETMASK, &t->start_mask, NULL);
    pthread_exit(t->start(t->arg));
}

int pthread_create(pthread_t *restrict res, const pthread_attr_t *restrict attr,
                   void *(*fn)(void *), void *restrict arg)
{
    pthread_attr_t def;
    if (!attr) {
        pthread_attr_init(&def);
        attr = &def;
    }
    (void)__zl_self();   /* the creator's descriptor exists before any other thread */
    int own_stack = attr->__stackaddr == NULL;
    size_t guard = own_stack ? page_round(attr->__guardsize) : 0;
    size_t stack = own_stack ? page_round(attr->__stacksize ? attr->__stacksize : DEFAULT_STACK) : 0;
    size_t tls = __zl_tls_area_size();
    size_t dsz = (sizeof(struct __zl_pthread) + 63) & ~(size_t)63;
    if (stack > SIZE_MAX / 2 || guard > SIZE_MAX / 2 || tls > SIZE_MAX / 4)
        return EAGAIN;
    size_t len = page_round(guard + stack + tls + dsz + 64);
    unsigned char *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        return EAGAIN;
    if (guard && mprotect(m, guard, PROT_NONE) < 0) {
        munmap(m, len);
        return EAGAIN;
    }
    struct __zl_pthread *t = (struct __zl_pthread *)(void *)(m + len - dsz);
    unsigned char *tlsmem = (unsigned char *)((uintptr_t)((unsigned char *)t - tls) & ~(uintptr_t)63);
    void **tp = __zl_tls_build(tlsmem);
    tp[-1] = t;
    unsigned char *top = own_stack ? tlsmem : (unsigned char *)attr->__stackaddr + attr->__stacksize;
    top = (unsigned char *)((uintptr_t)top & ~(uintptr_t)63);
    t->self = t;
    t->map = m;
    t->map_len = len;
    t->start = fn;
    t->arg = arg;
    t->detach_state = attr->__detach ? ZL_DETACHED : ZL_JOINABLE;

    /* The new thread starts with every signal blocked and installs the creator's mask
     * itself, so no handler runs on it before it is ready. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    t->start_mask = old;
    ZL_STORE(&__zl_threaded, 1);
    ZL_ADD(&__zl_nthreads, 1);
    long r = __zl_clone(start, top, CLONE_FLAGS, t, &t->tid, tp, &t->tid);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (r < 0) {
        ZL_ADD(&__zl_nthreads, -1);
        munmap(m, len);
        return r == -ENOMEM || r == -EAGAIN ? EAGAIN : (int)-r;
    }
    *res = t;
    return 0;
}
