/* The translator's shared parts: the code cache and the calling convention between C and
 * translated code.  The per-XLEN translator is jit_tmpl.h (docs/zl-run.md, "How the
 * translator works").
 *
 * Translated code runs with
 *   rbp = the hart (guest registers at offset 0, FP registers, TLBs, pc, instret, ...),
 *   r14 = the hart's instret (written back when the code returns to C),
 *   rsp 16-byte aligned, so helpers are plain C calls;
 * everything else is scratch.  It returns to C through the cache's exit stub with
 * rax = enum jit_exit and rdx = the rel32 field of the jump that left (for chaining). */
#ifndef ZL_EXEC_JIT_H
#define ZL_EXEC_JIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <zl/types.h>

#include "exec/hart.h"

enum jit_exit {
    JIT_EXIT_CHAIN = 1,     /* left for h->pc through a patchable jump (rdx) */
    JIT_EXIT_DISPATCH,      /* left for h->pc through an indirect jump (jump-cache miss) */
    JIT_EXIT_INTERP,        /* h->pc is an instruction the translator leaves to the interpreter */
    JIT_EXIT_TRAP,          /* h->trap is set for the instruction at h->pc */
    JIT_EXIT_REQUEST,       /* instret reached insn_limit at the entry of the block at h->pc */
    JIT_EXIT_PLAIN,         /* the block at h->pc found at its entry that a register it
                             * assumes sign-extended is not (RV128): run its plain
                             * translation, patching the jump that left (rdx) to it */
    JIT_EXIT_OVERFLOW,      /* the instruction before h->pc, which the block at pc rdx took
                             * to give a sign-extended result, did not (RV128; its result
                             * is written): make that block jump to its plain translation */
};

struct jit_ret { u64 exit; u8 *patch; };   /* rax, rdx */

#define JIT_HASH_BITS 15
#define JIT_JC_BITS 12

/* A guest block and where its translation starts (NULL: the interpreter runs it). */
struct jit_block {
    u64 pc;
    struct jit_block *hnext;
    const u8 *code;
};

/* The indirect-jump cache, read by translated code: the guest pc and its code. */
struct jit_jc { u64 pc; const u8 *code; };

struct jit_cache {
    u8 *rw, *rx;            /* one memory, two views: written through rw, run through rx */
    size_t size, used, stubs_end;
    struct jit_ret (*enter)(struct hart *h, const u8 *code);
    const u8 *exit;         /* the shared exit stub */
    struct jit_block *hash[1u << JIT_HASH_BITS];
    struct jit_jc jc[1u << JIT_JC_BITS];
    struct jit_block *blocks;
    size_t nblocks, maxblocks;
    u64 code_gen, fence_i_gen;  /* what the cache was built under (mm->code_gen, h->fence_i_gen) */
    u64 flushes;
    /* Direct accesses to guest memory (at h->mem_base): for each, the offset from rx of its
     * host instruction and of the stub that does it the slow way, in increasing order of
     * the first, for the host fault handler (jit_cache_fault_stub). */
    u32 *site_at, *site_stub;
    size_t nsites, sites_cap;
};

/* True on hosts the translator emits code for (x86-64 Linux with memfd). */
bool jit_host_supported(void);
/* Make the calling thread's GS segment base `base` (guest memory's window: translated code
 * accesses it as gs:[address]); false if the host refuses. */
bool jit_host_segment(const void *base);
/* True when the host has FMA3 (and the AVX state the VEX encoding needs): the translator
 * then computes fmadd.d and its kin inline.  jit_fma_off (tests) makes it false. */
bool jit_host_fma(void);
extern bool jit_fma_off;

/* The hart's cache, created on first use; NULL if the host refuses executable memory. */
struct jit_cache *jit_cache_get(struct hart *h);
/* Drop every block (the stubs at the start stay). */
void jit_cache_flush(struct jit_cache *c);
void jit_cache_free(struct hart *h);
/* The block at pc, or NULL. */
struct jit_block *jit_cache_find(struct jit_cache *c, u64 pc);
/* A new block at pc; NULL when the block table is full (flush, then retry). */
struct jit_block *jit_cache_add(struct jit_cache *c, u64 pc, const u8 *code);
/* Record n direct accesses of a block being added (rx offsets, in increasing order of at,
 * above those recorded so far); false when there is no memory for them (flush, retry). */
bool jit_cache_add_sites(struct jit_cache *c, const u32 *at, const u32 *stub, size_t n);
/* The stub to continue at when the host instruction at pc, a direct access to guest
 * memory, faulted; NULL if pc is not one.  Called from the host's fault handler on the
 * thread that runs the cache's code. */
const u8 *jit_cache_fault_stub(const struct jit_cache *c, const void *pc);
/* From a host SIGSEGV or SIGBUS handler (uc: its ucontext_t) on the thread that runs h:
 * if the fault is a direct access of h's translated code, make the handler return to
 * that access's slow path, which does it the checked way (and makes a fault the guest's
 * trap), and return true. */
bool jit_fault_resume(struct hart *h, void *uc);
/* Write `code`'s rel32 field at `patch` (an rx address) to jump to `to`. */
void jit_cache_patch(struct jit_cache *c, u8 *patch, const u8 *to);
/* Make the block whose code starts at `code` (an rx address) jump to `to` on entry:
 * a jmp over its first instruction, which is at least 5 bytes long (the translator's
 * instret check).  Every way into the block enters there. */
void jit_cache_redirect(struct jit_cache *c, const u8 *code, const u8 *to);
/* --jit-dump: the block's n guest instruction words (and their lengths) and its code. */
void jit_dump_block(FILE *out, int xlen, unsigned exts, u64 pc, const u32 *words,
                    const u8 *lens, size_t n, const u8 *code, size_t size);
static inline size_t jit_jc_index(u64 pc) { return (size_t)(pc >> 1) & ((1u << JIT_JC_BITS) - 1); }

/* The interpreters' run functions, which the translator hands blocks to. */
int rv32_run(struct hart *h);
int rv64_run(struct hart *h);
int rv128_run(struct hart *h);
void rv32_free_cache(struct hart *h);
void rv64_free_cache(struct hart *h);
void rv128_free_cache(struct hart *h);

#endif
