/* Pass "blockorder": lay blocks out so that a block is followed by a successor that only
 * it reaches.  Lowering numbers blocks as it creates them, so the blocks of an inner `if`
 * come after the outer statement's other arm and join block, and the emitter (which lays
 * blocks out by number) then writes a branch and a jump where one branch would do.
 *
 * From the entry, each block placed is followed by the first of its successors that has
 * no other predecessor and is not placed yet: a jump's target, else a branch's taken
 * side, else its other side (the emitter turns the branch around when its taken side
 * follows).  When there is none, the chain goes on with the first block not yet placed
 * in the old order, so blocks that nothing chains keep their relative order and a loop
 * stays between its header and its back edges.  Runs last: it moves blocks, nothing
 * else.  A function with a block that has instructions but no terminator, or a block
 * some branch reaches that has none at all (either would fall into the next block), is
 * left as it is. */
#include "cc/opt/opt.h"

/* 1: its last real instruction is no terminator; 2: it has no real instruction */
static int ends_open(const struct ir_block *b)
{
    for (int k = b->n - 1; k >= 0; k--) {
        int op = b->ins[k].op;
        if (op == IR_NOP || op == IR_LOC) continue;
        return !ir_is_term(op);
    }
    return 2;
}

void opt_blockorder(struct ir_func *f)
{
    int n = f->nblocks;
    if (n < 3) return;
    int *npred = cc_alloc(sizeof(int) * (size_t)n);
    int *s = cc_alloc(sizeof(int) * (size_t)(n + 2));
    for (int b = 0; b < n; b++) {
        if (ends_open(f->blocks[b]) == 1) return;
        int ns = opt_live_succs(f, f->blocks[b], s);
        for (int q = 0; q < ns; q++) npred[s[q]]++;
    }
    for (int b = 0; b < n; b++)
        if (npred[b] && ends_open(f->blocks[b]) == 2) return;
    bool *placed = cc_alloc((size_t)n);
    int *next = cc_alloc(sizeof(int) * (size_t)n);
    int cur = 0, rest = 1;
    placed[0] = true;
    for (;;) {
        const struct ir_block *b = f->blocks[cur];
        int len = opt_run_length(b), pick = -1;
        if (len) {
            const struct ir_ins *t = &b->ins[len - 1];
            int cand[2] = {-1, -1};
            if (t->op == IR_JMP) cand[0] = t->t1;
            else if (t->op == IR_BR || t->op == IR_BCMP) cand[0] = t->t1, cand[1] = t->t2;
            for (int q = 0; q < 2 && pick < 0; q++)
                if (cand[q] >= 0 && !placed[cand[q]] && npred[cand[q]] == 1) pick = cand[q];
        }
        if (pick < 0) {
            while (rest < n && placed[rest]) rest++;
            pick = rest < n ? rest : -1;
        }
        next[cur] = pick;
        if (pick < 0) break;
        placed[pick] = true;
        cur = pick;
    }
    opt_relayout(f, next);
}
