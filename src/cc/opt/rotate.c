/* Pass "rotate": a jump back to a small block that ends in a conditional branch (the
 * test at the top of a loop) is replaced by a copy of that block, so each iteration ends
 * in the loop test itself instead of a jump to it: one instruction less per iteration,
 * and the emitter turns the copied branch around when its target follows.  Running a
 * copy of a block instead of jumping to it runs the same instructions, so any block
 * could be copied; only small ones (no calls or asm, which carry their operand lists)
 * are, to bound the growth.  It runs last: the copies define their vregs a second
 * time, which the passes that look through single definitions would then not do.
 * Then the blocks that the jumps pass and the copies left unreached are emptied. */
#include "cc/opt/opt.h"

#include <string.h>

enum { ROTATE_MAX_INS = 6 };

static int real_len(const struct ir_block *b, bool *ok)
{
    int n = 0;
    *ok = b->n > 0 && (b->ins[b->n - 1].op == IR_BR || b->ins[b->n - 1].op == IR_BCMP);
    for (int k = 0; k < b->n; k++) {
        const struct ir_ins *i = &b->ins[k];
        if (i->call || i->asmi) *ok = false;
        if (i->op != IR_NOP && i->op != IR_LOC) n++;
    }
    return n;
}

void opt_rotate(struct ir_func *f)
{
    for (int b = 0; b < f->nblocks; b++) {
        struct ir_block *j = f->blocks[b];
        if (!j->n || j->ins[j->n - 1].op != IR_JMP) continue;
        int h = j->ins[j->n - 1].t1;
        if (h > b) continue;  /* only backward jumps: the latches of loops */
        const struct ir_block *hb = f->blocks[h];
        bool ok;
        if (real_len(hb, &ok) > ROTATE_MAX_INS || !ok) continue;
        int need = j->n - 1 + hb->n;
        struct ir_ins *ni = cc_alloc(sizeof *ni * (size_t)need);
        int n = 0;
        for (int k = 0; k < j->n - 1; k++) ni[n++] = j->ins[k];
        for (int k = 0; k < hb->n; k++)
            if (hb->ins[k].op != IR_NOP) ni[n++] = hb->ins[k];
        j->ins = ni;
        j->n = n;
        j->cap = need;
    }
    /* the jumps pass and the copies leave blocks that nothing jumps to any more: emptied,
     * the emitter falls through them (a branch to the block after them is turned around) */
    opt_unreachable(f);
}
