/* Constant expressions: integer constant expressions and address constants. */
#include "cc/cc.h"

#include <string.h>

i128 wrap_int(i128 v, struct type *t)
{
    if (t->kind == TY_BOOL) return v != 0;
    if (t->kind == TY_PTR) t = ty_size_t();
    int bits = (int)t->size * 8;
    if (bits >= 128) return v;
    u128 m = ((u128)1 << bits) - 1;
    u128 u = (u128)v & m;
    if (!t->is_unsigned && (u >> (bits - 1)) & 1) u |= ~m;
    return (i128)u;
}

static bool ev(struct node *e, i128 *out, const char **sym);

static bool ev_int(struct node *e, i128 *out)
{
    const char *sym = NULL;
    return ev(e, out, &sym) && !sym;
}

static bool ev(struct node *e, i128 *out, const char **sym)
{
    i128 a, b;
    struct type *t = e->ty;
    switch (e->kind) {
    case N_NUM: *out = e->val; return true;
    case N_FNUM: return false;
    case N_CAST:
        if (e->l->ty->kind == TY_LDOUBLE) {
            u128 lb;
            if (!eval_ld_bits(e->l, &lb) || !ty_is_integer(t)) return false;
            if (t->kind == TY_BOOL) {
                *out = (lb << 1) != 0; /* any nonzero value, NaN included, is true */
                return true;
            }
            int ex = (int)(lb >> 112) & 0x7fff;
            if (ex >= 16383 + 126) return false; /* NaN, infinity or beyond the range */
            *out = wrap_int(cc_tf_fixti(lb), t);
            return true;
        }
        if (ty_is_float(e->l->ty)) {
            double d;
            if (!eval_float(e->l, &d) || !ty_is_integer(t)) return false;
            if (t->kind == TY_BOOL) {
                *out = d != 0;
                return true;
            }
            if (d != d || d >= 1.7e38 || d <= -1.7e38) return false;
            *out = wrap_int((i128)d, t);
            return true;
        }
        if (!ev(e->l, out, sym)) return false;
        if (*sym && t->size < tgt.ptr_size) return false;
        if (!*sym && ty_is_integer(t)) *out = wrap_int(*out, t);
        if (!*sym && t->kind == TY_PTR) *out = wrap_int(*out, t);
        return ty_is_integer(t) || t->kind == TY_PTR;
    case N_ADD: case N_SUB: {
        const char *s1 = NULL, *s2 = NULL;
        if (!ev(e->l, &a, &s1) || !ev(e->r, &b, &s2)) return false;
        long scale = 1;
        if (e->l->ty->kind == TY_PTR && ty_is_integer(e->r->ty)) scale = e->l->ty->base->size;
        if (e->kind == N_SUB && e->l->ty->kind == TY_PTR && e->r->ty->kind == TY_PTR) {
            if (s1 != s2) return false;
            long sz = e->l->ty->base->size ? e->l->ty->base->size : 1;
            *sym = NULL;
            *out = wrap_int((i128)((u128)a - (u128)b) / sz, t);
            return true;
        }
        if (s2 && (e->kind == N_SUB || s1)) return false;
        *sym = s1 ? s1 : s2;
        if (s2) { i128 x = a; a = b; b = x; scale = e->r->ty->kind == TY_PTR ? e->r->ty->base->size : 1; }
        *out = (i128)(e->kind == N_ADD ? (u128)a + (u128)b * (u128)scale : (u128)a - (u128)b * (u128)scale);
        if (!*sym) *out = wrap_int(*out, t);
        return true;
    }
    case N_ADDR: return eval_addr(e->l, sym, out);
    case N_LABEL_ADDR: return eval_addr(e, sym, out);
    case N_COND:
        if (!ev_int(e->cond, &a)) return false;
        return ev(a ? e->then : e->els, out, sym);
    case N_COMMA: return false;
    default: break;
    }
    /* integer-only operators */
    switch (e->kind) {
    case N_NEG: if (!ev_int(e->l, &a)) return false; *out = wrap_int(-(u128)a, t); return true;
    case N_BNOT: if (!ev_int(e->l, &a)) return false; *out = wrap_int(~a, t); return true;
    case N_LNOT: if (!ev_int(e->l, &a)) return false; *out = !a; return true;
    case N_LAND:
        if (!ev_int(e->l, &a)) return false;
        if (!a) { *out = 0; return true; }
        if (!ev_int(e->r, &b)) return false;
        *out = b != 0;
        return true;
    case N_LOR:
        if (!ev_int(e->l, &a)) return false;
        if (a) { *out = 1; return true; }
        if (!ev_int(e->r, &b)) return false;
        *out = b != 0;
        return true;
    default: break;
    }
    if (!e->l || !e->r) return false;
    if (!ev_int(e->l, &a) || !ev_int(e->r, &b)) return false;
    struct type *ot = e->l->ty;
    bool uns = ot->is_unsigned || ot->kind == TY_PTR;
    switch (e->kind) {
    case N_MUL: *out = wrap_int((i128)((u128)a * (u128)b), t); return true;
    case N_DIV: case N_MOD:
        if (b == 0) return false;
        if (uns) {
            u128 ua = (u128)wrap_int(a, ot), ub = (u128)wrap_int(b, ot);
            int bits = (int)ot->size * 8;
            if (bits < 128) { ua &= ((u128)1 << bits) - 1; ub &= ((u128)1 << bits) - 1; }
            *out = wrap_int((i128)(e->kind == N_DIV ? ua / ub : ua % ub), t);
        } else {
            if (b == -1) { *out = e->kind == N_DIV ? wrap_int(-(u128)a, t) : 0; return true; }
            *out = wrap_int(e->kind == N_DIV ? a / b : a % b, t);
        }
        return true;
    case N_SHL: if (b < 0 || b >= 128) return false; *out = wrap_int((i128)((u128)a << b), t); return true;
    case N_SHR: {
        if (b < 0 || b >= 128) return false;
        if (uns) {
            u128 ua = (u128)a;
            int bits = (int)ot->size * 8;
            if (bits < 128) ua &= ((u128)1 << bits) - 1;
            *out = wrap_int((i128)(ua >> b), t);
        } else {
            *out = wrap_int(a >> b, t);
        }
        return true;
    }
    case N_BAND: *out = wrap_int(a & b, t); return true;
    case N_BOR: *out = wrap_int(a | b, t); return true;
    case N_BXOR: *out = wrap_int(a ^ b, t); return true;
    case N_EQ: *out = a == b; return true;
    case N_NE: *out = a != b; return true;
    case N_LT: case N_LE: case N_GT: case N_GE: {
        bool r;
        if (uns) {
            u128 ua = (u128)a, ub = (u128)b;
            int bits = (int)ot->size * 8;
            if (bits < 128) { ua &= ((u128)1 << bits) - 1; ub &= ((u128)1 << bits) - 1; }
            r = e->kind == N_LT ? ua < ub : e->kind == N_LE ? ua <= ub : e->kind == N_GT ? ua > ub : ua >= ub;
        } else {
            r = e->kind == N_LT ? a < b : e->kind == N_LE ? a <= b : e->kind == N_GT ? a > b : a >= b;
        }
        *out = r;
        return true;
    }
    default: return false;
    }
}

