/* The translator, written once and compiled per XLEN (jit32.c, jit64.c, jit128.c): guest
 * blocks to x86-64 machine code (docs/zl-run.md, "How the translator works").
 *
 *  - A block is what the interpreter would decode (up to a jump, ecall/ebreak, fence.i,
 *    a page boundary or 256 instructions); a conditional branch does not end it, so a
 *    block is a superblock.  A taken branch to another of the block's instructions
 *    jumps there (a backward one is a loop, checked as a block entry is); other taken
 *    branches leave through a side exit.
 *  - Integer computation, loads and stores (with the TLB fast path inline, one probe
 *    for a group of accesses from the same base register: plan_pages), branches
 *    and jumps are translated; the frequent F/D operations have an inline SSE fast
 *    path with an out-of-line call of their exec/fp_ops.h function for the rest, the
 *    others are calls of that function ("the F and D operations" below).  The first instruction the translator does not handle (atomics, CSRs,
 *    ecall, ebreak, fence.i, an illegal word) ends the block with an exit that runs the
 *    interpreter from there.
 *  - Each block starts by comparing instret with insn_limit (signals, other threads and
 *    exclusive sections lower it), so translated code stops at a block boundary; a
 *    branch back to an earlier instruction of the block checks it too.
 *  - Exits that lead to a fixed pc are patched into direct jumps to the target block the
 *    first time they are taken; indirect jumps probe a jump cache inline.
 *  - The block's most used guest registers live in host registers from its entry to
 *    each of its exits (see cache_regs); the others are read from and written to the
 *    hart by each instruction.
 *  - RV128 (jit_ops128.h) computes on pairs of 64-bit halves and caches a guest register
 *    in a pair of host registers; its *W and *D operations are the RV64 code with the
 *    result sign-extended to 128 bits by stx.
 */
#ifndef XLEN
#error "define XLEN before including jit_tmpl.h"
#endif
#if XLEN != 32 && XLEN != 64 && XLEN != 128
#error "the translator handles RV32, RV64 and RV128"
#endif

#include "exec/mem_tmpl.h"

#include <stdatomic.h>
#include <stdlib.h>

#include "exec/fp_ops.h"
#include "exec/jit.h"
#include "exec/x86emit.h"
#include "isa/isa.h"

#define W (XLEN >= 64)              /* x86 operand size of guest-register operations */
/* Lazy results (lazy_hi): at RV128 a high half that is the sign of the low half, at RV64
 * the upper 32 bits of a W operation's result (the sign of its low 32), left unwritten in
 * the host register until something reads them. */
#define JIT_LAZY (XLEN >= 64)
#define XOFF(r) ((i32)((r) * (XLEN / 8)))
#define FOFF(r) ((i32)(offsetof(struct hart, f) + (r) * 8))
#define HOFF(field) ((i32)offsetof(struct hart, field))
#define JIT_MAX_INSNS 256
#define JIT_MAX_BLOCK_CODE 65536    /* bytes a block may take, stubs included */
/* Bounds in bytes on one instruction's straight-line code and on one stub, each cached
 * register counted apart (a call stores and loads the scratch ones, an exit stores them
 * all): the translator stops a block before these could overflow it, and checks after
 * emission. */
#define JIT_INSN_MAX(ncached) (160 + 16 * (ncached))
#define JIT_STUB_MAX(ncached) (224 + 24 * (ncached))
/* the count those take: host registers, plus at RV128 the pairs a slow path or a helper
 * stores and loads beyond the scratch ones (its sources and destination) */
#define NHOST(t) ((XLEN == 128 ? 2 * (t)->ncached + 6 : (t)->ncached) + (t)->nfcached)

_Static_assert(offsetof(struct hart, x) == 0, "translated code reaches x[r] at rbp + r * XLEN/8");
#if XLEN == 128
_Static_assert(sizeof(tlbe_t) == 32 && offsetof(tlbe_t, addend) == 16, "TLB entry layout");
#define TLBE_SHIFT 5
#else
_Static_assert(sizeof(tlbe_t) == 16 && offsetof(tlbe_t, addend) == 8, "TLB entry layout");
#define TLBE_SHIFT 4
#endif

/* ---- helpers called from translated code (plain C, SysV ABI) ---- */

struct jit_lv { u64 v, fault; };    /* rax, rdx */

enum { JL_SIGNED = 0x100, JL_BOX = 0x200 };   /* load kinds: size | flags */

#if XLEN != 128                     /* (RV128's are in jit_ops128.h) */
/* The slow path of a load: TLB miss, misaligned or page-crossing; fills the TLB. */
static struct jit_lv RV(jit_load)(struct hart *h, u64 a, u64 kind)
{
    struct jit_lv r = { 0, 0 };
    unsigned size = kind & 0xff;
    u64 buf = 0;
    if (!RV(access_slow)(h, (uxlen)a, &buf, size, false)) {
        r.fault = 1;
        return r;
    }
    if (kind & JL_SIGNED) {
        unsigned sh = 64 - 8 * size;
        buf = (u64)((i64)(buf << sh) >> sh);
    }
    r.v = buf;
    return r;
}

/* The slow path of a store; returns non-zero on a fault (h->trap set). */
static u64 RV(jit_store)(struct hart *h, u64 a, u64 v, u64 size)
{
    return !RV(access_slow)(h, (uxlen)a, &v, (unsigned)size, true);
}
#endif

/* RV32's high multiplications (the host has no 32x32->64 high half in one instruction
 * that is simpler than this call). */
#if XLEN == 32
static u64 RV(jit_mulh)(u64 x, u64 y) { return (u32)(((i64)(i32)x * (i64)(i32)y) >> 32); }
static u64 RV(jit_mulhsu)(u64 x, u64 y) { return (u32)(((i64)(i32)x * (i64)(u32)y) >> 32); }
static u64 RV(jit_mulhu)(u64 x, u64 y) { return (u32)(((u64)(u32)x * (u64)(u32)y) >> 32); }
#endif

/* ---- the translation of one block ---- */

/* (the first five leave at the instruction that made them: idx and pc are its) */
enum stub_kind { STUB_LOAD, STUB_STORE, STUB_FP, STUB_INTERP, STUB_OVERFLOW, STUB_BRANCH,
                 STUB_CHAIN, STUB_REQUEST, STUB_LOOP_OUT, STUB_PLAIN };

enum { FPK_RNE = 1, FPK_NX = 2 };    /* what F/D checks showed: frm is RNE; fflags has NX */

/* Out-of-line code, emitted after the block's straight-line code. */
struct RV(stub) {
    enum stub_kind kind;
    u8 *from;               /* the rel32 (rw) that must jump to the stub */
    u8 *from2;              /* another one, or NULL (RV128's TLB probe: the high half) */
    u8 *more[4];            /* more of them (an F/D operation's fast path: nmore) */
    unsigned nmore;
    u8 *cont;               /* where a slow path returns (rw) */
    u32 idx;                /* instructions retired before this one in the block */
    uxlen pc, target;
    unsigned size, kind_arg, reg;   /* STUB_FP: rs3, the operation, rs2 (and rs1, imm = rm) */
    unsigned hreg;          /* a load's destination host register, or NOT_CACHED (rax) */
    unsigned rs1;           /* RV128's slow paths recompute the address from rs1 + imm */
    i32 imm;
    bool freg;
    bool ea_in_stub;        /* a page group's member: rax = x[rs1] + imm is computed here,
                             * and probed: on a hit it goes back to `back` with `pbase` =
                             * the host address - `pdisp` */
    u8 *back;
    unsigned pbase, psize;
    i32 pdisp;
    bool gs_back;           /* RV128's direct access: it goes back with pbase = the host
                             * address - mem_base, which its gs: access adds again */
    u8 *fault_at;           /* a direct access: its host instruction (rw), whose fault the
                             * host handler sends here (jit_cache_fault_stub) ... */
    unsigned areg;          /* ... and the host register of its guest address (rax, or at
                             * RV64 the base's register when the offset is 0) */
    u8 *start;              /* where the stub's code starts (rw) */
    int clear_page;         /* a page group's head: jit_page[clear_page - 1] = 0 here */
    unsigned fp_recheck;    /* an F/D operation whose checks later ones rely on (FPK_*):
                             * its slow path checks them again before it goes back (to
                             * `back`, after the result's store), else leaves for the
                             * next instruction */
    bool fp_single;         /* (then: the result is a single, its destination fp_rd) */
    unsigned fp_rd;
    u32 dirty;              /* the cached registers to store back when leaving here */
#if JIT_LAZY
    u32 lazy_hi;            /* the block's lazy_hi where the stub is entered */
#endif
#if XLEN == 128
    /* STUB_OVERFLOW (checked_op): the operation (ALU_ADD, ALU_SUB, ALU_IMUL), the host
     * register of its 64-bit result (ovf_lo), its rd (reg), rs1, and rs2 (ovf_rs2) or imm
     * when that is NOT_CACHED; size: the instruction's length */
    int ovf_op;
    unsigned ovf_lo, ovf_rs2;
#endif
};

/* Guest registers cached in host registers for the whole block: first the callee-saved
 * ones the calling convention leaves free (helper calls keep them), then the scratch
 * registers the straight-line code never uses otherwise (saved around every helper call;
 * rsi, rdi and r8 are only written as the arguments of a call, after call_begin has
 * stored them).  They are loaded after the block's entry check and stored back before
 * every way out of the block (an exit to C, a chained or indirect jump), so between
 * blocks the hart's copy is the truth. */
#if XLEN == 128
/* RV128: a cached guest register takes a pair (low, high), or only the low one when the
 * block uses mostly its low half (its high half then stays in the hart: see
 * choose_cached).  The straight-line code computes in rax, rcx and rdx only. */
static const unsigned RV(cache_regs)[] = { RBX, R12, R13, R15, R9, R10, R11, R8, RSI, RDI };
#else
static const unsigned RV(cache_regs)[] = { RBX, R12, R13, R15, R9, R10, R11, RSI, RDI, R8 };
#endif
#define NSAVED_HOST 4           /* the first four of cache_regs are callee-saved */
#define NCACHE (sizeof RV(cache_regs) / sizeof RV(cache_regs)[0])
#define NOT_CACHED 0xff
/* F registers with a copy in xmm2-xmm15 for the whole block (xmm0 and xmm1 are the
 * operations' scratch registers) */
#define XMM_FIRST 2
#define NFCACHE 14

struct RV(jt) {
    struct x86 e;               /* first: the emitting helpers reach the rest through it */
    struct jit_cache *c;
    u8 host_of[32];             /* guest register -> host register, or NOT_CACHED */
#if XLEN == 128
    u8 host_hi[32];             /* ... and the host register of its high half, or NOT_CACHED:
                                 * then the high half is the hart's (when not lazy) */
    unsigned probe_rs1;         /* the base register of the access being probed */
#endif
#if JIT_LAZY
    /* Cached registers whose upper part is the sign of the lower one but not yet in its
     * host register: at RV128 the high half of a *W or *D result, at RV64 the upper 32
     * bits of a *W result.  It is written there (hi_ready) only before something reads
     * it, leaves the block or calls a helper, or where a branch target is entered with it
     * not lazy (lazy_at), so a run of 32- (or at RV128 64-) bit operations computes only
     * what they read.  Stubs enter with their own copy (stub.lazy_hi). */
    u32 lazy_hi;
    /* The lazy set each branch target of the block is entered with (lazy_at), and the
     * intersection of the sets its ways in had (lazy_meet): a first translation enters
     * every target with every cached register lazy (none at RV64) and computes
     * lazy_meet, a second one enters them with that (so a loop keeps its lazy halves
     * around, those of the registers it only reads too), and
     * while a way in then lacks one of them (lazy_bad) the block is translated again
     * with fewer, the eighth time with none.  A translation in which no way in lacks one
     * is sound: each way in has what its target assumes, from the block's entry on. */
    u32 lazy_at[JIT_MAX_INSNS], lazy_meet[JIT_MAX_INSNS];
    bool lazy_bad;
#endif
    /* the pcs choose_cached decoded: the instructions the block will hold */
    uxlen decoded_pc[JIT_MAX_INSNS];
    u32 ndecoded;
    bool target[JIT_MAX_INSNS]; /* instruction k is the target of a branch or jal */
    u32 clobbered;              /* guest registers whose host register a call's arguments
                                 * may have overwritten (between call_begin and call_end) */
    unsigned ncached;
    unsigned cached[NCACHE];    /* the guest registers cached */
    u32 saved;                  /* those whose host registers are all callee-saved */
    /* What the F/D fast paths' checks have shown on every way to the instruction being
     * translated (FPK_*): nothing at the block's start and at a branch target; then what
     * an operation checked.  Nothing in a block clears fflags or changes frm (the CSR
     * instructions end blocks; helpers only add flags), so a later operation skips those
     * checks; the slow path of the operation that made them checks again (fp_slow). */
    unsigned fpk;
    u32 dirty;                  /* cached registers written so far (bit per guest register) */
    /* F registers: each write goes to the hart's f[] and to the copy (write-through), so
     * nothing needs storing on the way out; every helper call clobbers xmm, so call_end
     * loads the copies again (a helper may also have written f[], RV128's jit_load_q) */
    u8 xmm_of[32];              /* F register -> the xmm register of its copy, or NOT_CACHED */
    unsigned nfcached;
    u8 fcached[NFCACHE];
    uxlen pc0;                  /* the block's first instruction */
    /* Loads and stores access guest memory directly at h->mem_base + address (mm_window),
     * after checking at RV64 that the address has none of h->mem_above's bits (RV32's
     * are all below its limit); a host fault there goes to the access's slow-path stub. */
    bool direct;
    /* At RV64 with direct accesses: instruction k is a load or store that skips the limit
     * check, being a member of a page group (plan_pages: same base register, unchanged,
     * within 2 KiB of the group's first access, no branch target between).  The first
     * access checked its address; this one's is within 2 KiB of it, so when it is not a
     * user address it is in the window's guard below or above (mm_window), where the host
     * faults and the fault goes to its slow path. */
    bool no_check[JIT_MAX_INSNS];
#if XLEN == 128
    /* RV128 with direct accesses (mm_window_low): instruction k is a load or store of at
     * most 8 bytes that tries the window first (choose_cached predicts which do);
     * span_shift: log2 of the window's guest span */
    bool direct_site[JIT_MAX_INSNS];
    unsigned span_shift;
    /* Dead high halves (plan_dead_hi): instruction k writes rd and nothing reads rd's high
     * half before rd is written again, with no way out of the block or into it between,
     * so k computes the low half only.  hi_need[k]: the instructions from k on that must
     * all be translated for no such half to be left unwritten at the block's end (the
     * code budget keeps room for them).  dead_rd: while one is emitted, its rd. */
    bool hi_dead[JIT_MAX_INSNS];
    u16 hi_need[JIT_MAX_INSNS];
    unsigned dead_rd;
    /* Sign-extended values (plan_sext): bit r of sext_in[k] when x[r]'s high half is the
     * sign of its low half before instruction k, on every way there, whatever its host
     * code left in the hart (a dead high half is never read).  A fact about the guest's
     * values: operations on such registers read their low halves only. */
    u32 sext_in[JIT_MAX_INSNS];
    /* A loop's block also assumes at its entry that the registers in entry_sext, which
     * its loop reads before writing and which were sign-extended when it was translated,
     * still are: the entry checks them and, when one is not, leaves for the block's plain
     * translation (plain: this is one, assuming nothing), to which the check's jump is
     * then patched (JIT_EXIT_PLAIN). */
    u32 entry_sext;
    /* dead_at[k], for a branch target k: the cached registers the straight line from k
     * writes before anything reads them or can leave the block.  Their values where k is
     * entered are never seen, so every way in counts them lazy (lazy_edge): a loop's way
     * back does not write the high halves its head would overwrite anyway. */
    u32 dead_at[JIT_MAX_INSNS];
#endif
    bool plain;
    bool self_loop;             /* a branch or jal of the block goes back to one of its
                                 * instructions (itself or an earlier one) */
    u8 *body;                   /* where a self-loop re-enters: after the registers' loads */
    struct RV(stub) stubs[2 * JIT_MAX_INSNS + 2];
    unsigned nstubs;
    u32 words[JIT_MAX_INSNS];   /* the instructions translated, for --jit-dump */
    u8 lens[JIT_MAX_INSNS];
    uxlen insn_pc[JIT_MAX_INSNS];       /* each translated instruction's pc ... */
    u8 *insn_code[JIT_MAX_INSNS];       /* ... and where its host code starts (rw) */
    u32 ninsns;                         /* how many of them the block holds */
    u32 cur;                            /* the instruction being translated */
    /* Shared page probes (plan_pages): each instruction's role, the jit_page slot of its
     * group, and for a head the distance from the group's lowest byte to its own access
     * and the group's span in bytes, for a member its offset from the head's access. */
    u8 page_role[JIT_MAX_INSNS];
    u8 page_slot[JIT_MAX_INSNS];
    i16 page_arg[JIT_MAX_INSNS];
    u16 page_span[JIT_MAX_INSNS];
    /* instruction k is `slli rd, rs, XLEN - n` followed by `srli rd, rd, XLEN - n` (the low
     * n bits of rs zero-extended: zext.w, zext.h, ...; zext[k] = n) or by `srai rd, rd,
     * XLEN - n` (sign-extended: zext[k] = -n), n from 1 to 63, and the second one is not a
     * branch target: the pair is one to three host instructions, emitted at the slli */
    i8 zext[JIT_MAX_INSNS];
    /* instruction k is `auipc rd, hi` followed by `addi rd, rd, lo` (`la`, a global's
     * address), which is not a branch target: the pair is one constant, set at the auipc */
    bool la[JIT_MAX_INSNS];
    i32 la_lo[JIT_MAX_INSNS];
    bool fused;                         /* the next instruction was emitted already */
};
enum { PAGE_NONE, PAGE_HEAD, PAGE_MEMBER };

static struct RV(jt) *RV(jt_of)(struct x86 *e) { return (struct RV(jt) *)(void *)e; }

static const u8 *RV(rx)(const struct RV(jt) *t, const u8 *rw) { return t->c->rx + (rw - t->c->rw); }

static void RV(jmp_to)(struct RV(jt) *t, const u8 *to_rx)
{
    u8 *at = x86_jmp(&t->e);
    if (!t->e.full) x86_patch_rel32(at, RV(rx)(t, at), to_rx);
}
static void RV(link_here)(struct RV(jt) *t, u8 *from)
{
    if (from && !t->e.full) x86_patch_rel32(from, RV(rx)(t, from), RV(rx)(t, t->e.p));
}
static struct RV(stub) *RV(new_stub)(struct RV(jt) *t, enum stub_kind kind, u8 *from)
{
    struct RV(stub) *s = &t->stubs[t->nstubs++];
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->from = from;
    s->dirty = t->dirty;
#if JIT_LAZY
    s->lazy_hi = t->lazy_hi;
#endif
    return s;
}

static void RV(set_pc)(struct x86 *e, uxlen pc)
{
    x86_mov_imm(e, RAX, (u64)pc);
    x86_store64(e, RAX, RBP, HOFF(pc));
#if XLEN == 128
    x86_mov_imm(e, RAX, (u64)(pc >> 64));
    x86_store64(e, RAX, RBP, HOFF(pc) + 8);
#else
    x86_store_imm64(e, RBP, HOFF(pc) + 8, 0);
#endif
}
/* Return to C; exit_with first stores the cached registers back (exit_raw is for the
 * entry check, before they are loaded, and for code that stored them already). */
static void RV(exit_raw)(struct RV(jt) *t, enum jit_exit why)
{
    x86_mov_imm(&t->e, RAX, why);
    RV(jmp_to)(t, t->c->exit);
}

/* guest register r into host register reg, and back */
static void RV(ldx)(struct x86 *e, unsigned reg, unsigned r)
{
    struct RV(jt) *t = RV(jt_of)(e);
    unsigned hr = t->host_of[r];
    if (r == 0) x86_alu_reg(e, false, ALU_XOR, reg, reg);
    else if (hr != NOT_CACHED && !(t->clobbered >> r & 1)) { if (hr != reg) x86_mov(e, W, reg, hr); }
    else if (W) x86_load64(e, reg, RBP, XOFF(r));
    else x86_load32(e, reg, RBP, XOFF(r));
}
#if JIT_LAZY
/* The high half of cached register r into its host register if it is lazy (lazy_hi); at
 * RV64 its upper 32 bits (movsxd) */
