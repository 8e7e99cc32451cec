#include "exec/mm.h"

#include "exec/hostfault.h"
#include "common/hostatomic.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* A treap node.  Besides its region it describes its subtree: the first and last
 * region in it, the largest gap between two consecutive regions of the subtree, and
 * the subtree's VMA and region counts.  mm_find hands out &node->r, so a region stays
 * where it is until it is unmapped or moved. */
struct mm_node {
    struct mm_region r;
    struct mm_node *left, *right;
    u64 prio;
    const struct mm_node *first, *last;
    u128 gap;
    u64 vmas, count;
};

/* Would Linux hold a and b (a just below b) in one VMA? */
static bool joins(const struct mm_region *a, const struct mm_region *b)
{
    return a->end == b->start && a->prot == b->prot && a->max_prot == b->max_prot;
}

static void update(struct mm_node *t)
{
    const struct mm_node *l = t->left, *r = t->right;
    t->first = l ? l->first : t;
    t->last = r ? r->last : t;
    t->gap = 0;
    t->vmas = t->count = 1;
    if (l) {
        u128 g = t->r.start - l->last->r.end;
        t->gap = l->gap > g ? l->gap : g;
        t->vmas += l->vmas - joins(&l->last->r, &t->r);
        t->count += l->count;
    }
    if (r) {
        u128 g = r->first->r.start - t->r.end;
        if (g > t->gap) t->gap = g;
        if (r->gap > t->gap) t->gap = r->gap;
        t->vmas += r->vmas - joins(&t->r, &r->first->r);
        t->count += r->count;
    }
}

/* Join two treaps, every region of a below every region of b. */
static struct mm_node *merge(struct mm_node *a, struct mm_node *b)
{
    if (!a) return b;
    if (!b) return a;
    if (a->prio > b->prio) {
        a->right = merge(a->right, b);
        update(a);
        return a;
    }
    b->left = merge(a, b->left);
    update(b);
    return b;
}

/* Split t into the regions that start below addr (*lo) and the others (*hi). */
static void split(struct mm_node *t, u128 addr, struct mm_node **lo, struct mm_node **hi)
{
    if (!t) {
        *lo = *hi = NULL;
    } else if (t->r.start < addr) {
        split(t->right, addr, &t->right, hi);
        update(t);
        *lo = t;
    } else {
        split(t->left, addr, lo, &t->left);
        update(t);
        *hi = t;
    }
}

/* The tree as three: regions starting below start, below end, and the rest. */
static void split3(struct mm *mm, u128 start, u128 end, struct mm_node **a, struct mm_node **b,
                   struct mm_node **c)
{
    struct mm_node *bc;
    split(mm->root, start, a, &bc);
    split(bc, end, b, c);
    mm->root = NULL;
}

static void join3(struct mm *mm, struct mm_node *a, struct mm_node *b, struct mm_node *c)
{
    mm->root = merge(merge(a, b), c);
}

static u64 vmas(const struct mm_node *t) { return t ? t->vmas : 0; }

static u64 next_prio(struct mm *mm)
{
    mm->seed ^= mm->seed << 13;     /* xorshift64 */
    mm->seed ^= mm->seed >> 7;
    mm->seed ^= mm->seed << 17;
    return mm->seed;
}

static struct mm_node *new_node(struct mm *mm, struct mm_region r)
{
    struct mm_node *n = malloc(sizeof *n);
    if (!n) return NULL;
    n->r = r;
    n->left = n->right = NULL;
    n->prio = next_prio(mm);
    update(n);
    return n;
}

static void insert(struct mm *mm, struct mm_node *n)
{
    struct mm_node *a, *c;
    n->left = n->right = NULL;
    update(n);
    split(mm->root, n->r.start, &a, &c);
    mm->root = merge(merge(a, n), c);
}

/* Recompute the subtree records on the path to the region starting at start. */
static void refresh(struct mm_node *t, u128 start)
{
    if (!t) return;
    if (start < t->r.start) refresh(t->left, start);
    else if (start > t->r.start) refresh(t->right, start);
    update(t);
}

static struct mm_node *find_node(const struct mm *mm, u128 addr)
{
    struct mm_node *t = mm->root;
    while (t) {
        if (addr < t->r.start) t = t->left;
        else if (addr >= t->r.end) t = t->right;
        else return t;
    }
    return NULL;
}

/* The first region that ends above addr, or NULL. */
static struct mm_node *lower_bound(const struct mm *mm, u128 addr)
{
    struct mm_node *t = mm->root, *best = NULL;
    while (t) {
        if (t->r.end > addr) {
            best = t;
            t = t->left;
        } else {
            t = t->right;
        }
    }
    return best;
}

static u64 host_max_map_count(void)
{
    static u64 v;
    if (!v) {
        unsigned long long x;
        FILE *f = fopen("/proc/sys/vm/max_map_count", "re");
        v = f && fscanf(f, "%llu", &x) == 1 && x ? (u64)x : 65530;
        if (f) fclose(f);
    }
    return v;
}

