/* A guest address space: a sorted set of mappings anywhere in 2^128, each backed by its
 * own host mapping.  Nothing is "guest address + constant": an rv128 guest may map
 * pages far above 2^64 and a guest can only ever reach host memory through a region.
 *
 * The regions are kept in a treap (a binary search tree by address, heap-ordered by a
 * random priority, so expected O(log n) depth) whose nodes also record, for their
 * subtree, the first and last region, the largest gap between two of its regions and
 * how many VMAs it holds.  Lookup, insertion, removal and the free-gap search are then
 * logarithmic, and the VMA count that vm.max_map_count limits is always at hand. */
#ifndef ZL_EXEC_MM_H
#define ZL_EXEC_MM_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/mman.h>
#include <zl/types.h>

#define GUEST_PAGE_SHIFT 12
#define GUEST_PAGE ((u128)1 << GUEST_PAGE_SHIFT)

struct mm_region {
    u128 start, end;        /* [start, end), page aligned */
    u8 *host;               /* host address of `start` */
    int prot;               /* PROT_READ | PROT_WRITE | PROT_EXEC, as the guest sees it */
    int max_prot;           /* what mprotect may grant (a read-only shared file: R|X) */
    bool hostfault;         /* host pages may fault: see exec/hostfault.h */
};

/* With mm_map_host's prot: the host memory is a file or a shared object, whose pages can
 * raise SIGBUS on the host (exec/hostfault.h). */
#define MM_HOSTFAULT 0x40000000

struct mm_node;
struct mm_deferred { void *host; size_t len; };

struct mm {
    struct mm_node *root;   /* the regions, non-overlapping, in address order */
    struct mm_node *hint;   /* the last region found (reset by every mapping change) */
    u64 seed;               /* the treap's priorities */
    u64 max_map_count;      /* vm.max_map_count: more VMAs than this are refused */
    u128 limit;             /* user addresses are below this */
    u64 gen;                /* bumped whenever mappings or permissions change */
    u64 code_gen;           /* bumped when executable memory may have changed */
    u128 brk_start, brk_cur;
    /* Set while the process has more than one thread: host memory the guest unmaps is
     * kept reserved (PROT_NONE) in deferred[] until mm_release_deferred, because a thread
     * blocked in a host call may still be using a pointer into it (docs/zl-run.md). */
    bool defer_release;
    struct mm_deferred *deferred;
    size_t ndeferred, deferred_cap;
    /* With mm_window: the host address of guest address 0, and the host bytes reserved
     * there (the user addresses, below limit, and a guard; another guard lies below). */
    u8 *window;
    size_t window_size;
    /* The guest addresses the window covers, [0, window_span): all user addresses
     * (mm_window), or the low ones only (mm_window_low, RV128).  A region lies in the
     * window (at window + start, host protections mirroring the guest's) exactly when it
     * is inside them; a region beyond, or across the end, has host memory elsewhere and
     * the window keeps its low part reserved and inaccessible. */
    u128 window_span;
};

/* max_map_count is the host's vm.max_map_count (65530 if it cannot be read).  The VMA
 * count is Linux's for anonymous memory: a maximal run of contiguous regions with the
 * same rights (prot and max_prot) is one VMA.  An mmap is refused (-ENOMEM) when the
 * count is already above the limit (Linux's do_mmap test); an munmap or mprotect that
 * would leave more than max_map_count VMAs is refused before anything changes, and so
 * is an mremap while the count is within 3 of the limit (Linux's move_vma). */
void mm_init(struct mm *mm, u128 limit);
void mm_destroy(struct mm *mm);

/* Guest memory at a fixed host offset (before any mapping; the limit must fit the host's
 * address space, as RV32's and RV64's do): a host range is reserved for the user
 * addresses plus a guard on each side, inaccessible, and from then on every region's host memory is
 * window + start, with host protections that mirror the guest's (mm_host_prot), so that
 * translated code can access guest memory at window + address and let the host's page
 * protections do the checking.  What the guest does not map stays reserved and
 * inaccessible: no other host mapping can land in the window.  Returns 0, or -ENOMEM
 * (the address space then works as without). */
int mm_window(struct mm *mm);
/* The same for the guest addresses below span only (a power of two of at most 2^46):
 * RV128's user addresses reach 2^119, but its image and brk heap (docs/abi.md §10.1) lie
 * low, where translated code reaches them directly; what lies above goes through the TLB. */
int mm_window_low(struct mm *mm, u128 span);
/* RV128's window: the guest addresses below 2^38, the size of RV64's whole space (so
 * that the two reserve the same host address space) */
#define RV128_WINDOW_SPAN ((u128)1 << 38)

/* The host protection of a region in the window with guest rights prot: readable if the
 * guest may read or write it (Linux on RISC-V has no write-only pages), writable if it
 * may write.  An execute-only region is inaccessible on the host; zl-run's own reads of
 * its instructions go through mm_host_force. */
static inline int mm_host_prot(int prot)
{
    return prot & PROT_WRITE ? PROT_READ | PROT_WRITE : prot & PROT_READ ? PROT_READ : PROT_NONE;
}

/* The accesses guest rights prot allow: a writable mapping is readable too, as on Linux
 * on RISC-V, whose page tables have no write-only pages. */
static inline int mm_rights(int prot)
{
    return prot & PROT_WRITE ? prot | PROT_READ : prot;
}

