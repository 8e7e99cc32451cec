/* <search.h>: hsearch and GNU hsearch_r (open addressing, linear probing, FNV-1a hash of
 * the key string; the table doubles when three quarters full, so ENTER fails only without
 * memory), lsearch/lfind, insque/remque. */
#include <search.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static size_t hash(const char *s)
{
    size_t h = (size_t)2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static ENTRY *slot(ENTRY *tab, size_t mask, const char *key)
{
    size_t i = hash(key) & mask;
    while (tab[i].key && strcmp(tab[i].key, key) != 0)
        i = (i + 1) & mask;
    return &tab[i];
}

/* A table of size (a power of two) slots, the old entries moved in. */
static int resize(struct hsearch_data *h, size_t size)
{
    ENTRY *t = calloc(size, sizeof *t), *old = h->__table;
    size_t i, n = old ? h->__mask + 1 : 0;
    if (!t)
        return 0;
    for (i = 0; i < n; i++)
        if (old[i].key)
            *slot(t, size - 1, old[i].key) = old[i];
    free(old);
    h->__table = t;
    h->__mask = size - 1;
    return 1;
}

int hcreate_r(size_t nel, struct hsearch_data *h)
{
    size_t size = 8;
    if (!h) {
        errno = EINVAL;
        return 0;
    }
    if (h->__table)
        return 0;
    while (size - size / 4 <= nel) {    /* nel entries below the three-quarter mark */
        if (size > SIZE_MAX / 2 / sizeof(ENTRY)) {
            errno = ENOMEM;
            return 0;
        }
        size *= 2;
    }
    h->__used = 0;
    return resize(h, size);
}

void hdestroy_r(struct hsearch_data *h)
{
    if (!h)
        return;
    free(h->__table);
    h->__table = NULL;
    h->__mask = h->__used = 0;
}

int hsearch_r(ENTRY item, ACTION action, ENTRY **ret, struct hsearch_data *h)
{
    ENTRY *e;
    *ret = NULL;
    if (!h || !h->__table || !item.key) {
        errno = EINVAL;
        return 0;
    }
    e = slot(h->__table, h->__mask, item.key);
    if (e->key) {
        *ret = e;
        return 1;
    }
    if (action != ENTER) {
        errno = ESRCH;
        return 0;
    }
    if (h->__used + 1 > (h->__mask + 1) - (h->__mask + 1) / 4) {
        if (h->__mask + 1 > SIZE_MAX / 2 / sizeof(ENTRY) || !resize(h, 2 * (h->__mask + 1))) {
            errno = ENOMEM;
            return 0;
        }
        e = slot(h->__table, h->__mask, item.key);
    }
    *e = item;
    h->__used++;
    *ret = e;
    return 1;
}

static struct hsearch_data global;

int hcreate(size_t nel) { return hcreate_r(nel, &global); }
void hdestroy(void) { hdestroy_r(&global); }

ENTRY *hsearch(ENTRY item, ACTION action)
{
    ENTRY *e;
    hsearch_r(item, action, &e, &global);
    return e;
}

void *lfind(const void *key, const void *base, size_t *nelp, size_t width,
            int (*cmp)(const void *, const void *))
{
    const char *p = base;
    for (size_t i = 0; i < *nelp; i++, p += width)
        if (cmp(key, p) == 0)
            return (void *)p;
    return NULL;
}

void *lsearch(const void *key, void *base, size_t *nelp, size_t width,
              int (*cmp)(const void *, const void *))
{
    void *e = lfind(key, base, nelp, width, cmp);
    if (e)
        return e;
    e = (char *)base + *nelp * width;
    memcpy(e, key, width);
    ++*nelp;
    return e;
}

struct qlink {
    struct qlink *next, *prev;
};

/* After pred; a NULL pred starts a linear list of one element. */
void insque(void *element, void *pred)
{
    struct qlink *e = element, *p = pred;
    if (!p) {
        e->next = e->prev = NULL;
        return;
    }
    e->next = p->next;
    e->prev = p;
    p->next = e;
    if (e->next)
        e->next->prev = e;
}

void remque(void *element)
{
    struct qlink *e = element;
    if (e->next)
        e->next->prev = e->prev;
    if (e->prev)
        e->prev->next = e->next;
}
