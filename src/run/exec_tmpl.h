/* The interpreter, written once and compiled once per XLEN (exec32.c, exec64.c,
 * exec128.c define XLEN and include this file).  RV64 therefore runs on 64-bit
 * registers and 64-bit TLB tags and pays nothing for RV128.
 *
 * Design:
 *  - Guest code is decoded once into blocks of pre-decoded instructions (struct xi)
 *    that end at a branch, jump, ecall/ebreak, fence.i or page boundary.
 *  - Each xi holds the address of its handler; handlers jump straight to the next
 *    one (threaded code, see common/dispatch.h).  No per-instruction lookup.
 *  - Direct branches chain blocks through succ[]; indirect jumps use a small
 *    direct-mapped jump cache before the block hash table.
 *  - Loads and stores go through a software TLB (one compare, one add); misses,
 *    page-crossing and misaligned accesses take the slow path.
 *  - The whole cache is dropped on fence.i, on changes to executable mappings and
 *    when the arena is full, so stale code can never run.
 */
#ifndef XLEN
#error "define XLEN before including exec_tmpl.h"
#endif

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "common/dispatch.h"
#include "common/wide.h"
#include "fp/fp.h"
#include "isa/isa.h"
#include "run/hart.h"

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

/* Pseudo-operations appended after the table's operations. */
enum {
    OP_END = ISA_OP_COUNT,      /* falls off the end of a block into the next one */
    OP_ILLEGAL,                 /* an undecodable word: trap when (if) reached */
    OP_NLABELS
};

/* Register operands are stored as byte offsets into the register file they name
 * (integer: scaled by XLEN/8, FP: by 8), so a handler reaches a register with one
 * addressing mode and no shift — x86 cannot scale an index by 16 for RV128. */
struct xi {
    const void *h;              /* handler address */
    i32 imm;
    u16 rd, rs1, rs2, rs3;
    u8 rm, len;
    u16 pcoff;                  /* offset from the block's first instruction */
};

struct block {
    uxlen pc;
    struct block *hnext;        /* hash chain */
    struct block *succ[2];      /* chained successors: [0] taken/jump, [1] fall-through */
    u32 n;                      /* instructions (the OP_END sentinel not counted) */
    struct xi insn[];
};

#define HASH_BITS 15
#define JC_BITS 12
#define ARENA_SIZE ((size_t)64 << 20)
#define MAX_BLOCK_INSNS 256

struct cache {
    struct block *hash[1u << HASH_BITS];
    struct block *jc[1u << JC_BITS];     /* jump cache for indirect jumps */
    u8 *arena;
    size_t used;
    u64 flushes;
};

