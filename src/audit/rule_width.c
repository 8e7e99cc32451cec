/* Rules width-test and config-64bit (and llong-64 on the long long width names):
 * BITS_PER_LONG / __WORDSIZE / sizeof(long) / sizeof(void *) compared with 64 or 32,
 * CONFIG_64BIT / __LP64__ branches. */
#include "audit/scan.h"

/* Is "W op K" (W = width of long/pointer; K in bits or bytes) a 64-bit assumption?
 * Returns 0 = fine, 1 = bad, 2 = bad if an #else follows (== 32). */
static int width_cmp_bad(int op, u64 k, u64 k64, u64 k32)
{
    if (k == k64) return op == CPP_P_EQ || op == CPP_P_NE || op == CPP_P_LE || op == CPP_P_GT;
    if (k == k32) return op == CPP_P_NE ? 1 : op == CPP_P_EQ ? 2 : 0;
    return 0;
}

/* Does an identifier in a condition speak about the word size (so that the
 * "shared branch" argument below does not hold for it)? */
static bool widthish(const struct cpp_token *t)
{
    if (t->kind != CPP_IDENT) return false;
    static const char *const words[] = {
        "sizeof", "bits", "wordsize", "lp64", "lp32", "ilp32", "x86", "i386", "ia64", "ppc64",
        "powerpc64", "aarch64", "arch64", "mips64", "sparc64", "s390x", "xlen", NULL};
    char low[64];
    u32 n = t->len < sizeof low ? t->len : (u32)sizeof low - 1;
    for (u32 k = 0; k < n; k++)
        low[k] = (char)(t->p[k] >= 'A' && t->p[k] <= 'Z' ? t->p[k] - 'A' + 'a' : t->p[k]);
    low[n] = 0;
    for (int k = 0; words[k]; k++)
        if (strstr(low, words[k])) return true;
    /* 64 / 32 as a word of the name (CONFIG_64BIT, CONFIG_X86_32, FOO_64), not as the
       tail of another word (TIME32, INT64 are about data, not the word size) */
    for (u32 k = 0; k + 1 < n; k++)
        if (((low[k] == '6' && low[k + 1] == '4') || (low[k] == '3' && low[k + 1] == '2')) &&
            (k == 0 || !(low[k - 1] >= 'a' && low[k - 1] <= 'z')))
            return true;
    return false;
}

/* For the other operands of a conjunct: a feature name that 32-bit builds can have
 * too (no 32/64 in it, not a compat switch), so that the #else is the fallback that
 * 32-bit builds with the feature compile. */
static bool feature_name(const struct cpp_token *t)
{
    if (t->kind != CPP_IDENT) return true;
    for (u32 k = 0; k + 1 < t->len; k++)
        if ((t->p[k] == '6' && t->p[k + 1] == '4') || (t->p[k] == '3' && t->p[k + 1] == '2'))
            return false;
    return !memmem(t->p, t->len, "COMPAT", 6) && !memmem(t->p, t->len, "compat", 6);
}

/* The term [a, b) of a condition (a width comparison, defined(CONFIG_64BIT), ...)
 * has the value lp128 in an LP128 build.  If the term is a conjunct (&&) and false, or
 * a disjunct (||) and true, and no other operand of that && / || group mentions the
 * word size, then an LP128 build takes the branch that 64-bit builds also take
 * whenever the other operands say so (for "A && BITS_PER_LONG == 64": every 64-bit
 * build without A), and 32-bit builds too: that branch is word-size generic code, not a
 * 32-bit assumption.  Returns true in that case.
 *
 * The argument is about which code is compiled, so it is applied to #if/#elif only: a
 * run-time "if (A && BITS_PER_LONG == 64)" is a decision whose other operand is often
 * itself about 64-bit data (a range check that only 64-bit longs need), and the
 * shared branch then skips it.  A disjunct needs no more: in "A || W != 32", A only
 * matters if 32-bit builds can have it, so the branch is compiled for 32- and 64-bit
 * builds.  A conjunct "A && W == 64" also needs A to be a feature that 32-bit builds
 * can have (feature_name), and is not used for config-64bit, whose #else is the
 * 32-bit configuration itself ("CONFIG_64BIT && CONFIG_COMPAT"). */