void mm_init(struct mm *mm, u128 limit)
{
    memset(mm, 0, sizeof *mm);
    mm->limit = limit;
    mm->max_map_count = host_max_map_count();
    /* The priorities only need to be independent of the addresses the guest picks. */
    mm->seed = ((u64)(uintptr_t)mm ^ (u64)time(NULL) * 0x9e3779b97f4a7c15ull) | 1;
}

/* The guards below and above the window's user addresses, reserved with it: an access of
 * up to 16 bytes that starts below the limit ends in the upper one, and the translator's
 * accesses within 2 KiB of an address it checked (jit_tmpl.h, no_check) land in one of
 * them when they leave the user addresses. */
#define WINDOW_GUARD ((size_t)1 << 16)
/* host VMAs the window's process may add to those it has when the window is made, that
 * are not the guest's regions (see mm_window) */
#define WINDOW_HOST_VMAS 128

/* The host VMAs of this process now: the lines of /proc/self/maps (0 if unreadable). */
static u64 host_vma_count(void)
{
    FILE *f = fopen("/proc/self/maps", "re");
    if (!f) return 0;
    u64 n = 0;
    for (int c; (c = getc(f)) != EOF;) n += c == '\n';
    fclose(f);
    return n;
}

int mm_window(struct mm *mm)
{
    return mm_window_low(mm, mm->limit);
}

int mm_window_low(struct mm *mm, u128 span)
{
    if (mm->root || mm->window) return -EINVAL;
    if (span > ((u128)1 << 46) || span > mm->limit) return -ENOMEM;
    size_t size = ((size_t)span + GUEST_PAGE - 1) / GUEST_PAGE * GUEST_PAGE + WINDOW_GUARD;
    u8 *w = mmap(NULL, WINDOW_GUARD + size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                 -1, 0);
    if (w == MAP_FAILED) return -ENOMEM;
    mm->window = w + WINDOW_GUARD;
    mm->window_size = size;
    mm->window_span = span;
    /* The guest's regions are host VMAs now, beside zl-run's own (its image, heap, stacks,
     * code cache, a sanitizer's hundreds) and the reservation's pieces between regions;
     * the host refuses to move a mapping within 3 of its limit (Linux's move_vma).  The
     * guest's limit leaves room for those, so that it, not the host, says ENOMEM first in
     * the ordinary case (when the host does, the call fails the same way, with nothing
     * changed). */
    u64 own = host_vma_count() + WINDOW_HOST_VMAS;
    if (mm->max_map_count > 2 * own) mm->max_map_count -= own;
    return 0;
}

static bool in_window(const struct mm *mm, const void *host)
{
    return mm->window && (const u8 *)host >= mm->window &&
           (const u8 *)host < mm->window + mm->window_size;
}

/* [start, end) is inside the guest addresses the window covers: a region there lives in
 * the window */
static bool windowed(const struct mm *mm, u128 start, u128 end)
{
    return mm->window && start < end && end <= mm->window_span;
}
/* the window covers only part of the user addresses (mm_window_low) */
static bool partial_window(const struct mm *mm)
{
    return mm->window && mm->window_span < mm->limit;
}

/* Put the reservation back over host memory of the window (one step: no moment where the
 * range is free for another host mapping to land in). */
static bool window_reserve(void *host, size_t len)
{
    return mmap(host, len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE,
                -1, 0) != MAP_FAILED;
}

/* Move the len bytes of host memory at src to dst in the window, grown to nlen, without
 * ever leaving src unmapped: the pages go to a temporary place first (MREMAP_DONTUNMAP
 * leaves src mapped, empty), grow there, and land at dst in one step, which replaces what
 * was there (the reservation, or src itself when dst is src).  src is left as that empty
 * mapping.  0 or -errno; on failure nothing has moved. */
static int window_move(void *src, size_t len, size_t nlen, void *dst)
{
    /* (MREMAP_DONTUNMAP makes the kernel read new_address as a hint, and glibc pass the
     * fifth argument: it must be given, NULL) */
    void *t = mremap(src, len, len, MREMAP_MAYMOVE | MREMAP_DONTUNMAP, NULL);
    if (t == MAP_FAILED) return errno == EINVAL ? -EINVAL : -ENOMEM;
    if (nlen != len) {
        void *g = mremap(t, len, nlen, MREMAP_MAYMOVE);
        if (g == MAP_FAILED) {
            int e = errno == EINVAL ? -EINVAL : -ENOMEM;
            mremap(t, len, len, MREMAP_MAYMOVE | MREMAP_FIXED, src);
            return e;
        }
        t = g;
    }
    if (mremap(t, nlen, nlen, MREMAP_MAYMOVE | MREMAP_FIXED, dst) == MAP_FAILED) {
        if (nlen != len) mremap(t, nlen, len, 0);
        mremap(t, len, len, MREMAP_MAYMOVE | MREMAP_FIXED, src);
        return -ENOMEM;
    }
    return 0;
}

static void copy_host(u8 *host, void *buf, size_t n, bool write)
{
    if (write) guest_memcpy(host, buf, n);
    else guest_memcpy(buf, host, n);
}

