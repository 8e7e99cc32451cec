/* Rule long-mask-64: 64-bit all-ones masks and ~0UL / ULONG_MAX used with long-sized
 * objects as if long were 64 bits.
 *
 * Reading bit 63 of a long (1UL << 63, BIT(63), 0x8000000000000000UL,
 * 0x7fffffffffffffffUL, long >> 63) is not reported: it is wrong only where the long is
 * meant as a full-width word, and right where it holds a 64-bit value -- a hardware
 * register or hypervisor image, the sign of a 64-bit offset -- which tokens cannot tell
 * apart.  On Linux 6.1, 6 of the 7 such findings judged were the latter (docs/audit.md,
 * section 4, "Per-rule sample").  A tag at bit 63 of an address is bit63-flag. */
#include "audit/scan.h"

/* The long-sized object that the constant expression [a, b) is combined with through
 * = |= &= | & ^ == != < > (either side), or NULL.  A 64-bit mask written as a long is
 * only wrong next to a long: with u64 data its value is the same under LP128. */
static const struct cpp_token *long_partner_op(struct audit_scratch *s, u32 a, u32 b, int *opout)
{
    u32 g = s->grp[a];
    int dummy;
    if (!opout) opout = &dummy;
    if (s->dk[a] == D_DEFINE) return NULL; /* uses decide; the definition alone does not */
    for (;;) {
        if (a >= 1 && s->grp[a - 1] == g && is_p(s, a - 1, CPP_P_TILDE))
            a--;
        else if (a >= 1 && s->grp[a - 1] == g && is_p(s, a - 1, CPP_P_LPAREN) &&
                 is_p(s, b, CPP_P_RPAREN) && !(a >= 2 && T(a - 2)->kind == CPP_IDENT))
            a--, b++;
        else
            break;
    }
    if (a >= 3 && s->grp[a - 1] == g && T(a - 1)->kind == CPP_PUNCT && is_p(s, a - 2, CPP_P_RSQ)) {
        /* word[i] op= ...: the array's element type */
        u32 k = a - 2, d = 0;
        while (k > 0 && s->grp[k] == g) {
            if (is_p(s, k, CPP_P_RSQ)) d++;
            else if (is_p(s, k, CPP_P_LSQ) && --d == 0) break;
            k--;
        }
        if (k > 0 && d == 0 && T(k - 1)->kind == CPP_IDENT) {
            struct sym *e = au_tab_find(s, T(k - 1));
            if (e && e->array && e->cls == C_LONG &&
                (T(a - 1)->sub == CPP_P_OREQ || T(a - 1)->sub == CPP_P_ANDEQ ||
                 T(a - 1)->sub == CPP_P_ASSIGN || T(a - 1)->sub == CPP_P_AMP ||
                 T(a - 1)->sub == CPP_P_XOREQ)) {
                *opout = T(a - 1)->sub;
                return T(k - 1);
            }
        }
    }
    if (a >= 2 && s->grp[a - 1] == g && T(a - 1)->kind == CPP_PUNCT && T(a - 2)->kind == CPP_IDENT) {
        switch (T(a - 1)->sub) {
        case CPP_P_EQ: case CPP_P_NE: case CPP_P_AMP: case CPP_P_OR: case CPP_P_ASSIGN:
        case CPP_P_ANDEQ: case CPP_P_OREQ: case CPP_P_XOR: case CPP_P_XOREQ: case CPP_P_LT:
        case CPP_P_GT: case CPP_P_LE: case CPP_P_GE:
            if (au_tab_get(s, T(a - 2)) == C_LONG && !(a >= 3 && is_p(s, a - 3, CPP_P_STAR))) {
                *opout = T(a - 1)->sub;
                return T(a - 2);
            }
            break;
        default:
            break;
        }
    }
    if (tok_in_grp(s, b + 1, g) && T(b + 1)->kind == CPP_IDENT &&
        (is_p(s, b, CPP_P_EQ) || is_p(s, b, CPP_P_NE) || is_p(s, b, CPP_P_AMP) ||
         is_p(s, b, CPP_P_OR)) && !is_p(s, b + 2, CPP_P_ARROW) && !is_p(s, b + 2, CPP_P_DOT) &&
        !is_p(s, b + 2, CPP_P_LPAREN) && au_tab_get(s, T(b + 1)) == C_LONG) {
        *opout = T(b)->sub;
        return T(b + 1);
    }
    return NULL;
}

