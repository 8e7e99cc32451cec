/* Rule width-no-branch: places where a build with 128-bit longs and pointers gets no
 * working code at all, as opposed to width-test's every comparison with 64 or 32:
 *   - an #if/#elif chain on the word size that gives 32- and 64-bit builds a branch
 *     and a 128-bit build none (no #else): whatever it defines is missing;
 *   - an #error in the branch a 128-bit build takes and a 64-bit build does not;
 *   - a static assertion on the word size that 64-bit builds pass and a 128-bit build
 *     fails (BUILD_BUG_ON(sizeof(long) != 8), _Static_assert(sizeof(void *) == 8, ..)).
 * An optimisation-only "#if BITS_PER_LONG == 64 ... #else generic" is not reported:
 * the #else works at any width.  Conditions are evaluated for the three data models
 * (ILP32, LP64, LP128) over the word-size comparisons only; any other operand is
 * unknown, and an unknown decision is never reported. */
#include "audit/scan.h"

enum { B32, B64, B128, NB };

/* The word-size operand at i: its LP64 value (64 for the bit counts, 8 for the byte
 * counts and sizeof) or 0; *end = index after it. */
static u32 width_at(struct audit_scratch *s, u32 i, u32 e, u32 *end)
{
    static const char *const bits[] = {"BITS_PER_LONG", "__BITS_PER_LONG", "__WORDSIZE", NULL};
    static const char *const bytes[] = {"__SIZEOF_LONG__", "__SIZEOF_POINTER__",
                                        "__SIZEOF_SIZE_T__", "__SIZEOF_PTRDIFF_T__", NULL};
    if (i >= e) return 0; /* an empty operand (`#if X &&`): no token of this line is left */
    const struct cpp_token *t = T(i);
    if (t->kind != CPP_IDENT) return 0;
    *end = i + 1;
    if (in_set(t, bits)) return 64;
    if (in_set(t, bytes)) return 8;
    u32 se;
    u8 c = au_sizeof_class(s, i, &se);
    /* of a type only: sizeof(var) and sizeof(*p) go through the symbol table, whose
       guess is good enough for a hint but not for "this cannot build" (ps3's
       sizeof(payload) of a local struct was taken for a pointer) */
    if (c != C_NONE && (is_p(s, i + 2, CPP_P_STAR) ||
                        (se == i + 4 && !eq(T(i + 2), "long") && !in_set(T(i + 2), au_long_types))))
        return 0;
    if ((c == C_LONG || c == C_PTR) && se <= e) {
        *end = se;
        return 8;
    }
    return 0;
}

/* A condition being evaluated: tokens [i, e); v[b] below is 1 (true), 0 (false) or -1
 * (unknown) for each data model b. */
struct ev {
    struct audit_scratch *s;
    u32 i, e;
    u32 wi;  /* the first word-size operand met (for the message), or ~0 */
    u32 w64; /* its LP64 value */
};

static bool ev_at(const struct ev *x, enum cpp_punct p)
{
    return x->i < x->e && is_p(x->s, x->i, p);
}

/* An operand this evaluation does not model: skipped up to the next && or || of its
 * level, and unknown for every data model. */
static void ev_unknown(struct ev *x, i8 v[NB])
{
    int d = 0;
    for (; x->i < x->e; x->i++) {
        struct audit_scratch *s = x->s;
        if (is_p(s, x->i, CPP_P_LPAREN)) d++;
        else if (is_p(s, x->i, CPP_P_RPAREN)) d--;
        else if (d == 0 && (is_p(s, x->i, CPP_P_ANDAND) || is_p(s, x->i, CPP_P_OROR))) break;
    }
    for (int b = 0; b < NB; b++) v[b] = -1;
}

static void ev_or(struct ev *x, i8 v[NB]);

