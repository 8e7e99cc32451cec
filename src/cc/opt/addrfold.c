/* Pass "addrfold": a load or store whose address is `base + constant` takes the constant
 * into its own offset (RISC-V loads and stores add a 12-bit immediate for free), so the
 * add is left unused for dce.  The fold needs the base to hold the same value at the
 * access as at the add: either the base is defined once (its value never changes), or
 * the add and the access are in one block with no definition of the base between them
 * other than increments by constants (`p = add p #c`), which the offset makes up for.
 * A copy of the base is an add of 0: `*p++` is lowered as `t = mov p; p = add p #4;
 * load t`, and the load becoming `load p #-4` leaves the copy unused, where the copy
 * would have cost an instruction (t and p are live at once, so they cannot share a
 * register).  Otherwise an access through a copy changes only when it is the copy's one
 * reader: the allocator gives a copy its source's register when it can, and reading the
 * source here would make both live at once where the copy has readers elsewhere. */
#include "cc/opt/opt.h"

#include <string.h>

static bool fits12(i128 v) { return v >= -2048 && v < 2048; }

/* an add of an immediate over the whole register (narrower adds wrap and extend) */
static bool is_offset_add(const struct ir_ins *d)
{
    return d->op == IR_ADD && !d->b && d->a && d->w * 8 >= tgt.xlen;
}

/* a copy of an integer vreg: an add of 0 */
static bool is_copy(const struct ir_func *f, const struct ir_ins *d)
{
    return d->op == IR_MOV && d->a && !f->vclass[d->d] && !f->vclass[d->a];
}

/* `p = add p #c` over the whole register: p moves by c */
static bool is_increment(const struct ir_ins *d)
{
    return is_offset_add(d) && d->d == d->a;
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
    /* within a block: the add (or copy) that last defined v, how many times its base had
     * been defined then other than by an increment (seen[]) and the sum of the base's
     * increments then (moved[]), valid while stamp[v] is this block */
    int nv = f->nvregs;
    int *add_base = cc_alloc(sizeof(int) * (size_t)nv), *add_seen = cc_alloc(sizeof(int) * (size_t)nv);
    int *stamp = cc_alloc(sizeof(int) * (size_t)nv), *seen = cc_alloc(sizeof(int) * (size_t)nv);
    i128 *add_off = cc_alloc(sizeof(i128) * (size_t)nv), *add_moved = cc_alloc(sizeof(i128) * (size_t)nv);
    i128 *moved = cc_alloc(sizeof(i128) * (size_t)nv);
    bool *add_copy = cc_alloc(sizeof(bool) * (size_t)nv);
    int *uses = opt_count_uses(f);
    int *slots[64 + 8];
    for (int v = 0; v < nv; v++) stamp[v] = -1;
    for (int b = 0; b < f->nblocks; b++)
        for (int k = 0; k < f->blocks[b]->n; k++) {
            struct ir_ins *i = &f->blocks[b]->ins[k];
            if ((i->op == IR_LOAD || i->op == IR_STORE) && i->a) {
                int a = i->a;
                if (ndef[a] == 1 && is_offset_add(def[a]) && ndef[def[a]->a] == 1)
                    fold_access(i, def[a]->a, def[a]->imm);
                else if (stamp[a] == b && seen[add_base[a]] == add_seen[a] &&
                         (!add_copy[a] || moved[add_base[a]] != add_moved[a] || uses[a] == 1))
                    fold_access(i, add_base[a], add_off[a] - (moved[add_base[a]] - add_moved[a]));
            }
            if (((i->op == IR_CALL || i->op == IR_RET) && i->call->nargs > 60) ||
                (i->op == IR_ASM && i->asmi->nops > 60)) {
                /* too many operands to list: forget the block's adds */
                for (int v = 0; v < nv; v++) stamp[v] = -1;
                continue;
            }
            if (is_increment(i)) {
                moved[i->d] += i->imm;
                stamp[i->d] = -1;  /* no longer its own add's base + offset */
                continue;
            }
            int n = ir_defs(i, slots, 64);
            for (int q = 0; q < n; q++) {
                int d = *slots[q];
                seen[d]++;
                stamp[d] = -1;
            }
            if ((is_offset_add(i) || is_copy(f, i)) && i->d != i->a) {
                stamp[i->d] = b;
                add_base[i->d] = i->a;
                add_seen[i->d] = seen[i->a];
                add_moved[i->d] = moved[i->a];
                add_copy[i->d] = i->op == IR_MOV;
                add_off[i->d] = add_copy[i->d] ? 0 : i->imm;
            }
        }
}
