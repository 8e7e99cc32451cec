/* Pass "specialize" (GCC's IPA-CP clones): a direct call that passes constants to a
 * static function defined earlier in the unit, too big for the inline pass, calls a
 * clone of that function instead in which those parameters are the constants.  The
 * clone (NAME.constprop.N, a local symbol) is queued and goes through the whole pass
 * list after the current function (ir_opt_next_clone), so there its function pointer
 * becomes a direct call (pass "direct") that can be inlined, and its constant sizes and
 * strides fold.  Inside the clone the calls that pass the same constants to the original
 * (its recursion) find the clone itself, as one clone serves each distinct (callee,
 * constants) pair.
 *
 * A constant is an integer `li` or a `gaddr` (a function's or an object's address),
 * reached from the argument through single-definition moves.  A parameter is only
 * replaced where its value is worth knowing: it (or a move or extension of it) is called
 * through, multiplied, divided, shifted or compared.  Each pass records a copy of its
 * function, as it is here, when that function is static, copyable (the inline pass's
 * rules: not noinline, weak or variadic, no alloca, labels as values, frame address,
 * unrepeatable asm or setjmp), above the inline limit and at most SPEC_MAX_INS
 * instructions; a unit gets at most SPEC_MAX_CLONES clones. */
#include "cc/opt/opt.h"

#include <string.h>

enum {
    SPEC_MAX_INS = 600,     /* the largest function cloned (real instructions) */
    SPEC_MAX_CLONES = 16,   /* clones per unit */
    SPEC_MAX_CONSTS = 16    /* constant parameters per clone */
};

/* one parameter fixed: its location and the instruction that gives its value */
struct spec_const {
    int loc;
    long off;
    struct ir_ins value;
};

struct spec_clone {
    const char *callee;
    int n;
    struct spec_const c[SPEC_MAX_CONSTS];
    struct ir_func *func;
};

static struct opt_func_set cands;
static struct spec_clone clones[SPEC_MAX_CLONES];
static int nclones, nhanded;

void opt_specialize_reset(void)
{
    cands = (struct opt_func_set){0};
    nclones = nhanded = 0;
}

struct ir_func *opt_specialize_next_clone(void)
{
    return nhanded < nclones ? clones[nhanded++].func : NULL;
}

/* v's one value as a `li` or `gaddr` in *out: through single-definition moves, and
 * extensions of an integer constant (the argument conversions lowering emits) */
static bool const_value(int v, const int *ndef, struct ir_ins *const *def, struct ir_ins *out)
{
    for (int hops = 0; hops < 16 && v > 0 && ndef[v] == 1; hops++) {
        const struct ir_ins *d = def[v];
        if (d->op == IR_LI || d->op == IR_GADDR) {
            *out = *d;
            return true;
        }
        if (d->op == IR_EXT && const_value(d->a, ndef, def, out) && out->op == IR_LI) {
            out->imm = opt_extend(out->imm, d->w, d->uns);
            return true;
        }
        if (d->op != IR_MOV) return false;
        v = d->a;
    }
    return false;
}

static bool uses_any(const u64 *set, const struct ir_ins *i)
{
    return (i->a && OPT_SET_HAS(set, i->a)) || (i->b && OPT_SET_HAS(set, i->b));
}

/* whether knowing parameter p of g pays: p, or a move or extension of it, is the target
 * of a call, an operand of a multiplication, division, remainder or shift, or compared */
static bool worth_knowing(const struct ir_func *g, int p)
{
    u64 *set = cc_alloc(sizeof *set * (size_t)(g->nvregs / 64 + 1));
    OPT_SET_ADD(set, p);
    for (int round = 0; round < 4; round++)
        for (int b = 0; b < g->nblocks; b++)
            for (int k = 0; k < g->blocks[b]->n; k++) {
                const struct ir_ins *i = &g->blocks[b]->ins[k];
                if ((i->op == IR_MOV || i->op == IR_EXT) && i->a && OPT_SET_HAS(set, i->a)) OPT_SET_ADD(set, i->d);
            }
    for (int b = 0; b < g->nblocks; b++)
        for (int k = 0; k < g->blocks[b]->n; k++) {
            const struct ir_ins *i = &g->blocks[b]->ins[k];
            switch (i->op) {
            case IR_CALL:
                if (i->call->fn && OPT_SET_HAS(set, i->call->fn)) return true;
                break;
            case IR_MUL: case IR_DIV: case IR_DIVU: case IR_REM: case IR_REMU: case IR_SHL: case IR_SHR:
            case IR_SAR: case IR_BCMP: case IR_SLT: case IR_SLTU:
                if (uses_any(set, i)) return true;
                break;
            default: break;
            }
        }
    return false;
}

/* whether the calls g makes to itself pass parameter p on unchanged (or g makes none):
 * a recursive function is cloned for the parameters its recursion keeps, so the clone
 * calls itself instead of making a clone for each depth */
