/* Expressions: GNU as syntax parsed into trees, evaluated to "sym - sym + constant".
 *
 * Precedence, lowest first (GNU as): ||; &&; == != <> < > <= >=; + -; | & ^ ! (or-not);
 * * / % << >>; unary - ~ ! +.  Comparisons give -1 for true, && and || give 1, as in
 * GNU as.  Arithmetic is 128-bit two's complement; >> is a logical shift (of the low
 * 64 bits at XLEN 32 and 64, like GNU as on a 64-bit host).
 *
 * Labels fold into constants when their distance is known: while assembling (EV_NOW),
 * when no variable-size fragment lies between them; after layout (EV_FINAL), whenever
 * both are in the same section.  Differences of labels in code sections never fold
 * (they stay R_RISCV_ADD/SUB relocation pairs, as GNU as does for RISC-V) except for
 * .size and .uleb128/.sleb128 (EV_FOLD). */
#include <string.h>

#include "as/as.h"

#define MAX_DEPTH 1000    /* expression nesting / equate chains: beyond, an error */

static struct enode *node(struct as *A, u8 op, struct enode *l, struct enode *r)
{
    struct enode *n = A->expr_keep ? as_alloc(A, sizeof *n) : as_scratch_alloc(A, sizeof *n);
    n->op = op;
    n->l = l;
    n->r = r;
    u32 d = 0;
    if (l && l->depth > d) d = l->depth;
    if (r && r->depth > d) d = r->depth;
    n->depth = d + 1;
    return n;
}

static struct enode *num_node(struct as *A, i128 v)
{
    struct enode *n = node(A, E_NUM, NULL, NULL);
    n->num = v;
    return n;
}

static struct enode *sym_node(struct as *A, struct sym *s)
{
    struct enode *n = node(A, E_SYM, NULL, NULL);
    n->sym = s;
    s->referenced = true;
    return n;
}

static int digit_val(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'z') return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
    return 99;
}

/* Number, local-label reference (1b, 2f) or character constant. */
static struct enode *parse_number(struct as *A, const char **pp)
{
    const char *p = *pp;
    unsigned base = 10;
    /* local label reference: decimal digits then 'b' or 'f' not followed by a symbol char */
    const char *q = p;
    while (*q >= '0' && *q <= '9') q++;
    if ((*q == 'b' || *q == 'f') && !is_sym_char((unsigned char)q[1]) &&
        !(p[0] == '0' && q == p + 1 && *q == 'b' && (q[1] == '0' || q[1] == '1'))) {
        u64 n = 0;
        for (const char *d = p; d < q; d++) {
            if (n > 100000000) {
                as_error(A, "local label number too large");
                *pp = q + 1;
                return num_node(A, 0);
            }
            n = n * 10 + (u64)(*d - '0');
        }
        *pp = q + 1;
        return sym_node(A, sym_local_ref(A, n, *q == 'f'));
    }
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) { base = 16; p += 2; }
    else if (p[0] == '0' && (p[1] == 'b' || p[1] == 'B')) { base = 2; p += 2; }
    else if (p[0] == '0' && p[1] >= '0' && p[1] <= '9') { base = 8; p += 1; }
    u128 v = 0;
    bool overflow = false, any = false;
    for (;;) {
        int d = digit_val((unsigned char)*p);
        if (d >= (int)base) break;
        any = true;
        u128 nv = v * base + (u128)d;
        if ((nv - (u128)d) / base != v) overflow = true;
        v = nv;
        p++;
    }
    if (!any) {
        as_error(A, "bad number");
        *pp = p;
        return num_node(A, 0);
    }
    if (is_sym_char((unsigned char)*p)) {
        as_error(A, "invalid digit '%c' in number", *p);
        while (is_sym_char((unsigned char)*p)) p++;
    }
    if (overflow) as_error(A, "integer constant does not fit in 128 bits");
    *pp = p;
    return num_node(A, (i128)v);
}

static struct enode *parse_binary(struct as *A, const char **p, int level);
static struct enode *parse_unary_inner(struct as *A, const char **pp);

