/* One RISC-V hart (hardware thread) of any XLEN: the state each guest thread owns.  The
 * address space (struct mm) and the OS personality are shared through pointers; what
 * runs the guest code is an engine (exec/engine.h), compiled once per XLEN. */
#ifndef ZL_EXEC_HART_H
#define ZL_EXEC_HART_H

#include <stdbool.h>
#include <zl/types.h>

#include "exec/engine.h"
#include "exec/mm.h"

#define TLB_BITS 8
#define TLB_SIZE (1u << TLB_BITS)
#define XREG_SINK 32      /* writes to x0 are redirected here at decode time */

/* Software TLB: one direct-mapped entry per page slot.  tag is the guest page address;
 * addend turns a guest address into a host pointer with one add (host = guest + addend,
 * modulo 2^64, which is exact because a page never straddles host mappings). */
struct tlb_e32  { u32 tag; u64 addend; };
struct tlb_e64  { u64 tag; u64 addend; };
struct tlb_e128 { u128 tag; u64 addend; };
/* An empty slot holds tag = all ones: a lookup compares against an address with at
 * most its low 4 bits set below the page, so all ones can never match. */
union tlb {
    struct tlb_e32 e32[TLB_SIZE];
    struct tlb_e64 e64[TLB_SIZE];
    struct tlb_e128 e128[TLB_SIZE];
};

/* RISC-V exception causes (mcause numbering) reported by the interpreter. */
enum trap_cause {
    TRAP_FETCH_MISALIGNED = 0, TRAP_FETCH_FAULT = 1, TRAP_ILLEGAL = 2,
    TRAP_BREAKPOINT = 3, TRAP_LOAD_MISALIGNED = 4, TRAP_LOAD_FAULT = 5,
    TRAP_STORE_MISALIGNED = 6, TRAP_STORE_FAULT = 7,
};

enum run_stop {
    RUN_TRAP = 1,       /* h->trap says what happened at h->pc */
    RUN_EXIT,           /* the ecall hook asked to stop (process exit) */
    RUN_REQUEST,        /* h->insn_limit was reached (or lowered from a signal handler) */
};

struct hart;

/* What the OS personality plugs into the core. */
struct hart_ops {
    /* Called for ecall with h->pc already advanced past it; returns 0 to continue,
     * non-zero to stop the run loop with RUN_EXIT. */
    int (*ecall)(struct hart *h);
};

struct hart {
    union {                     /* integer registers; x[XREG_SINK] absorbs x0 writes */
        u32 x32[33];
        u64 x64[33];
        u128 x128[33];
    } x;
    u64 f[32];                  /* FP registers, FLEN = 64, singles NaN-boxed */
    u32 fflags, frm;
    u128 pc;
    u64 instret;
    int xlen;
    unsigned exts;              /* EXT_* enabled */
    struct mm *mm;
    u64 tlb_gen;                /* mm->gen the TLB was filled under */
    u64 code_gen;               /* mm->code_gen the block cache was built under */
    union tlb tlb_r, tlb_w;
    u128 resv_addr;             /* LR/SC reservation: address and the value LR read */
    u128 resv_value;
    unsigned resv_size;         /* bytes: an SC of another size fails */
    bool resv_valid;
    struct {
        int cause;              /* enum trap_cause */
        u128 addr;              /* faulting data address (load/store/fetch) */
        bool maperr;            /* true: nothing mapped there; false: permission */
        bool bus;               /* the mapping is valid but its host page faulted (SIGBUS) */
        u32 insn;               /* the instruction word for TRAP_ILLEGAL */
    } trap;
    /* The run loop stops with RUN_REQUEST at the first block boundary where instret has
     * reached this.  UINT64_MAX by default; a host signal handler sets it to 0 to get
     * control back, a caller sets it to bound execution. */
    _Atomic u64 insn_limit;     /* other threads and signal handlers lower it */
    const struct engine *engine;
    void *bcache;               /* the interpreter's decoded-block cache (per XLEN) */
    void *jcache;               /* the translator's code cache (per XLEN) */
    void *jit_dump;             /* FILE *: print each translated block there (--jit-dump) */
    /* The translator's shared page probes (jit_tmpl.h, plan_pages): the host address of
     * the last group head's access, loads [0] and stores [1], or 0 when the group's
     * accesses must each probe on their own.  Only read after its head in the same block. */
    u64 jit_page[2];
    /* The host address of guest address 0 when guest memory is at a fixed host offset
     * (mm_window): the translator's loads and stores go there directly. */
    u8 *mem_base;
    /* With mem_base: at RV64 the address bits at or above the window's limit (a power of
     * two), which an address the translator accesses there must not have; at RV128 those
     * at or above the window's span, which a sign-extended base register must not have. */
    u64 mem_above;
    /* Bumped when this hart executes fence.i: every engine's cache of this hart's code
     * is then stale (an engine compares it with the value it last saw). */
    u64 fence_i_gen;
    const struct hart_ops *ops;
    void *os;                   /* personality state */
};

/* The hart starts with the interpreter; hart_set_engine picks another. */
void hart_init(struct hart *h, int xlen, struct mm *mm, const struct hart_ops *ops);
/* false (and no change) if this host has no such engine for the hart's XLEN */
bool hart_set_engine(struct hart *h, enum engine_kind kind);
/* A copy of a hart (a new thread, the child of a fork) must not share its original's
 * code caches: forget them without freeing (the original still owns them). */
void hart_forget_code(struct hart *h);
/* In the child of a fork: translated code lives in memory the child does not inherit
 * (a shared mapping would let the two processes write each other's code); drop it. */
void hart_after_fork(struct hart *h);
void hart_destroy(struct hart *h);

/* Run from h->pc until something stops the hart; returns enum run_stop. */
int hart_run(struct hart *h);

/* XLEN-independent register access for the personality layer.  Reads zero- or
 * sign-extend from XLEN to 128 bits as asked; writes keep the low XLEN bits. */
u128 hart_get_x(const struct hart *h, unsigned r);
i128 hart_get_sx(const struct hart *h, unsigned r);
void hart_set_x(struct hart *h, unsigned r, u128 v);

/* Return to user mode at pc, as the kernel does through sepc, whose bit 0 is always zero
 * (RISC-V privileged spec, "Supervisor Exception Program Counter"): an odd address from a
 * signal handler, a sigreturn frame, an rseq abort_ip or e_entry resumes at pc & ~1. */
static inline void hart_resume_at(struct hart *h, u128 pc)
{
    h->pc = pc & ~(u128)1;
}

/* Drop every translated block (code was written, mappings changed). */
void hart_flush_code(struct hart *h);

/* The per-XLEN engines (interp32.c ... jit128.c). */
extern const struct engine rv32_interp, rv64_interp, rv128_interp;
extern const struct engine rv32_jit, rv64_jit, rv128_jit;

#endif