static void RV(hi_ready)(struct RV(jt) *t, unsigned r)
{
    if (!(t->lazy_hi >> r & 1)) return;
#if XLEN == 128
    if (t->host_hi[r] == NOT_CACHED) {      /* into the hart (no scratch register needed) */
        x86_store64(&t->e, t->host_of[r], RBP, XOFF(r) + 8);
        x86_shift_mem_imm(&t->e, true, SH_SAR, RBP, XOFF(r) + 8, 63);
    } else {
        x86_mov(&t->e, true, t->host_hi[r], t->host_of[r]);
        x86_shift_imm(&t->e, true, SH_SAR, t->host_hi[r], 63);
    }
#else
    x86_movsxd(&t->e, t->host_of[r], t->host_of[r]);
#endif
    t->lazy_hi &= ~(1u << r);
}
#endif
/* RV64: r is about to be overwritten whole, with nothing in between that leaves the
 * block or reads its upper part: its laziness ends without code (nothing at the other
 * XLENs: RV128's lazy high halves follow dest_written) */
static void RV(lazy_drop)(struct RV(jt) *t, unsigned r)
{
#if XLEN == 64
    t->lazy_hi &= ~(1u << r);
#else
    (void)t;
    (void)r;
#endif
}
/* ... of every lazy register but those in keep (at RV128 flags change) */
static void RV(hi_ready_but)(struct RV(jt) *t, u32 keep)
{
#if JIT_LAZY
    for (unsigned r = 1; r < 32 && (t->lazy_hi & ~keep); r++)
        if (!(keep >> r & 1)) RV(hi_ready)(t, r);
#else
    (void)t;
    (void)keep;
#endif
}
static void RV(hi_ready_all)(struct RV(jt) *t) { RV(hi_ready_but)(t, 0); }

#if JIT_LAZY
/* A way into branch target k with the lazy set `have` (the caller then makes ready
 * what k is not entered lazy with): recorded, and checked against what k assumes */
static void RV(lazy_edge)(struct RV(jt) *t, u32 k, u32 have)
{
#if XLEN == 128
    /* (and those sign-extended on every way in, plan_sext: their high halves can be
     * computed again where needed, so that no way in has to write them) */
    u32 sext = 0;
    for (unsigned j = 0; j < t->ncached; j++) sext |= t->sext_in[k] & 1u << t->cached[j];
    have |= t->dead_at[k] | sext;
#endif
    t->lazy_meet[k] &= have;
    if (t->lazy_at[k] & ~have) t->lazy_bad = true;
}
#endif
/* The index of the decoded instruction at pc, or JIT_MAX_INSNS */
static u32 RV(decoded_index)(const struct RV(jt) *t, uxlen pc)
{
    for (u32 k = 0; k < t->ndecoded; k++)
        if (t->decoded_pc[k] == pc) return k;
    return JIT_MAX_INSNS;
}

static void RV(stx)(struct x86 *e, unsigned reg, unsigned r)
{
    unsigned hr = RV(jt_of)(e)->host_of[r];
    if (r == 0) return;
    if (hr != NOT_CACHED) {
        if (hr != reg) x86_mov(e, W, hr, reg);
#if XLEN == 128
        RV(jt_of)(e)->lazy_hi |= 1u << r;       /* the sign-extension, when needed */
#elif JIT_LAZY
        RV(jt_of)(e)->lazy_hi &= ~(1u << r);    /* all 64 bits */
#endif
        RV(jt_of)(e)->dirty |= 1u << r;
        return;
    }
#if XLEN == 128
    /* the 64-bit value in reg, sign-extended: what the *W and *D operations (and the
     * FP operations' integer results) write; the low half alone when the high one is
     * dead (plan_dead_hi) */
    x86_store64(e, reg, RBP, XOFF(r));
    if (r == RV(jt_of)(e)->dead_rd) return;
    if (reg != RDX) x86_mov(e, true, RDX, reg);
    x86_shift_imm(e, true, SH_SAR, RDX, 63);
    x86_store64(e, RDX, RBP, XOFF(r) + 8);
#else
    if (W) x86_store64(e, reg, RBP, XOFF(r));
    else x86_store32(e, reg, RBP, XOFF(r));
#endif
}
/* The host copy of cached guest register r from the hart, or back */
static void RV(cache_ld1)(struct RV(jt) *t, unsigned r)
{
    if (W) x86_load64(&t->e, t->host_of[r], RBP, XOFF(r));
    else x86_load32(&t->e, t->host_of[r], RBP, XOFF(r));
#if XLEN == 128
    if (t->host_hi[r] != NOT_CACHED) x86_load64(&t->e, t->host_hi[r], RBP, XOFF(r) + 8);
#endif
#if JIT_LAZY
    t->lazy_hi &= ~(1u << r);
#endif
}
static void RV(cache_st1)(struct RV(jt) *t, unsigned r)
{
    if (W) x86_store64(&t->e, t->host_of[r], RBP, XOFF(r));
    else x86_store32(&t->e, t->host_of[r], RBP, XOFF(r));
#if XLEN == 128
    if (t->host_hi[r] != NOT_CACHED) x86_store64(&t->e, t->host_hi[r], RBP, XOFF(r) + 8);
#endif
}
/* The xmm copies of the cached F registers, from the hart */
static void RV(fcache_load)(struct RV(jt) *t)
{
    for (unsigned k = 0; k < t->nfcached; k++)
        x86_movq_load(&t->e, t->xmm_of[t->fcached[k]], RBP, FOFF(t->fcached[k]));
}
/* f[r] = rax, and its copy */
static void RV(fput)(struct x86 *e, unsigned r)
{
    unsigned x = RV(jt_of)(e)->xmm_of[r];
    x86_store64(e, RAX, RBP, FOFF(r));
    if (x != NOT_CACHED) x86_movq_to_xmm(e, x, RAX);
}
/* Load the cached registers (block entry) or store them back (before leaving). */
static void RV(cache_load)(struct RV(jt) *t)
{
    for (unsigned k = 0; k < t->ncached; k++) RV(cache_ld1)(t, t->cached[k]);
    RV(fcache_load)(t);
}
static void RV(cache_store)(struct RV(jt) *t, u32 dirty)
{
    RV(hi_ready_all)(t);
    for (unsigned k = 0; k < t->ncached; k++)
        if (dirty >> t->cached[k] & 1) RV(cache_st1)(t, t->cached[k]);
}

static void RV(exit_with)(struct RV(jt) *t, enum jit_exit why, u32 dirty)
{
    RV(cache_store)(t, dirty);
    RV(exit_raw)(t, why);
}

/* A call of a C helper: call_begin stores the cached registers the call may clobber if
 * they were written (dirty), so the hart holds them; from there until call_end, ldx reads
 * them from the hart, because setting up the arguments may overwrite their host registers
 * (rsi, rdi, r8).  call_end calls fn and loads them again. */
static void RV(call_begin)(struct x86 *e, u32 dirty)
{
    struct RV(jt) *t = RV(jt_of)(e);
    RV(hi_ready_all)(t);                /* (the helper may read any register in the hart) */
    for (unsigned k = 0; k < t->ncached; k++) {
        unsigned r = t->cached[k];
        if (t->saved >> r & 1) continue;
        t->clobbered |= 1u << r;
        if (dirty >> r & 1) RV(cache_st1)(t, r);
    }
}
static void RV(call_end)(struct x86 *e, const void *fn)
{
    struct RV(jt) *t = RV(jt_of)(e);
    x86_mov_imm(e, RAX, (u64)(uintptr_t)fn);
    x86_call_reg(e, RAX);
    t->clobbered = 0;
    for (unsigned k = 0; k < t->ncached; k++)
        if (!(t->saved >> t->cached[k] & 1)) RV(cache_ld1)(t, t->cached[k]);
    RV(fcache_load)(t);
}
#define FN(f) ((const void *)(uintptr_t)(f))

/* rax = x[rs1] + imm, the effective address (XLEN bits, zero-extended in rax) */
static void RV(ea)(struct x86 *e, const struct isa_inst *in)
{
    unsigned hr = RV(jt_of)(e)->host_of[in->rs1];
    if (hr != NOT_CACHED && in->imm) {
        x86_op_mem(e, W, 0x8d, RAX, hr, in->imm);            /* lea rax, [h + imm] */
        return;
    }
    RV(ldx)(e, RAX, in->rs1);
    if (in->imm) x86_alu_imm(e, W, ALU_ADD, RAX, in->imm);
}

/* The TLB probe for an access of `size` at rax: on a hit rax becomes the host address;
 * on a miss it jumps with rax still the guest address through the rel32 *miss (and at
 * RV128 *miss2, for the high half), which the caller links. */
static void RV(tlb_probe_at)(struct RV(jt) *t, bool write, unsigned size, u8 **miss,
                             u8 **miss2)
{
    struct x86 *e = &t->e;
    i32 tlb = write ? HOFF(tlb_w) : HOFF(tlb_r);
    /* ecx = the slot's byte offset, ((a >> 12) & (TLB_SIZE - 1)) * sizeof(tlbe_t), in
     * two steps */
    _Static_assert(TLB_SIZE <= (1 << 20), "the slot index comes from the address's low 32 bits");
    x86_mov(e, false, RCX, RAX);
    x86_shift_imm(e, false, SH_SHR, RCX, 12 - TLBE_SHIFT);
    x86_alu_imm(e, false, ALU_AND, RCX, (TLB_SIZE - 1) << TLBE_SHIFT);
    x86_mov(e, true, RDX, RAX);
    x86_alu_imm(e, W, ALU_AND, RDX, (i32)(~0xfffu | (size - 1)));
    x86_alu_mem_idx(e, W, ALU_CMP, RDX, RBP, RCX, tlb);
    *miss = x86_jcc(e, CC_NE);
    *miss2 = NULL;
#if XLEN == 128
    /* The key is (low half of the address, high half of the base register): as the
     * interpreter's RV(ea) explains, the pages where that differs from the address never
     * enter the TLB, so a hit is a hit on the address.  The high half is compared from
     * the base's host register when it has one. */
    unsigned r = t->probe_rs1, hh = t->host_hi[r];
    if (r == 0 || hh == NOT_CACHED || (t->clobbered >> r & 1)) {
        hh = RDX;
        if (r == 0) x86_alu_reg(e, false, ALU_XOR, RDX, RDX);
        else x86_load64(e, RDX, RBP, XOFF(r) + 8);
    }
    x86_alu_mem_idx(e, true, ALU_CMP, hh, RBP, RCX, tlb + 8);
    *miss2 = x86_jcc(e, CC_NE);
#endif
    x86_alu_mem_idx(e, true, ALU_ADD, RAX, RBP, RCX, tlb + (i32)offsetof(tlbe_t, addend));
}
/* ... whose miss goes to a slow-path stub (returned) */
static struct RV(stub) *RV(tlb_probe)(struct RV(jt) *t, bool write, unsigned size,
                                      enum stub_kind kind)
{
    u8 *miss, *miss2;
    RV(tlb_probe_at)(t, write, size, &miss, &miss2);
    struct RV(stub) *s = RV(new_stub)(t, kind, miss);
    s->from2 = miss2;
    return s;
}

#if XLEN == 128
static bool RV(is_sext)(struct x86 *e, unsigned r);
static bool RV(checked_at)(const struct isa_inst *in, u32 known, bool checked);
#endif

/* The probe of a load or store (rax = its guest address, except for a group member) as
 * plan_pages grouped it.  On a hit the access goes to [*base + *disp].
 *  - Outside a group: the TLB probe, the access at [rax].
 *  - A group's head: the TLB probe; on a hit, if every access of the group lies in the
 *    head's page (the host page offset is the guest's: addends are page multiples),
 *    jit_page[slot] = the host address, else 0; the slow path sets 0.
 *  - A member: [jit_page[slot] + its offset from the head's access] when that is not 0,
 *    else its stub computes the guest address and probes the TLB as an access outside a
 *    group does, returning to the access on a hit (a group across a page boundary, as a
 *    stack frame can be, is then as fast as probes of its own) and calling the slow path
 *    on a miss.  Its base register
 *    is the head's, unchanged, and no branch target lies between them, so the head ran
 *    just before in the same block and its page is still mapped with the same rights
 *    (mappings change only between blocks: exclusive sections stop translated code). */
static struct RV(stub) *RV(page_probe)(struct RV(jt) *t, const struct isa_inst *in, bool write,
                                       unsigned size, enum stub_kind kind, unsigned areg,
                                       unsigned *base, i32 *disp)
{
    struct x86 *e = &t->e;
    u32 k = t->cur;
    i32 slot = HOFF(jit_page) + 8 * t->page_slot[k];
#if XLEN == 128
    (void)areg;
    if (t->direct_site[k]) {
        /* the access at gs:[rax] (GS's base being mem_base) when the base register's value
         * lies in the window's span: its high half 0 and its low half below the span, so
         * that the address, within 2 KiB of it, is in the window or its guards (whose
         * faults, as any of the access's, go to its stub); else the stub probes the TLB
         * and comes back with rax = the host address - mem_base */
        unsigned r = in->rs1, lo = t->host_of[r], hi = t->host_hi[r];
        bool clob = t->clobbered >> r & 1;
        if (RV(is_sext)(e, r)) {
            /* (its low half sign-extended: in the span when that half has none of
             * mem_above's bits, its sign being 0 then) */
            if (lo == NOT_CACHED || clob) x86_load64(e, lo = RCX, RBP, XOFF(r));
            x86_op_mem(e, true, 0x85, lo, RBP, HOFF(mem_above));   /* test [mem_above], lo */
        } else {
            if (lo != NOT_CACHED && !clob) x86_mov(e, true, RCX, lo);
            else x86_load64(e, RCX, RBP, XOFF(r));
            x86_shift_imm(e, true, SH_SHR, RCX, t->span_shift);
            if (hi != NOT_CACHED && !clob) x86_alu_reg(e, true, ALU_OR, RCX, hi);
            else x86_alu_mem(e, true, ALU_OR, RCX, RBP, XOFF(r) + 8);
        }
        struct RV(stub) *s = RV(new_stub)(t, kind, x86_jcc(e, CC_NE));
        s->ea_in_stub = true;
        s->gs_back = true;
        s->back = e->p;
        s->pbase = RAX;
        s->pdisp = 0;
        s->psize = size;
        s->rs1 = in->rs1;
        s->imm = in->imm;
        *base = X86_GS | RAX;
        *disp = 0;
        (void)write;
        return s;
    }
#else
    if (t->direct) {
        /* the access at gs:[areg], GS's base being mem_base (jit_run sets it); at RV64 an
         * address at or above the window goes to the slow path (which faults as the
         * address is unmapped), and the access's fault too */
        u8 *out = NULL;
        if (XLEN == 64 && !t->no_check[k]) {
            x86_op_mem(e, true, 0x85, areg, RBP, HOFF(mem_above));     /* test [mem_above], areg */
            out = x86_jcc(e, CC_NE);
        }
        struct RV(stub) *s = RV(new_stub)(t, kind, out);
        s->areg = areg;
        *base = X86_GS | areg;
        *disp = 0;
        (void)in;
        (void)write;
        (void)size;
        return s;
    }
#endif
    if (t->page_role[k] == PAGE_MEMBER) {
        /* (RV128's loads and stores compute in rax, rcx and rdx with rax as the address;
         * the others leave rax for a load's result) */
        unsigned b = XLEN == 128 ? RAX : RCX;
        x86_load64(e, b, RBP, slot);
        x86_op_reg(e, true, 0x85, b, b);                     /* test b, b */
        struct RV(stub) *s = RV(new_stub)(t, kind, x86_jcc(e, CC_E));
        s->ea_in_stub = true;
        s->back = e->p;
        s->pbase = b;
        s->pdisp = t->page_arg[k];
        s->psize = size;
        s->rs1 = in->rs1;
        s->imm = in->imm;
        *base = b;
        *disp = t->page_arg[k];
        return s;
    }
    struct RV(stub) *s = RV(tlb_probe)(t, write, size, kind);
    if (t->page_role[k] == PAGE_HEAD) {
        s->clear_page = 1 + t->page_slot[k];
        x86_mov(e, false, RDX, RAX);
        x86_alu_imm(e, false, ALU_AND, RDX, 0xfff);
        if (t->page_arg[k]) x86_alu_imm(e, false, ALU_SUB, RDX, t->page_arg[k]);
        x86_alu_imm(e, false, ALU_CMP, RDX, 4096 - t->page_span[k]);
        x86_mov(e, true, RCX, RAX);
        u8 *in_page = x86_jcc(e, CC_BE);
        x86_alu_reg(e, false, ALU_XOR, RCX, RCX);
        RV(link_here)(t, in_page);
        x86_store64(e, RCX, RBP, slot);
    }
    *base = RAX;
    *disp = 0;
    return s;
}

static unsigned RV(dest)(struct x86 *e, const struct isa_inst *in, unsigned other);

/* The host register that holds a load's or store's guest address: at RV64, with direct
 * accesses, the base's own register when the offset is 0 (its value is whole: ready_sources
 * made it so), else rax, where RV(ea) computes it.  (At RV32 a host register's upper half
 * need not be zero.) */
static unsigned RV(direct_reg)(const struct RV(jt) *t, const struct isa_inst *in)
{
    if (XLEN == 64 && t->direct && in->imm == 0 && in->rs1 != 0 &&
        t->host_of[in->rs1] != NOT_CACHED)
        return t->host_of[in->rs1];
    return RAX;
}

static void RV(emit_load)(struct RV(jt) *t, const struct isa_inst *in, unsigned size,
                          bool is_signed, bool freg, bool box)
{
    struct x86 *e = &t->e;
    bool member = t->page_role[t->cur] == PAGE_MEMBER;
    unsigned areg = RV(direct_reg)(t, in);
    if (!member && areg == RAX) RV(ea)(e, in);
    /* straight into rd's host register when it has one (the slow path moves its result
     * there); rd is marked written before the probe, harmless: until the load it still
     * holds rd's value */
    unsigned to = freg || box ? NOT_CACHED : RV(dest)(e, in, 0);
    /* an fld into a cached F register goes straight into its xmm copy (the slow path
     * moves its result there), then to the hart */
    unsigned xd = freg && size == 8 ? t->xmm_of[in->rd] : NOT_CACHED;
    unsigned base = RAX;
    i32 disp = 0;
    struct RV(stub) *s = RV(page_probe)(t, in, false, size, STUB_LOAD, areg, &base, &disp);
    unsigned d = to != NOT_CACHED ? to : RAX;
    s->fault_at = e->p;                 /* (used if the access is direct) */
    if (xd != NOT_CACHED) {
        x86_movq_load(e, xd, base, disp);
        s->cont = e->p;
        s->hreg = xd;
        s->freg = true;
        s->kind_arg = size;
        x86_movq_store(e, xd, RBP, FOFF(in->rd));
        return;
    }
    switch (size) {
    case 1: if (is_signed) x86_load_s8(e, d, base, disp); else x86_load_u8(e, d, base, disp); break;
    case 2: if (is_signed) x86_load_s16(e, d, base, disp); else x86_load_u16(e, d, base, disp); break;
    case 4: if (is_signed && W) x86_load_s32(e, d, base, disp); else x86_load32(e, d, base, disp); break;
    default: x86_load64(e, d, base, disp); break;
    }
    s->cont = e->p;
    s->hreg = to;
    s->kind_arg = size | (is_signed ? JL_SIGNED : 0);
    if (to != NOT_CACHED) return;
    if (box) {
        x86_mov_imm(e, RCX, 0xffffffff00000000ull);
        x86_alu_reg(e, true, ALU_OR, RAX, RCX);
    }
    if (freg) RV(fput)(e, in->rd);
    else RV(stx)(e, RAX, in->rd);
}

static void RV(store_value)(struct x86 *e, unsigned reg, bool freg)
{
    if (freg) x86_load64(e, RDX, RBP, FOFF(reg));
    else RV(ldx)(e, RDX, reg);
}

static void RV(emit_store)(struct RV(jt) *t, const struct isa_inst *in, unsigned size, bool freg)
{
    struct x86 *e = &t->e;
    unsigned areg = RV(direct_reg)(t, in);
    if (t->page_role[t->cur] != PAGE_MEMBER && areg == RAX) RV(ea)(e, in);
    unsigned base = RAX;
    i32 disp = 0;
    struct RV(stub) *s = RV(page_probe)(t, in, true, size, STUB_STORE, areg, &base, &disp);
    unsigned v = freg || !in->rs2 ? NOT_CACHED : t->host_of[in->rs2];   /* from rs2's host register */
    unsigned xv = freg && size == 8 ? t->xmm_of[in->rs2] : NOT_CACHED;
    if (v == NOT_CACHED && xv == NOT_CACHED) {
        RV(store_value)(e, in->rs2, freg);
        v = RDX;
    }
    s->fault_at = e->p;                 /* (used if the access is direct) */
    if (xv != NOT_CACHED) {
        x86_movq_store(e, xv, base, disp);          /* fsd from the xmm copy */
    } else {
        switch (size) {
        case 1: x86_store8(e, v, base, disp); break;
        case 2: x86_store16(e, v, base, disp); break;
        case 4: x86_store32(e, v, base, disp); break;
        default: x86_store64(e, v, base, disp); break;
        }
    }
    s->cont = e->p;
    s->size = size;
    s->reg = in->rs2;
    s->freg = freg;
}

