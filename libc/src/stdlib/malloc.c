/* zlibc's allocator (docs/libc.md):
 *  - small requests (<= 32 KiB) are served from size classes: 16-byte steps up to 256, then
 *    four classes per power of two.  Each class owns "spans" (mmap'd runs of pages, at least
 *    64 KiB or 8 chunks) cut into equal chunks; a span keeps its own free list and count, and
 *    the class keeps a doubly linked list of spans that have free chunks;
 *  - a span whose chunks are all free again is returned to the system with munmap, unless it
 *    is the class's only span with free space (kept to avoid map/unmap thrashing);
 *  - larger requests get their own mapping, unmapped by free; realloc grows them with mremap;
 *  - every chunk starts with a 16-byte header whose first word is the owning span's address
 *    (or the mapping's, for large blocks) with flag bits in the low bits, so free() finds
 *    everything from the pointer; a freed chunk has its IN_USE bit cleared, so double frees
 *    and foreign pointers are detected and abort with a message.
 * Alignment of every result: 16 bytes (max_align_t, docs/abi.md 1.2).
 * Threads: each size class has its own futex lock (its span list and its spans' free lists
 * are touched only under it), so there is no global lock; large blocks need none (mmap).
 * The locks are skipped while the process is single-threaded (__zl_lock_st). */
#include "zl_thread.h"
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/mman.h>

#define HDR 16u
#define ALIGN 16u
#define PAGE 4096u
#define F_LARGE 1u
#define F_INUSE 2u
#define FLAGS 15u
#define SPAN_MAGIC 0x5a4c5350u   /* "ZLSP" */
#define LARGE_MAGIC 0x5a4c4c47u  /* "ZLLG" */
#define MAX_SMALL 32768u
#define NCLASS 44

struct span {
    unsigned magic;
    unsigned cls;
    unsigned nfree, ntotal;
    size_t csize;            /* chunk size including the header */
    size_t maplen;
    unsigned char *data;     /* first chunk */
    void *free;              /* free list through the chunks' user words */
    struct span *prev, *next;
};

struct large {
    unsigned magic;
    size_t maplen;
};

static size_t class_size[NCLASS];   /* user bytes */
static struct span *partial[NCLASS];
static int class_lock[NCLASS];
static int inited, init_lock;

static void init_classes(void)
{
    __zl_lock_st(&init_lock);
    if (!inited) {
        int n = 0;
        for (size_t s = 16; s <= 256; s += 16)
            class_size[n++] = s;
        for (size_t p = 256; p < MAX_SMALL; p *= 2)
            for (size_t k = 5; k <= 8; k++)
                class_size[n++] = p * k / 4;
        ZL_STORE(&inited, 1);
    }
    __zl_unlock_st(&init_lock);
}

/* fork: every class lock is held across the clone (thread/atfork.c). */
void __zl_malloc_lock_all(void)
{
    for (int i = 0; i < NCLASS; i++)
        __zl_lock(&class_lock[i]);
}

void __zl_malloc_unlock_all(void)
{
    for (int i = 0; i < NCLASS; i++)
        __zl_unlock(&class_lock[i]);
}

