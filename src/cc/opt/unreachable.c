/* Pass "unreachable": blocks that no path from the entry (or from an address-taken
 * block, which a computed goto may reach) reaches are emptied.  Runs at -O0 too, so code
 * behind a constant false condition is never emitted. */
#include "cc/opt/opt.h"

void opt_unreachable(struct ir_func *f)
{
    bool *seen = cc_alloc((size_t)f->nblocks);
    int *stack = cc_alloc(sizeof(int) * (size_t)(f->nblocks + 1));
    int sp = 0;
    stack[sp++] = 0;
    seen[0] = true;
    for (int b = 1; b < f->nblocks; b++)
        if (f->blocks[b]->addr_taken) {
            seen[b] = true;
            stack[sp++] = b;
        }
    while (sp) {
        struct ir_block *b = f->blocks[stack[--sp]];
        for (int k = 0; k < b->n; k++) {
            struct ir_ins *i = &b->ins[k];
            if (!ir_is_term(i->op)) continue;
            for (int q = 0, nt = ir_ntargets(i); q < nt; q++) {
                int t = *ir_target(i, q);
                if (!seen[t]) {
                    seen[t] = true;
                    stack[sp++] = t;
                }
            }
            break;
        }
    }
    for (int b = 0; b < f->nblocks; b++)
        if (!seen[b]) f->blocks[b]->n = 0;
}
