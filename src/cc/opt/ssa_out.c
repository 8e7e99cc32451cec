/* Pass "ssa_out": out of SSA form.  A phi and its values become one vreg where their
 * live ranges allow (the names "ssa" made of one C variable come back together, so the
 * later passes see `i = i + 1` again): the phi-related names are merged class by class
 * (union-find), two classes only when no member of one interferes with a member of the
 * other.  Two SSA values interfere when one is live at the definition of the other
 * (in strict SSA form the earlier definition dominates the later one); liveness here
 * knows that a phi reads its values at the ends of the predecessors.  Two phis of one
 * block never share a vreg.  A phi value that could not join its phi's class is copied
 * into it on the edge: at the end of the predecessor when the edge is its only way out
 * and its terminator reads nothing, else in a new block on the edge.  Several copies
 * on one edge first read all their sources into fresh vregs, then write, so none
 * overwrites a value another one reads. */
#include "cc/opt/opt.h"

#include <string.h>

enum { OUT_MAX_LIVE_WORDS = 1 << 20, OUT_MAX_PAIRS = 4096 };

struct out {
    struct ir_func *f;
    const struct opt_dom *dom;
    const struct opt_ssa *ssa;
    int nv;
    int *gid;              /* per vreg: its index among the phi-related names, or -1 */
    int words;
    u64 *live_out;         /* phi-aware, per block */
    int *use_first, *use_n, *use_blk, *use_last;  /* per name: (block, last non-phi use) */
    int *parent, *size, *next, *last;  /* union-find; next/last: the members of a class */
};

static int leading_phis(const struct ir_block *b)
{
    int n = 0;
    while (n < b->n && b->ins[n].op == IR_PHI) n++;
    return n;
}

static int find(struct out *o, int v)
{
    while (o->parent[v] != v) v = o->parent[v] = o->parent[o->parent[v]];
    return v;
}

static bool tracked(const struct out *o, int v) { return v > 0 && v < o->nv && o->gid[v] >= 0; }

/* the phi-related names: phi destinations and phi values that are SSA values */
static int mark_names(struct out *o)
{
    struct ir_func *f = o->f;
    int n = 0;
    o->gid = cc_alloc(sizeof(int) * (size_t)o->nv);
    memset(o->gid, 0xff, sizeof(int) * (size_t)o->nv);
    for (int b = 0; b < f->nblocks; b++)
        for (int k = 0, np = leading_phis(f->blocks[b]); k < np; k++) {
            struct ir_ins *i = &f->blocks[b]->ins[k];
            if (!opt_is_ssa_value(o->ssa, i->d)) continue;
            if (o->gid[i->d] < 0) o->gid[i->d] = n++;
            for (int e = 0; e < i->phi->n; e++) {
                int v = i->phi->v[e];
                if (opt_is_ssa_value(o->ssa, v) && f->vclass[v] == f->vclass[i->d] && o->gid[v] < 0) o->gid[v] = n++;
            }
        }
    return n;
}

/* block liveness of the tracked names, a phi's values live out of its predecessors */
static void liveness(struct out *o)
{
    struct ir_func *f = o->f;
    int nb = f->nblocks, W = o->words, *local[8];
    size_t nw = (size_t)W * (size_t)nb;
    u64 *use = cc_alloc(sizeof(u64) * nw), *def = cc_alloc(sizeof(u64) * nw), *in = cc_alloc(sizeof(u64) * nw);
    u64 *out = o->live_out = cc_alloc(sizeof(u64) * nw);
    for (int b = 0; b < nb; b++) {
        struct ir_block *blk = f->blocks[b];
        u64 *U = use + (size_t)b * W, *D = def + (size_t)b * W;
        for (int k = 0; k < blk->n; k++) {
            struct ir_ins *i = &blk->ins[k];
            int **slots = ir_slot_buf(i, local, 8);
            int n;
            if (i->op == IR_PHI) {
                for (int e = 0; e < i->phi->n; e++)
                    if (tracked(o, i->phi->v[e]) && i->phi->blk[e] < nb)
                        OPT_SET_ADD(out + (size_t)i->phi->blk[e] * W, o->gid[i->phi->v[e]]);
            } else {
                n = ir_uses(i, slots, ir_operand_bound(i));
                for (int r = 0; r < n; r++)
                    if (tracked(o, *slots[r]) && !OPT_SET_HAS(D, o->gid[*slots[r]])) OPT_SET_ADD(U, o->gid[*slots[r]]);
            }
            n = ir_defs(i, slots, ir_operand_bound(i));
            for (int r = 0; r < n; r++)
                if (tracked(o, *slots[r])) OPT_SET_ADD(D, o->gid[*slots[r]]);
        }
    }
    u64 *phiuse = cc_alloc(sizeof(u64) * nw);
    memcpy(phiuse, out, sizeof(u64) * nw);
    int *s = cc_alloc(sizeof(int) * (size_t)(nb + 2));
    for (bool changed = true; changed;) {
        changed = false;
        for (int b = nb - 1; b >= 0; b--) {
            int ns = opt_succs(f->blocks[b], s);
            for (int w = 0; w < W; w++) {
                u64 x = phiuse[(size_t)b * W + w];
                for (int q = 0; q < ns; q++) x |= in[(size_t)s[q] * W + w];
                u64 y = use[(size_t)b * W + w] | (x & ~def[(size_t)b * W + w]);
                if (x != out[(size_t)b * W + w] || y != in[(size_t)b * W + w]) changed = true;
                out[(size_t)b * W + w] = x;
                in[(size_t)b * W + w] = y;
            }
        }
    }
}

