/* RV128's own part of the translator, included by jit_tmpl.h in jit128.c only (the RV32
 * and RV64 translators never see it).  A guest register is two 64-bit halves in the hart
 * (low at rbp + r * 16, high at + 8); a cached one is a pair of host registers (host_of,
 * host_hi), read by ld2 and written by st2.  128-bit
 * operations are pairs of host operations (add/adc, sub/sbb, shld/shrd, one 64x64->128
 * multiply plus two 64-bit ones); the high multiplications and the divisions are C
 * helpers written as the interpreter writes them, so they agree bit for bit.  The *W
 * and *D operations are jit_tmpl.h's RV64 code: its stx sign-extends at XLEN 128. */
#if XLEN != 128
#error "jit_ops128.h is RV128's"
#endif

#include "common/wide.h"

#define XHI(r) (XOFF(r) + 8)

/* ---- helpers called from translated code ---- */

enum { JL_FREG = 0x400 };   /* a load or store of an FP register (kind flag) */

/* The slow path of a load: the address is recomputed here from the register file in
 * full 128 bits (the fast path only has its low half).  rd (kind >> 16) is written here,
 * so the translated code just goes on.  Returns non-zero on a fault (h->trap set). */
static u64 RV(jit_load_q)(struct hart *h, u64 rs1, u64 imm, u64 kind)
{
    unsigned size = kind & 0xff, rd = (unsigned)(kind >> 16) & 31;
    u128 buf = 0;
    if (!RV(access_slow)(h, h->x.XR[rs1] + (uxlen)(sxlen)(i64)imm, &buf, size, false)) return 1;
    if (kind & JL_FREG) {
        h->f[rd] = size == 4 ? (u64)(u32)buf | 0xffffffff00000000ull : (u64)buf;
    } else if (rd) {
        if (kind & JL_SIGNED) {
            unsigned sh = 128 - 8 * size;
            buf = (u128)((i128)(buf << sh) >> sh);
        }
        h->x.XR[rd] = buf;
    }
    return 0;
}

/* The slow path of a store of rs2 (kind >> 16); non-zero on a fault. */
static u64 RV(jit_store_q)(struct hart *h, u64 rs1, u64 imm, u64 kind)
{
    unsigned size = kind & 0xff, rs2 = (unsigned)(kind >> 16) & 31;
    u128 v = kind & JL_FREG ? (u128)h->f[rs2] : h->x.XR[rs2];
    return !RV(access_slow)(h, h->x.XR[rs1] + (uxlen)(sxlen)(i64)imm, &v, size, true);
}

/* The operations without a short host sequence: x[rd] = op(x[rs1], x[rs2]), with the
 * interpreter's results for division by zero and overflow.  regs = rd | rs1 << 8 |
 * rs2 << 16. */
enum { Q_MULH, Q_MULHSU, Q_MULHU, Q_DIV, Q_DIVU, Q_REM, Q_REMU };
static void RV(jit_op_q)(struct hart *h, u64 regs, u64 op)
{
    unsigned rd = regs & 31;
    uxlen a = h->x.XR[regs >> 8 & 31], b = h->x.XR[regs >> 16 & 31], r;
    sxlen sa = (sxlen)a, sb = (sxlen)b, smin = (sxlen)((uxlen)1 << 127);
    switch (op) {
    case Q_MULH: r = wide_mulh128(a, b); break;
    case Q_MULHSU: r = wide_mulhsu128(a, b); break;
    case Q_MULHU: r = wide_mulhu128(a, b); break;
    case Q_DIV: r = sb == 0 ? ~(uxlen)0 : (sa == smin && sb == -1) ? a : (uxlen)(sa / sb); break;
    case Q_DIVU: r = b == 0 ? ~(uxlen)0 : a / b; break;
    case Q_REM: r = sb == 0 ? a : (sa == smin && sb == -1) ? 0 : (uxlen)(sa % sb); break;
    default: r = b == 0 ? a : a % b; break;
    }
    if (rd) h->x.XR[rd] = r;
}

/* ---- register pairs ---- */

/* Whether x[r]'s high half is lazy (then r is cached) */
static bool RV(is_lazy)(struct x86 *e, unsigned r)
{
    return r && (RV(jt_of)(e)->lazy_hi >> r & 1);
}

/* x[r]'s host registers when it is cached (and readable there: not between call_begin
 * and call_end for a scratch pair), its high half made ready, else false.  *hi is
 * NOT_CACHED when only the low half is cached: the high half is then the hart's. */
static bool RV(pair_of)(struct x86 *e, unsigned r, unsigned *lo, unsigned *hi)
{
    struct RV(jt) *t = RV(jt_of)(e);
    if (r == 0 || t->host_of[r] == NOT_CACHED || (t->clobbered >> r & 1)) return false;
    RV(hi_ready)(t, r);
    *lo = t->host_of[r];
    *hi = t->host_hi[r];
    return true;
}

/* lo:hi = x[r] */
static void RV(ld2)(struct x86 *e, unsigned lo, unsigned hi, unsigned r)
{
    struct RV(jt) *t = RV(jt_of)(e);
    unsigned hl, hh;
    if (r == 0) {
        x86_alu_reg(e, false, ALU_XOR, lo, lo);
        x86_alu_reg(e, false, ALU_XOR, hi, hi);
    } else if (RV(is_lazy)(e, r) && t->host_hi[r] == NOT_CACHED && !(t->clobbered >> r & 1)) {
        /* the sign of the low half, computed here: the register stays lazy */
        if (lo != t->host_of[r]) x86_mov(e, true, lo, t->host_of[r]);
        x86_mov(e, true, hi, t->host_of[r]);
        x86_shift_imm(e, true, SH_SAR, hi, 63);
    } else if (RV(pair_of)(e, r, &hl, &hh)) {
        if (lo != hl) x86_mov(e, true, lo, hl);
        if (hh == NOT_CACHED) x86_load64(e, hi, RBP, XHI(r));
        else if (hi != hh) x86_mov(e, true, hi, hh);
    } else {
        x86_load64(e, lo, RBP, XOFF(r));
        x86_load64(e, hi, RBP, XHI(r));
    }
}
static void RV(st2)(struct x86 *e, unsigned lo, unsigned hi, unsigned r)
{
    struct RV(jt) *t = RV(jt_of)(e);
    if (r == 0) return;
    if (t->host_of[r] != NOT_CACHED) {
        if (t->host_of[r] != lo) x86_mov(e, true, t->host_of[r], lo);
        if (t->host_hi[r] == NOT_CACHED) x86_store64(e, hi, RBP, XHI(r));
        else if (t->host_hi[r] != hi) x86_mov(e, true, t->host_hi[r], hi);
        t->dirty |= 1u << r;
        t->lazy_hi &= ~(1u << r);
        return;
    }
    x86_store64(e, lo, RBP, XOFF(r));
    x86_store64(e, hi, RBP, XHI(r));
}
/* x[r] = the 64-bit value in reg, zero-extended */
static void RV(st2_zx)(struct x86 *e, unsigned reg, unsigned r)
{
    struct RV(jt) *t = RV(jt_of)(e);
    if (r == 0) return;
    if (t->host_of[r] != NOT_CACHED) {
        x86_mov(e, true, t->host_of[r], reg);
        if (t->host_hi[r] == NOT_CACHED) x86_store_imm64(e, RBP, XHI(r), 0);
        else x86_alu_reg(e, false, ALU_XOR, t->host_hi[r], t->host_hi[r]);
        t->dirty |= 1u << r;
        t->lazy_hi &= ~(1u << r);
        return;
    }
    x86_store64(e, reg, RBP, XOFF(r));
    x86_store_imm64(e, RBP, XHI(r), 0);
}
/* Whether x[r] is lazy with its low half readable in its host register and no host
 * register for its high half: the high half is then computed where needed, the register
 * staying lazy (one with a high register has it made ready there, which lasts) */
