/* Pass "copyprop": copy propagation between single-definition vregs.  A vreg defined
 * exactly once is a value that never changes, so using it anywhere its definition
 * dominates is safe; lowering only ever uses a vreg where it was defined. */
#include "cc/opt/opt.h"

static void propagate_with(struct ir_func *f, int *ndef, struct ir_ins **def)
{
    int *repl = cc_alloc(sizeof(int) * (size_t)f->nvregs);
    for (int v = 1; v < f->nvregs; v++) {
        repl[v] = v;
        if (ndef[v] == 1 && def[v]->op == IR_MOV && ndef[def[v]->a] == 1 &&
            f->vclass[v] == f->vclass[def[v]->a])
            repl[v] = def[v]->a;
    }
    for (int v = 1; v < f->nvregs; v++) {
        int r = repl[v], guard = 0;
        while (repl[r] != r && guard++ < 64) r = repl[r];
        repl[v] = r;
    }
    int *slots[64 + 8];
    for (int b = 0; b < f->nblocks; b++)
        for (int k = 0; k < f->blocks[b]->n; k++) {
            struct ir_ins *i = &f->blocks[b]->ins[k];
            if ((i->op == IR_CALL || i->op == IR_RET) && i->call->nargs > 60) continue;
            if (i->op == IR_ASM && i->asmi->nops > 60) continue;
            int n = ir_uses(i, slots, 64);
            for (int q = 0; q < n; q++) *slots[q] = repl[*slots[q]];
        }
}

void opt_copyprop(struct ir_func *f)
{
    int *ndef;
    struct ir_ins **def;
    opt_count_defs(f, &ndef, &def);
    propagate_with(f, ndef, def);
}
