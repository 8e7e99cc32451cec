/* The dominator tree (Cooper, Harvey and Kennedy, "A Simple, Fast Dominance
 * Algorithm"): immediate dominators by iterating over the reverse postorder, then a
 * numbering of the tree so that "a dominates b" is two comparisons.  Shared by the loop
 * passes (loops.c) and the SSA passes. */
#include "cc/opt/opt.h"

#include <string.h>

/* predecessors by the successors opt_succs gives (an indirect jump: none) */
static void find_preds(struct ir_func *f, struct opt_dom *d, int *s)
{
    int nb = f->nblocks;
    d->npred = cc_alloc(sizeof(int) * (size_t)nb);
    d->pred = cc_alloc(sizeof *d->pred * (size_t)nb);
    int *fill = cc_alloc(sizeof(int) * (size_t)nb);
    for (int b = 0; b < nb; b++) {
        int n = opt_succs(f->blocks[b], s);
        for (int q = 0; q < n; q++) d->npred[s[q]]++;
    }
    for (int b = 0; b < nb; b++) d->pred[b] = cc_alloc(sizeof(int) * (size_t)(d->npred[b] + 1));
    for (int b = 0; b < nb; b++) {
        int n = opt_succs(f->blocks[b], s);
        for (int q = 0; q < n; q++) d->pred[s[q]][fill[s[q]]++] = b;
    }
}

/* the postorder of the blocks reachable from the entry, by an explicit stack (a deep
 * chain of blocks must not overflow the C stack) */
static void postorder(struct ir_func *f, struct opt_dom *d, int *s)
{
    int nb = f->nblocks;
    int *stack = cc_alloc(sizeof(int) * (size_t)(nb + 1));
    int *next = cc_alloc(sizeof(int) * (size_t)nb);  /* the next successor to visit */
    int **succ = cc_alloc(sizeof *succ * (size_t)nb);
    int *nsucc = cc_alloc(sizeof(int) * (size_t)nb);
    d->order = cc_alloc(sizeof(int) * (size_t)nb);
    d->rpo = cc_alloc(sizeof(int) * (size_t)nb);
    for (int b = 0; b < nb; b++) d->rpo[b] = -1;
    int sp = 0, post = 0;
    stack[sp++] = 0;
    d->rpo[0] = 0;  /* "seen" until the real number is known */
    while (sp) {
        int b = stack[sp - 1];
        if (!succ[b]) {
            int n = opt_succs(f->blocks[b], s);
            nsucc[b] = n > 0 ? n : 0;
            succ[b] = cc_alloc(sizeof(int) * (size_t)(nsucc[b] + 1));
            memcpy(succ[b], s, sizeof(int) * (size_t)nsucc[b]);
        }
        if (next[b] < nsucc[b]) {
            int t = succ[b][next[b]++];
            if (d->rpo[t] < 0) {
                d->rpo[t] = 0;
                stack[sp++] = t;
            }
            continue;
        }
        d->order[post++] = b;
        sp--;
    }
    d->n = post;
    /* order becomes the reverse postorder, rpo[b] the index of b in it */
    for (int k = 0; k < post / 2; k++) {
        int t = d->order[k];
        d->order[k] = d->order[post - 1 - k];
        d->order[post - 1 - k] = t;
    }
    for (int k = 0; k < post; k++) d->rpo[d->order[k]] = k;
}

static int intersect(const struct opt_dom *d, int a, int b)
{
    while (a != b) {
        while (d->rpo[a] > d->rpo[b]) a = d->idom[a];
        while (d->rpo[b] > d->rpo[a]) b = d->idom[b];
    }
    return a;
}

/* pre/post numbers of the dominator tree, and its preorder */
static void number_tree(int nb, struct opt_dom *d)
{
    int *nkid = cc_alloc(sizeof(int) * (size_t)(nb + 1));
    for (int k = 1; k < d->n; k++) nkid[d->idom[d->order[k]]]++;
    int *first = cc_alloc(sizeof(int) * (size_t)(nb + 1)), *kids = cc_alloc(sizeof(int) * (size_t)(nb + 1));
    for (int b = 0, at = 0; b < nb; b++) {
        first[b] = at;
        at += nkid[b];
    }
    int *fill = cc_alloc(sizeof(int) * (size_t)(nb + 1));
    for (int k = 1; k < d->n; k++) {
        int b = d->order[k], p = d->idom[b];
        kids[first[p] + fill[p]++] = b;
    }
    d->pre = cc_alloc(sizeof(int) * (size_t)nb);
    d->post = cc_alloc(sizeof(int) * (size_t)nb);
    d->preorder = cc_alloc(sizeof(int) * (size_t)(nb + 1));
    int *stack = cc_alloc(sizeof(int) * (size_t)(nb + 1)), *next = cc_alloc(sizeof(int) * (size_t)(nb + 1));
    int sp = 0, clock = 0, np = 0;
    stack[sp++] = 0;
    d->pre[0] = clock++;
    d->preorder[np++] = 0;
    while (sp) {
        int b = stack[sp - 1];
        if (next[b] < nkid[b]) {
            int c = kids[first[b] + next[b]++];
            d->pre[c] = clock++;
            d->preorder[np++] = c;
            stack[sp++] = c;
        } else {
            d->post[b] = clock++;
            sp--;
        }
    }
    d->kid_first = first;
    d->nkid = nkid;
    d->kids = kids;
}

struct opt_dom *opt_dominators(struct ir_func *f)
{
    int nb = f->nblocks;
    struct opt_dom *d = cc_alloc(sizeof *d);
    int *s = cc_alloc(sizeof(int) * (size_t)(nb + 2));
    find_preds(f, d, s);
    postorder(f, d, s);
    d->idom = cc_alloc(sizeof(int) * (size_t)nb);
    for (int b = 0; b < nb; b++) d->idom[b] = -1;
    d->idom[0] = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (int k = 1; k < d->n; k++) {
            int b = d->order[k], nidom = -1;
            for (int q = 0; q < d->npred[b]; q++) {
                int p = d->pred[b][q];
                if (d->idom[p] < 0) continue;  /* unreachable, or not processed yet */
                nidom = nidom < 0 ? p : intersect(d, p, nidom);
            }
            if (nidom >= 0 && d->idom[b] != nidom) {
                d->idom[b] = nidom;
                changed = true;
            }
        }
    }
    number_tree(nb, d);
    return d;
}

bool opt_dominates(const struct opt_dom *d, int a, int b)
{
    if (d->rpo[a] < 0 || d->rpo[b] < 0) return false;
    return d->pre[a] <= d->pre[b] && d->post[b] <= d->post[a];
}

bool opt_reachable(const struct opt_dom *d, int b) { return d->rpo[b] >= 0; }

bool opt_cfg_explicit(const struct ir_func *f)
{
    if (!f->nblocks || !f->blocks[0]->n) return false;
    for (int b = 0; b < f->nblocks; b++) {
        const struct ir_block *blk = f->blocks[b];
        if (!blk->n) continue;
        if (opt_run_length(blk) != blk->n || !ir_is_term(blk->ins[blk->n - 1].op)) return false;
        struct ir_ins *t = &blk->ins[blk->n - 1];
        if (t->op == IR_IJMP) return false;
        for (int q = 0, nt = ir_ntargets(t); q < nt; q++)
            if (!f->blocks[*ir_target(t, q)]->n) return false;
    }
    return true;
}
