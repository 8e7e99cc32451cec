/* Pass "ssa": into SSA form.  Every vreg with more than one definition (a C variable
 * kept in a vreg: the IR's promoted locals) gets one name per definition, and a phi at
 * the start of each block where definitions meet: phis are placed at the iterated
 * dominance frontiers of the defining blocks (Cytron et al.), pruned to the blocks where
 * the vreg is live, and the names are given by a walk of the dominator tree.  A vreg
 * read before any definition on some path (live into the entry) keeps its definitions,
 * as do asm operands (an output bound to its input) — opt_ssa_values tells the SSA
 * passes which vregs are values.  Functions with an indirect jump, a returns-twice call
 * or a block that does not end at its terminator (one falling into the next block), and
 * very large ones, are left as they are.
 * Pass "ssa_out" leaves SSA form again. */
#include "cc/opt/opt.h"

#include <string.h>

enum { SSA_MAX_BLOCKS = 3000, SSA_MAX_LIVE_WORDS = 1 << 20 };  /* the liveness sets' budget */

/* whether ssa can work on f: its control flow all in the terminators, no address-taken
 * block, no phi yet, no returns-twice call, not too large */
static bool suitable(struct ir_func *f)
{
    if (f->nblocks > SSA_MAX_BLOCKS || !opt_cfg_explicit(f)) return false;
    for (int b = 0; b < f->nblocks; b++) {
        struct ir_block *blk = f->blocks[b];
        if (blk->addr_taken) return false;
        for (int k = 0; k < blk->n; k++) {
            struct ir_ins *i = &blk->ins[k];
            if (i->op == IR_PHI) return false;
            if (i->op == IR_CALL && ir_returns_twice(i->call->sym)) return false;
        }
    }
    return true;
}

/* dominance frontiers (Cooper, Harvey and Kennedy): a join block is in the frontier of
 * each block from a predecessor up to, not including, its immediate dominator */
static int **frontiers(struct ir_func *f, const struct opt_dom *d, int **count)
{
    int nb = f->nblocks;
    int **df = cc_alloc(sizeof *df * (size_t)nb);
    int *n = *count = cc_alloc(sizeof(int) * (size_t)nb), *cap = cc_alloc(sizeof(int) * (size_t)nb);
    for (int b = 0; b < nb; b++) {
        if (!opt_reachable(d, b) || d->npred[b] < 2) continue;
        for (int q = 0; q < d->npred[b]; q++) {
            int run = d->pred[b][q];
            if (!opt_reachable(d, run)) continue;
            for (; run != d->idom[b]; run = d->idom[run]) {
                if (n[run] && df[run][n[run] - 1] == b) break;  /* this walk was made before */
                if (n[run] == cap[run]) {
                    int *g = cc_alloc(sizeof(int) * (size_t)(cap[run] = cap[run] ? cap[run] * 2 : 4));
                    if (n[run]) memcpy(g, df[run], sizeof(int) * (size_t)n[run]);
                    df[run] = g;
                }
                df[run][n[run]++] = b;
            }
        }
    }
    return df;
}

struct renamer {
    struct ir_func *f;
    int nv;             /* vregs before renaming: the originals */
    const int *gid;     /* per original vreg: its index among the renamed ones, or -1 */
    int *top;           /* per original vreg: its current name */
    bool *kept;         /* per original vreg: a definition has the original name */
    int *log_v, *log_old, nlog, caplog;  /* undo log of top[] */
    int *nphi;          /* per block: the phis at its start */
    int **phi_var;      /* per block: the original vreg of each phi */
};

static void push_name(struct renamer *rn, int v, int name)
{
    if (rn->nlog == rn->caplog) {
        int cap = rn->caplog ? rn->caplog * 2 : 256;
        int *a = cc_alloc(sizeof(int) * (size_t)cap), *b = cc_alloc(sizeof(int) * (size_t)cap);
        if (rn->nlog) {
            memcpy(a, rn->log_v, sizeof(int) * (size_t)rn->nlog);
            memcpy(b, rn->log_old, sizeof(int) * (size_t)rn->nlog);
        }
        rn->log_v = a;
        rn->log_old = b;
        rn->caplog = cap;
    }
    rn->log_v[rn->nlog] = v;
    rn->log_old[rn->nlog++] = rn->top[v];
    rn->top[v] = name;
}

/* a name for a new definition of v: v itself the first time */
static int new_name(struct renamer *rn, int v)
{
    int name = v;
    if (rn->kept[v]) name = ir_vreg(rn->f, rn->f->vclass[v]);
    rn->kept[v] = true;
    push_name(rn, v, name);
    return name;
}