/* Division with RISC-V's results where x86 would fault: by zero (quotient all ones,
 * remainder the dividend) and the signed overflow (by -1: quotient -dividend, wrapping,
 * remainder 0).  w: 32-bit operation (sign-extended at RV64). */
static void RV(emit_div)(struct RV(jt) *t, const struct isa_inst *in, bool w, bool is_signed,
                         bool rem)
{
    struct x86 *e = &t->e;
    RV(ldx)(e, RAX, in->rs1);
    RV(ldx)(e, RCX, in->rs2);
    x86_op_reg(e, w, 0x85, RCX, RCX);                    /* test rcx, rcx */
    u8 *zero = x86_jcc(e, CC_E), *neg1 = NULL;
    if (is_signed) {
        x86_alu_imm(e, w, ALU_CMP, RCX, -1);
        neg1 = x86_jcc(e, CC_E);
        x86_rex(e, w, 0, 0, 0, false);
        x86_byte(e, 0x99);                               /* cqo / cdq */
        x86_op_reg(e, w, 0xf7, 7, RCX);                  /* idiv rcx */
    } else {
        x86_alu_reg(e, false, ALU_XOR, RDX, RDX);
        x86_op_reg(e, w, 0xf7, 6, RCX);                  /* div rcx */
    }
    if (rem) x86_mov(e, true, RAX, RDX);
    u8 *done = x86_jmp(e);
    RV(link_here)(t, zero);
    if (!rem) x86_mov_imm(e, RAX, w ? ~(u64)0 : 0xffffffffu);
    u8 *done2 = NULL;
    if (is_signed) {
        done2 = x86_jmp(e);
        RV(link_here)(t, neg1);
        if (rem) x86_alu_reg(e, false, ALU_XOR, RAX, RAX);
        else x86_op_reg(e, w, 0xf7, 3, RAX);             /* neg rax */
    }
    RV(link_here)(t, done);
    if (done2) RV(link_here)(t, done2);
    if (w != W) x86_movsxd(e, RAX, RAX);
    RV(stx)(e, RAX, in->rd);
}

#if XLEN == 32
/* rd = op(x[rs1], x[rs2]) through a C helper */
static void RV(emit_helper2)(struct x86 *e, const struct isa_inst *in, const void *fn)
{
    RV(call_begin)(e, RV(jt_of)(e)->dirty);
    RV(ldx)(e, RDI, in->rs1);
    RV(ldx)(e, RSI, in->rs2);
    RV(call_end)(e, fn);
    RV(stx)(e, RAX, in->rd);
}
#endif

/* op reg, x[r]: from its host register, from the hart, or x0's zero as an immediate */
static void RV(alu_x)(struct x86 *e, bool w, enum x86_alu op, unsigned reg, unsigned r)
{
    unsigned hr = RV(jt_of)(e)->host_of[r];
    if (r == 0) x86_alu_imm(e, w, op, reg, 0);
    else if (hr != NOT_CACHED) x86_alu_reg(e, w, op, reg, hr);
    else x86_alu_mem(e, w, op, reg, RBP, XOFF(r));
}

/* x[rd] = x[rs], without a detour through rax where either is in a host register */
static void RV(copy_x)(struct x86 *e, unsigned rd, unsigned rs)
{
    struct RV(jt) *t = RV(jt_of)(e);
    unsigned hd = t->host_of[rd], hs = rs ? t->host_of[rs] : NOT_CACHED;
    if (rd == 0) return;
    if (XLEN == 128) {                  /* (a D operation's: sign-extended by stx) */
        RV(ldx)(e, RAX, rs);
        RV(stx)(e, RAX, rd);
    } else if (hd != NOT_CACHED) {
        RV(ldx)(e, hd, rs);
        t->dirty |= 1u << rd;
#if JIT_LAZY
        /* a copy of a lazy register is lazy too */
        t->lazy_hi = (t->lazy_hi & ~(1u << rd)) | (rs && hs != NOT_CACHED ? t->lazy_hi >> rs & 1 : 0) << rd;
#endif
    } else if (hs != NOT_CACHED) {
#if JIT_LAZY
        RV(hi_ready)(t, rs);
#endif
        if (W) x86_store64(e, hs, RBP, XOFF(rd));
        else x86_store32(e, hs, RBP, XOFF(rd));
    } else {
        RV(ldx)(e, RAX, rs);
        RV(stx)(e, RAX, rd);
    }
}

/* x[r] = v */
static void RV(set_x)(struct x86 *e, unsigned r, uxlen v)
{
    unsigned hr = RV(jt_of)(e)->host_of[r];
    if (r == 0) return;
#if XLEN == 128
    if (hr != NOT_CACHED) {
        struct RV(jt) *t = RV(jt_of)(e);
        x86_mov_imm(e, hr, (u64)v);
        t->dirty |= 1u << r;
        if (v == (uxlen)(sxlen)(i64)(u64)v) {   /* its high half is its sign: left lazy */
            t->lazy_hi |= 1u << r;
            return;
        }
        t->lazy_hi &= ~(1u << r);
        if (t->host_hi[r] != NOT_CACHED) {
            x86_mov_imm(e, t->host_hi[r], (u64)(v >> 64));
            return;
        }
    }
    /* each half (of a cached register only the high one): an imm32 store when it fits */
    for (int k = hr != NOT_CACHED; k < 2; k++) {
        u64 half = (u64)(v >> (64 * k));
        if (half + 0x80000000u <= 0xffffffffu) {
            x86_store_imm64(e, RBP, XOFF(r) + 8 * k, (i32)(i64)half);
        } else {
            x86_mov_imm(e, RAX, half);
            x86_store64(e, RAX, RBP, XOFF(r) + 8 * k);
        }
    }
#else
    if (hr != NOT_CACHED) {
        x86_mov_imm(e, hr, (u64)v);
        RV(jt_of)(e)->dirty |= 1u << r;
#if JIT_LAZY
        RV(jt_of)(e)->lazy_hi &= ~(1u << r);
#endif
    } else if (W && (u64)v + 0x80000000u <= 0xffffffffu) {   /* a sign-extended imm32 */
        x86_store_imm64(e, RBP, XOFF(r), (i32)(i64)v);
    } else {
        x86_mov_imm(e, RAX, (u64)v);
        RV(stx)(e, RAX, r);
    }
#endif
}

/* rd written in its host register by the shared code: at RV128 a 64-bit result whose
 * high half is its sign, left lazy.  At RV64 a result of all 64 bits; a lazy rd is made
 * ready first, since an exit may come before the write (a load's slow path): the
 * operations that write it at once drop its laziness before (lazy_drop). */
static unsigned RV(dest_written)(struct x86 *e, unsigned rd)
{
    struct RV(jt) *t = RV(jt_of)(e);
    t->dirty |= 1u << rd;
#if XLEN == 128
    t->lazy_hi |= 1u << rd;
#elif JIT_LAZY
    RV(hi_ready)(t, rd);
#endif
    return t->host_of[rd];
}

/* The host register that holds rd when an operation can work on it in place: rd is
 * cached, equal to rs1, and the operation has the register's width. */
static unsigned RV(in_place)(struct x86 *e, const struct isa_inst *in, bool w)
{
    unsigned hr = RV(jt_of)(e)->host_of[in->rd];
    if (w != W || in->rd == 0 || in->rd != in->rs1 || hr == NOT_CACHED) return NOT_CACHED;
    return RV(dest_written)(e, in->rd);
}

/* rd's host register when the result can be computed in it: rd is cached and is not
 * `other`, a source still to be read after rd is first written (0: none). */
static unsigned RV(dest)(struct x86 *e, const struct isa_inst *in, unsigned other)
{
    unsigned hr = RV(jt_of)(e)->host_of[in->rd];
    if (in->rd == 0 || hr == NOT_CACHED || (other && in->rd == other)) return NOT_CACHED;
    return RV(dest_written)(e, in->rd);
}

/* in with rs1 and rs2 swapped when rd is rs2 and op commutes, so that the operation can
 * work on rd in place */
static const struct isa_inst *RV(commute)(const struct isa_inst *in, enum x86_alu op,
                                          struct isa_inst *buf)
{
    bool commutes = op == ALU_ADD || op == ALU_AND || op == ALU_OR || op == ALU_XOR;
    if (!commutes || in->rd != in->rs2 || in->rd == in->rs1) return in;
    *buf = *in;
    buf->rs1 = in->rs2;
    buf->rs2 = in->rs1;
    return buf;
}

#if XLEN == 64
/* RV64's lazy upper halves (lazy_hi): x0, or a cached register whose upper 32 bits are
 * the sign of its low 32 but may not be in its host register yet */
static bool RV(lazy_or_zero)(const struct RV(jt) *t, unsigned r)
{
    return r == 0 || (t->lazy_hi >> r & 1);
}
#endif
/* RV64: and, or, xor of two such values (or of one and a sign-extended immediate) is one
 * too: computed on the host registers as they are, and left lazy */
static bool RV(lazy_logic)(const struct RV(jt) *t, const struct isa_inst *in, bool imm)
{
#if XLEN == 64
    switch (in->op) {
    case ISA_AND: case ISA_OR: case ISA_XOR:
        return !imm && RV(lazy_or_zero)(t, in->rs1) && RV(lazy_or_zero)(t, in->rs2);
    case ISA_ANDI: case ISA_ORI: case ISA_XORI:
        return imm && RV(lazy_or_zero)(t, in->rs1);
    default:
        return false;
    }
#else
    (void)t;
    (void)in;
    (void)imm;
    return false;
#endif
}
/* The end of an operation whose result in d has its low 32 bits right and, when
 * `narrow` (a W operation, or RV64's lazy_logic), its upper ones to be the sign of those:
 * at RV64 left lazy when d is rd's host register, else sign-extended there (for stx). */
static void RV(narrow_result)(struct x86 *e, unsigned d, unsigned rd, bool narrow)
{
    if (!narrow) return;
#if XLEN == 64
    struct RV(jt) *t = RV(jt_of)(e);
    if (rd && d == t->host_of[rd]) {
        t->lazy_hi |= 1u << rd;
        return;
    }
#else
    (void)rd;
#endif
    x86_movsxd(e, d, d);
}
#if XLEN == 64
/* Before an instruction: make ready the lazy registers it reads in 64 bits.  The W
 * operations read the low 32 bits of their sources, a narrow store its value's low bits,
 * a copy copies laziness, a branch between two lazy registers compares their low 32 bits,
 * and and/or/xor of lazy values stay lazy (lazy_logic); they handle it themselves. */
static void RV(ready_sources)(struct RV(jt) *t, const struct isa_inst *in)
{
    unsigned fm = isa_freg_mask(in->desc);
    unsigned rs1 = fm & ISA_FREG_RS1 ? 0 : in->rs1, rs2 = fm & ISA_FREG_RS2 ? 0 : in->rs2;
    switch (in->op) {
    case ISA_ADDIW: case ISA_SLLIW: case ISA_SRLIW: case ISA_SRAIW:
    case ISA_ADDW: case ISA_SUBW: case ISA_SLLW: case ISA_SRLW: case ISA_SRAW: case ISA_MULW:
        return;
    case ISA_SB: case ISA_SH: case ISA_SW:
        rs2 = 0;
        break;
    case ISA_AND: case ISA_OR: case ISA_XOR:
        if (RV(lazy_logic)(t, in, false) || (in->rs1 == 0 && in->op != ISA_AND)) return;
        break;
    case ISA_ANDI: case ISA_ORI: case ISA_XORI:
        if (RV(lazy_logic)(t, in, true)) return;
        break;
    case ISA_ADD:
        if (in->rs1 == 0) return;                        /* mv */
        break;
    case ISA_ADDI:
        if (in->imm == 0) return;                        /* mv */
        break;
    case ISA_SLLI:
        /* (zext.w, sext.w and narrower: the low 32 bits) */
        if (t->zext[t->cur] >= -32 && t->zext[t->cur] <= 32 && t->zext[t->cur]) return;
        break;
    case ISA_BEQ: case ISA_BNE: case ISA_BLT: case ISA_BGE: case ISA_BLTU: case ISA_BGEU:
        if (RV(lazy_or_zero)(t, in->rs1) && RV(lazy_or_zero)(t, in->rs2)) return;
        break;
    default:
        break;
    }
    if (rs1 && t->host_of[rs1] != NOT_CACHED) RV(hi_ready)(t, rs1);
    if (rs2 && t->host_of[rs2] != NOT_CACHED) RV(hi_ready)(t, rs2);
}
#endif

static void RV(emit_alu_rr)(struct x86 *e, const struct isa_inst *in0, bool w, enum x86_alu op)
{
    if (in0->rs1 == 0 && w == W && (op == ALU_ADD || op == ALU_OR || op == ALU_XOR)) {
        RV(copy_x)(e, in0->rd, in0->rs2);        /* mv (also when rd is rs2) */
        return;
    }
    struct isa_inst buf;
    const struct isa_inst *in = RV(commute)(in0, op, &buf);
    struct RV(jt) *t = RV(jt_of)(e);
    bool narrow = w != W || RV(lazy_logic)(t, in, false);
    RV(lazy_drop)(t, in->rd);                   /* (its sources are ready or read lazy) */
    unsigned hd = RV(in_place)(e, in, w);
    if (hd != NOT_CACHED) {                      /* (w is W: at RV64 lazy_logic only) */
        RV(alu_x)(e, w, op, hd, in->rs2);
        RV(narrow_result)(e, hd, in->rd, narrow);
        return;
    }
    unsigned h1 = in->rs1 ? t->host_of[in->rs1] : NOT_CACHED;
    unsigned h2 = in->rs2 ? t->host_of[in->rs2] : NOT_CACHED;
    if (op == ALU_ADD && h1 != NOT_CACHED && h2 != NOT_CACHED &&
        !(t->clobbered >> in->rs1 & 1) && !(t->clobbered >> in->rs2 & 1)) {
        /* lea d, [rs1 + rs2]: one instruction, rd may be rs2 */
        hd = RV(dest)(e, in, 0);
        unsigned d = hd != NOT_CACHED ? hd : RAX;
        x86_op_mem(e, w, 0x8d, d, X86_IDX(h1, h2), 0);
        RV(narrow_result)(e, d, in->rd, narrow);
        if (hd == NOT_CACHED) RV(stx)(e, RAX, in->rd);
        return;
    }
    hd = RV(dest)(e, in, in->rs2);
    unsigned d = hd != NOT_CACHED ? hd : RAX;   /* straight into rd's host register */
    RV(ldx)(e, d, in->rs1);
    RV(alu_x)(e, w, op, d, in->rs2);
    RV(narrow_result)(e, d, in->rd, narrow);
    if (hd == NOT_CACHED) RV(stx)(e, RAX, in->rd);
}
static void RV(emit_alu_ri)(struct x86 *e, const struct isa_inst *in, bool w, enum x86_alu op)
{
    struct RV(jt) *t = RV(jt_of)(e);
    bool narrow = w != W || RV(lazy_logic)(t, in, true);
#if XLEN == 64
    if (w == W && op == ALU_ADD && in->imm == 0 && in->rs1) {
        RV(copy_x)(e, in->rd, in->rs1);          /* mv: laziness copied */
        return;
    }
    if (w != W && in->imm == 0 && in->rs1 && op == ALU_ADD && t->host_of[in->rd] != NOT_CACHED) {
        /* sext.w into a cached register: a copy of the low 32 bits, its upper ones lazy */
        unsigned hd = t->host_of[in->rd];
        RV(lazy_drop)(t, in->rd);
        RV(dest)(e, in, 0);
        RV(ldx)(e, hd, in->rs1);
        t->lazy_hi |= 1u << in->rd;
        return;
    }
#endif
    RV(lazy_drop)(t, in->rd);                   /* (its source is ready or read lazy) */
    if (w != W && in->imm == 0 && in->rs1 && op == ALU_ADD) {
        /* sext.w (addiw rd, rs, 0), frequent in RV64 code: one movsxd */
        unsigned hs = t->host_of[in->rs1], hd = RV(dest)(e, in, 0);
        if (hs == NOT_CACHED) {
            hs = RAX;
            RV(ldx)(e, RAX, in->rs1);
        }
        x86_movsxd(e, hd != NOT_CACHED ? hd : RAX, hs);
        if (hd == NOT_CACHED) RV(stx)(e, RAX, in->rd);
        return;
    }
    unsigned hd = RV(in_place)(e, in, w);
    if (hd != NOT_CACHED) {
        x86_alu_imm(e, w, op, hd, in->imm);
        RV(narrow_result)(e, hd, in->rd, narrow);
        return;
    }
    if (in->rs1 == 0 && w == W && (op == ALU_ADD || op == ALU_OR || op == ALU_XOR)) {
        RV(set_x)(e, in->rd, (uxlen)(sxlen)in->imm);     /* li */
        return;
    }
    hd = RV(dest)(e, in, 0);
    unsigned d = hd != NOT_CACHED ? hd : RAX;
    unsigned hs = in->rs1 ? t->host_of[in->rs1] : NOT_CACHED;
    if (op == ALU_ADD && hs != NOT_CACHED && !(t->clobbered >> in->rs1 & 1)) {
        x86_op_mem(e, w, 0x8d, d, hs, in->imm);         /* lea d, [rs1 + imm]: one instruction */
    } else {
        RV(ldx)(e, d, in->rs1);
        x86_alu_imm(e, w, op, d, in->imm);
    }
    RV(narrow_result)(e, d, in->rd, narrow);
    if (hd == NOT_CACHED) RV(stx)(e, RAX, in->rd);
}
static void RV(emit_shift_rr)(struct x86 *e, const struct isa_inst *in, bool w, enum x86_shift op)
{
    RV(ldx)(e, RCX, in->rs2);                    /* first: rd may be rs2 */
    RV(lazy_drop)(RV(jt_of)(e), in->rd);        /* (its sources are ready or read lazy) */
    unsigned hd = RV(dest)(e, in, 0), d = hd != NOT_CACHED ? hd : RAX;
    RV(ldx)(e, d, in->rs1);
    x86_shift_cl(e, w, op, d);                   /* the host masks the count as RISC-V does */
    RV(narrow_result)(e, d, in->rd, w != W);
    if (hd == NOT_CACHED) RV(stx)(e, RAX, in->rd);
}
static void RV(emit_shift_ri)(struct x86 *e, const struct isa_inst *in, bool w, enum x86_shift op)
{
    RV(lazy_drop)(RV(jt_of)(e), in->rd);        /* (its source is ready or read lazy) */
    unsigned hd = RV(dest)(e, in, 0), d = hd != NOT_CACHED ? hd : RAX;
    RV(ldx)(e, d, in->rs1);
    if (in->imm) x86_shift_imm(e, w, op, d, (unsigned)in->imm);
    RV(narrow_result)(e, d, in->rd, w != W);
    if (hd == NOT_CACHED) RV(stx)(e, RAX, in->rd);
}
/* A `slli` and `srli`/`srai` pair that keeps the low n bits of rs zero- or sign-extended
 * (t->zext: n or -n): zext.w as one mov, zext.h as movzx, sext.w as movsxd, other widths
 * below 32 bits zero-extended as mov and and, the rest as mov and two shifts */
static void RV(emit_field_ext)(struct RV(jt) *t, const struct isa_inst *in)
{
    struct x86 *e = &t->e;
    int n = t->zext[t->cur];
    unsigned bits = (unsigned)(n < 0 ? -n : n);
    if (bits <= 32) RV(lazy_drop)(t, in->rd);   /* (only rs1's low 32 bits are read) */
    unsigned hd = RV(dest)(e, in, 0), d = hd != NOT_CACHED ? hd : RAX;
    unsigned hs = in->rs1 && !(t->clobbered >> in->rs1 & 1) ? t->host_of[in->rs1] : NOT_CACHED;
    if (hs == NOT_CACHED) RV(ldx)(e, d, in->rs1);
    unsigned src = hs != NOT_CACHED ? hs : d;
    if (n == 32) {
        x86_mov(e, false, d, src);                      /* mov r32, r32: zero-extends */
    } else if (n == 16) {
        x86_op_reg(e, false, 0x0fb7, d, src);           /* movzx r32, r16 */
    } else if (n == -32) {
        x86_movsxd(e, d, src);
    } else if (n > 0 && n < 32) {
        x86_mov(e, false, d, src);
        x86_alu_imm(e, false, ALU_AND, d, (i32)((1u << n) - 1));
    } else {
        if (d != src) x86_mov(e, true, d, src);
        x86_shift_imm(e, true, SH_SHL, d, 64 - bits);
        x86_shift_imm(e, true, n < 0 ? SH_SAR : SH_SHR, d, 64 - bits);
    }
    /* (at RV128 sign-extended too: stx, and dest, leave it lazy) */
    if (hd == NOT_CACHED) RV(stx)(e, RAX, in->rd);
    t->fused = true;
}

