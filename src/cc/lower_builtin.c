/* Lowering: floating-point classification and bit-counting builtins, and the
 * other __builtin_ functions. */
#include "cc/lower.h"

#include <stdlib.h>
#include <string.h>

/* isnan & co. from the fclass mask (bit 0 -inf, 1 -normal, 2 -subnormal, 3 -0, 4 +0,
 * 5 +subnormal, 6 +normal, 7 +inf, 8 signaling NaN, 9 quiet NaN) */
int fclass_test(int m, int mask)
{
    return un(IR_SNEZ, R(), bini(IR_AND, R(), m, mask));
}

int fp_const(int w, double v)
{
    struct ir_ins *i = E(IR_FLI);
    i->d = vfp();
    i->w = (u8)w;
    if (w == 4) {
        float f = (float)v;
        u32 b;
        memcpy(&b, &f, 4);
        i->imm = b;
    } else {
        u64 b;
        memcpy(&b, &v, 8);
        i->imm = (i128)b;
    }
    return i->d;
}

/* fpclassify(nan, inf, normal, subnormal, zero, x) from the four class flags (0/1): the
 * zero result plus flag * (result - zero result) for the one flag that is set */
int fpclassify_select(struct node *e, const int cls[4])
{
    int vals[5], k = 0;
    for (struct node *a = e->args; a && k < 5; a = a->next) vals[k++] = gen_expr(a);
    int r = vals[4];
    for (k = 0; k < 4; k++)
        r = bin(IR_ADD, 4, r, bin(IR_MUL, 4, cls[k], bin(IR_SUB, 4, vals[k], vals[4])));
    return r;
}

/* classification of a long double from its binary128 bit pattern (1, 2 or 4 words): the
 * top word holds the sign, the 15-bit exponent and the top of the significand */
int gen_fpclass_ld(struct node *e)
{
    int X = tgt.xlen, n = ldw();
    int x = gen_expr(e->l);
    int hi = x + n - 1;
    if (e->val == FPC_SIGNBIT) return bini(IR_SHR, R(), hi, X - 1);
    int ex = bini(IR_SHR, R(), bini(IR_SHL, R(), hi, 1), X - 15);
    int m = bini(IR_SHL, R(), hi, 16); /* significand bits: nonzero or not */
    for (int i = 0; i < n - 1; i++) m = bin(IR_OR, R(), m, x + i);
    int emax = un(IR_SEQZ, R(), bin(IR_XOR, R(), ex, li(0x7fff)));
    int ezero = un(IR_SEQZ, R(), ex);
    int mnz = un(IR_SNEZ, R(), m);
    int isnan = bin(IR_AND, R(), emax, mnz);
    int isinf = bin(IR_AND, R(), emax, un(IR_SEQZ, R(), m));
    switch (e->val) {
    case FPC_ISNAN: return isnan;
    case FPC_ISINF: return isinf;
    case FPC_ISINF_SIGN: {
        /* isinf * (1 - 2 * sign) */
        int sign = bini(IR_SHR, R(), hi, X - 1);
        return bin(IR_MUL, 4, isinf, bin(IR_SUB, 4, li(1), bini(IR_SHL, 4, sign, 1)));
    }
    case FPC_ISFINITE: return un(IR_SEQZ, R(), emax);
    case FPC_ISNORMAL: return un(IR_SEQZ, R(), bin(IR_OR, R(), emax, ezero));
    default: break;
    }
    int cls[4] = {isnan, isinf, un(IR_SEQZ, R(), bin(IR_OR, R(), emax, ezero)), bin(IR_AND, R(), ezero, mnz)};
    return fpclassify_select(e, cls);
}