/* per tracked name, the last non-phi use in each block that reads it */
static void find_uses(struct out *o, int nnames)
{
    struct ir_func *f = o->f;
    int *local[8], total = 0;
    o->use_first = cc_alloc(sizeof(int) * (size_t)(nnames + 1));
    o->use_n = cc_alloc(sizeof(int) * (size_t)(nnames + 1));
    int *seen = cc_alloc(sizeof(int) * (size_t)(nnames + 1));
    for (int pass = 0; pass < 2; pass++) {
        if (pass) {
            for (int g = 0; g < nnames; g++) {
                o->use_first[g] = total;
                total += o->use_n[g];
                o->use_n[g] = 0;
            }
            o->use_blk = cc_alloc(sizeof(int) * (size_t)(total + 1));
            o->use_last = cc_alloc(sizeof(int) * (size_t)(total + 1));
        }
        memset(seen, 0xff, sizeof(int) * (size_t)(nnames + 1));
        for (int b = 0; b < f->nblocks; b++)
            for (int k = 0; k < f->blocks[b]->n; k++) {
                struct ir_ins *i = &f->blocks[b]->ins[k];
                if (i->op == IR_PHI) continue;
                int **slots = ir_slot_buf(i, local, 8);
                int n = ir_uses(i, slots, ir_operand_bound(i));
                for (int r = 0; r < n; r++) {
                    if (!tracked(o, *slots[r])) continue;
                    int g = o->gid[*slots[r]];
                    if (seen[g] != b) {  /* a new block for g */
                        seen[g] = b;
                        if (pass) o->use_blk[o->use_first[g] + o->use_n[g]] = b;
                        o->use_n[g]++;
                    }
                    if (pass) o->use_last[o->use_first[g] + o->use_n[g] - 1] = k;
                }
            }
    }
}

/* whether name a, defined where it dominates, is live just after position k of block b */
static bool live_at(const struct out *o, int a, int b, int k)
{
    int g = o->gid[a];
    if (OPT_SET_HAS(o->live_out + (size_t)b * o->words, g)) return true;
    for (int u = o->use_first[g]; u < o->use_first[g] + o->use_n[g]; u++)
        if (o->use_blk[u] == b && o->use_last[u] > k) return true;
    return false;
}

static bool interfere(const struct out *o, int a, int b)
{
    int ba = o->ssa->def_block[a], bb = o->ssa->def_block[b];
    int ka = o->ssa->def_index[a], kb = o->ssa->def_index[b];
    if (ba == bb) {
        bool pa = o->f->blocks[ba]->ins[ka].op == IR_PHI, pb = o->f->blocks[bb]->ins[kb].op == IR_PHI;
        if (pa && pb) return true;  /* two phis of one block: one vreg would need both values */
        return ka < kb ? live_at(o, a, bb, kb) : live_at(o, b, ba, ka);
    }
    if (opt_dominates(o->dom, ba, bb)) return live_at(o, a, bb, kb);
    if (opt_dominates(o->dom, bb, ba)) return live_at(o, b, ba, ka);
    return false;
}

/* merges the classes of x and y unless a member of one interferes with one of the other */
static void try_merge(struct out *o, int x, int y)
{
    int rx = find(o, x), ry = find(o, y);
    if (rx == ry || (long)o->size[rx] * o->size[ry] > OUT_MAX_PAIRS) return;
    for (int a = rx; a; a = o->next[a])
        for (int b = ry; b; b = o->next[b])
            if (interfere(o, a, b)) return;
    if (ry < rx) {  /* the lower number names the class: the variable's original vreg */
        int t = rx;
        rx = ry;
        ry = t;
    }
    o->parent[ry] = rx;
    o->size[rx] += o->size[ry];
    o->next[o->last[rx]] = ry;
    o->last[rx] = o->last[ry];
}

/* the block where copies on the edge p -> s go */
static int edge_block(struct ir_func *f, int p, int s, int *succ)
{
    struct ir_ins *t = &f->blocks[p]->ins[f->blocks[p]->n - 1];
    int *local[8];
    if (opt_succs(f->blocks[p], succ) <= 1 && !ir_uses(t, local, 8)) return p;
    int n = ir_block_new(f);
    ir_append(f->blocks[n], IR_JMP)->t1 = s;
    t = &f->blocks[p]->ins[f->blocks[p]->n - 1];
    for (int k = 0, nt = ir_ntargets(t); k < nt; k++)
        if (*ir_target(t, k) == s) *ir_target(t, k) = n;
    return n;
}

