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
            for (int q = 0, nt = ir_ntargets(i); q < nt; q++) *ir_target(i, q) = newid[*ir_target(i, q)];
        }
    }
    f->blocks = order;
    f->nblocks = m;
    f->bcap = n;  /* the size of order: a later ir_block_new grows it from there */
}
