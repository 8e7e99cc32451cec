/* Conversions: integer promotions, usual arithmetic conversions (C11 6.3.1), array and
 * function decay, assignment compatibility with the usual warnings. */
#include "cc/cc.h"

struct type *promote(struct type *t)
{
    if (t->kind == TY_ENUM) t = t->enum_base ? t->enum_base : ty_uint;
    if (ty_is_integer(t) && ty_rank(t) < ty_rank(ty_int)) return ty_int; /* all fit in int */
    if (t->kind == TY_BOOL) return ty_int;
    return ty_unqual(t);
}

struct type *usual_arith(struct type *a, struct type *b)
{
    if (a->kind == TY_LDOUBLE || b->kind == TY_LDOUBLE) return ty_ldouble;
    if (a->kind == TY_DOUBLE || b->kind == TY_DOUBLE) return ty_double;
    if (a->kind == TY_FLOAT || b->kind == TY_FLOAT) return ty_float;
    a = promote(a);
    b = promote(b);
    if (a->kind == b->kind) return a;
    if (a->is_unsigned == b->is_unsigned) return ty_rank(a) >= ty_rank(b) ? a : b;
    struct type *u = a->is_unsigned ? a : b, *s = a->is_unsigned ? b : a;
    if (ty_rank(u) >= ty_rank(s)) return u;
    if (s->size > u->size) return s;
    return ty_to_unsigned(s);
}

/* a floating constant converted to a floating type is folded (so a long double literal
 * cast to double, as in <float.h>'s DBL_MAX, never needs long double arithmetic) */
static struct node *fold_fcast(struct node *e, struct type *t)
{
    if (e->kind != N_FNUM || !ty_is_float(t)) return NULL;
    struct node *n = new_node(N_FNUM, e->pos);
    n->ty = t;
    n->fval = t->kind == TY_FLOAT ? (double)(float)e->fval : e->fval;
    n->ld_exact = e->ld_exact && t->kind == TY_LDOUBLE;
    n->ldbits = e->ldbits;
    return n;
}

struct node *cast_to(struct node *e, struct type *t)
{
    if (e->ty == t) return e;
    struct node *f = fold_fcast(e, t);
    if (f) return f;
    struct node *n = new_node(N_CAST, e->pos);
    n->l = e;
    n->ty = t;
    return n;
}

struct node *decay(struct node *e)
{
    if (e->ty->kind == TY_ARRAY) {
        struct node *n = new_node(N_ADDR, e->pos);
        n->l = e;
        n->ty = ty_ptr(e->ty->base);
        if (e->kind == N_VAR) e->var->addr_taken = true;
        return n;
    }
    if (e->ty->kind == TY_FUNC) {
        struct node *n = new_node(N_ADDR, e->pos);
        n->l = e;
        n->ty = ty_ptr(e->ty);
        return n;
    }
    return e;
}

struct node *rvalue(struct node *e)
{
    e = decay(e);
    if (e->kind == N_MEMBER && e->mem->bit_width > 0 && ty_is_integer(e->ty) &&
        e->ty->kind != TY_BOOL && ty_rank(e->ty) >= ty_rank(ty_int)) {
        /* the value of a bit-field narrower than int is promoted like a narrow integer (C11
         * 6.3.1.1p2); one exactly as wide as int to int or unsigned int (as GCC does for
         * wider declared types too) */
        int ibits = (int)ty_int->size * 8;
        if (e->mem->bit_width < ibits) return cast_to(e, ty_int);
        if (e->mem->bit_width == ibits)
            return cast_to(e, e->ty->is_unsigned ? ty_uint : ty_int);
    }
    if (e->ty->is_const || e->ty->is_volatile || e->ty->is_atomic) {
        /* the value of an lvalue has the unqualified type */
        struct type *u = ty_unqual(e->ty);
        if (ty_is_scalar(u)) {
            struct node *n = cast_to(e, u);
            return n;
        }
    }
    return e;
}

bool is_lvalue(struct node *e)
{
    switch (e->kind) {
    case N_VAR: return !e->var->is_func;
    case N_DEREF: case N_STR: case N_COMPOUND_LIT: return true;
    case N_MEMBER: return e->l->kind == N_DEREF || is_lvalue(e->l) || e->l->kind == N_CALL;
    default: return false;
    }
}

bool is_null_ptr_const(struct node *e)
{
    i128 v;
    while (e->kind == N_CAST && e->ty->kind == TY_PTR && e->ty->base->kind == TY_VOID &&
           !e->ty->base->is_const && !e->ty->base->is_volatile)
        e = e->l;
    return ty_is_integer(e->ty) && eval_int(e, &v) && v == 0;
}

struct node *convert_assign(struct node *e, struct type *t, const char *ctx)
{
    e = rvalue(e);
    struct type *s = e->ty;
    t = ty_unqual(t);
    if (ty_is_arith_c(t) && ty_is_arith_c(s)) return cast_to(e, t);
    if (t->kind == TY_BOOL && s->kind == TY_PTR) return cast_to(e, t);
    if (t->kind == TY_PTR) {
        if (s->kind == TY_PTR) {
            struct type *tb = t->base, *sb = s->base;
            bool ok = tb->kind == TY_VOID || sb->kind == TY_VOID ||
                      ty_compatible(ty_unqual(tb), ty_unqual(sb));
            if (!ok)
                cc_warn_at(CW_INCOMPATIBLE_POINTER_TYPES, e->pos, "incompatible pointer types in %s ('%s' from '%s')", ctx,
                           ty_name(t), ty_name(s));
            else if ((sb->is_const && !tb->is_const) || (sb->is_volatile && !tb->is_volatile))
                cc_warn_at(CW_DISCARDED_QUALIFIERS, e->pos, "%s discards qualifiers from pointer target type", ctx);
            return cast_to(e, t);
        }
        if (ty_is_integer(s)) {
            if (!is_null_ptr_const(e))
                cc_warn_at(CW_INT_CONVERSION, e->pos, "%s makes pointer from integer without a cast", ctx);
            return cast_to(e, t);
        }
    }
    if (ty_is_integer(t) && s->kind == TY_PTR) {
        cc_warn_at(CW_INT_CONVERSION, e->pos, "%s makes integer from pointer without a cast", ctx);
        return cast_to(e, t);
    }
    if ((t->kind == TY_STRUCT || t->kind == TY_UNION) && ty_compatible(ty_unqual(s), t)) return e;
    cc_error_at(e->pos, "incompatible types in %s ('%s' from '%s')", ctx, ty_name(t), ty_name(s));
}
