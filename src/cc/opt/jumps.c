/* Pass "jumps": a jump or branch to a block that does nothing but jump on (nops and line
 * marks, then `jmp`) goes straight to where that block jumps, following chains, so a
 * path that went through such blocks executes one jump instead of several.  A block
 * whose jump goes to the block right after it is not skipped: the emitter writes no
 * jump there, and jumping past it would cost one. */
#include "cc/opt/opt.h"

enum { JUMPS_MAX_CHAIN = 16 };

/* where a jump to block t ends up */
static int final_target(const struct ir_func *f, int t)
{
    for (int hop = 0; hop < JUMPS_MAX_CHAIN; hop++) {
        const struct ir_block *b = f->blocks[t];
        if (!b->n || b->ins[b->n - 1].op != IR_JMP) return t;
        for (int k = 0; k < b->n - 1; k++)
            if (b->ins[k].op != IR_NOP && b->ins[k].op != IR_LOC) return t;
        /* an empty endless loop; or a block falling into its target (the emitter writes
         * no jump there, so a path through it costs none) */
        int next = t + 1;
        while (next < f->nblocks && !f->blocks[next]->n) next++;  /* empty ones fall through */
        if (b->ins[b->n - 1].t1 == t || b->ins[b->n - 1].t1 == next) return t;
        t = b->ins[b->n - 1].t1;
    }
    return t;
}

void opt_jumps(struct ir_func *f)
{
    for (int b = 0; b < f->nblocks; b++) {
        struct ir_block *blk = f->blocks[b];
        if (!blk->n) continue;
        struct ir_ins *i = &blk->ins[blk->n - 1];
        if (!ir_is_term(i->op)) continue;
        for (int k = 0, nt = ir_ntargets(i); k < nt; k++) *ir_target(i, k) = final_target(f, *ir_target(i, k));
    }
}