bool eval_int(struct node *e, i128 *out)
{
    if (!ty_is_integer(e->ty)) return false;
    return ev_int(e, out);
}

/* the last thread-local object an address constant was refused for (diagnostics) */
struct obj *eval_tls_refused;

bool eval_addr(struct node *e, const char **sym, i128 *off)
{
    switch (e->kind) {
    case N_VAR:
        /* a thread-local object's address differs per thread: not an address constant */
        if (e->var->is_tls) eval_tls_refused = e->var;
        if (e->var->is_local || e->var->is_tls) return false;
        *sym = e->var->asm_name;
        *off = 0;
        return true;
    case N_STR:
        *sym = strlit_label(e->str, e->strlen);
        *off = 0;
        return true;
    case N_LABEL_ADDR:
        *sym = label_asm_name(e->var->asm_name, e->str);
        *off = 0;
        return true;
    case N_COMPOUND_LIT:
        if (e->var->is_local) return false;
        *sym = e->var->asm_name;
        *off = 0;
        return true;
    case N_MEMBER:
        if (!eval_addr(e->l, sym, off)) return false;
        *off += e->mem->offset;
        return true;
    case N_DEREF:
        return ev(e->l, off, sym) && (*sym || true);
    case N_CAST:
        return eval_addr(e->l, sym, off);
    default: return false;
    }
}

/* RISC-V arithmetic and conversions return the canonical NaN (positive, quiet, no
 * payload); the host's may differ (x86 gives a negative one), so folded results are
 * canonicalised.  Negation only flips the sign, as fsgnjn does. */
static double canon(double x)
{
    if (x == x) return x;
    u64 bits = (u64)0x7ff8 << 48;
    memcpy(&x, &bits, sizeof x);
    return x;
}