static bool RV(lazy_here)(struct x86 *e, unsigned r)
{
    struct RV(jt) *t = RV(jt_of)(e);
    return RV(is_lazy)(e, r) && t->host_hi[r] == NOT_CACHED && !(t->clobbered >> r & 1);
}
/* lo op= low half of x[r]; hi op2= its high half (rcx may be used) */
static void RV(alu2_x)(struct x86 *e, enum x86_alu op, enum x86_alu op2, unsigned lo,
                       unsigned hi, unsigned r)
{
    unsigned hl, hh;
    if (r == 0) {
        x86_alu_imm(e, true, op, lo, 0);
        x86_alu_imm(e, true, op2, hi, 0);
    } else if (RV(lazy_here)(e, r)) {
        /* the high half, its low half's sign, computed first (op may set the flags op2
         * reads) */
        hl = RV(jt_of)(e)->host_of[r];
        x86_mov(e, true, RCX, hl);
        x86_shift_imm(e, true, SH_SAR, RCX, 63);
        x86_alu_reg(e, true, op, lo, hl);
        x86_alu_reg(e, true, op2, hi, RCX);
    } else if (RV(pair_of)(e, r, &hl, &hh)) {
        x86_alu_reg(e, true, op, lo, hl);
        if (hh == NOT_CACHED) x86_alu_mem(e, true, op2, hi, RBP, XHI(r));
        else x86_alu_reg(e, true, op2, hi, hh);
    } else {
        x86_alu_mem(e, true, op, lo, RBP, XOFF(r));
        x86_alu_mem(e, true, op2, hi, RBP, XHI(r));
    }
}
/* lo:hi op= the sign-extended immediate */
static void RV(alu2_imm)(struct x86 *e, enum x86_alu op, enum x86_alu op2, unsigned lo,
                         unsigned hi, i32 imm)
{
    x86_alu_imm(e, true, op, lo, imm);
    x86_alu_imm(e, true, op2, hi, imm < 0 ? -1 : 0);
}

/* The pair a result can be computed in: rd's own when it is cached as a pair and not
 * `other`, a source still to be read after rd is first written (0: none); else rax:rdx. */
static bool RV(dest2)(struct x86 *e, const struct isa_inst *in, unsigned other, unsigned *lo,
                      unsigned *hi)
{
    struct RV(jt) *t = RV(jt_of)(e);
    if (in->rd == 0 || t->host_hi[in->rd] == NOT_CACHED || (other && in->rd == other)) {
        *lo = RAX;
        *hi = RDX;
        return false;
    }
    /* (written in full: not lazy after, but first made ready if also a source) */
    if (in->rd == in->rs1 || in->rd == in->rs2) RV(hi_ready)(t, in->rd);
    t->lazy_hi &= ~(1u << in->rd);
    *lo = t->host_of[in->rd];
    *hi = t->host_hi[in->rd];
    t->dirty |= 1u << in->rd;
    return true;
}

/* Whether x[r] is its low half sign-extended, known here: x0, a lazy high half, or a
 * value the block's code made so (plan_sext) */
static bool RV(is_sext)(struct x86 *e, unsigned r)
{
    struct RV(jt) *t = RV(jt_of)(e);
    return r == 0 || RV(is_lazy)(e, r) || (t->sext_in[t->cur] >> r & 1);
}

/* x[rd] = x[rs] op imm (ALU_MOV: x[rs]) on the low halves only, when x[rs] is
 * sign-extended (is_sext) and the operation keeps it so: a copy, and the bitwise
 * operations, whose result's high half is the sign when both operands' are.  rs2: a
 * second source (op with its low half instead of imm), sign-extended too, or 0.  A
 * cached rd is left lazy; else its high half is stored as stx does (not when dead). */
enum { ALU_MOV = -1 };
static bool RV(lazy_op)(struct x86 *e, const struct isa_inst *in, int op, unsigned rs,
                        unsigned rs2, i32 imm)
{
    struct RV(jt) *t = RV(jt_of)(e);
    bool bitwise = op == ALU_AND || op == ALU_OR || op == ALU_XOR;
    if (in->rd == 0 || !RV(is_sext)(e, rs) || (op != ALU_MOV && !bitwise) ||
        (rs2 && !RV(is_sext)(e, rs2)))
        return false;
    if (rs2 && rs2 == in->rd && rs != in->rd) {     /* (bitwise: it commutes) */
        rs2 = rs;
        rs = in->rd;
    }
    unsigned hd = t->host_of[in->rd];
    unsigned d = hd != NOT_CACHED && !(t->clobbered >> in->rd & 1) ? hd : RAX;
    RV(ldx)(e, d, rs);
    if (rs2) RV(alu_x)(e, true, (enum x86_alu)op, d, rs2);
    else if (op != ALU_MOV) x86_alu_imm(e, true, (enum x86_alu)op, d, imm);
    if (d == RAX) {
        RV(stx)(e, RAX, in->rd);
    } else {
        t->dirty |= 1u << in->rd;
        t->lazy_hi |= 1u << in->rd;
    }
    return true;
}

