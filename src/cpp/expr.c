/* #if / #elif expressions (C11 6.10.1): integer constant expressions evaluated in
 * intmax_t / uintmax_t of the configured width (64 for LP64 targets, 128 for LP128).
 *
 * Values are kept in a u128 holding the two's-complement bit pattern of a `bits`-wide
 * integer, sign-extended to 128 bits when signed, so one set of operations serves every
 * width.  Signed overflow wraps (no trap); division by zero and malformed expressions
 * are errors.  Operands of && || ?: that are not evaluated do not report division by
 * zero (C11 6.6p3 via 6.10.1p4).
 */
#include "cpp/pp_internal.h"

#include <string.h>

struct val {
    u128 v;
    bool uns;
};

struct ev {
    struct cpp *pp;
    const struct cpp_token *t;
    u32 n, i;
    unsigned bits;
    bool failed;
    const struct cpp_token *where;
    unsigned depth;         /* recursion through ( and unary operators */
};

static u128 wmask(unsigned bits)
{
    return bits >= 128 ? ~(u128)0 : (((u128)1 << bits) - 1);
}

/* Normalise to the target width: truncate, then sign-extend if signed. */
static struct val norm(const struct ev *e, u128 v, bool uns)
{
    struct val r;
    v &= wmask(e->bits);
    if (!uns && e->bits < 128 && ((v >> (e->bits - 1)) & 1)) v |= ~wmask(e->bits);
    r.v = v;
    r.uns = uns;
    return r;
}

static bool neg(const struct val *a)
{
    return !a->uns && (i128)a->v < 0;
}

static void fail(struct ev *e, const struct cpp_token *t, const char *msg)
{
    if (e->failed) return;
    e->failed = true;
    if (!t) t = e->i < e->n ? &e->t[e->i] : e->where;
    cppi_diag_tok(e->pp, CPP_ERROR, t, "%s", msg);
}

static const struct cpp_token *peek(struct ev *e)
{
    return e->i < e->n ? &e->t[e->i] : NULL;
}