const struct cpp_token *au_long_partner(struct audit_scratch *s, u32 a, u32 b)
{
    return long_partner_op(s, a, b, NULL);
}

/* An all-ones constant next to a long is only read as "every bit of a long" where the
 * long is tested with it: compared, or
 * masked with & (also &=, ^).  Storing it (=, |=, |) writes the same bit pattern at
 * any width: a 64-bit register image or descriptor held in an unsigned long is still
 * right, and code that later tests the top bit is reported at that test.  Returns
 * the partner for a reading use, NULL otherwise. */
const struct cpp_token *au_long_reader(struct audit_scratch *s, u32 a, u32 b)
{
    int op = -1;
    const struct cpp_token *x = long_partner_op(s, a, b, &op);
    if (x && (op == CPP_P_ASSIGN || op == CPP_P_OREQ || op == CPP_P_OR)) return NULL;
    return x;
}

void au_rule_bits(struct audit_scratch *s, u32 i)
{
    if (s->done[i]) return; /* reported as bit63-flag */
    const struct cpp_token *t = T(i);
    u32 g = s->grp[i];
    if ((eq(t, "GENMASK") || eq(t, "__GENMASK")) && is_p(s, i + 1, CPP_P_LPAREN) &&
        tok_in_grp(s, i + 3, g) && au_num_is(T(i + 2), 63) && is_p(s, i + 3, CPP_P_COMMA)) {
        u32 e = au_match_paren(s, i + 1);
        const struct cpp_token *x = e > i + 1 ? au_long_partner(s, i, e) : NULL;
        if (x)
            au_report(s, i, R_LONG_MASK_64, "GENMASK(63, ...) with long-sized '%.*s': a 64-bit "
                   "mask in an unsigned long (~GENMASK(63, n) sets bits 64-127 under LP128); "
                   "use GENMASK_ULL with u64 data or BITS_PER_LONG bounds", (int)x->len, x->p);
    }
}
/* "~0UL" / "ULONG_MAX" compared with a u64. */
static void rule_ulong_max_cmp(struct audit_scratch *s, u32 i, u32 end, const char *what)
{
    u32 g = s->grp[i];
    const struct cpp_token *other = NULL;
    if ((is_p(s, end, CPP_P_EQ) || is_p(s, end, CPP_P_NE)) && tok_in_grp(s, end + 1, g) &&
        T(end + 1)->kind == CPP_IDENT) {
        struct operand o = au_name_chain(s, end + 1);
        if (o.chain && o.k == O_W64) other = T(o.last);
    } else if (i >= 2 && (is_p(s, i - 1, CPP_P_EQ) || is_p(s, i - 1, CPP_P_NE)) &&
               s->grp[i - 2] == g && T(i - 2)->kind == CPP_IDENT &&
               au_tab_get(s, T(i - 2)) == C_W64 && !is_p(s, i - 3, CPP_P_STAR))
        other = T(i - 2);
    if (other)
        au_report(s, i, R_LONG_MASK_64, "%s compared with 64-bit '%.*s': never equal under LP128 "
               "(use U64_MAX)", what, (int)other->len, other->p);
}

/* ULONG_MAX at i, or ~0UL at i (the '~'), compared with a u64. */
void au_rule_ulong_max(struct audit_scratch *s, u32 i)
{
    if (is_id(s, i, "ULONG_MAX")) {
        rule_ulong_max_cmp(s, i, i + 1, "ULONG_MAX");
        return;
    }
    if (!is_p(s, i, CPP_P_TILDE) || i + 1 >= s->n || T(i + 1)->kind != CPP_NUMBER) return;
    u128 v;
    int l;
    bool u;
    if (au_int_value(T(i + 1), &v, &l, &u) && v == 0 && l == 1) {
        char w[32];
        snprintf(w, sizeof w, "~%.*s", (int)T(i + 1)->len, T(i + 1)->p);
        rule_ulong_max_cmp(s, i, i + 2, w);
    }
}