/* x[rd] = x[rs1] op (x[rs2], or imm when rs2 is NOT_CACHED) for op ALU_ADD, ALU_SUB and
 * ALU_IMUL on the low halves alone, when both sources are sign-extended and the block is
 * not plain (checked_at): the 128-bit result is then the 64-bit one sign-extended unless
 * that overflowed (OF).  Then the stub writes the whole result and leaves the block after
 * the instruction, which runs its plain translation from then on (overflow_tail,
 * JIT_EXIT_OVERFLOW); else a cached rd is left lazy, and an uncached one stored as stx
 * does.  plan_sext counts on these results being sign-extended (sext_result).  False
 * (nothing emitted) elsewhere. */
enum { ALU_IMUL = -2 };
static bool RV(checked_op)(struct x86 *e, const struct isa_inst *in, int op, unsigned rs2, i32 imm)
{
    struct RV(jt) *t = RV(jt_of)(e);
    unsigned rd = in->rd, rs1 = in->rs1;
    /* (exactly where the block's plan counts on it: plan_sext, plan_dead_hi) */
    if (!RV(checked_at)(in, t->sext_in[t->cur], !t->plain)) return false;
    if (rs2 != NOT_CACHED && rs2 == rd && rs1 != rd && op != ALU_SUB) {   /* (it commutes) */
        rs2 = rs1;
        rs1 = rd;
    }
    unsigned hr = t->host_of[rd];
    bool cached = hr != NOT_CACHED && !(t->clobbered >> rd & 1);
    /* in rd's register, in place when rd is rs1 (not rs2 too), else when it is no source;
     * a product in rax when rd is a source (the stub multiplies the sources again) */
    bool in_place = cached && rd == rs1 && rs2 != rd && op != ALU_IMUL;
    unsigned d = cached && (in_place || (rd != rs1 && rd != rs2)) ? hr : RAX;
    struct RV(stub) *s = RV(new_stub)(t, STUB_OVERFLOW, NULL);
    s->ovf_op = op;
    s->ovf_lo = d;
    s->ovf_rs2 = rs2;
    s->reg = rd;
    s->rs1 = rs1;
    s->imm = imm;
    s->size = in->len;
    if (!in_place) RV(ldx)(e, d, rs1);
    if (op == ALU_IMUL && rs2 == NOT_CACHED) {
        x86_op_reg(e, true, 0x69, d, d);                    /* imul d, d, imm32 */
        x86_u32(e, (u32)imm);
    } else if (op == ALU_IMUL) {
        unsigned h2 = t->host_of[rs2];
        if (h2 != NOT_CACHED && !(t->clobbered >> rs2 & 1)) x86_op_reg(e, true, 0x0faf, d, h2);
        else x86_op_mem(e, true, 0x0faf, d, RBP, XOFF(rs2));
    } else if (rs2 == NOT_CACHED) {
        x86_alu_imm(e, true, (enum x86_alu)op, d, imm);
    } else {
        RV(alu_x)(e, true, (enum x86_alu)op, d, rs2);
    }
    s->from = x86_jcc(e, CC_O);
    if (cached) {
        if (d != hr) x86_mov(e, true, hr, d);
        t->dirty |= 1u << rd;
        t->lazy_hi |= 1u << rd;
    } else {
        RV(stx)(e, RAX, rd);
    }
    return true;
}
/* checked_op's stub (the registers as before the operation, but its 64-bit result in
 * ovf_lo): x[rd] = the whole result, then leave for the next instruction */
static void RV(overflow_tail)(struct RV(jt) *t, const struct RV(stub) *s)
{
    struct x86 *e = &t->e;
    unsigned rd = s->reg, rs2 = s->ovf_rs2;
    if (s->ovf_op == ALU_IMUL) {
        /* rdx:rax = the signed product of the sources' low halves (rd is none of them, or
         * its result went to rax) */
        RV(ldx)(e, RAX, s->rs1);
        if (rs2 == NOT_CACHED) {
            x86_mov_imm(e, RCX, (u64)(i64)s->imm);
            x86_op_reg(e, true, 0xf7, 5, RCX);              /* imul rcx */
        } else if (t->host_of[rs2] != NOT_CACHED) {
            x86_op_reg(e, true, 0xf7, 5, t->host_of[rs2]);
        } else {
            x86_op_mem(e, true, 0xf7, 5, RBP, XOFF(rs2));
        }
    } else {
        /* a sum or difference of two 64-bit signed values overflowed: the result's sign
         * is the opposite of its low half's top bit */
        if (s->ovf_lo != RAX) x86_mov(e, true, RAX, s->ovf_lo);
        x86_mov(e, true, RDX, RAX);
        x86_shift_imm(e, true, SH_SAR, RDX, 63);
        x86_op_reg(e, true, 0xf7, 2, RDX);                  /* not rdx */
    }
    RV(st2)(e, RAX, RDX, rd);
    x86_alu_imm(e, true, ALU_ADD, R14, (i32)s->idx + 1);
    RV(set_pc)(e, s->pc + s->size);
    RV(cache_store)(t, s->dirty | (t->host_of[rd] != NOT_CACHED ? 1u << rd : 0));
    x86_mov_imm(e, RDX, (u64)t->pc0);                     /* (for jit_run) */
    RV(exit_raw)(t, JIT_EXIT_OVERFLOW);
}

/* x[rd] = x[rs1] op (x[rs2], or imm when rs2 is NOT_CACHED) on the low halves alone,
 * when rd's high half is dead (plan_dead_hi): the low half of a sum, difference or
 * bitwise result depends on the low halves only.  rd is left lazy (its register cached)
 * or its high half in the hart as it was; nothing reads that before rd is written again.
 * False (nothing emitted) when the high half is not dead. */
