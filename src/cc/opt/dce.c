/* Pass "dce": pure instructions (ir.def) whose result nothing uses become nops,
 * repeated as removing one may leave its operands unused. */
#include "cc/opt/opt.h"

#include <string.h>

void opt_dce(struct ir_func *f)
{
    int *nuse = cc_alloc(sizeof(int) * (size_t)f->nvregs);
    int *slots[64 + 8];
    for (int round = 0; round < 8; round++) {
        memset(nuse, 0, sizeof(int) * (size_t)f->nvregs);
        bool big = false;
        for (int b = 0; b < f->nblocks; b++)
            for (int k = 0; k < f->blocks[b]->n; k++) {
                struct ir_ins *i = &f->blocks[b]->ins[k];
                if (((i->op == IR_CALL || i->op == IR_RET) && i->call->nargs > 60) ||
                    (i->op == IR_ASM && i->asmi->nops > 60)) {
                    big = true;
                    continue;
                }
                int n = ir_uses(i, slots, 64);
                for (int q = 0; q < n; q++) nuse[*slots[q]]++;
            }
        if (big) return;
        bool changed = false;
        for (int b = 0; b < f->nblocks; b++)
            for (int k = 0; k < f->blocks[b]->n; k++) {
                struct ir_ins *i = &f->blocks[b]->ins[k];
                if (ir_is_pure(i->op) && i->d && !nuse[i->d]) {
                    memset(i, 0, sizeof *i);
                    i->op = IR_NOP;
                    changed = true;
                }
            }
        if (!changed) break;
    }
}