/* ! operand, ( condition ), W op K, K op W, or an unknown operand. */
static void ev_unary(struct ev *x, i8 v[NB])
{
    struct audit_scratch *s = x->s;
    if (ev_at(x, CPP_P_NOT)) {
        x->i++;
        ev_unary(x, v);
        for (int b = 0; b < NB; b++)
            if (v[b] >= 0) v[b] = !v[b];
        return;
    }
    u32 start = x->i;
    if (ev_at(x, CPP_P_LPAREN)) {
        u32 m = au_match_paren(s, x->i);
        if (m > x->i && m <= x->e) {
            u32 e = x->e;
            x->i++;
            x->e = m - 1;
            ev_or(x, v);
            bool whole = x->i == x->e;
            x->e = e;
            x->i = m;
            if (whole && (x->i == x->e || ev_at(x, CPP_P_ANDAND) || ev_at(x, CPP_P_OROR))) return;
        }
        x->i = start;
        ev_unknown(x, v);
        return;
    }
    /* W op K or K op W, followed by the end of its operand */
    u32 we, w64 = 0, wi = x->i, ki = 0;
    int op = -1;
    if ((w64 = width_at(s, x->i, x->e, &we)) && we + 1 < x->e && au_is_cmp(s, we) &&
        T(we + 1)->kind == CPP_NUMBER) {
        op = T(we)->sub;
        ki = we + 1;
        x->i = we + 2;
    } else if (x->i + 2 < x->e && T(x->i)->kind == CPP_NUMBER && au_is_cmp(s, x->i + 1) &&
               (w64 = width_at(s, x->i + 2, x->e, &we))) {
        op = au_cmp_flip(T(x->i + 1)->sub);
        ki = x->i;
        wi = x->i + 2;
        x->i = we;
    }
    u128 k;
    int l;
    bool u;
    if (op < 0 || !(x->i == x->e || ev_at(x, CPP_P_ANDAND) || ev_at(x, CPP_P_OROR)) ||
        !au_int_value(T(ki), &k, &l, &u) || k > 1000) {
        x->i = start;
        ev_unknown(x, v);
        return;
    }
    if (x->wi == ~0u) {
        x->wi = wi;
        x->w64 = w64;
    }
    for (int b = 0; b < NB; b++) v[b] = au_cmp_value(op, (u64)w64 << b >> 1, (u64)k);
}

static void ev_and(struct ev *x, i8 v[NB])
{
    ev_unary(x, v);
    while (ev_at(x, CPP_P_ANDAND)) {
        i8 r[NB];
        x->i++;
        ev_unary(x, r);
        for (int b = 0; b < NB; b++)
            v[b] = v[b] == 0 || r[b] == 0 ? 0 : v[b] < 0 || r[b] < 0 ? -1 : 1;
    }
}

static void ev_or(struct ev *x, i8 v[NB])
{
    ev_and(x, v);
    while (ev_at(x, CPP_P_OROR)) {
        i8 r[NB];
        x->i++;
        ev_and(x, r);
        for (int b = 0; b < NB; b++)
            v[b] = v[b] == 1 || r[b] == 1 ? 1 : v[b] < 0 || r[b] < 0 ? -1 : 0;
    }
}

/* The value of the condition [a, e) in each data model. */
static void evaluate(struct audit_scratch *s, u32 a, u32 e, i8 v[NB], u32 *wi, u32 *w64)
{
    struct ev x = {s, a, e, ~0u, 0};
    ev_or(&x, v);
    if (x.i != e) /* a ternary, a comma: not modelled */
        for (int b = 0; b < NB; b++) v[b] = -1;
    *wi = x.wi;
    *w64 = x.w64;
}

/* What the word-size operand at wi measures, for messages. */
static const char *what_of(struct audit_scratch *s, u32 wi, char *buf, size_t n)
{
    u32 e;
    u8 c = au_sizeof_class(s, wi, &e);
    if (c == C_LONG) return "sizeof(long)";
    if (c == C_PTR) return "sizeof(pointer)";
    snprintf(buf, n, "%.*s", (int)T(wi)->len, T(wi)->p);
    return buf;
}

/* Does a condition [a, e) speak about the word size at all (then its branches are
 * taken per data model, and code under an unknown one may be for 64-bit builds only)? */
static bool mentions_width(struct audit_scratch *s, u32 a, u32 e)
{
    for (u32 j = a; j < e; j++) {
        const struct cpp_token *t = T(j);
        if (t->kind != CPP_IDENT) continue;
        if (memmem(t->p, t->len, "64", 2) || memmem(t->p, t->len, "32", 2) ||
            memmem(t->p, t->len, "BITS_PER_LONG", 13) || memmem(t->p, t->len, "WORDSIZE", 8) ||
            memmem(t->p, t->len, "SIZEOF_", 7) || eq(t, "sizeof"))
            return true;
    }
    return false;
}

/* Is the code at the top of the first n conditionals compiled by a 128-bit build?  A
 * branch of a word-size chain is only when the chain says so; other chains are taken
 * to be (their conditions are about features, not the data model). */
static bool lp128_compiles(const struct audit_scratch *s, u32 n)
{
    for (u32 k = 0; k < n; k++)
        if (s->conds[k].widthy && s->conds[k].cur[B128] != 1) return false;
    return true;
}

