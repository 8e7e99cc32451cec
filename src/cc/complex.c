/* _Complex types (C11 6.2.5p11): float/double/long double _Complex, laid out as an array
 * of two elements (real part first), size twice and alignment that of the element.
 *
 * The front end types complex expressions here: the usual arithmetic conversions with
 * complex operands (C11 6.3.1.8: the corresponding real type is found as for real
 * operands; a real operand of + - * stays real, as GCC does, so x * (a + bi) is
 * xa + xbi), casts, __real__/__imag__ (GCC: lvalues when the operand is one),
 * __builtin_complex and constant folding for static initializers.  lower_complex.c computes with
 * complex values in memory (an expression of complex type yields an address, like a
 * struct) and calls libzlrt's __mul?c3/__div?c3 (src/cc/rt/complex.c) as GCC does. */
#include "cc/cc.h"

#include <string.h>

struct type *ty_cfloat, *ty_cdouble, *ty_cldouble;

static struct type *mkc(struct type *el)
{
    struct type *t = cc_alloc(sizeof *t);
    t->kind = TY_COMPLEX;
    t->size = 2 * el->size;
    t->align = el->align;
    t->base = el;
    t->complete = true;
    t->len = -1;
    /* the parts as members, so __real__/__imag__ are member accesses (lvalues) */
    struct member *re = cc_alloc(sizeof *re), *im = cc_alloc(sizeof *im);
    re->name = "__real__";
    re->ty = el;
    re->bit_width = -1;
    re->next = im;
    im->name = "__imag__";
    im->ty = el;
    im->offset = el->size;
    im->bit_width = -1;
    t->members = re;
    return t;
}

void complex_types_init(void)
{
    ty_cfloat = mkc(ty_float);
    ty_cdouble = mkc(ty_double);
    ty_cldouble = mkc(ty_ldouble);
}

bool ty_is_complex(struct type *t) { return t->kind == TY_COMPLEX; }
bool ty_is_arith_c(struct type *t) { return ty_is_arith(t) || t->kind == TY_COMPLEX; }

struct type *ty_complex(struct type *real)
{
    switch (real->kind) {
    case TY_FLOAT: return ty_cfloat;
    case TY_DOUBLE: return ty_cdouble;
    case TY_LDOUBLE: return ty_cldouble;
    case TY_COMPLEX: return ty_complex(real->base);
    default: return NULL;
    }
}

struct type *ty_real_of(struct type *t) { return t->kind == TY_COMPLEX ? t->base : t; }

static struct node *mk(enum nk k, struct type *t, struct srcpos pos)
{
    struct node *n = new_node(k, pos);
    n->ty = t;
    return n;
}

/* the common real type of the operands (C11 6.3.1.8) */
static struct type *common_real(struct type *a, struct type *b)
{
    return usual_arith(ty_real_of(a), ty_real_of(b));
}

struct type *cplx_common(struct type *a, struct type *b)
{
    return ty_complex(common_real(a, b));
}

struct node *cplx_binary(enum nk k, struct node *l, struct node *r, struct srcpos pos)
{
    if (!ty_is_arith_c(l->ty) || !ty_is_arith_c(r->ty))
        cc_error_at(pos, "invalid operands to binary operator ('%s' and '%s')", ty_name(l->ty), ty_name(r->ty));
    struct type *rt = common_real(l->ty, r->ty), *ct = ty_complex(rt);
    struct node *n;
    switch (k) {
    case N_EQ: case N_NE:
        n = mk(k, ty_int, pos);
        n->l = cast_to(l, ct);
        n->r = cast_to(r, ct);
        return n;
    case N_ADD: case N_SUB: case N_MUL: case N_DIV:
        n = mk(k, ct, pos);
        n->l = cast_to(l, ty_is_complex(l->ty) ? ct : rt);
        n->r = cast_to(r, ty_is_complex(r->ty) ? ct : rt);
        /* real / complex is computed as complex / complex (GCC: __div?c3(x, 0, c, d)) */
        if (k == N_DIV && !ty_is_complex(n->l->ty)) n->l = cast_to(n->l, ct);
        return n;
    default:
        cc_error_at(pos, "invalid operands to binary operator ('%s' and '%s')", ty_name(l->ty), ty_name(r->ty));
    }
}

struct node *cplx_unary(enum nk k, struct node *e, struct srcpos pos)
{
    struct type *t = ty_unqual(e->ty);
    e = cast_to(e, t);
    if (k == N_ADD) return e;   /* unary + */
    struct node *n = mk(k, k == N_LNOT ? ty_int : t, pos);
    n->l = e;
    return n;
}

struct node *cplx_part(struct node *e, bool imag, struct srcpos pos)
{
    if (ty_is_complex(e->ty)) {
        struct node *n = mk(N_MEMBER, ty_qual(e->ty->base, e->ty->is_const, e->ty->is_volatile), pos);
        n->l = e;
        n->mem = imag ? e->ty->members->next : e->ty->members;
        return n;
    }
    e = rvalue(e);
    if (!ty_is_arith(e->ty))
        cc_error_at(pos, "wrong type argument to %s", imag ? "__imag__" : "__real__");
    if (!imag) return e;
    /* GCC: the imaginary part of a real value is 0 (the operand is still evaluated) */
    struct node *z = mk(N_NUM, ty_int, pos);
    struct node *c = mk(N_COMMA, e->ty, pos);
    c->l = e;
    c->r = cast_to(z, e->ty);
    return c;
}

