/* The interpreter, written once and compiled once per XLEN (interp32.c, interp64.c,
 * interp128.c define XLEN and include this file).  RV64 therefore runs on 64-bit
 * registers and 64-bit TLB tags and pays nothing for RV128.
 *
 * Design (docs/zl-run.md, "How the interpreter is fast"):
 *  - Guest code is decoded once into blocks of pre-decoded instructions (struct xi)
 *    that end at a jump, ecall/ebreak, fence.i or page boundary.  A taken conditional
 *    branch leaves its block through a side exit; not taken, it just continues.
 *  - Each xi holds the address of its handler; handlers jump straight to the next
 *    one (threaded code, see common/dispatch.h).  No per-instruction lookup.
 *  - Frequent pairs of adjacent operations share one handler (macro-op fusion), which
 *    halves the dispatches in typical integer code.
 *  - Side exits, direct jumps and fall-throughs chain blocks; indirect jumps use a
 *    small direct-mapped jump cache before the block hash table.
 *  - Loads and stores go through a software TLB (one compare, one add); misses,
 *    page-crossing and misaligned accesses take the slow path.
 *  - The whole cache is dropped on fence.i, on changes to executable mappings and
 *    when the arena is full, so stale code can never run.
 */
#ifndef XLEN
#error "define XLEN before including interp_tmpl.h"
#endif

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "common/dispatch.h"
#include "common/hostatomic.h"
#include "common/wide.h"
#include "fp/fp.h"
#include "isa/isa.h"
#include "exec/fp_ops.h"
#include "exec/hart.h"

#include "exec/mem_tmpl.h"

/* Pseudo-operations appended after the table's operations. */
enum {
    OP_END = ISA_OP_COUNT,      /* falls off the end of a block into the next one */
    OP_ILLEGAL,                 /* an undecodable word: trap when (if) reached */
    /* RV128 shifts by an immediate of 0 or 64..127; the table's SLLI/SRLI/SRAI handlers
     * then only see amounts 1..63 (translate() picks the handler). */
    OP_SLLI_WIDE, OP_SRLI_WIDE, OP_SRAI_WIDE,
    OP_NLABELS
};

/* Register operands are stored as byte offsets into the register file they name
 * (integer: scaled by XLEN/8, FP: by 8), so a handler reaches a register with one
 * addressing mode and no shift — x86 cannot scale an index by 16 for RV128. */
struct xi {
    const void *h;              /* handler address */
    union {
        struct {
            i32 imm;
            u16 rs1, rs2, rd, rs3;
            u8 rm, len;
            u16 pcoff;          /* offset from the block's first instruction */
        };
        /* A conditional branch keeps rs1 and rs2 where they are.  Until it is linked,
         * link is NULL and toff is the target's offset from the block's start; once
         * linked (exit_miss), link is the target block and done the number of
         * instructions the block has retired when the branch leaves it. */
        struct {
            union { i32 toff; u32 done; };
            u16 br_rs1_, br_rs2_;
            struct block *link;
        };
    };
};
_Static_assert(offsetof(struct xi, rs1) == offsetof(struct xi, br_rs1_) &&
               offsetof(struct xi, rs2) == offsetof(struct xi, br_rs2_) &&
               sizeof(struct xi) == 24, "struct xi layout");

/* A block runs from its first instruction to the first jump, ecall/ebreak, fence.i,
 * page boundary or MAX_BLOCK_INSNS instructions.  Conditional branches do not end it:
 * taken, they leave it (a side exit, linked to its target block in xi.link); not
 * taken, execution simply continues.  The run loop's instret counts the instructions of
 * the blocks left so far: each exit adds what its block retired, and inside a block the
 * count is instret + the current xi's index. */