bool mm_host_force(struct mm *mm, const struct mm_region *r, u128 addr, void *buf, size_t n,
                   bool write)
{
    u8 *host = r->host + (size_t)(addr - r->start);
    int hp = in_window(mm, host) ? mm_host_prot(r->prot) : PROT_READ | PROT_WRITE;
    if ((hp & (write ? PROT_WRITE : PROT_READ)) || !n) {
        copy_host(host, buf, n, write);
        return true;
    }
    /* Through /proc/self/mem, which the kernel lets a process use on its own pages whatever
     * their protection, and which changes no protection another thread could see. */
    int fd = open("/proc/self/mem", (write ? O_WRONLY : O_RDONLY) | O_CLOEXEC);
    if (fd >= 0) {
        ssize_t k = write ? pwrite(fd, buf, n, (off_t)(uintptr_t)host)
                          : pread(fd, buf, n, (off_t)(uintptr_t)host);
        close(fd);
        return k == (ssize_t)n;
    }
    /* Without /proc: the pages made accessible for the copy (the loader and the decoder
     * run while no guest code can see the difference: a single thread, or an exclusive
     * section).  The host may refuse the split (its VMA limit). */
    uintptr_t lo = (uintptr_t)host & ~(uintptr_t)(GUEST_PAGE - 1);
    size_t span = ((uintptr_t)host + n - lo + GUEST_PAGE - 1) & ~(size_t)(GUEST_PAGE - 1);
    if (mprotect((void *)lo, span, PROT_READ | PROT_WRITE)) return false;
    copy_host(host, buf, n, write);
    if (mprotect((void *)lo, span, hp)) abort();    /* (the range as it was: cannot fail) */
    return true;
}

/* Give host memory the guest no longer maps back to the host.  While other threads may
 * still hold a pointer into it (mm->defer_release), the range is only made inaccessible
 * — PROT_NONE, reserved, so that no other host mapping can land there — and really
 * unmapped by mm_release_deferred once they cannot. */
static void release_host(struct mm *mm, void *host, size_t len)
{
    if (in_window(mm, host)) {      /* (stays reserved: no other mapping can land there) */
        window_reserve(host, len);
        return;
    }
    if (mm->defer_release) {
        struct mm_deferred *d = mm->deferred;
        if (mm->ndeferred == mm->deferred_cap) {
            size_t cap = mm->deferred_cap ? 2 * mm->deferred_cap : 16;
            d = realloc(d, cap * sizeof *d);
            if (d) {
                mm->deferred = d;
                mm->deferred_cap = cap;
            }
        }
        if (mm->ndeferred < mm->deferred_cap &&
            mmap(host, len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE,
                 -1, 0) != MAP_FAILED) {
            mm->deferred[mm->ndeferred++] = (struct mm_deferred){ host, len };
            return;
        }
        /* no room to remember it: keep the memory mapped as it is (a leak, never a hole) */
        return;
    }
    munmap(host, len);
}

void mm_release_deferred(struct mm *mm)
{
    for (size_t k = 0; k < mm->ndeferred; k++) munmap(mm->deferred[k].host, mm->deferred[k].len);
    mm->ndeferred = 0;
}

/* unmap_host: give the regions' host memory back (release_host); outside: only that of
 * regions outside the window (the caller reserved the window's part already) */
enum free_host { FREE_NONE, FREE_ALL, FREE_OUTSIDE };
static void free_tree(struct mm *mm, struct mm_node *t, enum free_host unmap_host)
{
    while (t) {
        free_tree(mm, t->left, unmap_host);
        struct mm_node *r = t->right;
        if (unmap_host == FREE_ALL || (unmap_host == FREE_OUTSIDE && !in_window(mm, t->r.host)))
            release_host(mm, t->r.host, (size_t)(t->r.end - t->r.start));
        free(t);
        t = r;
    }
}

void mm_destroy(struct mm *mm)
{
    mm->defer_release = false;
    free_tree(mm, mm->root, FREE_ALL);
    mm_release_deferred(mm);
    free(mm->deferred);
    if (mm->window) munmap(mm->window - WINDOW_GUARD, WINDOW_GUARD + mm->window_size);
    memset(mm, 0, sizeof *mm);
}

const struct mm_region *mm_find(struct mm *mm, u128 addr)
{
    /* the threads of a process look regions up at the same time: the hint is a relaxed
     * atomic (any node it holds is live, since only exclusive sections free nodes) */
    struct mm_node *h = __atomic_load_n(&mm->hint, __ATOMIC_RELAXED);
    if (h && addr >= h->r.start && addr < h->r.end) return &h->r;
    h = find_node(mm, addr);
    if (!h) return NULL;
    __atomic_store_n(&mm->hint, h, __ATOMIC_RELAXED);
    return &h->r;
}

u64 mm_vma_count(const struct mm *mm) { return vmas(mm->root); }
u64 mm_region_count(const struct mm *mm) { return mm->root ? mm->root->count : 0; }

