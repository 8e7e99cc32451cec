/* Pass "deaddef": a pure instruction defining a vreg that has other definitions, where
 * no path from it reads the vreg before a later definition, becomes a nop.  dce removes
 * results that are never used at all; this one removes dead assignments to variables that
 * are assigned again (lowering sets every scalar local at the function's entry, say).
 * Besides the instruction, a dead definition costs the allocator: an interval runs from
 * a vreg's first definition to its last use, so an unread early assignment keeps a
 * register busy for the stretch in between.
 *
 * Liveness of the multiply-defined vregs only (single definitions are dce's), by
 * iterative dataflow over the blocks, then a backward walk through each block.  A
 * function with an indirect jump (its successors are unknown) or too large a problem is
 * left alone. */
#include "cc/opt/opt.h"

#include <string.h>

enum { DEADDEF_MAX_WORDS = 1 << 22 }; /* blocks x bitset words, about 32 MB of sets */

/* v's index among the tracked vregs, or -1 */
static int tracked(const int *gid, int v) { return v > 0 ? gid[v] : -1; }

/* the instructions of b that can run: up to its first terminator (as regalloc.c sees
 * them); its successors are that terminator's (-1: an indirect jump) */
static int run_length(const struct ir_block *b)
{
    for (int k = 0; k < b->n; k++)
        if (ir_is_term(b->ins[k].op)) return k + 1;
    return b->n;
}

static int succs(const struct ir_block *b, int *s)
{
    struct ir_block cut = *b;
    cut.n = run_length(b);
    return opt_succs(&cut, s);
}

void opt_deaddef(struct ir_func *f)
{
    int *ndef;
    struct ir_ins **def1;
    opt_count_defs(f, &ndef, &def1);
    int *gid = cc_alloc(sizeof(int) * (size_t)f->nvregs);
    int ng = 0;
    for (int v = 0; v < f->nvregs; v++) gid[v] = v > 0 && ndef[v] >= 2 ? ng++ : -1;
    if (!ng) return;
    int words = (ng + 63) / 64;
    if ((long)words * f->nblocks > DEADDEF_MAX_WORDS) return;
    int sbuf[2];
    for (int b = 0; b < f->nblocks; b++)
        if (succs(f->blocks[b], sbuf) < 0) return;
    u64 *use = cc_alloc(sizeof(u64) * (size_t)words * (size_t)f->nblocks);
    u64 *kill = cc_alloc(sizeof(u64) * (size_t)words * (size_t)f->nblocks);
    u64 *in = cc_alloc(sizeof(u64) * (size_t)words * (size_t)f->nblocks);
    u64 *out = cc_alloc(sizeof(u64) * (size_t)words * (size_t)f->nblocks);
    int *local[8];
    /* use: read before any definition in the block; kill: defined in it */
    for (int b = 0; b < f->nblocks; b++) {
        u64 *U = use + (size_t)b * words, *K = kill + (size_t)b * words;
        struct ir_block *blk = f->blocks[b];
        for (int k = 0, len = run_length(blk); k < len; k++) {
            struct ir_ins *i = &blk->ins[k];
            int **slots = ir_slot_buf(i, local, 8);
            int n = ir_uses(i, slots, ir_operand_bound(i));
            for (int r = 0; r < n; r++) {
                int g = tracked(gid, *slots[r]);
                if (g >= 0 && !OPT_SET_HAS(K, g)) OPT_SET_ADD(U, g);
            }
            n = ir_defs(i, slots, ir_operand_bound(i));
            for (int r = 0; r < n; r++) {
                int g = tracked(gid, *slots[r]);
                if (g >= 0) OPT_SET_ADD(K, g);
            }
        }
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (int b = f->nblocks - 1; b >= 0; b--) {
            int ns = succs(f->blocks[b], sbuf);
            u64 *O = out + (size_t)b * words, *I = in + (size_t)b * words;
            const u64 *U = use + (size_t)b * words, *K = kill + (size_t)b * words;
            for (int w = 0; w < words; w++) {
                u64 o = 0;
                for (int s = 0; s < ns; s++) o |= in[(size_t)sbuf[s] * words + w];
                u64 x = U[w] | (o & ~K[w]);
                if (o != O[w] || x != I[w]) changed = true;
                O[w] = o;
                I[w] = x;
            }
        }
    }
    /* backward through each block from its live-out set */
    u64 *live = cc_alloc(sizeof(u64) * (size_t)words);
    for (int b = 0; b < f->nblocks; b++) {
        struct ir_block *blk = f->blocks[b];
        memcpy(live, out + (size_t)b * words, sizeof(u64) * (size_t)words);
        for (int k = run_length(blk) - 1; k >= 0; k--) {
            struct ir_ins *i = &blk->ins[k];
            int g = ir_ops[i->op].d ? tracked(gid, i->d) : -1;
            if (g >= 0 && ir_is_pure(i->op) && !OPT_SET_HAS(live, g)) {
                memset(i, 0, sizeof *i);
                i->op = IR_NOP;
                continue;
            }
            int **slots = ir_slot_buf(i, local, 8);
            int n = ir_defs(i, slots, ir_operand_bound(i));
            for (int r = 0; r < n; r++) {
                int d = tracked(gid, *slots[r]);
                if (d >= 0) live[d >> 6] &= ~((u64)1 << (d & 63));
            }
            n = ir_uses(i, slots, ir_operand_bound(i));
            for (int r = 0; r < n; r++) {
                int u = tracked(gid, *slots[r]);
                if (u >= 0) OPT_SET_ADD(live, u);
            }
        }
    }
}