static bool RV(dead_hi_op)(struct x86 *e, const struct isa_inst *in, enum x86_alu op,
                           unsigned rs2, i32 imm)
{
    struct RV(jt) *t = RV(jt_of)(e);
    unsigned rd = in->rd, rs1 = in->rs1;
    if (rd == 0 || rd != t->dead_rd) return false;
    if (rs2 != NOT_CACHED && op != ALU_SUB && (rs1 == 0 || rs2 == rd)) {
        unsigned x = rs1;       /* (commuted: a copy `op rd, x0, rs` or in place in rd) */
        rs1 = rs2;
        rs2 = x;
    }
    unsigned hr = t->host_of[rd];
    bool cached = hr != NOT_CACHED && !(t->clobbered >> rd & 1);
    bool reg2 = rs2 != NOT_CACHED && rs2 != 0 && t->host_of[rs2] != NOT_CACHED &&
                !(t->clobbered >> rs2 & 1);
    /* (rd's own register unless loading rs1 there would overwrite rs2 first) */
    unsigned d = cached && !(reg2 && t->host_of[rs2] == hr && rs1 != rd) ? hr : RAX;
    RV(ldx)(e, d, rs1);
    if (rs2 == NOT_CACHED) {
        if (imm || op == ALU_AND) x86_alu_imm(e, true, op, d, imm);
    } else if (rs2 == 0) {
        if (op == ALU_AND) x86_alu_reg(e, false, ALU_XOR, d, d);
    } else if (reg2) {
        x86_alu_reg(e, true, op, d, t->host_of[rs2]);
    } else {
        x86_alu_mem(e, true, op, d, RBP, XOFF(rs2));
    }
    if (cached) {
        if (d != hr) x86_mov(e, true, hr, d);
        t->dirty |= 1u << rd;
        t->lazy_hi |= 1u << rd;
    } else {
        x86_store64(e, d, RBP, XOFF(rd));
    }
    return true;
}

static void RV(emit_alu2_rr)(struct x86 *e, const struct isa_inst *in0, enum x86_alu op,
                             enum x86_alu op2)
{
    bool mv = in0->rs2 == 0 || (in0->rs1 == 0 && op == ALU_ADD);
    if ((op == ALU_ADD || op == ALU_SUB) && !mv && RV(checked_op)(e, in0, op, in0->rs2, 0)) return;
    if (RV(dead_hi_op)(e, in0, op, in0->rs2, 0)) return;
    struct isa_inst buf;
    const struct isa_inst *in = RV(commute)(in0, op, &buf);
    unsigned lo, hi;
    bool ident = op == ALU_ADD || op == ALU_OR || op == ALU_XOR || op == ALU_SUB;
    if (ident && (in->rs2 == 0 || (in->rs1 == 0 && op != ALU_SUB))) {
        /* mv: x0 is the operation's identity */
        if (RV(lazy_op)(e, in, ALU_MOV, in->rs2 ? in->rs2 : in->rs1, 0, 0)) return;
        bool cached = RV(dest2)(e, in, 0, &lo, &hi);
        RV(ld2)(e, lo, hi, in->rs2 ? in->rs2 : in->rs1);
        if (!cached) RV(st2)(e, RAX, RDX, in->rd);
        return;
    }
    if (RV(lazy_op)(e, in, op, in->rs1, in->rs2, 0)) return;
    /* in place when rd is rs1 (rs2 may be rd too: read as the operation's source) */
    bool cached = RV(dest2)(e, in, in->rd == in->rs1 ? 0 : in->rs2, &lo, &hi);
    RV(ld2)(e, lo, hi, in->rs1);
    RV(alu2_x)(e, op, op2, lo, hi, in->rs2);
    if (!cached) RV(st2)(e, RAX, RDX, in->rd);
}
static void RV(emit_alu2_ri)(struct x86 *e, const struct isa_inst *in, enum x86_alu op,
                             enum x86_alu op2)
{
    if (in->rs1 == 0 && op != ALU_AND) {         /* li */
        RV(set_x)(e, in->rd, (uxlen)(sxlen)in->imm);
        return;
    }
    if (op == ALU_ADD && in->imm && RV(checked_op)(e, in, ALU_ADD, NOT_CACHED, in->imm)) return;
    if (RV(dead_hi_op)(e, in, op, NOT_CACHED, in->imm)) return;
    if (RV(lazy_op)(e, in, in->imm || op == ALU_AND ? (int)op : ALU_MOV, in->rs1, 0, in->imm))
        return;
    struct RV(jt) *t = RV(jt_of)(e);
    unsigned rd = in->rd;
    bool lo_reg = rd && t->host_of[rd] != NOT_CACHED;
    if (rd && rd == in->rs1 && (in->imm || op == ALU_AND) &&
        (!lo_reg || (t->host_hi[rd] == NOT_CACHED && !RV(is_lazy)(e, rd) &&
                     !(t->clobbered >> rd & 1)))) {
        /* in place, the low half in its register (or in the hart) and the high half in
         * the hart (`addi sp, sp, -N`, a pointer stepped in a loop with more registers
         * than the host has: add and adc, no copies) */
        i32 sign = in->imm < 0 ? -1 : 0;
        if (lo_reg) x86_alu_imm(e, true, op, t->host_of[rd], in->imm);
        else x86_alu_mem_imm(e, true, op, RBP, XOFF(rd), in->imm);
        if (op2 == ALU_ADC || (op2 == ALU_AND ? sign == 0 : sign != 0))
            x86_alu_mem_imm(e, true, op2, RBP, XHI(rd), sign);
        if (lo_reg) t->dirty |= 1u << rd;
        return;
    }
    unsigned lo, hi;
    bool cached = RV(dest2)(e, in, 0, &lo, &hi);
    RV(ld2)(e, lo, hi, in->rs1);
    if (in->imm || op == ALU_AND) RV(alu2_imm)(e, op, op2, lo, hi, in->imm);
    if (!cached) RV(st2)(e, RAX, RDX, in->rd);
}

/* Flags of the 128-bit x[rs1] - (x[rs2] or imm): cmp on the low halves, sbb on the high
 * ones; CF, SF and OF then describe the whole subtraction (ZF does not). */
/* Flags of the 64-bit low half of x[rs1] - (x[rs2]'s or imm) when both values are their
 * low halves sign-extended (is_sext): sign extension keeps the signed and the unsigned
 * order and equality, so CF, ZF, SF and OF then describe the 128-bit comparison too.
 * False (nothing emitted) otherwise. */
