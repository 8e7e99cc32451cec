/* The address-space table (src/exec/mm.c) against a page-by-page reference model:
 * random map / unmap / protect / mremap / free-gap searches, with a small
 * max_map_count so that the VMA limit is hit often. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "lib/check.h"
#include "exec/mm.h"

#define PAGES 192
#define BASE ((u128)0x10000)
#define LIMIT (BASE + (u128)PAGES * GUEST_PAGE)
#define ADDR(i) (BASE + (u128)(i) * GUEST_PAGE)

struct page { bool mapped; int prot, max_prot; u8 tag; };
static struct page model[PAGES];
static u64 rng = 0x2545f4914f6cdd1dull;

static unsigned rnd(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

static bool page_joins(int i)   /* does page i continue page i-1's VMA? */
{
    return i > 0 && model[i - 1].mapped && model[i].mapped && model[i - 1].prot == model[i].prot &&
           model[i - 1].max_prot == model[i].max_prot;
}

static u64 model_vmas(void)
{
    u64 n = 0;
    for (int i = 0; i < PAGES; i++) n += model[i].mapped && !page_joins(i);
    return n;
}

struct walk { u128 prev_end; u64 regions; bool ordered; };
static int walk_fn(const struct mm_region *r, void *arg)
{
    struct walk *w = arg;
    if (r->start < w->prev_end || r->end <= r->start) w->ordered = false;
    w->prev_end = r->end;
    w->regions++;
    return 0;
}

static int stop_fn(const struct mm_region *r, void *arg)
{
    (void)r;
    return ++*(int *)arg == 3 ? 42 : 0;
}

/* Every page against the model, the counts, the walk and the free-gap searches. */
static void compare(struct mm *mm)
{
    for (int i = 0; i < PAGES; i++) {
        const struct mm_region *r = mm_find(mm, ADDR(i) + 5);
        CHECK_EQ_U(r != NULL, model[i].mapped);
        if (!r || !model[i].mapped) continue;
        CHECK_EQ_U(r->prot, model[i].prot);
        CHECK_EQ_U(r->max_prot, model[i].max_prot);
        u8 tag = 0;     /* (in a window the host's rights mirror the guest's) */
        CHECK(mm_host_force(mm, r, ADDR(i), &tag, 1, false));
        CHECK_EQ_U(tag, model[i].tag);
        if (page_joins(i)) continue;
        int j = i + 1;
        while (j < PAGES && page_joins(j)) j++;
        u128 end = 0;
        CHECK_EQ_U(mm_vma_end(mm, ADDR(i), &end), 0);
        CHECK_EQ_U(end, ADDR(j));
    }
    CHECK_EQ_U(mm_vma_count(mm), model_vmas());
    struct walk w = { 0, 0, true };
    CHECK_EQ_U(mm_for_each(mm, walk_fn, &w), 0);
    CHECK(w.ordered);
    CHECK_EQ_U(w.regions, mm_region_count(mm));
    for (int t = 0; t < 4; t++) {
        unsigned len = 1 + rnd(8), from = rnd(PAGES), to = from + 1 + rnd(PAGES - from);
        bool down = rnd(2);
        int want = -1;
        for (unsigned s = from; s + len <= to; s++) {
            unsigned k = 0;
            while (k < len && !model[s + k].mapped) k++;
            if (k == len && (want < 0 || down)) want = (int)s;
        }
        u128 got = 0;
        int e = mm_find_free(mm, (u128)len * GUEST_PAGE, ADDR(from), ADDR(to), down, &got);
        CHECK_EQ_U(e == 0, want >= 0);
        if (!e && want >= 0) CHECK_EQ_U(got, ADDR(want));
        bool free_here = true;
        for (unsigned k = from; k < from + len && k < PAGES; k++) free_here &= !model[k].mapped;
        CHECK_EQ_U(mm_is_free(mm, ADDR(from), (u128)len * GUEST_PAGE), free_here);
    }
}

static void tag_pages(struct mm *mm, unsigned s, unsigned n)
{
    for (unsigned i = s; i < s + n; i++) {
        u8 v = (u8)(1 + rnd(255));
        CHECK(mm_poke(mm, ADDR(i), &v, 1));
        model[i].tag = v;
    }
}

/* With a window over part of the addresses (mm_window_low): its host memory, as the
 * host's /proc/self/maps shows it, holds exactly the regions that lie in it, at window +
 * their address with the guest's rights mirrored (mm_host_prot); the rest of it, regions
 * outside or across its end included, is inaccessible. */
