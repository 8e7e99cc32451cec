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
    INLINE_MAX_INS = 40,     /* callee size limit (real instructions) */
    INLINE_MAX_GROWTH = 4000 /* instructions one caller may gain */
};

static struct ir_func **known;
static int nknown, capknown;

void opt_inline_reset(void)
{
    known = NULL;
    nknown = capknown = 0;
}

static struct ir_call *copy_call(const struct ir_call *c)
{
    struct ir_call *n = cc_alloc(sizeof *n);
    *n = *c;
    n->args = cc_alloc(sizeof *n->args * (size_t)(c->nargs + 1));
    if (c->nargs) memcpy(n->args, c->args, sizeof *n->args * (size_t)c->nargs);
    n->rets = cc_alloc(sizeof *n->rets * (size_t)(c->nrets + 1));
    if (c->nrets) memcpy(n->rets, c->rets, sizeof *n->rets * (size_t)c->nrets);
    return n;
}

static struct ir_asm *copy_asm(const struct ir_asm *a)
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

static int real_size(const struct ir_func *g)
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
static bool returns_twice(const char *sym)
{
    static const char *const names[] = {"setjmp", "_setjmp", "__setjmp", "sigsetjmp", "__sigsetjmp",
                                        "__builtin_setjmp", "savectx", "vfork", "getcontext"};
    if (!sym) return false;
    for (size_t k = 0; k < sizeof names / sizeof *names; k++)
        if (!strcmp(sym, names[k])) return true;
    return false;
}

/* whether g's body can be copied into another function: nothing in it depends on its own
 * frame or its own code addresses */
static bool inlinable(const struct ir_func *g)
{
    if (g->noinline || g->weak || g->variadic || g->has_alloca || g->stack_protect) return false;
    if (real_size(g) > INLINE_MAX_INS) return false;
    for (int b = 0; b < g->nblocks; b++) {
        if (g->blocks[b]->addr_taken || g->blocks[b]->asm_label) return false;
        for (int k = 0; k < g->blocks[b]->n; k++)
            switch (g->blocks[b]->ins[k].op) {
            case IR_ALLOCA: case IR_SAVE_VA: case IR_BLOCKADDR: case IR_IJMP: case IR_SPSAVE:
            case IR_SPRESTORE: case IR_FRAMEADDR:
                return false;
            case IR_ASM:
                if (!asm_copyable(g->blocks[b]->ins[k].asmi)) return false;
                break;
            case IR_CALL:
                if (returns_twice(g->blocks[b]->ins[k].call->sym)) return false;
                break;
            default: break;
            }
    }
    return true;
}

/* a deep copy of g's blocks and calls (the later passes rewrite g in place) */
static struct ir_func *snapshot(const struct ir_func *g)
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
            if (nb->ins[k].call) nb->ins[k].call = copy_call(nb->ins[k].call);
            else if (nb->ins[k].asmi) nb->ins[k].asmi = copy_asm(nb->ins[k].asmi);
        }
        n->blocks[b] = nb;
    }
    n->vclass = cc_alloc((size_t)g->nvregs + 1);
    memcpy(n->vclass, g->vclass, (size_t)g->nvregs);
    n->slots = cc_alloc(sizeof *n->slots * (size_t)(g->nslots + 1));
    if (g->nslots) memcpy(n->slots, g->slots, sizeof *n->slots * (size_t)g->nslots);
    return n;
}

static const struct ir_func *find(const char *sym)
{
    for (int k = 0; k < nknown; k++)
        if (!strcmp(known[k]->name, sym)) return known[k];
    return NULL;
}

static const struct ir_arg *arg_at(const struct ir_call *c, int loc, long off)
{
    for (int k = 0; k < c->nargs; k++)
        if (c->args[k].reg == loc && (loc != LOC_STACK || c->args[k].stack_off == off)) return &c->args[k];
    return NULL;
}

/* every parameter of g has an argument of its class, every result of the call a piece
 * of its class in every `ret` of g */
static bool site_matches(struct ir_func *f, const struct ir_call *c, const struct ir_func *g)
{
    for (int b = 0; b < g->nblocks; b++)
        for (int k = 0; k < g->blocks[b]->n; k++) {
            const struct ir_ins *i = &g->blocks[b]->ins[k];
            if (i->op == IR_PARAM) {
                const struct ir_arg *a = arg_at(c, i->loc, (long)i->imm);
                if (!a || !a->vreg || f->vclass[a->vreg] != g->vclass[i->d]) return false;
            } else if (i->op == IR_RET) {
                for (int r = 0; r < c->nrets; r++) {
                    const struct ir_arg *p = arg_at(i->call, c->rets[r].reg, 0);
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
                add_mov(nb, vmap[x.d], arg_at(c, x.loc, (long)x.imm)->vreg);
                continue;
            }
            if (x.op == IR_RET) {
                for (int r = 0; r < c->nrets; r++)
                    if (c->rets[r].vreg)
                        add_mov(nb, c->rets[r].vreg, vmap[arg_at(x.call, c->rets[r].reg, 0)->vreg]);
                ir_append(nb, IR_JMP)->t1 = cont;
                break;  /* anything after a terminator is unreachable */
            }
            if (x.call) x.call = copy_call(x.call);
            if (x.asmi) x.asmi = copy_asm(x.asmi);
            int **fields;
            int n = operand_fields(&x, &fields);
            for (int r = 0; r < n; r++)
                if (*fields[r]) *fields[r] = vmap[*fields[r]];
            if (x.op == IR_ADDR) x.slot = smap[x.slot];
            if (x.op == IR_JMP || x.op == IR_BR || x.op == IR_BCMP) {
                x.t1 += first;
                if (x.op != IR_JMP) x.t2 += first;
            }
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

/* put the blocks in layout order, renumbered 0.. (the emitter lays blocks out by id and
 * falls through to the next one) */
static void relayout(struct ir_func *f, const int *next)
{
    int n = f->nblocks;
    int *newid = cc_alloc(sizeof(int) * (size_t)n);
    struct ir_block **order = cc_alloc(sizeof *order * (size_t)n);
    int m = 0;
    for (int b = 0; b >= 0 && m < n; b = next[b]) {
        newid[b] = m;
        order[m++] = f->blocks[b];
    }
    for (int b = 0; b < m; b++) {
        order[b]->id = b;
        for (int k = 0; k < order[b]->n; k++) {
            struct ir_ins *i = &order[b]->ins[k];
            if (i->op == IR_JMP || i->op == IR_BR || i->op == IR_BCMP || i->op == IR_BLOCKADDR) i->t1 = newid[i->t1];
            if (i->op == IR_BR || i->op == IR_BCMP) i->t2 = newid[i->t2];
        }
    }
    f->blocks = order;
    f->nblocks = m;
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
            const struct ir_func *g = find(i->call->sym);
            if (!g || grown + real_size(g) > INLINE_MAX_GROWTH || !site_matches(f, i->call, g)) continue;
            grown += real_size(g);
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
    if (any) relayout(f, next);
    if (inlinable(f)) {
        if (nknown == capknown) {
            capknown = capknown ? 2 * capknown : 16;
            struct ir_func **n = cc_alloc(sizeof *n * (size_t)capknown);
            if (nknown) memcpy(n, known, sizeof *n * (size_t)nknown);
            known = n;
        }
        known[nknown++] = snapshot(f);
    }
}