static bool RV(cmp_sext)(struct x86 *e, const struct isa_inst *in, bool imm)
{
    struct RV(jt) *t = RV(jt_of)(e);
    if (!RV(is_sext)(e, in->rs1) || (!imm && !RV(is_sext)(e, in->rs2))) return false;
    unsigned a = in->rs1 ? t->host_of[in->rs1] : NOT_CACHED;
    if (a == NOT_CACHED || (t->clobbered >> in->rs1 & 1)) {
        a = RAX;
        RV(ldx)(e, RAX, in->rs1);
    }
    if (imm || !in->rs2) x86_alu_imm(e, true, ALU_CMP, a, imm ? in->imm : 0);
    else RV(alu_x)(e, true, ALU_CMP, a, in->rs2);
    return true;
}
/* cmp on the low halves, sbb on the high ones (in rdx): the flags of the 128-bit
 * x[rs1] - (x[rs2] or imm).  x[rs1]'s high half goes to rdx before the cmp (a lazy one
 * without a high register computed there, and left lazy, as alu2_x does with x[rs2]'s
 * in rcx); the low halves are compared where they are. */
static void RV(cmp2)(struct x86 *e, const struct isa_inst *in, bool imm)
{
    if (RV(cmp_sext)(e, in, imm)) return;
    struct RV(jt) *t = RV(jt_of)(e);
    unsigned r1 = in->rs1, r2 = imm ? 0 : in->rs2, l1, h1;
    if (r1 == 0) {
        x86_alu_reg(e, false, ALU_XOR, RAX, RAX);
        x86_alu_reg(e, false, ALU_XOR, RDX, RDX);
        l1 = RAX;
    } else if (RV(lazy_here)(e, r1)) {
        l1 = t->host_of[r1];
        x86_mov(e, true, RDX, l1);
        x86_shift_imm(e, true, SH_SAR, RDX, 63);
    } else if (RV(pair_of)(e, r1, &l1, &h1)) {
        if (h1 == NOT_CACHED) x86_load64(e, RDX, RBP, XHI(r1));
        else x86_mov(e, true, RDX, h1);
    } else {
        x86_load64(e, RAX, RBP, XOFF(r1));
        x86_load64(e, RDX, RBP, XHI(r1));
        l1 = RAX;
    }
    if (imm || r2 == 0) {
        i32 v = imm ? in->imm : 0;
        x86_alu_imm(e, true, ALU_CMP, l1, v);
        x86_alu_imm(e, true, ALU_SBB, RDX, v < 0 ? -1 : 0);
    } else {
        RV(alu2_x)(e, ALU_CMP, ALU_SBB, l1, RDX, r2);
    }
}
static void RV(emit_set2)(struct x86 *e, const struct isa_inst *in, enum x86_cc cc, bool imm)
{
    RV(cmp2)(e, in, imm);
    if (in->rd == 0) return;
    x86_setcc(e, cc, RAX);
    RV(st2_zx)(e, RAX, in->rd);
}

/* shld/shrd: 0F A4/AC ib (by an immediate), 0F A5/AD (by cl); rm is the destination */
static void RV(shxd)(struct x86 *e, bool left, unsigned rm, unsigned reg, int n)
{
    x86_op_reg(e, true, (left ? 0x0fa4 : 0x0fac) + (n < 0), reg, rm);
    if (n >= 0) x86_byte(e, (unsigned)n);
}

/* x[rd] = x[rs1] shifted by s (0..127) */
static void RV(emit_shift2_ri)(struct x86 *e, const struct isa_inst *in, enum x86_shift op,
                               unsigned s)
{
    /* (by 1 to 30: a multiplication by 2^s, whose overflow the host reports) */
    if (op == SH_SHL && s >= 1 && s <= 30 && RV(checked_op)(e, in, ALU_IMUL, NOT_CACHED, (i32)1 << s))
        return;
    if (s > 0 && s < 64 && RV(is_lazy)(e, in->rs1)) {
        /* the source is its low half sign-extended: the result from that half alone */
        unsigned lo = RV(jt_of)(e)->host_of[in->rs1];
        x86_mov(e, true, RAX, lo);
        if (op == SH_SAR) {                 /* (sign-extended too: stx leaves it lazy) */
            x86_shift_imm(e, true, SH_SAR, RAX, s);
            RV(stx)(e, RAX, in->rd);
            return;
        }
        x86_mov(e, true, RDX, lo);
        if (op == SH_SHL) {
            x86_shift_imm(e, true, SH_SAR, RDX, 64 - s);
            x86_shift_imm(e, true, SH_SHL, RAX, s);
        } else {
            x86_shift_imm(e, true, SH_SAR, RDX, 63);
            x86_shift_imm(e, true, SH_SHR, RDX, s);
            x86_shift_imm(e, true, SH_SAR, RAX, s);
        }
        RV(st2)(e, RAX, RDX, in->rd);
        return;
    }
    RV(ld2)(e, RAX, RDX, in->rs1);
    if (s >= 64) {
        /* one half moves to the other; the emptied half is zero or the sign */
        if (op == SH_SHL) {
            x86_mov(e, true, RDX, RAX);
            if (s > 64) x86_shift_imm(e, true, SH_SHL, RDX, s - 64);
            x86_alu_reg(e, false, ALU_XOR, RAX, RAX);
        } else {
            x86_mov(e, true, RAX, RDX);
            if (s > 64) x86_shift_imm(e, true, op, RAX, s - 64);
            if (op == SH_SAR) x86_shift_imm(e, true, SH_SAR, RDX, 63);
            else x86_alu_reg(e, false, ALU_XOR, RDX, RDX);
        }
    } else if (s) {
        if (op == SH_SHL) {
            RV(shxd)(e, true, RDX, RAX, (int)s);
            x86_shift_imm(e, true, SH_SHL, RAX, s);
        } else {
            RV(shxd)(e, false, RAX, RDX, (int)s);
            x86_shift_imm(e, true, op, RDX, s);
        }
    }
    RV(st2)(e, RAX, RDX, in->rd);
}

/* x[rd] = x[rs1] shifted by x[rs2] & 127: the host shifts the pair by cl & 63, then an
 * amount of 64 or more moves one half into the other. */
static void RV(emit_shift2_rr)(struct RV(jt) *t, const struct isa_inst *in, enum x86_shift op)
{
    struct x86 *e = &t->e;
    RV(ldx)(e, RCX, in->rs2);
    RV(ld2)(e, RAX, RDX, in->rs1);
    if (op == SH_SHL) {
        RV(shxd)(e, true, RDX, RAX, -1);
        x86_shift_cl(e, true, SH_SHL, RAX);
    } else {
        RV(shxd)(e, false, RAX, RDX, -1);
        x86_shift_cl(e, true, op, RDX);
    }
    x86_byte(e, 0xf6); x86_byte(e, 0xc1); x86_byte(e, 0x40);    /* test cl, 64 */
    u8 *small = x86_jcc(e, CC_E);
    if (op == SH_SHL) {
        x86_mov(e, true, RDX, RAX);
        x86_alu_reg(e, false, ALU_XOR, RAX, RAX);
    } else {
        x86_mov(e, true, RAX, RDX);
        if (op == SH_SAR) x86_shift_imm(e, true, SH_SAR, RDX, 63);
        else x86_alu_reg(e, false, ALU_XOR, RDX, RDX);
    }
    RV(link_here)(t, small);
    RV(st2)(e, RAX, RDX, in->rd);
}