static struct enode *parse_unary(struct as *A, const char **pp)
{
    const char *p = skip_ws(*pp);
    struct enode *n;
    if (++A->expr_depth > MAX_DEPTH) {
        as_error(A, "expression too deeply nested");
        A->expr_depth--;
        return NULL;
    }
    n = parse_unary_inner(A, &p);
    A->expr_depth--;
    *pp = p;
    return n;
}

static struct enode *parse_unary_inner(struct as *A, const char **pp)
{
    const char *p = skip_ws(*pp);
    struct enode *n;
    if (*p == '-' || *p == '~' || *p == '!' || *p == '+') {
        char c = *p++;
        struct enode *x = parse_unary(A, &p);
        *pp = p;
        if (!x) return NULL;
        if (c == '+') return x;
        return node(A, c == '-' ? E_NEG : c == '~' ? E_NOT : E_LNOT, x, NULL);
    }
    if (*p == '(') {
        p++;
        n = parse_binary(A, &p, 0);
        if (!n) { *pp = p; return NULL; }
        p = skip_ws(p);
        if (*p != ')') {
            as_error(A, "missing ')'");
            *pp = p;
            return NULL;
        }
        *pp = p + 1;
        return n;
    }
    if (*p >= '0' && *p <= '9') {
        n = parse_number(A, &p);
        *pp = p;
        return n;
    }
    if (*p == '\'') {
        p++;
        u8 c;
        if (*p == '\\' && p[1]) {
            p = lex_escape(A, p + 1, &c);
        } else if (*p == 0) {
            as_error(A, "missing character in character constant");
            *pp = p;
            return NULL;
        } else {
            c = (u8)*p++;
        }
        if (*p == '\'') p++;
        *pp = p;
        return num_node(A, c);
    }
    const char *name;
    usize nlen;
    usize len = lex_symbol(A, p, &name, &nlen);
    if (len) {
        p += len;
        if (nlen == 1 && name[0] == '.' && len == 1) {
            *pp = p;
            return sym_node(A, sym_fake_here(A));
        }
        *pp = p;
        return sym_node(A, sym_get(A, name, nlen));
    }
    if (*p == 0)
        as_error(A, "missing expression");
    else
        as_error(A, "bad expression at `%.20s'", p);
    *pp = p;
    return NULL;
}

/* Binary operator at p: returns its op and level (1 = ||, 2 = &&, 3 = comparisons,
 * 4 = + -, 5 = | & ^ !, 6 = * / % << >>) and its length, or level 0. */
static int binop(const char *p, u8 *op, int *len)
{
    *len = 1;
    switch (p[0]) {
    case '|': if (p[1] == '|') { *len = 2; *op = E_LOR; return 1; } *op = E_OR; return 5;
    case '&': if (p[1] == '&') { *len = 2; *op = E_LAND; return 2; } *op = E_AND; return 5;
    case '=': if (p[1] == '=') { *len = 2; *op = E_EQ; return 3; } return 0;
    case '!': if (p[1] == '=') { *len = 2; *op = E_NE; return 3; } *op = E_ORNOT; return 5;
    case '<':
        if (p[1] == '<') { *len = 2; *op = E_SHL; return 6; }
        if (p[1] == '>') { *len = 2; *op = E_NE; return 3; }
        if (p[1] == '=') { *len = 2; *op = E_LE; return 3; }
        *op = E_LT; return 3;
    case '>':
        if (p[1] == '>') { *len = 2; *op = E_SHR; return 6; }
        if (p[1] == '=') { *len = 2; *op = E_GE; return 3; }
        *op = E_GT; return 3;
    case '+': *op = E_ADD; return 4;
    case '-': *op = E_SUB; return 4;
    case '^': *op = E_XOR; return 5;
    case '*': *op = E_MUL; return 6;
    case '/': *op = E_DIV; return 6;
    case '%': *op = E_MOD; return 6;
    default: return 0;
    }
}

