/* Pass "fold": an integer operation of constants (an extension too) becomes the
 * constant it computes, a branch on constants a jump; constant operands become
 * immediates (addi/andi/.../slli, sub -> addi, mul by 2^k -> slli, comparisons and
 * stores against 0 use the zero register), a shift by 0 an extension or a copy.  Only a
 * single-definition `li` is a constant: its value is the same wherever it is used.
 * Then extensions go (narrow.c): a wide add/sub/mul whose result only a sign extension
 * from fewer bytes reads becomes the narrow (W or D) form, and an and with a small
 * non-negative immediate takes the place of its extension. */
#include "cc/opt/opt.h"

#include <string.h>

static bool const_of(int v, int *ndef, struct ir_ins **def, i128 *out)
{
    if (!v || ndef[v] != 1 || def[v]->op != IR_LI) return false;
    *out = def[v]->imm;
    return true;
}

/* v as the register holds it: the low `bits` bits, sign-extended (an `li` of the
 * XLEN-bit pattern) */
static i128 sext(u128 v, int bits)
{
    if (bits >= 128) return (i128)v;
    u128 m = (u128)1 << (bits - 1);
    v &= ((u128)1 << bits) - 1;
    return (i128)((v ^ m) - m);
}

bool opt_evaluate(const struct ir_ins *i, i128 x, i128 y, i128 *out)
{
    int X = tgt.xlen, bits = i->w * 8 < X ? i->w * 8 : X;
    u128 ux = (u128)x, uy = (u128)y, xmask = X >= 128 ? ~(u128)0 : ((u128)1 << X) - 1;
    if (i->op == IR_EXT) {
        /* the value extended from its low w bytes (a constant that a conversion of
         * uint64_t at rv128 would otherwise extend at run time) */
        int eb = i->w * 8 < X ? i->w * 8 : X;
        *out = i->uns && eb < X ? (i128)(ux & (((u128)1 << eb) - 1)) : sext(ux, eb);
        return true;
    }
    if (i->w < 4) return false;
    switch (i->op) {
    case IR_ADD: *out = sext(ux + uy, bits); return true;
    case IR_SUB: *out = sext(ux - uy, bits); return true;
    case IR_MUL: *out = sext(ux * uy, bits); return true;
    case IR_AND: *out = sext(ux & uy, X); return true;
    case IR_OR: *out = sext(ux | uy, X); return true;
    case IR_XOR: *out = sext(ux ^ uy, X); return true;
    case IR_SLT: *out = x < y; return true;
    case IR_SLTU: *out = (ux & xmask) < (uy & xmask); return true;
    case IR_SHL: case IR_SHR: case IR_SAR: {
        if (y < 0 || y >= bits) return false;
        int sh = (int)y;
        u128 low = bits >= 128 ? ux : ux & (((u128)1 << bits) - 1);
        if (i->op == IR_SHL) *out = sext(low << sh, bits);
        else if (i->op == IR_SHR) *out = sext(low >> sh, bits);
        else *out = sext((u128)(sext(low, bits) >> sh), bits);
        return true;
    }
    case IR_NEG: *out = sext(-ux, bits); return true;
    case IR_NOT: *out = sext(~ux, X); return true;
    default: return false;
    }
}

/* i becomes `li d, v` when all its operands are constants */
static bool fold_constant(struct ir_ins *i, int *ndef, struct ir_ins **def)
{
    i128 x, y = 0, v;
    if (ir_ops[i->op].d != IRO_I || !i->d || ir_ops[i->op].c != IRO_N) return false;
    if (ir_ops[i->op].a != IRO_I || !const_of(i->a, ndef, def, &x)) return false;
    if (ir_ops[i->op].b == IRO_I) {
        if (i->b && !const_of(i->b, ndef, def, &y)) return false;
        if (!i->b) y = i->imm;
    }
    if (!opt_evaluate(i, x, y, &v)) return false;
    int d = i->d;
    memset(i, 0, sizeof *i);
    i->op = IR_LI;
    i->d = d;
    i->imm = v;
    return true;
}

bool opt_compare(i128 cc, i128 x, i128 y)
{
    u128 mask = tgt.xlen >= 128 ? ~(u128)0 : ((u128)1 << tgt.xlen) - 1, ux = (u128)x & mask, uy = (u128)y & mask;
    switch (cc) {
    case CC_EQ: return x == y;
    case CC_NE: return x != y;
    case CC_LT: return x < y;
    case CC_GE: return x >= y;
    case CC_LTU: return ux < uy;
    default: return ux >= uy;
    }
}