static struct cache *RV(cache_get)(struct hart *h)
{
    struct cache *c = h->bcache;
    if (!c) {
        c = calloc(1, sizeof *c);
        if (!c) return NULL;
        c->arena = mmap(NULL, ARENA_SIZE, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (c->arena == MAP_FAILED) {
            free(c);
            return NULL;
        }
        h->bcache = c;
    }
    return c;
}

static void RV(cache_flush)(struct cache *c)
{
    memset(c->hash, 0, sizeof c->hash);
    memset(c->jc, 0, sizeof c->jc);
    c->used = 0;
    c->flushes++;
}

void RV(free_cache)(struct hart *h)
{
    struct cache *c = h->bcache;
    if (!c) return;
    munmap(c->arena, ARENA_SIZE);
    free(c);
    h->bcache = NULL;
}

static inline size_t RV(hash)(uxlen pc) { return (size_t)((pc >> 1) ^ (pc >> (HASH_BITS + 1))) & ((1u << HASH_BITS) - 1); }
static inline size_t RV(jc_idx)(uxlen pc) { return (size_t)(pc >> 1) & ((1u << JC_BITS) - 1); }

static void RV(tlb_flush)(struct hart *h)
{
    memset(&h->tlb_r, 0xff, sizeof h->tlb_r);
    memset(&h->tlb_w, 0xff, sizeof h->tlb_w);
    h->tlb_gen = h->mm->gen;
}

static void RV(set_fault)(struct hart *h, int cause, u128 addr)
{
    h->trap.cause = cause;
    h->trap.addr = addr;
    h->trap.maperr = mm_find(h->mm, addr) == NULL;
}

/* Instruction fetch for the translator: the 16-bit parcel at pc, honouring PROT_EXEC. */
static bool RV(fetch16)(struct hart *h, uxlen pc, u16 *out)
{
    const struct mm_region *r = mm_find(h->mm, pc);
    if (!r || !(r->prot & PROT_EXEC)) return false;
    memcpy(out, r->host + (size_t)(pc - r->start), 2);   /* pc is 2-aligned: no straddle */
    return true;
}

/* CSR instructions share one handler; this is the access kind it reads from xi.rm. */
static u8 RV(csr_kind)(unsigned op)
{
    switch (op) {
    case ISA_CSRRS: return 1;
    case ISA_CSRRC: return 2;
    case ISA_CSRRWI: return 4;
    case ISA_CSRRSI: return 5;
    case ISA_CSRRCI: return 6;
    default: return 0;
    }
}

/* Decode the block starting at pc.  Returns NULL (with h->trap set) when even the first
 * instruction cannot be fetched. */
static struct block *RV(translate)(struct hart *h, struct cache *c, uxlen pc,
                                   const void *const *labels)
{
    size_t worst = sizeof(struct block) + (MAX_BLOCK_INSNS + 1) * sizeof(struct xi);
    if (c->used + worst > ARENA_SIZE) RV(cache_flush)(c);
    struct block *b = (struct block *)(c->arena + c->used);
    b->pc = pc;
    b->succ[0] = b->succ[1] = NULL;
    uxlen a = pc;
    u32 n = 0;
    for (;;) {
        struct xi *x = &b->insn[n];
        u16 lo, hi;
        if (!RV(fetch16)(h, a, &lo)) {
            if (n == 0) {
                RV(set_fault)(h, TRAP_FETCH_FAULT, (u128)a);
                return NULL;
            }
            break;                       /* the next block will report the fault */
        }
        u32 word = lo;
        int len = isa_insn_len(lo);
        if (len == 4) {
            if (!RV(fetch16)(h, a + 2, &hi)) {
                if (n == 0) {
                    RV(set_fault)(h, TRAP_FETCH_FAULT, (u128)(a + 2));
                    return NULL;
                }
                break;
            }
            word |= (u32)hi << 16;
        }
        struct isa_inst in;
        memset(x, 0, sizeof *x);
        x->pcoff = (u16)(a - pc);
        if (len == 0 || !isa_decode(XLEN, h->exts, word, &in)) {
            x->h = labels[OP_ILLEGAL];
            x->imm = (i32)word;
            x->len = (u8)(len ? len : 2);
            n++;
            break;
        }
        unsigned fm = isa_freg_mask(in.desc);
        unsigned rd = in.rd;
        /* x0 is hard-wired: send integer writes to it into a sink register so that
         * handlers never need to test rd. */
        if (rd == 0 && !(fm & ISA_FREG_RD)) rd = XREG_SINK;
#define SCALE(r, bit) (u16)((r) * ((fm & (bit)) ? sizeof(u64) : sizeof(uxlen)))
        x->h = labels[in.op];
        x->imm = in.imm;
        x->rd = SCALE(rd, ISA_FREG_RD);
        x->rs1 = SCALE(in.rs1, ISA_FREG_RS1);
        x->rs2 = SCALE(in.rs2, ISA_FREG_RS2);
        x->rs3 = SCALE(in.rs3, ISA_FREG_RS3);
#undef SCALE
        x->rm = in.rm;
        x->len = in.len;
        if (in.desc->flags & ISA_F_CSR) {
            x->rm = RV(csr_kind)(in.op);
            x->rs3 = in.rs1;            /* the raw 5-bit uimm of the immediate forms */
        }
        n++;
        a += in.len;
        if ((in.desc->flags & ISA_F_ENDS_BLOCK) || n == MAX_BLOCK_INSNS ||
            ((a ^ pc) & PAGE_MASK))
            break;
    }
    struct xi *end = &b->insn[n];
    memset(end, 0, sizeof *end);
    end->h = labels[OP_END];
    end->pcoff = (u16)(a - pc);
    b->n = n;
    c->used += sizeof(struct block) + (n + 1) * sizeof(struct xi);
    c->used = (c->used + 15) & ~(size_t)15;
    size_t hi = RV(hash)(pc);
    b->hnext = c->hash[hi];
    c->hash[hi] = b;
    return b;
}

static struct block *RV(lookup)(struct hart *h, struct cache *c, uxlen pc,
                                const void *const *labels)
{
    for (struct block *b = c->hash[RV(hash)(pc)]; b; b = b->hnext)
        if (b->pc == pc) return b;
    return RV(translate)(h, c, pc, labels);
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
        if (!ok) RV(set_fault)(h, cause, fault);
        return ok;
    }
    const struct mm_region *r = mm_find(h->mm, (u128)a);
    if (!r || !(r->prot & need)) {
        RV(set_fault)(h, cause, (u128)a);
        return false;
    }
    u8 *p = r->host + (size_t)((u128)a - r->start);
    if (write) memcpy(p, buf, size);
    else memcpy(buf, p, size);
    uxlen page = a & PAGE_MASK;
    tlbe_t *e = write ? &h->tlb_w.TLBE[(size_t)(a >> 12) & (TLB_SIZE - 1)]
                      : &h->tlb_r.TLBE[(size_t)(a >> 12) & (TLB_SIZE - 1)];
    e->tag = page;
    e->addend = (u64)(uintptr_t)(r->host + (size_t)((u128)page - r->start)) - (u64)page;
    return true;
}