struct node *cplx_make(struct node *re, struct node *im, struct srcpos pos)
{
    re = rvalue(re);
    im = rvalue(im);
    if (!ty_is_float(re->ty) || !ty_is_float(im->ty) || re->ty->kind != im->ty->kind)
        cc_error_at(pos, "__builtin_complex operands must have the same real floating type ('%s' and '%s')",
                    ty_name(re->ty), ty_name(im->ty));
    struct node *n = mk(N_BUILTIN, ty_complex(re->ty), pos);
    n->op = B_COMPLEX;
    n->l = re;
    n->r = im;
    return n;
}

struct node *cplx_cast(struct node *e, struct type *t, struct srcpos pos)
{
    if (!ty_is_complex(t) && !ty_is_complex(e->ty)) return NULL;
    if (t->kind == TY_VOID) return cast_to(e, ty_void);
    if (!ty_is_arith_c(t) || !ty_is_arith_c(e->ty))
        cc_error_at(pos, "cannot convert a value of type '%s' to '%s'", ty_name(e->ty), ty_name(t));
    return cast_to(e, ty_unqual(t));
}

/* ---------------------------------------------------------------- constant folding */

static struct node *zero(struct type *t, struct srcpos pos)
{
    struct node *z = mk(N_FNUM, t, pos);
    z->ld_exact = true; /* +0: all bits zero */
    return z;
}

static struct node *bin(enum nk k, struct node *a, struct node *b)
{
    struct node *n = mk(k, a->ty, a->pos);
    n->l = a;
    n->r = b;
    return n;
}

static struct node *neg(struct node *a)
{
    struct node *n = mk(N_NEG, a->ty, a->pos);
    n->l = a;
    return n;
}

/* *re, *im of e as expressions of e's real type; *im NULL for a real operand (an absent
 * imaginary part, so x + (c + di) keeps the sign of d, as at run time) */
static bool parts(struct node *e, struct node **re, struct node **im)
{
    if (!ty_is_complex(e->ty)) {
        if (!ty_is_arith(e->ty)) return false;
        *re = e;
        *im = NULL;
        return true;
    }
    struct type *et = e->ty->base;
    struct node *a, *b, *c, *d;
    switch (e->kind) {
    case N_BUILTIN:
        if (e->op != B_COMPLEX) return false;
        *re = e->l;
        *im = e->r;
        return true;
    case N_CAST:
        if (!parts(e->l, &a, &b)) return false;
        *re = cast_to(a, et);
        *im = b ? cast_to(b, et) : zero(et, e->pos);
        return true;
    case N_NEG: case N_BNOT:
        if (!parts(e->l, &a, &b)) return false;
        *re = e->kind == N_NEG ? neg(a) : a;
        *im = neg(b); /* ~ (conjugation) negates only the imaginary part */
        return true;
    case N_ADD: case N_SUB: case N_MUL: case N_DIV:
        if (!parts(e->l, &a, &b) || !parts(e->r, &c, &d)) return false;
        break;
    default: return false;
    }
    switch (e->kind) {
    case N_ADD: case N_SUB:
        *re = bin(e->kind, a, c);
        *im = b && d ? bin(e->kind, b, d) : b ? b : e->kind == N_ADD ? d : neg(d);
        return true;
    case N_MUL:
        if (b && d) {
            *re = bin(N_SUB, bin(N_MUL, a, c), bin(N_MUL, b, d));
            *im = bin(N_ADD, bin(N_MUL, a, d), bin(N_MUL, b, c));
        } else if (b) {
            *re = bin(N_MUL, a, c);
            *im = bin(N_MUL, b, c);
        } else {
            *re = bin(N_MUL, a, c);
            *im = bin(N_MUL, a, d);
        }
        return true;
    default: /* N_DIV */
        if (!d) {
            *re = bin(N_DIV, a, c);
            *im = bin(N_DIV, b, c);
            return true;
        }
        /* (a + bi) / (c + di): the textbook formula (finite constants) */
        {
            struct node *den = bin(N_ADD, bin(N_MUL, c, c), bin(N_MUL, d, d));
            *re = bin(N_DIV, bin(N_ADD, bin(N_MUL, a, c), bin(N_MUL, b, d)), den);
            *im = bin(N_DIV, bin(N_SUB, bin(N_MUL, b, c), bin(N_MUL, a, d)), den);
        }
        return true;
    }
}

bool cplx_const_parts(struct node *e, struct type *et, struct node **re, struct node **im)
{
    struct node *a, *b;
    if (!parts(e, &a, &b)) return false;
    *re = cast_to(a, et);
    *im = b ? cast_to(b, et) : zero(et, e->pos);
    double d;
    u128 bits;
    if (et->kind == TY_LDOUBLE) return eval_ld_bits(*re, &bits) && eval_ld_bits(*im, &bits);
    return eval_float(*re, &d) && eval_float(*im, &d);
}