void au_nobranch_cond(struct audit_scratch *s, u32 i)
{
    const struct cpp_token *d = T(i);
    struct cond *c = &s->conds[s->nconds - 1];
    char wb[40], src[100];
    if (eq(d, "error")) {
        /* the branch 128-bit builds take and 64-bit builds do not */
        if (c->cur[B128] == 1 && c->cur[B64] == 0 && c->wi && lp128_compiles(s, s->nconds - 1))
            au_report(s, i, R_WIDTH_NO_BRANCH, "#error reached by a 128-bit build: after '%s' "
                      "an LP128 build, where %s is %u, takes this branch and 64-bit builds "
                      "do not", au_spell(s, c->ca, c->cb, src, sizeof src),
                      what_of(s, c->wi, wb, sizeof wb), (unsigned)c->w64 * 2);
        return;
    }
    if (eq(d, "endif")) {
        /* an #else would have been taken: taken[B128] is 0 only without one */
        if (c->taken[B32] == 1 && c->taken[B64] == 1 && c->taken[B128] == 0 &&
            lp128_compiles(s, s->nconds - 1))
            au_report(s, c->if_tok, R_WIDTH_NO_BRANCH, "'%s' and the #elif after it give 32- "
                      "and 64-bit builds a branch and a 128-bit build none (no #else; %s is "
                      "%u under LP128): what the branches define is missing",
                      au_spell(s, c->ca, c->cb, src, sizeof src),
                      what_of(s, c->wi, wb, sizeof wb), (unsigned)c->w64 * 2);
        return;
    }
    u32 g = s->grp[i], e = i + 1;
    while (tok_in_grp(s, e, g)) e++;
    i8 v[NB] = {-1, -1, -1};
    if (eq(d, "if") || eq(d, "ifdef") || eq(d, "ifndef")) {
        for (int b = 0; b < NB; b++) c->taken[b] = 0;
        c->if_tok = i;
    }
    if (eq(d, "else")) {
        for (int b = 0; b < NB; b++) v[b] = 1;
    } else if (eq(d, "if") || eq(d, "elif")) {
        u32 wi, w64;
        evaluate(s, i + 1, e, v, &wi, &w64);
        if (wi != ~0u && !c->wi) {
            c->wi = wi;
            c->w64 = w64;
            c->ca = i + 1;
            c->cb = e;
        }
    }
    if (!c->widthy && mentions_width(s, i + 1, e)) c->widthy = true;
    for (int b = 0; b < NB; b++) {
        if (c->taken[b] == 1) c->cur[b] = 0;
        else if (c->taken[b] < 0) c->cur[b] = -1;
        else c->cur[b] = c->taken[b] = v[b];
    }
}

void au_rule_no_branch_assert(struct audit_scratch *s, u32 i)
{
    const struct cpp_token *t = T(i);
    /* BUILD_BUG_ON(c) breaks the build when c holds, the assertions when it does not */
    bool bug_on = eq(t, "BUILD_BUG_ON") || eq(t, "BUILD_BUG_ON_MSG") || eq(t, "BUILD_BUG_ON_ZERO");
    if (!bug_on && !eq(t, "_Static_assert") && !eq(t, "static_assert") && !eq(t, "compiletime_assert"))
        return;
    u32 m = au_match_paren(s, i + 1);
    if (m == i + 1) return;
    u32 e = i + 2;
    for (int d = 0; e + 1 < m; e++) {
        if (is_p(s, e, CPP_P_LPAREN)) d++;
        else if (is_p(s, e, CPP_P_RPAREN)) d--;
        else if (d == 0 && is_p(s, e, CPP_P_COMMA)) break;
    }
    i8 v[NB];
    u32 wi, w64;
    evaluate(s, i + 2, e, v, &wi, &w64);
    int fail64 = v[B64] < 0 ? -1 : bug_on ? v[B64] : !v[B64];
    int fail128 = v[B128] < 0 ? -1 : bug_on ? v[B128] : !v[B128];
    if (fail64 != 0 || fail128 != 1 || !lp128_compiles(s, s->nconds)) return;
    char wb[40], src[100];
    au_report(s, i, R_WIDTH_NO_BRANCH, "'%.*s(%s)' stops a 128-bit build: %s is %u under "
              "LP128", (int)t->len, t->p, au_spell(s, i + 2, e, src, sizeof src),
              what_of(s, wi, wb, sizeof wb), (unsigned)w64 * 2);
}
