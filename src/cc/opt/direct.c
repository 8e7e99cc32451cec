/* Pass "direct": a call through a pointer whose one value is the address of a symbol
 * (`gaddr` with no offset, possibly through single-definition moves) becomes a direct
 * call of that symbol, which the inline pass after it can then inline.  The call's
 * arguments and results stay as they are: a direct and an indirect call of the same
 * prototype pass them alike.  The callee of a specialised clone (pass "specialize") is
 * the usual source: its function-pointer parameter became a `gaddr`. */
#include "cc/opt/opt.h"

/* the symbol whose address v always holds, or NULL */
static const char *known_symbol(int v, const int *ndef, struct ir_ins *const *def)
{
    for (int hops = 0; hops < 16 && v > 0 && ndef[v] == 1; hops++) {
        const struct ir_ins *d = def[v];
        if (d->op == IR_GADDR) return d->imm == 0 ? d->sym : NULL;
        if (d->op != IR_MOV) return NULL;
        v = d->a;
    }
    return NULL;
}

void opt_direct(struct ir_func *f)
{
    int *ndef = NULL;
    struct ir_ins **def = NULL;
    for (int b = 0; b < f->nblocks; b++)
        for (int k = 0; k < f->blocks[b]->n; k++) {
            struct ir_ins *i = &f->blocks[b]->ins[k];
            if (i->op != IR_CALL || !i->call->fn) continue;
            if (!ndef) opt_count_defs(f, &ndef, &def);
            const char *sym = known_symbol(i->call->fn, ndef, def);
            if (!sym) continue;
            i->call->sym = sym;
            i->call->fn = 0;
        }
}