static bool lp128_branch_is_shared(struct audit_scratch *s, u32 a, u32 b, bool lp128, bool conj_ok)
{
    u32 g = s->grp[a];
    if (s->dk[a] != D_IF) return false; /* only the selection of code, see below */
    for (;;) {
        if (a >= 1 && s->grp[a - 1] == g && is_p(s, a - 1, CPP_P_NOT)) {
            a--;
            lp128 = !lp128;
        } else if (a >= 1 && s->grp[a - 1] == g && is_p(s, a - 1, CPP_P_LPAREN) &&
                   tok_in_grp(s, b, g) && is_p(s, b, CPP_P_RPAREN) &&
                   !(a >= 2 && s->grp[a - 2] == g && T(a - 2)->kind == CPP_IDENT &&
                     !in_set(T(a - 2), au_not_type_kw) && !eq(T(a - 2), "elif"))) {
            a--;
            b++;
        } else
            break;
    }
    bool lconj = a >= 1 && s->grp[a - 1] == g && is_p(s, a - 1, CPP_P_ANDAND);
    bool rconj = tok_in_grp(s, b, g) && is_p(s, b, CPP_P_ANDAND);
    bool ldisj = a >= 1 && s->grp[a - 1] == g && is_p(s, a - 1, CPP_P_OROR);
    bool rdisj = tok_in_grp(s, b, g) && is_p(s, b, CPP_P_OROR);
    bool conj = lconj || rconj, disj = !conj && (ldisj || rdisj);
    if (!(conj && !lp128 && conj_ok) && !(disj && lp128)) return false;
    /* the other operands of the group: up to an unmatched parenthesis, the end of the
       condition, and for a conjunct up to a || at the same level */
    int d = 0;
    for (u32 j = a; j > 0 && s->grp[j - 1] == g; j--) {
        const struct cpp_token *t = T(j - 1);
        if (is_p(s, j - 1, CPP_P_RPAREN)) d++;
        else if (is_p(s, j - 1, CPP_P_LPAREN)) {
            if (d-- == 0) break;
        } else if (d == 0 && t->kind == CPP_PUNCT &&
                   (t->sub == CPP_P_QUESTION || t->sub == CPP_P_COLON || t->sub == CPP_P_COMMA ||
                    t->sub == CPP_P_SEMI || t->sub == CPP_P_ASSIGN || t->sub == CPP_P_LBRACE ||
                    t->sub == CPP_P_RBRACE || (conj && t->sub == CPP_P_OROR)))
            break;
        else if (d == 0 && is_id(s, j - 1, "return"))
            break;
        if (widthish(t) || (conj && !feature_name(t))) return false;
    }
    d = 0;
    for (u32 j = b; tok_in_grp(s, j, g); j++) {
        const struct cpp_token *t = T(j);
        if (is_p(s, j, CPP_P_LPAREN)) d++;
        else if (is_p(s, j, CPP_P_RPAREN)) {
            if (d-- == 0) break;
        } else if (d == 0 && t->kind == CPP_PUNCT &&
                   (t->sub == CPP_P_QUESTION || t->sub == CPP_P_COLON || t->sub == CPP_P_COMMA ||
                    t->sub == CPP_P_SEMI || t->sub == CPP_P_LBRACE || t->sub == CPP_P_RBRACE ||
                    (conj && t->sub == CPP_P_OROR)))
            break;
        if (widthish(t) || (conj && !feature_name(t))) return false;
    }
    return true;
}

