/* Natural loops, shared by the loop passes (licm, ivsr).  A back edge is an edge to a
 * block that dominates its source; the blocks that reach the back edge's source without
 * passing through the header form the loop's body, the back edges to one header making
 * one loop.  A loop whose header has exactly one predecessor outside the body, ending in
 * an unconditional jump to the header, has that block as its preheader. */
#include "cc/opt/opt.h"

#include <stdlib.h>

enum { LOOPS_MAX_BLOCKS = 3000 };  /* larger functions are left alone (loop bodies cost n^2 bits) */

int opt_succs(const struct ir_block *b, int *s)
{
    if (!b->n) return 0;
    struct ir_ins *i = &b->ins[b->n - 1];
    if (i->op == IR_IJMP) return -1;
    if (!ir_is_term(i->op)) return 0;
    int n = 0;
    for (int k = 0, nt = ir_ntargets(i); k < nt; k++) {
        int t = *ir_target(i, k), q = 0;
        while (q < n && s[q] != t) q++;  /* a jump table's blocks, once each */
        if (q == n) s[n++] = t;
    }
    return n;
}

static int cmp_size(const void *a, const void *b)
{
    return ((const struct opt_loop *)a)->size - ((const struct opt_loop *)b)->size;
}

int opt_find_loops(struct ir_func *f, struct opt_loop **out)
{
    int nb = f->nblocks;
    *out = NULL;
    if (nb < 2 || nb > LOOPS_MAX_BLOCKS) return 0;
    int words = (nb + 63) / 64;
    int *s = cc_alloc(sizeof(int) * (size_t)(nb + 2));
    for (int b = 0; b < nb; b++)
        if (opt_succs(f->blocks[b], s) < 0) return 0;
    struct opt_dom *dom = opt_dominators(f);
    int *npred = dom->npred, **pred = dom->pred;
    int *stack = cc_alloc(sizeof(int) * (size_t)(nb + 1));
    int sp = 0;
    /* natural loops, one per header (back edges to one header merged) */
    struct opt_loop *loops = cc_alloc(sizeof *loops * (size_t)nb);
    int nloops = 0;
    for (int h = 0; h < nb; h++) {
        if (!opt_reachable(dom, h)) continue;
        struct opt_loop *L = NULL;
        for (int q = 0; q < npred[h]; q++) {
            int t = pred[h][q];
            if (!opt_dominates(dom, h, t)) continue;
            if (!L) {
                L = &loops[nloops++];
                L->header = h;
                L->size = 1;
                L->nlatch = 0;
                L->latch = -1;
                L->body = cc_alloc(sizeof(u64) * (size_t)words);
                OPT_SET_ADD(L->body, h);
            }
            L->nlatch++;
            L->latch = t;
            sp = 0;
            if (!OPT_SET_HAS(L->body, t)) {
                OPT_SET_ADD(L->body, t);
                L->size++;
                stack[sp++] = t;
            }
            while (sp) {
                int x = stack[--sp];
                for (int r = 0; r < npred[x]; r++) {
                    int p = pred[x][r];
                    if (opt_reachable(dom, p) && !OPT_SET_HAS(L->body, p)) {
                        OPT_SET_ADD(L->body, p);
                        L->size++;
                        stack[sp++] = p;
                    }
                }
            }
        }
    }
    /* preheaders */
    for (int l = 0; l < nloops; l++) {
        struct opt_loop *L = &loops[l];
        int pre = -1, outside = 0;
        for (int q = 0; q < npred[L->header]; q++)
            if (!OPT_SET_HAS(L->body, pred[L->header][q])) {
                pre = pred[L->header][q];
                outside++;
            }
        struct ir_block *pb = outside == 1 ? f->blocks[pre] : NULL;
        L->pre = pb && pb->n && pb->ins[pb->n - 1].op == IR_JMP ? pre : -1;
    }
    qsort(loops, (size_t)nloops, sizeof *loops, cmp_size);
    *out = loops;
    return nloops;
}

void opt_insert_before_term(struct ir_block *b, const struct ir_ins *x)
{
    ir_append(b, IR_NOP);
    b->ins[b->n - 1] = b->ins[b->n - 2];
    b->ins[b->n - 2] = *x;
}
