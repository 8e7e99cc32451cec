/* Pass "divpow2": an integer division or remainder by a constant power of two 2^k
 * (k >= 1) becomes shifts, an add and a mask: a hardware divide takes tens of cycles.
 *   unsigned x / 2^k  ->  x >> k (logical)
 *   unsigned x % 2^k  ->  x & (2^k - 1)
 *   signed   x / 2^k  ->  (x + bias) >> k (arithmetic)
 *   signed   x % 2^k  ->  x - ((x + bias) & -2^k)
 * where bias is 2^k - 1 for a negative x and 0 otherwise, so the quotient rounds toward
 * zero as C's does: bias = (x >> (bits - 1), arithmetic) >> (bits - k), logical; for
 * k = 1 just x >> (bits - 1), logical.  The operations keep the division's width w (the
 * W and D forms below XLEN), so the low w bytes and the sign-extended result are as the
 * divide instruction's.  A divisor is a constant when it is a single-definition `li`
 * (as in fold); a negative signed divisor is left as it is. */
#include "cc/opt/opt.h"

#include <string.h>

/* k when the low `bits` bits of c are 2^k with 1 <= k < bits (signed: the value must
 * also be positive at that width, so k < bits - 1), else 0 */
static int log2_divisor(i128 c, int bits, bool sign)
{
    u128 m = (u128)c & (bits >= 128 ? ~(u128)0 : ((u128)1 << bits) - 1);
    if (!m || (m & (m - 1))) return 0;
    int k = 0;
    while (((u128)1 << k) < m) k++;
    return k < bits - (sign ? 1 : 0) ? k : 0;
}

/* a new `d = OP.w a, b-or-imm` at the end of blk; an immediate out of range of the
 * I-type instructions goes through an `li` (only AND's mask can be) */
static int put(struct ir_func *f, struct ir_block *blk, int op, int w, int d, int a, int b, i128 imm)
{
    if (!b && op == IR_AND && (imm < -2048 || imm > 2047)) {
        struct ir_ins *li = ir_append(blk, IR_LI);
        li->d = b = ir_vreg(f, 0);
        li->imm = imm;
    }
    struct ir_ins *i = ir_append(blk, op);
    i->w = (u8)w;
    i->d = d ? d : ir_vreg(f, 0);
    i->a = a;
    i->b = b;
    i->imm = b ? 0 : imm;
    return i->d;
}

/* the expansion of i (k as log2_divisor found it) at the end of blk */
static void expand(struct ir_func *f, struct ir_block *blk, const struct ir_ins *i, int k, int bits)
{
    int w = i->w, x = i->a;
    if (i->op == IR_DIVU) {
        put(f, blk, IR_SHR, w, i->d, x, 0, k);
        return;
    }
    if (i->op == IR_REMU) {
        put(f, blk, IR_AND, w, i->d, x, 0, ((i128)1 << k) - 1);
        return;
    }
    int bias = k == 1 ? put(f, blk, IR_SHR, w, 0, x, 0, bits - 1)
                      : put(f, blk, IR_SHR, w, 0, put(f, blk, IR_SAR, w, 0, x, 0, bits - 1), 0, bits - k);
    int sum = put(f, blk, IR_ADD, w, 0, x, bias, 0);
    if (i->op == IR_DIV) {
        put(f, blk, IR_SAR, w, i->d, sum, 0, k);
        return;
    }
    int low = put(f, blk, IR_AND, w, 0, sum, 0, -((i128)1 << k));
    put(f, blk, IR_SUB, w, i->d, x, low, 0);
}

void opt_divpow2(struct ir_func *f)
{
    int *ndef;
    struct ir_ins **def;
    opt_count_defs(f, &ndef, &def);
    for (int b = 0; b < f->nblocks; b++) {
        struct ir_block *blk = f->blocks[b];
        struct ir_ins *old = blk->ins;
        int n = blk->n;
        bool any = false;
        for (int k = 0; k < n && !any; k++)
            any = old[k].op >= IR_DIV && old[k].op <= IR_REMU;
        if (!any) continue;
        /* the block anew: each instruction copied, or replaced by its expansion */
        blk->ins = NULL;
        blk->n = blk->cap = 0;
        for (int q = 0; q < n; q++) {
            const struct ir_ins *i = &old[q];
            int bits = i->w * 8, k = 0;
            if (i->op >= IR_DIV && i->op <= IR_REMU && i->d && i->a && i->b && i->w >= 4 &&
                bits <= tgt.xlen && ndef[i->b] == 1 && def[i->b]->op == IR_LI)
                k = log2_divisor(def[i->b]->imm, bits, i->op == IR_DIV || i->op == IR_REM);
            if (k) expand(f, blk, i, k, bits);
            else *ir_append(blk, i->op) = *i;
        }
    }
}
