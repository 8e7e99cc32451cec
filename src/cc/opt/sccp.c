/* Pass "sccp": sparse conditional constant propagation (Wegman and Zadeck) on SSA form.
 * Each integer SSA value is "not yet known", a constant, or varying; each CFG edge is
 * executable or not.  Starting from the entry, an instruction is evaluated when its
 * block first becomes executable and again whenever an operand's value changes; a phi
 * meets only the values on executable edges, and a branch on a constant makes only one
 * edge executable.  Afterwards a value found constant becomes `li`, a branch found
 * constant a jump, a block never executable is emptied and the phis forget the edges
 * never taken.  The arithmetic is fold.c's (opt_evaluate, opt_compare). */
#include "cc/opt/opt.h"

#include <string.h>

enum { UNKNOWN, CONST, VARYING };

struct sccp {
    struct ir_func *f;
    const struct opt_ssa *ssa;
    u8 *state;
    i128 *val;
    bool *exec;           /* per block */
    int **succ, *nsucc;   /* per block: its successors, each once */
    bool **edge;          /* per block: edge[b][q] -> succ[b][q] executable */
    int *use_first, *use_n, *use_blk, *use_idx;  /* the uses of each SSA value */
    int *vwork, nvwork;   /* values whose state changed */
    int *bwork, nbwork;   /* blocks newly executable */
};

static void value_of(const struct sccp *c, int v, u8 *st, i128 *x)
{
    if (!opt_is_ssa_value(c->ssa, v) || c->f->vclass[v]) {
        *st = VARYING;
        return;
    }
    *st = c->state[v];
    *x = c->val[v];
}

static void set_value(struct sccp *c, int v, u8 st, i128 x)
{
    if (!opt_is_ssa_value(c->ssa, v) || c->f->vclass[v] || st == UNKNOWN || c->state[v] == VARYING) return;
    if (c->state[v] == CONST && (st == VARYING || x != c->val[v])) st = VARYING;
    else if (c->state[v] == CONST) return;
    c->state[v] = st;
    c->val[v] = x;
    c->vwork[c->nvwork++] = v;
}

static int succ_index(const struct sccp *c, int b, int t)
{
    for (int q = 0; q < c->nsucc[b]; q++)
        if (c->succ[b][q] == t) return q;
    return -1;
}

static void mark_edge(struct sccp *c, int b, int t);

/* the value of an ordinary instruction (fold.c's constant folding, on lattice values);
 * whatever defines anything else (a load, a call's results, an FP value) varies */
static void eval_value(struct sccp *c, struct ir_ins *i)
{
    const struct ir_opinfo *o = &ir_ops[i->op];
    u8 sa, sb = CONST;
    i128 x = 0, y = i->imm, r = 0;
    if (i->op == IR_LI) {
        set_value(c, i->d, CONST, i->imm);
    } else if (i->op == IR_MOV && i->a) {
        value_of(c, i->a, &sa, &x);
        set_value(c, i->d, sa, x);
    } else if (ir_is_pure(i->op) && o->d == IRO_I && i->d && o->c == IRO_N && o->a == IRO_I && i->a) {
        value_of(c, i->a, &sa, &x);
        if (o->b == IRO_I && i->b) value_of(c, i->b, &sb, &y);
        if (sa == VARYING || sb == VARYING) {
            set_value(c, i->d, VARYING, 0);
        } else if (sa == CONST && sb == CONST) {
            bool folded = opt_evaluate(i, x, y, &r);
            set_value(c, i->d, folded ? CONST : VARYING, r);
        }
    } else {
        int *local[8];
        int **slots = ir_slot_buf(i, local, 8);
        int n = ir_defs(i, slots, ir_operand_bound(i));
        for (int k = 0; k < n; k++) set_value(c, *slots[k], VARYING, 0);
    }
}

static void eval_phi(struct sccp *c, int b, struct ir_ins *i)
{
    struct ir_phi *p = i->phi;
    for (int e = 0; e < p->n; e++) {
        int q = succ_index(c, p->blk[e], b);
        if (q < 0 || !c->edge[p->blk[e]][q]) continue;
        u8 st;
        i128 x = 0;
        value_of(c, p->v[e], &st, &x);
        set_value(c, i->d, st, x);
    }
}