/* Fast path: host pointer for an aligned access that hits the TLB, else NULL. */
static inline u8 *RV(tlb_hit)(const tlbe_t *tlb, uxlen a, unsigned size)
{
    const tlbe_t *e = &tlb[(size_t)(a >> 12) & (TLB_SIZE - 1)];
    if (ZL_LIKELY(e->tag == (a & (PAGE_MASK | (uxlen)(size - 1)))))
        return (u8 *)(uintptr_t)((u64)a + e->addend);
    return NULL;
}

static inline bool RV(load)(struct hart *h, uxlen a, void *v, unsigned size)
{
    u8 *p = RV(tlb_hit)(h->tlb_r.TLBE, a, size);
    if (ZL_LIKELY(p != NULL)) {
        memcpy(v, p, size);
        return true;
    }
    return RV(access_slow)(h, a, v, size, false);
}

static inline bool RV(store)(struct hart *h, uxlen a, const void *v, unsigned size)
{
    u8 *p = RV(tlb_hit)(h->tlb_w.TLBE, a, size);
    if (ZL_LIKELY(p != NULL)) {
        memcpy(p, v, size);
        return true;
    }
    return RV(access_slow)(h, a, (void *)v, size, true);
}

/* Host pointer for an atomic (must be naturally aligned; writable unless LR). */
static u8 *RV(amo_ptr)(struct hart *h, uxlen a, unsigned size, bool is_lr)
{
    if (a & (size - 1)) {
        h->trap.cause = is_lr ? TRAP_LOAD_MISALIGNED : TRAP_STORE_MISALIGNED;
        h->trap.addr = (u128)a;
        h->trap.maperr = false;
        return NULL;
    }
    u8 tmp[16];
    if (is_lr) {
        if (!RV(load)(h, a, tmp, size)) return NULL;
        return RV(tlb_hit)(h->tlb_r.TLBE, a, size);
    }
    u8 *p = RV(tlb_hit)(h->tlb_w.TLBE, a, size);
    if (p) return p;
    /* Fill the write TLB by rewriting the current value (the page is RW). */
    if (!RV(load)(h, a, tmp, size) || !RV(access_slow)(h, a, tmp, size, true)) {
        if (h->trap.cause == TRAP_LOAD_FAULT) h->trap.cause = TRAP_STORE_FAULT;
        return NULL;
    }
    return RV(tlb_hit)(h->tlb_w.TLBE, a, size);
}

static u64 RV(time_now)(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (u64)ts.tv_sec * 10000000u + (u64)ts.tv_nsec / 100u;   /* 10 MHz timebase */
}

/* CSR access.  Returns false for an illegal access (unknown CSR, write to read-only). */
static bool RV(csr)(struct hart *h, unsigned csr, bool do_write, uxlen wval, int how,
                    u64 instret, uxlen *old)
{
    u64 v;
    switch (csr) {
    case 0x001: v = h->fflags; break;
    case 0x002: v = h->frm; break;
    case 0x003: v = (u64)h->frm << 5 | h->fflags; break;
    case 0xc00: case 0xc02: v = instret; break;         /* cycle counts retired insns */
    case 0xc01: v = RV(time_now)(); break;
#if XLEN == 32
    case 0xc80: case 0xc82: v = instret >> 32; break;
    case 0xc81: v = RV(time_now)() >> 32; break;
#endif
    default: return false;
    }
    if ((csr >> 10) == 3 && do_write) return false;      /* read-only counters */
#if XLEN == 32
    *old = (uxlen)v;
#else
    *old = (uxlen)(sxlen)(i64)v;    /* 64-bit counters sign-extend (docs/isa.md) */
#endif
    if (!do_write) return true;
    u64 nv = how == 0 ? (u64)wval : how == 1 ? (v | (u64)wval) : (v & ~(u64)wval);
    switch (csr) {
    case 0x001: h->fflags = nv & 0x1f; break;
    case 0x002: h->frm = nv & 7; break;
    case 0x003: h->fflags = nv & 0x1f; h->frm = (nv >> 5) & 7; break;
    }
    return true;
}