/* Check "X op K" / "K op X" around the width expression spanning [a, b). */
static void width_compare(struct audit_scratch *s, u32 a, u32 b, u32 at, const char *what,
                          u64 k64, u64 k32, int rule)
{
    u32 g = s->grp[a];
    int op = -1;
    const struct cpp_token *k = NULL;
    u32 lo = a, hi = b, opat = b;
    bool flipped = false;
    if (au_is_cmp(s, b) && tok_in_grp(s, b + 1, g) && T(b + 1)->kind == CPP_NUMBER &&
        !(is_p(s, b + 2, CPP_P_STAR) || is_p(s, b + 2, CPP_P_SLASH) || is_p(s, b + 2, CPP_P_PLUS) ||
          is_p(s, b + 2, CPP_P_MINUS) || is_p(s, b + 2, CPP_P_SHL))) {
        op = T(b)->sub;
        k = T(b + 1);
        hi = b + 2;
    } else if (a >= 2 && au_is_cmp(s, a - 1) && s->grp[a - 2] == g && T(a - 2)->kind == CPP_NUMBER &&
               !(a >= 3 && s->grp[a - 3] == g && T(a - 3)->kind == CPP_PUNCT &&
                 T(a - 3)->sub != CPP_P_LPAREN && T(a - 3)->sub != CPP_P_ANDAND &&
                 T(a - 3)->sub != CPP_P_OROR && T(a - 3)->sub != CPP_P_NOT)) {
        op = au_cmp_flip(T(a - 1)->sub);
        k = T(a - 2);
        lo = a - 2;
        opat = a - 1;
        flipped = true;
    } else if (au_is_cmp(s, b) && tok_in_grp(s, b + 1, g) && is_p(s, b + 1, CPP_P_LPAREN) &&
               tok_in_grp(s, b + 3, g) && T(b + 2)->kind == CPP_NUMBER && is_p(s, b + 3, CPP_P_RPAREN)) {
        op = T(b)->sub;
        k = T(b + 2);
        hi = b + 4;
    }
    if (!k) return;
    u128 v;
    int l;
    bool u;
    if (!au_int_value(k, &v, &l, &u) || v > 1000) return;
    int bad = width_cmp_bad(op, (u64)v, k64, k32);
    if (bad && lp128_branch_is_shared(s, lo, hi, au_cmp_value(op, k64 * 2, (u64)v), true)) return;
    if (bad == 1) {
        char src[96]; /* the comparison as written: "sizeof(reg_t)==8", "64 != BITS_PER_LONG" */
        au_spell(s, lo, hi, src, sizeof src);
        if ((u64)v == k32)
            au_report(s, at, rule, "'%s' treats every build that is not 32-bit as 64-bit; under "
                      "LP128 %s is %u", src, what, (unsigned)(k64 == 64 ? 128 : 16));
        else if (au_report(s, at, rule, "'%s' assumes %s is at most %u; under LP128 it is %u", src,
                           what, (unsigned)k64, (unsigned)(k64 == 64 ? 128 : 16)) &&
                 (op == CPP_P_EQ || op == CPP_P_NE)) {
            /* "== 64" means "64-bit or wider", "!= 64" "narrower than 64 bits" */
            const char *rep = op == CPP_P_EQ ? (flipped ? "<=" : ">=") : (flipped ? ">" : "<");
            au_fix(s, opat, opat + 1, rep);
        }
    } else if (bad == 2 && s->dk[at] == D_IF && s->nconds > 0) {
        struct cond *c = &s->conds[s->nconds - 1];
        if (!c->has_pending) {
            c->has_pending = true;
            c->line = T(at)->line;
            c->col = T(at)->col;
        }
    }
}

/* ---------------------------------------------------------------- the rules */

static const char *const width_names[] = {"BITS_PER_LONG", "__BITS_PER_LONG", "__WORDSIZE",
                                          "BITS_PER_LONG_LONG", NULL};
static const char *const width_bytes[] = {"__SIZEOF_LONG__", "__SIZEOF_POINTER__",
                                          "__SIZEOF_SIZE_T__", "__SIZEOF_PTRDIFF_T__",
                                          "__SIZEOF_LONG_LONG__", NULL};

void au_rule_width_ident(struct audit_scratch *s, u32 i)
{
    const struct cpp_token *t = T(i);
    if (in_set(t, width_names)) {
        bool ll = eq(t, "BITS_PER_LONG_LONG");
        char what[40];
        snprintf(what, sizeof what, "%.*s", (int)t->len, t->p);
        width_compare(s, i, i + 1, i, what, 64, 32, ll ? R_LLONG_64 : R_WIDTH_TEST);
    } else if (in_set(t, width_bytes)) {
        bool ll = eq(t, "__SIZEOF_LONG_LONG__");
        char what[40];
        snprintf(what, sizeof what, "%.*s", (int)t->len, t->p);
        width_compare(s, i, i + 1, i, what, 8, 4, ll ? R_LLONG_64 : R_WIDTH_TEST);
    }
}

/* The class of what "sizeof(...)" at i measures: C_PTR for "sizeof(T *)" or a pointer
 * variable, C_LONG for long-sized types and variables, C_LLONG for long long, C_W64 for
 * the fixed 64-bit types, C_OTHER for anything else, C_NONE when i is not "sizeof(" or
 * the operand is not a short type or name; *end = index after the ')'.  Shared by
 * width-test and size-literal. */
