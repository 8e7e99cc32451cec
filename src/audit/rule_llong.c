/* Rule llong-64 on LLONG_MAX / LLONG_MIN / ULLONG_MAX used as 64-bit bounds. */
#include "audit/scan.h"

/* Operators whose result, truncated to 64 bits, is the truncation of the result on the
   truncated operands (+ - * & | ^ ~ <<): anything else in [a, b] returns false. */
static bool modular_span(struct audit_scratch *s, u32 a, u32 b)
{
    for (u32 q = a; q <= b; q++) {
        const struct cpp_token *x = T(q);
        if (x->kind == CPP_PUNCT)
            switch (x->sub) {
            case CPP_P_SLASH: case CPP_P_PERCENT: case CPP_P_SHR: case CPP_P_LT:
            case CPP_P_GT: case CPP_P_LE: case CPP_P_GE: case CPP_P_EQ: case CPP_P_NE:
            case CPP_P_QUESTION: case CPP_P_ANDAND: case CPP_P_OROR: case CPP_P_NOT:
                return false;
            default:
                break;
            }
    }
    return true;
}

/* Is ULLONG_MAX at i, inside an expression of modular operators, a whole argument of a
   function call ("e820__range_remove(start, ULLONG_MAX - start, ...)")?  The parameter
   is either 64 bits wide, and the argument converts to the intended U64_MAX - start, or
   long long wide, and the callee works in that width: nothing compares the 128-bit value
   with a 64-bit one here.  Calls of comparing macros (min, max, clamp) and control
   keywords do not count. */
static bool call_argument(struct audit_scratch *s, u32 i)
{
    static const char *const not_calls[] = {"if", "while", "for", "switch", "return", "sizeof",
        "typeof", "__typeof__", "_Static_assert", "BUILD_BUG_ON", "WARN_ON", "WARN_ON_ONCE",
        "BUG_ON", "likely", "unlikely", NULL};
    u32 g = s->grp[i], open = 0, a = i, b = i;
    int d = 0;
    for (u32 j = i; j > 0 && s->grp[j - 1] == g && i - j < 60; j--) {
        u32 k = j - 1;
        if (is_p(s, k, CPP_P_RPAREN)) d++;
        else if (is_p(s, k, CPP_P_LPAREN) && d-- == 0) {
            open = k;
            break;
        } else if (d == 0 && is_p(s, k, CPP_P_COMMA) && a == i) a = k + 1;
        else if (is_p(s, k, CPP_P_SEMI) || is_p(s, k, CPP_P_LBRACE) || is_p(s, k, CPP_P_RBRACE))
            return false;
    }
    if (!open || T(open - 1)->kind != CPP_IDENT || in_set(T(open - 1), not_calls)) return false;
    const struct cpp_token *f = T(open - 1);
    if (memmem(f->p, f->len, "min", 3) || memmem(f->p, f->len, "max", 3) ||
        memmem(f->p, f->len, "clamp", 5))
        return false;
    if (a == i) a = open + 1;
    u32 close = au_match_paren(s, open); /* the index after ')' */
    if (close == open) return false;
    close--;
    d = 0;
    for (u32 k = i + 1; k < close; k++) {
        if (is_p(s, k, CPP_P_LPAREN)) d++;
        else if (is_p(s, k, CPP_P_RPAREN)) d--;
        else if (d == 0 && is_p(s, k, CPP_P_COMMA)) break;
        b = k;
    }
    return modular_span(s, a, b);
}