struct block {
    uxlen pc;
    struct block *hnext;        /* hash chain */
    struct block *succ[2];      /* chained successors: [0] jump, [1] fall-through */
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

#define ZEXT(v) ((uxlen)(v))
#define SEXT(v) ((uxlen)(sxlen)(v))

/* Loads and stores test the TLB inline, so on a hit the value goes straight between
 * guest memory and the register file.  On a miss (or a misaligned access) they jump to
 * `slow`, a label that executes the access again through access_slow(); nothing has
 * been written by then, so that is exact, and the hot code stays small. */
#define LOAD_FAST(type, dst, conv, slow)                                     \
    do {                                                                     \
        ea_t a_ = RV(ea)(x, i->rs1, i->imm);                                 \
        const tlbe_t *e_ = RV(tlb_slot)(h->tlb_r.TLBE, RV(ea_lo)(a_));       \
        type v_;                                                             \
        if (ZL_UNLIKELY(!RV(tlb_match)(e_, a_, sizeof v_))) goto slow;       \
        memcpy(&v_, RV(tlb_host)(e_, RV(ea_lo)(a_)), sizeof v_);             \
        dst = conv(v_);                                                      \
    } while (0)
#define LOAD_SLOW(type, dst, conv)                                           \
    do {                                                                     \
        type s_;                                                             \
        if (!RV(access_slow)(h, X(i->rs1) + IMM, &s_, sizeof s_, false)) goto trap; \
        dst = conv(s_);                                                      \
    } while (0)

#define STORE_FAST(type, src, slow)                                          \
    do {                                                                     \
        ea_t a_ = RV(ea)(x, i->rs1, i->imm);                                 \
        const tlbe_t *e_ = RV(tlb_slot)(h->tlb_w.TLBE, RV(ea_lo)(a_));       \
        type v_ = (type)(src);                                               \
        if (ZL_UNLIKELY(!RV(tlb_match)(e_, a_, sizeof v_))) goto slow;       \
        memcpy(RV(tlb_host)(e_, RV(ea_lo)(a_)), &v_, sizeof v_);             \
    } while (0)
/* LQ and SQ move the value in two 64-bit halves.  Copied whole, the register would be
 * written or read with one 16-byte vector access, which does not forward to or from the
 * 8-byte accesses that the integer handlers make to the same register (a stall of tens
 * of cycles when the value is used right away).  The register's high half is reached
 * through its own offset, which translate() stores in the otherwise unused rs3
 * (rd + 8 or rs2 + 8): the compiler cannot tell that the two halves are adjacent, so it
 * cannot merge the two copies into one vector copy.  Both halves are read before
 * either is written, so no read waits behind a store to memory that might alias it. */
#define LOAD_FAST_Q(slow)                                                    \
    do {                                                                     \
        ea_t a_ = RV(ea)(x, i->rs1, i->imm);                                 \
        const tlbe_t *e_ = RV(tlb_slot)(h->tlb_r.TLBE, RV(ea_lo)(a_));       \
        if (ZL_UNLIKELY(!RV(tlb_match)(e_, a_, 16))) goto slow;              \
        const u8 *p_ = RV(tlb_host)(e_, RV(ea_lo)(a_));                      \
        u64 lo_ = RV(half)(p_), hi_ = RV(half)(p_ + 8);                      \
        memcpy((u8 *)x + i->rd, &lo_, 8);                                    \
        memcpy((u8 *)x + i->rs3, &hi_, 8);                                   \
    } while (0)
#define STORE_FAST_Q(slow)                                                   \
    do {                                                                     \
        ea_t a_ = RV(ea)(x, i->rs1, i->imm);                                 \
        const tlbe_t *e_ = RV(tlb_slot)(h->tlb_w.TLBE, RV(ea_lo)(a_));       \
        u64 lo_ = RV(half)((const u8 *)x + i->rs2);                          \
        u64 hi_ = RV(half)((const u8 *)x + i->rs3);                          \
        if (ZL_UNLIKELY(!RV(tlb_match)(e_, a_, 16))) goto slow;              \
        u8 *p_ = RV(tlb_host)(e_, RV(ea_lo)(a_));                            \
        memcpy(p_, &lo_, 8);                                                 \
        memcpy(p_ + 8, &hi_, 8);                                             \
    } while (0)
#define STORE_SLOW(type, src)                                                \
    do {                                                                     \
        type s_ = (type)(src);                                               \
        if (!RV(access_slow)(h, X(i->rs1) + IMM, &s_, sizeof s_, true)) goto trap; \
    } while (0)

/* The bodies of the simple operations: one instruction at xi `i`, no dispatch.  They
 * are the single handlers below and, two at a time, the fused pair handlers. */
#define B_LUI    X(i->rd) = IMM
#define B_AUIPC  X(i->rd) = PC + IMM
#define B_ADDI   X(i->rd) = RV(add_imm)(x, i->rs1, i->imm)
#define B_SLTI   X(i->rd) = SX(i->rs1) < (sxlen)i->imm
#define B_SLTIU  X(i->rd) = X(i->rs1) < IMM
#define B_XORI   X(i->rd) = X(i->rs1) ^ IMM
#define B_ORI    X(i->rd) = X(i->rs1) | IMM
#define B_ANDI   X(i->rd) = X(i->rs1) & IMM
#if XLEN == 128
#define B_SLLI   RV(slli)(x, i->rd, i->rs1, (unsigned)i->imm, i->rs2)
#define B_SRLI   RV(srli)(x, i->rd, i->rs1, (unsigned)i->imm, i->rs2)
#define B_SRAI   RV(srai)(x, i->rd, i->rs1, (unsigned)i->imm, i->rs2)
#else
#define B_SLLI   X(i->rd) = X(i->rs1) << i->imm
#define B_SRLI   X(i->rd) = X(i->rs1) >> i->imm
#define B_SRAI   X(i->rd) = (uxlen)(SX(i->rs1) >> i->imm)
#endif
#define B_ADD    X(i->rd) = X(i->rs1) + X(i->rs2)
#define B_SUB    X(i->rd) = X(i->rs1) - X(i->rs2)
#define B_SLL    X(i->rd) = X(i->rs1) << (X(i->rs2) & SHMASK)
#define B_SLT    X(i->rd) = SX(i->rs1) < SX(i->rs2)
#define B_SLTU   X(i->rd) = X(i->rs1) < X(i->rs2)
#define B_XOR    X(i->rd) = X(i->rs1) ^ X(i->rs2)
#define B_SRL    X(i->rd) = X(i->rs1) >> (X(i->rs2) & SHMASK)
#define B_SRA    X(i->rd) = (uxlen)(SX(i->rs1) >> (X(i->rs2) & SHMASK))
#define B_OR     X(i->rd) = X(i->rs1) | X(i->rs2)
#define B_AND    X(i->rd) = X(i->rs1) & X(i->rs2)
#define B_MUL    X(i->rd) = X(i->rs1) * X(i->rs2)
#define B_LB     LOAD_FAST(i8, X(i->rd), SEXT, S_LB)
#define B_LH     LOAD_FAST(i16, X(i->rd), SEXT, S_LH)
#define B_LW     LOAD_FAST(i32, X(i->rd), SEXT, S_LW)
#define B_LBU    LOAD_FAST(u8, X(i->rd), ZEXT, S_LBU)
#define B_LHU    LOAD_FAST(u16, X(i->rd), ZEXT, S_LHU)
#define B_SB     STORE_FAST(u8, X(i->rs2), S_SB)
#define B_SH     STORE_FAST(u16, X(i->rs2), S_SH)
#define B_SW     STORE_FAST(u32, X(i->rs2), S_SW)
#define B_ADDIW  X(i->rd) = SEXT32((u32)X(i->rs1) + (u32)i->imm)
#define B_SLLIW  X(i->rd) = SEXT32((u32)X(i->rs1) << i->imm)
#define B_SRLIW  X(i->rd) = SEXT32((u32)X(i->rs1) >> i->imm)
#define B_SRAIW  X(i->rd) = SEXT32((i32)X(i->rs1) >> i->imm)
#define B_ADDW   X(i->rd) = SEXT32((u32)X(i->rs1) + (u32)X(i->rs2))
#define B_SUBW   X(i->rd) = SEXT32((u32)X(i->rs1) - (u32)X(i->rs2))
#define B_MULW   X(i->rd) = SEXT32((u32)X(i->rs1) * (u32)X(i->rs2))
#define B_LWU    LOAD_FAST(u32, X(i->rd), ZEXT, S_LWU)
#define B_LD     LOAD_FAST(i64, X(i->rd), SEXT, S_LD)
#define B_SD     STORE_FAST(u64, X(i->rs2), S_SD)
#define B_LDU    LOAD_FAST(u64, X(i->rd), ZEXT, S_LDU)
#define B_FLD    LOAD_FAST(u64, FREG(i->rd), (u64), S_FLD)
#define B_FSD    STORE_FAST(u64, FREG(i->rs2), S_FSD)
#define B_LQ     LOAD_FAST_Q(S_LQ)
#define B_SQ     STORE_FAST_Q(S_SQ)
/* Control transfers.  A taken conditional branch leaves the block (BRANCH); the jumps
 * end it. */
#define B_BEQ    BRANCH(X(i->rs1) == X(i->rs2))
#define B_BNE    BRANCH(X(i->rs1) != X(i->rs2))
#define B_BLT    BRANCH(SX(i->rs1) < SX(i->rs2))
#define B_BGE    BRANCH(SX(i->rs1) >= SX(i->rs2))
#define B_BLTU   BRANCH(X(i->rs1) < X(i->rs2))
#define B_BGEU   BRANCH(X(i->rs1) >= X(i->rs2))
#define B_JAL                                                                \
    do {                                                                     \
        X(i->rd) = PC + i->len;                                              \
        CHAIN(0, PC + IMM);                                                  \
    } while (0)
#define B_JALR                                                               \
    do {                                                                     \
        uxlen t_ = (X(i->rs1) + IMM) & ~(uxlen)1;                            \
        X(i->rd) = PC + i->len;                                              \
        instret += b->n;                                                     \
        DISPATCH(t_);                                                        \
    } while (0)

/* The simple operations: those with a body above.  Each gets a single handler. */
#define SIMPLE_BASE(F)                                                       \
    F(LUI) F(AUIPC) F(ADDI) F(SLTI) F(SLTIU) F(XORI) F(ORI) F(ANDI) F(SLLI)   \
    F(SRLI) F(SRAI) F(ADD) F(SUB) F(SLL) F(SLT) F(SLTU) F(XOR) F(SRL) F(SRA)  \
    F(OR) F(AND) F(MUL) F(LB) F(LH) F(LW) F(LBU) F(LHU) F(SB) F(SH) F(SW)     \
    F(FLD) F(FSD)
#if XLEN >= 64
#define SIMPLE_64(F)                                                         \
    F(ADDIW) F(SLLIW) F(SRLIW) F(SRAIW) F(ADDW) F(SUBW) F(MULW) F(LWU) F(LD)  \
    F(SD)
#else
#define SIMPLE_64(F)
#endif
#if XLEN == 128
#define SIMPLE_128(F) F(LDU) F(LQ) F(SQ)
#else
#define SIMPLE_128(F)
#endif
#define SIMPLE(F) SIMPLE_BASE(F) SIMPLE_64(F) SIMPLE_128(F)
/* Conditional branches, and the jumps, which end a block and so can only come second
 * in a pair. */
#define BRANCHES(F) F(BEQ) F(BNE) F(BLT) F(BGE) F(BLTU) F(BGEU)
#define JUMPS(F) F(JAL) F(JALR)

/* Macro-op fusion.  translate() gives the first instruction of each listed pair of
 * adjacent operations a handler that executes both, which saves a dispatch (an
 * indirect jump) per pair.  The second xi stays in place with its own handler, so an
 * xi's index in its block is still the number of instructions before it (instret,
 * traps), a trap in the second half reports the second instruction, a taken branch in
 * the first half leaves before the second, and nothing else changes.
 *
 * Every handler costs code and compile time (the computed-goto graph grows with
 * handlers × dispatch points: all 40 × 48 combinations take minutes to compile), so
 * the lists hold the 300 pairs that matter most in measurements: adjacent operations
 * weighted by execution count in dynamic profiles of the bench/ programs and of a
 * glibc-heavy program (strings, malloc, qsort, memmove), and by static frequency in
 * Debian's riscv64 libc, libm, libgomp and libasan.  On a program outside that set
 * the list saves about 70% of the dispatches that all combinations would.  _128
 * repeats the LD/SD pairs with LQ/SQ (RV128's pointer loads and stores). */
#define PAIRS_BASE(F) \
    F(ADD, ADD) F(ADD, ADDI) F(ADD, AUIPC) F(ADD, BEQ) F(ADD, BGE) \
    F(ADD, BGEU) F(ADD, BLT) F(ADD, BLTU) F(ADD, BNE) F(ADD, LB) F(ADD, LBU) \
    F(ADD, LH) F(ADD, LHU) F(ADD, LW) F(ADD, SB) F(ADD, SLLI) F(ADD, SUB) \
    F(ADD, SW) F(ADDI, ADD) F(ADDI, ADDI) F(ADDI, AND) F(ADDI, ANDI) \
    F(ADDI, AUIPC) F(ADDI, BEQ) F(ADDI, BGE) F(ADDI, BGEU) F(ADDI, BLT) \
    F(ADDI, BLTU) F(ADDI, BNE) F(ADDI, LBU) F(ADDI, LH) F(ADDI, LW) \
    F(ADDI, SB) F(ADDI, SLLI) F(ADDI, SRLI) F(ADDI, SUB) F(ADDI, SW) \
    F(AND, ADD) F(AND, ADDI) F(AND, AND) F(AND, BEQ) F(AND, BNE) F(AND, OR) \
    F(AND, XOR) F(ANDI, ADDI) F(ANDI, ANDI) F(ANDI, BEQ) F(ANDI, BLT) \
    F(ANDI, BNE) F(AUIPC, ADDI) F(BEQ, ADD) F(BEQ, ADDI) F(BEQ, AUIPC) \
    F(BEQ, BEQ) F(BEQ, BLTU) F(BEQ, BNE) F(BEQ, LBU) F(BEQ, LUI) F(BEQ, LW) \
    F(BEQ, OR) F(BEQ, SLLI) F(BEQ, SRLI) F(BEQ, XOR) F(BGE, ADD) F(BGE, ADDI) \
    F(BGE, BNE) F(BGEU, ADD) F(BGEU, ADDI) F(BGEU, BEQ) F(BLT, ADD) \
    F(BLT, ADDI) F(BLT, BGE) F(BLT, SLT) F(BLTU, ADD) F(BLTU, ADDI) \
    F(BLTU, BGEU) F(BNE, ADD) F(BNE, ADDI) F(BNE, AUIPC) F(BNE, BEQ) \
    F(BNE, BNE) F(BNE, LBU) F(BNE, LUI) F(BNE, LW) F(BNE, SB) F(BNE, SW) \
    F(LB, BNE) F(LBU, ADD) F(LBU, ADDI) F(LBU, BEQ) F(LBU, BNE) F(LBU, LBU) \
    F(LBU, SB) F(LH, ADDI) F(LH, BEQ) F(LH, BNE) F(LH, LH) F(LHU, LUI) \
    F(LUI, ADD) F(LUI, ADDI) F(LUI, BLTU) F(LUI, LHU) F(LUI, LUI) F(LW, ADD) \
    F(LW, ADDI) F(LW, BEQ) F(LW, BGEU) F(LW, BLTU) F(LW, BNE) F(LW, LW) \
    F(OR, ADD) F(OR, AND) F(OR, OR) F(OR, SW) F(OR, XORI) F(SB, ADDI) \
    F(SB, SB) F(SLL, OR) F(SLLI, ADD) F(SLLI, ADDI) F(SLLI, AND) F(SLLI, OR) \
    F(SLLI, SLLI) F(SLLI, SRLI) F(SLLI, SW) F(SLTU, ADDI) F(SRL, SLL) \
    F(SRLI, ADD) F(SRLI, ADDI) F(SRLI, ANDI) F(SRLI, BEQ) F(SRLI, BNE) \
    F(SRLI, SLLI) F(SUB, ADD) F(SUB, SLTU) F(SW, ADD) F(SW, ADDI) \
    F(SW, AUIPC) F(SW, BNE) F(SW, SLLI) F(SW, SW) F(XOR, ADDI) F(XOR, AND) \
    F(XOR, OR) F(XOR, SLLI) F(XOR, XOR) F(XORI, AND) F(XORI, XOR)
#define PAIRS_BASE_JUMP(F) \
    F(ADD, JAL) F(ADD, JALR) F(ADDI, JAL) F(ADDI, JALR) F(BEQ, JAL) \
    F(BGE, JAL) F(BGEU, JAL) F(BLTU, JAL) F(BNE, JAL) F(LW, JAL) F(SB, JAL) \
    F(SRLI, JAL) F(SW, JAL)
#define PAIRS_64(F) \
    F(ADD, ADDIW) F(ADD, ADDW) F(ADD, LD) F(ADD, SD) F(ADD, SLLIW) \
    F(ADD, SUBW) F(ADDI, ADDIW) F(ADDI, ADDW) F(ADDI, LD) F(ADDI, MULW) \
    F(ADDI, SD) F(ADDI, SRAIW) F(ADDI, SUBW) F(ADDIW, ADD) F(ADDIW, ADDI) \
    F(ADDIW, ADDIW) F(ADDIW, ADDW) F(ADDIW, ANDI) F(ADDIW, BEQ) F(ADDIW, BGE) \
    F(ADDIW, BLT) F(ADDIW, BNE) F(ADDIW, LD) F(ADDIW, LW) F(ADDIW, MULW) \
    F(ADDIW, OR) F(ADDIW, SLLI) F(ADDIW, SLLIW) F(ADDIW, SRAIW) \
    F(ADDIW, SRLI) F(ADDIW, SW) F(ADDW, ADDIW) F(ADDW, ADDW) F(ADDW, BGE) \
    F(ADDW, BLT) F(ADDW, BLTU) F(ADDW, BNE) F(ADDW, LBU) F(ADDW, SB) \
    F(ADDW, SUBW) F(ADDW, XOR) F(AND, ADDIW) F(AND, ADDW) F(AND, SRLIW) \
    F(ANDI, MULW) F(AUIPC, LD) F(BEQ, ADDIW) F(BEQ, LD) F(BEQ, SD) \
    F(BEQ, SUBW) F(BGE, ADDIW) F(BGE, LD) F(BGEU, LD) F(BLT, LD) \
    F(BLTU, ADDIW) F(BLTU, LD) F(BNE, ADDIW) F(BNE, LD) F(LBU, ADDIW) \
    F(LBU, SLLIW) F(LD, ADD) F(LD, ADDI) F(LD, ADDIW) F(LD, AUIPC) F(LD, BEQ) \
    F(LD, BGEU) F(LD, BLTU) F(LD, BNE) F(LD, LBU) F(LD, LD) F(LD, LUI) \
    F(LD, LW) F(LD, SD) F(LD, SLLI) F(LD, SUB) F(LD, XOR) F(LHU, ADDIW) \
    F(LW, ADDIW) F(LW, LD) F(LW, SD) F(LW, SRAIW) F(LW, SRLIW) F(MULW, ADDI) \
    F(MULW, ADDW) F(MULW, MULW) F(MULW, SRLIW) F(MULW, SW) F(OR, ADDW) \
    F(OR, LD) F(OR, SLLIW) F(OR, SRLIW) F(SB, ADDIW) F(SB, ADDW) F(SD, ADD) \
    F(SD, ADDI) F(SD, AUIPC) F(SD, BEQ) F(SD, BNE) F(SD, LBU) F(SD, LD) \
    F(SD, SD) F(SD, SRL) F(SD, SW) F(SLLI, ADDIW) F(SLLIW, AND) F(SLLIW, BEQ) \
    F(SLLIW, LW) F(SLLIW, OR) F(SLLIW, SLLI) F(SLLIW, SLLIW) F(SLLIW, SRLIW) \
    F(SLLIW, XOR) F(SLT, ADDW) F(SRAIW, ADDW) F(SRAIW, ANDI) F(SRAIW, SRAIW) \
    F(SRLI, SLLIW) F(SRLIW, ADDIW) F(SRLIW, ADDW) F(SRLIW, OR) \
    F(SRLIW, SLLIW) F(SRLIW, SRLIW) F(SRLIW, SUBW) F(SRLIW, XOR) F(SUBW, ADD) \
    F(SUBW, AND) F(SW, ADDIW) F(SW, LD) F(SW, SD) F(XOR, ADDIW) F(XOR, ADDW) \
    F(XOR, SLLIW) F(XOR, SRLIW)
#define PAIRS_64_JUMP(F) \
    F(ADDIW, JAL) F(LD, JAL) F(LD, JALR) F(SD, JAL) F(SUBW, JAL) \
    F(SUBW, JALR)
#define PAIRS_128(F) \
    F(ADD, LQ) F(ADD, SQ) F(ADDI, LQ) F(ADDI, SQ) F(ADDIW, LQ) F(AUIPC, LQ) \
    F(BEQ, LQ) F(BEQ, SQ) F(BGE, LQ) F(BGEU, LQ) F(BLT, LQ) F(BLTU, LQ) \
    F(BNE, LQ) F(LQ, ADD) F(LQ, ADDI) F(LQ, ADDIW) F(LQ, AUIPC) F(LQ, BEQ) \
    F(LQ, BGEU) F(LQ, BLTU) F(LQ, BNE) F(LQ, LBU) F(LQ, LQ) F(LQ, LUI) \
    F(LQ, LW) F(LQ, SLLI) F(LQ, SQ) F(LQ, SUB) F(LQ, XOR) F(LW, LQ) F(LW, SQ) \
    F(OR, LQ) F(SQ, ADD) F(SQ, ADDI) F(SQ, AUIPC) F(SQ, BEQ) F(SQ, BNE) \
    F(SQ, LBU) F(SQ, LQ) F(SQ, SQ) F(SQ, SRL) F(SQ, SW) F(SW, LQ) F(SW, SQ)
#define PAIRS_128_JUMP(F) \
    F(LQ, JAL) F(LQ, JALR) F(SQ, JAL)
/* Double-precision loads and stores, the bulk of FP code's dispatches (the arithmetic
 * itself is a call into src/fp and gains nothing from fusion). */
#define PAIRS_FP(F)                                                          \
    F(FLD, FLD) F(FSD, FSD) F(FLD, FSD) F(FSD, FLD) F(ADD, FLD) F(FLD, ADD)   \
    F(ADDI, FLD) F(FLD, ADDI) F(ADDI, FSD) F(FSD, ADDI) F(AUIPC, FLD) F(FSD, BNE)
#if XLEN >= 64
#define PAIRS_64_(F) PAIRS_64(F)
#define PAIRS_64_JUMP_(F) PAIRS_64_JUMP(F)
#else
#define PAIRS_64_(F)
#define PAIRS_64_JUMP_(F)
#endif
#if XLEN == 128
#define PAIRS_128_(F) PAIRS_128(F)
#define PAIRS_128_JUMP_(F) PAIRS_128_JUMP(F)
#else
#define PAIRS_128_(F)
#define PAIRS_128_JUMP_(F)
#endif
/* Pairs ending in a jump end the block; the others continue. */
#define PAIRS(F) PAIRS_BASE(F) PAIRS_FP(F) PAIRS_64_(F) PAIRS_128_(F)
#define PAIRS_JUMP(F) PAIRS_BASE_JUMP(F) PAIRS_64_JUMP_(F) PAIRS_128_JUMP_(F)

/* Fusion index: 1 + position in SIMPLE, then BRANCHES (which may come first or
 * second), then JUMPS (second only); 0 for everything else. */
#define FUSE_ENUM(op) FX_##op,
enum { FX_NONE_, SIMPLE(FUSE_ENUM) BRANCHES(FUSE_ENUM) FX_FIRST_END_, JUMPS(FUSE_ENUM) FX_COUNT_ };
#undef FUSE_ENUM
#define FUSE_N1 (FX_FIRST_END_ - 1)       /* operations that may come first */
#define FUSE_N2 (FX_COUNT_ - 1)           /* ... and second (one index unused) */
#define FUSE_IDX(op) [ISA_##op] = FX_##op,
static const u8 RV(fuse_idx)[ISA_OP_COUNT] = { SIMPLE(FUSE_IDX) BRANCHES(FUSE_IDX) JUMPS(FUSE_IDX) };
#undef FUSE_IDX

/* Handler addresses (they are labels inside RV(run)) for the translator. */
struct RV(labels) {
    const void *const *op;                  /* [OP_NLABELS] */
    const void *const (*pair)[FUSE_N2];     /* [FUSE_N1][FUSE_N2] */
};

/* Decode the block starting at pc.  Returns NULL (with h->trap set) when even the first
 * instruction cannot be fetched. */
static struct block *RV(translate)(struct hart *h, struct cache *c, uxlen pc,
                                   const struct RV(labels) *L)
{
    size_t worst = sizeof(struct block) + (MAX_BLOCK_INSNS + 1) * sizeof(struct xi);
    if (c->used + worst > ARENA_SIZE) RV(cache_flush)(c);
    struct block *b = (struct block *)(c->arena + c->used);
    b->pc = pc;
    b->succ[0] = b->succ[1] = NULL;
    uxlen a = pc;
    u32 n = 0;
    u16 ops[MAX_BLOCK_INSNS];
    bool isbr[MAX_BLOCK_INSNS];
    /* Jumps and branches keep pc 2-aligned (jalr clears bit 0), and so does every entry
     * from the personality (hart_resume_at).  Should an odd pc still arrive, the hart
     * raises instruction-address-misaligned and fetches nothing: a parcel at the last
     * byte of a page would straddle into the next. */
    if (pc & 1) {
        h->trap.cause = TRAP_FETCH_MISALIGNED;
        h->trap.addr = (u128)pc;
        h->trap.maperr = h->trap.bus = false;
        return NULL;
    }
    for (;;) {
        struct xi *x = &b->insn[n];
        u16 lo, hi;
        if (!RV(fetch16)(h, a, &lo)) {
            if (n == 0) {
                RV(set_fault)(h, TRAP_FETCH_FAULT, (u128)a, PROT_EXEC);
                return NULL;
            }
            break;                       /* the next block will report the fault */
        }
        u32 word = lo;
        int len = isa_insn_len(lo);
        if (len == 4) {
            if (!RV(fetch16)(h, a + 2, &hi)) {
                if (n == 0) {
                    RV(set_fault)(h, TRAP_FETCH_FAULT, (u128)(a + 2), PROT_EXEC);
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
            x->h = L->op[OP_ILLEGAL];
            ops[n] = OP_ILLEGAL;
            isbr[n] = false;
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
        x->h = L->op[in.op];
        ops[n] = in.op;
        isbr[n] = (in.desc->flags & ISA_F_BRANCH) != 0;
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
#if XLEN == 128
        if (in.op == ISA_LQ) x->rs3 = (u16)(x->rd + 8);      /* LOAD_FAST_Q */
        if (in.op == ISA_SQ) x->rs3 = (u16)(x->rs2 + 8);     /* STORE_FAST_Q */
        if (in.op == ISA_SLLI || in.op == ISA_SRLI || in.op == ISA_SRAI) {
            if (in.imm == 0 || in.imm >= 64) {
                ops[n] = in.op == ISA_SLLI ? OP_SLLI_WIDE : in.op == ISA_SRLI ? OP_SRLI_WIDE
                                                                             : OP_SRAI_WIDE;
                x->h = L->op[ops[n]];
            } else {
                x->rs2 = (u16)(64 - in.imm);
            }
        }
#endif
        n++;
        a += in.len;
        if ((in.desc->flags & (ISA_F_ENDS_BLOCK & ~ISA_F_BRANCH)) || n == MAX_BLOCK_INSNS ||
            ((a ^ pc) & PAGE_MASK))
            break;
    }
    for (u32 k = 0; k < n; k++)
        if (isbr[k]) {
            struct xi *x = &b->insn[k];
            x->toff = x->pcoff + x->imm;
            x->link = NULL;
        }
    /* Fuse adjacent pairs, greedily from the front (which is optimal on a sequence). */
    for (u32 k = 0; k + 1 < n; k++) {
        unsigned f1 = ops[k] < ISA_OP_COUNT ? RV(fuse_idx)[ops[k]] : 0;
        unsigned f2 = ops[k + 1] < ISA_OP_COUNT ? RV(fuse_idx)[ops[k + 1]] : 0;
        if (f1 && f1 <= FUSE_N1 && f2 && L->pair[f1 - 1][f2 - 1]) {
            b->insn[k].h = L->pair[f1 - 1][f2 - 1];
            k++;
        }
    }
    struct xi *end = &b->insn[n];
    memset(end, 0, sizeof *end);
    end->h = L->op[OP_END];
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
                                const struct RV(labels) *L)
{
    for (struct block *b = c->hash[RV(hash)(pc)]; b; b = b->hnext)
        if (b->pc == pc) return b;
    return RV(translate)(h, c, pc, L);
}

/* The effective address x[rs1] + imm of the handlers' fast paths.  RV128 computes only
 * its low half and pairs it with the high half of the register: the address's high half
 * differs from the register's only when the low half carries out of (imm >= 0) or
 * borrows into (imm < 0) bit 64, and then the low half lies in the first page
 * (lo + imm - 2^64 < imm < 2^11) or the last page (lo + imm + 2^64 >= 2^64 - 2^11) of
 * the 64-bit range.  access_slow() never puts those two pages in the TLB, so a hit on
 * (low half, register's high half) is a hit on the address itself: the compare costs
 * no carry propagation.  (Compilers also handle a 128-bit sum of a register and a
 * sign-extended immediate poorly in this large function: they spill it.) */
#if XLEN == 128
typedef struct { u64 lo, hi; } ea_t;
static inline u64 RV(half)(const void *p)
{
    u64 v;
    memcpy(&v, p, sizeof v);
    return v;
}
static inline ea_t RV(ea)(const uxlen *x, unsigned off, i32 imm)
{
    const u8 *r = (const u8 *)x + off;
    ea_t a = { RV(half)(r) + (u64)(i64)imm, RV(half)(r + 8) };
    return a;
}
static inline u64 RV(ea_lo)(ea_t a) { return a.lo; }
static inline void RV(put2)(uxlen *x, unsigned off, u64 lo, u64 hi)
{
    u8 *r = (u8 *)x + off;
    memcpy(r, &lo, 8);
    memcpy(r + 8, &hi, 8);
}
/* Shifts by an immediate s in 1..63, in 64-bit halves without a branch or a select;
 * translate() stores 64 - s in the otherwise unused rs2 (other amounts get the
 * OP_*_WIDE handlers). */
static inline void RV(slli)(uxlen *x, unsigned rd, unsigned rs, unsigned s, unsigned s64)
{
    const u8 *r = (const u8 *)x + rs;
    u64 lo = RV(half)(r), hi = RV(half)(r + 8);
    RV(put2)(x, rd, lo << s, (hi << s) | (lo >> s64));
}
static inline void RV(srli)(uxlen *x, unsigned rd, unsigned rs, unsigned s, unsigned s64)
{
    const u8 *r = (const u8 *)x + rs;
    u64 lo = RV(half)(r), hi = RV(half)(r + 8);
    RV(put2)(x, rd, (lo >> s) | (hi << s64), hi >> s);
}
static inline void RV(srai)(uxlen *x, unsigned rd, unsigned rs, unsigned s, unsigned s64)
{
    const u8 *r = (const u8 *)x + rs;
    u64 lo = RV(half)(r), hi = RV(half)(r + 8);
    RV(put2)(x, rd, (lo >> s) | (hi << s64), (u64)((i64)hi >> s));
}
/* x[off] + imm in 64-bit halves. */
static inline uxlen RV(add_imm)(const uxlen *x, unsigned off, i32 imm)
{
    const u8 *r = (const u8 *)x + off;
    u64 lo = RV(half)(r), hi = RV(half)(r + 8), sum = lo + (u64)(i64)imm;
    hi += (u64)((i64)imm >> 63) + (sum < lo);
    return (uxlen)hi << 64 | sum;
}
/* a: RV(ea)'s pair (low half of the address, high half of the register). */
static inline bool RV(tlb_match)(const tlbe_t *e, ea_t a, unsigned size)
{
    const u8 *t = (const u8 *)&e->tag;
    return ((RV(half)(t) ^ (a.lo & (~(u64)0xfff | (size - 1)))) | (RV(half)(t + 8) ^ a.hi)) == 0;
}
#else
typedef uxlen ea_t;
static inline ea_t RV(ea)(const uxlen *x, unsigned off, i32 imm)
{
    return *(const uxlen *)(const void *)((const u8 *)x + off) + (uxlen)(sxlen)imm;
}
static inline u64 RV(ea_lo)(ea_t a) { return (u64)a; }
static inline uxlen RV(add_imm)(const uxlen *x, unsigned off, i32 imm)
{
    return RV(ea)(x, off, imm);
}
static inline bool RV(tlb_match)(const tlbe_t *e, ea_t a, unsigned size)
{
    return e->tag == RV(tlb_key)(a, size);
}
#endif

/* Host pointer for an aligned access that hits the TLB, else NULL. */
static inline u8 *RV(tlb_hit)(const tlbe_t *tlb, uxlen a, unsigned size)
{
    const tlbe_t *e = RV(tlb_slot)(tlb, (u64)a);
    if (ZL_LIKELY(e->tag == RV(tlb_key)(a, size))) return RV(tlb_host)(e, (u64)a);
    return NULL;
}

/* Host pointer for an atomic (must be naturally aligned; readable, and writable unless
 * LR).  A fault is a load fault for LR and a store fault for the others.  *guarded says
 * the page can fault on the host (mm_region.hostfault): the atomic must then run through
 * RV(amo_guarded). */
static u8 *RV(amo_ptr)(struct hart *h, uxlen a, unsigned size, bool is_lr, bool *guarded)
{
    *guarded = false;
    if (a & (size - 1)) {
        h->trap.cause = is_lr ? TRAP_LOAD_MISALIGNED : TRAP_STORE_MISALIGNED;
        h->trap.addr = (u128)a;
        h->trap.maperr = h->trap.bus = false;
        return NULL;
    }
    u8 *hit = RV(tlb_hit)(is_lr ? h->tlb_r.TLBE : h->tlb_w.TLBE, a, size);
    if (hit) return hit;
    /* an aligned access does not cross a page: its bytes are in one region */
    const struct mm_region *r = mm_find(h->mm, (u128)a);
    int need = is_lr ? PROT_READ : PROT_READ | PROT_WRITE;
    if (!r || (mm_rights(r->prot) & need) != need) {
        RV(set_fault)(h, is_lr ? TRAP_LOAD_FAULT : TRAP_STORE_FAULT, (u128)a, need);
        return NULL;
    }
    *guarded = r->hostfault;
    RV(tlb_fill)(h, r, a, !is_lr);
    return r->host + (size_t)((u128)a - r->start);
}

/* An atomic on a page that can fault on the host, every access inside a guard
 * (mm_guarded_atomic_*): the operation as a compare-and-swap loop, LR as a load, SC as
 * one compare-and-swap.  The value for rd goes to *rd; false with the guest's SIGBUS set
 * when the host faulted, before or during the access. */
enum amo_op { AMO_OP_SWAP, AMO_OP_ADD, AMO_OP_XOR, AMO_OP_AND, AMO_OP_OR, AMO_OP_MIN,
              AMO_OP_MAX, AMO_OP_MINU, AMO_OP_MAXU, AMO_OP_LR, AMO_OP_SC };

static u128 RV(amo_sext)(u128 v, unsigned size)
{
    return size == 4 ? (u128)(i128)(i32)(u32)v : size == 8 ? (u128)(i128)(i64)(u64)v : v;
}

static u128 RV(amo_apply)(enum amo_op op, u128 a, u128 b, unsigned size)
{
    i128 sa = (i128)RV(amo_sext)(a, size), sb = (i128)RV(amo_sext)(b, size);
    u128 mask = size == 16 ? ~(u128)0 : ((u128)1 << (8 * size)) - 1;
    a &= mask;
    b &= mask;
    switch (op) {
    case AMO_OP_ADD: return a + b;
    case AMO_OP_XOR: return a ^ b;
    case AMO_OP_AND: return a & b;
    case AMO_OP_OR: return a | b;
    case AMO_OP_MIN: return sa < sb ? a : b;
    case AMO_OP_MAX: return sa > sb ? a : b;
    case AMO_OP_MINU: return a < b ? a : b;
    case AMO_OP_MAXU: return a > b ? a : b;
    default: return b;                                  /* swap */
    }
}

static __attribute__((noinline)) bool RV(amo_guarded)(struct hart *h, uxlen addr, u8 *p,
                                                      unsigned size, enum amo_op op, uxlen src,
                                                      uxlen *rd)
{
    u128 a = 0;
    bool done = false;
    if (op == AMO_OP_SC) {
        a = h->resv_value;
        if (h->resv_valid && h->resv_addr == (u128)addr && h->resv_size == size &&
            !mm_guarded_atomic_cas(p, size, &a, (u128)src, &done))
            goto fault;
        h->resv_valid = false;
        *rd = !done;
        return true;
    }
    /* a 16-byte atomic load is a compare-and-swap: where the page is not writable no
     * thread can store, and a plain copy is exact (as RV(lr_load_u128)) */
    const struct mm_region *r = size == 16 ? mm_find(h->mm, (u128)addr) : NULL;
    if (r && !(r->prot & PROT_WRITE) ? mm_guarded_copy(&a, p, size, p) != size
                                     : !mm_guarded_atomic_load(p, size, &a))
        goto fault;
    if (op == AMO_OP_LR) {
        h->resv_addr = (u128)addr;
        h->resv_value = (u128)(uxlen)RV(amo_sext)(a, size);
        h->resv_size = size;
        h->resv_valid = true;
    }
    while (op != AMO_OP_LR && !done)
        if (!mm_guarded_atomic_cas(p, size, &a, RV(amo_apply)(op, a, (u128)src, size), &done))
            goto fault;
    *rd = (uxlen)RV(amo_sext)(a, size);
    return true;
fault:
    RV(set_fault)(h, op == AMO_OP_LR ? TRAP_LOAD_FAULT : TRAP_STORE_FAULT, (u128)addr,
                  op == AMO_OP_LR ? PROT_READ : PROT_READ | PROT_WRITE);
    return false;
}

/* The loads and compare-and-swaps the atomics use, per access size (hostatomic.h). */
ZL_GUEST_MEMORY_CODE static inline u32 RV(amo_load_u32)(u8 *p) { return __atomic_load_n((u32 *)p, __ATOMIC_SEQ_CST); }
ZL_GUEST_MEMORY_CODE static inline u64 RV(amo_load_u64)(u8 *p) { return __atomic_load_n((u64 *)p, __ATOMIC_SEQ_CST); }
ZL_GUEST_MEMORY_CODE static inline u128 RV(amo_load_u128)(u8 *p) { return host_load128((u128 *)p); }
ZL_GUEST_MEMORY_CODE static inline bool RV(amo_cas_u32)(u8 *p, u32 *old, u32 v)
{
    return __atomic_compare_exchange_n((u32 *)p, old, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}
ZL_GUEST_MEMORY_CODE static inline bool RV(amo_cas_u64)(u8 *p, u64 *old, u64 v)
{
    return __atomic_compare_exchange_n((u64 *)p, old, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}
ZL_GUEST_MEMORY_CODE static inline bool RV(amo_cas_u128)(u8 *p, u128 *old, u128 v)
{
    return host_cas128((u128 *)p, old, v);
}

/* LR's load.  16 bytes: atomic through a compare-and-swap where the page is writable
 * (where it is not, no thread can store there and a plain load is exact). */
ZL_GUEST_MEMORY_CODE static inline u32 RV(lr_load_u32)(struct hart *h, uxlen a, u8 *p)
{
    (void)h; (void)a;
    return RV(amo_load_u32)(p);
}
ZL_GUEST_MEMORY_CODE static inline u64 RV(lr_load_u64)(struct hart *h, uxlen a, u8 *p)
{
    (void)h; (void)a;
    return RV(amo_load_u64)(p);
}
ZL_GUEST_MEMORY_CODE static inline u128 RV(lr_load_u128)(struct hart *h, uxlen a, u8 *p)
{
    const struct mm_region *r = RV(tlb_hit)(h->tlb_w.TLBE, a, 16) ? NULL : mm_find(h->mm, (u128)a);
    if (r && !(r->prot & PROT_WRITE)) {
        u128 v;
        memcpy(&v, p, sizeof v);
        return v;
    }
    return host_load128((u128 *)p);
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
#define FREG(off) (*(u64 *)((u8 *)h->f + (off)))
#define IMM ((uxlen)(sxlen)i->imm)
#define PC (b->pc + i->pcoff)
#define NEXT do { i++; ZL_JUMP(i->h); } while (0)
#define SHMASK (XLEN - 1)

/* The interpreter's entry (the engine's run; the translator calls it too). */
ZL_GUEST_MEMORY_CODE int RV(run)(struct hart *h)
{
    static const void *const op_labels[OP_NLABELS] = {
        [ISA_OP_INVALID] = ZL_LABEL(L_ILLEGAL),
#define OP(op, ...) [ISA_##op] = ZL_LABEL(L_##op),
#define VAR(...)
#include "isa/insns.def"
#undef OP
#undef VAR
        [OP_END] = ZL_LABEL(L_END),
        [OP_ILLEGAL] = ZL_LABEL(L_ILLEGAL),
        [OP_SLLI_WIDE] = ZL_LABEL(L_SLLI_WIDE),
        [OP_SRLI_WIDE] = ZL_LABEL(L_SRLI_WIDE),
        [OP_SRAI_WIDE] = ZL_LABEL(L_SRAI_WIDE),
    };
#define PAIR_LABEL(a, b) [FX_##a - 1][FX_##b - 1] = ZL_LABEL(L_P_##a##_##b),
    static const void *const pairs[FUSE_N1][FUSE_N2] = {
        PAIRS(PAIR_LABEL) PAIRS_JUMP(PAIR_LABEL)
    };
#undef PAIR_LABEL
    static const struct RV(labels) labels = { op_labels, pairs };
    struct cache *c = RV(cache_get)(h);
    if (!c) {
        h->trap.cause = TRAP_FETCH_FAULT;
        h->trap.bus = false;
        return RUN_TRAP;
    }
    uxlen *x = h->x.XR;
    u64 instret = h->instret;
    struct block *b, *nb;
    const struct xi *i;
    uxlen target;
    int stop, miss_slot;

    if (h->tlb_gen != h->mm->gen) RV(tlb_flush)(h);
    if (h->code_gen != __atomic_load_n(&h->mm->code_gen, __ATOMIC_RELAXED)) {
        RV(cache_flush)(c);
        h->code_gen = __atomic_load_n(&h->mm->code_gen, __ATOMIC_RELAXED);
    }
    target = (uxlen)h->pc;

/* Enter block nb at its first instruction, unless instret has reached insn_limit (the
 * block just left has been counted by then). */
#define ENTER()                                                              \
    do {                                                                     \
        if (ZL_UNLIKELY(instret >= h->insn_limit)) { h->pc = (u128)nb->pc; goto request; } \
        b = nb;                                                              \
        i = b->insn;                                                         \
        ZL_JUMP(i->h);                                                       \
    } while (0)

/* Leave the block at its end for a fixed successor (direct jump, fall-through).  The
 * first time, the shared cold path chain_miss looks the successor up and links it. */
#define CHAIN(slot, tgt)                                                     \
    do {                                                                     \
        instret += b->n;                                                     \
        nb = b->succ[slot];                                                  \
        if (ZL_UNLIKELY(!nb)) {                                              \
            target = (tgt);                                                  \
            miss_slot = (slot);                                              \
            goto chain_miss;                                                 \
        }                                                                    \
        ENTER();                                                             \
    } while (0)

/* Continue at a computed address (indirect jump, after ecall; the caller has counted
 * the block): the jump cache, else the shared cold path dispatch_miss. */
#define DISPATCH(tgt)                                                        \
    do {                                                                     \
        target = (tgt);                                                      \
        nb = c->jc[RV(jc_idx)(target)];                                      \
        if (ZL_UNLIKELY(!nb || nb->pc != target)) goto dispatch_miss;        \
        ENTER();                                                             \
    } while (0)

/* A conditional branch: taken, a side exit to the linked target block (the first time
 * through the shared cold path exit_miss); not taken, the next instruction. */
#define BRANCH(cond)                                                         \
    do {                                                                     \
        if (cond) {                                                          \
            nb = i->link;                                                    \
            if (ZL_UNLIKELY(!nb)) goto exit_miss;                            \
            instret += i->done;                                              \
            ENTER();                                                         \
        }                                                                    \
    } while (0)

    DISPATCH(target);

    /* ---- control transfer ---- */
L_END:
    CHAIN(1, PC);
L_JAL:  B_JAL;
L_JALR: B_JALR;
L_BEQ:  B_BEQ; NEXT;
L_BNE:  B_BNE; NEXT;
L_BLT:  B_BLT; NEXT;
L_BGE:  B_BGE; NEXT;
L_BLTU: B_BLTU; NEXT;
L_BGEU: B_BGEU; NEXT;

    /* ---- the simple operations (integer computation, loads, stores), alone ---- */
#define SINGLE(op) L_##op: B_##op; NEXT;
    SIMPLE(SINGLE)
#undef SINGLE
    /* the slow paths of the loads and stores (TLB miss, misaligned, page-crossing) */
S_LB:  LOAD_SLOW(i8, X(i->rd), SEXT); NEXT;
S_LH:  LOAD_SLOW(i16, X(i->rd), SEXT); NEXT;
S_LW:  LOAD_SLOW(i32, X(i->rd), SEXT); NEXT;
S_LBU: LOAD_SLOW(u8, X(i->rd), ZEXT); NEXT;
S_LHU: LOAD_SLOW(u16, X(i->rd), ZEXT); NEXT;
S_SB:  STORE_SLOW(u8, X(i->rs2)); NEXT;
S_SH:  STORE_SLOW(u16, X(i->rs2)); NEXT;
S_SW:  STORE_SLOW(u32, X(i->rs2)); NEXT;
#if XLEN >= 64
S_LWU: LOAD_SLOW(u32, X(i->rd), ZEXT); NEXT;
S_LD:  LOAD_SLOW(i64, X(i->rd), SEXT); NEXT;
S_SD:  STORE_SLOW(u64, X(i->rs2)); NEXT;
#endif
#if XLEN == 128
S_LDU: LOAD_SLOW(u64, X(i->rd), ZEXT); NEXT;
S_LQ:  LOAD_SLOW(u128, X(i->rd), ZEXT); NEXT;
S_SQ:  STORE_SLOW(u128, X(i->rs2)); NEXT;
#endif
#if XLEN < 64
L_ADDIW: L_SLLIW: L_SRLIW: L_SRAIW: L_ADDW: L_SUBW: L_MULW: L_LWU: L_LD: L_SD:
    goto illegal;
#endif
#if XLEN < 128
L_LDU: L_LQ: L_SQ:
    goto illegal;
#endif

    /* ---- ... and fused in pairs ---- */
#define PAIR(a, b) L_P_##a##_##b: B_##a; i++; B_##b; NEXT;
#define PAIR_END(a, b) L_P_##a##_##b: B_##a; i++; B_##b;
    PAIRS(PAIR)
    PAIRS_JUMP(PAIR_END)
#undef PAIR
#undef PAIR_END

    /* ---- the rest of the integer operations ---- */
#if XLEN >= 64
L_SLLW:  X(i->rd) = SEXT32((u32)X(i->rs1) << (X(i->rs2) & 31)); NEXT;
L_SRLW:  X(i->rd) = SEXT32((u32)X(i->rs1) >> (X(i->rs2) & 31)); NEXT;
L_SRAW:  X(i->rd) = SEXT32((i32)X(i->rs1) >> (X(i->rs2) & 31)); NEXT;
#else
L_SLLW: L_SRLW: L_SRAW:
    goto illegal;
#endif

#if XLEN == 128
L_SLLI_WIDE: X(i->rd) = X(i->rs1) << i->imm; NEXT;
L_SRLI_WIDE: X(i->rd) = X(i->rs1) >> i->imm; NEXT;
L_SRAI_WIDE: X(i->rd) = (uxlen)(SX(i->rs1) >> i->imm); NEXT;
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
L_SLLI_WIDE: L_SRLI_WIDE: L_SRAI_WIDE:
L_ADDID: L_SLLID: L_SRLID: L_SRAID: L_ADDD: L_SUBD: L_SLLD: L_SRLD: L_SRAD:
    goto illegal;
#endif

    /* ---- M ---- */
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
L_DIVW: L_DIVUW: L_REMW: L_REMUW:
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

    /* ---- A: atomics on the host's atomics, so that they hold between guest threads
     * (common/hostatomic.h).  Every x86-64 locked instruction is a full barrier, which
     * covers the aq and rl bits.  SC succeeds if an LR of the same size reserved the
     * address and memory still holds the value that LR read, made atomic by a
     * compare-and-swap (the rule QEMU uses too). ---- */
/* the guarded form of an atomic (RV(amo_guarded)) when the page can fault on the host */
#define AMO_GUARD(type, OP, is_lr)                                           \
    bool g_;                                                                 \
    u8 *p_ = RV(amo_ptr)(h, X(i->rs1), sizeof(type), is_lr, &g_);            \
    if (!p_) goto trap;                                                      \
    if (ZL_UNLIKELY(g_)) {                                                   \
        uxlen rd_;                                                           \
        if (!RV(amo_guarded)(h, X(i->rs1), p_, sizeof(type), OP, X(i->rs2), &rd_)) \
            goto trap;                                                       \
        X(i->rd) = rd_;                                                      \
        NEXT;                                                                \
    }
#define AMO_ARITH(type, stype, op, OP)                                       \
    do {                                                                     \
        AMO_GUARD(type, OP, false)                                           \
        type a_ = op((type *)p_, (type)X(i->rs2), __ATOMIC_SEQ_CST);         \
        X(i->rd) = (uxlen)(sxlen)(stype)a_;                                  \
        NEXT;                                                                \
    } while (0)
/* min/max (and every 16-byte AMO): a compare-and-swap loop */
#define AMO_CAS(type, stype, expr, OP)                                       \
    do {                                                                     \
        AMO_GUARD(type, OP, false)                                           \
        type b_ = (type)X(i->rs2), a_ = RV(amo_load_##type)(p_);             \
        while (!RV(amo_cas_##type)(p_, &a_, (expr))) {}                      \
        X(i->rd) = (uxlen)(sxlen)(stype)a_;                                  \
        NEXT;                                                                \
    } while (0)
#define AMO_LR(type, stype)                                                  \
    do {                                                                     \
        AMO_GUARD(type, AMO_OP_LR, true)                                     \
        type a_ = RV(lr_load_##type)(h, X(i->rs1), p_);                      \
        h->resv_addr = (u128)X(i->rs1);                                      \
        h->resv_value = (u128)(uxlen)(sxlen)(stype)a_;                       \
        h->resv_size = sizeof(type);                                         \
        h->resv_valid = true;                                                \
        X(i->rd) = (uxlen)(sxlen)(stype)a_;                                  \
        NEXT;                                                                \
    } while (0)
#define AMO_SC(type, stype)                                                  \
    do {                                                                     \
        AMO_GUARD(type, AMO_OP_SC, false)                                    \
        type old_ = (type)(stype)(sxlen)(uxlen)h->resv_value;                \
        bool ok_ = h->resv_valid && h->resv_addr == (u128)X(i->rs1) &&       \
                   h->resv_size == sizeof(type) &&                           \
                   RV(amo_cas_##type)(p_, &old_, (type)X(i->rs2));           \
        X(i->rd) = !ok_;                                                     \
        h->resv_valid = false;                                               \
        NEXT;                                                                \
    } while (0)
#define AMO_SET(S, type, stype, ADD, XOR, AND, OR, SWAP)                     \
    L_AMOSWAP_##S: SWAP;                                                     \
    L_AMOADD_##S:  ADD;                                                      \
    L_AMOXOR_##S:  XOR;                                                      \
    L_AMOAND_##S:  AND;                                                      \
    L_AMOOR_##S:   OR;                                                       \
    L_AMOMIN_##S:  AMO_CAS(type, stype, (stype)a_ < (stype)b_ ? a_ : b_, AMO_OP_MIN); \
    L_AMOMAX_##S:  AMO_CAS(type, stype, (stype)a_ > (stype)b_ ? a_ : b_, AMO_OP_MAX); \
    L_AMOMINU_##S: AMO_CAS(type, stype, a_ < b_ ? a_ : b_, AMO_OP_MINU);     \
    L_AMOMAXU_##S: AMO_CAS(type, stype, a_ > b_ ? a_ : b_, AMO_OP_MAXU);     \
    L_LR_##S:      AMO_LR(type, stype);                                      \
    L_SC_##S:      AMO_SC(type, stype);
#define AMO_NATIVE(S, type, stype)                                           \
    AMO_SET(S, type, stype,                                                  \
            AMO_ARITH(type, stype, __atomic_fetch_add, AMO_OP_ADD),          \
            AMO_ARITH(type, stype, __atomic_fetch_xor, AMO_OP_XOR),          \
            AMO_ARITH(type, stype, __atomic_fetch_and, AMO_OP_AND),          \
            AMO_ARITH(type, stype, __atomic_fetch_or, AMO_OP_OR),            \
            AMO_ARITH(type, stype, __atomic_exchange_n, AMO_OP_SWAP))
    AMO_NATIVE(W, u32, i32)
#if XLEN >= 64
    AMO_NATIVE(D, u64, i64)
#else
L_AMOSWAP_D: L_AMOADD_D: L_AMOXOR_D: L_AMOAND_D: L_AMOOR_D: L_AMOMIN_D: L_AMOMAX_D:
L_AMOMINU_D: L_AMOMAXU_D: L_LR_D: L_SC_D:
    goto illegal;
#endif
#if XLEN == 128
    AMO_SET(Q, u128, i128,
            AMO_CAS(u128, i128, a_ + b_, AMO_OP_ADD), AMO_CAS(u128, i128, a_ ^ b_, AMO_OP_XOR),
            AMO_CAS(u128, i128, a_ & b_, AMO_OP_AND), AMO_CAS(u128, i128, a_ | b_, AMO_OP_OR),
            AMO_CAS(u128, i128, b_, AMO_OP_SWAP))
#else
L_AMOSWAP_Q: L_AMOADD_Q: L_AMOXOR_Q: L_AMOAND_Q: L_AMOOR_Q: L_AMOMIN_Q: L_AMOMAX_Q:
L_AMOMINU_Q: L_AMOMAXU_Q: L_LR_Q: L_SC_Q:
    goto illegal;
#endif

    /* ---- F and D ---- */
#include "exec/interp_fp.h"

    /* ---- system ---- */
L_FENCE:
    /* x86-64 keeps every order RVWMO's fences ask for but a store before a later load
     * (TSO): a fence whose predecessor set has W and successor set R (fence rw,rw and
     * friends, not fence.tso) takes a full host barrier */
    if ((i->imm & 0x12) == 0x12 && ((u32)i->imm >> 8 & 0xf) != 8)
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
    NEXT;
L_FENCE_I:
    instret += b->n;
    RV(cache_flush)(c);
    h->fence_i_gen++;
    DISPATCH(PC + i->len);
L_CSRRW: L_CSRRS: L_CSRRC: L_CSRRWI: L_CSRRSI: L_CSRRCI: {
        /* translate() left the access kind in rm: bits 1:0 write/set/clear, bit 2 uimm */
        unsigned how = i->rm & 3;
        uxlen src = (i->rm & 4) ? (uxlen)i->rs3 : X(i->rs1);
        bool do_write = how == 0 || i->rs1 != 0;
        uxlen old;
        u64 now = instret + (u32)(i - b->insn);
        if (!RV(csr)(h, (unsigned)i->imm & 0xfff, do_write, src, (int)how, now, &old))
            goto illegal;
        X(i->rd) = old;
        NEXT;
    }
L_ECALL:
    h->pc = (u128)(PC + 4);
    h->instret = instret + b->n;
    stop = h->ops->ecall(h);
    instret = h->instret;
    if (stop) return RUN_EXIT;
    if (h->tlb_gen != h->mm->gen) RV(tlb_flush)(h);
    if (h->code_gen != __atomic_load_n(&h->mm->code_gen, __ATOMIC_RELAXED)) {
        RV(cache_flush)(c);
        h->code_gen = __atomic_load_n(&h->mm->code_gen, __ATOMIC_RELAXED);
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

chain_miss: {
        u64 fl = c->flushes;
        nb = RV(lookup)(h, c, target, &labels);
        if (!nb) goto fetch_trap;
        if (fl == c->flushes) b->succ[miss_slot] = nb;   /* b survived the lookup */
        ENTER();
    }
exit_miss: {
        /* i is a taken branch that was never linked */
        u32 done = (u32)(i - b->insn) + 1;
        u64 fl = c->flushes;
        instret += done;
        target = b->pc + (uxlen)(sxlen)i->toff;
        nb = RV(lookup)(h, c, target, &labels);
        if (!nb) goto fetch_trap;
        if (fl == c->flushes) {         /* b survived the lookup: link the exit */
            struct xi *br = (struct xi *)i;
            br->done = done;
            br->link = nb;
        }
        ENTER();
    }
dispatch_miss:
    nb = RV(lookup)(h, c, target, &labels);
    if (!nb) goto fetch_trap;
    c->jc[RV(jc_idx)(target)] = nb;
    ENTER();

trap:
    /* the instruction at i did not retire */
    h->pc = (u128)PC;
    h->instret = instret + (u32)(i - b->insn);
    return RUN_TRAP;
fetch_trap:
    h->pc = (u128)target;
    h->instret = instret;
    return RUN_TRAP;
request:
    h->instret = instret;
    return RUN_REQUEST;
}

const struct engine RV(interp) = { "interp", RV(run), RV(free_cache), RV(free_cache) };
