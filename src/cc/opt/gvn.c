/* Pass "gvn": global value numbering over the dominator tree, on SSA form.  Walking the
 * tree from the entry, an integer multiplication, division or remainder whose operands
 * are SSA values and which computes what a dominating one computed (cse.c's test:
 * opcode, width, operands, commuted too, immediate) is dropped and its value's uses read
 * the dominating one's; a scoped table holds the instructions of the dominators of the
 * block being walked.  A copy of an SSA value is dropped the same way (its uses read the
 * value), a phi whose values are all one value (or itself) is that value, and two phis
 * of a block with the same value from every predecessor are one.
 * What is not numbered, and why: one-instruction operations (add, shifts, logic,
 * compares, constants, addresses) are cheaper made again in the block that uses them
 * than kept in a register from a dominating block — measured on bench/ (sha256: 2%
 * more instructions when they were), the kept values spill, and an address made in
 * another block can no longer fold into a load's offset (pass addrfold); within a block
 * pass cse reuses them.  FP arithmetic is not numbered (a call between the two may
 * change the rounding mode). */
#include "cc/opt/opt.h"

#include <string.h>

struct gvn {
    struct ir_func *f;
    const struct opt_ssa *ssa;
    int *leader;            /* per vreg: the value it is, itself when not replaced */
    /* the scoped table: chains of entries, undone in reverse order of insertion */
    int nbucket;
    int *head;
    struct ir_ins **ent;    /* entry k: the instruction */
    int *ent_next, *ent_bucket, nent;
};

static int find(const struct gvn *g, int v)
{
    while (v > 0 && v < g->f->nvregs && g->leader[v] != v) v = g->leader[v];
    return v;
}

static bool multi_cycle(int op)
{
    return op == IR_MUL || op == IR_MULHU || op == IR_DIV || op == IR_DIVU || op == IR_REM || op == IR_REMU;
}

static bool numbered(const struct gvn *g, const struct ir_ins *i)
{
    if (!opt_cse_candidate(i) || opt_is_fp_op(i) || !multi_cycle(i->op)) return false;
    if (!opt_is_ssa_value(g->ssa, i->d)) return false;
    int ops[3] = {i->a, i->b, i->c};
    for (int k = 0; k < 3; k++)
        if (ops[k] && !opt_is_ssa_value(g->ssa, ops[k])) return false;
    return true;
}

/* the value all of phi i's entries give (ignoring i itself), or 0 */
static int phi_single_value(const struct ir_ins *i)
{
    int v = 0;
    for (int e = 0; e < i->phi->n; e++) {
        int x = i->phi->v[e];
        if (x == i->d) continue;
        if (v && x != v) return 0;
        v = x;
    }
    return v;
}

static bool same_phi(const struct ir_ins *x, const struct ir_ins *y)
{
    if (x->phi->n != y->phi->n) return false;
    for (int e = 0; e < x->phi->n; e++)
        if (x->phi->blk[e] != y->phi->blk[e] || x->phi->v[e] != y->phi->v[e]) return false;
    return true;
}

/* i's value is the value v: its uses will read v, and i goes */
static void replace(struct gvn *g, struct ir_ins *i, int v)
{
    g->leader[i->d] = v;
    *i = (struct ir_ins){.op = IR_NOP};
}

