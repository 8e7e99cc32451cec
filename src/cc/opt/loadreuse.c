/* Pass "loadreuse": a load of what an earlier load read, or an earlier store wrote,
 * from the same address (the same base vreg, not redefined since, and the same offset
 * and width) becomes a copy of that value (after a store of fewer bytes than a register,
 * an extension of it, as the load would extend).  Earlier: in the same block, or in the
 * blocks that lead to it alone — an extended basic block, a tree of blocks each with one
 * predecessor (not address-taken), walked depth first from its root with what its
 * parent knew at its end.  What may change memory
 * in between ends the reuse: a store to another base (it may alias) or overlapping the
 * location, a call, asm, an atomic, a fence, a block copy or zero, alloca, the variadic
 * save.  Volatile accesses are neither reused nor reuse anything.  Then a copy
 * propagation. */
#include "cc/opt/opt.h"

#include <string.h>

struct avail {
    int base;             /* base vreg */
    long off;
    int w;
    bool uns, from_store, fp;
    int val;              /* the vreg holding the value (loaded, or stored) */
    int ver_base, ver_val;
};

enum { MAX_AVAIL = 64 };

static bool kills_all(const struct ir_ins *i)
{
    switch (i->op) {
    case IR_CALL: case IR_ASM: case IR_AMO: case IR_CAS: case IR_FENCE: case IR_COPY: case IR_ZERO:
    case IR_ALLOCA: case IR_SAVE_VA: case IR_SPRESTORE: case IR_TRAP:
        return true;
    default:
        return false;
    }
}

struct state {
    int n;
    struct avail av[MAX_AVAIL];
};

/* one block from the state its predecessor left; st becomes the state at its end */
static bool reuse_block(struct ir_func *f, struct ir_block *blk, int *ver, struct state *st)
{
    struct avail *av = st->av;
    int *slots[64 + 8];
    bool changed = false;
    int n = st->n;
    for (int k = 0; k < blk->n; k++) {
        struct ir_ins *i = &blk->ins[k];
        if (kills_all(i)) n = 0;
        if (i->op == IR_LOAD && !i->vol && i->d != i->a) {
            bool fp = f->vclass[i->d] != 0;
            for (int q = n - 1; q >= 0; q--) {
                struct avail *e = &av[q];
                if (e->base != i->a || e->off != (long)i->imm || e->w != i->w || e->fp != fp ||
                    ver[e->base] != e->ver_base || (e->val && ver[e->val] != e->ver_val))
                    continue;
                if (!e->from_store && e->uns != i->uns) continue;
                int d = i->d, v = e->val, w = i->w;
                bool uns = i->uns;
                memset(i, 0, sizeof *i);
                i->d = d;
                if (!v) {
                    i->op = IR_LI;   /* a stored zero register */
                } else if (!fp && w < tgt.regsize && e->from_store) {
                    /* the loaded value is the stored one's low bytes, extended */
                    i->op = IR_EXT;
                    i->w = (u8)w;
                    i->uns = uns;
                    i->a = v;
                } else {
                    i->op = IR_MOV;
                    i->a = v;
                }
                changed = true;
                break;
            }
        } else if (i->op == IR_STORE) {
            /* what the store may overwrite is no longer known */
            int m = 0;
            for (int q = 0; q < n; q++) {
                struct avail *e = &av[q];
                bool same_base = e->base == i->a && ver[e->base] == e->ver_base;
                bool apart = same_base && (e->off + e->w <= (long)i->imm || (long)i->imm + i->w <= e->off);
                if (apart) av[m++] = *e;
            }
            n = m;
        }
        int nd = ir_defs(i, slots, 64);
        if (nd == 64) n = 0;   /* more definitions than listed: forget everything */
        for (int q = 0; q < nd; q++) ver[*slots[q]]++;
        if (((i->op == IR_LOAD && i->d != i->a) || i->op == IR_STORE) && !i->vol && n < MAX_AVAIL) {
            struct avail *e = &av[n++];
            e->base = i->a;
            e->off = (long)i->imm;
            e->w = i->w;
            e->uns = i->uns;
            e->from_store = i->op == IR_STORE;
            e->val = i->op == IR_STORE ? i->b : i->d;
            e->fp = e->val ? f->vclass[e->val] != 0 : false;
            e->ver_base = ver[e->base];
            e->ver_val = e->val ? ver[e->val] : 0;
        }
        if (ir_is_term(i->op)) break;
    }
    st->n = n;
    return changed;
}

void opt_loadreuse(struct ir_func *f)
{
    int nb = f->nblocks;
    int *ver = cc_alloc(sizeof(int) * (size_t)f->nvregs);
    int *npred = cc_alloc(sizeof(int) * (size_t)nb), *s = cc_alloc(sizeof(int) * (size_t)(nb + 2));
    for (int b = 0; b < nb; b++) {
        int ns = opt_succs(f->blocks[b], s);
        for (int q = 0; q < ns; q++) npred[s[q]]++;
    }
    /* a block without a terminator (an empty one too) that something reaches runs on
     * into the next: one more predecessor there */
    for (int b = 0; b + 1 < nb; b++) {
        const struct ir_block *blk = f->blocks[b];
        int len = opt_run_length(blk);
        if ((!len || !ir_is_term(blk->ins[len - 1].op)) && (b == 0 || npred[b] || blk->addr_taken))
            npred[b + 1]++;
    }
    /* a block continues its predecessor's state when it has only that one; what a
     * stacked block starts from is its parent's state, kept at its own size */
    bool *done = cc_alloc((size_t)nb);
    int *stack = cc_alloc(sizeof(int) * (size_t)(nb + 1));
    const struct avail **from = cc_alloc(sizeof *from * (size_t)nb);
    int *nfrom = cc_alloc(sizeof(int) * (size_t)nb);
    struct state st;
    bool changed = false;
    for (int pass = 0; pass < 2; pass++)
        for (int root = 0; root < nb; root++) {
            bool own = root == 0 || npred[root] != 1 || f->blocks[root]->addr_taken;
            if (done[root] || (pass == 0 && !own)) continue;
            int sp = 0;
            stack[sp++] = root;
            nfrom[root] = 0;
            while (sp) {
                int b = stack[--sp];
                done[b] = true;
                st.n = nfrom[b];
                if (st.n) memcpy(st.av, from[b], sizeof *st.av * (size_t)st.n);
                changed |= reuse_block(f, f->blocks[b], ver, &st);
                int ns = opt_succs(f->blocks[b], s);
                struct avail *snap = NULL;
                for (int q = 0; q < ns; q++) {
                    int c = s[q];
                    if (done[c] || npred[c] != 1 || c == 0 || f->blocks[c]->addr_taken) continue;
                    if (!snap && st.n) {
                        snap = cc_alloc(sizeof *snap * (size_t)st.n);
                        memcpy(snap, st.av, sizeof *snap * (size_t)st.n);
                    }
                    from[c] = snap;
                    nfrom[c] = st.n;
                    stack[sp++] = c;
                }
            }
        }
    if (changed) opt_copyprop(f);
}