i128 opt_extend(i128 v, int w, bool uns)
{
    if (w >= 16) return v;
    u128 low = (u128)v & (((u128)1 << (8 * w)) - 1);
    return uns ? (i128)low : sext(low, 8 * w);
}

/* operand v of a branch: a constant, or the zero register (v == 0) */
static bool branch_const(int v, int *ndef, struct ir_ins **def, i128 *out)
{
    if (!v) {
        *out = 0;
        return true;
    }
    return const_of(v, ndef, def, out);
}

/* a branch whose outcome is known becomes a jump */
static void fold_branch(struct ir_ins *i, int *ndef, struct ir_ins **def)
{
    i128 x, y;
    bool taken;
    if (i->op == IR_BR && branch_const(i->a, ndef, def, &x)) {
        taken = x != 0;
    } else if (i->op == IR_BCMP && ((branch_const(i->a, ndef, def, &x) && branch_const(i->b, ndef, def, &y)) ||
                                    (i->a == i->b && (x = y = 0, true)))) {
        taken = opt_compare(i->imm, x, y);
    } else if (i->op == IR_JTAB && branch_const(i->a, ndef, def, &x) && x >= 0 && x < i->jt->n) {
        int t = i->jt->t[(int)x];
        memset(i, 0, sizeof *i);
        i->op = IR_JMP;
        i->t1 = t;
        return;
    } else {
        return;
    }
    int t = taken ? i->t1 : i->t2;
    memset(i, 0, sizeof *i);
    i->op = IR_JMP;
    i->t1 = t;
}

static void fold_with(struct ir_func *f, int *ndef, struct ir_ins **def)
{
    for (int b = 0; b < f->nblocks; b++)
        for (int k = 0; k < f->blocks[b]->n; k++) {
            struct ir_ins *i = &f->blocks[b]->ins[k];
            i128 c;
            if (fold_constant(i, ndef, def)) continue;
            fold_branch(i, ndef, def);
            switch (i->op) {
            case IR_MUL:
                if (!const_of(i->b, ndef, def, &c) && const_of(i->a, ndef, def, &c)) {
                    int t = i->a;
                    i->a = i->b;
                    i->b = t;
                }
                if (const_of(i->b, ndef, def, &c) && c > 0 && (c & (c - 1)) == 0) {
                    int sh = 0;
                    while (((i128)1 << sh) < c) sh++;
                    i->op = IR_SHL;
                    i->b = 0;
                    i->imm = sh;
                }
                break;
            case IR_ADD: case IR_AND: case IR_OR: case IR_XOR:
                if (i->b && !const_of(i->b, ndef, def, &c) && const_of(i->a, ndef, def, &c)) {
                    int t = i->a;
                    i->a = i->b;
                    i->b = t;
                }
                /* fall through */
            case IR_SLT: case IR_SLTU:
                if (i->b && const_of(i->b, ndef, def, &c) && c >= -2048 && c < 2048) {
                    i->b = 0;
                    i->imm = c;
                }
                break;
            case IR_SHL: case IR_SHR: case IR_SAR:
                if (i->b && const_of(i->b, ndef, def, &c) && c >= 0 && c < i->w * 8) {
                    i->b = 0;
                    i->imm = c;
                }
                /* a shift by 0 (GET_OPCODE's `i >> 0`) computes its operand at width w:
                 * the sign extension a W or D form makes, which narrow.c drops again
                 * when the operand is already extended so; at XLEN a copy */
                if (!i->b && i->imm == 0) {
                    i->op = i->w * 8 >= tgt.xlen ? IR_MOV : IR_EXT;
                    i->uns = i->nsw = false;
                    if (i->op == IR_MOV) i->w = 0;
                }
                break;
            case IR_SUB:
                if (const_of(i->b, ndef, def, &c) && c > -2048 && c <= 2048) {
                    i->op = IR_ADD;
                    i->b = 0;
                    i->imm = -c;
                }
                break;
            case IR_STORE:
                if (const_of(i->b, ndef, def, &c) && c == 0) i->b = 0;
                break;
            case IR_BCMP:
                if (const_of(i->b, ndef, def, &c) && c == 0) i->b = 0;
                else if (const_of(i->a, ndef, def, &c) && c == 0) i->a = 0;
                break;
            default: break;
            }
        }
}

void opt_fold(struct ir_func *f)
{
    int *ndef;
    struct ir_ins **def;
    opt_count_defs(f, &ndef, &def);
    /* twice: a constant made by folding may feed an instruction earlier in the layout */
    fold_with(f, ndef, def);
    fold_with(f, ndef, def);
    opt_narrow(f, ndef, def);  /* after: an and's constant is an immediate by now */
}
