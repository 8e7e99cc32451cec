/* Pass "inline": a direct call to a small function defined earlier in the unit becomes a
 * copy of that function's body.  The pass first inlines into f, then records a copy of f
 * (as it is now, before the later passes) if f may itself be inlined, so a function is
 * only ever inlined into the functions after it and recursion stops by itself.
 *
 * The copy gets fresh vregs and frame slots.  Each `param` becomes a move from the call's
 * argument at the same location (register, or stack offset: the callee's CFA is the
 * caller's sp at the call, so the offsets agree), each `ret` moves its pieces into the
 * call's results at the same registers and jumps to the code after the call.  Arguments
 * and results hold the same bits whether moved or passed, so the canonical form of
 * narrow values is kept.  A call whose arguments or results do not match the callee's
 * parameters and result pieces one to one (an unprototyped call, say) stays a call.
 * Inline asm is copied too (its operands renamed like any others) unless its text could
 * not appear twice in one assembly file (asm_copyable). */
#include "cc/opt/opt.h"

#include <string.h>

enum {
    INLINE_MAX_GROWTH = 4000 /* instructions one caller may gain */
};

static struct opt_func_set known;

void opt_inline_reset(void) { known = (struct opt_func_set){0}; }

/* every parameter of g has an argument of its class, every result of the call a piece
 * of its class in every `ret` of g */
static bool site_matches(struct ir_func *f, const struct ir_call *c, const struct ir_func *g)
{
    for (int b = 0; b < g->nblocks; b++)
        for (int k = 0; k < g->blocks[b]->n; k++) {
            const struct ir_ins *i = &g->blocks[b]->ins[k];
            if (i->op == IR_PARAM) {
                const struct ir_arg *a = opt_call_arg_at(c, i->loc, (long)i->imm);
                if (!a || !a->vreg || f->vclass[a->vreg] != g->vclass[i->d]) return false;
            } else if (i->op == IR_RET) {
                for (int r = 0; r < c->nrets; r++) {
                    const struct ir_arg *p = opt_call_arg_at(i->call, c->rets[r].reg, 0);
                    if (!c->rets[r].vreg) continue;
                    if (c->rets[r].reg == LOC_STACK || !p || !p->vreg ||
                        f->vclass[c->rets[r].vreg] != g->vclass[p->vreg])
                        return false;
                }
            }
        }
    return true;
}

static void add_mov(struct ir_block *b, int d, int a)
{
    struct ir_ins *m = ir_append(b, IR_MOV);
    m->d = d;
    m->a = a;
}

/* the vreg fields of i, each once */
static int operand_fields(struct ir_ins *i, int ***out)
{
    int bound = ir_operand_bound(i);
    int **u = cc_alloc(sizeof *u * (size_t)(2 * bound + 2));
    int n = ir_uses(i, u, bound);
    int **d = cc_alloc(sizeof *d * (size_t)(bound + 1));
    int nd = ir_defs(i, d, bound);
    for (int q = 0; q < nd; q++) {
        bool dup = false;
        for (int r = 0; r < n; r++) dup |= u[r] == d[q];
        if (!dup) u[n++] = d[q];
    }
    *out = u;
    return n;
}

/* Replace the call at f->blocks[bi]->ins[k] by g's body.  New blocks are appended; next
 * is the layout chain, in which they follow bi. */
