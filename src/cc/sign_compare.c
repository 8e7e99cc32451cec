/* -Wsign-compare with GCC's rules: a comparison made in an unsigned type with a signed
 * operand (which the conversion turns into a large unsigned value when it is negative),
 * and a ?: whose signed operand changes signedness that way.  No warning when the signed
 * operand cannot be negative (a constant, a masked value, a truth value, ...), when an
 * equality's unsigned operand is a constant that the signed type holds, or when the
 * comparison is made in a signed type wide enough for both. */
#include "cc/cc.h"

/* GCC's tree_expr_nonnegative_p for the expressions C programs mask and compute with */
static bool nonneg(struct node *e)
{
    i128 v;
    if (eval_int(e, &v)) return v >= 0;
    switch (e->kind) {
    case N_CAST:
        if (!ty_is_integer(e->l->ty) || e->l->ty->size >= e->ty->size) return false;
        return !ty_is_signed(e->l->ty) || nonneg(e->l);   /* widened: the value is kept */
    case N_BAND: return nonneg(e->l) || nonneg(e->r);
    case N_BOR: case N_BXOR: case N_ADD: case N_MUL: case N_DIV:
        return nonneg(e->l) && nonneg(e->r);
    case N_MOD: case N_SHR: return nonneg(e->l);
    case N_EQ: case N_NE: case N_LT: case N_LE: case N_GT: case N_GE: case N_LAND:
    case N_LOR: case N_LNOT:
        return true;
    case N_COND: return nonneg(e->then) && nonneg(e->els);
    case N_COMMA: return nonneg(e->r);
    default: return false;
    }
}

static bool is_signed_int(struct type *t) { return ty_is_integer(t) && ty_is_signed(t); }

void warn_sign_compare(enum nk k, struct node *l, struct node *r, struct type *common,
                       struct srcpos pos)
{
    if (!cc_warn_enabled(CW_SIGN_COMPARE) || !ty_is_integer(common) || ty_is_signed(common) ||
        !ty_is_integer(l->ty) || !ty_is_integer(r->ty) ||
        is_signed_int(l->ty) == is_signed_int(r->ty))
        return;
    struct node *s = is_signed_int(l->ty) ? l : r, *u = s == l ? r : l;
    if (nonneg(s)) return;
    i128 v;
    if ((k == N_EQ || k == N_NE) && eval_int(u, &v) && v >= 0 &&
        (common->size >= 16 || v < (i128)1 << (common->size * 8 - 1)))
        return;
    cc_warn_at(CW_SIGN_COMPARE, pos, "comparison of integer expressions of different signedness: '%s' and '%s'",
               ty_name(ty_unqual(l->ty)), ty_name(ty_unqual(r->ty)));
}

void warn_cond_signedness(struct node *a, struct node *b, struct type *result)
{
    if (!cc_warn_enabled(CW_SIGN_COMPARE) || !ty_is_integer(result) || ty_is_signed(result) ||
        !ty_is_integer(a->ty) || !ty_is_integer(b->ty) ||
        is_signed_int(a->ty) == is_signed_int(b->ty))
        return;
    struct node *s = is_signed_int(a->ty) ? a : b, *u = s == a ? b : a;
    if (!nonneg(s))
        cc_warn_at(CW_SIGN_COMPARE, s->pos, "operand of '?:' changes signedness from '%s' to '%s' "
                   "due to unsignedness of other operand", ty_name(ty_unqual(s->ty)), ty_name(ty_unqual(u->ty)));
}
