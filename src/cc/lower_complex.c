/* Lowering: complex arithmetic. */
#include "cc/lower.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- complex numbers
 *
 * A complex value lives in memory (real part, then imaginary part); expressions of
 * complex type yield its address.  Arithmetic follows GCC without -ffast-math or
 * -fcx-limited-range: + - and real operands part-wise, complex * complex by the naive
 * formula with a call of __mul?c3 when both parts of the result are NaN, complex /
 * complex always by __div?c3 (libzlrt, Annex G). */

int cplx_store(struct type *ct, int re, int im)
{
    struct type *et = ct->base;
    int a = slot_addr(ir_slot_new(F, ct->size, ct->align), 0);
    store(et, a, 0, re);
    store(et, a, et->size, im);
    return a;
}

int elem_zero(struct type *et)
{
    if (is_ld(et)) return ld_const_bits(0);
    return gen_cast_v(li(0), ty_int, et, (struct srcpos){0});
}

/* -v for a float, double or long double value (also a complex number's part) */
int elem_neg(struct type *et, int v)
{
    if (is_fp(et)) {
        struct ir_ins *i = E(IR_FNEG);
        i->d = vfp();
        i->a = v;
        i->w = (u8)et->size;
        return i->d;
    }
    /* long double: flip the sign bit of the most significant word */
    if (R() < 16) {
        int n = ldw(), w[4];
        for (int i = 0; i < n - 1; i++) w[i] = v + i;
        w[n - 1] = bin(IR_XOR, R(), v + n - 1, li((i128)1 << (tgt.xlen - 1)));
        return tuple(w, n);
    }
    return bin(IR_XOR, R(), v, li((i128)((u128)1 << 127)));
}

/* 1 when the element value v is a NaN */
int elem_isnan(struct type *et, int v)
{
    if (is_ld(et)) return un(IR_SNEZ, R(), ld_cmp("__unordtf2", v, v));
    struct ir_ins *q = E(IR_FEQ);
    q->d = vint();
    q->a = v;
    q->b = v;
    q->w = (u8)et->size;
    return bini(IR_XOR, R(), q->d, 1);
}

int elem_eq(struct type *et, int a, int b)
{
    if (is_ld(et)) return un(IR_SEQZ, R(), ld_cmp("__eqtf2", a, b));
    struct ir_ins *q = E(IR_FEQ);
    q->d = vint();
    q->a = a;
    q->b = b;
    q->w = (u8)et->size;
    return q->d;
}

int cplx_cast_v(int v, struct type *from, struct type *to, struct srcpos pos)
{
    if (from->kind == TY_COMPLEX && to->kind == TY_COMPLEX) {
        if (from->base->kind == to->base->kind) return v;
        struct type *fe = from->base, *te = to->base;
        int re = gen_cast_v(load(fe, v, 0), fe, te, pos);
        int im = gen_cast_v(load(fe, v, fe->size), fe, te, pos);
        return cplx_store(to, re, im);
    }
    if (to->kind == TY_COMPLEX) /* real -> complex: imaginary part +0 */
        return cplx_store(to, gen_cast_v(v, from, to->base, pos), elem_zero(to->base));
    /* complex -> real, integer (imaginary part discarded) or _Bool (either part nonzero) */
    struct type *fe = from->base;
    int re = load(fe, v, 0);
    if (to->kind == TY_BOOL) {
        int im = load(fe, v, fe->size);
        return bin(IR_OR, R(), gen_cast_v(re, fe, ty_bool, pos), gen_cast_v(im, fe, ty_bool, pos));
    }
    return gen_cast_v(re, fe, to, pos);
}

/* a call of the libzlrt/libgcc helper __<op><s|d|t>c3(a, b, c, d): the address of its
 * complex result */