static bool renamed(const struct renamer *rn, int v) { return v > 0 && v < rn->nv && rn->gid[v] >= 0; }

static void rename_block(struct renamer *rn, int b, int *s)
{
    struct ir_block *blk = rn->f->blocks[b];
    int *local[8];
    for (int k = 0; k < blk->n; k++) {
        struct ir_ins *i = &blk->ins[k];
        if (k < rn->nphi[b]) {
            i->d = new_name(rn, rn->phi_var[b][k]);
            continue;
        }
        int **slots = ir_slot_buf(i, local, 8);
        int n = ir_uses(i, slots, ir_operand_bound(i));
        for (int r = 0; r < n; r++)
            if (renamed(rn, *slots[r]) && rn->top[*slots[r]]) *slots[r] = rn->top[*slots[r]];
        n = ir_defs(i, slots, ir_operand_bound(i));
        for (int r = 0; r < n; r++)
            if (renamed(rn, *slots[r])) *slots[r] = new_name(rn, *slots[r]);
    }
    /* the values the successors' phis receive from b */
    int ns = opt_succs(blk, s);
    for (int q = 0; q < ns; q++) {
        struct ir_block *sb = rn->f->blocks[s[q]];
        for (int k = 0; k < rn->nphi[s[q]]; k++) {
            struct ir_phi *p = sb->ins[k].phi;
            for (int e = 0; e < p->n; e++)
                if (p->blk[e] == b) p->v[e] = rn->top[rn->phi_var[s[q]][k]];
        }
    }
}

/* the dominator tree, parents first, each subtree's names undone after it */
static void rename_all(struct renamer *rn, const struct opt_dom *d)
{
    int nb = rn->f->nblocks;
    int *stack = cc_alloc(sizeof(int) * (size_t)(nb + 1)), *next = cc_alloc(sizeof(int) * (size_t)(nb + 1));
    int *mark = cc_alloc(sizeof(int) * (size_t)(nb + 1));
    int *s = cc_alloc(sizeof(int) * (size_t)(nb + 2));
    int sp = 0;
    stack[sp++] = 0;
    mark[0] = rn->nlog;
    rename_block(rn, 0, s);
    while (sp) {
        int b = stack[sp - 1];
        if (next[b] < d->nkid[b]) {
            int c = d->kids[d->kid_first[b] + next[b]++];
            mark[c] = rn->nlog;
            rename_block(rn, c, s);
            stack[sp++] = c;
            continue;
        }
        while (rn->nlog > mark[b]) {
            rn->nlog--;
            rn->top[rn->log_v[rn->nlog]] = rn->log_old[rn->nlog];
        }
        sp--;
    }
}

/* phis for the vregs of gid at the iterated dominance frontiers of their definitions,
 * where they are live; returns the phis per block (their original vregs in phi_var) */