/* a terminator: the edges it may take.  A condition not known yet counts as varying
 * (in strict SSA form it is known once its block runs). */
static void eval_term(struct sccp *c, int b, struct ir_ins *i)
{
    u8 sa = CONST, sb = CONST;
    i128 x = 0, y = 0;
    if (i->op == IR_BR || i->op == IR_BCMP || i->op == IR_JTAB) {
        if (i->a) value_of(c, i->a, &sa, &x);
        if (i->op == IR_BCMP && i->b) value_of(c, i->b, &sb, &y);
    }
    bool known = sa == CONST && sb == CONST;
    if (i->op == IR_BR && known) mark_edge(c, b, x ? i->t1 : i->t2);
    else if (i->op == IR_BCMP && known) mark_edge(c, b, opt_compare(i->imm, x, y) ? i->t1 : i->t2);
    else if (i->op == IR_JTAB && known && x >= 0 && x < i->jt->n) mark_edge(c, b, i->jt->t[(int)x]);
    else
        for (int q = 0; q < c->nsucc[b]; q++) mark_edge(c, b, c->succ[b][q]);
}

static void visit(struct sccp *c, int b, int k)
{
    struct ir_ins *i = &c->f->blocks[b]->ins[k];
    if (i->op == IR_PHI) eval_phi(c, b, i);
    else if (ir_is_term(i->op)) eval_term(c, b, i);
    else eval_value(c, i);
}

static void mark_edge(struct sccp *c, int b, int t)
{
    int q = succ_index(c, b, t);
    if (q < 0 || c->edge[b][q]) return;
    c->edge[b][q] = true;
    if (!c->exec[t]) {
        c->exec[t] = true;
        c->bwork[c->nbwork++] = t;
        return;
    }
    /* a new way into a block already running: its phis meet one more value */
    struct ir_block *tb = c->f->blocks[t];
    for (int k = 0; k < tb->n && tb->ins[k].op == IR_PHI; k++) visit(c, t, k);
}

static void find_uses(struct sccp *c)
{
    struct ir_func *f = c->f;
    int nv = f->nvregs, total = 0, *local[8];
    c->use_first = cc_alloc(sizeof(int) * (size_t)(nv + 1));
    c->use_n = cc_alloc(sizeof(int) * (size_t)nv);
    for (int pass = 0; pass < 2; pass++) {
        if (pass) {
            for (int v = 0; v < nv; v++) {
                c->use_first[v] = total;
                total += c->use_n[v];
                c->use_n[v] = 0;
            }
            c->use_blk = cc_alloc(sizeof(int) * (size_t)(total + 1));
            c->use_idx = cc_alloc(sizeof(int) * (size_t)(total + 1));
        }
        for (int b = 0; b < f->nblocks; b++)
            for (int k = 0; k < f->blocks[b]->n; k++) {
                struct ir_ins *i = &f->blocks[b]->ins[k];
                int **slots = ir_slot_buf(i, local, 8);
                int n = ir_uses(i, slots, ir_operand_bound(i));
                for (int r = 0; r < n; r++) {
                    int v = *slots[r];
                    if (pass) {
                        c->use_blk[c->use_first[v] + c->use_n[v]] = b;
                        c->use_idx[c->use_first[v] + c->use_n[v]] = k;
                    }
                    c->use_n[v]++;
                }
            }
    }
}

static void solve(struct sccp *c)
{
    c->exec[0] = true;
    c->bwork[c->nbwork++] = 0;
    while (c->nbwork || c->nvwork) {
        if (c->nbwork) {
            int b = c->bwork[--c->nbwork];
            for (int k = 0; k < c->f->blocks[b]->n; k++) visit(c, b, k);
            continue;
        }
        int v = c->vwork[--c->nvwork];
        for (int u = c->use_first[v]; u < c->use_first[v] + c->use_n[v]; u++)
            if (c->exec[c->use_blk[u]]) visit(c, c->use_blk[u], c->use_idx[u]);
    }
}