static void RV(emit_set)(struct x86 *e, const struct isa_inst *in, enum x86_cc cc, bool imm)
{
    RV(ldx)(e, RAX, in->rs1);
    if (imm) {
        x86_alu_imm(e, W, ALU_CMP, RAX, in->imm);
    } else {
        RV(alu_x)(e, W, ALU_CMP, RAX, in->rs2);
    }
    x86_setcc(e, cc, RAX);
    RV(stx)(e, RAX, in->rd);
}

/* A jump's link (the return address) into rd */
static void RV(write_link)(struct RV(jt) *t, unsigned rd, uxlen link)
{
#if XLEN == 128
    RV(set_x)(&t->e, rd, link);
#else
    if (rd) {
        x86_mov_imm(&t->e, RAX, (u64)link);
        RV(stx)(&t->e, RAX, rd);
    }
#endif
}

/* Leave the block for the fixed pc `target` through a jump that chaining patches. */
static void RV(emit_chain)(struct RV(jt) *t, uxlen target)
{
    RV(cache_store)(t, t->dirty);
    struct RV(stub) *s = RV(new_stub)(t, STUB_CHAIN, x86_jmp(&t->e));
    s->target = target;
}

static void RV(emit_loop_back)(struct RV(jt) *t, u32 count, u32 to_idx, const u8 *to,
                               uxlen target, u32 keep, bool inline_jump);

/* The jump of a conditional branch (instruction idx) whose flags are set, cc when taken. */
static void RV(branch_to)(struct RV(jt) *t, enum x86_cc cc, uxlen target, u32 idx)
{
    struct x86 *e = &t->e;
    u32 back = RV(decoded_index)(t, target);
    if (t->self_loop && back <= idx) {
        /* A loop's branch back inside the block: the loop-back inline, after a jump over
         * it the other way (one taken jump an iteration, not two through a stub); the
         * state it changes (lazy halves made ready) is the loop-back's only */
#if JIT_LAZY
        u32 lazy = t->lazy_hi;
        RV(lazy_edge)(t, back, lazy);
#endif
        u8 *skip = x86_jcc(e, (enum x86_cc)(cc ^ 1));
#if JIT_LAZY
        RV(emit_loop_back)(t, idx + 1 - back, back, t->insn_code[back], target, t->lazy_at[back],
                           true);
        t->lazy_hi = lazy;
#else
        RV(emit_loop_back)(t, idx + 1 - back, back, t->insn_code[back], target, 0, true);
#endif
        RV(link_here)(t, skip);
        return;
    }
    struct RV(stub) *s = RV(new_stub)(t, STUB_BRANCH, x86_jcc(e, cc));
    s->idx = idx;
    s->target = target;
#if JIT_LAZY
    /* a way into an instruction of the block: its stub makes ready what the target is
     * not entered lazy with (a way out of the block makes them all ready) */
    u32 to = RV(decoded_index)(t, target);
    if (to < JIT_MAX_INSNS) RV(lazy_edge)(t, to, s->lazy_hi);
#endif
}

static void RV(emit_branch)(struct RV(jt) *t, const struct isa_inst *in, enum x86_cc cc,
                            uxlen pc, u32 idx)
{
    struct x86 *e = &t->e;
    unsigned lhs = t->host_of[in->rs1];
    if (in->rs1 == 0 || lhs == NOT_CACHED) {
        RV(ldx)(e, RAX, in->rs1);
        lhs = RAX;
    }
#if XLEN == 64
    /* two sign-extended 32-bit values compare as their low 32 bits do, signed or not */
    bool narrow = RV(lazy_or_zero)(t, in->rs1) && RV(lazy_or_zero)(t, in->rs2);
    RV(alu_x)(e, !narrow, ALU_CMP, lhs, in->rs2);
#else
    RV(alu_x)(e, W, ALU_CMP, lhs, in->rs2);
#endif
    RV(branch_to)(t, cc, pc + (uxlen)(sxlen)in->imm, idx);
}

/* Back to an earlier instruction of the block (instruction to_idx, its code at `to`, at
 * guest pc `target`) with the cached registers kept: count the instructions since it
 * (count: from it to the jump, inclusive), check insn_limit as a block's entry would, and
 * jump there; else leave for target.  (r14 + to_idx is the count at the target, as at any
 * instruction of the block: the way out adds to_idx.)  inline_jump: emitted in the
 * block's straight line, whose way out is then a stub (STUB_LOOP_OUT). */
static void RV(loop_out)(struct RV(jt) *t, u32 to_idx, uxlen target, u32 dirty)
{
    if (to_idx) x86_alu_imm(&t->e, true, ALU_ADD, R14, (i32)to_idx);
    RV(cache_store)(t, dirty);
    RV(set_pc)(&t->e, target);
    RV(exit_raw)(t, JIT_EXIT_REQUEST);
}
static void RV(emit_loop_back)(struct RV(jt) *t, u32 count, u32 to_idx, const u8 *to,
                               uxlen target, u32 keep, bool inline_jump)
{
    struct x86 *e = &t->e;
    RV(hi_ready_but)(t, keep);          /* (what `to` is entered lazy with: keep) */
    x86_alu_imm(e, true, ALU_ADD, R14, (i32)count);
    x86_alu_mem(e, true, ALU_CMP, R14, RBP, HOFF(insn_limit));
    u8 *at = x86_jcc(e, CC_B);
    if (!e->full) x86_patch_rel32(at, RV(rx)(t, at), RV(rx)(t, to));
    if (inline_jump) {
        struct RV(stub) *s = RV(new_stub)(t, STUB_LOOP_OUT, x86_jmp(e));
        s->idx = to_idx;
        s->target = target;
        return;
    }
    RV(loop_out)(t, to_idx, target, t->dirty);
}

/* The value auipc writes; with the addi of a fused `la` pair (t->la), the pair's */
static uxlen RV(auipc_value)(struct RV(jt) *t, const struct isa_inst *in, uxlen pc)
{
    uxlen v = pc + (uxlen)(sxlen)in->imm;
    if (!t->la[t->cur]) return v;
    t->fused = true;
    return v + (uxlen)(sxlen)t->la_lo[t->cur];
}

#if XLEN == 128
#include "exec/jit_ops128.h"
#endif

/* JALR: compute the target, write the link, count the block, probe the jump cache. */
static void RV(emit_jalr)(struct RV(jt) *t, const struct isa_inst *in, uxlen pc, u32 n)
{
    struct x86 *e = &t->e;
#if XLEN == 128
    RV(jalr_target)(e, in, pc);
    x86_alu_imm(e, true, ALU_ADD, R14, (i32)n);
    RV(cache_store)(t, t->dirty);           /* (before both ways out) */
    /* the jump cache holds 64-bit pcs: a target above them takes the dispatch exit */
    x86_op_reg(e, true, 0x85, RDX, RDX);                 /* test rdx, rdx */
    u8 *far = x86_jcc(e, CC_NE);
#else
#if JIT_LAZY
    if (in->rs1 && t->host_of[in->rs1] != NOT_CACHED) RV(hi_ready)(t, in->rs1);
#endif
    RV(ea)(e, in);
    x86_alu_imm(e, W, ALU_AND, RAX, -2);
    if (in->rd) {
        x86_mov_imm(e, RCX, (u64)(uxlen)(pc + in->len));
        RV(stx)(e, RCX, in->rd);
    }
    x86_alu_imm(e, true, ALU_ADD, R14, (i32)n);
    RV(cache_store)(t, t->dirty);
#endif
    /* the entry's byte offset, jit_jc_index(pc) * 16, as (pc << 3) & ((JC size - 1) << 4) */
    _Static_assert(sizeof(struct jit_jc) == 16, "jump cache entries of 16 bytes");
    x86_mov(e, false, RCX, RAX);
    x86_shift_imm(e, false, SH_SHL, RCX, 3);
    x86_alu_imm(e, false, ALU_AND, RCX, ((1 << JIT_JC_BITS) - 1) << 4);
    x86_mov_imm(e, RDX, (u64)(uintptr_t)t->c->jc);
    x86_alu_mem(e, true, ALU_CMP, RAX, X86_IDX(RDX, RCX), 0);
    u8 *miss = x86_jcc(e, CC_NE);
    x86_jmp_mem(e, X86_IDX(RDX, RCX), 8);
    RV(link_here)(t, miss);
    x86_store64(e, RAX, RBP, HOFF(pc));
    x86_store_imm64(e, RBP, HOFF(pc) + 8, 0);
    RV(exit_raw)(t, JIT_EXIT_DISPATCH);
#if XLEN == 128
    RV(link_here)(t, far);                  /* (rdx is still the high half here) */
    x86_store64(e, RAX, RBP, HOFF(pc));
    x86_store64(e, RDX, RBP, HOFF(pc) + 8);
    RV(exit_raw)(t, JIT_EXIT_DISPATCH);
#endif
}

/* ---- the F and D operations ----
 *
 * Each has a function in exec/fp_ops.h (bit-exact RISC-V semantics in software).  The
 * frequent ones also have an inline fast path on the host's SSE arithmetic, which handles
 * the common case and jumps to an out-of-line slow path (STUB_FP: the call of that
 * function, whose result the fast path's tail stores) for the rest:
 *
 *  - The host computes with MXCSR's default (round to nearest even, no FTZ/DAZ; zl-run
 *    never changes it), so an inexact operation is inline only with rm = RNE, static or
 *    dynamic (frm is 0, checked at run time); the exact ones (fsgnj*, fmv*, compares,
 *    fcvt.d.s, fcvt.d.w[u], fcvt.d.l[u] of values below 2^53) in any valid mode.
 *  - Flags: an arithmetic operation (add, sub, mul, div, sqrt, fcvt.s.d, fmadd.d ...)
 *    with a result that is finite and at least 2^-1021 in magnitude (single: 2^-125) can
 *    only raise NX: NV needs a NaN or an infinity among the inputs (or makes a NaN), DZ
 *    an infinite result, OF an infinite one in RNE, UF a tiny one.  So the fast path
 *    runs only when fflags already holds NX and takes the host's result if its exponent
 *    says so; anything else (zero, subnormal, infinite or NaN results, NX still clear)
 *    is the slow path's.  The checks of frm and NX are made once per straight line
 *    (fpk).  A compare is inline unless an operand is a NaN (unordered);
 *    a conversion to an integer unless the value is out of range (the host's
 *    "indefinite" integer), and raises NX itself when converting back differs.
 *  - Singles: an operand that is not NaN-boxed goes to the slow path (it reads as the
 *    canonical NaN), except for fsgnj*.s which substitute the canonical NaN inline;
 *    results are boxed.
 *  - fmadd.d, fmsub.d, fnmsub.d, fnmadd.d are inline on hosts with FMA3 (jit_host_fma,
 *    checked with cpuid), helper calls elsewhere; the single FMAs, fmin/fmax, fclass and
 *    the conversions of singles to and from integers are always helper calls. */