static bool passed_on(const struct ir_func *g, const struct ir_ins *p)
{
    bool recursive = false, changed = false;
    for (int b = 0; b < g->nblocks; b++)
        for (int k = 0; k < g->blocks[b]->n; k++) {
            struct ir_ins *i = &g->blocks[b]->ins[k];
            if (i != p) {
                int *local[8];
                int **defs = ir_slot_buf(i, local, 8);
                int nd = ir_defs(i, defs, ir_operand_bound(i));
                for (int q = 0; q < nd; q++) changed |= *defs[q] == p->d;
            }
            if (i->op == IR_CALL && i->call->sym && !strcmp(i->call->sym, g->name)) {
                recursive = true;
                const struct ir_arg *a = opt_call_arg_at(i->call, p->loc, (long)p->imm);
                if (!a || a->vreg != p->d) return false;
            }
        }
    return !recursive || !changed;
}

/* the constants call c passes to g's parameters that are worth knowing */
static int site_consts(const struct ir_call *c, const struct ir_func *g, const int *ndef, struct ir_ins *const *def,
                       struct spec_const *out)
{
    int n = 0;
    for (int b = 0; b < g->nblocks; b++)
        for (int k = 0; k < g->blocks[b]->n; k++) {
            const struct ir_ins *p = &g->blocks[b]->ins[k];
            if (p->op != IR_PARAM || g->vclass[p->d] != 0 || n == SPEC_MAX_CONSTS) continue;
            const struct ir_arg *a = opt_call_arg_at(c, p->loc, (long)p->imm);
            if (!a || !a->vreg || !const_value(a->vreg, ndef, def, &out[n].value)) continue;
            if (!worth_knowing(g, p->d) || !passed_on(g, p)) continue;
            out[n].loc = p->loc;
            out[n].off = p->loc == LOC_STACK ? (long)p->imm : 0;
            n++;
        }
    return n;
}

static bool same_value(const struct ir_ins *x, const struct ir_ins *y)
{
    return x->op == y->op && x->imm == y->imm && x->w == y->w &&
           (x->op != IR_GADDR || !strcmp(x->sym, y->sym));
}

static bool same_consts(const struct spec_clone *cl, const char *callee, const struct spec_const *c, int n)
{
    if (cl->n != n || strcmp(cl->callee, callee)) return false;
    for (int k = 0; k < n; k++)
        if (cl->c[k].loc != c[k].loc || cl->c[k].off != c[k].off || !same_value(&cl->c[k].value, &c[k].value))
            return false;
    return true;
}

/* g with the parameters of c[0..n) replaced by their constants, queued */
static struct ir_func *make_clone(const struct ir_func *g, const struct spec_const *c, int n)
{
    int seq = 0;
    for (int k = 0; k < nclones; k++) seq += !strcmp(clones[k].callee, g->name);
    struct ir_func *f = opt_func_copy(g);
    f->name = cc_printf("%s.constprop.%d", g->name, seq);
    for (int b = 0; b < f->nblocks; b++)
        for (int k = 0; k < f->blocks[b]->n; k++) {
            struct ir_ins *p = &f->blocks[b]->ins[k];
            if (p->op != IR_PARAM) continue;
            for (int q = 0; q < n; q++)
                if (c[q].loc == p->loc && (p->loc != LOC_STACK || c[q].off == (long)p->imm)) {
                    int d = p->d;
                    *p = c[q].value;
                    p->d = d;
                    break;
                }
        }
    struct spec_clone *cl = &clones[nclones++];
    cl->callee = g->name;
    cl->n = n;
    memcpy(cl->c, c, sizeof *c * (size_t)n);
    cl->func = f;
    return f;
}

static void record(struct ir_func *f)
{
    if (!f->is_static || strstr(f->name, ".constprop.") || !opt_body_copyable(f)) return;
    int size = opt_real_size(f);
    if (size <= OPT_INLINE_MAX_INS || size > SPEC_MAX_INS) return;
    opt_func_set_add(&cands, f);
}

void opt_specialize(struct ir_func *f)
{
    int *ndef = NULL;
    struct ir_ins **def = NULL;
    struct spec_const c[SPEC_MAX_CONSTS];
    for (int b = 0; b < f->nblocks; b++)
        for (int k = 0; k < f->blocks[b]->n; k++) {
            struct ir_ins *i = &f->blocks[b]->ins[k];
            if (i->op != IR_CALL || i->call->fn || !i->call->sym) continue;
            const struct ir_func *g = opt_func_set_find(&cands, i->call->sym);
            if (!g) continue;
            if (!ndef) opt_count_defs(f, &ndef, &def);
            int n = site_consts(i->call, g, ndef, def, c);
            if (!n) continue;
            const struct ir_func *clone = NULL;
            for (int q = 0; q < nclones && !clone; q++)
                if (same_consts(&clones[q], g->name, c, n)) clone = clones[q].func;
            if (!clone && nclones < SPEC_MAX_CLONES) clone = make_clone(g, c, n);
            if (clone) i->call->sym = clone->name;
        }
    record(f);
}