#define X(off) (*(uxlen *)((u8 *)x + (off)))
#define SX(off) ((sxlen)X(off))
#define SEXT32(v) ((uxlen)(sxlen)(i32)(v))
#define SEXT64(v) ((uxlen)(sxlen)(i64)(v))
#define IMM ((uxlen)(sxlen)i->imm)
#define PC (b->pc + i->pcoff)
#define NEXT do { i++; ZL_JUMP(i->h); } while (0)
#define SHMASK (XLEN - 1)

int RV(run)(struct hart *h)
{
    static const void *const labels[OP_NLABELS] = {
        [ISA_OP_INVALID] = ZL_LABEL(L_ILLEGAL),
#define OP(op, ...) [ISA_##op] = ZL_LABEL(L_##op),
#define VAR(...)
#include "isa/insns.def"
#undef OP
#undef VAR
        [OP_END] = ZL_LABEL(L_END),
        [OP_ILLEGAL] = ZL_LABEL(L_ILLEGAL),
    };
    struct cache *c = RV(cache_get)(h);
    if (!c) {
        h->trap.cause = TRAP_FETCH_FAULT;
        return RUN_TRAP;
    }
    uxlen *x = h->x.XR;
    u64 instret = h->instret;
    struct block *b, *nb;
    const struct xi *i;
    uxlen target;
    int stop;

    if (h->tlb_gen != h->mm->gen) RV(tlb_flush)(h);
    if (h->code_gen != h->mm->code_gen) {
        RV(cache_flush)(c);
        h->code_gen = h->mm->code_gen;
    }
    target = (uxlen)h->pc;

/* Enter block nb: count its instructions and start at its first one. */
#define ENTER()                                                              \
    do {                                                                     \
        if (ZL_UNLIKELY(instret >= h->insn_limit)) { h->pc = (u128)nb->pc; goto request; } \
        b = nb;                                                              \
        instret += b->n;                                                     \
        i = b->insn;                                                         \
        ZL_JUMP(i->h);                                                       \
    } while (0)

/* Continue at a fixed successor (direct branch/jump, fall-through). */
#define CHAIN(slot, tgt)                                                     \
    do {                                                                     \
        nb = b->succ[slot];                                                  \
        if (ZL_UNLIKELY(!nb)) {                                              \
            u64 fl_ = c->flushes;                                            \
            target = (tgt);                                                  \
            nb = RV(lookup)(h, c, target, labels);                           \
            if (!nb) goto fetch_trap;                                        \
            if (fl_ == c->flushes) b->succ[slot] = nb;                       \
        }                                                                    \
        ENTER();                                                             \
    } while (0)

/* Continue at a computed address (indirect jump, after ecall). */
#define DISPATCH(tgt)                                                        \
    do {                                                                     \
        target = (tgt);                                                      \
        nb = c->jc[RV(jc_idx)(target)];                                      \
        if (ZL_UNLIKELY(!nb || nb->pc != target)) {                          \
            nb = RV(lookup)(h, c, target, labels);                           \
            if (!nb) goto fetch_trap;                                        \
            c->jc[RV(jc_idx)(target)] = nb;                                  \
        }                                                                    \
        ENTER();                                                             \
    } while (0)

#define BRANCH(cond)                                                         \
    do {                                                                     \
        if (cond) CHAIN(0, PC + IMM);                                        \
        CHAIN(1, PC + i->len);                                               \
    } while (0)

#define LOADOP(type, conv)                                                   \
    do {                                                                     \
        type v_;                                                             \
        if (ZL_UNLIKELY(!RV(load)(h, X(i->rs1) + IMM, &v_, sizeof v_))) goto trap; \
        X(i->rd) = conv(v_);                                                 \
        NEXT;                                                                \
    } while (0)

#define STOREOP(type)                                                        \
    do {                                                                     \
        type v_ = (type)X(i->rs2);                                           \
        if (ZL_UNLIKELY(!RV(store)(h, X(i->rs1) + IMM, &v_, sizeof v_))) goto trap; \
        NEXT;                                                                \
    } while (0)

#define ZEXT(v) ((uxlen)(v))
#define SEXT(v) ((uxlen)(sxlen)(v))

    DISPATCH(target);

    /* ---- control transfer ---- */
L_END:
    CHAIN(1, PC);
L_JAL:
    X(i->rd) = PC + i->len;
    CHAIN(0, PC + IMM);
L_JALR: {
        uxlen t = (X(i->rs1) + IMM) & ~(uxlen)1;
        X(i->rd) = PC + i->len;
        DISPATCH(t);
    }
L_BEQ:  BRANCH(X(i->rs1) == X(i->rs2));
L_BNE:  BRANCH(X(i->rs1) != X(i->rs2));
L_BLT:  BRANCH(SX(i->rs1) < SX(i->rs2));
L_BGE:  BRANCH(SX(i->rs1) >= SX(i->rs2));
L_BLTU: BRANCH(X(i->rs1) < X(i->rs2));
L_BGEU: BRANCH(X(i->rs1) >= X(i->rs2));

    /* ---- integer computation ---- */
L_LUI:   X(i->rd) = IMM; NEXT;
L_AUIPC: X(i->rd) = PC + IMM; NEXT;
L_ADDI:  X(i->rd) = X(i->rs1) + IMM; NEXT;
L_SLTI:  X(i->rd) = SX(i->rs1) < (sxlen)i->imm; NEXT;
L_SLTIU: X(i->rd) = X(i->rs1) < IMM; NEXT;
L_XORI:  X(i->rd) = X(i->rs1) ^ IMM; NEXT;
L_ORI:   X(i->rd) = X(i->rs1) | IMM; NEXT;
L_ANDI:  X(i->rd) = X(i->rs1) & IMM; NEXT;
L_SLLI:  X(i->rd) = X(i->rs1) << i->imm; NEXT;
L_SRLI:  X(i->rd) = X(i->rs1) >> i->imm; NEXT;
L_SRAI:  X(i->rd) = (uxlen)(SX(i->rs1) >> i->imm); NEXT;
L_ADD:   X(i->rd) = X(i->rs1) + X(i->rs2); NEXT;
L_SUB:   X(i->rd) = X(i->rs1) - X(i->rs2); NEXT;
L_SLL:   X(i->rd) = X(i->rs1) << (X(i->rs2) & SHMASK); NEXT;
L_SLT:   X(i->rd) = SX(i->rs1) < SX(i->rs2); NEXT;
L_SLTU:  X(i->rd) = X(i->rs1) < X(i->rs2); NEXT;
L_XOR:   X(i->rd) = X(i->rs1) ^ X(i->rs2); NEXT;
L_SRL:   X(i->rd) = X(i->rs1) >> (X(i->rs2) & SHMASK); NEXT;
L_SRA:   X(i->rd) = (uxlen)(SX(i->rs1) >> (X(i->rs2) & SHMASK)); NEXT;
L_OR:    X(i->rd) = X(i->rs1) | X(i->rs2); NEXT;
L_AND:   X(i->rd) = X(i->rs1) & X(i->rs2); NEXT;

#if XLEN >= 64
L_ADDIW: X(i->rd) = SEXT32((u32)X(i->rs1) + (u32)i->imm); NEXT;
L_SLLIW: X(i->rd) = SEXT32((u32)X(i->rs1) << i->imm); NEXT;
L_SRLIW: X(i->rd) = SEXT32((u32)X(i->rs1) >> i->imm); NEXT;
L_SRAIW: X(i->rd) = SEXT32((i32)X(i->rs1) >> i->imm); NEXT;
L_ADDW:  X(i->rd) = SEXT32((u32)X(i->rs1) + (u32)X(i->rs2)); NEXT;
L_SUBW:  X(i->rd) = SEXT32((u32)X(i->rs1) - (u32)X(i->rs2)); NEXT;
L_SLLW:  X(i->rd) = SEXT32((u32)X(i->rs1) << (X(i->rs2) & 31)); NEXT;
L_SRLW:  X(i->rd) = SEXT32((u32)X(i->rs1) >> (X(i->rs2) & 31)); NEXT;
L_SRAW:  X(i->rd) = SEXT32((i32)X(i->rs1) >> (X(i->rs2) & 31)); NEXT;
#else
L_ADDIW: L_SLLIW: L_SRLIW: L_SRAIW: L_ADDW: L_SUBW: L_SLLW: L_SRLW: L_SRAW:
    goto illegal;
#endif

#if XLEN == 128
L_ADDID: X(i->rd) = SEXT64((u64)X(i->rs1) + (u64)(i64)i->imm); NEXT;
L_SLLID: X(i->rd) = SEXT64((u64)X(i->rs1) << i->imm); NEXT;
L_SRLID: X(i->rd) = SEXT64((u64)X(i->rs1) >> i->imm); NEXT;
L_SRAID: X(i->rd) = SEXT64((i64)X(i->rs1) >> i->imm); NEXT;
L_ADDD:  X(i->rd) = SEXT64((u64)X(i->rs1) + (u64)X(i->rs2)); NEXT;
L_SUBD:  X(i->rd) = SEXT64((u64)X(i->rs1) - (u64)X(i->rs2)); NEXT;
L_SLLD:  X(i->rd) = SEXT64((u64)X(i->rs1) << (X(i->rs2) & 63)); NEXT;
L_SRLD:  X(i->rd) = SEXT64((u64)X(i->rs1) >> (X(i->rs2) & 63)); NEXT;
L_SRAD:  X(i->rd) = SEXT64((i64)X(i->rs1) >> (X(i->rs2) & 63)); NEXT;
#else
L_ADDID: L_SLLID: L_SRLID: L_SRAID: L_ADDD: L_SUBD: L_SLLD: L_SRLD: L_SRAD:
    goto illegal;
#endif

    /* ---- M ---- */
L_MUL: X(i->rd) = X(i->rs1) * X(i->rs2); NEXT;
#if XLEN == 32
L_MULH:   X(i->rd) = (uxlen)(((i64)SX(i->rs1) * (i64)SX(i->rs2)) >> 32); NEXT;
L_MULHSU: X(i->rd) = (uxlen)(((i64)SX(i->rs1) * (i64)(u64)X(i->rs2)) >> 32); NEXT;
L_MULHU:  X(i->rd) = (uxlen)(((u64)X(i->rs1) * (u64)X(i->rs2)) >> 32); NEXT;
#elif XLEN == 64
L_MULH:   X(i->rd) = (uxlen)(((i128)SX(i->rs1) * (i128)SX(i->rs2)) >> 64); NEXT;
L_MULHSU: X(i->rd) = (uxlen)(((i128)SX(i->rs1) * (i128)(u128)X(i->rs2)) >> 64); NEXT;
L_MULHU:  X(i->rd) = (uxlen)(((u128)X(i->rs1) * (u128)X(i->rs2)) >> 64); NEXT;
#else
L_MULH:   X(i->rd) = wide_mulh128(X(i->rs1), X(i->rs2)); NEXT;
L_MULHSU: X(i->rd) = wide_mulhsu128(X(i->rs1), X(i->rs2)); NEXT;
L_MULHU:  X(i->rd) = wide_mulhu128(X(i->rs1), X(i->rs2)); NEXT;
#endif
#define SMIN ((sxlen)((uxlen)1 << (XLEN - 1)))
L_DIV: {
        sxlen a = SX(i->rs1), d = SX(i->rs2);
        X(i->rd) = d == 0 ? ~(uxlen)0 : (a == SMIN && d == -1) ? (uxlen)a : (uxlen)(a / d);
        NEXT;
    }
L_DIVU: {
        uxlen a = X(i->rs1), d = X(i->rs2);
        X(i->rd) = d == 0 ? ~(uxlen)0 : a / d;
        NEXT;
    }
L_REM: {
        sxlen a = SX(i->rs1), d = SX(i->rs2);
        X(i->rd) = d == 0 ? (uxlen)a : (a == SMIN && d == -1) ? 0 : (uxlen)(a % d);
        NEXT;
    }
L_REMU: {
        uxlen a = X(i->rs1), d = X(i->rs2);
        X(i->rd) = d == 0 ? a : a % d;
        NEXT;
    }
#if XLEN >= 64
L_MULW: X(i->rd) = SEXT32((u32)X(i->rs1) * (u32)X(i->rs2)); NEXT;
L_DIVW: {
        i32 a = (i32)X(i->rs1), d = (i32)X(i->rs2);
        X(i->rd) = SEXT32(d == 0 ? -1 : (a == INT32_MIN && d == -1) ? a : a / d);
        NEXT;
    }
L_DIVUW: {
        u32 a = (u32)X(i->rs1), d = (u32)X(i->rs2);
        X(i->rd) = SEXT32(d == 0 ? ~0u : a / d);
        NEXT;
    }
L_REMW: {
        i32 a = (i32)X(i->rs1), d = (i32)X(i->rs2);
        X(i->rd) = SEXT32(d == 0 ? a : (a == INT32_MIN && d == -1) ? 0 : a % d);
        NEXT;
    }
L_REMUW: {
        u32 a = (u32)X(i->rs1), d = (u32)X(i->rs2);
        X(i->rd) = SEXT32(d == 0 ? a : a % d);
        NEXT;
    }
#else
L_MULW: L_DIVW: L_DIVUW: L_REMW: L_REMUW:
    goto illegal;
#endif
#if XLEN == 128
L_MULD: X(i->rd) = SEXT64((u64)X(i->rs1) * (u64)X(i->rs2)); NEXT;
L_DIVD: {
        i64 a = (i64)X(i->rs1), d = (i64)X(i->rs2);
        X(i->rd) = SEXT64(d == 0 ? -1 : (a == INT64_MIN && d == -1) ? a : a / d);
        NEXT;
    }
L_DIVUD: {
        u64 a = (u64)X(i->rs1), d = (u64)X(i->rs2);
        X(i->rd) = SEXT64(d == 0 ? ~(u64)0 : a / d);
        NEXT;
    }
L_REMD: {
        i64 a = (i64)X(i->rs1), d = (i64)X(i->rs2);
        X(i->rd) = SEXT64(d == 0 ? a : (a == INT64_MIN && d == -1) ? 0 : a % d);
        NEXT;
    }
L_REMUD: {
        u64 a = (u64)X(i->rs1), d = (u64)X(i->rs2);
        X(i->rd) = SEXT64(d == 0 ? a : a % d);
        NEXT;
    }
#else
L_MULD: L_DIVD: L_DIVUD: L_REMD: L_REMUD:
    goto illegal;
#endif

    /* ---- loads and stores ---- */
L_LB:  LOADOP(i8, SEXT);
L_LH:  LOADOP(i16, SEXT);
L_LW:  LOADOP(i32, SEXT);
L_LBU: LOADOP(u8, ZEXT);
L_LHU: LOADOP(u16, ZEXT);
L_SB:  STOREOP(u8);
L_SH:  STOREOP(u16);
L_SW:  STOREOP(u32);
#if XLEN >= 64
L_LD:  LOADOP(i64, SEXT);
L_LWU: LOADOP(u32, ZEXT);
L_SD:  STOREOP(u64);
#else
L_LD: L_LWU: L_SD:
    goto illegal;
#endif
#if XLEN == 128
L_LDU: LOADOP(u64, ZEXT);
L_LQ:  LOADOP(u128, ZEXT);
L_SQ:  STOREOP(u128);
#else
L_LDU: L_LQ: L_SQ:
    goto illegal;
#endif

    /* ---- A: a single hart, so an AMO is an aligned read-modify-write ---- */
#define AMO(type, stype, expr)                                               \
    do {                                                                     \
        u8 *p_ = RV(amo_ptr)(h, X(i->rs1), sizeof(type), false);             \
        if (!p_) goto trap;                                                  \
        type a_, b_ = (type)X(i->rs2);                                       \
        memcpy(&a_, p_, sizeof a_);                                          \
        type r_ = (expr);                                                    \
        memcpy(p_, &r_, sizeof r_);                                          \
        X(i->rd) = (uxlen)(sxlen)(stype)a_;                                  \
        NEXT;                                                                \
    } while (0)
#define AMO_SET(S, type, stype)                                              \
    L_AMOSWAP_##S: AMO(type, stype, b_);                                     \
    L_AMOADD_##S:  AMO(type, stype, (type)(a_ + b_));                        \
    L_AMOXOR_##S:  AMO(type, stype, a_ ^ b_);                                \
    L_AMOAND_##S:  AMO(type, stype, a_ & b_);                                \
    L_AMOOR_##S:   AMO(type, stype, a_ | b_);                                \
    L_AMOMIN_##S:  AMO(type, stype, (stype)a_ < (stype)b_ ? a_ : b_);        \
    L_AMOMAX_##S:  AMO(type, stype, (stype)a_ > (stype)b_ ? a_ : b_);        \
    L_AMOMINU_##S: AMO(type, stype, a_ < b_ ? a_ : b_);                      \
    L_AMOMAXU_##S: AMO(type, stype, a_ > b_ ? a_ : b_);                      \
    L_LR_##S: {                                                              \
        u8 *p_ = RV(amo_ptr)(h, X(i->rs1), sizeof(type), true);              \
        if (!p_) goto trap;                                                  \
        type a_;                                                             \
        memcpy(&a_, p_, sizeof a_);                                          \
        h->resv_addr = (u128)X(i->rs1);                                      \
        h->resv_value = (u128)(uxlen)(sxlen)(stype)a_;                       \
        h->resv_size = sizeof(type);                                         \
        h->resv_valid = true;                                                \
        X(i->rd) = (uxlen)(sxlen)(stype)a_;                                  \
        NEXT;                                                                \
    }                                                                        \
    L_SC_##S: {                                                              \
        u8 *p_ = RV(amo_ptr)(h, X(i->rs1), sizeof(type), false);             \
        if (!p_) goto trap;                                                  \
        type cur_;                                                           \
        memcpy(&cur_, p_, sizeof cur_);                                      \
        /* succeed only if an LR of the same size reserved this address and    \
         * the location still holds the value LR returned: the compare-and-    \
         * swap rule, which stays correct once harts are threads (and is what  \
         * QEMU does for same-size pairs) */                                   \
        if (h->resv_valid && h->resv_addr == (u128)X(i->rs1) &&              \
            h->resv_size == sizeof(type) &&                                  \
            (u128)(uxlen)(sxlen)(stype)cur_ == h->resv_value) {              \
            type v_ = (type)X(i->rs2);                                       \
            memcpy(p_, &v_, sizeof v_);                                      \
            X(i->rd) = 0;                                                    \
        } else {                                                             \
            X(i->rd) = 1;                                                    \
        }                                                                    \
        h->resv_valid = false;                                               \
        NEXT;                                                                \
    }
    AMO_SET(W, u32, i32)
