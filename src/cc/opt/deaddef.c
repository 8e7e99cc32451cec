/* Pass "deaddef": a pure instruction defining a vreg that has other definitions, where
 * no path from it reads the vreg before a later definition, becomes a nop.  dce removes
 * results that are never used at all; this one removes dead assignments to variables that
 * are assigned again (lowering sets every scalar local at the function's entry, say).
 * Besides the instruction, a dead definition costs the allocator: an interval runs from
 * a vreg's first definition to its last use, so an unread early assignment keeps a
 * register busy for the stretch in between.
 *
 * Results nothing reads go first (dce), so an unused copy of a variable's entry value
 * (`%8 = mov %3` after `%3 = li #0`) does not keep that value alive.
 *
 * Liveness of the multiply-defined vregs only (single definitions are dce's), by the
 * shared block dataflow (liveness.c), then a backward walk through each block.  A
 * function with an indirect jump (its successors are unknown) or too large a problem is
 * left alone. */
#include "cc/opt/opt.h"

#include <string.h>

enum { DEADDEF_MAX_WORDS = 1 << 22 }; /* blocks x bitset words, about 32 MB of sets */

/* v's index among the tracked vregs, or -1 */
static int tracked(const int *gid, int v) { return v > 0 ? gid[v] : -1; }

void opt_deaddef(struct ir_func *f)
{
    opt_dce(f);
    int *ndef;
    struct ir_ins **def1;
    opt_count_defs(f, &ndef, &def1);
    int *gid = cc_alloc(sizeof(int) * (size_t)f->nvregs);
    int ng = 0;
    for (int v = 0; v < f->nvregs; v++) gid[v] = v > 0 && ndef[v] >= 2 ? ng++ : -1;
    if (!ng) return;
    int words = (ng + 63) / 64;
    if ((long)words * f->nblocks > DEADDEF_MAX_WORDS) return;
    for (int b = 0; b < f->nblocks; b++) {
        const struct ir_block *blk = f->blocks[b];
        int len = opt_run_length(blk);
        if (len && blk->ins[len - 1].op == IR_IJMP) return;
    }
    u64 *in, *out;
    opt_liveness(f, gid, words, &in, &out);
    int *local[8];
    /* backward through each block from its live-out set */
    u64 *live = cc_alloc(sizeof(u64) * (size_t)words);
    for (int b = 0; b < f->nblocks; b++) {
        struct ir_block *blk = f->blocks[b];
        memcpy(live, out + (size_t)b * words, sizeof(u64) * (size_t)words);
        for (int k = opt_run_length(blk) - 1; k >= 0; k--) {
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
