/* Thread-specific data: PTHREAD_KEYS_MAX keys.  Each key has a sequence number, bumped by
 * pthread_key_create and pthread_key_delete; a thread's value counts only if it was stored
 * under the key's current number, so a new key reads NULL in every thread without touching
 * other threads' descriptors. */
#include "zl_thread.h"

static int key_lock;
static unsigned key_seq[PTHREAD_KEYS_MAX];
static int key_used[PTHREAD_KEYS_MAX];
static void (*key_dtor[PTHREAD_KEYS_MAX])(void *);

int pthread_key_create(pthread_key_t *k, void (*dtor)(void *))
{
    __zl_lock(&key_lock);
    for (unsigned i = 0; i < PTHREAD_KEYS_MAX; i++)
        if (!key_used[i]) {
            key_dtor[i] = dtor;
            ZL_ADD(&key_seq[i], 1);
            ZL_STORE(&key_used[i], 1);
            __zl_unlock(&key_lock);
            *k = i;
            return 0;
        }
    __zl_unlock(&key_lock);
    return EAGAIN;
}

int pthread_key_delete(pthread_key_t k)
{
    if (k >= PTHREAD_KEYS_MAX)
        return EINVAL;
    __zl_lock(&key_lock);
    if (!key_used[k]) {
        __zl_unlock(&key_lock);
        return EINVAL;
    }
    ZL_STORE(&key_used[k], 0);
    ZL_ADD(&key_seq[k], 1);
    key_dtor[k] = NULL;
    __zl_unlock(&key_lock);
    return 0;
}

void *pthread_getspecific(pthread_key_t k)
{
    if (k >= PTHREAD_KEYS_MAX)
        return NULL;
    struct __zl_pthread *t = __zl_self();
    return t->tsd[k].seq == ZL_LOAD(&key_seq[k]) ? t->tsd[k].value : NULL;
}

int pthread_setspecific(pthread_key_t k, const void *v)
{
    if (k >= PTHREAD_KEYS_MAX || !ZL_LOAD(&key_used[k]))
        return EINVAL;
    struct __zl_pthread *t = __zl_self();
    t->tsd[k].value = (void *)v;
    t->tsd[k].seq = ZL_LOAD(&key_seq[k]);
    t->tsd_used = 1;
    return 0;
}

/* At thread exit: each non-NULL value of a live key with a destructor is set to NULL and
 * the destructor called with it; repeated while destructors store new values, at most
 * PTHREAD_DESTRUCTOR_ITERATIONS rounds. */
void __zl_tsd_run_destructors(struct __zl_pthread *t)
{
    if (!t->tsd_used)
        return;
    for (int round = 0; round < PTHREAD_DESTRUCTOR_ITERATIONS; round++) {
        int any = 0;
        for (unsigned i = 0; i < PTHREAD_KEYS_MAX; i++) {
            __zl_lock(&key_lock);
            void (*d)(void *) = key_used[i] && t->tsd[i].seq == key_seq[i] ? key_dtor[i] : NULL;
            __zl_unlock(&key_lock);
            void *v = t->tsd[i].value;
            if (d && v && t->tsd[i].seq == ZL_LOAD(&key_seq[i])) {
                t->tsd[i].value = NULL;
                d(v);
                any = 1;
            }
        }
        if (!any)
            break;
    }
}
