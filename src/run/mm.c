#include "run/mm.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void mm_init(struct mm *mm, u128 limit)
{
    memset(mm, 0, sizeof *mm);
    mm->limit = limit;
}

void mm_destroy(struct mm *mm)
{
    while (mm->n) mm_unmap(mm, mm->reg[0].start, mm->reg[0].end - mm->reg[0].start);
    free(mm->reg);
    memset(mm, 0, sizeof *mm);
}

/* Index of the first region whose end is above addr (n if none). */
static size_t lower_bound(const struct mm *mm, u128 addr)
{
    size_t lo = 0, hi = mm->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (mm->reg[mid].end <= addr) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

const struct mm_region *mm_find(struct mm *mm, u128 addr)
{
    if (mm->hint < mm->n) {
        const struct mm_region *r = &mm->reg[mm->hint];
        if (addr >= r->start && addr < r->end) return r;
    }
    size_t i = lower_bound(mm, addr);
    if (i < mm->n && mm->reg[i].start <= addr) {
        mm->hint = i;
        return &mm->reg[i];
    }
    return NULL;
}

bool mm_is_free(const struct mm *mm, u128 start, u128 len)
{
    size_t i = lower_bound(mm, start);
    return i >= mm->n || mm->reg[i].start >= start + len;
}

static bool range_ok(const struct mm *mm, u128 start, u128 len)
{
    return len && !(start & (GUEST_PAGE - 1)) && !(len & (GUEST_PAGE - 1)) &&
           start < mm->limit && len <= mm->limit - start;
}

static int insert_at(struct mm *mm, size_t i, struct mm_region r)
{
    if (mm->n == mm->cap) {
        size_t cap = mm->cap ? mm->cap * 2 : 16;
        struct mm_region *nr = realloc(mm->reg, cap * sizeof *nr);
        if (!nr) return -ENOMEM;
        mm->reg = nr;
        mm->cap = cap;
    }
    memmove(&mm->reg[i + 1], &mm->reg[i], (mm->n - i) * sizeof *mm->reg);
    mm->reg[i] = r;
    mm->n++;
    return 0;
}

/* Split the region containing addr (if any) so that a region boundary falls at addr. */
static int split_at(struct mm *mm, u128 addr)
{
    size_t i = lower_bound(mm, addr);
    if (i >= mm->n || mm->reg[i].start >= addr) return 0;
    struct mm_region hi = mm->reg[i];
    hi.host += (size_t)(addr - hi.start);
    hi.start = addr;
    mm->reg[i].end = addr;
    return insert_at(mm, i + 1, hi);
}

int mm_unmap(struct mm *mm, u128 start, u128 len)
{
    if (!range_ok(mm, start, len)) return -EINVAL;
    u128 end = start + len;
    int e = split_at(mm, start);
    if (!e) e = split_at(mm, end);
    if (e) return e;
    size_t i = lower_bound(mm, start), j = i;
    while (j < mm->n && mm->reg[j].start < end) {
        munmap(mm->reg[j].host, (size_t)(mm->reg[j].end - mm->reg[j].start));
        j++;
    }
    memmove(&mm->reg[i], &mm->reg[j], (mm->n - j) * sizeof *mm->reg);
    mm->n -= j - i;
    mm->gen++;
    mm->code_gen++;
    return 0;
}

int mm_map_host(struct mm *mm, u128 start, u128 len, int prot, int max_prot, void *host)
{
    if (!range_ok(mm, start, len)) return -EINVAL;
    int e = mm_is_free(mm, start, len) ? 0 : mm_unmap(mm, start, len);
    if (!e) e = insert_at(mm, lower_bound(mm, start),
                          (struct mm_region){ start, start + len, host, prot, max_prot });
    if (e) return e;
    mm->gen++;
    if (prot & PROT_EXEC) mm->code_gen++;
    return 0;
}

int mm_map(struct mm *mm, u128 start, u128 len, int prot)
{
    if (!range_ok(mm, start, len)) return -EINVAL;
    if (len > (u128)SIZE_MAX / 2) return -ENOMEM;
    void *host = mmap(NULL, (size_t)len, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (host == MAP_FAILED) return -ENOMEM;
    int e = mm_map_host(mm, start, len, prot, PROT_READ | PROT_WRITE | PROT_EXEC, host);
    if (e) munmap(host, (size_t)len);
    return e;
}

int mm_advise(struct mm *mm, u128 start, u128 len, int advice)
{
    u128 end = start + len;
    for (u128 a = start; a < end;) {
        const struct mm_region *r = mm_find(mm, a);
        if (!r) {
            size_t i = lower_bound(mm, a);
            if (i >= mm->n || mm->reg[i].start >= end) break;
            a = mm->reg[i].start;
            continue;
        }
        u128 stop = r->end < end ? r->end : end;
        if (madvise(r->host + (size_t)(a - r->start), (size_t)(stop - a), advice) != 0)
            return -errno;
        a = stop;
    }
    return 0;
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
    for (size_t i = lower_bound(mm, start); i < mm->n && mm->reg[i].start < end; i++)
        mm->reg[i].prot = prot;
    mm->gen++;
    mm->code_gen++;
    return 0;
}

int mm_find_free(const struct mm *mm, u128 len, u128 from, u128 to, bool top_down, u128 *out)
{
    if (!len || to > mm->limit || from >= to || len > to - from) return -ENOMEM;
    if (top_down) {
        for (size_t i = mm->n + 1; i-- > 0;) {   /* gaps from the highest down */
            u128 lo = i ? mm->reg[i - 1].end : 0;
            u128 hi = i < mm->n ? mm->reg[i].start : to;
            if (hi > to) hi = to;
            if (lo < from) lo = from;
            if (hi > lo && hi - lo >= len) { *out = hi - len; return 0; }
        }
        return -ENOMEM;
    }
    u128 a = from;
    for (size_t i = lower_bound(mm, from); ; i++) {
        u128 next = i < mm->n ? mm->reg[i].start : to;
        if (next > to) next = to;
        if (next > a && next - a >= len) { *out = a; return 0; }
        if (i >= mm->n) break;
        if (mm->reg[i].end > a) a = mm->reg[i].end;
        if (a >= to) break;
    }
    return -ENOMEM;
}

static bool copy(struct mm *mm, u128 addr, void *buf, size_t n, int need, bool to_guest,
                 u128 *fault)
{
    u8 *b = buf;
    while (n) {
        const struct mm_region *r = mm_find(mm, addr);
        if (!r || (need && !(r->prot & need))) {
            if (fault) *fault = addr;
            return false;
        }
        u128 avail = r->end - addr;
        size_t k = avail < n ? (size_t)avail : n;
        u8 *h = r->host + (size_t)(addr - r->start);
        if (to_guest && (r->prot & PROT_EXEC)) mm->code_gen++;   /* translations stale */
        if (to_guest) memcpy(h, b, k);
        else memcpy(b, h, k);
        b += k;
        n -= k;
        addr += k;
    }
    return true;
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
    size_t i = lower_bound(mm, addr);
    if (i >= mm->n || mm->reg[i].start > addr) return -EFAULT;
    while (i + 1 < mm->n && mm->reg[i + 1].start == mm->reg[i].end &&
           mm->reg[i + 1].prot == mm->reg[i].prot && mm->reg[i + 1].max_prot == mm->reg[i].max_prot)
        i++;
    *end = mm->reg[i].end;
    return 0;
}

int mm_remap(struct mm *mm, u128 old, u128 len, u128 dst, u128 grow, bool keep)
{
    if (!range_ok(mm, old, len) || !range_ok(mm, dst, len + grow)) return -EINVAL;
    int e = split_at(mm, old);
    if (!e) e = split_at(mm, old + len);
    if (e) return e;
    size_t i = lower_bound(mm, old), j = i;
    while (j < mm->n && mm->reg[j].start < old + len) j++;
    size_t n = j - i;
    if (!n || mm->reg[i].start != old || mm->reg[j - 1].end != old + len) return -EFAULT;
    for (size_t k = i + 1; k < j; k++)
        if (mm->reg[k].start != mm->reg[k - 1].end) return -EFAULT;
    if (keep && mm->cap - mm->n < n) {      /* the old regions stay: room for n more */
        struct mm_region *nr = realloc(mm->reg, (mm->n + n) * sizeof *nr);
        if (!nr) return -ENOMEM;
        mm->reg = nr;
        mm->cap = mm->n + n;
    }
    struct mm_region *moved = malloc(n * sizeof *moved);
    if (!moved) return -ENOMEM;
    memcpy(moved, &mm->reg[i], n * sizeof *moved);
    /* The host side: with keep (MREMAP_DONTUNMAP) every piece's pages move to new host
     * memory and the old host range stays mapped, empty; otherwise only the last piece
     * moves on the host, and only if it grows (the host kernel then extends it the way
     * Linux extends the guest's: zero pages, the shared object, or the file). */
    for (size_t k = 0; k < n; k++) {
        size_t sz = (size_t)(moved[k].end - moved[k].start);
        size_t nsz = k + 1 == n ? (size_t)(sz + grow) : sz;
        if (!keep && nsz == sz) continue;
        void *nh = mremap(moved[k].host, sz, nsz, MREMAP_MAYMOVE | (keep ? MREMAP_DONTUNMAP : 0));
        if (nh == MAP_FAILED) {
            int err = errno;
            /* with keep, the pieces moved so far go back where they were */
            for (size_t b = 0; keep && b < k; b++) {
                size_t bs = (size_t)(moved[b].end - moved[b].start);
                mremap(moved[b].host, bs, bs, MREMAP_MAYMOVE | MREMAP_FIXED, mm->reg[i + b].host);
            }
            free(moved);
            return err == EINVAL ? -EINVAL : -ENOMEM;
        }
        moved[k].host = nh;
    }
    moved[n - 1].end += grow;
    if (!keep) {
        memmove(&mm->reg[i], &mm->reg[j], (mm->n - j) * sizeof *mm->reg);
        mm->n -= n;
    }
    size_t at = lower_bound(mm, dst);
    memmove(&mm->reg[at + n], &mm->reg[at], (mm->n - at) * sizeof *mm->reg);
    for (size_t k = 0; k < n; k++) {
        moved[k].start = moved[k].start - old + dst;
        moved[k].end = moved[k].end - old + dst;
        mm->reg[at + k] = moved[k];
    }
    mm->n += n;
    mm->hint = 0;
    free(moved);
    mm->gen++;
    mm->code_gen++;         /* translated blocks of the old addresses are stale */
    return 0;
}

int mm_dup_shared(struct mm *mm, u128 old, u128 dst, u128 len)
{
    const struct mm_region *r = mm_find(mm, old);
    if (!r) return -EFAULT;
    if (!range_ok(mm, dst, len)) return -EINVAL;
    void *nh = mremap(r->host + (size_t)(old - r->start), 0, (size_t)len, MREMAP_MAYMOVE);
    if (nh == MAP_FAILED) return errno == EINVAL ? -EINVAL : -ENOMEM;
    int e = mm_map_host(mm, dst, len, r->prot, r->max_prot, nh);
    if (e) munmap(nh, (size_t)len);
    return e;
}

int mm_host_op(struct mm *mm, u128 start, u128 len, int (*op)(void *host, size_t n, void *arg),
               void *arg)
{
    u128 end = start + len;
    bool gap = false;
    for (u128 a = start; a < end;) {
        const struct mm_region *r = mm_find(mm, a);
        if (!r) {
            gap = true;
            size_t i = lower_bound(mm, a);
            if (i >= mm->n || mm->reg[i].start >= end) break;
            a = mm->reg[i].start;
            continue;
        }
        u128 stop = r->end < end ? r->end : end;
        int e = op(r->host + (size_t)(a - r->start), (size_t)(stop - a), arg);
        if (e) return e;
        a = stop;
    }
    return gap ? -ENOMEM : 0;
}

int mm_for_each(const struct mm *mm, int (*fn)(const struct mm_region *r, void *arg), void *arg)
{
    for (size_t i = 0; i < mm->n; i++) {
        int e = fn(&mm->reg[i], arg);
        if (e) return e;
    }
    return 0;
}
