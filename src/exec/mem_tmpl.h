/* Guest memory as one XLEN sees it: the software TLB, the slow path of every load and
 * store, and instruction fetch.  Written once, included by each execution engine's
 * per-XLEN compilation (interp_tmpl.h, jit_tmpl.h) after it defines XLEN; every function is
 * static, so each engine's compilation inlines what it uses. */
#ifndef XLEN
#error "define XLEN before including mem_tmpl.h"
#endif

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#include "common/hostatomic.h"
#include "exec/hart.h"
#include "exec/hostfault.h"
#include "exec/mm.h"

#if XLEN == 32
typedef u32 uxlen;
typedef i32 sxlen;
#define RV(n) rv32_##n
#define XR x32
#define TLBE e32
typedef struct tlb_e32 tlbe_t;
#elif XLEN == 64
typedef u64 uxlen;
typedef i64 sxlen;
#define RV(n) rv64_##n
#define XR x64
#define TLBE e64
typedef struct tlb_e64 tlbe_t;
#elif XLEN == 128
typedef u128 uxlen;
typedef i128 sxlen;
#define RV(n) rv128_##n
#define XR x128
#define TLBE e128
typedef struct tlb_e128 tlbe_t;
#else
#error "XLEN must be 32, 64 or 128"
#endif

#define PAGE_MASK (~(uxlen)0xfff)

static void RV(tlb_flush)(struct hart *h)
{
    memset(&h->tlb_r, 0xff, sizeof h->tlb_r);
    memset(&h->tlb_w, 0xff, sizeof h->tlb_w);
    h->tlb_gen = h->mm->gen;
}

/* A fault at addr: nothing mapped (maperr), not permitted, or — the mapping allows the
 * access (need) — its host page faulted (bus: a file page beyond the end of the file). */
static void RV(set_fault)(struct hart *h, int cause, u128 addr, int need)
{
    const struct mm_region *r = mm_find(h->mm, addr);
    h->trap.cause = cause;
    h->trap.addr = addr;
    h->trap.maperr = r == NULL;
    h->trap.bus = r && (mm_rights(r->prot) & need) == need;
}

/* Instruction fetch for the translator: the 16-bit parcel at pc, honouring PROT_EXEC.
 * pc is 2-aligned (translate() checks), so the parcel does not straddle a page. */
static bool RV(fetch16)(struct hart *h, uxlen pc, u16 *out)
{
    const struct mm_region *r = mm_find(h->mm, pc);
    if (!r || !(r->prot & PROT_EXEC)) return false;
    const u8 *src = r->host + (size_t)(pc - r->start);
    if (r->hostfault) return mm_guarded_copy(out, src, 2, src) == 2;
    return mm_host_force(h->mm, r, (u128)pc, out, 2, false);      /* (execute-only too) */
}

/* Put the page of a (in region r) into the read or write TLB. */
static void RV(tlb_fill)(struct hart *h, const struct mm_region *r, uxlen a, bool write)
{
    uxlen page = a & PAGE_MASK;
#if XLEN == 128
    /* The fast paths compare the high half of the base register, not of the address
     * (RV(ea)); they agree except in these two pages of every 2^64 (see there), which
     * therefore never enter the TLB. */
    if ((u64)page == 0 || (u64)page == (u64)PAGE_MASK) return;
#endif
    /* A host fault in the fast path could not be turned into the guest's exact trap:
     * such pages are always accessed through the guarded slow path (exec/hostfault.h). */
    if (r->hostfault) return;
    tlbe_t *e = write ? &h->tlb_w.TLBE[(size_t)(a >> 12) & (TLB_SIZE - 1)]
                      : &h->tlb_r.TLBE[(size_t)(a >> 12) & (TLB_SIZE - 1)];
    e->tag = page;
    e->addend = (u64)(uintptr_t)(r->host + (size_t)((u128)page - r->start)) - (u64)page;
}

/* Slow path of every load and store: TLB miss, page-crossing or misaligned access. */
static bool RV(access_slow)(struct hart *h, uxlen a, void *buf, unsigned size, bool write)
{
    int need = write ? PROT_WRITE : PROT_READ;
    int cause = write ? TRAP_STORE_FAULT : TRAP_LOAD_FAULT;
    if (((a & 0xfff) + size) > 0x1000 || (uxlen)(a + size - 1) < a) {
        u128 fault;
        bool ok = write ? mm_write(h->mm, (u128)a, buf, size, &fault)
                        : mm_read(h->mm, (u128)a, buf, size, &fault);
        if (!ok) RV(set_fault)(h, cause, fault, need);
        return ok;
    }
    const struct mm_region *r = mm_find(h->mm, (u128)a);
    if (!r || !(mm_rights(r->prot) & need)) {
        RV(set_fault)(h, cause, (u128)a, need);
        return false;
    }
    u8 *p = r->host + (size_t)((u128)a - r->start);
    if (r->hostfault) {
        if (mm_guarded_copy(write ? p : buf, write ? buf : p, size, p) == size) return true;
        RV(set_fault)(h, cause, (u128)a, need);
        return false;
    }
    if (write) guest_memcpy(p, buf, size);
    else guest_memcpy(buf, p, size);
    RV(tlb_fill)(h, r, a, write);
    return true;
}

/* Fast path.  The TLB slot of address a, and the key its tag must equal for an access
 * of `size` bytes to hit: the page plus the low address bits that must be zero for
 * alignment, so one compare checks page, alignment and validity. */
static inline const tlbe_t *RV(tlb_slot)(const tlbe_t *tlb, u64 a)
{
    return &tlb[(size_t)(a >> 12) & (TLB_SIZE - 1)];
}
static inline uxlen RV(tlb_key)(uxlen a, unsigned size)
{
    return a & (PAGE_MASK | (uxlen)(size - 1));
}
static inline void *RV(tlb_host)(const tlbe_t *e, u64 a)
{
    return (void *)(uintptr_t)(a + e->addend);
}