static struct enode *parse_binary(struct as *A, const char **pp, int min)
{
    struct enode *l = parse_unary(A, pp);
    if (!l) return NULL;
    for (;;) {
        const char *p = skip_ws(*pp);
        u8 op;
        int len;
        int lv = binop(p, &op, &len);
        if (lv == 0 || lv <= min) {
            *pp = p;
            return l;
        }
        p += len;
        struct enode *r = parse_binary(A, &p, lv);
        *pp = p;
        if (!r) return NULL;
        l = node(A, op, l, r);
        if (l->depth > MAX_DEPTH) {
            as_error(A, "expression too complex");
            return NULL;
        }
    }
}

struct enode *expr_parse(struct as *A, const char **p)
{
    return parse_binary(A, p, 0);
}

/* ---- Evaluation -------------------------------------------------------------------- */

bool value_is_const(const struct value *v) { return !v->add && !v->sub; }

/* Distance a - b between two labels when it is known in this mode. */
static bool label_distance(const struct sym *a, const struct sym *b, enum ev_mode mode,
                           i128 *d)
{
    if (a == b) { *d = 0; return true; }
    if (a->kind != SK_LABEL || b->kind != SK_LABEL || a->sec != b->sec) return false;
    /* GNU as never folds a difference of code labels (a relaxing linker may move them):
       it becomes an ADD/SUB relocation pair; only .size/.uleb128 (EV_FOLD) take it */
    if (mode != EV_FOLD && sect_is_code(a->sec)) return false;
    if (mode == EV_NOW) {
        if (a->frag->epoch != b->frag->epoch) return false;
        *d = (i128)(a->frag->base + a->off) - (i128)(b->frag->base + b->off);
        return true;
    }
    *d = (i128)sym_addr(a) - (i128)sym_addr(b);
    return true;
}

struct ev {
    struct as *A;
    enum ev_mode mode;
    struct srcloc at;
    bool quiet;
    bool failed;
    int equ_depth;
    int total_depth;
};

static void ev_fail(struct ev *E, const char *msg, const char *name)
{
    if (!E->failed && !E->quiet) {
        if (name) as_error_at(E->A, E->at, msg, name);
        else as_error_at(E->A, E->at, "%s", msg);
    }
    E->failed = true;
}

/* Combine x + sign*y, cancelling and folding symbol terms. */
static struct value combine(struct ev *E, struct value x, struct value y, int sign)
{
    struct sym *plus[4], *minus[4];
    int np = 0, nm = 0;
    if (x.add) plus[np++] = x.add;
    if (x.sub) minus[nm++] = x.sub;
    if (sign > 0) {
        if (y.add) plus[np++] = y.add;
        if (y.sub) minus[nm++] = y.sub;
    } else {
        if (y.add) minus[nm++] = y.add;
        if (y.sub) plus[np++] = y.sub;
    }
    i128 k = sign > 0 ? x.k + y.k : x.k - y.k;
    /* cancel and fold pairs */
    for (int i = 0; i < np; i++) {
        for (int j = 0; j < nm; j++) {
            i128 d;
            if (plus[i] && minus[j] && label_distance(plus[i], minus[j], E->mode, &d)) {
                k += d;
                plus[i] = minus[j] = NULL;
                break;
            }
        }
    }
    struct value r = { NULL, NULL, k };
    for (int i = 0; i < np; i++) {
        if (!plus[i]) continue;
        if (r.add) { ev_fail(E, "invalid sections for operation on symbols", NULL); return r; }
        r.add = plus[i];
    }
    for (int j = 0; j < nm; j++) {
        if (!minus[j]) continue;
        if (r.sub) { ev_fail(E, "invalid sections for operation on symbols", NULL); return r; }
        r.sub = minus[j];
    }
    if (r.sub && !r.add) {
        ev_fail(E, "can't subtract symbol `%s' from a constant", r.sub->name);
    }
    return r;
}

static struct value eval(struct ev *E, const struct enode *n);