/* opcode reg, a half of x[r] (r != 0): from its host register or from the hart */
static void RV(op_half)(struct x86 *e, unsigned op, unsigned reg, unsigned r, bool hi)
{
    unsigned lo, h;
    if (RV(pair_of)(e, r, &lo, &h) && (!hi || h != NOT_CACHED)) x86_op_reg(e, true, op, reg, hi ? h : lo);
    else x86_op_mem(e, true, op, reg, RBP, XOFF(r) + (hi ? 8 : 0));
}

/* The low 128 bits of the product: lo*lo in full, plus the two cross products' low
 * halves into the high half (in rax, rcx and rdx only). */
static void RV(emit_mul2)(struct x86 *e, const struct isa_inst *in)
{
    if (in->rs1 == 0 || in->rs2 == 0) {
        RV(set_x)(e, in->rd, 0);
        return;
    }
    if (RV(checked_op)(e, in, ALU_IMUL, in->rs2, 0)) return;
    RV(op_half)(e, 0x8b, RCX, in->rs1, true);            /* rcx = hi1 */
    RV(op_half)(e, 0x0faf, RCX, in->rs2, false);         /* imul rcx, lo2 */
    RV(op_half)(e, 0x8b, RAX, in->rs2, true);            /* rax = hi2 */
    RV(op_half)(e, 0x0faf, RAX, in->rs1, false);         /* imul rax, lo1 */
    x86_alu_reg(e, true, ALU_ADD, RCX, RAX);
    RV(op_half)(e, 0x8b, RAX, in->rs1, false);           /* rax = lo1 */
    RV(op_half)(e, 0xf7, 4, in->rs2, false);             /* mul lo2: rdx:rax = lo1 * lo2 */
    x86_alu_reg(e, true, ALU_ADD, RDX, RCX);
    RV(st2)(e, RAX, RDX, in->rd);
}

/* Around a helper that reads the registers `reads` and writes rd in the hart: besides
 * the scratch pairs (call_begin, call_end), the callee-saved pairs it reads are stored
 * if written, and rd's is loaded after. */
static void RV(call_begin_q)(struct x86 *e, u32 dirty, u32 reads)
{
    struct RV(jt) *t = RV(jt_of)(e);
    RV(call_begin)(e, dirty);
    for (unsigned k = 0; k < t->ncached; k++)
        if ((t->saved & dirty & reads) >> t->cached[k] & 1) RV(cache_st1)(t, t->cached[k]);
}
static void RV(call_end_q)(struct x86 *e, const void *fn, unsigned rd)
{
    struct RV(jt) *t = RV(jt_of)(e);
    RV(call_end)(e, fn);
    if (rd && (t->saved >> rd & 1)) RV(cache_ld1)(t, rd);
}

static void RV(emit_op_q)(struct x86 *e, const struct isa_inst *in, unsigned op)
{
    RV(call_begin_q)(e, RV(jt_of)(e)->dirty, 1u << in->rs1 | 1u << in->rs2);
    x86_mov(e, true, RDI, RBP);
    x86_mov_imm(e, RSI, in->rd | in->rs1 << 8 | in->rs2 << 16);
    x86_mov_imm(e, RDX, op);
    RV(call_end_q)(e, FN(RV(jit_op_q)), in->rd);
    /* rd's pair now holds the hart's value; marked written so a later exit of a block
     * that loops keeps it (harmless otherwise) */
    if (in->rd && RV(jt_of)(e)->host_of[in->rd] != NOT_CACHED) RV(jt_of)(e)->dirty |= 1u << in->rd;
}

/* ---- memory ---- */

/* rax = low half of x[rs1] + imm, and the base register the TLB probe compares the high
 * half of */
static void RV(ea_lo)(struct RV(jt) *t, const struct isa_inst *in)
{
    struct x86 *e = &t->e;
    /* (the probe compares it, but not the window's check of a sign-extended base: its
     * stub makes it ready) */
    if (in->rs1 && !(t->direct_site[t->cur] && RV(is_sext)(e, in->rs1))) RV(hi_ready)(t, in->rs1);
    unsigned lo = in->rs1 ? t->host_of[in->rs1] : NOT_CACHED;
    if (in->imm && lo != NOT_CACHED && !(t->clobbered >> in->rs1 & 1)) {
        x86_op_mem(e, true, 0x8d, RAX, lo, in->imm);    /* lea rax, [lo + imm] */
    } else {
        RV(ldx)(e, RAX, in->rs1);
        if (in->imm) x86_alu_imm(e, true, ALU_ADD, RAX, in->imm);
    }
    t->probe_rs1 = in->rs1;
}

/* ea_lo, then the TLB probe (which compares the high half of x[rs1]) or, for a member of
 * a page group, its share of the head's (page_probe; its stub computes the address); the
 * access goes to [*base + *disp] (rax, which the access's code may then overwrite). */
static struct RV(stub) *RV(probe2)(struct RV(jt) *t, const struct isa_inst *in, bool write,
                                   unsigned size, enum stub_kind kind, unsigned *base,
                                   i32 *disp)
{
    if (t->page_role[t->cur] != PAGE_MEMBER) RV(ea_lo)(t, in);
    struct RV(stub) *s = RV(page_probe)(t, in, write, size, kind, RAX, base, disp);
    s->rs1 = in->rs1;
    s->imm = in->imm;
    s->hreg = NOT_CACHED;
    return s;
}