static int for_each(const struct mm_node *t, int (*fn)(const struct mm_region *, void *), void *arg)
{
    for (; t; t = t->right) {
        int e = for_each(t->left, fn, arg);
        if (!e) e = fn(&t->r, arg);
        if (e) return e;
    }
    return 0;
}

int mm_for_each(const struct mm *mm, int (*fn)(const struct mm_region *, void *), void *arg)
{
    return for_each(mm->root, fn, arg);
}

bool mm_is_free(const struct mm *mm, u128 start, u128 len)
{
    const struct mm_node *n = lower_bound(mm, start);
    return !n || n->r.start >= start + len;
}

static bool range_ok(const struct mm *mm, u128 start, u128 len)
{
    return len && !(start & (GUEST_PAGE - 1)) && !(len & (GUEST_PAGE - 1)) &&
           start < mm->limit && len <= mm->limit - start;
}

/* Split the region containing addr (if any) so that a region boundary falls at addr.
 * The VMA count does not change: the two halves join. */
static int split_at(struct mm *mm, u128 addr)
{
    struct mm_node *n = find_node(mm, addr);
    if (!n || n->r.start == addr) return 0;
    struct mm_region hi = n->r;
    hi.host += (size_t)(addr - hi.start);
    hi.start = addr;
    struct mm_node *h = new_node(mm, hi);
    if (!h) return -ENOMEM;
    n->r.end = addr;
    refresh(mm->root, n->r.start);
    insert(mm, h);
    return 0;
}

static void changed(struct mm *mm)
{
    __atomic_store_n(&mm->hint, NULL, __ATOMIC_RELAXED);
    mm->gen++;
    mm_code_changed(mm);
}

/* Unmap [start, end); with check, refuse (before any change but region splits) to
 * leave more than max_map_count VMAs. */
static int unmap_range(struct mm *mm, u128 start, u128 end, bool check)
{
    int e = split_at(mm, start);
    if (!e) e = split_at(mm, end);
    if (e) return e;
    struct mm_node *a, *b, *c;
    u64 before = vmas(mm->root);
    split3(mm, start, end, &a, &b, &c);
    u64 after = vmas(a) + vmas(c) - (a && c && joins(&a->last->r, &c->first->r));
    if (check && after > before && after > mm->max_map_count) {
        join3(mm, a, b, c);
        return -ENOMEM;
    }
    /* In the window the range (its part the window covers) goes back to the reservation
     * in one step, which the host refuses (nothing changed) when the split would exceed
     * its own VMA limit. */
    u128 wend = end < mm->window_span ? end : mm->window_span;
    if (mm->window && b && start < wend &&
        !window_reserve(mm->window + (size_t)start, (size_t)(wend - start))) {
        join3(mm, a, b, c);
        return -ENOMEM;
    }
    free_tree(mm, b, !mm->window ? FREE_ALL : partial_window(mm) ? FREE_OUTSIDE : FREE_NONE);
    mm->root = merge(a, c);
    changed(mm);
    return 0;
}

int mm_unmap(struct mm *mm, u128 start, u128 len)
{
    if (!range_ok(mm, start, len)) return -EINVAL;
    return unmap_range(mm, start, start + len, true);
}

int mm_map_host(struct mm *mm, u128 start, u128 len, int prot, int max_prot, void *host)
{
    bool hostfault = prot & MM_HOSTFAULT;
    prot &= ~MM_HOSTFAULT;
    struct mm_node *n = NULL;
    int e = !range_ok(mm, start, len) ? -EINVAL : vmas(mm->root) > mm->max_map_count ? -ENOMEM : 0;
    if (!e && !(n = new_node(mm, (struct mm_region){ start, start + len, host, prot, max_prot,
                                                     hostfault })))
        e = -ENOMEM;
    if (e) {
        munmap(host, (size_t)len);      /* (the caller's, outside the window) */
        return e;
    }
    e = mm_is_free(mm, start, len) ? 0 : unmap_range(mm, start, start + len, false);
    bool win = windowed(mm, start, start + len);
    if (!e && win && !in_window(mm, host)) {
        /* into its place in the window (replacing the reservation there in one step) */
        u8 *at = mm->window + (size_t)start;
        if (mremap(host, (size_t)len, (size_t)len, MREMAP_MAYMOVE | MREMAP_FIXED, at) == MAP_FAILED) {
            e = -ENOMEM;
        } else {
            host = n->r.host = at;
            if (mprotect(at, (size_t)len, mm_host_prot(prot))) e = -ENOMEM;
        }
    } else if (!e && win && mprotect(host, (size_t)len, mm_host_prot(prot))) {
        e = -ENOMEM;
    }
    if (e) {
        free(n);
        release_host(mm, host, (size_t)len);
        return e;
    }
    insert(mm, n);
    mm->gen++;
    if (prot & PROT_EXEC) mm_code_changed(mm);
    return 0;
}