static void place_phis(struct ir_func *f, const struct opt_dom *d, struct renamer *rn, const int *vars, int nvars,
                       int words, const u64 *live_in)
{
    int nb = f->nblocks;
    int *ndf, **df = frontiers(f, d, &ndf);
    /* the blocks defining each renamed vreg */
    int *ndb = cc_alloc(sizeof(int) * (size_t)nvars), **db = cc_alloc(sizeof *db * (size_t)nvars);
    int *last = cc_alloc(sizeof(int) * (size_t)nvars);
    int *local[8];
    for (int pass = 0; pass < 2; pass++) {
        for (int g = 0; g < nvars; g++) {
            if (pass) db[g] = cc_alloc(sizeof(int) * (size_t)(ndb[g] + 1));
            ndb[g] = 0;
            last[g] = -1;
        }
        for (int b = 0; b < nb; b++)
            for (int k = 0; k < f->blocks[b]->n; k++) {
                struct ir_ins *i = &f->blocks[b]->ins[k];
                int **slots = ir_slot_buf(i, local, 8);
                int n = ir_defs(i, slots, ir_operand_bound(i));
                for (int r = 0; r < n; r++) {
                    int g = renamed(rn, *slots[r]) ? rn->gid[*slots[r]] : -1;
                    if (g < 0 || last[g] == b) continue;
                    last[g] = b;
                    if (pass) db[g][ndb[g]] = b;
                    ndb[g]++;
                }
            }
    }
    int *has_phi = cc_alloc(sizeof(int) * (size_t)nb), *queued = cc_alloc(sizeof(int) * (size_t)nb);
    int *work = cc_alloc(sizeof(int) * (size_t)(nb + 1));
    int *cap = cc_alloc(sizeof(int) * (size_t)nb);
    rn->nphi = cc_alloc(sizeof(int) * (size_t)nb);
    rn->phi_var = cc_alloc(sizeof *rn->phi_var * (size_t)nb);
    for (int b = 0; b < nb; b++) has_phi[b] = queued[b] = -1;
    for (int g = 0; g < nvars; g++) {
        int nw = 0;
        for (int q = 0; q < ndb[g]; q++) {
            queued[db[g][q]] = g;
            work[nw++] = db[g][q];
        }
        while (nw) {
            int x = work[--nw];
            for (int q = 0; q < ndf[x]; q++) {
                int y = df[x][q];
                if (has_phi[y] == g || !OPT_SET_HAS(live_in + (size_t)y * words, g)) continue;
                has_phi[y] = g;
                if (rn->nphi[y] == cap[y]) {
                    int *a = cc_alloc(sizeof(int) * (size_t)(cap[y] = cap[y] ? cap[y] * 2 : 4));
                    if (rn->nphi[y]) memcpy(a, rn->phi_var[y], sizeof(int) * (size_t)rn->nphi[y]);
                    rn->phi_var[y] = a;
                }
                rn->phi_var[y][rn->nphi[y]++] = vars[g];
                if (queued[y] != g) {
                    queued[y] = g;
                    work[nw++] = y;
                }
            }
        }
    }
    /* the phis at the block starts, one entry per predecessor (values set by renaming) */
    for (int b = 0; b < nb; b++) {
        int np = rn->nphi[b];
        if (!np) continue;
        struct ir_block *blk = f->blocks[b];
        struct ir_ins *ins = cc_alloc(sizeof *ins * (size_t)(blk->n + np));
        memcpy(ins + np, blk->ins, sizeof *ins * (size_t)blk->n);
        memset(ins, 0, sizeof *ins * (size_t)np);
        for (int k = 0; k < np; k++) {
            ins[k].op = IR_PHI;
            ins[k].d = rn->phi_var[b][k];
            ins[k].phi = ir_phi_new(d->npred[b]);
            memcpy(ins[k].phi->blk, d->pred[b], sizeof(int) * (size_t)d->npred[b]);
        }
        blk->ins = ins;
        blk->n = blk->cap = blk->n + np;
    }
}

void opt_ssa(struct ir_func *f)
{
    opt_unreachable(f);  /* every block left is reachable: each phi entry is a real path */
    if (!suitable(f)) return;
    struct opt_dom *d = opt_dominators(f);
    int nv = f->nvregs;
    /* the vregs to rename: more than one definition, none an asm operand */
    int *ndef = opt_ssa_def_counts(f, NULL, NULL);
    int *gid = cc_alloc(sizeof(int) * (size_t)nv), *vars = cc_alloc(sizeof(int) * (size_t)nv);
    int nvars = 0;
    for (int v = 0; v < nv; v++) {
        gid[v] = v && ndef[v] >= 2 && ndef[v] < OPT_SSA_ASM_DEFS ? nvars : -1;
        if (gid[v] >= 0) vars[nvars++] = v;
    }
    if (!nvars) return;
    int words = (nvars + 63) / 64;
    if ((long)words * f->nblocks > SSA_MAX_LIVE_WORDS) return;
    u64 *live_in, *live_out;
    opt_liveness(f, gid, words, &live_in, &live_out);
    /* read before any definition on some path: not renamed */
    int nkeep = 0;
    for (int g = 0; g < nvars; g++) {
        if (OPT_SET_HAS(live_in, g)) gid[vars[g]] = -1;
        else vars[nkeep++] = vars[g];
    }
    if (!nkeep) return;
    /* the liveness sets are indexed by the old numbering: renumber them */
    u64 *live = cc_alloc(sizeof(u64) * (size_t)words * (size_t)f->nblocks);
    int *old_gid = cc_alloc(sizeof(int) * (size_t)nkeep);
    for (int g = 0; g < nkeep; g++) old_gid[g] = gid[vars[g]];
    for (int b = 0; b < f->nblocks; b++)
        for (int g = 0; g < nkeep; g++)
            if (OPT_SET_HAS(live_in + (size_t)b * words, old_gid[g])) OPT_SET_ADD(live + (size_t)b * words, g);
    for (int g = 0; g < nkeep; g++) gid[vars[g]] = g;
    struct renamer rn = {.f = f, .nv = nv, .gid = gid};
    rn.top = cc_alloc(sizeof(int) * (size_t)nv);
    rn.kept = cc_alloc((size_t)nv);
    place_phis(f, d, &rn, vars, nkeep, words, live);
    rename_all(&rn, d);
}