/* Copy n bytes between buf and guest address addr of region r (the n bytes inside it),
 * whatever its host protection (the loader's writes into read-only segments, instruction fetch
 * from execute-only ones, /proc/self/mem): through the host's /proc/self/mem, else with
 * the host pages' protection lifted for the copy.  False if neither works (a file page
 * past the end of its file, the host's VMA limit). */
bool mm_host_force(struct mm *mm, const struct mm_region *r, u128 addr, void *buf, size_t n,
                   bool write);

/* Map [start, start+len) with fresh zero pages, replacing what was there
 * (MAP_FIXED semantics).  Returns 0 or -errno. */
int mm_map(struct mm *mm, u128 start, u128 len, int prot);

/* Same, backed by a host mapping the caller made (len bytes at host); the address space
 * owns it from now on, also when the call fails, and unmaps it when the guest does.
 * prot may include MM_HOSTFAULT. */
int mm_map_host(struct mm *mm, u128 start, u128 len, int prot, int max_prot, void *host);
int mm_unmap(struct mm *mm, u128 start, u128 len);

/* Translated code of the address space may be stale (any thread may say so). */
static inline void mm_code_changed(struct mm *mm)
{
    __atomic_fetch_add(&mm->code_gen, 1, __ATOMIC_RELAXED);
}

/* Unmap the host ranges kept reserved under defer_release (no thread can use them now). */
void mm_release_deferred(struct mm *mm);
int mm_protect(struct mm *mm, u128 start, u128 len, int prot);

/* mremap's pieces.  mm_vma_end: the end of the run of contiguous mappings with the same
 * rights that contains addr (what Linux would hold as one VMA), or -EFAULT if addr is
 * unmapped.  mm_remap: move the mappings that exactly cover [old, old+len) to dst
 * (dst == old: in place), the last one extended by grow bytes; the caller has checked
 * that the destination is free.  With keep (MREMAP_DONTUNMAP) the old range stays
 * mapped with empty pages.  mm_dup_shared: map the pages of the shared mapping at old a
 * second time at dst (mremap with old_size 0); -EINVAL if that mapping is private. */
int mm_vma_end(struct mm *mm, u128 addr, u128 *end);
int mm_remap(struct mm *mm, u128 old, u128 len, u128 dst, u128 grow, bool keep);
int mm_dup_shared(struct mm *mm, u128 old, u128 dst, u128 len);

/* Apply a host madvise() to the host memory behind [start, start+len) (mapped parts). */
int mm_advise(struct mm *mm, u128 start, u128 len, int advice);

/* Apply op to the host memory behind each mapped piece of [start, start+len), in order;
 * stops at op's first error (a -errno), else -ENOMEM if part of the range is unmapped
 * (after doing the mapped parts, as Linux's msync/mlock do), else 0. */
int mm_host_op(struct mm *mm, u128 start, u128 len, int (*op)(void *host, size_t n, void *arg),
               void *arg);

/* True if no mapping intersects [start, start+len). */
bool mm_is_free(const struct mm *mm, u128 start, u128 len);

/* Lowest free gap of `len` bytes at or above `from` and below `to` (top-down search
 * when top_down); returns 0 and sets *out, or -ENOMEM. */
int mm_find_free(const struct mm *mm, u128 len, u128 from, u128 to, bool top_down, u128 *out);

const struct mm_region *mm_find(struct mm *mm, u128 addr);

/* The number of VMAs (see mm_init) and of regions. */
u64 mm_vma_count(const struct mm *mm);
u64 mm_region_count(const struct mm *mm);

/* Call fn on every region in address order; stops at the first non-zero return and
 * returns it (0 if every call returned 0).  fn must not change the mappings. */
int mm_for_each(const struct mm *mm, int (*fn)(const struct mm_region *, void *), void *arg);

/* Copy between guest and host memory honouring guest permissions (need = PROT_READ
 * for reads, PROT_WRITE for writes).  On failure return false and set *fault to the
 * first guest address that could not be accessed: unmapped, not permitted, or a host
 * fault behind a valid mapping (a file page beyond the end of its file). */
bool mm_read(struct mm *mm, u128 addr, void *dst, size_t n, u128 *fault);
bool mm_write(struct mm *mm, u128 addr, const void *src, size_t n, u128 *fault);

/* memcpy for the host memory of a hostfault region (guest_side: the n bytes there, dst or
 * src): the number of bytes before the first byte of the page that faulted on the host, or
 * n when nothing faulted. */
size_t mm_guarded_copy(void *dst, const void *src, size_t n, const u8 *guest_side);

/* The atomics of a hostfault region, at host p (n = 4, 8 or 16 bytes, naturally aligned),
 * inside a guard: a sequentially consistent load, and a compare-and-swap that sets
 * *swapped and, when it fails, *expected to the value found.  False when the host faulted
 * (a file truncated under the mapping, by this process or another, at any moment). */
bool mm_guarded_atomic_load(const u8 *p, unsigned n, u128 *val);
bool mm_guarded_atomic_cas(u8 *p, unsigned n, u128 *expected, u128 desired, bool *swapped);

/* memcpy where one side is guest memory that other guest threads may be using at the
 * same time: every such copy outside the interpreter's inline accesses goes through it, so
 * that a ThreadSanitizer run can tell the guest's own races (its business) from zl-run's
 * (tests/run/tsan.supp). */
void guest_memcpy(void *dst, const void *src, size_t n);

/* Loader access: write regardless of guest permissions (the mapping must exist). */
bool mm_poke(struct mm *mm, u128 addr, const void *src, size_t n);

#endif