static void emit_mov(struct ir_func *f, int b, int d, int a)
{
    struct ir_ins mov = {.op = IR_MOV, .d = d, .a = a};
    opt_insert_before_term(f->blocks[b], &mov);
}

/* the copies into block s's phis that their classes did not absorb, edge by edge */
static void copy_on_edges(struct out *o, int s, int *succ)
{
    struct ir_func *f = o->f;
    int np = leading_phis(f->blocks[s]);
    int *src = cc_alloc(sizeof(int) * (size_t)np), *dst = cc_alloc(sizeof(int) * (size_t)np);
    const struct opt_dom *d = o->dom;
    for (int q = 0; q < d->npred[s]; q++) {
        int p = d->pred[s][q], n = 0;
        for (int k = 0; k < np; k++) {
            struct ir_phi *phi = f->blocks[s]->ins[k].phi;
            int x = f->blocks[s]->ins[k].d, rd = tracked(o, x) ? find(o, x) : x;
            for (int e = 0; e < phi->n; e++) {
                if (phi->blk[e] != p || !phi->v[e]) continue;
                int v = phi->v[e], rv = tracked(o, v) ? find(o, v) : v;
                if (rv != rd) {
                    src[n] = rv;
                    dst[n++] = rd;
                }
                break;
            }
        }
        if (!n) continue;
        int into = edge_block(f, p, s, succ);
        if (n == 1) {
            emit_mov(f, into, dst[0], src[0]);
            continue;
        }
        int *tmp = cc_alloc(sizeof(int) * (size_t)n);
        for (int k = 0; k < n; k++) {
            tmp[k] = ir_vreg(f, f->vclass[dst[k]]);
            emit_mov(f, into, tmp[k], src[k]);
        }
        for (int k = 0; k < n; k++) emit_mov(f, into, dst[k], tmp[k]);
    }
}

void opt_ssa_out(struct ir_func *f)
{
    bool any = false;
    for (int b = 0; b < f->nblocks && !any; b++) any = leading_phis(f->blocks[b]) > 0;
    if (!any) return;
    struct opt_dom *dom = opt_dominators(f);
    struct out o = {.f = f, .dom = dom, .ssa = opt_ssa_values(f, dom), .nv = f->nvregs};
    int nnames = mark_names(&o);
    o.words = (nnames + 63) / 64;
    o.parent = cc_alloc(sizeof(int) * (size_t)o.nv);
    o.size = cc_alloc(sizeof(int) * (size_t)o.nv);
    o.next = cc_alloc(sizeof(int) * (size_t)o.nv);
    o.last = cc_alloc(sizeof(int) * (size_t)o.nv);
    for (int v = 0; v < o.nv; v++) {
        o.parent[v] = o.last[v] = v;
        o.size[v] = 1;
    }
    if ((long)o.words * f->nblocks <= OUT_MAX_LIVE_WORDS) {
        liveness(&o);
        find_uses(&o, nnames);
        for (int b = 0; b < f->nblocks; b++)
            for (int k = 0, np = leading_phis(f->blocks[b]); k < np; k++) {
                struct ir_ins *i = &f->blocks[b]->ins[k];
                if (!tracked(&o, i->d)) continue;
                for (int e = 0; e < i->phi->n; e++)
                    if (tracked(&o, i->phi->v[e])) try_merge(&o, i->d, i->phi->v[e]);
            }
    }
    /* copies first (they name the classes by their roots), then every name its class */
    int nb = f->nblocks;
    int *succ = cc_alloc(sizeof(int) * (size_t)(nb + 2));
    for (int s = 0; s < nb; s++)
        if (leading_phis(f->blocks[s])) copy_on_edges(&o, s, succ);
    int *local[8];
    for (int b = 0; b < f->nblocks; b++) {
        struct ir_block *blk = f->blocks[b];
        int np = leading_phis(blk), m = 0;
        for (int k = 0; k < blk->n; k++) {
            struct ir_ins *i = &blk->ins[k];
            if (k < np) continue;  /* the phis go */
            int **slots = ir_slot_buf(i, local, 8);
            int n = ir_uses(i, slots, ir_operand_bound(i));
            for (int r = 0; r < n; r++)
                if (tracked(&o, *slots[r])) *slots[r] = find(&o, *slots[r]);
            n = ir_defs(i, slots, ir_operand_bound(i));
            for (int r = 0; r < n; r++)
                if (tracked(&o, *slots[r])) *slots[r] = find(&o, *slots[r]);
            blk->ins[m++] = *i;
        }
        blk->n = m;
    }
}