int mm_map(struct mm *mm, u128 start, u128 len, int prot)
{
    if (!range_ok(mm, start, len)) return -EINVAL;
    if (len > (u128)SIZE_MAX / 2) return -ENOMEM;
    void *host = mmap(NULL, (size_t)len, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (host == MAP_FAILED) return -ENOMEM;
    return mm_map_host(mm, start, len, prot, PROT_READ | PROT_WRITE | PROT_EXEC, host);
}

int mm_host_op(struct mm *mm, u128 start, u128 len, int (*op)(void *host, size_t n, void *arg),
               void *arg)
{
    u128 end = start + len;
    bool gap = false;
    for (u128 a = start; a < end;) {
        const struct mm_node *n = lower_bound(mm, a);
        if (!n || n->r.start >= end) {
            gap = true;
            break;
        }
        if (n->r.start > a) {
            gap = true;
            a = n->r.start;
        }
        u128 stop = n->r.end < end ? n->r.end : end;
        int e = op(n->r.host + (size_t)(a - n->r.start), (size_t)(stop - a), arg);
        if (e) return e;
        a = stop;
    }
    return gap ? -ENOMEM : 0;
}

static int advise_op(void *host, size_t n, void *arg)
{
    return madvise(host, n, *(int *)arg) ? -errno : 0;
}

int mm_advise(struct mm *mm, u128 start, u128 len, int advice)
{
    int e = mm_host_op(mm, start, len, advise_op, &advice);
    return e == -ENOMEM ? 0 : e;
}

/* Walk t in address order as if every region in it had rights prot, counting the VMAs
 * that start in it after *prev (the region before, if have_prev). */
struct vma_walk {
    struct mm_region prev;
    bool have_prev;
    int prot;
    u64 n;
};

static void count_as(const struct mm_node *t, struct vma_walk *w)
{
    for (; t; t = t->right) {
        count_as(t->left, w);
        struct mm_region r = t->r;
        r.prot = w->prot;
        if (!w->have_prev || !joins(&w->prev, &r)) w->n++;
        w->prev = r;
        w->have_prev = true;
    }
}

/* The host protection of each region of t that lies in the window, for guest rights prot */
static bool protect_window(struct mm *mm, struct mm_node *t, int prot)
{
    if (!t) return true;
    if (!protect_window(mm, t->left, prot)) return false;
    if (in_window(mm, t->r.host) &&
        mprotect(t->r.host, (size_t)(t->r.end - t->r.start), mm_host_prot(prot)))
        return false;
    return protect_window(mm, t->right, prot);
}

static void set_prot(struct mm_node *t, int prot)
{
    if (!t) return;
    set_prot(t->left, prot);
    set_prot(t->right, prot);
    t->r.prot = prot;
    update(t);
}

int mm_protect(struct mm *mm, u128 start, u128 len, int prot)
{
    if (!range_ok(mm, start, len)) return -EINVAL;
    u128 end = start + len;
    /* Linux: ENOMEM if any part of the range is unmapped. */
    for (u128 a = start; a < end;) {
        const struct mm_region *r = mm_find(mm, a);
        if (!r) return -ENOMEM;
        if (prot & ~r->max_prot) return -EACCES;
        a = r->end;
    }
    int e = split_at(mm, start);
    if (!e) e = split_at(mm, end);
    if (e) return e;
    struct mm_node *a, *b, *c;
    u64 before = vmas(mm->root);
    split3(mm, start, end, &a, &b, &c);
    struct vma_walk w = { .prot = prot, .n = vmas(a) };
    if (a) {
        w.prev = a->last->r;
        w.have_prev = true;
    }
    count_as(b, &w);
    u64 after = w.n + vmas(c) - (c && joins(&w.prev, &c->first->r));
    if (after > before && after > mm->max_map_count) {
        join3(mm, a, b, c);
        return -ENOMEM;
    }
    /* The host's protection of the window follows (regions are contiguous here; with a
     * window over the low addresses only, each region in it); the host refuses a split
     * beyond its own VMA limit, maybe after changing part of the range, which then goes
     * back to the guest's rights. */
    bool fail = false;
    if (mm->window && !partial_window(mm))
        fail = mprotect(mm->window + (size_t)start, (size_t)len, mm_host_prot(prot)) != 0;
    else if (mm->window)
        fail = !protect_window(mm, b, prot);
    if (fail) {
        join3(mm, a, b, c);
        changed(mm);
        for (u128 at = start; at < end;) {
            const struct mm_region *r = mm_find(mm, at);
            u128 to = r->end < end ? r->end : end;
            if (in_window(mm, r->host))
                mprotect(mm->window + (size_t)at, (size_t)(to - at), mm_host_prot(r->prot));
            at = to;
        }
        return -ENOMEM;
    }
    set_prot(b, prot);
    join3(mm, a, b, c);
    changed(mm);
    return 0;
}

/* A free-gap search: the lowest (or highest, down) len bytes within [from, to). */
struct gap_query {
    u128 len, from, to;
    bool down;
    u128 out;
};

static bool gap_fits(struct gap_query *q, u128 lo, u128 hi)
{
    if (lo < q->from) lo = q->from;
    if (hi > q->to) hi = q->to;
    if (hi <= lo || hi - lo < q->len) return false;
    q->out = q->down ? hi - q->len : lo;
    return true;
}

/* Search the gaps just below each region of t, the lowest of which starts at pe (the
 * end of the region before t's first).  Subtrees whose gaps are all too small or that
 * lie outside [from, to) are skipped, so only the subtrees straddling from or to are
 * entered without success: O(depth). */
static bool gap_search(const struct mm_node *t, u128 pe, struct gap_query *q)
{
    if (!t) return false;
    u128 lo = pe > q->from ? pe : q->from;
    u128 hi = t->last->r.start < q->to ? t->last->r.start : q->to;
    if (hi <= lo || hi - lo < q->len) return false;
    if (t->gap < q->len && t->first->r.start - pe < q->len) return false;
    u128 below = t->left ? t->left->last->r.end : pe;
    if (q->down)
        return gap_search(t->right, t->r.end, q) || gap_fits(q, below, t->r.start) ||
               gap_search(t->left, pe, q);
    return gap_search(t->left, pe, q) || gap_fits(q, below, t->r.start) ||
           gap_search(t->right, t->r.end, q);
}

int mm_find_free(const struct mm *mm, u128 len, u128 from, u128 to, bool top_down, u128 *out)
{
    if (!len || to > mm->limit || from >= to || len > to - from) return -ENOMEM;
    struct gap_query q = { len, from, to, top_down, 0 };
    u128 top = mm->root ? mm->root->last->r.end : 0;     /* the gap above every region */
    bool ok = top_down ? gap_fits(&q, top, to) || gap_search(mm->root, 0, &q)
                       : gap_search(mm->root, 0, &q) || gap_fits(&q, top, to);
    if (!ok) return -ENOMEM;
    *out = q.out;
    return 0;
}

/* Host and guest pages have the same boundaries: regions and their host mappings are
 * page aligned. */
size_t mm_guarded_copy(void *dst, const void *src, size_t n, const u8 *guest_side)
{
    struct hf_guard g;
    hf_push(&g, guest_side, n);
    if (sigsetjmp(g.env, 0) == 0) {
        memcpy(dst, src, n);
        hf_pop(&g);
        return n;
    }
    uintptr_t page = g.host_addr & ~(uintptr_t)(GUEST_PAGE - 1);
    return page > (uintptr_t)guest_side ? (size_t)(page - (uintptr_t)guest_side) : 0;
}

/* Each runs its one host access inside a guard; the values cross the sigsetjmp in the
 * caller's memory, so no local needs to survive the jump. */
ZL_GUEST_MEMORY_CODE bool mm_guarded_atomic_load(const u8 *p, unsigned n, u128 *val)
{
    struct hf_guard g;
    hf_push(&g, p, n);
    if (sigsetjmp(g.env, 0) != 0) return false;
    if (n == 4) *val = __atomic_load_n((const u32 *)p, __ATOMIC_SEQ_CST);
    else if (n == 8) *val = __atomic_load_n((const u64 *)p, __ATOMIC_SEQ_CST);
    else *val = host_load128((u128 *)(uintptr_t)p);
    hf_pop(&g);
    return true;
}

ZL_GUEST_MEMORY_CODE bool mm_guarded_atomic_cas(u8 *p, unsigned n, u128 *expected, u128 desired,
                                                bool *swapped)
{
    struct hf_guard g;
    hf_push(&g, p, n);
    if (sigsetjmp(g.env, 0) != 0) return false;
    if (n == 4) {
        u32 e = (u32)*expected;
        *swapped = __atomic_compare_exchange_n((u32 *)p, &e, (u32)desired, false,
                                               __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
        *expected = e;
    } else if (n == 8) {
        u64 e = (u64)*expected;
        *swapped = __atomic_compare_exchange_n((u64 *)p, &e, (u64)desired, false,
                                               __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
        *expected = e;
    } else {
        *swapped = host_cas128((u128 *)p, expected, desired);
    }
    hf_pop(&g);
    return true;
}

static bool copy(struct mm *mm, u128 addr, void *buf, size_t n, int need, bool to_guest,
                 u128 *fault)
{
    u8 *b = buf;
    while (n) {
        const struct mm_region *r = mm_find(mm, addr);
        if (!r || (need && !(mm_rights(r->prot) & need))) {
            if (fault) *fault = addr;
            return false;
        }
        u128 avail = r->end - addr;
        size_t k = avail < n ? (size_t)avail : n;
        u8 *h = r->host + (size_t)(addr - r->start);
        if (to_guest && (r->prot & PROT_EXEC)) mm_code_changed(mm);   /* translations stale */
        if (r->hostfault) {
            size_t ok = mm_guarded_copy(to_guest ? h : b, to_guest ? b : h, k, h);
            if (ok < k) {
                if (fault) *fault = addr + ok;
                return false;
            }
        } else if (!need) {
            if (!mm_host_force(mm, r, addr, b, k, true)) {      /* mm_poke */
                if (fault) *fault = addr;
                return false;
            }
        } else if (to_guest) {
            guest_memcpy(h, b, k);
        } else {
            guest_memcpy(b, h, k);
        }
        b += k;
        n -= k;
        addr += k;
    }
    return true;
}

__attribute__((noinline)) void guest_memcpy(void *dst, const void *src, size_t n)
{
    memcpy(dst, src, n);
}

bool mm_read(struct mm *mm, u128 addr, void *dst, size_t n, u128 *fault)
{
    return copy(mm, addr, dst, n, PROT_READ, false, fault);
}

bool mm_write(struct mm *mm, u128 addr, const void *src, size_t n, u128 *fault)
{
    return copy(mm, addr, (void *)src, n, PROT_WRITE, true, fault);
}

bool mm_poke(struct mm *mm, u128 addr, const void *src, size_t n)
{
    return copy(mm, addr, (void *)src, n, 0, true, NULL);
}

int mm_vma_end(struct mm *mm, u128 addr, u128 *end)
{
    const struct mm_node *n = find_node(mm, addr), *next;
    if (!n) return -EFAULT;
    while ((next = lower_bound(mm, n->r.end)) && joins(&n->r, &next->r)) n = next;
    *end = n->r.end;
    return 0;
}

/* The nodes of t in address order into v (which has room for t->count). */
static size_t collect(struct mm_node *t, struct mm_node **v)
{
    size_t k = 0;
    for (; t; t = t->right) {
        k += collect(t->left, v + k);
        v[k++] = t;
    }
    return k;
}

/* The host refuses MREMAP_DONTUNMAP for some private anonymous mappings (Linux 6.18
 * does when the host VMA the pages sit in was merged with one that a fork shares), so
 * it is done by hand: move the pages, then put empty pages where they were. */
static void *dontunmap_fallback(void *old, size_t sz)
{
    void *nh = mmap(NULL, sz, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (nh == MAP_FAILED) return nh;
    if (mremap(old, sz, sz, MREMAP_MAYMOVE | MREMAP_FIXED, nh) == MAP_FAILED) {
        munmap(nh, sz);
        return MAP_FAILED;
    }
    if (mmap(old, sz, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0) != MAP_FAILED)
        return nh;
    mremap(nh, sz, sz, MREMAP_MAYMOVE | MREMAP_FIXED, old);
    errno = ENOMEM;
    return MAP_FAILED;
}

static int remap_window(struct mm *mm, struct mm_node **nodes, struct mm_region *moved, size_t n,
                        u128 old, u128 dst, u128 grow, bool keep);

/* A region's host memory out of the window (mm_window_low): its pages move to new host
 * memory, read-write as outside the window, and its range in the window is reserved
 * again; the region (node and *moved) keeps its guest addresses.  0, or -ENOMEM with
 * nothing changed. */
static int evict(struct mm *mm, struct mm_node *node, struct mm_region *moved)
{
    u8 *src = moved->host;
    size_t sz = (size_t)(moved->end - moved->start);
    void *t = mremap(src, sz, sz, MREMAP_MAYMOVE | MREMAP_DONTUNMAP, NULL);
    if (t == MAP_FAILED) return -ENOMEM;
    if (mprotect(t, sz, PROT_READ | PROT_WRITE) || !window_reserve(src, sz)) {
        /* back, replacing the empty mapping, with the guest's rights again */
        mremap(t, sz, sz, MREMAP_MAYMOVE | MREMAP_FIXED, src);
        mprotect(src, sz, mm_host_prot(moved->prot));
        return -ENOMEM;
    }
    node->r.host = moved->host = t;
    changed(mm);
    return 0;
}

int mm_remap(struct mm *mm, u128 old, u128 len, u128 dst, u128 grow, bool keep)
{
    if (!range_ok(mm, old, len) || !range_ok(mm, dst, len + grow)) return -EINVAL;
    /* Linux's move_vma: a move may need up to three more VMAs. */
    if (vmas(mm->root) + 3 > mm->max_map_count) return -ENOMEM;
    int e = split_at(mm, old);
    if (!e) e = split_at(mm, old + len);
    if (e) return e;
    struct mm_node *a, *b, *c;
    split3(mm, old, old + len, &a, &b, &c);
    if (!b || b->first->r.start != old || b->last->r.end != old + len || b->gap) {
        join3(mm, a, b, c);
        return -EFAULT;
    }
    size_t n = b->count;
    /* nodes[0..n): the old regions; with keep they stay and nodes[n..2n) are new */
    struct mm_node **nodes = calloc(keep ? 2 * n : n, sizeof *nodes);
    struct mm_region *moved = malloc(n * sizeof *moved);
    e = nodes && moved ? 0 : -ENOMEM;
    if (!e) collect(b, nodes);
    for (size_t k = 0; keep && !e && k < n; k++)
        if (!(nodes[n + k] = new_node(mm, nodes[k]->r))) e = -ENOMEM;
    for (size_t k = 0; !e && k < n; k++) moved[k] = nodes[k]->r;
    /* With a window over the low addresses only, a move within them stays in it; any
     * other first takes the pieces in the window out of it (evict), so that the move is
     * one of host memory outside the window (which a region inside the low addresses
     * may have: it is then reached through the TLB, not directly). */
    bool in_win = mm->window && !partial_window(mm);
    if (!e && partial_window(mm)) {
        in_win = windowed(mm, dst, dst + len + grow);
        for (size_t k = 0; in_win && k < n; k++) in_win = in_window(mm, moved[k].host);
        for (size_t k = 0; !in_win && !e && k < n; k++)
            if (in_window(mm, moved[k].host)) e = evict(mm, nodes[k], &moved[k]);
    }
    if (!e && in_win) e = remap_window(mm, nodes, moved, n, old, dst, grow, keep);
    /* The host side: with keep (MREMAP_DONTUNMAP) every piece's pages move to new host
     * memory and the old host range stays mapped, empty; otherwise only the last piece
     * moves on the host, and only if it grows (the host kernel then extends it the way
     * Linux extends the guest's: zero pages, the shared object, or the file). */
    for (size_t k = 0; !e && !in_win && k < n; k++) {
        size_t sz = (size_t)(moved[k].end - moved[k].start);
        size_t nsz = k + 1 == n ? (size_t)(sz + grow) : sz;
        if (!keep && nsz == sz) continue;
        void *nh = mremap(moved[k].host, sz, nsz, MREMAP_MAYMOVE | (keep ? MREMAP_DONTUNMAP : 0),
                          NULL);
        if (nh == MAP_FAILED && keep && errno == EINVAL)
            nh = dontunmap_fallback(moved[k].host, sz);
        if (nh == MAP_FAILED) {
            e = errno == EINVAL ? -EINVAL : -ENOMEM;
            /* with keep, the pieces moved so far go back where they were */
            for (size_t j = 0; keep && j < k; j++) {
                size_t js = (size_t)(moved[j].end - moved[j].start);
                mremap(moved[j].host, js, js, MREMAP_MAYMOVE | MREMAP_FIXED, nodes[j]->r.host);
            }
            break;
        }
        /* the host freed the old range; while other threads may hold pointers into it,
         * take it back at once as an inaccessible reservation (release_host) */
        if (!keep && mm->defer_release && nh != moved[k].host &&
            mmap(moved[k].host, sz, PROT_NONE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE | MAP_NORESERVE, -1, 0) ==
                moved[k].host)
            release_host(mm, moved[k].host, sz);
        moved[k].host = nh;
    }
    if (e) {
        for (size_t k = 0; keep && nodes && k < n; k++) free(nodes[n + k]);
        free(nodes);
        free(moved);
        join3(mm, a, b, c);
        return e;
    }
    if (keep) join3(mm, a, b, c);
    else mm->root = merge(a, c);
    struct mm_node **dstn = keep ? nodes + n : nodes;
    for (size_t k = 0; k < n; k++) {
        dstn[k]->r = moved[k];
        dstn[k]->r.start = moved[k].start - old + dst;
        dstn[k]->r.end = moved[k].end - old + dst + (k + 1 == n ? grow : 0);
        insert(mm, dstn[k]);
    }
    free(nodes);
    free(moved);
    changed(mm);            /* translated blocks of the old addresses are stale too */
    return 0;
}

/* mm_remap's host side in the window: each piece moves to its new place (window_move),
 * the last one grown; what it leaves behind is reserved again, or with keep stays as the
 * empty mapping of the old range.  On failure the pieces moved so far go back. */
static int remap_window(struct mm *mm, struct mm_node **nodes, struct mm_region *moved, size_t n,
                        u128 old, u128 dst, u128 grow, bool keep)
{
    for (size_t k = 0; k < n; k++) {
        size_t sz = (size_t)(moved[k].end - moved[k].start);
        size_t nsz = k + 1 == n ? (size_t)(sz + grow) : sz;
        u8 *src = moved[k].host, *to = mm->window + (size_t)(moved[k].start - old + dst);
        if (src == to && nsz == sz) continue;
        int e = window_move(src, sz, nsz, to);
        if (e) {
            for (size_t j = k; j-- > 0;) {
                size_t js = (size_t)(moved[j].end - moved[j].start);
                u8 *jto = mm->window + (size_t)(moved[j].start - old + dst);
                if (jto == nodes[j]->r.host) continue;
                if (window_move(jto, js, js, nodes[j]->r.host) == 0) window_reserve(jto, js);
                moved[j].host = nodes[j]->r.host;
            }
            return e;
        }
        if (!keep && src != to) window_reserve(src, sz);
        moved[k].host = to;
    }
    return 0;
}

int mm_dup_shared(struct mm *mm, u128 old, u128 dst, u128 len)
{
    const struct mm_region *r = mm_find(mm, old);
    if (!r) return -EFAULT;
    if (!range_ok(mm, dst, len)) return -EINVAL;
    void *nh = mremap(r->host + (size_t)(old - r->start), 0, (size_t)len, MREMAP_MAYMOVE);
    if (nh == MAP_FAILED) return errno == EINVAL ? -EINVAL : -ENOMEM;
    return mm_map_host(mm, dst, len, r->prot | (r->hostfault ? MM_HOSTFAULT : 0), r->max_prot, nh);
}