static struct value eval_sym(struct ev *E, struct sym *s)
{
    struct value v = { NULL, NULL, 0 };
    switch (s->kind) {
    case SK_ABS:
        v.k = s->value;
        return v;
    case SK_EQU:
        if (s->evaluating) {
            ev_fail(E, "symbol definition loop encountered at `%s'", s->name);
            return v;
        }
        if (++E->equ_depth > MAX_DEPTH) {
            ev_fail(E, "symbol `%s' is defined through too many other symbols", s->name);
            return v;
        }
        s->evaluating = true;
        v = eval(E, s->equ);
        s->evaluating = false;
        E->equ_depth--;
        return v;
    default:
        v.add = s;
        return v;
    }
}

static i128 bool_val(bool b) { return b ? -1 : 0; }

static struct value eval_node(struct ev *E, const struct enode *n);

/* Every evaluation is bounded: trees are at most MAX_DEPTH high, and equates may nest
 * only so far in total. */
static struct value eval(struct ev *E, const struct enode *n)
{
    if (++E->total_depth > 4 * MAX_DEPTH) {
        struct value z = { NULL, NULL, 0 };
        ev_fail(E, "expression too complex (symbols defined through each other too deeply)", NULL);
        E->total_depth--;
        return z;
    }
    struct value v = eval_node(E, n);
    E->total_depth--;
    return v;
}

static struct value eval_node(struct ev *E, const struct enode *n)
{
    struct value v = { NULL, NULL, 0 };
    if (!n || E->failed) { E->failed = true; return v; }
    switch (n->op) {
    case E_NUM: v.k = n->num; return v;
    case E_SYM: return eval_sym(E, n->sym);
    default: break;
    }
    struct value a = eval(E, n->l);
    if (E->failed) return v;
    if (n->op == E_NEG || n->op == E_NOT || n->op == E_LNOT) {
        if (!value_is_const(&a)) {
            if (n->op == E_NEG && a.add && !a.sub) {
                ev_fail(E, "can't negate symbol `%s'", a.add->name);
                return v;
            }
            if (n->op == E_NEG && a.add && a.sub) {   /* -(x - y) = y - x */
                v.add = a.sub; v.sub = a.add; v.k = -a.k;
                return v;
            }
            ev_fail(E, "invalid operand for unary operator", NULL);
            return v;
        }
        v.k = n->op == E_NEG ? (i128)(0 - (u128)a.k) : n->op == E_NOT ? ~a.k : (a.k == 0);
        return v;
    }
    struct value b = eval(E, n->r);
    if (E->failed) return v;
    if (n->op == E_ADD) return combine(E, a, b, 1);
    if (n->op == E_SUB) return combine(E, a, b, -1);
    if (!value_is_const(&a) || !value_is_const(&b)) {
        /* comparisons of two labels at a known distance still work */
        if (n->op >= E_EQ && n->op <= E_GE) {
            struct value d = combine(E, a, b, -1);
            if (!E->failed && value_is_const(&d)) {
                switch (n->op) {
                case E_EQ: v.k = bool_val(d.k == 0); break;
                case E_NE: v.k = bool_val(d.k != 0); break;
                case E_LT: v.k = bool_val(d.k < 0); break;
                case E_GT: v.k = bool_val(d.k > 0); break;
                case E_LE: v.k = bool_val(d.k <= 0); break;
                default: v.k = bool_val(d.k >= 0); break;
                }
                return v;
            }
        }
        ev_fail(E, "invalid operands (symbols) for an operation other than + and -", NULL);
        return v;
    }
    i128 x = a.k, y = b.k;
    u128 ux = (u128)x, uy = (u128)y;
    switch (n->op) {
    case E_MUL: v.k = (i128)(ux * uy); break;
    case E_DIV: case E_MOD:
        if (y == 0) {
            ev_fail(E, "division by zero", NULL);
            return v;
        }
        if (y == -1) v.k = n->op == E_DIV ? (i128)(0 - ux) : 0;
        else v.k = n->op == E_DIV ? x / y : x % y;
        break;
    case E_SHL: v.k = uy >= 128 ? 0 : (i128)(ux << uy); break;
    case E_SHR:
        /* logical; at XLEN 32/64 on 64-bit values, as GNU as computes it */
        if (E->A->opt.arch.xlen <= 64) v.k = uy >= 64 ? 0 : (i128)((u64)ux >> uy);
        else v.k = uy >= 128 ? 0 : (i128)(ux >> uy);
        break;
    case E_AND: v.k = x & y; break;
    case E_OR: v.k = x | y; break;
    case E_XOR: v.k = x ^ y; break;
    case E_ORNOT: v.k = x | ~y; break;
    case E_EQ: v.k = bool_val(x == y); break;
    case E_NE: v.k = bool_val(x != y); break;
    case E_LT: v.k = bool_val(x < y); break;
    case E_GT: v.k = bool_val(x > y); break;
    case E_LE: v.k = bool_val(x <= y); break;
    case E_GE: v.k = bool_val(x >= y); break;
    case E_LAND: v.k = (x != 0 && y != 0); break;
    case E_LOR: v.k = (x != 0 || y != 0); break;
    default: ev_fail(E, "bad expression", NULL); break;
    }
    return v;
}