#if XLEN >= 64
    AMO_SET(D, u64, i64)
#else
L_AMOSWAP_D: L_AMOADD_D: L_AMOXOR_D: L_AMOAND_D: L_AMOOR_D: L_AMOMIN_D: L_AMOMAX_D:
L_AMOMINU_D: L_AMOMAXU_D: L_LR_D: L_SC_D:
    goto illegal;
#endif
#if XLEN == 128
    AMO_SET(Q, u128, i128)
#else
L_AMOSWAP_Q: L_AMOADD_Q: L_AMOXOR_Q: L_AMOAND_Q: L_AMOOR_Q: L_AMOMIN_Q: L_AMOMAX_Q:
L_AMOMINU_Q: L_AMOMAXU_Q: L_LR_Q: L_SC_Q:
    goto illegal;
#endif

    /* ---- F and D ---- */
#include "run/exec_fp.h"

    /* ---- system ---- */
L_FENCE:
    NEXT;
L_FENCE_I:
    RV(cache_flush)(c);
    DISPATCH(PC + i->len);
L_CSRRW: L_CSRRS: L_CSRRC: L_CSRRWI: L_CSRRSI: L_CSRRCI: {
        /* translate() left the access kind in rm: bits 1:0 write/set/clear, bit 2 uimm */
        unsigned how = i->rm & 3;
        uxlen src = (i->rm & 4) ? (uxlen)i->rs3 : X(i->rs1);
        bool do_write = how == 0 || i->rs1 != 0;
        uxlen old;
        u64 now = instret - (b->n - (u32)(i - b->insn));
        if (!RV(csr)(h, (unsigned)i->imm & 0xfff, do_write, src, (int)how, now, &old))
            goto illegal;
        X(i->rd) = old;
        NEXT;
    }