/* whether i, of a constant value, becomes `li`: an operation does (as fold makes it);
 * a copy stays for copyprop and the register allocator, which make it nothing, where a
 * second `li` of a wide constant would cost up to eight instructions; a phi does when
 * one `addi` makes the constant */
static bool becomes_li(const struct sccp *c, const struct ir_ins *i)
{
    if (!i->d || i->op == IR_LI || i->op == IR_MOV || (!ir_is_pure(i->op) && i->op != IR_PHI)) return false;
    if (!opt_is_ssa_value(c->ssa, i->d) || c->f->vclass[i->d] || c->state[i->d] != CONST) return false;
    return i->op != IR_PHI || (c->val[i->d] >= -2048 && c->val[i->d] < 2048);
}

/* the constants, jumps, emptied blocks and shorter phis the solution allows */
static void rewrite(struct sccp *c)
{
    struct ir_func *f = c->f;
    for (int b = 0; b < f->nblocks; b++) {
        struct ir_block *blk = f->blocks[b];
        if (!c->exec[b]) {
            blk->n = 0;
            continue;
        }
        bool moved_phi = false;
        for (int k = 0; k < blk->n; k++) {
            struct ir_ins *i = &blk->ins[k];
            if (i->op == IR_PHI) {
                struct ir_phi *p = i->phi;
                int m = 0;
                for (int e = 0; e < p->n; e++) {
                    int q = succ_index(c, p->blk[e], b);
                    if (c->exec[p->blk[e]] && q >= 0 && c->edge[p->blk[e]][q]) {
                        p->blk[m] = p->blk[e];
                        p->v[m++] = p->v[e];
                    }
                }
                p->n = m;
            }
            if (becomes_li(c, i)) {
                int d = i->d;
                moved_phi |= i->op == IR_PHI;
                *i = (struct ir_ins){.op = IR_LI, .d = d, .imm = c->val[d]};
            }
            if ((i->op == IR_BR || i->op == IR_BCMP || i->op == IR_JTAB)) {
                int taken = -1, n = 0;
                for (int q = 0; q < c->nsucc[b]; q++)
                    if (c->edge[b][q]) {
                        taken = c->succ[b][q];
                        n++;
                    }
                if (n == 1) *i = (struct ir_ins){.op = IR_JMP, .t1 = taken};
            }
        }
        if (moved_phi) opt_phis_first(blk);
    }
}

void opt_sccp(struct ir_func *f)
{
    int nb = f->nblocks, nv = f->nvregs;
    if (!opt_cfg_explicit(f)) return;  /* a block falling into the next: edges not all seen */
    int *s = cc_alloc(sizeof(int) * (size_t)(nb + 2));
    struct opt_dom *d = opt_dominators(f);
    struct sccp c = {.f = f, .ssa = opt_ssa_values(f, d)};
    c.state = cc_alloc((size_t)nv);
    c.val = cc_alloc(sizeof(i128) * (size_t)nv);
    c.exec = cc_alloc((size_t)nb);
    c.succ = cc_alloc(sizeof *c.succ * (size_t)nb);
    c.nsucc = cc_alloc(sizeof(int) * (size_t)nb);
    c.edge = cc_alloc(sizeof *c.edge * (size_t)nb);
    for (int b = 0; b < nb; b++) {
        c.nsucc[b] = opt_succs(f->blocks[b], s);
        c.succ[b] = cc_alloc(sizeof(int) * (size_t)(c.nsucc[b] + 1));
        memcpy(c.succ[b], s, sizeof(int) * (size_t)c.nsucc[b]);
        c.edge[b] = cc_alloc((size_t)c.nsucc[b] + 1);
    }
    /* each value changes state at most twice; each block runs once from bwork */
    c.vwork = cc_alloc(sizeof(int) * (size_t)(2 * nv + 1));
    c.bwork = cc_alloc(sizeof(int) * (size_t)(nb + 1));
    find_uses(&c);
    solve(&c);
    rewrite(&c);
}