int gen_fpclass(struct node *e)
{
    if (is_ld(e->l->ty)) return gen_fpclass_ld(e);
    int w = (int)e->l->ty->size;
    int x = gen_expr(e->l);
    if (e->val == FPC_SIGNBIT) {
        /* the sign of copysign(1, x) < 0: right for NaNs too, no integer move needed */
        struct ir_ins *j = E(IR_FSGNJ);
        j->d = vfp();
        j->a = fp_const(w, 1.0);
        j->b = x;
        j->w = (u8)w;
        struct ir_ins *c = E(IR_FLT);
        c->d = vint();
        c->a = j->d;
        c->b = fp_const(w, 0.0);
        c->w = (u8)w;
        return c->d;
    }
    struct ir_ins *i = E(IR_FCLASS);
    i->d = vint();
    i->a = x;
    i->w = (u8)w;
    int m = i->d;
    switch (e->val) {
    case FPC_ISNAN: return fclass_test(m, 0x300);
    case FPC_ISINF: return fclass_test(m, 0x81);
    case FPC_ISINF_SIGN: return bin(IR_SUB, 4, fclass_test(m, 0x80), fclass_test(m, 0x01));
    case FPC_ISFINITE: return fclass_test(m, 0x7e);
    case FPC_ISNORMAL: return fclass_test(m, 0x42);
    default: break;
    }
    /* fpclassify(nan, inf, normal, subnormal, zero, x): exactly one class bit is set */
    static const int masks[4] = {0x300, 0x81, 0x42, 0x24};
    int cls[4];
    for (int k = 0; k < 4; k++) cls[k] = fclass_test(m, masks[k]);
    return fpclassify_select(e, cls);
}

/* __builtin_bswap/popcount/ctz/ffs/clz of the low `bits` bits of x (an unsigned value
 * in one register; bswap's result is not extended) */
int bit_builtin(int op, int x, int bits)
{
    int Rs = R();
    if (op == B_BSWAP) {
        int r = li(0);
        for (int i = 0; i < bits / 8; i++) {
            int byte = bini(IR_AND, Rs, i ? bini(IR_SHR, Rs, x, i * 8) : x, 255);
            int sh = bits - 8 - i * 8;
            r = bin(IR_OR, Rs, r, sh ? bini(IR_SHL, Rs, byte, sh) : byte);
        }
        return r;
    }
    /* loops: count bits */
    int cnt = vint();
    int xv = vint();
    mov_to(xv, x);
    E(IR_LI)->d = cnt;
    int head = ir_block_new(F), body = ir_block_new(F), done = ir_block_new(F);
    if (op == B_POPCOUNT) {
        jmp(head);
        set_block(head);
        struct ir_ins *b = E(IR_BR);
        b->a = xv; b->t1 = body; b->t2 = done;
        set_block(body);
        mov_to(cnt, bini(IR_ADD, Rs, cnt, 1));
        mov_to(xv, bin(IR_AND, Rs, xv, bini(IR_ADD, Rs, xv, -1)));
        jmp(head);
        set_block(done);
        return cnt;
    }
    if (op == B_CTZ || op == B_FFS) {
        int zero = ir_block_new(F);
        struct ir_ins *z = E(IR_BR);
        z->a = xv; z->t1 = head; z->t2 = zero;
        set_block(head);
        int bit = bini(IR_AND, Rs, xv, 1);
        struct ir_ins *b = E(IR_BR);
        b->a = bit; b->t1 = done; b->t2 = body;
        set_block(body);
        mov_to(cnt, bini(IR_ADD, Rs, cnt, 1));
        mov_to(xv, bini(IR_SHR, Rs, xv, 1));
        jmp(head);
        set_block(zero);
        if (op == B_FFS) mov_to(cnt, li(-1));
        else mov_to(cnt, li(bits));
        jmp(done);
        set_block(done);
        if (op == B_FFS) return bini(IR_ADD, 4, cnt, 1);
        return cnt;
    }
    /* clz: shift the value to the top of the register, count leading zeros */
    int zero = ir_block_new(F);
    if (bits < tgt.xlen) mov_to(xv, bini(IR_SHL, Rs, xv, tgt.xlen - bits));
    struct ir_ins *z = E(IR_BR);
    z->a = xv; z->t1 = head; z->t2 = zero;
    set_block(head);
    int neg = bin(IR_SLT, Rs, xv, li(0));
    struct ir_ins *b = E(IR_BR);
    b->a = neg; b->t1 = done; b->t2 = body;
    set_block(body);
    mov_to(cnt, bini(IR_ADD, Rs, cnt, 1));
    mov_to(xv, bini(IR_SHL, Rs, xv, 1));
    jmp(head);
    set_block(zero);
    mov_to(cnt, li(bits));
    jmp(done);
    set_block(done);
    return cnt;
}