L_ECALL:
    h->pc = (u128)(PC + 4);
    h->instret = instret;
    stop = h->ops->ecall(h);
    instret = h->instret;
    if (stop) return RUN_EXIT;
    if (h->tlb_gen != h->mm->gen) RV(tlb_flush)(h);
    if (h->code_gen != h->mm->code_gen) {
        RV(cache_flush)(c);
        h->code_gen = h->mm->code_gen;
    }
    DISPATCH((uxlen)h->pc);
L_EBREAK:
    h->trap.cause = TRAP_BREAKPOINT;
    h->trap.addr = (u128)PC;
    goto trap;
L_ILLEGAL:
illegal:
    h->trap.cause = TRAP_ILLEGAL;
    h->trap.addr = (u128)PC;
    {
        u16 lo = 0, hi = 0;
        RV(fetch16)(h, PC, &lo);
        if (i->len == 4) RV(fetch16)(h, PC + 2, &hi);
        h->trap.insn = (u32)hi << 16 | lo;
    }
    goto trap;

trap:
    /* the instruction at i did not retire */
    h->pc = (u128)PC;
    h->instret = instret - (b->n - (u32)(i - b->insn));
    return RUN_TRAP;
fetch_trap:
    h->pc = (u128)target;
    h->instret = instret;
    return RUN_TRAP;
request:
    h->instret = instret;
    return RUN_REQUEST;
}
