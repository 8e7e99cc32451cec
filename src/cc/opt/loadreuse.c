/* Pass "loadreuse": within a block, a load of what an earlier load read, or an earlier
 * store wrote, from the same address (the same base vreg, not redefined since, and the
 * same offset and width) becomes a copy of that value (after a store of fewer bytes than
 * a register, an extension of it, as the load would extend).  What may change memory
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

void opt_loadreuse(struct ir_func *f)
{
    int *ver = cc_alloc(sizeof(int) * (size_t)f->nvregs);
    struct avail av[MAX_AVAIL];
    int *slots[64 + 8];
    bool changed = false;
    for (int b = 0; b < f->nblocks; b++) {
        struct ir_block *blk = f->blocks[b];
        int n = 0;
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
                    if (!fp && w < tgt.regsize && e->from_store) {
                        /* the loaded value is the stored one's low bytes, extended */
                        i->op = IR_EXT;
                        i->w = (u8)w;
                        i->uns = uns;
                    } else {
                        i->op = IR_MOV;
                    }
                    if (!v) {   /* a stored zero register */
                        i->op = IR_LI;
                        i->imm = 0;
                        i->w = 0;
                        i->uns = false;
                    }
                    i->d = d;
                    i->a = v;
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
                if (i->op == IR_STORE && !e->val) e->fp = false;
            }
        }
    }
    if (changed) opt_copyprop(f);
}
