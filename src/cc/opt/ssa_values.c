/* Which vregs are SSA values, for the passes on SSA form (sccp, gvn): a vreg with one
 * definition that dominates every use.  Pass "ssa" renames the multiply-defined vregs
 * it can; the others (a vreg read before any definition on some path, an asm operand)
 * keep several definitions, and the SSA passes leave them alone. */
#include "cc/opt/opt.h"

int *opt_ssa_def_counts(struct ir_func *f, int *def_block, int *def_index)
{
    int *ndef = cc_alloc(sizeof(int) * (size_t)f->nvregs);
    int *local[8];
    for (int b = 0; b < f->nblocks; b++)
        for (int k = 0; k < f->blocks[b]->n; k++) {
            struct ir_ins *i = &f->blocks[b]->ins[k];
            int **slots = ir_slot_buf(i, local, 8);
            int n = ir_defs(i, slots, ir_operand_bound(i));
            for (int r = 0; r < n; r++) {
                int v = *slots[r];
                ndef[v] += i->op == IR_ASM ? OPT_SSA_ASM_DEFS : 1;
                if (def_block) {
                    def_block[v] = b;
                    def_index[v] = k;
                }
            }
            /* an asm statement binds its outputs to its inputs: neither is a value to rename or move */
            if (i->op == IR_ASM) {
                n = ir_uses(i, slots, ir_operand_bound(i));
                for (int r = 0; r < n; r++) ndef[*slots[r]] += OPT_SSA_ASM_DEFS;
            }
        }
    return ndef;
}

struct opt_ssa *opt_ssa_values(struct ir_func *f, const struct opt_dom *dom)
{
    int nv = f->nvregs;
    struct opt_ssa *s = cc_alloc(sizeof *s);
    s->def_block = cc_alloc(sizeof(int) * (size_t)nv);
    s->def_index = cc_alloc(sizeof(int) * (size_t)nv);
    int *ndef = opt_ssa_def_counts(f, s->def_block, s->def_index);
    int *local[8];
    for (int v = 0; v < nv; v++)
        if (ndef[v] != 1 || !opt_reachable(dom, s->def_block[v])) s->def_block[v] = -1;
    s->def_block[0] = -1;
    /* a use the definition does not dominate: not a value (read before it is set) */
    for (int b = 0; b < f->nblocks; b++)
        for (int k = 0; k < f->blocks[b]->n; k++) {
            struct ir_ins *i = &f->blocks[b]->ins[k];
            int **slots = ir_slot_buf(i, local, 8);
            int n = ir_uses(i, slots, ir_operand_bound(i));
            for (int r = 0; r < n; r++) {
                int v = *slots[r], db = s->def_block[v];
                if (db < 0) continue;
                bool ok;
                if (i->op == IR_PHI) /* read at the end of the predecessor */
                    ok = opt_dominates(dom, db, i->phi->blk[slots[r] - i->phi->v]);
                else if (db == b)
                    ok = s->def_index[v] < k;
                else
                    ok = opt_dominates(dom, db, b);
                if (!ok && opt_reachable(dom, b)) s->def_block[v] = -1;
            }
        }
    return s;
}

bool opt_is_ssa_value(const struct opt_ssa *s, int v) { return v > 0 && s->def_block[v] >= 0; }

void opt_phis_first(struct ir_block *b)
{
    int nphi = 0;
    for (int k = 0; k < b->n; k++)
        if (b->ins[k].op == IR_PHI) {
            struct ir_ins x = b->ins[k];
            for (int q = k; q > nphi; q--) b->ins[q] = b->ins[q - 1];
            b->ins[nphi++] = x;
        }
}