static void number_block(struct gvn *g, int b)
{
    struct ir_block *blk = g->f->blocks[b];
    int *local[8];
    bool dropped_phi = false;
    for (int k = 0; k < blk->n; k++) {
        struct ir_ins *i = &blk->ins[k];
        int **slots = ir_slot_buf(i, local, 8);
        int n = ir_uses(i, slots, ir_operand_bound(i));
        for (int r = 0; r < n; r++) *slots[r] = find(g, *slots[r]);
        if (i->op == IR_PHI) {
            if (!opt_is_ssa_value(g->ssa, i->d)) continue;
            int v = phi_single_value(i);
            if (v && opt_is_ssa_value(g->ssa, v)) {
                replace(g, i, v);
                dropped_phi = true;
                continue;
            }
            for (int q = 0; q < k; q++)
                if (blk->ins[q].op == IR_PHI && same_phi(&blk->ins[q], i) && opt_is_ssa_value(g->ssa, blk->ins[q].d) &&
                    g->f->vclass[blk->ins[q].d] == g->f->vclass[i->d]) {
                    replace(g, i, blk->ins[q].d);
                    dropped_phi = true;
                    break;
                }
            continue;
        }
        if (i->op == IR_MOV && i->a && opt_is_ssa_value(g->ssa, i->d) && opt_is_ssa_value(g->ssa, i->a) &&
            g->f->vclass[i->d] == g->f->vclass[i->a]) {
            replace(g, i, i->a);
            continue;
        }
        if (!numbered(g, i)) continue;
        int h = (int)(opt_computation_hash(i) & (unsigned)(g->nbucket - 1));
        int e = g->head[h];
        while (e >= 0 && !opt_same_computation(g->ent[e], i)) e = g->ent_next[e];
        if (e >= 0) {
            replace(g, i, g->ent[e]->d);
            continue;
        }
        g->ent[g->nent] = i;
        g->ent_bucket[g->nent] = h;
        g->ent_next[g->nent] = g->head[h];
        g->head[h] = g->nent++;
    }
    if (dropped_phi) opt_phis_first(blk);
}

void opt_gvn(struct ir_func *f)
{
    int nb = f->nblocks, nv = f->nvregs, nins = 0;
    if (!opt_cfg_explicit(f)) return;  /* the dominators would miss edges */
    for (int b = 0; b < nb; b++) nins += f->blocks[b]->n;
    struct opt_dom *d = opt_dominators(f);
    struct gvn g = {.f = f, .ssa = opt_ssa_values(f, d)};
    g.leader = cc_alloc(sizeof(int) * (size_t)nv);
    for (int v = 0; v < nv; v++) g.leader[v] = v;
    for (g.nbucket = 64; g.nbucket < nins; g.nbucket *= 2) {}
    g.head = cc_alloc(sizeof(int) * (size_t)g.nbucket);
    memset(g.head, 0xff, sizeof(int) * (size_t)g.nbucket);
    g.ent = cc_alloc(sizeof *g.ent * (size_t)(nins + 1));
    g.ent_next = cc_alloc(sizeof(int) * (size_t)(nins + 1));
    g.ent_bucket = cc_alloc(sizeof(int) * (size_t)(nins + 1));
    /* the dominator tree, parents first; leaving a subtree drops its entries */
    int *stack = cc_alloc(sizeof(int) * (size_t)(nb + 1)), *next = cc_alloc(sizeof(int) * (size_t)(nb + 1));
    int *mark = cc_alloc(sizeof(int) * (size_t)(nb + 1));
    int sp = 0;
    stack[sp++] = 0;
    number_block(&g, 0);
    while (sp) {
        int b = stack[sp - 1];
        if (next[b] < d->nkid[b]) {
            int c = d->kids[d->kid_first[b] + next[b]++];
            mark[c] = g.nent;
            number_block(&g, c);
            stack[sp++] = c;
            continue;
        }
        while (g.nent > mark[b]) {
            g.nent--;
            g.head[g.ent_bucket[g.nent]] = g.ent_next[g.nent];
        }
        sp--;
    }
    /* uses the walk saw before their value was replaced (phis at loop headers) */
    int *local[8];
    for (int b = 0; b < nb; b++)
        for (int k = 0; k < f->blocks[b]->n; k++) {
            struct ir_ins *i = &f->blocks[b]->ins[k];
            int **slots = ir_slot_buf(i, local, 8);
            int n = ir_uses(i, slots, ir_operand_bound(i));
            for (int r = 0; r < n; r++) *slots[r] = find(&g, *slots[r]);
        }
}
