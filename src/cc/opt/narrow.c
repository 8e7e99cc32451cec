/* Narrowing, run by pass "fold": `r = op.w2 a, b; y = ext.W r` (op add, sub or mul,
 * w2 > W, r used nowhere else) becomes `y = op.W a, b`, the W or D form, which computes
 * the same low W bytes and sign-extends them itself.  An operand `ext` of x from W or
 * more bytes then reads x, whose low W bytes it keeps.  An extension of `and` with an
 * immediate in [0, 2047] is needless: the and takes its place.  So is a sign extension
 * of a vreg that every definition leaves extended so already (a load of that width, a W
 * form): it becomes a copy.
 *
 * C makes these wide operations: at LP128 `uint64_t h; h *= 0x100000001b3ULL` multiplies
 * at 128 bits (long long is 128-bit there) and converts back, which was a zero extension,
 * a full-width mul and a sign extension where rv64 has one mul; at LP64 `uint32_t` with
 * an `unsigned long` operand is the same at 64 bits (mulw). */
#include "cc/opt/opt.h"

#include <string.h>

/* the index in blk of its instruction i, or -1 when i is not in blk */
static int index_in(const struct ir_block *blk, const struct ir_ins *i)
{
    for (int k = 0; k < blk->n; k++)
        if (&blk->ins[k] == i) return k;
    return -1;
}

/* true when an instruction of blk in (from, to) writes v */
static bool written_between(struct ir_block *blk, int from, int to, int v)
{
    for (int k = from + 1; k < to; k++) {
        struct ir_ins *i = &blk->ins[k];
        int *local[8];
        int **slots = ir_slot_buf(i, local, 8);
        int n = ir_defs(i, slots, ir_operand_bound(i));
        for (int q = 0; q < n; q++)
            if (*slots[q] == v) return true;
    }
    return false;
}

/* operand v of the narrowed op at blk[m]: the source of its `ext` from w or more bytes
 * when that source still holds the same value at m, else v */
static int look_through_ext(struct ir_block *blk, int m, int v, int w, int *ndef, struct ir_ins **def)
{
    if (!v || ndef[v] != 1 || def[v]->op != IR_EXT || def[v]->w < w || !def[v]->a) return v;
    int e = index_in(blk, def[v]);
    if (e < 0 || e > m || written_between(blk, e, m, def[v]->a)) return v;
    return def[v]->a;
}

/* ext x, of r: the instruction that, put in x's place and writing x's d, makes x
 * needless (r's op itself, at width W), or NULL */
static bool fits_ext(const struct ir_ins *op, const struct ir_ins *x)
{
    int W = x->w;
    /* an and with an immediate in [0, 2047] leaves at most 11 low bits: both extensions
     * from 2 or more bytes keep it as it is */
    if (op->op == IR_AND && !op->b && op->imm >= 0 && op->imm < 2048) return W >= 2;
    /* a sign extension the emitter does (addiw/addid): W below XLEN, the op wider */
    if (x->uns || (W != 4 && W != 8) || W * 8 >= tgt.xlen) return false;
    return (op->op == IR_ADD || op->op == IR_SUB || op->op == IR_MUL) && op->w > W;
}

/* the fewest low bytes whose sign extension is the value i writes to i->d, XLEN/8 when
 * not known: the W and D forms extend from their width, a narrower load from its own
 * (an unsigned one from one byte more), a constant from the bytes it needs */
static int extended_from(const struct ir_ins *i)
{
    int R = tgt.xlen / 8;
    switch (i->op) {
    case IR_LI:
        for (int w = 1; w < R; w *= 2)
            if (opt_extend(i->imm, w, false) == i->imm) return w;
        return R;
    case IR_SLT: case IR_SLTU: case IR_SEQZ: case IR_SNEZ:
        return 1;
    case IR_LOAD:
        return i->w >= R ? R : i->uns && i->w < 4 ? i->w * 2 : i->w;
    case IR_EXT:
        return i->w >= R ? R : i->uns ? i->w * 2 : i->w;
    case IR_ADD: case IR_SUB: case IR_MUL: case IR_DIV: case IR_DIVU: case IR_REM: case IR_REMU:
    case IR_SHL: case IR_SHR: case IR_SAR: case IR_NEG:
        return (i->w == 4 || i->w == 8) && i->w < R ? i->w : R;
    default:
        return R;
    }
}

