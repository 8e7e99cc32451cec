/* Register allocation: block liveness (opt/liveness.c), one live interval per vreg made of
 * the ranges of positions where it is live (lifetime holes kept, as in Wimmer and
 * Mössenböck's linear scan), linear scan over the intervals by start.  Two intervals may
 * share a register when their ranges do not meet, so a value live in a few blocks of a
 * large function does not hold its register through the blocks between.  Intervals
 * with a range across a call (or an inline asm that names a register: ir_clobbers_regs)
 * only get callee-saved registers; those clear of every such call or asm, and every
 * atomic, `param` and `ret` may also get the argument registers.  A vreg that gets no
 * register is spilled to a frame slot for its whole life (the one of least cost per
 * live length, the cost being its uses and definitions weighted by loop depth); the
 * emitter reloads it into a scratch register (t0-t2, ft0-ft2 are reserved for that) at
 * each use. */
#include "cc/ir.h"
#include "cc/opt/opt.h"

#include <stdlib.h>
#include <string.h>

/* physical registers: 0-31 integer, 32-63 FP */
static const int int_caller[] = {28, 29, 30, 31};                                  /* t3-t6 */
static const int int_arg[] = {28, 29, 30, 31, 10, 11, 12, 13, 14, 15, 16, 17};       /* t3-t6, a0-a7 */
static const int int_callee[] = {9, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27};       /* s1-s11 */
static const int fp_caller[] = {32 + 3, 32 + 4, 32 + 5, 32 + 6, 32 + 7, 32 + 28, 32 + 29, 32 + 30, 32 + 31};
static const int fp_arg[] = {32 + 3, 32 + 4, 32 + 5, 32 + 6, 32 + 7, 32 + 28, 32 + 29, 32 + 30, 32 + 31,
                             32 + 10, 32 + 11, 32 + 12, 32 + 13, 32 + 14, 32 + 15, 32 + 16, 32 + 17};
static const int fp_callee[] = {32 + 8, 32 + 9, 32 + 18, 32 + 19, 32 + 20, 32 + 21, 32 + 22, 32 + 23,
                                32 + 24, 32 + 25, 32 + 26, 32 + 27};

/* the vregs i reads (defs false) or writes; *out is buf (64 entries) or, for a big call
 * or asm, a new array */
static int operand_vregs(struct ir_ins *i, bool defs, int *buf, int **out)
{
    int bound = ir_operand_bound(i);
    int *local[64];
    int **slots = ir_slot_buf(i, local, 64);
    int n = defs ? ir_defs(i, slots, bound) : ir_uses(i, slots, bound);
    int *v = bound <= 64 ? buf : cc_alloc(sizeof(int) * (size_t)bound);
    for (int q = 0; q < n; q++) v[q] = *slots[q];
    *out = v;
    return n;
}

static int lowbit(u64 m)
{
    int n = 0;
    while (!(m & 1)) {
        m >>= 1;
        n++;
    }
    return n;
}

/* positions: instruction k of a block starting at pos reads its operands at pos + 2 + 2k
 * and writes its results at pos + 3 + 2k; a block spans [start, end], start = pos and
 * end = pos + 2n + 1, so what is live into a block is live before its first instruction */
struct range {
    int s, e;
};

struct interval {
    int v, start, end;  /* the first range's start, the last range's end */
    struct range *r;    /* increasing, disjoint and not adjacent once built */
    int nr, cap;
    long long len;      /* positions covered */
    bool across_call;
    bool arg_regs;  /* may live in a0-a7 / fa0-fa7 */
    int fixed;      /* the argument register it may live in as an argument, result, ... */
};

/* v is an argument, result, param or ret piece at location loc (see want below) */
static void want_loc(const struct ir_func *f, int *want, int v, int loc)
{
    if (!v) return;
    bool fp = f->vclass[v] == 1;
    int r = loc == LOC_STACK || fp != (loc >= 8) ? -1 : loc < 8 ? 10 + loc : 32 + 10 + loc - 8;
    if (r < 0 || (want[v] && want[v] != r)) want[v] = -1;
    else want[v] = r;
}

static int cmp_start(const void *a, const void *b)
{
    const struct interval *x = a, *y = b;
    if (x->start != y->start) return x->start - y->start;
    return x->v - y->v;
}

/* vregs used in a block other than where they were just defined take part in the
 * block-level dataflow; the others (most temporaries) only need their positions */