bool eval_float(struct node *e, double *out)
{
    i128 v;
    double a, b;
    switch (e->kind) {
    case N_FNUM: *out = e->fval; return true;
    case N_NUM: *out = e->ty->is_unsigned ? (double)(u128)e->val : (double)e->val; return true;
    case N_CAST:
        if (e->l->ty->kind == TY_LDOUBLE && e->ty->kind != TY_LDOUBLE) {
            /* a long double operand folds in binary128 and is rounded once */
            u128 lb;
            if (!eval_ld_bits(e->l, &lb)) return false;
            *out = e->ty->kind == TY_FLOAT ? (double)cc_tf_to_float(lb) : cc_tf_to_double(lb);
        } else if (ty_is_integer(e->l->ty)) {
            if (!eval_int(e->l, &v)) return false;
            *out = e->l->ty->is_unsigned ? (double)(u128)v : (double)v;
        } else if (!eval_float(e->l, out)) {
            return false;
        }
        if (e->ty->kind == TY_FLOAT) *out = (float)*out;
        *out = canon(*out);
        return ty_is_arith(e->ty);
    case N_NEG: if (!eval_float(e->l, &a)) return false; *out = -a; return true;
    case N_ADD: case N_SUB: case N_MUL: case N_DIV:
        if (!ty_is_float(e->ty) || !eval_float(e->l, &a) || !eval_float(e->r, &b)) return false;
        *out = e->kind == N_ADD ? a + b : e->kind == N_SUB ? a - b : e->kind == N_MUL ? a * b : a / b;
        if (e->ty->kind == TY_FLOAT) *out = (float)*out;
        *out = canon(*out);
        return true;
    case N_COND:
        if (!eval_int(e->cond, &v)) return false;
        return eval_float(v ? e->then : e->els, out);
    default:
        if (ty_is_integer(e->ty) && eval_int(e, &v)) {
            *out = e->ty->is_unsigned ? (double)(u128)v : (double)v;
            return true;
        }
        return false;
    }
}

/* a pointer-valued address constant expression: &x + n, array decays, casts */
bool eval_addr_expr(struct node *e, const char **sym, i128 *off)
{
    *sym = NULL;
    return ev(e, off, sym) && *sym;
}

/* any constant: an integer (sym NULL) or an address constant (sym + offset) */
bool eval_const(struct node *e, const char **sym, i128 *v)
{
    *sym = NULL;
    if (e->kind == N_ADDR) return eval_addr(e->l, sym, v);
    if (e->kind == N_LABEL_ADDR) return eval_addr(e, sym, v);
    return ev(e, v, sym);
}

/* a constant long double: its binary128 bits, folded exactly with libzlrt's binary128
 * arithmetic (tf_fold.c), as the same expression computes at run time */
bool eval_ld_bits(struct node *e, u128 *out)
{
    u128 a, b;
    i128 v;
    double d;
    switch (e->kind) {
    case N_FNUM:
        *out = e->ty->kind == TY_LDOUBLE && e->ld_exact ? e->ldbits : cc_tf_from_double(e->fval);
        return true;
    case N_NEG:
        if (e->ty->kind != TY_LDOUBLE) break;
        if (!eval_ld_bits(e->l, &a)) return false;
        *out = a ^ (u128)1 << 127;
        return true;
    case N_ADD: case N_SUB: case N_MUL: case N_DIV:
        if (e->ty->kind != TY_LDOUBLE) break;
        if (!eval_ld_bits(e->l, &a) || !eval_ld_bits(e->r, &b)) return false;
        *out = e->kind == N_ADD ? cc_tf_add(a, b) : e->kind == N_SUB ? cc_tf_sub(a, b)
             : e->kind == N_MUL ? cc_tf_mul(a, b) : cc_tf_div(a, b);
        return true;
    case N_CAST:
        if (e->ty->kind != TY_LDOUBLE) break; /* an integer, float or double value: below */
        if (e->l->ty->kind == TY_LDOUBLE) return eval_ld_bits(e->l, out);
        if (ty_is_integer(e->l->ty)) {
            if (!eval_int(e->l, &v)) return false;
            *out = e->l->ty->is_unsigned ? cc_tf_floatunti((u128)v) : cc_tf_floatti(v);
            return true;
        }
        /* a float or double operand: its (exact) value widened */
        if (!eval_float(e->l, &d)) return false;
        *out = cc_tf_from_double(d);
        return true;
    case N_COND:
        if (e->ty->kind != TY_LDOUBLE) break;
        if (!eval_int(e->cond, &v)) return false;
        return eval_ld_bits(v ? e->then : e->els, out);
    default:
        break;
    }
    if (ty_is_integer(e->ty)) {
        if (!eval_int(e, &v)) return false;
        *out = e->ty->is_unsigned ? cc_tf_floatunti((u128)v) : cc_tf_floatti(v);
        return true;
    }
    /* float and double operands: their (exact) value */
    if (e->ty->kind == TY_LDOUBLE || !eval_float(e, &d)) return false;
    *out = cc_tf_from_double(d);
    return true;
}

/* binary128 bits of a double (exact) */
u128 dbl_to_tf_bits(double d)
{
    u64 x;
    memcpy(&x, &d, 8);
    u128 s = (u128)(x >> 63) << 127;
    int e = (int)(x >> 52) & 0x7ff;
    u128 f = x & (((u64)1 << 52) - 1);
    if (e == 0x7ff) return s | ((u128)0x7fff << 112) | (f << 60) | (f ? (u128)1 << 111 : 0);
    if (e == 0) {
        if (!f) return s;
        e = 1;
        while (!((f >> 52) & 1)) {
            f <<= 1;
            e--;
        }
        f &= ((u128)1 << 52) - 1;
    }
    return s | ((u128)(e - 1023 + 16383) << 112) | (f << 60);
}