u8 au_sizeof_class(struct audit_scratch *s, u32 i, u32 *end)
{
    u32 g = s->grp[i];
    if (!is_id(s, i, "sizeof") || !is_p(s, i + 1, CPP_P_LPAREN) || !tok_in_grp(s, i + 1, g))
        return C_NONE;
    u32 e = au_match_paren(s, i + 1);
    if (e == i + 1 || e - i > 10) return C_NONE;
    *end = e;
    if (is_p(s, i + 2, CPP_P_STAR)) {
        /* sizeof(*p): the size of what p points to, not of a pointer */
        if (e != i + 5 || T(i + 3)->kind != CPP_IDENT) return C_OTHER;
        const struct sym *p = au_tab_find(s, T(i + 3));
        return p && p->cls == C_PTR && !p->array && p->pointee != C_NONE ? p->pointee : C_OTHER;
    }
    /* type words inside */
    int longs = 0, stars = 0, other = 0, words = 0;
    bool lt = false, ptrvar = false, w64 = false;
    for (u32 j = i + 2; j + 1 < e; j++) {
        const struct cpp_token *t = T(j);
        if (is_p(s, j, CPP_P_STAR)) stars++;
        else if (t->kind == CPP_IDENT) {
            if (in_set(t, au_qualifiers)) continue;
            words++;
            if (eq(t, "long")) longs++;
            else if (eq(t, "unsigned") || eq(t, "signed") || eq(t, "int")) ;
            else if (in_set(t, au_long_types)) lt = true;
            else if (in_set(t, au_w64_types)) w64 = true;
            else other++;
        } else
            return C_NONE;
    }
    if (words == 1 && other == 1 && !stars && e == i + 4) {
        /* sizeof(var) */
        u8 c = au_tab_get(s, T(i + 2));
        if (c == C_PTR) ptrvar = true;
        else if (c == C_LONG) lt = true;
        else if (c == C_LLONG) longs = 2;
        other = 0;
    }
    if (w64) return C_W64;
    if (stars || ptrvar) return C_PTR;
    if (longs == 2) return C_LLONG;
    if ((longs == 1 || lt) && !other) return C_LONG;
    return C_OTHER;
}

/* sizeof(T) / sizeof x compared with 8 or 4. */
void au_rule_sizeof(struct audit_scratch *s, u32 i)
{
    u32 end;
    u8 c = au_sizeof_class(s, i, &end);
    const char *what = NULL;
    int rule = R_WIDTH_TEST;
    if (c == C_PTR) what = "sizeof(pointer)";
    else if (c == C_LLONG) what = "sizeof(long long)", rule = R_LLONG_64;
    else if (c == C_LONG) what = "sizeof(long)";
    if (!what) return;
    width_compare(s, i, end, i, what, 8, 4, rule);
}

void au_rule_config(struct audit_scratch *s, u32 i)
{
    const struct cpp_token *t = T(i);
    if (!(eq(t, "CONFIG_64BIT") || eq(t, "__LP64__") || eq(t, "_LP64"))) return;
    bool in_if = s->dk[i] == D_IF;
    bool in_code = false;
    if (!in_if && i >= 2 && is_p(s, i - 1, CPP_P_LPAREN) && T(i - 2)->kind == CPP_IDENT &&
        (eq(T(i - 2), "IS_ENABLED") || eq(T(i - 2), "IS_BUILTIN") || eq(T(i - 2), "IS_REACHABLE") ||
         eq(T(i - 2), "__is_defined") || eq(T(i - 2), "config_enabled")))
        in_code = true;
    if (!in_if && !in_code) return;
    /* the term: NAME, defined NAME, defined(NAME), IS_ENABLED(NAME) */
    u32 lo = i, hi = i + 1;
    if (i >= 2 && is_p(s, i - 1, CPP_P_LPAREN) && is_p(s, i + 1, CPP_P_RPAREN) &&
        T(i - 2)->kind == CPP_IDENT && s->grp[i - 2] == s->grp[i])
        lo = i - 2, hi = i + 2;
    else if (i >= 1 && is_id(s, i - 1, "defined") && s->grp[i - 1] == s->grp[i])
        lo = i - 1;
    if (lp128_branch_is_shared(s, lo, hi, false, false)) return;
    if (!au_report(s, i, R_CONFIG_64BIT, "%.*s test: the branches assume 'not 32-bit' means "
                   "64-bit; an LP128 build has no %.*s", (int)t->len, t->p, (int)t->len, t->p))
        return;
    /* the property meant: a kernel's longs are at least 64 bits; in user space (__LP64__,
       _LP64) the compiler's own __SIZEOF_LONG__, which needs no header */
    const char *prop = eq(t, "CONFIG_64BIT") ? "BITS_PER_LONG >= 64" : "__SIZEOF_LONG__ >= 8";
    char rep[64];
    if (in_if && i >= 1 && (is_id(s, i - 1, "ifdef") || is_id(s, i - 1, "ifndef")) &&
        s->grp[i - 1] == s->grp[i] && !tok_in_grp(s, i + 1, s->grp[i])) {
        bool neg = is_id(s, i - 1, "ifndef");
        snprintf(rep, sizeof rep, "if %s%s%s", neg ? "!(" : "", prop, neg ? ")" : "");
        au_fix(s, i - 1, i + 1, rep);
    } else if (lo != i || in_if) {
        snprintf(rep, sizeof rep, "(%s)", prop);
        au_fix(s, lo, hi, rep);
    }
}