static int *global_ids(struct ir_func *f, int *nglobal)
{
    int nv = f->nvregs;
    int *stamp = cc_alloc(sizeof(int) * (size_t)nv);
    int *gid = cc_alloc(sizeof(int) * (size_t)nv);
    bool *global = cc_alloc((size_t)nv);
    int tmp[64], tmpd[64];
    for (int v = 0; v < nv; v++) stamp[v] = -1;
    for (int bi = 0; bi < f->nblocks; bi++) {
        struct ir_block *b = f->blocks[bi];
        for (int k = 0; k < b->n; k++) {
            struct ir_ins *i = &b->ins[k];
            int *u, *d;
            int cnt = operand_vregs(i, false, tmp, &u);
            for (int q = 0; q < cnt; q++)
                if (stamp[u[q]] != bi) global[u[q]] = true;
            cnt = operand_vregs(i, true, tmpd, &d);
            for (int q = 0; q < cnt; q++) stamp[d[q]] = bi;
        }
    }
    int g = 0;
    for (int v = 0; v < nv; v++) gid[v] = global[v] ? g++ : -1;
    *nglobal = g;
    return gid;
}

/* Ranges are added while walking the function backwards, so each new one starts no later
 * than the last one added (kept at the end of r[] until the walk reverses them). */
static void add_range(struct interval *x, int s, int e)
{
    if (x->nr && x->r[x->nr - 1].s <= e + 1) {
        struct range *l = &x->r[x->nr - 1];
        if (s < l->s) l->s = s;
        if (e > l->e) l->e = e;
        return;
    }
    if (x->nr == x->cap) {
        int cap = x->cap ? 2 * x->cap : 4;
        struct range *r = cc_alloc(sizeof *r * (size_t)cap);
        if (x->nr) memcpy(r, x->r, sizeof *r * (size_t)x->nr);
        x->r = r;
        x->cap = cap;
    }
    x->r[x->nr++] = (struct range){s, e};
}

/* a definition at p ends the liveness found so far above it (or is a point of its own
 * when nothing below reads it) */
static void def_at(struct interval *x, int p)
{
    if (x->nr && x->r[x->nr - 1].s <= p && p <= x->r[x->nr - 1].e) x->r[x->nr - 1].s = p;
    else add_range(x, p, p);
}

static bool intersects(const struct interval *a, const struct interval *b)
{
    if (a->end < b->start || b->end < a->start) return false;
    for (int i = 0, j = 0; i < a->nr && j < b->nr;) {
        if (a->r[i].e < b->r[j].s) i++;
        else if (b->r[j].e < a->r[i].s) j++;
        else return true;
    }
    return false;
}

/* x holds a range that meets [p, q] (touch) or that runs from before p to after q
 * (across) */
static bool meets(const struct interval *x, int p, int q, bool across)
{
    if (x->end < p || x->start > q) return false;
    for (int k = 0; k < x->nr; k++) {
        const struct range *r = &x->r[k];
        if (across ? r->s < p && r->e > q : r->s <= q && r->e >= p) return true;
        if (r->s > q) break;
    }
    return false;
}

/* the intervals holding each physical register, once assigned and until they end */
struct holders {
    int *v;
    int n, cap;
};

static void hold(struct holders *h, int v)
{
    if (h->n == h->cap) {
        int cap = h->cap ? 2 * h->cap : 4;
        int *nv = cc_alloc(sizeof(int) * (size_t)cap);
        if (h->n) memcpy(nv, h->v, sizeof(int) * (size_t)h->n);
        h->v = nv;
        h->cap = cap;
    }
    h->v[h->n++] = v;
}

static bool reg_free(const struct holders *h, const struct interval *iv, const struct interval *x)
{
    for (int q = 0; q < h->n; q++)
        if (intersects(&iv[h->v[q]], x)) return false;
    return true;
}