/* the copy `d = mov x` at blk[m]: the later instructions of blk read x for d until x
 * or d is written again, so that the copy dies where d is needed only there (x, defined
 * more than once, is beyond copyprop; the allocator could not give both one register
 * when x lives on) */
static void forward_copy(struct ir_block *blk, int m)
{
    int d = blk->ins[m].d, x = blk->ins[m].a;
    for (int k = m + 1; k < blk->n; k++) {
        struct ir_ins *i = &blk->ins[k];
        int *local[8];
        int **slots = ir_slot_buf(i, local, 8);
        int n = ir_uses(i, slots, ir_operand_bound(i));
        for (int q = 0; q < n; q++)
            if (*slots[q] == d) *slots[q] = x;
        n = ir_defs(i, slots, ir_operand_bound(i));
        for (int q = 0; q < n; q++)
            if (*slots[q] == x || *slots[q] == d) return;
    }
}

/* `ext.W x` (sign) becomes `mov x` when every definition of x writes a value that
 * is already the sign extension of its low W bytes (the shift by 0 that fold turned
 * into an extension, of an instruction word that a `lw` loaded) */
static void drop_needless_exts(struct ir_func *f)
{
    int R = tgt.xlen / 8;
    u8 *from = cc_alloc((size_t)f->nvregs);  /* zeroed: no definition seen yet */
    for (int b = 0; b < f->nblocks; b++)
        for (int k = 0; k < f->blocks[b]->n; k++) {
            struct ir_ins *i = &f->blocks[b]->ins[k];
            int *local[8];
            int **slots = ir_slot_buf(i, local, 8);
            int n = ir_defs(i, slots, ir_operand_bound(i));
            for (int q = 0; q < n; q++) {
                int v = *slots[q], w = v == i->d && !i->call && !i->asmi ? extended_from(i) : R;
                if (w > from[v]) from[v] = (u8)w;
            }
        }
    for (int b = 0; b < f->nblocks; b++)
        for (int k = 0; k < f->blocks[b]->n; k++) {
            struct ir_ins *i = &f->blocks[b]->ins[k];
            if (i->op == IR_EXT && !i->uns && i->a && i->w < R && from[i->a] && from[i->a] <= i->w) {
                i->op = IR_MOV;
                i->w = 0;
                forward_copy(f->blocks[b], k);
            }
        }
}

void opt_narrow(struct ir_func *f, int *ndef, struct ir_ins **def)
{
    int *uses = opt_count_uses(f);
    for (int b = 0; b < f->nblocks; b++) {
        struct ir_block *blk = f->blocks[b];
        for (int m = 0; m < blk->n; m++) {
            struct ir_ins *x = &blk->ins[m];
            int W = x->w, r = x->a;
            if (x->op != IR_EXT || !r || ndef[r] != 1 || uses[r] != 1) continue;
            struct ir_ins *op = def[r];
            if (!fits_ext(op, x)) continue;
            int k = index_in(blk, op);
            if (k < 0 || k > m) continue;
            if (written_between(blk, k, m, op->a) || (op->b && written_between(blk, k, m, op->b))) continue;
            struct ir_ins n = *op;
            n.d = x->d;
            if (op->op != IR_AND) {
                n.w = (u8)W;
                n.nsw = false;  /* no longer the C operation whose overflow is undefined */
                n.a = look_through_ext(blk, m, n.a, W, ndef, def);
                if (n.b) n.b = look_through_ext(blk, m, n.b, W, ndef, def);
            }
            uses[op->a]--, uses[n.a]++;
            if (n.b) uses[op->b]--, uses[n.b]++;
            *x = n;  /* def[x->d] still points here */
            memset(op, 0, sizeof *op);
            op->op = IR_NOP;
            ndef[r] = 0;
            def[r] = NULL;
            uses[r] = 0;
        }
    }
    drop_needless_exts(f);
}