static void RV(emit_load2)(struct RV(jt) *t, const struct isa_inst *in, unsigned size,
                           bool is_signed, bool freg)
{
    struct x86 *e = &t->e;
    unsigned b;
    i32 d;
    struct RV(stub) *s = RV(probe2)(t, in, false, size, STUB_LOAD, &b, &d);
    s->kind_arg = size | (is_signed ? JL_SIGNED : 0) | (freg ? JL_FREG : 0) | in->rd << 16;
    if (t->direct_site[t->cur]) s->fault_at = e->p;     /* (a single host access: at most 8 bytes) */
    if (freg) {
        if (size == 4) {
            x86_load32(e, RAX, b, d);
            x86_mov_imm(e, RCX, 0xffffffff00000000ull);     /* NaN-boxed */
            x86_alu_reg(e, true, ALU_OR, RAX, RCX);
        } else {
            x86_load64(e, RAX, b, d);
        }
        RV(fput)(e, in->rd);
    } else if (size == 16) {
        x86_load64(e, RCX, b, d);
        x86_load64(e, RDX, b, d + 8);
        RV(st2)(e, RCX, RDX, in->rd);
    } else {
        /* a sign-extended value straight into rd's low register when it is cached (the
         * slow path loads rd's pair from the hart, which the helper wrote, and goes on
         * after the stx) */
        bool lazy = is_signed || size < 8;
        unsigned to = lazy && in->rd && t->host_of[in->rd] != NOT_CACHED &&
                      !(t->clobbered >> in->rd & 1) ? t->host_of[in->rd] : RAX;
        switch (size) {
        case 1: if (is_signed) x86_load_s8(e, to, b, d); else x86_load_u8(e, to, b, d); break;
        case 2: if (is_signed) x86_load_s16(e, to, b, d); else x86_load_u16(e, to, b, d); break;
        case 4: if (is_signed) x86_load_s32(e, to, b, d); else x86_load32(e, to, b, d); break;
        default: x86_load64(e, to, b, d); break;
        }
        /* (below 8 bytes, zero-extension is sign-extension: stx may leave it lazy) */
        if (lazy) RV(stx)(e, to, in->rd);
        else RV(st2_zx)(e, RAX, in->rd);
    }
    s->cont = e->p;
}

static void RV(emit_store2)(struct RV(jt) *t, const struct isa_inst *in, unsigned size, bool freg)
{
    struct x86 *e = &t->e;
    unsigned b;
    i32 d;
    struct RV(stub) *s = RV(probe2)(t, in, true, size, STUB_STORE, &b, &d);
    s->kind_arg = size | (freg ? JL_FREG : 0) | in->rs2 << 16;
    /* the value from rs2's host registers where it has them (the slow path reads the
     * hart), else in rcx (and rdx) */
    unsigned v = RCX, vh = RDX, r = in->rs2;
    bool cached = !freg && r && t->host_of[r] != NOT_CACHED && !(t->clobbered >> r & 1);
    if (freg) {
        x86_load64(e, RCX, RBP, FOFF(r));
    } else if (!cached) {
        if (size == 16) RV(ld2)(e, RCX, RDX, r);
        else RV(ldx)(e, RCX, r);
    } else {
        v = t->host_of[r];
        if (size == 16 && RV(lazy_here)(e, r)) {
            x86_mov(e, true, RDX, v);                   /* (its sign; it stays lazy) */
            x86_shift_imm(e, true, SH_SAR, RDX, 63);
        } else if (size == 16) {
            RV(hi_ready)(t, r);
            if (t->host_hi[r] != NOT_CACHED) vh = t->host_hi[r];
            else x86_load64(e, RDX, RBP, XHI(r));
        }
    }
    if (t->direct_site[t->cur]) s->fault_at = e->p;
    switch (size) {
    case 1: x86_store8(e, v, b, d); break;
    case 2: x86_store16(e, v, b, d); break;
    case 4: x86_store32(e, v, b, d); break;
    case 8: x86_store64(e, v, b, d); break;
    default:
        x86_store64(e, v, b, d);
        x86_store64(e, vh, b, d + 8);
        break;
    }
    s->cont = e->p;
}

/* The slow-path call of a load or store stub: rax = non-zero on a fault. */
static void RV(slow_call)(struct x86 *e, const struct RV(stub) *s)
{
    bool load = s->kind == STUB_LOAD, freg = s->kind_arg & JL_FREG;
    unsigned r = (unsigned)(s->kind_arg >> 16) & 31;     /* rd of a load, rs2 of a store */
    /* (a load's rd too: its pair is loaded after the call, which leaves it as it was
     * when the load faults) */
    RV(call_begin_q)(e, s->dirty, 1u << s->rs1 | (freg ? 0 : 1u << r));
    x86_mov(e, true, RDI, RBP);
    x86_mov_imm(e, RSI, s->rs1);
    x86_mov_imm(e, RDX, (u64)(i64)s->imm);
    x86_mov_imm(e, RCX, s->kind_arg);
    RV(call_end_q)(e, load ? FN(RV(jit_load_q)) : FN(RV(jit_store_q)), load && !freg ? r : 0);
    x86_op_reg(e, true, 0x85, RAX, RAX);                 /* test rax, rax */
}

/* ---- control transfers ---- */

static void RV(emit_branch2)(struct RV(jt) *t, const struct isa_inst *in, enum x86_cc cc,
                             uxlen pc, u32 idx)
{
    struct x86 *e = &t->e;
    if (RV(cmp_sext)(e, in, false)) {
        /* (both sign-extended: the low halves decide) */
    } else if (cc == CC_E || cc == CC_NE) {
        /* equal: both halves' differences ORed together are zero */
        if (in->rs2 == 0 && in->rs1) {          /* beqz, bnez: x[rs1]'s halves ORed */
            RV(ldx)(e, RAX, in->rs1);
            RV(op_half)(e, 0x0b, RAX, in->rs1, true);   /* or rax, high half */
        } else {
            RV(ld2)(e, RAX, RDX, in->rs1);
            if (in->rs2) RV(alu2_x)(e, ALU_XOR, ALU_XOR, RAX, RDX, in->rs2);
            x86_alu_reg(e, true, ALU_OR, RAX, RDX);
        }
    } else {
        RV(cmp2)(e, in, false);
    }
    RV(branch_to)(t, cc, pc + (uxlen)(sxlen)in->imm, idx);
}