int cplx_libcall(const char *op, struct type *ct, int ar, int ai, int br, int bi)
{
    struct type *et = ct->base;
    const char *sym = cc_printf("__%s%cc3", op, et->kind == TY_FLOAT ? 's' : et->kind == TY_DOUBLE ? 'd' : 't');
    struct type *fty = ty_func(ct);
    struct param **pt = &fty->params;
    struct node *args = NULL, **at = &args;
    int v[4] = {ar, ai, br, bi};
    for (int i = 0; i < 4; i++) {
        struct param *p = cc_alloc(sizeof *p);
        p->ty = et;
        *pt = p;
        pt = &p->next;
        struct node *n = new_node(N_VREG, FN->pos);
        n->ty = et;
        n->val = v[i];
        *at = n;
        at = &n->next;
    }
    struct obj *fn = cc_alloc(sizeof *fn);
    fn->name = fn->asm_name = sym;
    fn->ty = fty;
    fn->is_func = true;
    fn->slot = -1;
    struct node *var = new_node(N_VAR, FN->pos);
    var->var = fn;
    var->ty = fty;
    struct node *addr = new_node(N_ADDR, FN->pos);
    addr->l = var;
    addr->ty = ty_ptr(fty);
    struct node *call = new_node(N_CALL, FN->pos);
    call->l = addr;
    call->fty = fty;
    call->args = args;
    call->ty = ct;
    return gen_call(call);
}

/* a k b with a of type lt and b of type rt (complex, or the real type of ct) */
int cplx_arith_v(int k, struct type *ct, int a, struct type *lt, int b, struct type *rt, struct srcpos pos)
{
    struct type *et = ct->base;
    bool lc = lt->kind == TY_COMPLEX, rc = rt->kind == TY_COMPLEX;
    int ar = lc ? load(et, a, 0) : a, ai = lc ? load(et, a, et->size) : 0;
    int br = rc ? load(et, b, 0) : b, bi = rc ? load(et, b, et->size) : 0;
    int re, im;
    switch (k) {
    case N_ADD: case N_SUB:
        re = arith(k, et, ar, br, pos);
        if (lc && rc) im = arith(k, et, ai, bi, pos);
        else if (lc) im = copy_val(ai, et);
        else im = k == N_ADD ? copy_val(bi, et) : elem_neg(et, bi);
        return cplx_store(ct, re, im);
    case N_MUL:
        if (!lc || !rc) {
            re = arith(N_MUL, et, ar, br, pos);
            im = lc ? arith(N_MUL, et, ai, br, pos) : arith(N_MUL, et, ar, bi, pos);
            return cplx_store(ct, re, im);
        }
        {
            re = arith(N_SUB, et, arith(N_MUL, et, ar, br, pos), arith(N_MUL, et, ai, bi, pos), pos);
            im = arith(N_ADD, et, arith(N_MUL, et, ar, bi, pos), arith(N_MUL, et, ai, br, pos), pos);
            int res = cplx_store(ct, re, im);
            int chk = ir_block_new(F), slow = ir_block_new(F), end = ir_block_new(F);
            int c1 = elem_isnan(et, re);
            struct ir_ins *i = E(IR_BR);
            i->a = c1;
            i->t1 = chk;
            i->t2 = end;
            set_block(chk);
            int c2 = elem_isnan(et, im);
            i = E(IR_BR);
            i->a = c2;
            i->t1 = slow;
            i->t2 = end;
            set_block(slow);
            copy_mem(res, cplx_libcall("mul", ct, ar, ai, br, bi), ct->size, ct->align);
            jmp(end);
            set_block(end);
            return res;
        }
    case N_DIV:
        if (!rc) {
            re = arith(N_DIV, et, ar, br, pos);
            im = arith(N_DIV, et, ai, br, pos);
            return cplx_store(ct, re, im);
        }
        if (!lc) ai = elem_zero(et);
        return cplx_libcall("div", ct, ar, ai, br, bi);
    default:
        cc_error_at(pos, "internal error: bad complex operator");
    }
}

int cplx_eq(struct node *e)
{
    struct type *et = e->l->ty->base;
    int a = gen_expr(e->l), b = gen_expr(e->r);
    int re = elem_eq(et, load(et, a, 0), load(et, b, 0));
    int im = elem_eq(et, load(et, a, et->size), load(et, b, et->size));
    int r = bin(IR_AND, R(), re, im);
    return e->kind == N_NE ? bini(IR_XOR, R(), r, 1) : r;
}

int cplx_neg(struct type *ct, int v, bool conj)
{
    struct type *et = ct->base;
    int re = load(et, v, 0), im = load(et, v, et->size);
    return cplx_store(ct, conj ? re : elem_neg(et, re), elem_neg(et, im));
}
