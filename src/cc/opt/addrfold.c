/* Pass "addrfold": a load or store whose address is `base + constant` takes the constant
 * into its own offset (RISC-V loads and stores add a 12-bit immediate for free), so the
 * add is left unused for dce.  The fold needs the base to hold the same value at the
 * access as at the add: either the base is defined once (its value never changes), or
 * the add and the access are in one block with no definition of the base between them. */
#include "cc/opt/opt.h"

#include <string.h>

static bool fits12(i128 v) { return v >= -2048 && v < 2048; }

/* an add of an immediate over the whole register (narrower adds wrap and extend) */
static bool is_offset_add(const struct ir_ins *d)
{
    return d->op == IR_ADD && !d->b && d->a && d->w * 8 >= tgt.xlen;
}

static void fold_access(struct ir_ins *i, int base, i128 off)
{
    if (!fits12(i->imm + off)) return;
    i->a = base;
    i->imm += off;
}

void opt_addrfold(struct ir_func *f)
{
    int *ndef;
    struct ir_ins **def;
    opt_count_defs(f, &ndef, &def);
    /* within a block: the add that last defined v, and how many times its base had been
     * defined then (seen[]), valid while stamp[v] is this block */
    int nv = f->nvregs;
    int *add_base = cc_alloc(sizeof(int) * (size_t)nv), *add_seen = cc_alloc(sizeof(int) * (size_t)nv);
    int *stamp = cc_alloc(sizeof(int) * (size_t)nv), *seen = cc_alloc(sizeof(int) * (size_t)nv);
    i128 *add_off = cc_alloc(sizeof(i128) * (size_t)nv);
    int *slots[64 + 8];
    for (int v = 0; v < nv; v++) stamp[v] = -1;
    for (int b = 0; b < f->nblocks; b++)
        for (int k = 0; k < f->blocks[b]->n; k++) {
            struct ir_ins *i = &f->blocks[b]->ins[k];
            if ((i->op == IR_LOAD || i->op == IR_STORE) && i->a) {
                int a = i->a;
                if (ndef[a] == 1 && is_offset_add(def[a]) && ndef[def[a]->a] == 1)
                    fold_access(i, def[a]->a, def[a]->imm);
                else if (stamp[a] == b && seen[add_base[a]] == add_seen[a])
                    fold_access(i, add_base[a], add_off[a]);
            }
            if (((i->op == IR_CALL || i->op == IR_RET) && i->call->nargs > 60) ||
                (i->op == IR_ASM && i->asmi->nops > 60)) {
                /* too many operands to list: forget the block's adds */
                for (int v = 0; v < nv; v++) stamp[v] = -1;
                continue;
            }
            int n = ir_defs(i, slots, 64);
            for (int q = 0; q < n; q++) {
                int d = *slots[q];
                seen[d]++;
                stamp[d] = -1;
            }
            if (is_offset_add(i) && i->d != i->a) {
                stamp[i->d] = b;
                add_base[i->d] = i->a;
                add_seen[i->d] = seen[i->a];
                add_off[i->d] = i->imm;
            }
        }
}