static int class_of(size_t n)
{
    if (n <= 256)
        return n == 0 ? 0 : (int)((n + 15) / 16) - 1;
    int lo = 16, hi = NCLASS - 1;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (class_size[mid] >= n)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

static uintptr_t *hdr_of(void *p)
{
    return (uintptr_t *)(void *)((unsigned char *)p - HDR);
}

static void *map(size_t len)
{
    void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

static void list_remove(struct span *s)
{
    if (s->prev)
        s->prev->next = s->next;
    else
        partial[s->cls] = s->next;
    if (s->next)
        s->next->prev = s->prev;
    s->prev = s->next = NULL;
}

static void list_push(struct span *s)
{
    s->prev = NULL;
    s->next = partial[s->cls];
    if (s->next)
        s->next->prev = s;
    partial[s->cls] = s;
}

static struct span *new_span(int cls)
{
    size_t csize = class_size[cls] + HDR;
    size_t shdr = (sizeof(struct span) + ALIGN - 1) & ~(size_t)(ALIGN - 1);
    size_t len = 65536;
    if (len < shdr + 8 * csize)
        len = (shdr + 8 * csize + PAGE - 1) & ~(size_t)(PAGE - 1);
    struct span *s = map(len);
    if (!s)
        return NULL;
    s->magic = SPAN_MAGIC;
    s->cls = (unsigned)cls;
    s->csize = csize;
    s->maplen = len;
    s->data = (unsigned char *)s + shdr;
    s->ntotal = s->nfree = (unsigned)((len - shdr) / csize);
    s->free = NULL;
    /* Thread the chunks in address order. */
    for (unsigned i = s->ntotal; i-- > 0;) {
        unsigned char *c = s->data + (size_t)i * csize;
        *(void **)(void *)(c + HDR) = s->free;
        s->free = c + HDR;
    }
    s->prev = s->next = NULL;
    list_push(s);
    return s;
}

static void *large_alloc(size_t n, size_t align)
{
    size_t off = (HDR + sizeof(struct large) + align - 1) & ~(align - 1);
    if (n > SIZE_MAX - off - 2 * PAGE - align) {
        errno = ENOMEM;
        return NULL;
    }
    size_t len = (off + n + PAGE - 1) & ~(size_t)(PAGE - 1);
    size_t extra = align > PAGE ? align : 0;
    unsigned char *m = map(len + extra);
    if (!m) {
        errno = ENOMEM;
        return NULL;
    }
    if (extra) {
        /* Trim the mapping so that m + off is aligned. */
        uintptr_t want = ((uintptr_t)m + off + align - 1) & ~(uintptr_t)(align - 1);
        unsigned char *nm = (unsigned char *)(want - off);
        size_t lead = (size_t)(nm - m);
        lead &= ~(size_t)(PAGE - 1);
        nm = m + lead;
        if (lead)
            munmap(m, lead);
        size_t tail = len + extra - lead;
        size_t need = ((want - (uintptr_t)nm) + n + PAGE - 1) & ~(size_t)(PAGE - 1);
        if (tail > need)
            munmap(nm + need, tail - need);
        m = nm;
        len = need;
        off = (size_t)(want - (uintptr_t)m);
    }
    struct large *l = (struct large *)(void *)m;
    l->magic = LARGE_MAGIC;
    l->maplen = len;
    unsigned char *p = m + off;
    *hdr_of(p) = (uintptr_t)m | F_LARGE | F_INUSE;
    return p;
}

static void *small_alloc(int cls)
{
    __zl_lock_st(&class_lock[cls]);
    struct span *s = partial[cls];
    if (!s && !(s = new_span(cls))) {
        __zl_unlock_st(&class_lock[cls]);
        errno = ENOMEM;
        return NULL;
    }
    void *p = s->free;
    s->free = *(void **)p;
    if (--s->nfree == 0)
        list_remove(s);
    *hdr_of(p) = (uintptr_t)s | F_INUSE;
    __zl_unlock_st(&class_lock[cls]);
    return p;
}

void *malloc(size_t n)
{
    if (!ZL_LOAD(&inited))
        init_classes();
    if (n > MAX_SMALL)
        return large_alloc(n, ALIGN);
    return small_alloc(class_of(n));
}

/* Checks a pointer handed to free/realloc; aborts on anything we did not hand out. */
static uintptr_t check(void *p, const char *who)
{
    if (((uintptr_t)p & (ALIGN - 1)) != 0)
        goto bad;
    uintptr_t h = *hdr_of(p);
    if (!(h & F_INUSE))
        goto bad;
    if (h & F_LARGE) {
        struct large *l = (struct large *)(h & ~(uintptr_t)FLAGS);
        if (l->magic != LARGE_MAGIC)
            goto bad;
    } else {
        struct span *s = (struct span *)(h & ~(uintptr_t)FLAGS);
        if (!s || s->magic != SPAN_MAGIC || (unsigned char *)p < s->data ||
            (unsigned char *)p >= (unsigned char *)s + s->maplen)
            goto bad;
    }
    return h;
bad:
    __zl_fatal(who);
}

/* The chunk (header address) that contains user pointer p of span s. */
static unsigned char *chunk_of(struct span *s, void *p)
{
    size_t off = (size_t)((unsigned char *)p - HDR - s->data);
    return s->data + off / s->csize * s->csize;
}

void free(void *p)
{
    if (!p)
        return;
    uintptr_t h = check(p, "free(): invalid pointer or double free");
    if (h & F_LARGE) {
        struct large *l = (struct large *)(h & ~(uintptr_t)FLAGS);
        *hdr_of(p) = 0;
        munmap(l, l->maplen);
        return;
    }
    struct span *s = (struct span *)(h & ~(uintptr_t)FLAGS);
    unsigned cls = s->cls;
    __zl_lock_st(&class_lock[cls]);
    unsigned char *c = chunk_of(s, p);
    *hdr_of(p) = 0;                          /* aligned_alloc's inner header, if any */
    *(uintptr_t *)(void *)c = (uintptr_t)s;  /* the chunk's own header: not in use */
    void *u = c + HDR;
    *(void **)u = s->free;
    s->free = u;
    if (s->nfree++ == 0)
        list_push(s);
    if (s->nfree == s->ntotal && (s->prev || s->next)) {
        list_remove(s);
        s->magic = 0;
        __zl_unlock_st(&class_lock[cls]);
        munmap(s, s->maplen);
        return;
    }
    __zl_unlock_st(&class_lock[cls]);
}

size_t malloc_usable_size(void *p)
{
    if (!p)
        return 0;
    uintptr_t h = check(p, "malloc_usable_size(): invalid pointer");
    if (h & F_LARGE) {
        struct large *l = (struct large *)(h & ~(uintptr_t)FLAGS);
        return (size_t)((unsigned char *)l + l->maplen - (unsigned char *)p);
    }
    struct span *s = (struct span *)(h & ~(uintptr_t)FLAGS);
    unsigned char *c = chunk_of(s, p);
    return (size_t)(c + s->csize - (unsigned char *)p);
}

void *calloc(size_t n, size_t m)
{
    if (m && n > SIZE_MAX / m) {
        errno = ENOMEM;
        return NULL;
    }
    size_t t = n * m;
    void *p = malloc(t);
    if (!p)
        return NULL;
    /* Fresh mappings are already zero; reused chunks are not. */
    memset(p, 0, t);
    return p;
}

void *realloc(void *p, size_t n)
{
    if (!p)
        return malloc(n);
    uintptr_t h = check(p, "realloc(): invalid pointer");
    size_t have = malloc_usable_size(p);
    if (n <= have) {
        /* Shrink in place unless a small block would waste most of its chunk. */
        if ((h & F_LARGE) || n > MAX_SMALL || class_of(n) + 4 >= (int)((struct span *)(h & ~(uintptr_t)FLAGS))->cls)
            return p;
    } else if (h & F_LARGE) {
        struct large *l = (struct large *)(h & ~(uintptr_t)FLAGS);
        size_t off = (size_t)((unsigned char *)p - (unsigned char *)l);
        if (n <= SIZE_MAX - off - PAGE) {
            size_t len = (off + n + PAGE - 1) & ~(size_t)(PAGE - 1);
            void *m = mremap(l, l->maplen, len, MREMAP_MAYMOVE);
            if (m != MAP_FAILED) {
                l = m;
                l->maplen = len;
                unsigned char *np = (unsigned char *)m + off;
                *hdr_of(np) = (uintptr_t)m | F_LARGE | F_INUSE;
                return np;
            }
        }
    }
    void *q = malloc(n);
    if (!q)
        return NULL;
    memcpy(q, p, n < have ? n : have);
    free(p);
    return q;
}

void *reallocarray(void *p, size_t n, size_t m)
{
    if (m && n > SIZE_MAX / m) {
        errno = ENOMEM;
        return NULL;
    }
    return realloc(p, n * m);
}

void *aligned_alloc(size_t align, size_t n)
{
    if (align == 0 || (align & (align - 1))) {
        errno = EINVAL;
        return NULL;
    }
    if (align <= ALIGN)
        return malloc(n);
    if (!ZL_LOAD(&inited))
        init_classes();
    if (n > SIZE_MAX - align) {
        errno = ENOMEM;
        return NULL;
    }
    if (n + align > MAX_SMALL)
        return large_alloc(n, align);
    /* A small chunk big enough for an aligned block and its own header inside it. */
    unsigned char *p = small_alloc(class_of(n + align));
    if (!p)
        return NULL;
    uintptr_t h = *hdr_of(p);
    unsigned char *q = (unsigned char *)(((uintptr_t)p + align - 1) & ~(uintptr_t)(align - 1));
    if (q != p) {
        *hdr_of(p) = h & ~(uintptr_t)F_INUSE;   /* the chunk's header: see the inner one */
        *hdr_of(q) = h;
    }
    return q;
}

void *memalign(size_t align, size_t n)
{
    return aligned_alloc(align, n);
}

/* Obsolete: page-aligned memory (the page is 4096 bytes at every XLEN, getpagesize). */
void *valloc(size_t n)
{
    return aligned_alloc(4096, n);
}

int posix_memalign(void **out, size_t align, size_t n)
{
    if (align < sizeof(void *) || (align & (align - 1)))
        return EINVAL;
    int e = errno;
    void *p = aligned_alloc(align, n);
    errno = e;
    if (!p)
        return ENOMEM;
    *out = p;
    return 0;
}
