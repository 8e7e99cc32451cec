/* Lowering: calls, with the arguments placed by the psABI classification. */
#include "cc/lower.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- calls */

struct argval {
    struct type *ty;
    int v;          /* value vreg, or address for aggregates */
};

void assign_parts(struct abi_class *c, struct type *t, int *ngpr, int *nfpr, long *stack,
                         int regs[2], long stoff[2], bool unnamed)
{
    int needg = 0, needf = 0;
    for (int i = 0; i < c->nparts; i++) {
        if (c->parts[i].fp) needf++;
        else needg++;
    }
    if (needf && (*nfpr + needf > 8 || *ngpr + needg > 8)) {
        /* not enough registers for the FP convention: integer convention */
        abi_classify(t, true, c);
        /* ... as a named argument: no even register pair (only unnamed ones get that) */
        c->pair_aligned = c->pair_aligned && unnamed;
    }
    if (c->pair_aligned && (*ngpr & 1) && *ngpr < 8) (*ngpr)++;
    for (int i = 0; i < c->nparts; i++) {
        if (c->parts[i].fp) {
            regs[i] = 8 + (*nfpr)++;
            stoff[i] = 0;
        } else if (*ngpr < 8) {
            regs[i] = (*ngpr)++;
            stoff[i] = 0;
        } else {
            regs[i] = LOC_STACK;
            int R_ = tgt.regsize;
            if (i == 0) {
                /* a value passed wholly on the stack is aligned to its own alignment, at
                 * least XLEN and at most the stack alignment of 16 (psABI: 2xXLEN-aligned
                 * scalars on the stack; docs/abi.md §3.2 rule 6 for rv128) */
                long al = c->kind == ABI_INDIRECT || t->align < R_ ? R_ : t->align;
                if (al > 16) al = 16;
                *stack = (*stack + al - 1) / al * al;
            }
            stoff[i] = *stack;
            *stack += R_;
        }
    }
}

void add_arg(struct ir_call *c, int vreg, int reg, long off, int w)
{
    add_arg_(c, vreg, reg, w);
    c->args[c->nargs - 1].stack_off = off;
}

void add_arg_(struct ir_call *c, int vreg, int reg, int w)
{
    struct ir_arg *a = &c->args[c->nargs++];
    a->vreg = vreg;
    a->reg = reg;
    a->stack_off = 0;
    a->w = w;
}