/* JALR's target in rax (low half) and rdx (high half), its link written */
static void RV(jalr_target)(struct x86 *e, const struct isa_inst *in, uxlen pc)
{
    RV(ld2)(e, RAX, RDX, in->rs1);
    RV(alu2_imm)(e, ALU_ADD, ALU_ADC, RAX, RDX, in->imm);
    x86_alu_imm(e, true, ALU_AND, RAX, -2);
    if (in->rd) {
        uxlen link = pc + in->len;
        if (RV(jt_of)(e)->host_of[in->rd] != NOT_CACHED) {
            RV(set_x)(e, in->rd, link);     /* (into its pair: rax is not touched) */
        } else {
            x86_mov_imm(e, RCX, (u64)link);
            x86_store64(e, RCX, RBP, XOFF(in->rd));
            x86_mov_imm(e, RCX, (u64)(link >> 64));
            x86_store64(e, RCX, RBP, XHI(in->rd));
        }
    }
}

/* The operations RV128 translates differently from RV64.  Returns 1 when emitted, 0
 * when the translator leaves the operation to the interpreter, -1 when the shared code
 * (W, D and FP operations, fence) handles it. */
static int RV(emit_insn2)(struct RV(jt) *t, const struct isa_inst *in, uxlen pc, u32 idx)
{
    struct x86 *e = &t->e;
    switch (in->op) {
    case ISA_LUI: RV(set_x)(e, in->rd, (uxlen)(sxlen)in->imm); return 1;
    case ISA_AUIPC: RV(set_x)(e, in->rd, RV(auipc_value)(t, in, pc)); return 1;
    case ISA_ADDI: RV(emit_alu2_ri)(e, in, ALU_ADD, ALU_ADC); return 1;
    case ISA_XORI: RV(emit_alu2_ri)(e, in, ALU_XOR, ALU_XOR); return 1;
    case ISA_ORI: RV(emit_alu2_ri)(e, in, ALU_OR, ALU_OR); return 1;
    case ISA_ANDI: RV(emit_alu2_ri)(e, in, ALU_AND, ALU_AND); return 1;
    case ISA_SLTI: RV(emit_set2)(e, in, CC_L, true); return 1;
    case ISA_SLTIU: RV(emit_set2)(e, in, CC_B, true); return 1;
    case ISA_SLLI:
        if (t->zext[idx]) RV(emit_field_ext)(t, in);
        else RV(emit_shift2_ri)(e, in, SH_SHL, (unsigned)in->imm & 127);
        return 1;
    case ISA_SRLI: RV(emit_shift2_ri)(e, in, SH_SHR, (unsigned)in->imm & 127); return 1;
    case ISA_SRAI: RV(emit_shift2_ri)(e, in, SH_SAR, (unsigned)in->imm & 127); return 1;
    case ISA_ADD: RV(emit_alu2_rr)(e, in, ALU_ADD, ALU_ADC); return 1;
    case ISA_SUB: RV(emit_alu2_rr)(e, in, ALU_SUB, ALU_SBB); return 1;
    case ISA_XOR: RV(emit_alu2_rr)(e, in, ALU_XOR, ALU_XOR); return 1;
    case ISA_OR: RV(emit_alu2_rr)(e, in, ALU_OR, ALU_OR); return 1;
    case ISA_AND: RV(emit_alu2_rr)(e, in, ALU_AND, ALU_AND); return 1;
    case ISA_SLT: RV(emit_set2)(e, in, CC_L, false); return 1;
    case ISA_SLTU: RV(emit_set2)(e, in, CC_B, false); return 1;
    case ISA_SLL: RV(emit_shift2_rr)(t, in, SH_SHL); return 1;
    case ISA_SRL: RV(emit_shift2_rr)(t, in, SH_SHR); return 1;
    case ISA_SRA: RV(emit_shift2_rr)(t, in, SH_SAR); return 1;
    case ISA_MUL: RV(emit_mul2)(e, in); return 1;
    case ISA_MULH: RV(emit_op_q)(e, in, Q_MULH); return 1;
    case ISA_MULHSU: RV(emit_op_q)(e, in, Q_MULHSU); return 1;
    case ISA_MULHU: RV(emit_op_q)(e, in, Q_MULHU); return 1;
    case ISA_DIV: RV(emit_op_q)(e, in, Q_DIV); return 1;
    case ISA_DIVU: RV(emit_op_q)(e, in, Q_DIVU); return 1;
    case ISA_REM: RV(emit_op_q)(e, in, Q_REM); return 1;
    case ISA_REMU: RV(emit_op_q)(e, in, Q_REMU); return 1;
    case ISA_LB: RV(emit_load2)(t, in, 1, true, false); return 1;
    case ISA_LH: RV(emit_load2)(t, in, 2, true, false); return 1;
    case ISA_LW: RV(emit_load2)(t, in, 4, true, false); return 1;
    case ISA_LD: RV(emit_load2)(t, in, 8, true, false); return 1;
    case ISA_LBU: RV(emit_load2)(t, in, 1, false, false); return 1;
    case ISA_LHU: RV(emit_load2)(t, in, 2, false, false); return 1;
    case ISA_LWU: RV(emit_load2)(t, in, 4, false, false); return 1;
    case ISA_LDU: RV(emit_load2)(t, in, 8, false, false); return 1;
    case ISA_LQ: RV(emit_load2)(t, in, 16, false, false); return 1;
    case ISA_FLW: RV(emit_load2)(t, in, 4, false, true); return 1;
    case ISA_FLD: RV(emit_load2)(t, in, 8, false, true); return 1;
    case ISA_SB: RV(emit_store2)(t, in, 1, false); return 1;
    case ISA_SH: RV(emit_store2)(t, in, 2, false); return 1;
    case ISA_SW: RV(emit_store2)(t, in, 4, false); return 1;
    case ISA_SD: RV(emit_store2)(t, in, 8, false); return 1;
    case ISA_SQ: RV(emit_store2)(t, in, 16, false); return 1;
    case ISA_FSW: RV(emit_store2)(t, in, 4, true); return 1;
    case ISA_FSD: RV(emit_store2)(t, in, 8, true); return 1;
    case ISA_BEQ: RV(emit_branch2)(t, in, CC_E, pc, idx); return 1;
    case ISA_BNE: RV(emit_branch2)(t, in, CC_NE, pc, idx); return 1;
    case ISA_BLT: RV(emit_branch2)(t, in, CC_L, pc, idx); return 1;
    case ISA_BGE: RV(emit_branch2)(t, in, CC_GE, pc, idx); return 1;
    case ISA_BLTU: RV(emit_branch2)(t, in, CC_B, pc, idx); return 1;
    case ISA_BGEU: RV(emit_branch2)(t, in, CC_AE, pc, idx); return 1;
    default: return -1;
    }
}
