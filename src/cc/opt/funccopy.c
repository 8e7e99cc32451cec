/* Copies of functions' IR, shared by the passes that keep a function to copy its body
 * later: "inline" (into a caller) and "specialize" (into a clone). */
#include "cc/opt/opt.h"

#include <string.h>

struct ir_call *opt_copy_call(const struct ir_call *c)
{
    struct ir_call *n = cc_alloc(sizeof *n);
    *n = *c;
    n->args = cc_alloc(sizeof *n->args * (size_t)(c->nargs + 1));
    if (c->nargs) memcpy(n->args, c->args, sizeof *n->args * (size_t)c->nargs);
    n->rets = cc_alloc(sizeof *n->rets * (size_t)(c->nrets + 1));
    if (c->nrets) memcpy(n->rets, c->rets, sizeof *n->rets * (size_t)c->nrets);
    return n;
}

struct ir_asm *opt_copy_asm(const struct ir_asm *a)
{
    struct ir_asm *n = cc_alloc(sizeof *n);
    *n = *a;
    n->ops = cc_alloc(sizeof *n->ops * (size_t)(a->nops + 1));
    if (a->nops) memcpy(n->ops, a->ops, sizeof *n->ops * (size_t)a->nops);
    return n;
}

/* an asm statement whose text may appear twice in the output: it defines no label (no
 * `:` at all, so neither `name:` nor `1:`) and asks for no unique number (`%=`) */
static bool asm_copyable(const struct ir_asm *a)
{
    return !strchr(a->text, ':') && !strstr(a->text, "%=");
}

int opt_real_size(const struct ir_func *g)
{
    int n = 0;
    for (int b = 0; b < g->nblocks; b++)
        for (int k = 0; k < g->blocks[b]->n; k++) {
            int op = g->blocks[b]->ins[k].op;
            if (op != IR_NOP && op != IR_LOC) n++;
        }
    return n;
}

/* a function that returns a second time into the frame that called it (GCC does not
 * inline their callers either: the frame the second return lands in would change) */
bool opt_body_copyable(const struct ir_func *g)
{
    if (g->noinline || g->weak || g->variadic || g->has_alloca || g->stack_protect) return false;
    for (int b = 0; b < g->nblocks; b++) {
        if (g->blocks[b]->addr_taken || g->blocks[b]->asm_label) return false;
        for (int k = 0; k < g->blocks[b]->n; k++)
            switch (g->blocks[b]->ins[k].op) {
            case IR_ALLOCA: case IR_SAVE_VA: case IR_BLOCKADDR: case IR_IJMP: case IR_SPSAVE:
            case IR_SPRESTORE: case IR_FRAMEADDR:
            case IR_PHI:  /* SSA form (IR read back from a dump): its blocks are not renumbered */
                return false;
            case IR_ASM:
                if (!asm_copyable(g->blocks[b]->ins[k].asmi)) return false;
                break;
            case IR_CALL:
                if (ir_returns_twice(g->blocks[b]->ins[k].call->sym)) return false;
                break;
            default: break;
            }
    }
    return true;
}

struct ir_func *opt_func_copy(const struct ir_func *g)
{
    struct ir_func *n = cc_alloc(sizeof *n);
    *n = *g;
    n->blocks = cc_alloc(sizeof *n->blocks * (size_t)(g->nblocks + 1));
    for (int b = 0; b < g->nblocks; b++) {
        struct ir_block *ob = g->blocks[b], *nb = cc_alloc(sizeof *nb);
        *nb = *ob;
        nb->ins = cc_alloc(sizeof *nb->ins * (size_t)(ob->n + 1));
        if (ob->n) memcpy(nb->ins, ob->ins, sizeof *nb->ins * (size_t)ob->n);
        nb->cap = ob->n;
        for (int k = 0; k < ob->n; k++) {
            if (nb->ins[k].call) nb->ins[k].call = opt_copy_call(nb->ins[k].call);
            else if (nb->ins[k].asmi) nb->ins[k].asmi = opt_copy_asm(nb->ins[k].asmi);
            else if (nb->ins[k].jt) nb->ins[k].jt = ir_jtab_copy(nb->ins[k].jt);
            else if (nb->ins[k].phi) nb->ins[k].phi = ir_phi_copy(nb->ins[k].phi);
        }
        n->blocks[b] = nb;
    }
    n->vclass = cc_alloc((size_t)g->nvregs + 1);
    memcpy(n->vclass, g->vclass, (size_t)g->nvregs);
    n->slots = cc_alloc(sizeof *n->slots * (size_t)(g->nslots + 1));
    if (g->nslots) memcpy(n->slots, g->slots, sizeof *n->slots * (size_t)g->nslots);
    /* the copy's arrays are exactly as big as their contents: a pass run on the copy
     * (a clone) grows them from there */
    n->bcap = g->nblocks + 1;
    n->vcap = g->nvregs + 1;
    n->scap = g->nslots + 1;
    return n;
}

const struct ir_arg *opt_call_arg_at(const struct ir_call *c, int loc, long off)
{
    for (int k = 0; k < c->nargs; k++)
        if (c->args[k].reg == loc && (loc != LOC_STACK || c->args[k].stack_off == off)) return &c->args[k];
    return NULL;
}


void opt_func_set_add(struct opt_func_set *set, const struct ir_func *g)
{
    if (set->n == set->cap) {
        set->cap = set->cap ? 2 * set->cap : 16;
        struct ir_func **n = cc_alloc(sizeof *n * (size_t)set->cap);
        if (set->n) memcpy(n, set->funcs, sizeof *n * (size_t)set->n);
        set->funcs = n;
    }
    set->funcs[set->n++] = opt_func_copy(g);
}

const struct ir_func *opt_func_set_find(const struct opt_func_set *set, const char *name)
{
    for (int k = 0; k < set->n; k++)
        if (!strcmp(set->funcs[k]->name, name)) return set->funcs[k];
    return NULL;
}
