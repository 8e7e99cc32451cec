/* Definition and use counts, shared by the passes that look through single-definition vregs. */
#include "cc/opt/opt.h"

/* ndef[v] counts v's definitions (a call result or asm output counts as two: its
 * value is not an instruction a later pass can look through); def[v] is its one
 * defining instruction when ndef[v] == 1 */
void opt_count_defs(struct ir_func *f, int **ndef_out, struct ir_ins ***def_out)
{
    int *ndef = *ndef_out = cc_alloc(sizeof(int) * (size_t)f->nvregs);
    struct ir_ins **def = *def_out = cc_alloc(sizeof *def * (size_t)f->nvregs);
    for (int b = 0; b < f->nblocks; b++)
        for (int k = 0; k < f->blocks[b]->n; k++) {
            struct ir_ins *i = &f->blocks[b]->ins[k];
            if (ir_ops[i->op].flags & (IRF_CALLOPS | IRF_ASMOPS)) {
                int *local[8];
                int **slots = ir_slot_buf(i, local, 8);
                int n = ir_defs(i, slots, ir_operand_bound(i));
                for (int r = 0; r < n; r++) ndef[*slots[r]] += 2;
            } else if (ir_ops[i->op].d && i->d) {
                ndef[i->d]++;
                def[i->d] = i;
            }
        }
}

/* a new array: uses[v] counts the operands that read v */
int *opt_count_uses(struct ir_func *f)
{
    int *uses = cc_alloc(sizeof(int) * (size_t)f->nvregs);
    for (int b = 0; b < f->nblocks; b++)
        for (int k = 0; k < f->blocks[b]->n; k++) {
            struct ir_ins *i = &f->blocks[b]->ins[k];
            int *local[8];
            int **slots = ir_slot_buf(i, local, 8);
            int n = ir_uses(i, slots, ir_operand_bound(i));
            for (int q = 0; q < n; q++) uses[*slots[q]]++;
        }
    return uses;
}