static void compare_window(struct mm *mm)
{
    FILE *f = fopen("/proc/self/maps", "re");
    CHECK(f != NULL);
    if (!f) return;
    uintptr_t w = (uintptr_t)mm->window, wend = w + (size_t)mm->window_span;
    int host[PAGES];            /* host rights of each model page in the window (-1: none) */
    for (int i = 0; i < PAGES; i++) host[i] = -1;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        unsigned long lo, hi;
        char perm[5];
        if (sscanf(line, "%lx-%lx %4s", &lo, &hi, perm) != 3 || hi <= w || lo >= wend) continue;
        int prot = (perm[0] == 'r' ? PROT_READ : 0) | (perm[1] == 'w' ? PROT_WRITE : 0) |
                   (perm[2] == 'x' ? PROT_EXEC : 0);
        for (unsigned long a = lo < w ? w : lo; a < hi && a < wend; a += GUEST_PAGE) {
            u128 g = (u128)(a - w);
            if (g >= BASE && g < LIMIT) host[(size_t)((g - BASE) / GUEST_PAGE)] = prot;
            else CHECK_EQ_U(prot, PROT_NONE);       /* nothing of the guest's there */
        }
    }
    fclose(f);
    for (int i = 0; i < PAGES; i++) {
        if (ADDR(i) >= mm->window_span) continue;
        const struct mm_region *r = mm_find(mm, ADDR(i));
        bool in = r && r->host + (size_t)(ADDR(i) - r->start) == mm->window + (size_t)ADDR(i);
        CHECK_EQ_U(host[i], in ? mm_host_prot(r->prot) : PROT_NONE);
    }
}

/* The model against mm, without a window or (span != 0) with one over the addresses
 * below span, which then cuts the model's range in two. */
static void run_model(u128 span)
{
    struct mm mm;
    mm_init(&mm, LIMIT);
    memset(model, 0, sizeof model);
    if (span) CHECK_EQ_U(mm_window_low(&mm, span), 0);
    mm.max_map_count = 12;
    for (int step = 0; step < 20000 && !check_st.cur_failed; step++) {
        unsigned s = rnd(PAGES), n = 1 + rnd(PAGES - s < 16 ? PAGES - s : 16);
        int prot = (int)rnd(8);
        u64 before = model_vmas();
        switch (rnd(4)) {
        case 0: {
            int e = mm_map(&mm, ADDR(s), (u128)n * GUEST_PAGE, prot);
            CHECK_EQ_U((u128)(i128)e, (u128)(i128)(before > mm.max_map_count ? -ENOMEM : 0));
            if (e) break;
            for (unsigned i = s; i < s + n; i++)
                model[i] = (struct page){ true, prot, PROT_READ | PROT_WRITE | PROT_EXEC, 0 };
            tag_pages(&mm, s, n);
            break;
        }
        case 1: {
            struct page save[PAGES];
            memcpy(save, model, sizeof model);
            for (unsigned i = s; i < s + n; i++) model[i].mapped = false;
            u64 after = model_vmas();
            int want = after > before && after > mm.max_map_count ? -ENOMEM : 0;
            if (want) memcpy(model, save, sizeof model);
            CHECK_EQ_U((u128)(i128)mm_unmap(&mm, ADDR(s), (u128)n * GUEST_PAGE), (u128)(i128)want);
            break;
        }
        case 2: {
            struct page save[PAGES];
            memcpy(save, model, sizeof model);
            int want = 0;
            for (unsigned i = s; i < s + n; i++) {
                if (!model[i].mapped) want = -ENOMEM;
                model[i].prot = prot;
            }
            u64 after = model_vmas();
            if (!want && after > before && after > mm.max_map_count) want = -ENOMEM;
            if (want) memcpy(model, save, sizeof model);
            CHECK_EQ_U((u128)(i128)mm_protect(&mm, ADDR(s), (u128)n * GUEST_PAGE, prot),
                       (u128)(i128)want);
            break;
        }
        default: {    /* move a mapped run [s, s+k) to a free place (or grow it in place) */
            if (!model[s].mapped) break;
            unsigned k = 1;
            while (s + k < PAGES && k < n && page_joins((int)(s + k))) k++;
            unsigned grow = rnd(3);
            u128 dst;
            if (mm_find_free(&mm, (u128)(k + grow) * GUEST_PAGE, BASE, LIMIT, rnd(2), &dst)) break;
            int want = before + 3 > mm.max_map_count ? -ENOMEM : 0;
            int e = mm_remap(&mm, ADDR(s), (u128)k * GUEST_PAGE, dst, (u128)grow * GUEST_PAGE, false);
            CHECK_EQ_U((u128)(i128)e, (u128)(i128)want);
            if (e) break;
            unsigned d = (unsigned)((dst - BASE) / GUEST_PAGE);
            struct page moved[PAGES];
            memcpy(moved, &model[s], k * sizeof *moved);
            for (unsigned i = s; i < s + k; i++) model[i].mapped = false;
            memcpy(&model[d], moved, k * sizeof *moved);
            for (unsigned i = d + k; i < d + k + grow; i++) {
                model[i] = model[d + k - 1];
                model[i].tag = 0;
            }
            break;
        }
        }
        compare(&mm);
        if (span && step % 8 == 0) compare_window(&mm);
    }
    mm_destroy(&mm);
}

TEST(random_against_model) { run_model(0); }
/* RV128's window (over the low addresses only), here up to the model's 112th page */
TEST(random_partial_window) { run_model(BASE + 112 * GUEST_PAGE); }