int gen_builtin(struct node *e)
{
    int Rs = R();
    if (e->op >= B_ATOMIC_LOAD) return gen_atomic(e);
    switch (e->op) {
    case B_FMA: case B_SQRT: case B_FABS: case B_COPYSIGN: {
        int a = gen_expr(e->l);
        int b = e->r ? gen_expr(e->r) : 0;
        int c = e->cond ? gen_expr(e->cond) : 0;
        struct ir_ins *i = E(e->op == B_FMA ? IR_FMA : e->op == B_SQRT ? IR_FSQRT : e->op == B_FABS ? IR_FABS : IR_FSGNJ);
        i->d = vfp();
        i->a = a;
        i->b = b;
        i->c = c;
        i->w = (u8)e->ty->size;
        return i->d;
    }
    case B_FPCLASS: return gen_fpclass(e);
    case B_TRAP: case B_UNREACHABLE:
        E(IR_TRAP);
        return 0;
    case B_ALLOCA: {
        int n = gen_expr(e->l);
        struct ir_ins *i = E(IR_ALLOCA);
        i->d = vint();
        i->a = n;
        F->has_alloca = true;
        if (ccopt.ssp) F->stack_protect = true;
        return i->d;
    }
    case B_FRAME_ADDRESS: {
        /* the frame pointer s0, as GCC: the CFA, less the register save area of a
         * variadic function (docs/abi.md 3.6) */
        struct ir_ins *i = E(IR_FRAMEADDR);
        i->d = vint();
        i->imm = F->variadic ? -8 * R() : 0;
        return i->d;
    }
    default: break;
    }
    struct type *at = e->l->ty;
    int v = gen_expr(e->l);
    if (wide(at)) {
        /* long long on rv32: per word, combined without branches */
        int n = nw(at), X = tgt.xlen;
        if (e->op == B_BSWAP) {
            int w[16];
            for (int i = 0; i < n; i++) w[i] = bit_builtin(B_BSWAP, v + n - 1 - i, X);
            return tuple(w, n);
        }
        if (e->op == B_POPCOUNT) {
            int r = bit_builtin(B_POPCOUNT, v, X);
            for (int i = 1; i < n; i++) r = bin(IR_ADD, Rs, r, bit_builtin(B_POPCOUNT, v + i, X));
            return r;
        }
        /* clz from the top word down, ctz (and ffs) from the bottom up: a word's count is
         * added while every word before it was zero */
        bool clz = e->op == B_CLZ;
        int first = clz ? v + n - 1 : v;
        int r = bit_builtin(clz ? B_CLZ : B_CTZ, first, X);
        int allz = un(IR_SEQZ, Rs, first);
        for (int k = 1; k < n; k++) {
            int wv = clz ? v + n - 1 - k : v + k;
            int c = bit_builtin(clz ? B_CLZ : B_CTZ, wv, X);
            r = bin(IR_ADD, Rs, r, bin(IR_AND, Rs, c, un(IR_NEG, Rs, allz)));
            allz = bin(IR_AND, Rs, allz, un(IR_SEQZ, Rs, wv));
        }
        if (e->op == B_FFS) /* ctz + 1, or 0 for zero */
            r = bin(IR_AND, Rs, bini(IR_ADD, Rs, r, 1), bini(IR_ADD, Rs, allz, -1));
        return r;
    }
    int bits = (int)at->size * 8;
    /* x as an unsigned XLEN value */
    int x = at->size < Rs ? ext(v, (int)at->size, true) : v;
    int r = bit_builtin(e->op, x, bits);
    if (e->op == B_BSWAP) return gen_cast_v(r, ty_size_t(), e->ty, e->pos);
    return r;
}