struct RV(fp_entry) { const void *fn; bool dest_x, src_x, rm; };
#define FP_IS_X_FPR false
#define FP_IS_X_GPR true
#define FP_USES_RM true
#define FP_USES_NORM false
#define FP_ENTRY(op, dest, src1, userm, expr) \
    [ISA_##op] = { FN(fpop_##op), FP_IS_X_##dest, FP_IS_X_##src1, FP_USES_##userm },
static const struct RV(fp_entry) RV(fp_table)[ISA_OP_COUNT] = { FP_OPS(FP_ENTRY) };
#undef FP_ENTRY

/* rax = fpop(f[rs1] or x[rs1], f[rs2], f[rs3], rm in rcx, &fflags) */
static void RV(fp_call)(struct x86 *e, const struct RV(fp_entry) *f, unsigned rs1, unsigned rs2,
                        unsigned rs3, u32 dirty)
{
    RV(call_begin)(e, dirty);
    if (f->src_x) RV(ldx)(e, RDI, rs1);
    else x86_load64(e, RDI, RBP, FOFF(rs1));
    x86_load64(e, RSI, RBP, FOFF(rs2));
    x86_load64(e, RDX, RBP, FOFF(rs3));
    x86_lea(e, R8, RBP, HOFF(fflags));         /* flags are ORed into fflags' low byte */
    RV(call_end)(e, f->fn);
}

static void RV(fp_result)(struct x86 *e, unsigned rd, bool single);
static void RV(chain_tail)(struct RV(jt) *t, const struct RV(stub) *s);

/* The slow path of an inline operation: with a dynamic rounding mode, leave for the
 * interpreter if frm is not valid (it reports the illegal instruction); then the call,
 * and back to the fast path's tail, which stores rax. */
static void RV(fp_slow)(struct RV(jt) *t, const struct RV(stub) *s)
{
    struct x86 *e = &t->e;
    const struct RV(fp_entry) *f = &RV(fp_table)[s->kind_arg];
    if (f->rm && s->imm == 7) {
        x86_load32(e, RCX, RBP, HOFF(frm));
        x86_alu_imm(e, false, ALU_CMP, RCX, 4);
        u8 *ok = x86_jcc(e, CC_BE);
        x86_alu_imm(e, true, ALU_ADD, R14, (i32)s->idx);
        RV(set_pc)(e, s->pc);
        RV(exit_with)(t, JIT_EXIT_INTERP, s->dirty);
        RV(link_here)(t, ok);
    } else {
        x86_mov_imm(e, RCX, (u64)s->imm);
    }
    RV(fp_call)(e, f, s->rs1, s->reg, s->size, s->dirty);
    /* (call_end loaded rd's copy as it was; the fast path set it before branching here) */
    if (s->hreg != NOT_CACHED) x86_movq_to_xmm(e, s->hreg, RAX);
    if (!s->fp_recheck) {
        RV(jmp_to)(t, RV(rx)(t, s->cont));
        return;
    }
    /* the result's store (the fast path's tail), then the checks the block's later
     * operations skip: back after the tail when they hold, else (NX still clear, or frm
     * not RNE) on to the next instruction as a chained exit, whose block checks again */
    RV(fp_result)(e, s->fp_rd, s->fp_single);
    u8 *no_rne = NULL, *no_nx = NULL;
    if (s->fp_recheck & FPK_RNE) {
        x86_cmp_mem32_imm8(e, RBP, HOFF(frm), FP_RNE);
        no_rne = x86_jcc(e, CC_NE);
    }
    if (s->fp_recheck & FPK_NX) {
        x86_test_mem8_imm(e, RBP, HOFF(fflags), FP_NX);
        no_nx = x86_jcc(e, CC_E);
    }
    RV(jmp_to)(t, RV(rx)(t, s->back));
    RV(link_here)(t, no_rne);
    RV(link_here)(t, no_nx);
    x86_alu_imm(e, true, ALU_ADD, R14, (i32)(s->idx + 1));
    RV(cache_store)(t, s->dirty);
    struct RV(stub) out = *s;
    out.target = s->pc + 4;                 /* (F/D operations have no compressed form) */
    out.from = x86_jmp(e);
    RV(link_here)(t, out.from);
    RV(chain_tail)(t, &out);
}

static struct RV(stub) *RV(fp_stub)(struct RV(jt) *t, const struct isa_inst *in)
{
    struct RV(stub) *s = RV(new_stub)(t, STUB_FP, NULL);
    s->kind_arg = in->op;
    s->rs1 = in->rs1;
    s->reg = in->rs2;
    s->size = in->rs3;
    s->imm = in->rm;
    s->hreg = NOT_CACHED;       /* or the xmm copy of rd to set from rax */
    return s;
}
/* jcc to the slow path */
static void RV(fp_to_slow)(struct RV(jt) *t, struct RV(stub) *s, enum x86_cc cc)
{
    u8 *at = x86_jcc(&t->e, cc);
    if (!s->from) s->from = at;
    else if (!s->from2) s->from2 = at;
    else s->more[s->nmore++] = at;
}
/* Whether the inline path applies to the instruction's static mode (rne: it needs RNE),
 * and for a dynamic one, the run-time check of frm. */
static bool RV(fp_rm_ok)(const struct isa_inst *in, bool rne)
{
    return in->rm == 7 || (rne ? in->rm == FP_RNE : in->rm <= FP_RMM);
}
static void RV(fp_rm_check)(struct RV(jt) *t, struct RV(stub) *s, const struct isa_inst *in,
                            bool rne)
{
    if (in->rm != 7) return;
    x86_cmp_mem32_imm8(&t->e, RBP, HOFF(frm), rne ? FP_RNE : FP_RMM);
    RV(fp_to_slow)(t, s, rne ? CC_NE : CC_A);
}
/* f[r] must hold a NaN-boxed single */
static void RV(fp_boxed)(struct RV(jt) *t, struct RV(stub) *s, unsigned r)
{
    x86_cmp_mem32_imm8(&t->e, RBP, FOFF(r) + 4, -1);
    RV(fp_to_slow)(t, s, CC_NE);
}
/* rax |= the box of a single */
static void RV(fp_box_rax)(struct x86 *e)
{
    x86_mov_imm(e, RCX, 0xffffffff00000000ull);
    x86_alu_reg(e, true, ALU_OR, RAX, RCX);
}
/* The tail of an arithmetic operation: f[rd] = rax (a single boxed first) */
static void RV(fp_result)(struct x86 *e, unsigned rd, bool single)
{
    if (single) {
        RV(fp_box_rax)(e);
        RV(fput)(e, rd);
    } else {
        x86_store64(e, RAX, RBP, FOFF(rd));
    }
}

/* An arithmetic operation: xmm0 = op(rs1[, rs2]) (pfx SSE_SD or SSE_SS: the sources'
 * width), or the FMA `fma` (0: none); the result's width is single_out.  exact: the
 * operation never rounds (fcvt.d.s). */
static bool RV(fp_arith)(struct RV(jt) *t, const struct isa_inst *in, unsigned pfx, unsigned op,
                         bool single_out, bool exact, unsigned fma)
{
    struct x86 *e = &t->e;
    if (!RV(fp_rm_ok)(in, !exact)) return false;
    bool single_in = pfx == SSE_SS;
    unsigned nsrc = fma ? 3 : op == SSE_SQRT || op == SSE_CVT ? 1 : 2;
    const unsigned src[3] = { in->rs1, in->rs2, in->rs3 };
    struct RV(stub) *s = RV(fp_stub)(t, in);
    /* the checks of frm and NX, unless an earlier operation's showed them (fpk) */
    unsigned need = (in->rm == 7 ? FPK_RNE : 0) | (exact ? 0 : FPK_NX);
    unsigned shown = (in->rm == 7 && !exact ? FPK_RNE : 0) | (exact ? 0 : FPK_NX);
    if (need & ~t->fpk) {
        RV(fp_rm_check)(t, s, in, !exact);
        if (!exact) {
            x86_test_mem8_imm(e, RBP, HOFF(fflags), FP_NX);
            RV(fp_to_slow)(t, s, CC_E);
        }
        s->fp_recheck = shown & ~t->fpk;
        t->fpk |= shown;
    }
    if (single_in)
        for (unsigned k = 0; k < nsrc; k++)
            if (k == 0 || (src[k] != src[0] && (k == 1 || src[k] != src[1]))) RV(fp_boxed)(t, s, src[k]);
    /* sources from their xmm copies when cached (a single's is boxed: the scalar single
     * operations read its low 32 bits), else from the hart; a double result computed
     * straight in rd's copy when that is not a later source (else in xmm0, then copied),
     * so that an operation using it need not wait for the checks below (the slow path
     * sets the copy from its own result) */
    unsigned x1 = t->xmm_of[in->rs1], x2 = t->xmm_of[in->rs2], x3 = t->xmm_of[in->rs3];
    unsigned xd = t->xmm_of[in->rd], acc = 0;
    if (!single_out && xd != NOT_CACHED && (nsrc < 2 || xd != x2) && (nsrc < 3 || xd != x3))
        acc = xd;
    if (nsrc == 1) {
        if (x1 != NOT_CACHED) {
            if (acc != x1) x86_movapd(e, acc, x1);
            x86_sse_reg(e, pfx, false, op, acc, acc);               /* op acc, acc */
        } else {
            x86_sse_mem(e, pfx, false, op, acc, RBP, FOFF(in->rs1));  /* op acc, [rs1] */
        }
    } else {
        if (x1 != NOT_CACHED) {
            if (acc != x1) x86_movapd(e, acc, x1);
        } else if (single_in) {
            x86_movd_load(e, acc, RBP, FOFF(in->rs1));
        } else {
            x86_movq_load(e, acc, RBP, FOFF(in->rs1));
        }
        if (fma) {
            if (x2 == NOT_CACHED) {
                x86_movq_load(e, 1, RBP, FOFF(in->rs2));
                x2 = 1;
            }
            /* acc = rs2 * acc + rs3 */
            if (x3 != NOT_CACHED) x86_fma_sd_reg(e, fma, acc, x2, x3);
            else x86_fma_sd_mem(e, fma, acc, x2, RBP, FOFF(in->rs3));
        } else if (x2 != NOT_CACHED) {
            x86_sse_reg(e, pfx, false, op, acc, x2);                  /* op acc, rs2 */
        } else {
            x86_sse_mem(e, pfx, false, op, acc, RBP, FOFF(in->rs2));  /* op acc, [rs2] */
        }
    }
    if (!single_out && xd != NOT_CACHED) {
        if (acc != xd) x86_movapd(e, xd, acc);
        s->hreg = xd;
    }
    x86_movq_from_xmm(e, !single_out, RAX, acc);
    /* the biased exponent in [2, max - 1]: (rax + rax) drops the sign */
    x86_op_mem(e, !single_out, 0x8d, RCX, X86_IDX(RAX, RAX), 0);  /* lea rcx, [rax + rax] */
    x86_shift_imm(e, !single_out, SH_SHR, RCX, single_out ? 24 : 53);
    x86_alu_imm(e, false, ALU_SUB, RCX, 2);
    x86_alu_imm(e, false, ALU_CMP, RCX, single_out ? 0xfc : 0x7fc);
    RV(fp_to_slow)(t, s, CC_A);
    s->cont = e->p;
    RV(fp_result)(e, in->rd, single_out);
    s->back = e->p;
    s->fp_rd = in->rd;
    s->fp_single = single_out;
    return true;
}

/* fsgnj, fsgnjn, fsgnjx (kind 0, 1, 2): integer operations on the sign bit; no flags.  A
 * single that is not boxed is read as the canonical NaN. */
static void RV(fp_sgnj)(struct RV(jt) *t, const struct isa_inst *in, bool single, int kind)
{
    struct x86 *e = &t->e;
    const unsigned reg[2] = { RAX, RCX }, src[2] = { in->rs1, in->rs2 };
    for (int k = 0; k < 2; k++) {
        if (!single) {
            x86_load64(e, reg[k], RBP, FOFF(src[k]));
            continue;
        }
        x86_load32(e, reg[k], RBP, FOFF(src[k]));
        x86_mov_imm(e, RDX, F32_NAN);
        x86_cmp_mem32_imm8(e, RBP, FOFF(src[k]) + 4, -1);
        x86_cmov(e, false, CC_NE, reg[k], RDX);
    }
    /* rax ^= (b, a ^ b or ~(a ^ b)) & sign */
    if (kind != 2) x86_alu_reg(e, !single, ALU_XOR, RCX, RAX);
    if (kind == 1) x86_op_reg(e, !single, 0xf7, 2, RCX);            /* not */
    x86_shift_imm(e, !single, SH_SHR, RCX, single ? 31 : 63);
    x86_shift_imm(e, !single, SH_SHL, RCX, single ? 31 : 63);
    x86_alu_reg(e, !single, ALU_XOR, RAX, RCX);
    if (single) RV(fp_box_rax)(e);
    RV(fput)(e, in->rd);
}

/* feq, flt, fle (cc: E, B, BE after ucomis[sd] rs1, rs2): a NaN operand (unordered) is
 * the slow path's, for its flags. */
static void RV(fp_cmp)(struct RV(jt) *t, const struct isa_inst *in, bool single, enum x86_cc cc)
{
    struct x86 *e = &t->e;
    struct RV(stub) *s = RV(fp_stub)(t, in);
    if (single) {
        RV(fp_boxed)(t, s, in->rs1);
        if (in->rs2 != in->rs1) RV(fp_boxed)(t, s, in->rs2);
    }
    unsigned x1 = t->xmm_of[in->rs1], x2 = t->xmm_of[in->rs2];
    if (x1 == NOT_CACHED) {
        if (single) x86_movd_load(e, 0, RBP, FOFF(in->rs1));
        else x86_movq_load(e, 0, RBP, FOFF(in->rs1));
        x1 = 0;
    }
    if (x2 != NOT_CACHED) x86_sse_reg(e, single ? SSE_PS : SSE_PD, false, SSE_UCOMI, x1, x2);
    else x86_sse_mem(e, single ? SSE_PS : SSE_PD, false, SSE_UCOMI, x1, RBP, FOFF(in->rs2));
    RV(fp_to_slow)(t, s, CC_P);
    x86_setcc(e, cc, RAX);
    s->cont = e->p;
    RV(stx)(e, RAX, in->rd);
}

/* fcvt.d.w, fcvt.d.wu (exact), fcvt.d.l, fcvt.d.lu (exact below 2^53 in magnitude, else
 * the slow path's) */
static bool RV(fp_from_int)(struct RV(jt) *t, const struct isa_inst *in, bool wide, bool is_signed)
{
    struct x86 *e = &t->e;
    if (!RV(fp_rm_ok)(in, false)) return false;
    struct RV(stub) *s = in->rm == 7 || wide ? RV(fp_stub)(t, in) : NULL;
    if (s) RV(fp_rm_check)(t, s, in, false);
    RV(ldx)(e, RAX, in->rs1);
    if (wide) {
        x86_mov(e, true, RCX, RAX);
        x86_shift_imm(e, true, is_signed ? SH_SAR : SH_SHR, RCX, 53);
        if (is_signed) {                    /* -1 or 0 */
            x86_alu_imm(e, true, ALU_ADD, RCX, 1);
            x86_alu_imm(e, true, ALU_CMP, RCX, 1);
            RV(fp_to_slow)(t, s, CC_A);
        } else {
            RV(fp_to_slow)(t, s, CC_NE);
        }
    } else if (!is_signed) {
        x86_mov(e, false, RAX, RAX);        /* zero-extend */
    }
    x86_sse_reg(e, SSE_SD, wide || !is_signed, SSE_CVTSI, 0, RAX);
    x86_movq_from_xmm(e, true, RAX, 0);
    if (s) s->cont = e->p;
    RV(fput)(e, in->rd);
    return true;
}

/* fcvt.w.d, fcvt.wu.d, fcvt.l.d with rm RTZ (truncating) or RNE: the host's 64-bit
 * conversion; out of the range (or NaN: the host's indefinite integer) is the slow
 * path's; inexact sets NX. */
static bool RV(fp_to_int)(struct RV(jt) *t, const struct isa_inst *in, bool wide, bool is_signed)
{
    struct x86 *e = &t->e;
    if (in->rm != FP_RTZ && !RV(fp_rm_ok)(in, true)) return false;
    struct RV(stub) *s = RV(fp_stub)(t, in);
    RV(fp_rm_check)(t, s, in, true);
    unsigned x = t->xmm_of[in->rs1];
    if (x == NOT_CACHED) {
        x86_movq_load(e, 0, RBP, FOFF(in->rs1));
        x = 0;
    }
    x86_sse_reg(e, SSE_SD, true, in->rm == FP_RTZ ? SSE_CVTT : SSE_CVTI, RAX, x);
    if (wide) {                             /* not INT64_MIN */
        x86_mov(e, true, RCX, RAX);
        x86_op_reg(e, true, 0xf7, 3, RCX);  /* neg: overflows on it alone */
        RV(fp_to_slow)(t, s, CC_O);
    } else if (is_signed) {
        x86_movsxd(e, RCX, RAX);
        x86_alu_reg(e, true, ALU_CMP, RCX, RAX);
        RV(fp_to_slow)(t, s, CC_NE);
    } else {
        x86_mov(e, true, RCX, RAX);
        x86_shift_imm(e, true, SH_SHR, RCX, 32);
        RV(fp_to_slow)(t, s, CC_NE);
    }
    x86_sse_reg(e, SSE_SD, true, SSE_CVTSI, 1, RAX);
    x86_sse_reg(e, SSE_PD, false, SSE_UCOMI, x, 1);
    u8 *exact = x86_jcc(e, CC_E);
    x86_or_mem8_imm(e, RBP, HOFF(fflags), FP_NX);
    RV(link_here)(t, exact);
    if (!wide && !is_signed) x86_movsxd(e, RAX, RAX);   /* (fp_ops.h: sign-extended) */
    s->cont = e->p;
    RV(stx)(e, RAX, in->rd);
    return true;
}

/* The inline translation of an F/D operation, if it has one (false: nothing emitted). */
static bool RV(emit_fp_inline)(struct RV(jt) *t, const struct isa_inst *in)
{
    struct x86 *e = &t->e;
    switch (in->op) {
    case ISA_FADD_D: return RV(fp_arith)(t, in, SSE_SD, SSE_ADD, false, false, 0);
    case ISA_FSUB_D: return RV(fp_arith)(t, in, SSE_SD, SSE_SUB, false, false, 0);
    case ISA_FMUL_D: return RV(fp_arith)(t, in, SSE_SD, SSE_MUL, false, false, 0);
    case ISA_FDIV_D: return RV(fp_arith)(t, in, SSE_SD, SSE_DIV, false, false, 0);
    case ISA_FSQRT_D: return RV(fp_arith)(t, in, SSE_SD, SSE_SQRT, false, false, 0);
    case ISA_FADD_S: return RV(fp_arith)(t, in, SSE_SS, SSE_ADD, true, false, 0);
    case ISA_FSUB_S: return RV(fp_arith)(t, in, SSE_SS, SSE_SUB, true, false, 0);
    case ISA_FMUL_S: return RV(fp_arith)(t, in, SSE_SS, SSE_MUL, true, false, 0);
    case ISA_FDIV_S: return RV(fp_arith)(t, in, SSE_SS, SSE_DIV, true, false, 0);
    case ISA_FSQRT_S: return RV(fp_arith)(t, in, SSE_SS, SSE_SQRT, true, false, 0);
    case ISA_FCVT_S_D: return RV(fp_arith)(t, in, SSE_SD, SSE_CVT, true, false, 0);
    case ISA_FCVT_D_S: return RV(fp_arith)(t, in, SSE_SS, SSE_CVT, false, true, 0);
    /* RISC-V's fnmsub is -(a * b) + c, x86's fnmadd; its fnmadd is x86's fnmsub */
    case ISA_FMADD_D: return jit_host_fma() && RV(fp_arith)(t, in, SSE_SD, 0, false, false, FMA_MADD213);
    case ISA_FMSUB_D: return jit_host_fma() && RV(fp_arith)(t, in, SSE_SD, 0, false, false, FMA_MSUB213);
    case ISA_FNMSUB_D: return jit_host_fma() && RV(fp_arith)(t, in, SSE_SD, 0, false, false, FMA_NMADD213);
    case ISA_FNMADD_D: return jit_host_fma() && RV(fp_arith)(t, in, SSE_SD, 0, false, false, FMA_NMSUB213);
    case ISA_FSGNJ_D: RV(fp_sgnj)(t, in, false, 0); return true;
    case ISA_FSGNJN_D: RV(fp_sgnj)(t, in, false, 1); return true;
    case ISA_FSGNJX_D: RV(fp_sgnj)(t, in, false, 2); return true;
    case ISA_FSGNJ_S: RV(fp_sgnj)(t, in, true, 0); return true;
    case ISA_FSGNJN_S: RV(fp_sgnj)(t, in, true, 1); return true;
    case ISA_FSGNJX_S: RV(fp_sgnj)(t, in, true, 2); return true;
    case ISA_FEQ_D: RV(fp_cmp)(t, in, false, CC_E); return true;
    case ISA_FLT_D: RV(fp_cmp)(t, in, false, CC_B); return true;
    case ISA_FLE_D: RV(fp_cmp)(t, in, false, CC_BE); return true;
    case ISA_FEQ_S: RV(fp_cmp)(t, in, true, CC_E); return true;
    case ISA_FLT_S: RV(fp_cmp)(t, in, true, CC_B); return true;
    case ISA_FLE_S: RV(fp_cmp)(t, in, true, CC_BE); return true;
    case ISA_FCVT_D_W: return RV(fp_from_int)(t, in, false, true);
    case ISA_FCVT_D_WU: return RV(fp_from_int)(t, in, false, false);
    case ISA_FCVT_D_L: return RV(fp_from_int)(t, in, true, true);
    case ISA_FCVT_D_LU: return RV(fp_from_int)(t, in, true, false);
    case ISA_FCVT_W_D: return RV(fp_to_int)(t, in, false, true);
    case ISA_FCVT_WU_D: return RV(fp_to_int)(t, in, false, false);
    case ISA_FCVT_L_D: return RV(fp_to_int)(t, in, true, true);
    case ISA_FMV_X_D:
        if (t->xmm_of[in->rs1] != NOT_CACHED) x86_movq_from_xmm(e, true, RAX, t->xmm_of[in->rs1]);
        else x86_load64(e, RAX, RBP, FOFF(in->rs1));
        RV(stx)(e, RAX, in->rd);
        return true;
    case ISA_FMV_X_W:
        x86_load_s32(e, RAX, RBP, FOFF(in->rs1));
        RV(stx)(e, RAX, in->rd);
        return true;
    case ISA_FMV_D_X:
        RV(ldx)(e, RAX, in->rs1);
        RV(fput)(e, in->rd);
        return true;
    case ISA_FMV_W_X:
        RV(ldx)(e, RAX, in->rs1);
        x86_mov(e, false, RAX, RAX);        /* the low half, boxed */
        RV(fp_box_rax)(e);
        RV(fput)(e, in->rd);
        return true;
    default:
        return false;
    }
}

static bool RV(emit_fp)(struct RV(jt) *t, const struct isa_inst *in, u32 idx)
{
    struct x86 *e = &t->e;
    const struct RV(fp_entry) *f = &RV(fp_table)[in->op];
    if (f->rm && in->rm > 4 && in->rm != 7) return false;
    if (RV(emit_fp_inline)(t, in)) return true;
    if (f->rm && in->rm == 7) {
        /* dynamic: an invalid frm makes the instruction illegal, which the interpreter
         * reports */
        x86_load32(e, RCX, RBP, HOFF(frm));
        x86_alu_imm(e, false, ALU_CMP, RCX, 4);
        RV(new_stub)(t, STUB_INTERP, x86_jcc(e, CC_A));
    } else {
        x86_mov_imm(e, RCX, in->rm);
    }
    RV(fp_call)(e, f, in->rs1, in->rs2, in->rs3, t->dirty);
    if (f->dest_x) RV(stx)(e, RAX, in->rd);
    else RV(fput)(e, in->rd);
    (void)idx;
    return true;
}

/* One instruction in the block's straight-line code.  Returns false for an operation the
 * translator leaves to the interpreter (nothing emitted). */
static bool RV(emit_insn)(struct RV(jt) *t, const struct isa_inst *in, uxlen pc, u32 idx)
{
    struct x86 *e = &t->e;
#if XLEN == 128
    int done = RV(emit_insn2)(t, in, pc, idx);
    if (done >= 0) return done;
#elif JIT_LAZY
    RV(ready_sources)(t, in);
#endif
    switch (in->op) {
    case ISA_LUI: x86_mov_imm(e, RAX, (u64)(uxlen)(sxlen)in->imm); RV(stx)(e, RAX, in->rd); return true;
    case ISA_AUIPC: x86_mov_imm(e, RAX, (u64)RV(auipc_value)(t, in, pc)); RV(stx)(e, RAX, in->rd); return true;
    case ISA_ADDI: RV(emit_alu_ri)(e, in, W, ALU_ADD); return true;
    case ISA_XORI: RV(emit_alu_ri)(e, in, W, ALU_XOR); return true;
    case ISA_ORI: RV(emit_alu_ri)(e, in, W, ALU_OR); return true;
    case ISA_ANDI: RV(emit_alu_ri)(e, in, W, ALU_AND); return true;
    case ISA_SLTI: RV(emit_set)(e, in, CC_L, true); return true;
    case ISA_SLTIU: RV(emit_set)(e, in, CC_B, true); return true;
    case ISA_SLLI:
        if (t->zext[idx]) {
            RV(emit_field_ext)(t, in);
            return true;
        }
        RV(emit_shift_ri)(e, in, W, SH_SHL);
        return true;
    case ISA_SRLI: RV(emit_shift_ri)(e, in, W, SH_SHR); return true;
    case ISA_SRAI: RV(emit_shift_ri)(e, in, W, SH_SAR); return true;
    case ISA_ADD: RV(emit_alu_rr)(e, in, W, ALU_ADD); return true;
    case ISA_SUB: RV(emit_alu_rr)(e, in, W, ALU_SUB); return true;
    case ISA_XOR: RV(emit_alu_rr)(e, in, W, ALU_XOR); return true;
    case ISA_OR: RV(emit_alu_rr)(e, in, W, ALU_OR); return true;
    case ISA_AND: RV(emit_alu_rr)(e, in, W, ALU_AND); return true;
    case ISA_SLT: RV(emit_set)(e, in, CC_L, false); return true;
    case ISA_SLTU: RV(emit_set)(e, in, CC_B, false); return true;
    case ISA_SLL: RV(emit_shift_rr)(e, in, W, SH_SHL); return true;
    case ISA_SRL: RV(emit_shift_rr)(e, in, W, SH_SHR); return true;
    case ISA_SRA: RV(emit_shift_rr)(e, in, W, SH_SAR); return true;
    case ISA_MUL:
        RV(ldx)(e, RAX, in->rs1);
        RV(ldx)(e, RCX, in->rs2);
        x86_op_reg(e, W, 0x0faf, RAX, RCX);
        RV(stx)(e, RAX, in->rd);
        return true;
#if XLEN >= 64
    case ISA_MULH: case ISA_MULHU:
        RV(ldx)(e, RAX, in->rs1);
        RV(ldx)(e, RCX, in->rs2);
        x86_op_reg(e, true, 0xf7, in->op == ISA_MULH ? 5 : 4, RCX);   /* rdx:rax = rax * rcx */
        RV(stx)(e, RDX, in->rd);
        return true;
    case ISA_MULHSU:
        /* mulhsu(a, b) = mulhu(a, b) - (a < 0 ? b : 0); a is read twice (rd is
         * written last), so no third scratch register is needed */
        RV(ldx)(e, RAX, in->rs1);
        RV(ldx)(e, RCX, in->rs2);
        x86_op_reg(e, true, 0xf7, 4, RCX);
        RV(ldx)(e, RAX, in->rs1);
        x86_shift_imm(e, true, SH_SAR, RAX, 63);
        x86_alu_reg(e, true, ALU_AND, RAX, RCX);
        x86_alu_reg(e, true, ALU_SUB, RDX, RAX);
        RV(stx)(e, RDX, in->rd);
        return true;
    case ISA_ADDIW: RV(emit_alu_ri)(e, in, false, ALU_ADD); return true;
    case ISA_SLLIW: RV(emit_shift_ri)(e, in, false, SH_SHL); return true;
    case ISA_SRLIW: RV(emit_shift_ri)(e, in, false, SH_SHR); return true;
    case ISA_SRAIW: RV(emit_shift_ri)(e, in, false, SH_SAR); return true;
    case ISA_ADDW: RV(emit_alu_rr)(e, in, false, ALU_ADD); return true;
    case ISA_SUBW: RV(emit_alu_rr)(e, in, false, ALU_SUB); return true;
    case ISA_SLLW: RV(emit_shift_rr)(e, in, false, SH_SHL); return true;
    case ISA_SRLW: RV(emit_shift_rr)(e, in, false, SH_SHR); return true;
    case ISA_SRAW: RV(emit_shift_rr)(e, in, false, SH_SAR); return true;
    case ISA_MULW:
        RV(ldx)(e, RAX, in->rs1);
        RV(ldx)(e, RCX, in->rs2);
        x86_op_reg(e, false, 0x0faf, RAX, RCX);
#if XLEN == 64
        if (in->rd && t->host_of[in->rd] != NOT_CACHED) {   /* into rd's register, lazy */
            RV(lazy_drop)(t, in->rd);
            x86_mov(e, true, RV(dest)(e, in, 0), RAX);
            t->lazy_hi |= 1u << in->rd;
            return true;
        }
#endif
        x86_movsxd(e, RAX, RAX);
        RV(stx)(e, RAX, in->rd);
        return true;
    case ISA_DIVW: RV(emit_div)(t, in, false, true, false); return true;
    case ISA_DIVUW: RV(emit_div)(t, in, false, false, false); return true;
    case ISA_REMW: RV(emit_div)(t, in, false, true, true); return true;
    case ISA_REMUW: RV(emit_div)(t, in, false, false, true); return true;
    case ISA_LWU: RV(emit_load)(t, in, 4, false, false, false); return true;
    case ISA_LD: RV(emit_load)(t, in, 8, true, false, false); return true;
    case ISA_SD: RV(emit_store)(t, in, 8, false); return true;
#if XLEN == 128
    /* the D forms: RV64's operations, sign-extended by stx */
    case ISA_ADDID: RV(emit_alu_ri)(e, in, true, ALU_ADD); return true;
    case ISA_SLLID: RV(emit_shift_ri)(e, in, true, SH_SHL); return true;
    case ISA_SRLID: RV(emit_shift_ri)(e, in, true, SH_SHR); return true;
    case ISA_SRAID: RV(emit_shift_ri)(e, in, true, SH_SAR); return true;
    case ISA_ADDD: RV(emit_alu_rr)(e, in, true, ALU_ADD); return true;
    case ISA_SUBD: RV(emit_alu_rr)(e, in, true, ALU_SUB); return true;
    case ISA_SLLD: RV(emit_shift_rr)(e, in, true, SH_SHL); return true;
    case ISA_SRLD: RV(emit_shift_rr)(e, in, true, SH_SHR); return true;
    case ISA_SRAD: RV(emit_shift_rr)(e, in, true, SH_SAR); return true;
    case ISA_MULD:
        RV(ldx)(e, RAX, in->rs1);
        RV(ldx)(e, RCX, in->rs2);
        x86_op_reg(e, true, 0x0faf, RAX, RCX);
        RV(stx)(e, RAX, in->rd);
        return true;
    case ISA_DIVD: RV(emit_div)(t, in, true, true, false); return true;
    case ISA_DIVUD: RV(emit_div)(t, in, true, false, false); return true;
    case ISA_REMD: RV(emit_div)(t, in, true, true, true); return true;
    case ISA_REMUD: RV(emit_div)(t, in, true, false, true); return true;
#endif
#else
    case ISA_MULH: RV(emit_helper2)(e, in, FN(RV(jit_mulh))); return true;
    case ISA_MULHSU: RV(emit_helper2)(e, in, FN(RV(jit_mulhsu))); return true;
    case ISA_MULHU: RV(emit_helper2)(e, in, FN(RV(jit_mulhu))); return true;
#endif
    case ISA_DIV: RV(emit_div)(t, in, W, true, false); return true;
    case ISA_DIVU: RV(emit_div)(t, in, W, false, false); return true;
    case ISA_REM: RV(emit_div)(t, in, W, true, true); return true;
    case ISA_REMU: RV(emit_div)(t, in, W, false, true); return true;
    case ISA_LB: RV(emit_load)(t, in, 1, true, false, false); return true;
    case ISA_LH: RV(emit_load)(t, in, 2, true, false, false); return true;
    case ISA_LW: RV(emit_load)(t, in, 4, true, false, false); return true;
    case ISA_LBU: RV(emit_load)(t, in, 1, false, false, false); return true;
    case ISA_LHU: RV(emit_load)(t, in, 2, false, false, false); return true;
    case ISA_SB: RV(emit_store)(t, in, 1, false); return true;
    case ISA_SH: RV(emit_store)(t, in, 2, false); return true;
    case ISA_SW: RV(emit_store)(t, in, 4, false); return true;
    case ISA_FLW: RV(emit_load)(t, in, 4, false, true, true); return true;
    case ISA_FLD: RV(emit_load)(t, in, 8, false, true, false); return true;
    case ISA_FSW: RV(emit_store)(t, in, 4, true); return true;
    case ISA_FSD: RV(emit_store)(t, in, 8, true); return true;
    case ISA_BEQ: RV(emit_branch)(t, in, CC_E, pc, idx); return true;
    case ISA_BNE: RV(emit_branch)(t, in, CC_NE, pc, idx); return true;
    case ISA_BLT: RV(emit_branch)(t, in, CC_L, pc, idx); return true;
    case ISA_BGE: RV(emit_branch)(t, in, CC_GE, pc, idx); return true;
    case ISA_BLTU: RV(emit_branch)(t, in, CC_B, pc, idx); return true;
    case ISA_BGEU: RV(emit_branch)(t, in, CC_AE, pc, idx); return true;
    case ISA_FENCE:
        /* as the interpreter: only a fence ordering earlier stores before later loads
         * needs a host barrier on x86-64 (TSO) */
        if ((in->imm & 0x12) == 0x12 && ((u32)in->imm >> 8 & 0xf) != 8) {
            x86_byte(e, 0x0f); x86_byte(e, 0xae); x86_byte(e, 0xf0);   /* mfence */
        }
        return true;
    default:
        return in->op < ISA_OP_COUNT && RV(fp_table)[in->op].fn && RV(emit_fp)(t, in, idx);
    }
}

/* The exit of a patchable jump (s->from) until chaining points it at the target block. */
static void RV(chain_tail)(struct RV(jt) *t, const struct RV(stub) *s)
{
    RV(set_pc)(&t->e, s->target);
    x86_mov_imm(&t->e, RDX, (u64)(uintptr_t)RV(rx)(t, s->from));
    RV(exit_raw)(t, JIT_EXIT_CHAIN);     /* (stored back before the jump) */
}

/* The out-of-line stubs of the block. */
static void RV(emit_stubs)(struct RV(jt) *t)
{
    struct x86 *e = &t->e;
    for (unsigned k = 0; k < t->nstubs; k++) {
        struct RV(stub) *s = &t->stubs[k];
        s->start = e->p;
        RV(link_here)(t, s->from);
        if (s->from2) RV(link_here)(t, s->from2);
        for (unsigned j = 0; j < s->nmore; j++) RV(link_here)(t, s->more[j]);
#if JIT_LAZY
        /* the high halves lazy where the stub is entered, into their registers (a stub
         * returning to the block leaves them there, harmless); a branch's stub keeps those
         * its target in the block is entered lazy with */
        t->lazy_hi = s->lazy_hi;
        if (s->kind != STUB_BRANCH) RV(hi_ready_all)(t);
#endif
        switch (s->kind) {
        case STUB_LOAD:
        case STUB_STORE: {
            if (s->areg != RAX) x86_mov(e, true, RAX, s->areg);
            if (s->clear_page) x86_store_imm64(e, RBP, HOFF(jit_page) + 8 * (s->clear_page - 1), 0);
            if (s->ea_in_stub) {
                /* a member without its head's page: its own probe (the registers are
                 * the block's at the access: stubs run with all of them valid) */
                struct isa_inst a = { .rs1 = (u8)s->rs1, .imm = s->imm };
                u8 *miss, *miss2;
#if XLEN == 128
                RV(ea_lo)(t, &a);
#else
                RV(ea)(e, &a);
#endif
                RV(tlb_probe_at)(t, s->kind == STUB_STORE, s->psize, &miss, &miss2);
                x86_lea(e, s->pbase, RAX, -s->pdisp);
                if (s->gs_back) x86_alu_mem(e, true, ALU_SUB, s->pbase, RBP, HOFF(mem_base));
                RV(jmp_to)(t, RV(rx)(t, s->back));
                RV(link_here)(t, miss);          /* rax: the guest address */
                if (miss2) RV(link_here)(t, miss2);
            }
#if XLEN == 128
            RV(slow_call)(e, s);     /* (which computes the address itself from rs1 + imm) */
#else
            RV(call_begin)(e, s->dirty);
            if (s->kind == STUB_STORE) RV(store_value)(e, s->reg, s->freg);   /* rdx */
            x86_mov(e, true, RSI, RAX);
            x86_mov(e, true, RDI, RBP);
            if (s->kind == STUB_LOAD) {
                x86_mov_imm(e, RDX, s->kind_arg);
                RV(call_end)(e, FN(RV(jit_load)));
                x86_op_reg(e, true, 0x85, RDX, RDX);               /* test rdx, rdx */
            } else {
                x86_mov_imm(e, RCX, s->size);
                RV(call_end)(e, FN(RV(jit_store)));
                x86_op_reg(e, true, 0x85, RAX, RAX);
            }
#endif
            u8 *ok = x86_jcc(e, CC_E);
            x86_alu_imm(e, true, ALU_ADD, R14, (i32)s->idx);
            RV(set_pc)(e, s->pc);
            RV(exit_with)(t, JIT_EXIT_TRAP, s->dirty);
            if (s->kind == STUB_LOAD && s->hreg != NOT_CACHED) {
                RV(link_here)(t, ok);
                if (s->freg) x86_movq_to_xmm(e, s->hreg, RAX);     /* an fld's xmm copy */
                else x86_mov(e, W, s->hreg, RAX);
                RV(jmp_to)(t, RV(rx)(t, s->cont));
            } else if (!e->full) {
                x86_patch_rel32(ok, RV(rx)(t, ok), RV(rx)(t, s->cont));
            }
            break;
        }
        case STUB_BRANCH: {
            /* A taken branch to a later instruction of this block stays in the block:
             * the cached registers are as valid there (what is dirty at the branch is
             * dirty there too, dirtiness only grows along the block), and r14 goes down
             * by the instructions jumped over, because every later exit adds the count
             * of the whole straight line before it. */
            u32 to = 0;
            while (to < t->ninsns && t->insn_pc[to] != s->target) to++;
            if (to < t->ninsns && to <= s->idx && t->self_loop) {
                /* back to an earlier instruction (r14 + its index must be the count
                 * there; every cached register the block writes was marked dirty from
                 * the start, because an exit before the jump runs after it too) */
#if JIT_LAZY
                RV(emit_loop_back)(t, s->idx + 1 - to, to, t->insn_code[to], s->target, t->lazy_at[to],
                                   false);
#else
                RV(emit_loop_back)(t, s->idx + 1 - to, to, t->insn_code[to], s->target, 0, false);
#endif
                break;
            }
            if (to < t->ninsns && to > s->idx) {
#if JIT_LAZY
                RV(hi_ready_but)(t, t->lazy_at[to]);
#endif
                u32 skipped = to - (s->idx + 1);
                if (skipped) x86_lea(e, R14, R14, -(i32)skipped);   /* (flags untouched) */
                RV(jmp_to)(t, RV(rx)(t, t->insn_code[to]));
                break;
            }
            /* count the instructions up to the branch, then leave as a chained exit */
            x86_alu_imm(e, true, ALU_ADD, R14, (i32)(s->idx + 1));
            RV(cache_store)(t, s->dirty);
            s->from = x86_jmp(e);
            RV(link_here)(t, s->from);
            RV(chain_tail)(t, s);
            break;
        }
        case STUB_CHAIN:
            RV(chain_tail)(t, s);
            break;
        case STUB_FP:
            RV(fp_slow)(t, s);
            break;
        case STUB_INTERP:
            x86_alu_imm(e, true, ALU_ADD, R14, (i32)s->idx);
            RV(set_pc)(e, s->pc);
            RV(exit_with)(t, JIT_EXIT_INTERP, s->dirty);
            break;
        case STUB_OVERFLOW:
#if XLEN == 128
            RV(overflow_tail)(t, s);
#endif
            break;
        case STUB_REQUEST:
            RV(set_pc)(e, s->pc);
            RV(exit_raw)(t, JIT_EXIT_REQUEST);
            break;
        case STUB_LOOP_OUT:
            RV(loop_out)(t, s->idx, s->target, s->dirty);
            break;
        case STUB_PLAIN:            /* (at the entry: no register loaded yet) */
            RV(set_pc)(e, s->target);
            x86_mov_imm(e, RDX, (u64)(uintptr_t)RV(rx)(t, s->from));
            RV(exit_raw)(t, JIT_EXIT_PLAIN);
            break;
        }
    }
}

/* The instruction at a, fetched and decoded; false if it cannot be (the interpreter then
 * reaches it and reports why). */
static bool RV(fetch_decode)(struct hart *h, uxlen a, u32 *word, struct isa_inst *in)
{
    u16 lo, hi;
    if ((a & 1) || !RV(fetch16)(h, a, &lo)) return false;
    *word = lo;
    int len = isa_insn_len(lo);
    if (len == 4) {
        if (!RV(fetch16)(h, a + 2, &hi)) return false;
        *word |= (u32)hi << 16;
    }
    return len != 0 && isa_decode(XLEN, h->exts, *word, in);
}

/* How far past a jump the block may go on to a target of its own branches (bytes) */
#define JIT_JUMP_OVER 256

/* A use inside a loop of the block (from the earliest target of a backward branch to the
 * last such branch) counts this many times a use outside: the loop runs it on every
 * iteration. */
#define LOOP_WEIGHT 16

/* What plan_pages needs of an instruction: its access (size, 0 if none; store; base
 * register and offset), the integer register it writes, and whether a branch or jump of
 * the block lands on it. */
struct RV(acc) { u8 size, store, rs1, rd; bool target, high; i32 imm; };

/* The access size of a load or store the translator emits through page_probe, else 0. */
static unsigned RV(acc_size)(unsigned op, bool *store)
{
    *store = false;
    switch (op) {
    case ISA_SB: *store = true; /* fall through */
    case ISA_LB: case ISA_LBU: return 1;
    case ISA_SH: *store = true; /* fall through */
    case ISA_LH: case ISA_LHU: return 2;
    case ISA_SW: case ISA_FSW: *store = true; /* fall through */
    case ISA_LW: case ISA_FLW: return 4;
    case ISA_FSD: *store = true; /* fall through */
    case ISA_FLD: return 8;
#if XLEN >= 64
    case ISA_LWU: return 4;
    case ISA_SD: *store = true; /* fall through */
    case ISA_LD: return 8;
#endif
#if XLEN == 128
    case ISA_LDU: return 8;
    case ISA_SQ: *store = true; /* fall through */
    case ISA_LQ: return 16;
#endif
    default: return 0;
    }
}

/* Shared page probes.  Loads (or stores) of the straight-line code with the same base
 * register, not written in between, and no branch target between them form a group
 * when there are at least three of them within 2 KiB: the first (the head) probes the
 * TLB and, when every access of the group lies in its page, leaves the page's host
 * address in jit_page (page_probe); the others use it without a probe.  One group of
 * loads and one of stores are open at a time.  At RV128 the head's probe also compares
 * the high half of the base register; the members share it (same base, unchanged, and
 * an address in the head's page, so the same high half). */
#define PAGE_GROUP_MIN 3
#define PAGE_GROUP_SPAN 2048
struct RV(pgroup) { bool open; u8 rs1; u32 n; i32 lo, hi; u32 idx[JIT_MAX_INSNS]; };

static void RV(page_close)(struct RV(jt) *t, struct RV(pgroup) *g, const struct RV(acc) *acc,
                           unsigned slot)
{
    if (g->open && g->n >= PAGE_GROUP_MIN) {
        u32 h = g->idx[0];
        t->page_role[h] = PAGE_HEAD;
        t->page_slot[h] = (u8)slot;
        t->page_arg[h] = (i16)(acc[h].imm - g->lo);
        t->page_span[h] = (u16)(g->hi - g->lo);
        for (u32 j = 1; j < g->n; j++) {
            u32 m = g->idx[j];
            t->page_role[m] = PAGE_MEMBER;
            t->page_slot[m] = (u8)slot;
            t->page_arg[m] = (i16)(acc[m].imm - acc[h].imm);
        }
    }
    g->open = false;
}

static void RV(plan_pages)(struct RV(jt) *t, const struct RV(acc) *acc, u32 n)
{
    memset(t->page_role, PAGE_NONE, sizeof t->page_role);
    static _Thread_local struct RV(pgroup) g[2];
    g[0].open = g[1].open = false;
    for (u32 k = 0; k < n; k++) {
        const struct RV(acc) *a = &acc[k];
        if (a->target) {
            RV(page_close)(t, &g[0], acc, 0);
            RV(page_close)(t, &g[1], acc, 1);
        }
        if (a->size) {
            struct RV(pgroup) *p = &g[a->store];
            i32 lo = p->lo < a->imm ? p->lo : a->imm;
            i32 hi = p->hi > a->imm + a->size ? p->hi : a->imm + a->size;
            if (p->open && p->rs1 == a->rs1 && hi - lo <= PAGE_GROUP_SPAN) {
                p->lo = lo;
                p->hi = hi;
                p->idx[p->n++] = k;
            } else {
                RV(page_close)(t, p, acc, a->store);
                *p = (struct RV(pgroup)){ .open = true, .rs1 = a->rs1, .n = 1, .lo = a->imm,
                                          .hi = a->imm + a->size };
                p->idx[0] = k;
            }
        }
        for (unsigned j = 0; j < 2; j++)
            if (a->rd && g[j].open && g[j].rs1 == a->rd) RV(page_close)(t, &g[j], acc, j);
    }
    RV(page_close)(t, &g[0], acc, 0);
    RV(page_close)(t, &g[1], acc, 1);
}

#if XLEN == 128
/* The *W and *D operations: they read their sources' low halves and write their result
 * sign-extended (the divisions and remainders through a helper) */
static bool RV(narrow_op)(unsigned op)
{
    switch (op) {
    case ISA_ADDW: case ISA_ADDIW: case ISA_SUBW: case ISA_SLLW: case ISA_SRLW: case ISA_SRAW:
    case ISA_SLLIW: case ISA_SRLIW: case ISA_SRAIW: case ISA_MULW: case ISA_DIVW:
    case ISA_DIVUW: case ISA_REMW: case ISA_REMUW:
    case ISA_ADDD: case ISA_ADDID: case ISA_SUBD: case ISA_SLLD: case ISA_SRLD: case ISA_SRAD:
    case ISA_SLLID: case ISA_SRLID: case ISA_SRAID: case ISA_MULD: case ISA_DIVD:
    case ISA_DIVUD: case ISA_REMD: case ISA_REMUD:
        return true;
    default:
        return false;
    }
}
static bool RV(narrow_div)(unsigned op)
{
    switch (op) {
    case ISA_DIVW: case ISA_DIVUW: case ISA_REMW: case ISA_REMUW:
    case ISA_DIVD: case ISA_DIVUD: case ISA_REMD: case ISA_REMUD:
        return true;
    default:
        return false;
    }
}

/* Whether operand `which` (0 rd, 1 rs1, 2 rs2) of `in` is one whose high half the host
 * code does not need when it is lazy: the operands of the *W and *D operations, a load's
 * result (its high half is the sign of its low one), the value of a store of up to 64
 * bits, copies, the bitwise operations and comparisons (which keep or read lazy halves as
 * they are).  Addresses and 128-bit arithmetic need both halves.  Only a hint for
 * choose_cached: a register cached without its high half is right everywhere. */
static bool RV(low_half_use)(const struct isa_inst *in, int which)
{
    if (RV(narrow_op)(in->op)) return true;
    switch (in->op) {
    case ISA_AND: case ISA_OR: case ISA_XOR: case ISA_ANDI: case ISA_ORI: case ISA_XORI:
    case ISA_BEQ: case ISA_BNE: case ISA_BLT: case ISA_BGE: case ISA_BLTU: case ISA_BGEU:
        return true;
    case ISA_ADDI: return in->imm == 0;
    case ISA_ADD: return in->rs1 == 0 || in->rs2 == 0;
    case ISA_LB: case ISA_LH: case ISA_LW: case ISA_LD: case ISA_LBU: case ISA_LHU:
    case ISA_LWU:
        return which == 0;
    case ISA_SB: case ISA_SH: case ISA_SW: case ISA_SD: return which == 2;
    default: return false;
    }
}
#endif

#if XLEN == 128
/* How an instruction treats high halves, for plan_dead_hi.  Only operations translated
 * inline, that neither leave the block nor call out, are other than HI_BARRIER. */
enum hi_use {
    HI_BARRIER,     /* may leave the block (a branch, an access's stub) or do anything */
    HI_LOW,         /* reads low halves only (*W, *D): its rd's high half is the sign */
    HI_SPLIT,       /* the result's low half depends on the sources' low halves only */
    HI_WHOLE,       /* reads its sources whole (shifts right, comparisons) */
};
static enum hi_use RV(hi_use)(const struct isa_inst *in, unsigned *srcs)
{
    *srcs = 0;
    switch (in->op) {
    case ISA_ADD: case ISA_SUB: case ISA_AND: case ISA_OR: case ISA_XOR:
        *srcs = 1u << in->rs1 | 1u << in->rs2;
        return HI_SPLIT;
    case ISA_ADDI: case ISA_ANDI: case ISA_ORI: case ISA_XORI:
        *srcs = 1u << in->rs1;
        return HI_SPLIT;
    case ISA_LUI: case ISA_AUIPC:
        return HI_SPLIT;
    case ISA_SLT: case ISA_SLTU: case ISA_SLL: case ISA_SRL: case ISA_SRA: case ISA_MUL:
        *srcs = 1u << in->rs1 | 1u << in->rs2;
        return HI_WHOLE;
    case ISA_SLTI: case ISA_SLTIU: case ISA_SLLI: case ISA_SRLI: case ISA_SRAI:
        *srcs = 1u << in->rs1;
        return HI_WHOLE;
    default:
        return RV(narrow_op)(in->op) && !RV(narrow_div)(in->op) ? HI_LOW : HI_BARRIER;
    }
}

/* Whether checked_op translates in, given the registers known sign-extended before it
 * (bit 0, x0, always set), in a block that is not plain (checked): a sum, difference or
 * product of such values, or one shifted left by 1 to 30, whose 64-bit result is checked
 * for overflow, the block leaving before the instruction when there is one */
static bool RV(checked_at)(const struct isa_inst *in, u32 known, bool checked)
{
    bool k1 = known >> in->rs1 & 1, k2 = known >> in->rs2 & 1;
    if (!checked || in->rd == 0) return false;
    switch (in->op) {
    case ISA_ADD: case ISA_MUL: return in->rs1 && in->rs2 && k1 && k2;
    case ISA_SUB: return in->rs2 && k1 && k2;
    case ISA_ADDI: return in->rs1 && in->imm && k1;
    case ISA_SLLI: return in->imm >= 1 && in->imm <= 30 && k1;
    default: return false;
    }
}

/* Whether in's result (in x[in->rd]) is its low half sign-extended, given the registers
 * known so before it (bit 0, x0, always set); checked as checked_at */
static bool RV(sext_result)(const struct isa_inst *in, u32 known, bool checked)
{
    bool k1 = known >> in->rs1 & 1, k2 = known >> in->rs2 & 1;
    if (RV(narrow_op)(in->op) || RV(checked_at)(in, known, checked)) return true;
    switch (in->op) {
    case ISA_LB: case ISA_LH: case ISA_LW: case ISA_LD: case ISA_LBU: case ISA_LHU:
    case ISA_LWU:
    case ISA_SLT: case ISA_SLTI: case ISA_SLTU: case ISA_SLTIU: case ISA_LUI:
        return true;
    case ISA_ANDI: return in->imm >= 0 || k1;           /* (a positive mask clears the rest) */
    case ISA_ORI: case ISA_XORI: return k1;
    case ISA_AND: case ISA_OR: case ISA_XOR: return k1 && k2;
    case ISA_ADDI: return in->imm == 0 ? k1 : in->rs1 == 0;        /* mv, li */
    case ISA_ADD: return (in->rs1 == 0 || in->rs2 == 0) && k1 && k2; /* mv */
    case ISA_SUB: return in->rs2 == 0 && k1;                        /* mv */
    case ISA_SLLI: return in->imm == 0 && k1;
    case ISA_SRLI: return in->imm > 64;                 /* (bit 63 and up clear) */
    case ISA_SRAI: return in->imm >= 64;
    default: return false;
    }
}

/* The registers in reads more cheaply when it knows them sign-extended (lazy_op,
 * cmp_sext, checked_op, an access's window check), or reads the low half of only (so
 * that, written sign-extended in a loop, they stay lazy round it): those a loop's entry
 * checks.  (A check costs more than it saves elsewhere.) */
static u32 RV(sext_reads)(const struct isa_inst *in)
{
    u32 r1 = 1u << in->rs1, r2 = 1u << in->rs2;
    if (RV(narrow_op)(in->op)) return r1 | r2;
    switch (in->op) {
    case ISA_AND: case ISA_OR: case ISA_XOR: case ISA_SLT: case ISA_SLTU:
    case ISA_BEQ: case ISA_BNE: case ISA_BLT: case ISA_BGE: case ISA_BLTU: case ISA_BGEU:
    case ISA_ADD: case ISA_SUB: case ISA_MUL:
        return r1 | r2;
    case ISA_ANDI: case ISA_ORI: case ISA_XORI: case ISA_SLTI: case ISA_SLTIU:
    case ISA_ADDI: case ISA_SLLI:
    case ISA_LB: case ISA_LH: case ISA_LW: case ISA_LD: case ISA_LBU: case ISA_LHU:
    case ISA_LWU: case ISA_LDU: case ISA_LQ: case ISA_FLW: case ISA_FLD: case ISA_FSW:
    case ISA_FSD: case ISA_SQ:
        return r1;
    case ISA_SB: case ISA_SH: case ISA_SW: case ISA_SD: return r1 | r2;
    default: return 0;
    }
}

/* sext_in for the n instructions the block will hold: forward from the block's entry
 * (where `entry` is known), along the fall-through and the branches and jumps inside the
 * block (to[k]: instruction k's target, or JIT_MAX_INSNS); a branch target knows what
 * every way into it knows (iterated to the fixed point). */
static void RV(plan_sext)(struct RV(jt) *t, const struct isa_inst *ins, const u32 *to, u32 n,
                          u32 entry)
{
    for (u32 k = 0; k < n; k++) t->sext_in[k] = k ? ~0u : entry | 1;
    bool reached[JIT_MAX_INSNS] = { true };
    for (bool changed = true; changed;) {
        changed = false;
        for (u32 k = 0; k < n; k++) {
            if (!reached[k]) continue;
            u32 out = t->sext_in[k] | 1;
            unsigned rd = isa_freg_mask(ins[k].desc) & ISA_FREG_RD ? 0 : ins[k].rd;
            bool sx = RV(sext_result)(&ins[k], out, !t->plain);
            if (ins[k].op == ISA_AUIPC) {       /* (a constant: with la's addi, la_lo) */
                uxlen v = t->decoded_pc[k] + (uxlen)(sxlen)ins[k].imm +
                          (t->la[k] ? (uxlen)(sxlen)t->la_lo[k] : 0);
                sx = v == (uxlen)(sxlen)(i64)(u64)v;
            }
            if (rd) out = sx ? out | 1u << rd : out & ~(1u << rd);
            bool falls = ins[k].op != ISA_JAL && ins[k].op != ISA_JALR;
            u32 next[2] = { falls ? k + 1 : n, to[k] };
            for (int j = 0; j < 2; j++) {
                u32 m = next[j];
                if (m >= n || (reached[m] && (t->sext_in[m] & out) == t->sext_in[m])) continue;
                reached[m] = true;
                t->sext_in[m] &= out;
                changed = true;
            }
        }
    }
    for (u32 k = 0; k < n; k++)     /* (after a jump, up to a target: never run) */
        if (!reached[k]) t->sext_in[k] = 1;
}

/* hi_dead and hi_need for the n instructions the block will hold.  Backward from the
 * end, the registers whose high half may still be read (live): all of them at a barrier
 * (every way out stores the registers whole) and above a branch target (the ways in
 * expect them whole); a write takes its rd out, a read of a source's high half puts it
 * back.  An instruction of HI_SPLIT reads its sources' high halves only for its own
 * high half, so not when that is dead.  A dead half's write is one the host code may
 * leave out: the rd keeps a high half nothing sees (lazy, or the hart's old one) until
 * it is written again. */
static void RV(plan_dead_hi)(struct RV(jt) *t, const struct isa_inst *ins,
                             const struct RV(acc) *acc, u32 n)
{
    u32 live = ~0u;
    memset(t->hi_dead, 0, sizeof t->hi_dead);
    bool open[JIT_MAX_INSNS + 1] = { false };  /* at boundary b (before instruction b) a
                                                * dead half is written and not yet replaced */
    for (u32 k = n; k-- > 0;) {
        unsigned srcs, rd = ins[k].rd;
        enum hi_use u = RV(hi_use)(&ins[k], &srcs);
        /* (a bitwise operation on sign-extended values reads low halves: lazy_op) */
        if (u == HI_SPLIT && (srcs & ~t->sext_in[k]) == 0 &&
            RV(sext_result)(&ins[k], t->sext_in[k], !t->plain))
            u = HI_LOW;
        /* (one checked_op does may leave before it: nothing is dead there) */
        bool exits = RV(checked_at)(&ins[k], t->sext_in[k], !t->plain);
        t->hi_dead[k] = false;
        if (u == HI_BARRIER) {
            live = ~0u;
        } else {
            t->hi_dead[k] = rd && !(live >> rd & 1);
            if (rd) live &= ~(1u << rd);
            if (u == HI_WHOLE || (u == HI_SPLIT && !t->hi_dead[k])) live |= srcs;
        }
        if (acc[k].target || exits) live = ~0u;
    }
    /* Forward: each dead half stays unwritten from its instruction to the next write of
     * its rd (which comes before any barrier, or it would not be dead) */
    for (u32 k = 0; k < n; k++) {
        if (!t->hi_dead[k]) continue;
        u32 m = k + 1;
        while (m < n && ins[m].rd != ins[k].rd) m++;
        for (u32 b = k + 1; b <= m && b <= n; b++) open[b] = true;
    }
    /* hi_need[k]: from boundary k, the instructions up to the first boundary after k
     * with nothing unwritten */
    u32 closed = n;
    for (u32 b = n; b-- > 0;) {
        t->hi_need[b] = (u16)(closed - b);
        if (!open[b]) closed = b;
    }
}
#endif

/* How many instructions from the n-th on the block must hold if it holds that one */
static u32 RV(insns_needed)(const struct RV(jt) *t, u32 n)
{
#if XLEN == 128
    if (n < t->ndecoded) return t->hi_need[n];
#endif
    (void)t;
    (void)n;
    return 1;
}

#if XLEN == 128

/* The registers likely above the window's span after instruction in (at pc), given
 * those before (high): a copy or an offset of a pointer is where the pointer is, a sum
 * is high if a term is, a constant where it is; anything else (a loaded pointer, an
 * integer) is taken to be low. */
static u32 RV(high_after)(const struct hart *h, const struct isa_inst *in, uxlen pc, u32 high)
{
    if (!in->rd || (isa_freg_mask(in->desc) & ISA_FREG_RD)) return high;
    bool hi;
    switch (in->op) {
    case ISA_ADDI: hi = high >> in->rs1 & 1; break;
    case ISA_ADD: case ISA_SUB: hi = (high >> in->rs1 & 1) || (high >> in->rs2 & 1); break;
    case ISA_LUI: hi = (uxlen)(sxlen)in->imm >= h->mm->window_span; break;
    case ISA_AUIPC: hi = pc + (uxlen)(sxlen)in->imm >= h->mm->window_span; break;
    default: hi = false; break;
    }
    return (high & ~(1u << in->rd)) | (u32)hi << in->rd;
}
#endif

/* Pick the guest registers to cache: the most used in the instructions the block will
 * hold (decoded ahead; outside a loop, a register used fewer than three times gains
 * nothing).  *written: the guest registers some instruction of the block writes. */
static void RV(choose_cached)(struct hart *h, struct RV(jt) *t, uxlen pc, u32 *written)
{
    unsigned uses[JIT_MAX_INSNS][3], nuse[32] = { 0 };
#if XLEN == 128
    bool low_use[JIT_MAX_INSNS][3];     /* the operand needs only its low half */
    unsigned nlow[32] = { 0 };
    struct isa_inst ins[JIT_MAX_INSNS];
#endif
    u8 freads[JIT_MAX_INSNS][3];        /* F registers read (32: none) */
    unsigned nfuse[33] = { 0 };
    uxlen pcs[JIT_MAX_INSNS], targets[JIT_MAX_INSNS];
    struct RV(acc) acc[JIT_MAX_INSNS];
    i8 zext_pair[JIT_MAX_INSNS];        /* (k: with k + 1; set when k + 1 is seen) */
    unsigned pair_slli = 0;             /* rd of the previous instruction if a slli by 1 to 63 */
    i32 pair_shift = 0;                 /* ... and by how much */
    bool la_pair[JIT_MAX_INSNS];        /* (k: with k + 1, as zext_pair) */
    unsigned pair_auipc = 0;            /* rd of the previous instruction if an auipc */
    u32 ntargets = 0;
    u32 n = 0, loop_start = JIT_MAX_INSNS, loop_end = 0;
    uxlen a = pc;
    /* RV128: the registers likely to hold a value above the window's span (the stack's
     * and mmap's addresses), from their values at the block's entry on */
    u32 high = 0;
#if XLEN == 128
    for (unsigned r = 1; r < 32; r++) high |= (u32)(h->x.x128[r] >= h->mm->window_span) << r;
#endif
    memset(t->host_of, NOT_CACHED, sizeof t->host_of);
    memset(t->target, 0, sizeof t->target);
    memset(t->xmm_of, NOT_CACHED, sizeof t->xmm_of);
    t->nfcached = 0;
#if XLEN == 128
    memset(t->host_hi, NOT_CACHED, sizeof t->host_hi);
    memset(t->direct_site, 0, sizeof t->direct_site);
#endif
    t->ncached = 0;
    *written = 0;
    for (; n < JIT_MAX_INSNS; n++) {
        struct isa_inst in;
        u32 word;
        if (!RV(fetch_decode)(h, a, &word, &in)) break;
        unsigned fm = isa_freg_mask(in.desc);
        uses[n][0] = fm & ISA_FREG_RD ? 0 : in.rd;
        uses[n][1] = fm & ISA_FREG_RS1 ? 0 : in.rs1;
        uses[n][2] = fm & ISA_FREG_RS2 ? 0 : in.rs2;
        freads[n][0] = fm & ISA_FREG_RS1 ? in.rs1 : 32;
        freads[n][1] = fm & ISA_FREG_RS2 ? in.rs2 : 32;
        freads[n][2] = fm & ISA_FREG_RS3 ? in.rs3 : 32;
#if XLEN == 128
        for (int j = 0; j < 3; j++) low_use[n][j] = RV(low_half_use)(&in, j);
        ins[n] = in;
#endif
        *written |= 1u << uses[n][0];
        pcs[n] = a;
        bool store;
        acc[n] = (struct RV(acc)){ .size = (u8)RV(acc_size)(in.op, &store), .rs1 = in.rs1,
                                   .rd = (u8)uses[n][0], .imm = in.imm,
                                   .high = high >> in.rs1 & 1 };
#if XLEN == 128
        high = RV(high_after)(h, &in, pcs[n], high);
#endif
        acc[n].store = store;
        if (n > 0)
            zext_pair[n - 1] = (i8)((in.op == ISA_SRLI || in.op == ISA_SRAI) && in.rd &&
                                    in.rs1 == in.rd && pair_slli == in.rd && in.imm == pair_shift
                                    ? (in.op == ISA_SRAI ? -1 : 1) * (XLEN - pair_shift) : 0);
        zext_pair[n] = 0;
        pair_slli = in.op == ISA_SLLI && in.imm > XLEN - 64 && in.imm < XLEN ? in.rd : 0;
        pair_shift = in.imm;
        if (n > 0) {
            la_pair[n - 1] = in.op == ISA_ADDI && in.rd && in.rs1 == in.rd && pair_auipc == in.rd;
            t->la_lo[n - 1] = in.imm;
        }
        la_pair[n] = false;
        pair_auipc = in.op == ISA_AUIPC ? in.rd : 0;
        if ((in.desc->flags & ISA_F_BRANCH) || in.op == ISA_JAL) {
            uxlen to = a + (uxlen)(sxlen)in.imm;
            targets[ntargets++] = to;
            for (u32 j = 0; j <= n; j++)
                if (pcs[j] == to) {         /* a loop inside the block */
                    t->self_loop = true;
                    if (j < loop_start) loop_start = j;
                    loop_end = n + 1;
                }
        }
        a += in.len;
        /* A jump ends the block unless a branch or jump of the block lands a little
         * further on: the block then goes on past it, so that the way there (a loop's
         * latch after a call in its body, the join after an if/else) keeps the cached
         * registers; the instructions between are only reached through such a target.
         * Not after a loop of the block has closed: what follows it is likely another
         * loop, which would share the cached registers chosen for both (sha256's two
         * loops, joined by a jump into the second one's rotated test). */
        bool ends = in.desc->flags & (ISA_F_ENDS_BLOCK & ~ISA_F_BRANCH);
        if (ends && (in.op == ISA_JAL || in.op == ISA_JALR) && loop_end == 0)
            for (u32 j = 0; j < ntargets && ends; j++)
                ends = !(targets[j] >= a && targets[j] - a < JIT_JUMP_OVER);
        if (ends || ((a ^ pc) & PAGE_MASK)) {
            n++;
            break;
        }
    }
    t->ndecoded = n;
    memcpy(t->decoded_pc, pcs, n * sizeof pcs[0]);
    for (u32 k = 0; k < n; k++) {
        acc[k].target = false;
        for (u32 j = 0; j < ntargets; j++) acc[k].target |= targets[j] == pcs[k];
        t->target[k] = acc[k].target;
    }
    RV(plan_pages)(t, acc, n);
    for (u32 k = 0; k < n; k++)
        t->zext[k] = XLEN >= 64 && k + 1 < n && !acc[k + 1].target ? zext_pair[k] : 0;
    for (u32 k = 0; k < n; k++)
        t->la[k] = k + 1 < n && la_pair[k] && !acc[k + 1].target;
#if XLEN == 128
    u32 to[JIT_MAX_INSNS];      /* instruction k's branch or jump target in the block */
    for (u32 k = 0; k < n; k++) {
        bool jumps = (ins[k].desc->flags & ISA_F_BRANCH) || ins[k].op == ISA_JAL;
        to[k] = jumps ? RV(decoded_index)(t, pcs[k] + (uxlen)(sxlen)ins[k].imm) : JIT_MAX_INSNS;
    }
    /* A loop that comes round inside the block: a branch or jump back over no call, jalr
     * or ecall (a loop that leaves comes back through the entry, every time) */
    bool tight = false, leaves[JIT_MAX_INSNS];
    for (u32 k = 0; k < n; k++) {
        unsigned op = ins[k].op;
        leaves[k] = op == ISA_JALR || (op == ISA_JAL && ins[k].rd) || (ins[k].desc->flags & ISA_F_TRAP);
        bool round = to[k] <= k;
        for (u32 j = to[k]; round && j <= k; j++) round = !leaves[j];
        tight |= round;
    }
    /* (the registers a loop reads before writing them, for what they are now, and those
     * it writes first with a sign-extended value, so that they stay lazy round it) */
    u32 entry = 0, wrote = 1;
    if (tight && !t->plain)
        for (u32 k = 0; k < n; k++) {
            unsigned rd = uses[k][0];
            entry |= RV(sext_reads)(&ins[k]) & ~wrote;
            if (!(wrote >> rd & 1) && RV(sext_result)(&ins[k], 1, false)) entry |= 1u << rd;
            wrote |= 1u << rd;
        }
    for (unsigned r = 1; r < 32; r++)
        if (h->x.x128[r] != (uxlen)(sxlen)(i64)(u64)h->x.x128[r]) entry &= ~(1u << r);
    RV(plan_sext)(t, ins, to, n, entry);
    t->entry_sext = t->sext_in[0] & entry & ~1u;
    /* (an operation whose high half is dead needs its operands' low halves only) */
    RV(plan_dead_hi)(t, ins, acc, n);
    for (u32 k = 0; k < n; k++)
        if (t->hi_dead[k])
            for (int j = 0; j < 3; j++) low_use[k][j] = true;
#endif
    for (u32 k = 0; k < n; k++) t->no_check[k] = XLEN == 64 && t->direct && t->page_role[k] == PAGE_MEMBER;
#if XLEN == 128
    /* Whether an access tries the window first is predicted from its base register
     * (acc.high, high_after): a pointer into the window (the image, the brk heap) mostly
     * stays there, one above it (the stack, mmap memory) mostly stays above.  A page
     * group's accesses share their base register: one whose base points into the window
     * is no group at all (its 16-byte accesses, two host moves that a fault could split,
     * probe the TLB). */
    for (u32 k = 0; k < n; k++) {
        bool direct_base = t->direct && acc[k].size && acc[k].rs1 != 0 && !acc[k].high;
        t->direct_site[k] = direct_base && acc[k].size <= 8;
        if (direct_base) t->page_role[k] = PAGE_NONE;
    }
#else
    if (t->direct) memset(t->page_role, PAGE_NONE, sizeof t->page_role);
#endif
    for (u32 k = 0; k < n; k++)
        for (int j = 0; j < 3; j++) {
            unsigned w = k >= loop_start && k < loop_end ? LOOP_WEIGHT : 1;
            nuse[uses[k][j]] += w;
#if XLEN == 128
            if (low_use[k][j]) nlow[uses[k][j]] += w;
#endif
            nfuse[freads[k][j]] += w;
        }
    nuse[0] = 0;
    /* F registers read at least twice (a load at entry and after each call for a load
     * per read saved), most read first */
    nfuse[32] = 0;
    while (t->nfcached < NFCACHE) {
        unsigned best = 32;
        for (unsigned r = 0; r < 32; r++)           /* (f0 is a register like the others) */
            if (nfuse[r] > nfuse[best]) best = r;
        if (nfuse[best] < 2) break;
        t->xmm_of[best] = (u8)(XMM_FIRST + t->nfcached);
        t->fcached[t->nfcached++] = (u8)best;
        nfuse[best] = 0;
    }
    /* The registers read or written at least three times, most used first, each in one
     * host register.  At RV128 that register holds the low half, and the high half gets
     * one of its own when that saves more: a use that needs the high half (low_half_use)
     * reads or writes it in the hart otherwise, so the choice is greedy on uses saved per
     * host register, caching another register against giving one a pair; host
     * registers left over then make pairs anyway. */
    unsigned cand[NCACHE], ncand = 0;
    bool pair[NCACHE];
#if XLEN == 128
    unsigned wide[32];
    for (unsigned r = 0; r < 32; r++) wide[r] = nuse[r] - nlow[r];
    for (unsigned nhost = 0; nhost < NCACHE; nhost++) {
        unsigned best = 0, up = NCACHE;
        for (unsigned r = 1; r < 32; r++)
            if (nuse[r] > nuse[best]) best = r;
        for (unsigned k = 0; k < ncand; k++)
            if (!pair[k] && wide[cand[k]] && (up == NCACHE || wide[cand[k]] > wide[cand[up]])) up = k;
        bool fresh = nuse[best] >= 3 && ncand < NCACHE;
        if (up != NCACHE && (!fresh || wide[cand[up]] > 2 * nlow[best] + wide[best])) {
            pair[up] = true;
        } else if (fresh) {
            pair[ncand] = false;
            cand[ncand++] = best;
            nuse[best] = 0;
        } else {
            for (unsigned k = 0; k < ncand && nhost < NCACHE; k++)
                if (!pair[k]) {
                    pair[k] = true;
                    nhost++;
                }
            break;
        }
    }
#else
    while (ncand < NCACHE) {
        unsigned best = 0;
        for (unsigned r = 1; r < 32; r++)
            if (nuse[r] > nuse[best]) best = r;
        if (nuse[best] < 3) break;
        pair[ncand] = false;
        cand[ncand++] = best;
        nuse[best] = 0;
    }
#endif
    t->saved = 0;
    for (unsigned k = 0, nhost = 0; k < ncand; k++) {
        unsigned r = cand[k], take = pair[k] ? 2 : 1;
        t->host_of[r] = (u8)RV(cache_regs)[nhost];
#if XLEN == 128
        if (pair[k]) t->host_hi[r] = (u8)RV(cache_regs)[nhost + 1];
#endif
        if (nhost + take <= NSAVED_HOST) t->saved |= 1u << r;
        nhost += take;
        t->cached[t->ncached++] = r;
    }
#if XLEN == 128
    u32 cached = 0;
    for (unsigned k = 0; k < t->ncached; k++) cached |= 1u << t->cached[k];
    memset(t->dead_at, 0, sizeof t->dead_at);
    for (u32 k = 0; k < n; k++) {
        if (!acc[k].target) continue;
        u32 seen = 1, dead = 0;
        for (u32 j = k; j < n; j++) {
            unsigned srcs;
            if ((j > k && acc[j].target) || RV(hi_use)(&ins[j], &srcs) == HI_BARRIER) break;
            seen |= 1u << uses[j][1] | 1u << uses[j][2];
            dead |= 1u << uses[j][0] & ~seen;
            seen |= 1u << uses[j][0];
        }
        t->dead_at[k] = dead & cached;
    }
#endif
}

/* The block's direct accesses into the cache's table, in the order of their code. */
static bool RV(add_sites)(struct RV(jt) *t)
{
    u32 at[2 * JIT_MAX_INSNS + 2], stub[2 * JIT_MAX_INSNS + 2];
    size_t m = 0;
    if (!t->direct) return true;
    for (unsigned k = 0; k < t->nstubs; k++) {
        const struct RV(stub) *s = &t->stubs[k];
        if ((s->kind != STUB_LOAD && s->kind != STUB_STORE) || !s->fault_at) continue;
        at[m] = (u32)(s->fault_at - t->c->rw);
        stub[m++] = (u32)(s->start - t->c->rw);
    }
    return jit_cache_add_sites(t->c, at, stub, m);
}

/* Translate the block at pc into the cache.  Returns its code, or NULL when the
 * interpreter must run it (its first instruction is not translated, cannot be fetched or
 * decoded).  *full: the cache had no room (flush and retry). */
static const u8 *RV(translate_block)(struct hart *h, struct jit_cache *c, uxlen pc, bool plain,
                                    bool *full)
{
    struct RV(jt) *t = malloc(sizeof *t);
    *full = false;
    if (!t) return NULL;
    t->plain = plain;
    if (c->size - c->used < JIT_MAX_BLOCK_CODE) {
        *full = true;
        free(t);
        return NULL;
    }
    t->c = c;
    t->direct = false;
#if XLEN != 128
    /* (RV64: the user addresses' limit must be a power of two, for the one-test check) */
    if (h->mm->window && (XLEN == 32 || !(h->mm->limit & (h->mm->limit - 1)))) t->direct = true;
#else
    /* (the window's span a power of two, for the shift of the zone check) */
    u128 span = h->mm->window_span;
    if (h->mm->window && span && !(span & (span - 1)) && span <= ((u128)1 << 63)) {
        t->direct = true;
        t->span_shift = (unsigned)__builtin_ctzll((u64)span);
    }
#endif
#if JIT_LAZY
    for (int pass = 0;; pass++) {
    memset(t->lazy_meet, 0xff, sizeof t->lazy_meet);
    t->lazy_bad = false;
    t->lazy_hi = 0;
#endif
    t->nstubs = 0;
    t->dirty = 0;
    t->fpk = 0;
    u8 *start = c->rw + c->used;
    t->e = (struct x86){ start, c->rw + c->size, false };
    struct x86 *e = &t->e;
    /* entry: stop here if instret has reached insn_limit (an instruction of 7 bytes, over
     * which jit_cache_redirect may write a jmp) */
    _Static_assert(offsetof(struct hart, insn_limit) >= 128, "a 32-bit displacement");
    x86_alu_mem(e, true, ALU_CMP, R14, RBP, HOFF(insn_limit));
    RV(new_stub)(t, STUB_REQUEST, x86_jcc(e, CC_AE))->pc = pc;
    t->pc0 = pc;
    t->self_loop = false;
    t->fused = false;
    t->clobbered = 0;
    u32 written;
    RV(choose_cached)(h, t, pc, &written);
#if JIT_LAZY
    if (pass == 0) {
        /* (the first time: at RV128 every cached register, see lazy_at) */
        u32 kept = 0;
#if XLEN == 128
        for (unsigned k = 0; k < t->ncached; k++) kept |= 1u << t->cached[k];
#endif
        for (u32 k = 0; k < JIT_MAX_INSNS; k++) t->lazy_at[k] = k < t->ndecoded && t->target[k] ? kept : 0;
    }
#endif
#if XLEN == 128
    if (t->entry_sext) {
        /* the registers assumed sign-extended (entry_sext): each one's high half xor its
         * low half's sign, ORed together, must be zero */
        bool first = true;
        for (unsigned r = 1; r < 32; r++) {
            if (!(t->entry_sext >> r & 1)) continue;
            unsigned v = first ? RAX : RCX;
            x86_load64(e, v, RBP, XOFF(r));
            x86_shift_imm(e, true, SH_SAR, v, 63);
            x86_alu_mem(e, true, ALU_XOR, v, RBP, XHI(r));
            if (!first) x86_alu_reg(e, true, ALU_OR, RAX, RCX);
            first = false;
        }
        RV(new_stub)(t, STUB_PLAIN, x86_jcc(e, CC_NE))->target = pc;
    }
#endif
    RV(cache_load)(t);
#if XLEN == 128
    /* (sign-extended on every way into the first instruction: they start lazy, so that a
     * loop back to it keeps them lazy too) */
    for (unsigned k = 0; k < t->ncached; k++) t->lazy_hi |= t->entry_sext & 1u << t->cached[k];
#endif
    t->body = e->p;
    /* Around a loop in the block every cached register the block writes may hold a value an
     * earlier iteration wrote, so every exit stores them all. */
    if (t->self_loop)
        for (unsigned k = 0; k < t->ncached; k++) t->dirty |= (1u << t->cached[k]) & written;
    uxlen a = pc;
    u32 n = 0;
    bool ended = false;
    unsigned auipc_rd = 0;      /* the previous instruction was auipc into this (not x0) */
    uxlen auipc_val = 0;        /* ... which wrote this */
    bool jumped = false;        /* the previous instruction was a jal or jalr (no fall-through) */
    (void)jumped;
    while (!ended) {
        struct isa_inst in;
        u32 word;
        if (!RV(fetch_decode)(h, a, &word, &in)) break;
        unsigned flags = in.desc->flags;
        t->words[n] = word;
        t->lens[n] = (u8)in.len;
        t->insn_pc[n] = a;
        /* a branch target is entered with every high half in its register (branches
         * make them ready before they jump) */
        if (n < JIT_MAX_INSNS && t->target[n]) {
            t->fpk = 0;
#if JIT_LAZY
            /* (after a jump only the branches to it are ways in) */
            if (!jumped) {
                RV(lazy_edge)(t, n, t->lazy_hi);
                RV(hi_ready_but)(t, t->lazy_at[n]);
            }
            t->lazy_hi = t->lazy_at[n];
#else
            RV(hi_ready_all)(t);
#endif
        }
        jumped = false;
        t->insn_code[n] = e->p;
        if (in.op == ISA_JAL) {
            RV(write_link)(t, in.rd, a + in.len);
            auipc_rd = 0;
            uxlen target = a + (uxlen)(sxlen)in.imm;
            u32 to = RV(decoded_index)(t, target);
            if (t->self_loop && target == pc) {
                RV(emit_loop_back)(t, n + 1, 0, t->body, pc, 0, false);
            } else if (to < t->ndecoded && (to > n || t->self_loop)) {
                /* to an instruction of the block: as a taken branch (STUB_BRANCH) */
                struct RV(stub) *s = RV(new_stub)(t, STUB_BRANCH, x86_jmp(e));
                s->idx = n;
                s->target = target;
#if JIT_LAZY
                RV(lazy_edge)(t, to, s->lazy_hi);
#endif
            } else {
                x86_alu_imm(e, true, ALU_ADD, R14, (i32)(n + 1));
                RV(emit_chain)(t, target);
            }
            n++;
            a += in.len;
            jumped = true;
            if (n < t->ndecoded) goto next;     /* (it goes on: choose_cached) */
            ended = true;
            break;
        }
        if (in.op == ISA_JALR) {
            if (auipc_rd && in.rs1 == auipc_rd && !t->target[n]) {
                /* auipc rX, hi + jalr rd, lo(rX): a call (or tail call) of a fixed pc,
                 * what compilers and linkers emit for `call`: a jal's chained jump rather
                 * than the jump cache (the auipc wrote rX already; rd is written after
                 * rs1 is read, as jalr does) */
                uxlen target = (auipc_val + (uxlen)(sxlen)in.imm) & ~(uxlen)1;
                RV(write_link)(t, in.rd, a + in.len);
                x86_alu_imm(e, true, ALU_ADD, R14, (i32)(n + 1));
                RV(emit_chain)(t, target);
            } else {
                RV(emit_jalr)(t, &in, a, n + 1);
            }
            auipc_rd = 0;
            n++;
            a += in.len;
            jumped = true;
            if (n < t->ndecoded) goto next;
            ended = true;
            break;
        }
        unsigned first_stub = t->nstubs;
        t->cur = n;
        t->words[n] = word;
        t->lens[n] = (u8)in.len;
#if XLEN == 128
        t->dead_rd = t->hi_dead[n] ? in.rd : 0;
#endif
        if (t->fused) {
            t->fused = false;                   /* the srli of a zext.w pair, la's addi */
        } else if ((flags & (ISA_F_ENDS_BLOCK & ~ISA_F_BRANCH)) || !RV(emit_insn)(t, &in, a, n)) {
            break;
        }
#if XLEN == 128
        t->dead_rd = 0;
#endif
        for (unsigned k = first_stub; k < t->nstubs; k++)
            if (t->stubs[k].kind <= STUB_OVERFLOW) {
                t->stubs[k].idx = n;
                t->stubs[k].pc = a;
            }
        auipc_rd = in.op == ISA_AUIPC ? in.rd : 0;
        auipc_val = a + (uxlen)(sxlen)in.imm;
        n++;
        a += in.len;
    next:
        /* The block ends and chains to the next one at its instruction limit, at a page
         * boundary, and when its code budget has no room for the next instruction, its stub
         * and the block's exit (the next block starts with a fresh budget; a fused srli
         * emits nothing). */
        if (n == JIT_MAX_INSNS || ((a ^ pc) & PAGE_MASK) ||
            ((size_t)(e->p - start) + (t->nstubs + 2) * JIT_STUB_MAX(NHOST(t)) +
             JIT_INSN_MAX(NHOST(t)) * RV(insns_needed)(t, n) > JIT_MAX_BLOCK_CODE && !t->fused)) {
            x86_alu_imm(e, true, ALU_ADD, R14, (i32)n);
            RV(emit_chain)(t, a);
            ended = true;
        }
    }
    if (n == 0) {
        free(t);
        return NULL;
    }
    if (!ended) {
        /* the instruction at a is the interpreter's */
        x86_alu_imm(e, true, ALU_ADD, R14, (i32)n);
        RV(set_pc)(e, a);
        RV(exit_with)(t, JIT_EXIT_INTERP, t->dirty);
    }
    t->ninsns = n;
    RV(emit_stubs)(t);
#if JIT_LAZY
    /* again with the targets entered lazy as all their ways in were (lazy_meet), unless
     * the first translation had just that; then while a way in lacked a lazy half its
     * target was entered with, with fewer, and the eighth time with none */
    bool same = true;
    for (u32 k = 0; k < JIT_MAX_INSNS && pass == 0; k++)
        same &= t->lazy_at[k] == (k < n && t->target[k] ? t->lazy_meet[k] : 0);
    if (!t->lazy_bad && (pass > 0 || same)) break;
    for (u32 k = 0; k < JIT_MAX_INSNS; k++) {
        u32 at = k < n && t->target[k] ? t->lazy_meet[k] : 0;
        t->lazy_at[k] = pass == 0 ? at : pass < 7 ? at & t->lazy_at[k] : 0;
    }
    }
    struct x86 *e = &t->e;
    u8 *start = c->rw + c->used;
    u32 n = t->ninsns;
#endif
    struct x86 done = *e;
    if (done.full || (size_t)(done.p - start) > JIT_MAX_BLOCK_CODE || !RV(add_sites)(t)) {
        free(t);
        *full = true;
        return NULL;
    }
    if (h->jit_dump)
        jit_dump_block(h->jit_dump, XLEN, h->exts, (u64)pc, t->words, t->lens, n,
                       c->rx + (start - c->rw), (size_t)(done.p - start));
    free(t);
    c->used = ((size_t)(done.p - c->rw) + 15) & ~(size_t)15;
    return c->rx + (start - c->rw);
}

/* The block at pc, translated on first use; plain: its translation that assumes nothing
 * at its entry (JIT_EXIT_PLAIN), kept under pc + 1, which no instruction has.  NULL only
 * if the host could not hold it. */
static struct jit_block *RV(jit_lookup)(struct hart *h, struct jit_cache *c, uxlen pc, bool plain)
{
    /* the cache is keyed by 64-bit pcs: RV128 code above them is interpreted */
    if ((uxlen)(u64)pc != pc) return NULL;
    u64 key = (u64)pc | plain;
    struct jit_block *b = jit_cache_find(c, key);
    if (b) return b;
    for (int attempt = 0; attempt < 2; attempt++) {
        bool full;
        const u8 *code = RV(translate_block)(h, c, pc, plain, &full);
        if (!full && (b = jit_cache_add(c, key, code))) return b;
        jit_cache_flush(c);
    }
    return NULL;
}

/* Run the interpreter for at least one of its blocks: lower insn_limit to the next block
 * boundary, unless something lowered it already, and restore it if nothing else changed
 * it meanwhile.  Returns 0 to go on translating, else the interpreter's enum run_stop. */
static int RV(jit_interpret)(struct hart *h)
{
    u64 budget = h->instret + 1;
    u64 old = atomic_load(&h->insn_limit);
    bool lowered = false;
    while (old > budget && !(lowered = atomic_compare_exchange_weak(&h->insn_limit, &old, budget))) {}
    int r = RV(run)(h);
    if (lowered) {
        u64 expect = budget;
        atomic_compare_exchange_strong(&h->insn_limit, &expect, old);
    }
    if (r == RUN_REQUEST && h->instret < atomic_load(&h->insn_limit)) return 0;
    return r;
}

static int RV(jit_run)(struct hart *h)
{
    for (;;) {
        struct jit_cache *c = jit_cache_get(h);
        if (!c) return RV(run)(h);      /* no executable memory: interpret */
        if (h->tlb_gen != h->mm->gen) RV(tlb_flush)(h);
        h->mem_base = h->mm->window;
#if XLEN == 128
        /* (the window's span, when translated code uses it: a power of two up to 2^63) */
        h->mem_above = h->mm->window && h->mm->window_span <= ((u128)1 << 63)
                           ? ~(u64)(h->mm->window_span - 1) : 0;
#else
        h->mem_above = h->mm->window && XLEN == 64 ? ~(u64)(h->mm->limit - 1) : 0;
#endif
        if (h->mem_base && !jit_host_segment(h->mem_base)) return RV(run)(h);
        u64 code_gen = __atomic_load_n(&h->mm->code_gen, __ATOMIC_RELAXED);
        if (c->code_gen != code_gen || c->fence_i_gen != h->fence_i_gen) {
            jit_cache_flush(c);
            c->code_gen = code_gen;
            c->fence_i_gen = h->fence_i_gen;
        }
        if (h->instret >= atomic_load(&h->insn_limit)) return RUN_REQUEST;
        struct jit_block *b = RV(jit_lookup)(h, c, (uxlen)h->pc, false);
        if (!b || !b->code) {
            int r = RV(jit_interpret)(h);
            if (r) return r;
            continue;
        }
        struct jit_ret rt = c->enter(h, b->code);
        switch (rt.exit) {
        case JIT_EXIT_CHAIN: {
            u64 flushes = c->flushes;
            struct jit_block *to = RV(jit_lookup)(h, c, (uxlen)h->pc, false);
            if (to && to->code && flushes == c->flushes) jit_cache_patch(c, rt.patch, to->code);
            break;
        }
        case JIT_EXIT_DISPATCH: {
            struct jit_block *to = RV(jit_lookup)(h, c, (uxlen)h->pc, false);
            if (to && to->code) {
                struct jit_jc *j = &c->jc[jit_jc_index((u64)(uxlen)h->pc)];
                j->pc = (u64)(uxlen)h->pc;
                j->code = to->code;
            }
            break;
        }
        case JIT_EXIT_INTERP: {
            int r = RV(jit_interpret)(h);
            if (r) return r;
            break;
        }
        case JIT_EXIT_PLAIN: {
            /* (run on the next turn: the block at pc jumps there from now on) */
            u64 flushes = c->flushes;
            struct jit_block *to = RV(jit_lookup)(h, c, (uxlen)h->pc, true);
            if (to && to->code && flushes == c->flushes) {
                jit_cache_patch(c, rt.patch, to->code);
            } else if (!to || !to->code) {
                int r = RV(jit_interpret)(h);
                if (r) return r;
            }
            break;
        }
        case JIT_EXIT_OVERFLOW: {
            /* an operation's result was not its low half sign-extended, which the block
             * took it to be (checked_op; its stub wrote the result): the block jumps to
             * its plain translation from now on, as one whose entry check failed does */
            u64 pc0 = (u64)(uintptr_t)rt.patch;
            u64 flushes = c->flushes;
            struct jit_block *from = jit_cache_find(c, pc0);
            struct jit_block *to = RV(jit_lookup)(h, c, (uxlen)pc0, true);
            if (from && from->code && to && to->code && flushes == c->flushes)
                jit_cache_redirect(c, from->code, to->code);
            break;
        }
        case JIT_EXIT_TRAP:
            return RUN_TRAP;
        default:
            return RUN_REQUEST;
        }
    }
}

static void RV(jit_flush)(struct hart *h)
{
    RV(free_cache)(h);
    if (h->jcache) jit_cache_flush(h->jcache);
}
static void RV(jit_destroy)(struct hart *h)
{
    RV(free_cache)(h);
    jit_cache_free(h);
}

const struct engine RV(jit) = { "jit", RV(jit_run), RV(jit_flush), RV(jit_destroy) };
