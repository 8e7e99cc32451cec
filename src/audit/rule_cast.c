/* Rule ptr-cast-64: pointers converted through 64-bit integer types. */
#include "audit/scan.h"

/* Is the value of the cast expression [a, e) only used for its low bits — masked with
 * a constant below 2^63 ("(u64)p & 7", "(u64)p & (ALIGN - 1)"), reduced modulo a
 * literal, or tested with IS_ALIGNED()?  Truncating an address to 64 bits keeps those
 * bits, so the result is the same under LP128. */
static bool low_bits_only(struct audit_scratch *s, u32 a, u32 e)
{
    u32 g = s->grp[a];
    /* ((u64)p) & 7 */
    while (e < s->n && s->grp[e] == g && is_p(s, e, CPP_P_RPAREN) && a >= 1 &&
           is_p(s, a - 1, CPP_P_LPAREN) && !(a >= 2 && s->grp[a - 2] == g && T(a - 2)->kind == CPP_IDENT))
        a--, e++;
    if (a >= 2 && is_p(s, a - 1, CPP_P_LPAREN) && is_id(s, a - 2, "IS_ALIGNED") &&
        is_p(s, e, CPP_P_COMMA))
        return true;
    if (!tok_in_grp(s, e + 1, g) || !(is_p(s, e, CPP_P_AMP) || is_p(s, e, CPP_P_PERCENT)))
        return false;
    if (a >= 1 && s->grp[a - 1] == g && T(a - 1)->kind == CPP_PUNCT &&
        (T(a - 1)->sub == CPP_P_STAR || T(a - 1)->sub == CPP_P_SLASH || T(a - 1)->sub == CPP_P_PERCENT ||
         T(a - 1)->sub == CPP_P_SHL || T(a - 1)->sub == CPP_P_SHR))
        return false; /* "x * (u64)p & m": the mask applies to more than the cast */
    u128 v;
    int l;
    bool u;
    if (T(e + 1)->kind == CPP_NUMBER)
        return au_int_value(T(e + 1), &v, &l, &u) && v < ((u128)1 << 63);
    /* & (NAME - 1), & (sizeof(x) - 1): an alignment mask */
    if (is_p(s, e, CPP_P_AMP) && is_p(s, e + 1, CPP_P_LPAREN)) {
        u32 c = au_match_paren(s, e + 1);
        return c > e + 4 && au_num_is(T(c - 2), 1) && is_p(s, c - 3, CPP_P_MINUS);
    }
    return false;
}

/* Casts: pointer through 64-bit integers and back. */
void au_rule_cast(struct audit_scratch *s, u32 i)
{
    if (s->done[i]) return;
    u32 after;
    enum castk k = au_cast_at(s, i, &after);
    if (k == K_NONE) return;
    u32 g = s->grp[i];
    if (k == K_W64) {
        struct operand o = au_operand_at(s, after, 0);
        const char *ty = "a 64-bit type";
        char tyb[40];
        if (k == K_W64) {
            u32 j = i + 1;
            while (j < after && in_set(T(j), au_qualifiers)) j++;
            snprintf(tyb, sizeof tyb, "%.*s", (int)T(j)->len, T(j)->p);
            ty = tyb;
        }
        if ((o.k == O_PTR || o.k == O_LONGCAST) && low_bits_only(s, i, o.end)) return;
        if (o.k == O_PTR)
            au_report(s, i, R_PTR_CAST_64, "pointer cast to %s: truncates a 128-bit address", ty);
        else if (o.k == O_LONGCAST)
            au_report(s, i, R_PTR_CAST_64, "pointer-sized value cast to %s (via a long/uintptr_t "
                   "cast): truncates a 128-bit address", ty);
        return;
    }
    if (k == K_PTR) {
        struct operand o = au_operand_at(s, after, 0);
        if (o.k == O_W64CAST)
            au_report(s, i, R_PTR_CAST_64, "pointer made from a value cast to a 64-bit type: the "
                   "upper 64 address bits are lost");
        else if (o.k == O_W64 && o.chain && !au_fixed_layout(&o))
            au_report(s, i, R_PTR_CAST_64, "pointer made from 64-bit '%.*s': a 128-bit address "
                   "does not fit", (int)T(o.last)->len, T(o.last)->p);
        else if (o.k == O_LONG && !o.chain && after < s->n && is_p(s, after, CPP_P_LPAREN)) {
            /* (void *)(uintptr_t)u64value */
            u32 a2;
            if (au_cast_at2(s, after, &a2, true) == K_LONG) {
                struct operand in = au_operand_at(s, a2, 0);
                if (in.chain && in.k == O_W64 && !au_fixed_layout(&in))
                    au_report(s, i, R_PTR_CAST_64, "pointer made from 64-bit '%.*s' through a "
                           "long/uintptr_t cast: a 128-bit address does not fit",
                           (int)T(in.last)->len, T(in.last)->p);
            }
        }
        return;
    }
    if (k == K_LONG || k == K_LL) {
        /* u64var = (uintptr_t)ptr / (unsigned long)ptr / (unsigned long long)ptr; a member
           (s->f = , .f = ) is int-ptr-64's, resolved through the struct's tag */
        struct operand o = au_operand_at(s, after, 0);
        if (o.k != O_PTR && !(o.k == O_UNKNOWN && !o.chain)) return;
        if (o.k == O_UNKNOWN) return;
        if (i >= 2 && is_p(s, i - 1, CPP_P_ASSIGN) && s->grp[i - 2] == g &&
            T(i - 2)->kind == CPP_IDENT && au_tab_get(s, T(i - 2)) == C_W64 &&
            !(i >= 3 && (is_p(s, i - 3, CPP_P_DOT) || is_p(s, i - 3, CPP_P_ARROW))))
            au_report(s, i, R_PTR_CAST_64, "pointer stored in 64-bit '%.*s': truncates a 128-bit "
                   "address", (int)T(i - 2)->len, T(i - 2)->p);
    }
}