static void inline_at(struct ir_func *f, int bi, int k, const struct ir_func *g, int **next)
{
    struct ir_call *c = f->blocks[bi]->ins[k].call;
    int *vmap = cc_alloc(sizeof(int) * (size_t)g->nvregs);
    for (int v = 1; v < g->nvregs; v++) vmap[v] = ir_vreg(f, g->vclass[v]);
    int *smap = cc_alloc(sizeof(int) * (size_t)(g->nslots + 1));
    for (int s = 0; s < g->nslots; s++) smap[s] = ir_slot_new(f, g->slots[s].size, g->slots[s].align);
    int first = f->nblocks;
    for (int b = 0; b < g->nblocks; b++) ir_block_new(f);
    int cont = ir_block_new(f);
    /* the continuation takes the rest of the calling block */
    struct ir_block *B = f->blocks[bi], *C = f->blocks[cont];
    for (int q = k + 1; q < B->n; q++) *ir_append(C, IR_NOP) = B->ins[q];
    B->n = k;
    ir_append(B, IR_JMP)->t1 = first;
    for (int b = 0; b < g->nblocks; b++) {
        const struct ir_block *gb = g->blocks[b];
        struct ir_block *nb = f->blocks[first + b];
        for (int q = 0; q < gb->n; q++) {
            struct ir_ins x = gb->ins[q];
            if (x.op == IR_PARAM) {
                add_mov(nb, vmap[x.d], opt_call_arg_at(c, x.loc, (long)x.imm)->vreg);
                continue;
            }
            if (x.op == IR_RET) {
                for (int r = 0; r < c->nrets; r++)
                    if (c->rets[r].vreg)
                        add_mov(nb, c->rets[r].vreg, vmap[opt_call_arg_at(x.call, c->rets[r].reg, 0)->vreg]);
                ir_append(nb, IR_JMP)->t1 = cont;
                break;  /* anything after a terminator is unreachable */
            }
            if (x.call) x.call = opt_copy_call(x.call);
            if (x.asmi) x.asmi = opt_copy_asm(x.asmi);
            int **fields;
            int n = operand_fields(&x, &fields);
            for (int r = 0; r < n; r++)
                if (*fields[r]) *fields[r] = vmap[*fields[r]];
            if (x.op == IR_ADDR) x.slot = smap[x.slot];
            if (x.jt) x.jt = ir_jtab_copy(x.jt);
            if (ir_is_term(x.op))
                for (int r = 0, nt = ir_ntargets(&x); r < nt; r++) *ir_target(&x, r) += first;
            *ir_append(nb, IR_NOP) = x;
            if (ir_is_term(x.op)) break;
        }
        /* a block without a terminator runs on into the next one, the last one into
         * the epilogue: say so explicitly, as the layout of f differs */
        if (!nb->n || !ir_is_term(nb->ins[nb->n - 1].op))
            ir_append(nb, IR_JMP)->t1 = b + 1 < g->nblocks ? first + b + 1 : cont;
    }
    if (g->has_calls) f->has_calls = true;
    if (g->max_call_stack > f->max_call_stack) f->max_call_stack = g->max_call_stack;
    /* layout: bi, the copied blocks in their order, the continuation, what followed bi */
    int *nx = *next;
    int *grown = cc_alloc(sizeof(int) * (size_t)f->nblocks);
    memcpy(grown, nx, sizeof(int) * (size_t)first);
    grown[cont] = nx[bi];
    for (int b = first; b < cont; b++) grown[b] = b + 1;
    grown[bi] = first;
    *next = grown;
}

void opt_inline(struct ir_func *f)
{
    int *next = cc_alloc(sizeof(int) * (size_t)(f->nblocks + 1));
    for (int b = 0; b < f->nblocks; b++) next[b] = b + 1 < f->nblocks ? b + 1 : -1;
    int grown = 0;
    bool any = false;
    /* copied bodies are not scanned again: their calls were left as calls when the
     * callee was recorded, and a recursive callee would otherwise be unrolled into f
     * until the growth limit */
    int ncopied = f->nblocks;
    bool *copied = cc_alloc((size_t)ncopied);
    for (int b = 0; b < f->nblocks; b++) {
        if (b < ncopied && copied[b]) continue;
        for (int k = 0; k < f->blocks[b]->n; k++) {
            struct ir_ins *i = &f->blocks[b]->ins[k];
            if (ir_is_term(i->op)) break;
            if (i->op != IR_CALL || i->call->fn || !i->call->sym) continue;
            const struct ir_func *g = opt_func_set_find(&known, i->call->sym);
            if (!g || grown + opt_real_size(g) > INLINE_MAX_GROWTH || !site_matches(f, i->call, g)) continue;
            grown += opt_real_size(g);
            int first = f->nblocks;
            inline_at(f, b, k, g, &next);
            bool *nc = cc_alloc((size_t)f->nblocks);
            memcpy(nc, copied, (size_t)ncopied);
            for (int q = first; q < f->nblocks - 1; q++) nc[q] = true;  /* the last is the continuation */
            copied = nc;
            ncopied = f->nblocks;
            any = true;
            break;  /* the rest of this block is now the continuation, scanned later */
        }
    }
    if (any) opt_relayout(f, next);
    if (opt_body_copyable(f) && opt_real_size(f) <= OPT_INLINE_MAX_INS) opt_func_set_add(&known, f);
}