void au_rule_llong_limits(struct audit_scratch *s, u32 i)
{
    const struct cpp_token *t = T(i);
    if (!(eq(t, "LLONG_MAX") || eq(t, "LLONG_MIN") || eq(t, "ULLONG_MAX"))) return;
    u32 g = s->grp[i];
    if (s->dk[i] == D_DEFINE) {
        /* #define S64_MAX LLONG_MAX and friends */
        u32 k = i;
        while (k > 0 && s->grp[k - 1] == g) k--;
        if (k + 2 < i && is_id(s, k + 1, "define") && T(k + 2)->kind == CPP_IDENT &&
            memmem(T(k + 2)->p, T(k + 2)->len, "64", 2)) {
            au_report(s, i, R_LLONG_64, "%.*s defines a 64-bit bound, but long long is 128 bits "
                   "under LP128", (int)t->len, t->p);
            return;
        }
        if (k + 2 <= i && is_id(s, k + 1, "define") && T(k + 2) == t) return;
    }
    /* A 64-bit value compared with or computed against LLONG_MAX/LLONG_MIN is checked
       against the range of long long - in the kernel, of loff_t ("if (info->lo_offset >
       LLONG_MAX)" before "lo->lo_offset = info->lo_offset").  long long and loff_t are
       128 bits under LP128, so the check and the conversion it guards stay right; only
       ULLONG_MAX stands in for U64_MAX as an overflow limit or sentinel of a u64. */
    if (!eq(t, "ULLONG_MAX")) return;
    /* "(u64)ULLONG_MAX", "(s64)LLONG_MAX": converted to the 64-bit type first, which
       gives U64_MAX / -1 / ... exactly: no 128-bit value reaches the 64-bit operand */
    if (i >= 3 && is_p(s, i - 1, CPP_P_RPAREN)) {
        u32 k = i - 1;
        while (k > 0 && s->grp[k] == g && !is_p(s, k, CPP_P_LPAREN) && i - k < 8) k--;
        u32 after;
        if (is_p(s, k, CPP_P_LPAREN) && au_cast_at(s, k, &after) == K_W64 && after == i) return;
    }
    /* "x = LLONG_MAX;" / "u64 x = ULLONG_MAX;": truncation to 64 bits gives the intended
       value, so only comparisons and arithmetic are reported */
    if (i >= 1 && (is_p(s, i - 1, CPP_P_ASSIGN) || (is_p(s, i - 1, CPP_P_COMMA) && s->paren == 0)) &&
        (is_p(s, i + 1, CPP_P_SEMI) || is_p(s, i + 1, CPP_P_COMMA)))
        return;
    /* same statement: a 64-bit typed name or cast */
    u32 a = i, b = i;
    while (a > 0 && s->grp[a - 1] == g && !is_p(s, a - 1, CPP_P_SEMI) &&
           !is_p(s, a - 1, CPP_P_LBRACE) && !is_p(s, a - 1, CPP_P_RBRACE) && i - a < 40)
        a--;
    while (b + 1 < s->n && s->grp[b + 1] == g && !is_p(s, b + 1, CPP_P_SEMI) &&
           !is_p(s, b + 1, CPP_P_LBRACE) && !is_p(s, b + 1, CPP_P_RBRACE) && b - i < 40)
        b++;
    /* "u64_lvalue = ULLONG_MAX - x;": the result truncated to 64 bits is the same when the
       right-hand side only uses operations that commute with truncation */
    for (u32 j = a; j < i; j++) {
        if (!is_p(s, j, CPP_P_ASSIGN) || j == a || T(j - 1)->kind != CPP_IDENT ||
            au_tab_get(s, T(j - 1)) != C_W64)
            continue;
        if (modular_span(s, j + 1, b)) return;
    }
    if (call_argument(s, i)) return;
    /* the 64-bit operand must be near: same sub-expression, not across , ? : */
    u32 lo = i, hi = i;
    while (lo > a && i - lo < 6 && !is_p(s, lo - 1, CPP_P_COMMA) && !is_p(s, lo - 1, CPP_P_QUESTION) &&
           !is_p(s, lo - 1, CPP_P_COLON) && !is_p(s, lo - 1, CPP_P_ANDAND) && !is_p(s, lo - 1, CPP_P_OROR))
        lo--;
    while (hi < b && hi - i < 6 && !is_p(s, hi + 1, CPP_P_COMMA) && !is_p(s, hi + 1, CPP_P_QUESTION) &&
           !is_p(s, hi + 1, CPP_P_COLON) && !is_p(s, hi + 1, CPP_P_ANDAND) && !is_p(s, hi + 1, CPP_P_OROR))
        hi++;
    a = lo;
    b = hi;
    for (u32 j = a; j <= b; j++) {
        const struct cpp_token *x = T(j);
        if (x->kind != CPP_IDENT) continue;
        if (is_p(s, j + 1, CPP_P_DOT) || is_p(s, j + 1, CPP_P_ARROW)) continue; /* a base */
        u8 c = au_tab_get(s, x);
        if (j > 0 && (is_p(s, j - 1, CPP_P_DOT) || is_p(s, j - 1, CPP_P_ARROW))) {
            /* a member: its struct's declaration, when known, wins over a variable of the
               same name ("p.length" of a long long member next to a local "u64 length") */
            struct operand o = au_name_chain(s, au_chain_start(s, j));
            if (o.k != O_UNKNOWN) c = o.k == O_W64 ? C_W64 : C_OTHER;
        }
        if (in_set(x, au_w64_types) || c == C_W64) {
            au_report(s, i, R_LLONG_64, "%.*s used as a bound of 64-bit '%.*s': long long is 128 "
                   "bits under LP128 (use S64_MAX/U64_MAX)", (int)t->len, t->p, (int)x->len, x->p);
            return;
        }
    }
}

