/* Block order, shared by the passes that add blocks ("inline", "unroll"). */
#include "cc/opt/opt.h"

void opt_relayout(struct ir_func *f, const int *next)
{
    int n = f->nblocks;
    int *newid = cc_alloc(sizeof(int) * (size_t)n);
    struct ir_block **order = cc_alloc(sizeof *order * (size_t)n);
    int m = 0;
    for (int b = 0; b >= 0 && m < n; b = next[b]) {
        newid[b] = m;
        order[m++] = f->blocks[b];
    }
    for (int b = 0; b < m; b++) {
        order[b]->id = b;
        for (int k = 0; k < order[b]->n; k++) {
            struct ir_ins *i = &order[b]->ins[k];
            if (i->op == IR_JMP || i->op == IR_BR || i->op == IR_BCMP || i->op == IR_BLOCKADDR) i->t1 = newid[i->t1];
            if (i->op == IR_BR || i->op == IR_BCMP) i->t2 = newid[i->t2];
        }
    }
    f->blocks = order;
    f->nblocks = m;
    f->bcap = n;  /* the size of order: a later ir_block_new grows it from there */
}
