/* Block liveness by iterative backward dataflow, shared by deaddef and the register
 * allocator (src/cc/regalloc.c).  Each caller tracks a subset of the vregs (gid maps a
 * vreg to its index in the bit sets, or -1): deaddef the multiply-defined ones, regalloc
 * those used outside the block that defines them.  Only the instructions up to a
 * block's first terminator count; the rest cannot run. */
#include "cc/opt/opt.h"

int opt_run_length(const struct ir_block *b)
{
    for (int k = 0; k < b->n; k++)
        if (ir_is_term(b->ins[k].op)) return k + 1;
    return b->n;
}

int opt_live_succs(const struct ir_func *f, const struct ir_block *b, int *s)
{
    struct ir_block cut = *b;
    cut.n = opt_run_length(b);
    int n = opt_succs(&cut, s);
    if (n >= 0) return n;
    /* an indirect jump: it may reach any address-taken block */
    n = 0;
    for (int k = 0; k < f->nblocks; k++)
        if (f->blocks[k]->addr_taken) s[n++] = k;
    return n;
}

void opt_liveness(const struct ir_func *f, const int *gid, int words, u64 **live_in, u64 **live_out)
{
    size_t nw = (size_t)words * (size_t)f->nblocks;
    u64 *use = cc_alloc(sizeof(u64) * nw), *def = cc_alloc(sizeof(u64) * nw);
    u64 *in = *live_in = cc_alloc(sizeof(u64) * nw);
    u64 *out = *live_out = cc_alloc(sizeof(u64) * nw);
    int *local[8];
    /* use: read before any definition in the block; def: defined in it */
    for (int b = 0; b < f->nblocks; b++) {
        u64 *U = use + (size_t)b * words, *D = def + (size_t)b * words;
        struct ir_block *blk = f->blocks[b];
        for (int k = 0, len = opt_run_length(blk); k < len; k++) {
            struct ir_ins *i = &blk->ins[k];
            int **slots = ir_slot_buf(i, local, 8);
            int n = ir_uses(i, slots, ir_operand_bound(i));
            for (int r = 0; r < n; r++) {
                int g = *slots[r] > 0 ? gid[*slots[r]] : -1;
                if (g >= 0 && !OPT_SET_HAS(D, g)) OPT_SET_ADD(U, g);
            }
            n = ir_defs(i, slots, ir_operand_bound(i));
            for (int r = 0; r < n; r++) {
                int g = *slots[r] > 0 ? gid[*slots[r]] : -1;
                if (g >= 0) OPT_SET_ADD(D, g);
            }
        }
    }
    /* in = use | (out & ~def), out = the union of the successors' in, to a fixed point;
     * the blocks in reverse order, as most edges go forward */
    int *s = cc_alloc(sizeof(int) * (size_t)(f->nblocks + 2));
    for (bool changed = true; changed;) {
        changed = false;
        for (int b = f->nblocks - 1; b >= 0; b--) {
            int ns = opt_live_succs(f, f->blocks[b], s);
            u64 *O = out + (size_t)b * words, *I = in + (size_t)b * words;
            const u64 *U = use + (size_t)b * words, *D = def + (size_t)b * words;
            for (int w = 0; w < words; w++) {
                u64 o = 0;
                for (int q = 0; q < ns; q++) o |= in[(size_t)s[q] * words + w];
                u64 x = U[w] | (o & ~D[w]);
                if (o != O[w] || x != I[w]) changed = true;
                O[w] = o;
                I[w] = x;
            }
        }
    }
}