int gen_call(struct node *e)
{
    struct type *ft = e->fty;
    int nargs = 0;
    for (struct node *a = e->args; a; a = a->next) nargs++;
    struct argval *av = cc_alloc(sizeof *av * (size_t)(nargs + 1));
    int k = 0;
    for (struct node *a = e->args; a; a = a->next, k++) {
        av[k].ty = a->ty;
        av[k].v = gen_expr(a);
    }
    /* callee */
    struct ir_call *c = cc_alloc(sizeof *c);
    c->args = cc_alloc(sizeof *c->args * (size_t)(2 * nargs + 2));
    struct node *fn = e->l;
    if (fn->kind == N_ADDR && fn->l->kind == N_VAR && !fn->l->var->is_local)
        c->sym = fn->l->var->asm_name;
    else
        c->fn = gen_expr(fn);
    int ngpr = 0, nfpr = 0;
    long stack = 0;
    struct type *rt = e->ty;
    struct abi_class rc;
    abi_classify(rt, false, &rc);
    int ret_slot = -1;
    if (rt->kind == TY_STRUCT || rt->kind == TY_UNION || rt->kind == TY_COMPLEX || rc.kind == ABI_INDIRECT) {
        ret_slot = ir_slot_new(F, (rt->size + R() - 1) / R() * R() + R(), rt->align > R() ? rt->align : R());
        if (rc.kind == ABI_INDIRECT) add_arg(c, slot_addr(ret_slot, 0), ngpr++, 0, R());
    }
    struct param *p = ft->params;
    for (k = 0; k < nargs; k++) {
        bool unnamed = !p && !ft->oldstyle; /* unprototyped calls pass arguments as named ones */
        if (p) p = p->next;
        struct type *t = av[k].ty;
        struct abi_class ac;
        abi_classify(t, unnamed, &ac);
        if (ac.kind == ABI_IGNORE) continue;
        int regs[2];
        long so[2];
        assign_parts(&ac, t, &ngpr, &nfpr, &stack, regs, so, unnamed);
        if (ac.kind == ABI_INDIRECT) {
            int s = ir_slot_new(F, t->size, t->align);
            int a = slot_addr(s, 0);
            if (in_mem(t)) copy_mem(a, av[k].v, t->size, t->align);
            else store(t, a, 0, av[k].v); /* __int128 / long double on rv32 */
            add_arg(c, a, regs[0], so[0], R());
            continue;
        }
        if (in_mem(t) || (is_fp(t) && !ac.parts[0].fp) || wide(t)) {
            /* copy into a register-sized temporary, then load the pieces */
            long sz = (t->size + R() - 1) / R() * R();
            int s = ir_slot_new(F, sz, R());
            int a = slot_addr(s, 0);
            if (in_mem(t)) {
                zero_mem(a, sz, R());
                copy_mem(a, av[k].v, t->size, t->align);
            } else {
                store(t, a, 0, av[k].v);
            }
            for (int i = 0; i < ac.nparts; i++) {
                struct type *pt;
                if (ac.parts[i].fp) pt = ac.parts[i].size == 4 ? ty_float : ty_double;
                else pt = ac.parts[i].size == R() ? ty_ulong : ac.parts[i].size == 8 ? ty_uint64 : ac.parts[i].size == 4 ? ty_uint : ac.parts[i].size == 2 ? ty_ushort : ty_uchar;
                if (!ac.parts[i].fp && ac.parts[i].size == R()) pt = tgt.xlen == 32 ? ty_uint : ty_ulong;
                int v = load(pt, a, ac.parts[i].off);
                add_arg(c, v, regs[i], so[i], ac.parts[i].fp ? ac.parts[i].size : R());
            }
            continue;
        }
        add_arg(c, av[k].v, regs[0], so[0], is_fp(t) ? (int)t->size : R());
    }
    c->stack_bytes = (stack + 15) / 16 * 16;
    if (c->stack_bytes > F->max_call_stack) F->max_call_stack = c->stack_bytes;
    F->has_calls = true;
    /* results */
    c->rets = cc_alloc(sizeof *c->rets * 2);
    int result = 0;
    if (rc.kind == ABI_DIRECT && rt->kind != TY_VOID) {
        if (in_mem(rt)) {
            int gi = 0, fi = 0;
            for (int i = 0; i < rc.nparts; i++) {
                struct ir_arg *r = &c->rets[c->nrets++];
                r->vreg = rc.parts[i].fp ? vfp() : vint();
                r->reg = rc.parts[i].fp ? 8 + fi++ : gi++;
                r->w = rc.parts[i].size;
            }
        } else if (wide(rt)) {
            result = vpair();
            c->rets[0].vreg = result;
            c->rets[0].reg = 0;
            c->rets[1].vreg = result + 1;
            c->rets[1].reg = 1;
            c->nrets = 2;
        } else {
            struct ir_arg *r = &c->rets[c->nrets++];
            r->vreg = is_fp(rt) ? vfp() : vint();
            r->reg = is_fp(rt) ? 8 : 0;
            result = r->vreg;
        }
    }
    struct ir_ins *ci = E(IR_CALL);
    ci->call = c;
    if (ret_slot >= 0) {
        int a = slot_addr(ret_slot, 0);
        if (rc.kind == ABI_DIRECT) {
            for (int i = 0; i < c->nrets; i++) {
                struct type *pt = rc.parts[i].fp ? (rc.parts[i].size == 4 ? ty_float : ty_double)
                                                 : (tgt.xlen == 32 ? ty_uint : ty_ulong);
                if (!rc.parts[i].fp && rc.parts[i].size < R())
                    pt = rc.parts[i].size == 8 ? ty_uint64 : rc.parts[i].size == 4 ? ty_uint : rc.parts[i].size == 2 ? ty_ushort : ty_uchar;
                store(pt, a, rc.parts[i].off, c->rets[i].vreg);
            }
        }
        if (!in_mem(rt)) return load(rt, a, 0); /* returned in memory: __int128 / long double on rv32 */
        return a;
    }
    /* the callee extends small integer results; trust it (psABI) */
    return result;
}