void regalloc(struct ir_func *f)
{
    int nv = f->nvregs;
    int tmp[64], tmpd[64];
    /* ignore instructions after the first terminator of each block (unreachable) */
    for (int bi = 0; bi < f->nblocks; bi++) f->blocks[bi]->n = opt_run_length(f->blocks[bi]);
    int *sbuf = cc_alloc(sizeof(int) * (size_t)(f->nblocks + 2));
    int nglobal;
    int *gid = global_ids(f, &nglobal);
    int words = (nglobal + 63) / 64;
    if (words == 0) words = 1;
    int *ginv = cc_alloc(sizeof(int) * (size_t)(words * 64));
    for (int v = 0; v < nv; v++)
        if (gid[v] >= 0) ginv[gid[v]] = v;
    u64 *live_in, *live_out;
    opt_liveness(f, gid, words, &live_in, &live_out);
    /* intervals */
    struct interval *iv = cc_alloc(sizeof *iv * (size_t)nv);
    for (int v = 0; v < nv; v++) iv[v].v = v;
    bool *used = cc_alloc((size_t)nv);
    /* spill costs: each use and definition weighs 8^depth (at most 8^4), depth counting
     * the backward edges of the layout whose span holds the block (its loops, as the
     * blocks of a loop lie between its header and its last back edge) */
    int *depth = cc_alloc(sizeof(int) * (size_t)(f->nblocks + 1));
    for (int bi = 0; bi < f->nblocks; bi++) {
        int *s = sbuf, ns = opt_live_succs(f, f->blocks[bi], s);
        for (int q = 0; q < ns; q++)
            if (s[q] <= bi) {
                depth[s[q]]++;
                depth[bi + 1]--;
            }
    }
    for (int bi = 1; bi < f->nblocks; bi++) depth[bi] += depth[bi - 1];
    long long *cost = cc_alloc(sizeof(long long) * (size_t)nv);
    int pos = 0;
    int ncalls = 0, capcalls = 64;
    int *calls = cc_alloc(sizeof(int) * (size_t)capcalls);
    for (int bi = 0; bi < f->nblocks; bi++) {
        struct ir_block *b = f->blocks[bi];
        b->start = pos;
        b->end = pos + 2 * b->n + 1;
        long long wt = 1LL << (3 * (depth[bi] < 4 ? depth[bi] : 4));
        for (int k = 0; k < b->n; k++) {
            struct ir_ins *i = &b->ins[k];
            int p = pos + 2 + 2 * k;
            int *u, *d;
            int cnt = operand_vregs(i, false, tmp, &u);
            for (int q = 0; q < cnt; q++) {
                used[u[q]] = true;
                cost[u[q]] += wt;
            }
            cnt = operand_vregs(i, true, tmpd, &d);
            for (int q = 0; q < cnt; q++) cost[d[q]] += wt;
            /* asm operands in memory need the emitter's scratch registers (three) */
            if (i->op == IR_ASM) {
                for (int q = 0; q < cnt; q++) cost[d[q]] += 1LL << 40;
                int nu = operand_vregs(i, false, tmp, &u);
                for (int q = 0; q < nu; q++) cost[u[q]] += 1LL << 40;
            }
            /* asm outputs keep a register even when unread (scratch ones are few) */
            if (i->op == IR_ASM)
                for (int q = 0; q < cnt; q++) used[d[q]] = true;
            if (ir_clobbers_regs(i) || i->op == IR_AMO || i->op == IR_CAS) {
                /* AMO and CAS only use the argument registers (marked odd) */
                int mark = ir_clobbers_regs(i) ? p : p | 1;
                if (ncalls == capcalls) {
                    int *nc = cc_alloc(sizeof(int) * (size_t)capcalls * 2);
                    memcpy(nc, calls, sizeof(int) * (size_t)ncalls);
                    calls = nc;
                    capcalls *= 2;
                }
                calls[ncalls++] = mark;
            }
        }
        pos = b->end + 1;
    }
    /* the ranges, walking backwards: a block's live-out vregs are live through it until a
     * definition, and a use makes its vreg live from the block's start (until a
     * definition above it cuts that) */
    for (int bi = f->nblocks - 1; bi >= 0; bi--) {
        struct ir_block *b = f->blocks[bi];
        for (int w = 0; w < words; w++)
            for (u64 m = live_out[(size_t)bi * words + w]; m; m &= m - 1)
                add_range(&iv[ginv[w * 64 + lowbit(m)]], b->start, b->end);
        for (int k = b->n - 1; k >= 0; k--) {
            struct ir_ins *i = &b->ins[k];
            int p = b->start + 2 + 2 * k;
            int *u, *d;
            int cnt = operand_vregs(i, true, tmpd, &d);
            /* asm outputs must not share a register with its inputs */
            for (int q = 0; q < cnt; q++) def_at(&iv[d[q]], i->op == IR_ASM ? p : p + 1);
            cnt = operand_vregs(i, false, tmp, &u);
            for (int q = 0; q < cnt; q++) add_range(&iv[u[q]], b->start, p);
        }
    }
    for (int v = 0; v < nv; v++) {
        struct interval *x = &iv[v];
        if (!x->nr) continue;
        for (int a = 0, z = x->nr - 1; a < z; a++, z--) {
            struct range t = x->r[a];
            x->r[a] = x->r[z];
            x->r[z] = t;
        }
        x->start = x->r[0].s;
        x->end = x->r[x->nr - 1].e;
        for (int k = 0; k < x->nr; k++) x->len += x->r[k].e - x->r[k].s + 1;
    }
    /* The emitter moves values into and out of a0-a7/fa0-fa7 one at a time at calls,
     * `ret` and `param`, and uses them as scratch in AMO/CAS: a vreg may have an argument
     * register only if its interval is clear of those points (calls[] holds calls, asm,
     * and, odd, AMO and CAS), starts after the last `param` and is no operand of a `ret`. */
    bool *no_arg = cc_alloc((size_t)nv);
    int last_param = -1;
    /* A vreg that is a call's argument or result, a `param` or a `ret` piece in the
     * argument register r, and is in no other way near a call, asm or atomic, may live
     * in r itself (want[v] = r; -1: two different wishes), so the emitter's move there is
     * not needed: a move into r for one argument or piece never overwrites another
     * one's own register.  opcount[v] counts the calls, asm and atomics v is an operand
     * of; the interval must overlap no others. */
    int *want = cc_alloc(sizeof(int) * (size_t)nv), *opcount = cc_alloc(sizeof(int) * (size_t)nv);
    int *stamp = cc_alloc(sizeof(int) * (size_t)nv);
    bool *is_param = cc_alloc((size_t)nv);
    int nstamp = 0;
    for (int bi = 0; bi < f->nblocks; bi++) {
        struct ir_block *b = f->blocks[bi];
        for (int k = 0; k < b->n; k++) {
            struct ir_ins *i = &b->ins[k];
            if (i->op == IR_PARAM) {
                last_param = b->start + 2 + 2 * k + 1;
                is_param[i->d] = true;
                want_loc(f, want, i->d, i->loc);
            }
            if (i->op == IR_RET)
                for (int q = 0; q < i->call->nargs; q++) want_loc(f, want, i->call->args[q].vreg, i->call->args[q].reg);
            if (i->op == IR_RET || i->op == IR_PARAM) {
                int *u;
                int cnt = operand_vregs(i, i->op == IR_PARAM, tmp, &u);
                for (int q = 0; q < cnt; q++) no_arg[u[q]] = true;
                continue;
            }
            if (!ir_clobbers_regs(i) && i->op != IR_AMO && i->op != IR_CAS) continue;
            nstamp++;
            for (int pass = 0; pass < 2; pass++) {
                int *u;
                int cnt = operand_vregs(i, pass, pass ? tmpd : tmp, &u);
                for (int q = 0; q < cnt; q++) {
                    if (stamp[u[q]] != nstamp) opcount[u[q]]++;
                    stamp[u[q]] = nstamp;
                    if (i->op != IR_CALL) want[u[q]] = -1;
                }
            }
            if (i->op == IR_CALL) {
                struct ir_call *c = i->call;
                for (int q = 0; q < c->nargs; q++) want_loc(f, want, c->args[q].vreg, c->args[q].reg);
                for (int q = 0; q < c->nrets; q++) want_loc(f, want, c->rets[q].vreg, c->rets[q].reg);
                if (c->fn) want[c->fn] = -1;
            }
        }
    }
    int n = 0;
    struct interval *list = cc_alloc(sizeof *list * (size_t)nv);
    for (int v = 1; v < nv; v++) {
        if (!iv[v].nr) continue;
        /* a vreg defined but never used still needs a destination */
        struct interval x = iv[v];
        x.across_call = false;
        x.arg_regs = !no_arg[v] && x.start > last_param;
        int overlaps = 0;
        for (int c = 0; c < ncalls; c++) {
            int cp = calls[c] & ~1;
            if (meets(&x, cp, cp + 1, false)) {
                x.arg_regs = false;
                overlaps++;
            }
            if (!(calls[c] & 1) && meets(&x, cp, cp + 1, true)) x.across_call = true;
        }
        x.fixed = want[v] > 0 && overlaps == opcount[v] && !x.across_call && (is_param[v] || x.start > last_param)
                      ? want[v] : 0;
        list[n++] = x;
    }
    qsort(list, (size_t)n, sizeof *list, cmp_start);
    /* move hints: d = mov a prefers a's register (the move then disappears) */
    int *hint = cc_alloc(sizeof(int) * (size_t)nv);
    for (int bi = 0; bi < f->nblocks; bi++)
        for (int k = 0; k < f->blocks[bi]->n; k++) {
            struct ir_ins *i = &f->blocks[bi]->ins[k];
            if (i->op == IR_MOV && !hint[i->d]) hint[i->d] = i->a;
            if (i->op == IR_MOV && !hint[i->a]) hint[i->a] = i->d;
        }
    f->vloc = cc_alloc(sizeof(int) * (size_t)nv);
    /* linear scan */
    struct holders held[64];
    memset(held, 0, sizeof held);
    for (int k = 0; k < n; k++) {
        struct interval *x = &list[k];
        const struct interval *xi = &iv[x->v];
        bool fp = f->vclass[x->v] == 1;
        if (!used[x->v]) {
            /* a result nothing reads (a call's unused return value, say): no
             * register; the emitter drops it or writes a scratch register */
            f->vloc[x->v] = 0;
            continue;
        }
        /* expire */
        for (int r = 0; r < 64; r++) {
            struct holders *h = &held[r];
            for (int q = 0; q < h->n;)
                if (iv[h->v[q]].end < x->start) h->v[q] = h->v[--h->n];
                else q++;
        }
        const int *pools[2];
        int plen[2];
        int np = 0;
        if (x->arg_regs) {
            pools[np] = fp ? fp_arg : int_arg;
            plen[np++] = fp ? (int)(sizeof fp_arg / sizeof *fp_arg) : (int)(sizeof int_arg / sizeof *int_arg);
        } else if (!x->across_call) {
            pools[np] = fp ? fp_caller : int_caller;
            plen[np++] = fp ? (int)(sizeof fp_caller / sizeof *fp_caller) : (int)(sizeof int_caller / sizeof *int_caller);
        }
        pools[np] = fp ? fp_callee : int_callee;
        plen[np++] = fp ? (int)(sizeof fp_callee / sizeof *fp_callee) : (int)(sizeof int_callee / sizeof *int_callee);
        int got = -1;
        if (x->fixed && reg_free(&held[x->fixed], iv, xi)) got = x->fixed;
        int h = hint[x->v];
        if (got < 0 && h && f->vloc[h] > 0 && reg_free(&held[f->vloc[h]], iv, xi))
            for (int p = 0; p < np && got < 0; p++)
                for (int q = 0; q < plen[p]; q++)
                    if (pools[p][q] == f->vloc[h]) got = f->vloc[h];
        for (int p = 0; p < np && got < 0; p++)
            for (int q = 0; q < plen[p]; q++)
                if (reg_free(&held[pools[p][q]], iv, xi)) {
                    got = pools[p][q];
                    break;
                }
        if (got < 0) {
            /* spill x, or the intervals in a register x may use that meet x: the least
             * cost per live length (for a register, that of its dearest interval meeting
             * x), of those the one that ends last */
            int victim = -1;
            double vd = (double)cost[x->v] / (double)xi->len;
            int vend = x->end;
            for (int p = 0; p < np; p++)
                for (int q = 0; q < plen[p]; q++) {
                    int r = pools[p][q];
                    double dn = -1;
                    int wend = -1;
                    for (int j = 0; j < held[r].n; j++) {
                        const struct interval *w = &iv[held[r].v[j]];
                        if (!intersects(w, xi)) continue;
                        double d = (double)cost[w->v] / (double)w->len;
                        if (d > dn) dn = d;
                        if (w->end > wend) wend = w->end;
                    }
                    if (dn >= 0 && (dn < vd || (dn == vd && wend > vend))) {
                        victim = r;
                        vd = dn;
                        vend = wend;
                    }
                }
            if (victim < 0) {
                int slot = ir_slot_new(f, fp ? 8 : tgt.regsize, fp ? 8 : tgt.regsize);
                f->vloc[x->v] = -(slot + 1);
                continue;
            }
            struct holders *hv = &held[victim];
            for (int j = 0; j < hv->n;) {
                int sv = hv->v[j];
                if (!intersects(&iv[sv], xi)) {
                    j++;
                    continue;
                }
                int slot = ir_slot_new(f, f->vclass[sv] ? 8 : tgt.regsize, f->vclass[sv] ? 8 : tgt.regsize);
                f->vloc[sv] = -(slot + 1);
                hv->v[j] = hv->v[--hv->n];
            }
            got = victim;
        }
        f->vloc[x->v] = got;
        hold(&held[got], x->v);
    }
}
