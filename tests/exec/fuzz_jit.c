/* libFuzzer target: the translator against the interpreter.  The input is the XLEN
 * (bit 0 of the first byte: 64, else bit 1: 128, else 32),
 * initial register values and a list of instructions, each 6 bytes: an index into the
 * instruction table and the bits of its operand fields (so every instruction is a valid
 * encoding of some operation of that XLEN, and mutations stay in the ISA); the same code runs
 * on two harts, one per engine, with the same registers and data.  Where both stop at
 * an ecall or a trap, everything must agree: how they stopped, pc, instret, trap
 * state, integer and FP registers, fflags and the data pages.  (A run that reaches its
 * instruction bound is not compared: each engine stops at its own block boundaries.)
 * CSRs are left out of the hart's extensions, so reads of the time CSR cannot differ. */
#include <stdlib.h>
#include <string.h>

#include "exec/hart.h"
#include "isa/isa.h"

#define CODE ((u128)0x10000)
#define DATA ((u128)0x40000)
#define CODE_MAX 4096
#define DATA_SIZE 0x2000
#ifndef JIT_DIFF_MISMATCH
#define JIT_DIFF_MISMATCH() abort()
#endif

struct vm {
    struct mm mm;
    struct hart h;
};

static int stop(struct hart *h) { (void)h; return 1; }
static const struct hart_ops ops = { stop };

static void vm_start(struct vm *v, int xlen, enum engine_kind kind, const u8 *code, size_t n,
                     const u64 *regs)
{
    memset(v, 0, sizeof *v);
    mm_init(&v->mm, xlen == 32 ? (u128)1 << 32 : (u128)1 << 47);
    mm_map(&v->mm, CODE, CODE_MAX + 4096, PROT_READ | PROT_EXEC);
    mm_map(&v->mm, DATA, DATA_SIZE, PROT_READ | PROT_WRITE);
    mm_poke(&v->mm, CODE, code, n);
    u8 pattern[DATA_SIZE];
    for (size_t k = 0; k < sizeof pattern; k++) pattern[k] = (u8)(k * 37 + 11);
    mm_poke(&v->mm, DATA, pattern, sizeof pattern);
    hart_init(&v->h, xlen, &v->mm, &ops);
    hart_set_engine(&v->h, kind);
    v->h.exts &= ~(unsigned)EXT_ZICSR;
    for (unsigned r = 1; r < 32; r++) {
        /* a few registers point into the data pages, so loads and stores land there */
        u128 val = r >= 10 && r <= 15 ? (u64)DATA + (regs[r] & (DATA_SIZE - 1)) : regs[r];
        /* RV128: a high half of its own (another register's value), except for pointers */
        if (xlen == 128 && (r < 10 || r > 15)) val |= (u128)regs[(r + 13) & 31] << 64;
        hart_set_x(&v->h, r, val);
        v->h.f[r] = regs[(r + 7) & 31];
    }
    v->h.pc = CODE;
    v->h.insn_limit = 5000;
}

/* Run code on both engines and compare; returns how the interpreter stopped (RUN_REQUEST:
 * the instruction bound was reached, nothing compared). */
static int jit_diff_compare(int xlen, const u8 *code, size_t n, const u64 *regs)
{
    static struct vm a, b;
    vm_start(&a, xlen, ENGINE_INTERP, code, n, regs);
    vm_start(&b, xlen, ENGINE_JIT, code, n, regs);
    int ra = hart_run(&a.h), rb = hart_run(&b.h);
    if (ra != RUN_REQUEST && rb != RUN_REQUEST) {
        bool same = ra == rb && a.h.pc == b.h.pc && a.h.instret == b.h.instret &&
                    a.h.fflags == b.h.fflags &&
                    !memcmp(&a.h.x, &b.h.x, 32 * (size_t)(xlen / 8)) &&    /* not x0's sink */
                    !memcmp(a.h.f, b.h.f, sizeof a.h.f);
        if (same && ra == RUN_TRAP)
            same = a.h.trap.cause == b.h.trap.cause && a.h.trap.addr == b.h.trap.addr &&
                   a.h.trap.maperr == b.h.trap.maperr && a.h.trap.bus == b.h.trap.bus;
        u8 da[DATA_SIZE], db[DATA_SIZE];
        if (same && mm_read(&a.mm, DATA, da, sizeof da, NULL) && mm_read(&b.mm, DATA, db, sizeof db, NULL))
            same = !memcmp(da, db, sizeof da);
        if (!same) JIT_DIFF_MISMATCH();     /* the engines disagree */
    }
    hart_destroy(&a.h);
    hart_destroy(&b.h);
    mm_destroy(&a.mm);
    mm_destroy(&b.mm);
    return ra;
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);
int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
    if (size < 1 + 32 * 8 + 2 || size > 1 + 32 * 8 + CODE_MAX) return 0;
    int xlen = data[0] & 1 ? 64 : data[0] & 2 ? 128 : 32;
    u64 regs[32];
    memcpy(regs, data + 1, sizeof regs);
    const u8 *in = data + 1 + sizeof regs;
    size_t nin = size - 1 - sizeof regs;
    u8 code[CODE_MAX];
    size_t n = 0;
    for (size_t k = 0; k + 6 <= nin && n + 4 <= CODE_MAX; k += 6) {
        u16 idx;
        u32 bits;
        memcpy(&idx, in + k, 2);
        memcpy(&bits, in + k + 2, 4);
        const struct isa_insn *d = &isa_table[idx % isa_table_len];
        if (!(d->xlens & isa_xbit(xlen))) continue;
        u32 w = (bits & ~d->mask) | d->match;
        int len = (d->match & 3) == 3 ? 4 : 2;
        memcpy(code + n, &w, (size_t)len);
        n += (size_t)len;
    }
    static const u8 ecall[4] = { 0x73, 0, 0, 0 };
    if (n + 4 <= CODE_MAX) {
        memcpy(code + n, ecall, 4);
        n += 4;
    }
    jit_diff_compare(xlen, code, n, regs);
    return 0;
}