bool expr_eval(struct as *A, const struct enode *e, enum ev_mode mode, struct value *out,
               struct srcloc at, bool quiet)
{
    struct ev E = { A, mode, at, quiet, false, 0, 0 };
    *out = eval(&E, e);
    return !E.failed;
}

bool expr_const(struct as *A, const char **p, i128 *out)
{
    struct enode *e = expr_parse(A, p);
    *out = 0;
    if (!e) return false;
    struct value v;
    if (!expr_eval(A, e, EV_NOW, &v, as_here(A), false)) return false;
    if (!value_is_const(&v)) {
        const struct sym *s = v.add ? v.add : v.sub;
        if (s && s->kind == SK_UNDEF)
            as_error(A, "symbol `%s' is not defined here, a constant is needed", s->name);
        else
            as_error(A, "expression is not a constant");
        return false;
    }
    *out = v.k;
    return true;
}

/* A copy of e in which symbols with a constant value (.set/.equ) are replaced by that
 * value now, and equated expressions are inlined: a deferred fixup must see the value a
 * symbol had when it was used, as GNU as does, not its last .set. */
/* A copy of e in the run's arena, as it is */
static struct enode *copy_tree(struct as *A, const struct enode *e)
{
    if (!e) return NULL;
    struct enode *n = node(A, e->op, copy_tree(A, e->l), copy_tree(A, e->r));
    n->num = e->num;
    n->sym = e->sym;
    return n;
}

static struct enode *freeze(struct as *A, const struct enode *e, int depth)
{
    if (!e) return NULL;
    if (e->op == E_SYM) {
        struct sym *s = e->sym;
        if (s->kind == SK_ABS) return num_node(A, s->value);
        if (s->kind == SK_EQU && depth < 8 && !s->evaluating && s->equ->depth < MAX_DEPTH) {
            s->evaluating = true;
            struct enode *c = freeze(A, s->equ, depth + 1);
            s->evaluating = false;
            return c;
        }
        struct enode *n = node(A, E_SYM, NULL, NULL);
        n->sym = s;
        return n;
    }
    struct enode *n = node(A, e->op, freeze(A, e->l, depth), freeze(A, e->r, depth));
    n->num = e->num;
    if (n->depth > MAX_DEPTH) return copy_tree(A, e);   /* inlining grew it: keep the symbols */
    return n;
}

/* Parsed trees live in the statement's scratch memory; whatever outlives the statement
 * (fixups, equates, sizes, variable fragments) stores this copy, made in the arena. */
struct enode *expr_freeze(struct as *A, const struct enode *e)
{
    A->expr_keep++;
    struct enode *n = freeze(A, e, 0);
    A->expr_keep--;
    return n;
}

struct enode *expr_num(struct as *A, i128 v) { return num_node(A, v); }
struct enode *expr_sym(struct as *A, struct sym *s) { return sym_node(A, s); }
struct enode *expr_binary(struct as *A, u8 op, struct enode *l, struct enode *r)
{
    return node(A, op, l, r);
}