TEST(for_each_stops)
{
    struct mm mm;
    mm_init(&mm, LIMIT);
    for (int i = 0; i < 8; i += 2) CHECK_EQ_U(mm_map(&mm, ADDR(i), GUEST_PAGE, PROT_READ), 0);
    int calls = 0;
    CHECK_EQ_U(mm_for_each(&mm, stop_fn, &calls), 42);
    CHECK_EQ_U(calls, 3);
    mm_destroy(&mm);
}

/* 70,000 alternating one-page mappings stop at the limit, quickly. */
TEST(many_mappings)
{
    struct mm mm;
    mm_init(&mm, (u128)1 << 47);
    mm.max_map_count = 65530;
    u128 top = (u128)1 << 40;
    int e = 0;
    u64 made = 0;
    for (int i = 0; i < 70000; i++) {
        u128 at;
        CHECK_EQ_U(mm_find_free(&mm, GUEST_PAGE, BASE, top, true, &at), 0);
        CHECK_EQ_U(at, top - (u128)(made + 1) * GUEST_PAGE);
        if ((e = mm_map(&mm, at, GUEST_PAGE, i & 1 ? PROT_READ : PROT_READ | PROT_WRITE))) break;
        made++;
    }
    CHECK_EQ_U((u128)(i128)e, (u128)(i128)-ENOMEM);
    CHECK_EQ_U(made, 65531);
    CHECK_EQ_U(mm_vma_count(&mm), 65531);
    /* splitting a VMA in two is refused now; unmapping a whole one is not */
    CHECK_EQ_U(mm_map(&mm, BASE, GUEST_PAGE, PROT_READ), (u128)(i128)-ENOMEM);
    CHECK_EQ_U(mm_unmap(&mm, top - GUEST_PAGE, GUEST_PAGE), 0);
    CHECK_EQ_U(mm_vma_count(&mm), 65530);
    mm_destroy(&mm);
}

/* With the window, the host's own VMA limit can refuse a split the guest's count allows
 * (the guest's limit is lifted here to reach it): mprotect and munmap of a region's middle
 * are then ENOMEM, and the region keeps its rights on the guest's side and the host's. */
TEST(window_host_limit)
{
    struct mm mm;
    mm_init(&mm, (u128)1 << 38);
    CHECK_EQ_U(mm_window(&mm), 0);
    mm.max_map_count = ~(u64)0;
    u128 three = (u128)1 << 30;
    CHECK_EQ_U(mm_map(&mm, three, 3 * GUEST_PAGE, PROT_READ | PROT_WRITE), 0);
    int e = 0;
    for (int i = 1; i < 80000 && !e; i++)
        e = mm_map(&mm, three - (u128)(2 * i) * GUEST_PAGE, GUEST_PAGE, i & 1 ? PROT_READ : PROT_READ | PROT_WRITE);
    CHECK_EQ_U((u128)(i128)e, (u128)(i128)-ENOMEM);
    /* the host's last few VMAs, which move_vma keeps back, taken too */
    void *fill[64];
    int nfill = 0;
    while (nfill < 64) {
        void *p = mmap(NULL, GUEST_PAGE, nfill & 1 ? PROT_READ : PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) break;
        fill[nfill++] = p;
    }
    CHECK(nfill < 64);
    CHECK_EQ_U((u128)(i128)mm_protect(&mm, three + GUEST_PAGE, GUEST_PAGE, PROT_READ), (u128)(i128)-ENOMEM);
    CHECK_EQ_U((u128)(i128)mm_unmap(&mm, three + GUEST_PAGE, GUEST_PAGE), (u128)(i128)-ENOMEM);
    const struct mm_region *r = mm_find(&mm, three + GUEST_PAGE);
    CHECK(r != NULL && r->prot == (PROT_READ | PROT_WRITE));
    u8 v = 0x5a;
    u128 fault = 0;
    CHECK(mm_write(&mm, three + GUEST_PAGE, &v, 1, &fault));
    mm.window[(size_t)three + GUEST_PAGE + 1] = 0xa5;       /* (the host's rights: faults if lost) */
    for (int k = 0; k < nfill; k++) munmap(fill[k], GUEST_PAGE);
    mm_destroy(&mm);
}

/* The window's guards: host memory reserved right below guest address 0 and right above
 * the user addresses (an unchecked access of the translator near a checked one lands
 * there when it leaves them: jit_tmpl.h, no_check), and released with the window. */
TEST(window_guards)
{
    struct mm mm;
    mm_init(&mm, (u128)1 << 32);
    CHECK_EQ_U(mm_window(&mm), 0);
    u8 *below = mm.window - GUEST_PAGE, *above = mm.window + ((size_t)1 << 32);
    void *p = mmap(below, GUEST_PAGE, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    CHECK(p == MAP_FAILED && errno == EEXIST);
    p = mmap(above, GUEST_PAGE, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    CHECK(p == MAP_FAILED && errno == EEXIST);
    mm_destroy(&mm);
    p = mmap(below, GUEST_PAGE, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    CHECK(p == below);
    if (p != MAP_FAILED) munmap(p, GUEST_PAGE);
}

int main(void)
{
    RUN(random_against_model);
    RUN(random_partial_window);
    RUN(for_each_stops);
    RUN(many_mappings);
    RUN(window_host_limit);
    RUN(window_guards);
    return check_done();
}