static bool at_punct(struct ev *e, enum cpp_punct p)
{
    const struct cpp_token *t = peek(e);
    return t && t->kind == CPP_PUNCT && t->sub == p;
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static struct val number(struct ev *e, const struct cpp_token *t)
{
    const char *p = t->p, *end = t->p + t->len;
    unsigned base = 10;
    struct val r = {0, false};
    if (end - p >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        base = 16;
        p += 2;
    } else if (end - p >= 2 && p[0] == '0' && (p[1] == 'b' || p[1] == 'B')) {
        base = 2;
        p += 2;
    } else if (p[0] == '0')
        base = 8;
    u128 v = 0;
    bool over = false, digits = false;
    const char *q = p;
    for (; q < end; q++) {
        int d = hexval(*q);
        if (d < 0 || (unsigned)d >= base) break;
        digits = true;
        u128 nv = v * base + (unsigned)d;
        if ((nv - (unsigned)d) / base != v) over = true;
        v = nv;
    }
    struct cpp_intsuf suf;
    if (!cpp_int_suffix(q, end, &suf) || !digits) {
        bool flt = false;
        for (const char *x = t->p; x < end; x++)
            if (*x == '.' || ((*x == 'e' || *x == 'E') && base != 16) ||
                ((*x == 'p' || *x == 'P') && base == 16))
                flt = true;
        fail(e, t, flt ? "floating constant in preprocessor expression"
                       : "invalid integer constant in #if");
        return r;
    }
    bool uns = suf.uns;
    if (suf.i64 && (over || (v >> (uns || base != 10 ? 64 : 63)) != 0)) {
        /* the same rule as the compiler: the value must fit __int64 (decimal) or
         * unsigned __int64 (ui64, or an octal/hexadecimal i64 constant) */
        fail(e, t, "integer constant is too large for its i64 suffix");
        return r;
    }
    if (suf.i64 && (v >> 63) != 0) uns = true; /* hexadecimal i64 above INT64_MAX */
    if (over || (e->bits < 128 && (v >> e->bits) != 0)) {
        /* as GCC: a warning, the value truncated to uintmax_t */
        cppi_diag_tok(e->pp, CPP_WARNING, t, "integer constant is too large for its type");
        return norm(e, v, true);
    }
    if (!uns && ((v >> (e->bits - 1)) & 1)) {
        if (base == 10)
            cppi_diag_tok(e->pp, CPP_WARNING, t, "integer constant is so large that it is unsigned");
        uns = true;
    }
    return norm(e, v, uns);
}

struct char_diag_ctx {
    struct ev *e;
    const struct cpp_token *t;
};

static void char_diag(void *ctx, bool error, const char *msg)
{
    struct char_diag_ctx *c = ctx;
    if (error) fail(c->e, c->t, msg);
    else cppi_diag_tok(c->e->pp, CPP_WARNING, c->t, "%s", msg);
}

static struct val charconst(struct ev *e, const struct cpp_token *t)
{
    /* plain char is signed unless the target defines __CHAR_UNSIGNED__ (RISC-V does) */
    struct char_diag_ctx ctx = {e, t};
    struct cpp_charval cv;
    if (!cpp_charconst_value(t->p, t->len, (enum cpp_enc)t->sub,
                             cpp_is_defined(e->pp, "__CHAR_UNSIGNED__"), &cv, char_diag, &ctx))
        return (struct val){0, false};
    return norm(e, (u128)cv.value, cv.is_unsigned);
}

static struct val expr(struct ev *e, bool ev);

static struct val primary(struct ev *e, bool ev)
{
    const struct cpp_token *t = peek(e);
    struct val zero = {0, false};
    if (!t) {
        fail(e, NULL, "#if with no expression");
        return zero;
    }
    e->i++;
    switch (t->kind) {
    case CPP_NUMBER:
        return number(e, t);
    case CPP_CHAR:
        return charconst(e, t);
    case CPP_IDENT:
        /* identifiers left after expansion are 0 (C11 6.10.1p4) */
        return zero;
    case CPP_PUNCT:
        if (t->sub == CPP_P_LPAREN) {
            struct val v = expr(e, ev);
            if (!at_punct(e, CPP_P_RPAREN)) {
                fail(e, t, "missing ')' in expression");
                return zero;
            }
            e->i++;
            return v;
        }
        break;
    default:
        break;
    }
    char msg[160];
    snprintf(msg, sizeof msg, "token \"%.*s\" is not valid in preprocessor expressions",
             (int)(t->len > 60 ? 60 : t->len), t->p);
    fail(e, t, msg);
    return zero;
}

static struct val unary1(struct ev *e, bool ev);

/* one more level of ( or unary or ?: operand; false (after the error) when too deep */
static bool nest(struct ev *e)
{
    if (e->depth >= PP_MAX_EXPR_NESTING) {
        char msg[80];
        snprintf(msg, sizeof msg, "#if expression nested too deeply (more than %d levels)",
                 PP_MAX_EXPR_NESTING);
        fail(e, NULL, msg);
        e->i = e->n;
        return false;
    }
    e->depth++;
    return true;
}

static struct val unary(struct ev *e, bool ev)
{
    if (!nest(e)) return (struct val){0, false};
    struct val v = unary1(e, ev);
    e->depth--;
    return v;
}

static struct val unary1(struct ev *e, bool ev)
{
    const struct cpp_token *t = peek(e);
    if (t && t->kind == CPP_PUNCT) {
        switch (t->sub) {
        case CPP_P_PLUS: e->i++; return unary(e, ev);
        case CPP_P_MINUS: {
            e->i++;
            struct val v = unary(e, ev);
            return norm(e, (u128)0 - v.v, v.uns);
        }
        case CPP_P_TILDE: {
            e->i++;
            struct val v = unary(e, ev);
            return norm(e, ~v.v, v.uns);
        }
        case CPP_P_NOT: {
            e->i++;
            struct val v = unary(e, ev);
            return (struct val){v.v == 0, false};
        }
        default: break;
        }
    }
    return primary(e, ev);
}

static int prec(const struct cpp_token *t)
{
    if (!t || t->kind != CPP_PUNCT) return -1;
    switch (t->sub) {
    case CPP_P_STAR: case CPP_P_SLASH: case CPP_P_PERCENT: return 10;
    case CPP_P_PLUS: case CPP_P_MINUS: return 9;
    case CPP_P_SHL: case CPP_P_SHR: return 8;
    case CPP_P_LT: case CPP_P_GT: case CPP_P_LE: case CPP_P_GE: return 7;
    case CPP_P_EQ: case CPP_P_NE: return 6;
    case CPP_P_AMP: return 5;
    case CPP_P_XOR: return 4;
    case CPP_P_OR: return 3;
    case CPP_P_ANDAND: return 2;
    case CPP_P_OROR: return 1;
    default: return -1;
    }
}

static struct val shift(struct ev *e, struct val a, struct val b, bool left)
{
    /* negative count shifts the other way; counts >= width give 0 or the sign */
    i128 n = b.uns ? (i128)(b.v & 0x7fffffff) : (i128)b.v;
    if (b.uns && b.v > 0x7fffffff) n = 0x7fffffff;
    if (n < 0) {
        left = !left;
        n = n < -1000 ? 1000 : -n;
    }
    if (left) {
        if (n >= (i128)e->bits) return norm(e, 0, a.uns);
        return norm(e, a.v << (unsigned)n, a.uns);
    }
    if (n >= (i128)e->bits) return norm(e, neg(&a) ? ~(u128)0 : 0, a.uns);
    if (a.uns) return norm(e, (a.v & wmask(e->bits)) >> (unsigned)n, true);
    /* arithmetic shift of the sign-extended 128-bit pattern */
    u128 r = a.v >> (unsigned)n;
    if (neg(&a) && n) r |= ~(~(u128)0 >> (unsigned)n);
    return norm(e, r, false);
}

/* Signed overflow of x op y at the target width (the operands are normalised). */
static bool overflows(const struct ev *e, int op, u128 x, u128 y)
{
    i128 a = (i128)x, b = (i128)y;
    u128 r = op == '+' ? x + y : op == '-' ? x - y : x * y;
    if (e->bits < 128) {
        /* exact in 128 bits (|a|, |b| < 2^63 for widths up to 64; wider: by division) */
        if (op != '*' || e->bits <= 64) {
            i128 lim = (i128)1 << (e->bits - 1);
            i128 v = op == '+' ? a + b : op == '-' ? a - b : a * b;
            return v < -lim || v >= lim;
        }
    } else if (op != '*') {
        bool na = a < 0, nb = b < 0, nr = (i128)r < 0;
        return op == '+' ? (na == nb && nr != na) : (na != nb && nr != na);
    }
    if (a == 0 || b == 0) return false;
    i128 lim = e->bits < 128 ? (i128)1 << (e->bits - 1) : 0;
    u128 min = e->bits < 128 ? (u128)-lim : (u128)1 << 127;
    if ((x == min && b == -1) || (y == min && a == -1)) return true;
    /* |a| * |b| must stay below 2^(bits-1) (or reach it exactly when negative) */
    u128 ua = a < 0 ? (u128)0 - x : x, ub = b < 0 ? (u128)0 - y : y;
    u128 max = (a < 0) != (b < 0) ? min : min - 1;
    return ua > max / ub;
}

static struct val binop(struct ev *e, const struct cpp_token *op, struct val a, struct val b,
                        bool ev)
{
    bool uns = a.uns || b.uns;
    u128 x = a.v, y = b.v;
    if (uns) {
        x &= wmask(e->bits);
        y &= wmask(e->bits);
    }
    if (!uns && ev && (op->sub == CPP_P_STAR || op->sub == CPP_P_PLUS || op->sub == CPP_P_MINUS) &&
        overflows(e, op->sub == CPP_P_STAR ? '*' : op->sub == CPP_P_PLUS ? '+' : '-', x, y)) {
        /* GCC points at the token after the operation, or the end of the line */
        struct cpp_token at = e->i < e->n ? e->t[e->i] : e->t[e->n - 1];
        if (e->i >= e->n) at.col += at.len;
        cppi_diag_tok(e->pp, CPP_WARNING, &at, "integer overflow in preprocessor expression");
    }
    switch (op->sub) {
    case CPP_P_STAR: return norm(e, x * y, uns);
    case CPP_P_SLASH:
    case CPP_P_PERCENT: {
        if (y == 0 || (!uns && norm(e, y, false).v == 0)) {
            if (ev) fail(e, op, "division by zero in #if");
            return norm(e, 0, uns);
        }
        bool div = op->sub == CPP_P_SLASH;
        if (uns) return norm(e, div ? x / y : x % y, true);
        bool nx = (i128)x < 0, ny = (i128)y < 0;
        u128 ux = nx ? (u128)0 - x : x, uy = ny ? (u128)0 - y : y; /* magnitudes */
        u128 q = ux / uy, r = ux % uy;
        if (div) return norm(e, nx != ny ? (u128)0 - q : q, false);
        return norm(e, nx ? (u128)0 - r : r, false);
    }
    case CPP_P_PLUS: return norm(e, x + y, uns);
    case CPP_P_MINUS: return norm(e, x - y, uns);
    case CPP_P_SHL: return shift(e, a, b, true);
    case CPP_P_SHR: return shift(e, a, b, false);
    case CPP_P_LT: case CPP_P_GT: case CPP_P_LE: case CPP_P_GE: {
        int c = uns ? (x < y ? -1 : x > y) : ((i128)x < (i128)y ? -1 : (i128)x > (i128)y);
        bool r = op->sub == CPP_P_LT ? c < 0 : op->sub == CPP_P_GT ? c > 0
               : op->sub == CPP_P_LE ? c <= 0 : c >= 0;
        return (struct val){r, false};
    }
    case CPP_P_EQ: return (struct val){x == y, false};
    case CPP_P_NE: return (struct val){x != y, false};
    case CPP_P_AMP: return norm(e, x & y, uns);
    case CPP_P_XOR: return norm(e, x ^ y, uns);
    case CPP_P_OR: return norm(e, x | y, uns);
    default: return a;
    }
}

/* Precedence climbing over binary operators at level >= min. */
static struct val binary(struct ev *e, int min, bool ev)
{
    struct val a = unary(e, ev);
    for (;;) {
        const struct cpp_token *op = peek(e);
        int p = prec(op);
        if (p < min || e->failed) return a;
        e->i++;
        if (op->sub == CPP_P_ANDAND || op->sub == CPP_P_OROR) {
            bool and = op->sub == CPP_P_ANDAND;
            bool short_c = and ? a.v == 0 : a.v != 0;
            struct val b = binary(e, p + 1, ev && !short_c);
            bool r = and ? (a.v != 0 && b.v != 0) : (a.v != 0 || b.v != 0);
            a = (struct val){r, false};
            continue;
        }
        struct val b = binary(e, p + 1, ev);
        a = binop(e, op, a, b, ev);
    }
}

static struct val cond(struct ev *e, bool ev)
{
    struct val c = binary(e, 1, ev);
    if (!at_punct(e, CPP_P_QUESTION)) return c;
    e->i++;
    bool t = c.v != 0;
    if (!nest(e)) return c;
    struct val a = expr(e, ev && t);
    e->depth--;
    if (!at_punct(e, CPP_P_COLON)) {
        fail(e, NULL, "'?' without following ':'");
        return a;
    }
    e->i++;
    if (!nest(e)) return a;
    struct val b = cond(e, ev && !t);
    e->depth--;
    bool uns = a.uns || b.uns;
    return norm(e, t ? a.v : b.v, uns);
}

static struct val expr(struct ev *e, bool ev)
{
    struct val v = cond(e, ev);
    while (at_punct(e, CPP_P_COMMA) && !e->failed) {
        e->i++;
        v = cond(e, ev);
    }
    return v;
}

bool cppi_eval_if(struct cpp *pp, const struct cpp_token *toks, u32 n,
                const struct cpp_token *where)
{
    struct ev e = {pp, toks, n, 0, pp->opt.intmax_bits, false, where, 0};
    if (!n) {
        fail(&e, where, "#if with no expression");
        return false;
    }
    struct val v = expr(&e, true);
    if (!e.failed && e.i < n) {
        const struct cpp_token *t = &toks[e.i];
        char msg[160];
        snprintf(msg, sizeof msg, "missing binary operator before token \"%.*s\"",
                 (int)(t->len > 60 ? 60 : t->len), t->p);
        fail(&e, t, msg);
    }
    return !e.failed && v.v != 0;
}
