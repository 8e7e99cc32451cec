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

/* Does a 64-bit cast ("(u64)", "(uint64_t)") start at a? */
static bool w64_cast_at(struct audit_scratch *s, u32 a)
{
    u32 after;
    return au_cast_at2(s, a, &after, true) == K_W64;
}

/* Is the value of the cast expression [a, e) one side of an address difference or
 * equality: "v - (u64)location" (an offset from the address), "(u64)a - (u64)b",
 * "(u64)a == (u64)b - PAGE_SIZE"?  The low 64 bits of a difference, and an equality
 * of two addresses truncated alike, come out the same from truncated addresses, so
 * LP128 changes nothing (unless the addresses differ by 2^64 or more). */
static bool address_relation(struct audit_scratch *s, u32 a, u32 e)
{
    u32 g = s->grp[a];
    u32 b = a;
    while (b >= 1 && s->grp[b - 1] == g && is_p(s, b - 1, CPP_P_LPAREN)) b--;
    if (b >= 2 && s->grp[b - 1] == g && is_p(s, b - 1, CPP_P_MINUS) && b == a) {
        /* x - (u64)p: binary minus (an operand ends before it) */
        const struct cpp_token *l = T(b - 2);
        if (l->kind == CPP_IDENT || is_p(s, b - 2, CPP_P_RPAREN) || is_p(s, b - 2, CPP_P_RSQ))
            return true;
    }
    if (b >= 2 && s->grp[b - 1] == g && (is_p(s, b - 1, CPP_P_EQ) || is_p(s, b - 1, CPP_P_NE))) {
        /* (u64)q == (u64)p ...: the left operand is a 64-bit cast of a name */
        u32 j = b - 1;
        if (j >= 4 && T(j - 1)->kind == CPP_IDENT && is_p(s, j - 2, CPP_P_RPAREN)) {
            for (u32 k = j - 2; k > 0 && j - k < 6; k--)
                if (is_p(s, k - 1, CPP_P_LPAREN)) {
                    u32 after;
                    if (au_cast_at2(s, k - 1, &after, true) == K_W64 && after == j - 1) return true;
                    break;
                }
        }
    }
    u32 f = e, open = a - b; /* "((u64)p) - ...": step out of the cast's own parentheses */
    while (open > 0 && tok_in_grp(s, f, g) && is_p(s, f, CPP_P_RPAREN)) f++, open--;
    if (!tok_in_grp(s, f + 1, g)) return false;
    if (is_p(s, f, CPP_P_MINUS) || is_p(s, f, CPP_P_EQ) || is_p(s, f, CPP_P_NE)) {
        /* (u64)p - (u64)q, (u64)p == ((u64)q - PAGE_SIZE) */
        u32 r = f + 1;
        while (tok_in_grp(s, r, g) && is_p(s, r, CPP_P_LPAREN) && !w64_cast_at(s, r)) r++;
        return tok_in_grp(s, r, g) && w64_cast_at(s, r);
    }
    return false;
}

/* Is the pointer cast at i an argument of a call that prints it with %p ("0x%pK",
 * "%px")?  A value turned into a pointer only to be printed is widened and printed;
 * nothing is lost. */
static bool printed_pointer(struct audit_scratch *s, u32 i)
{
    u32 k = au_open_paren_before(s, i);
    while (k != i && !(k > 0 && s->grp[k - 1] == s->grp[k] && T(k - 1)->kind == CPP_IDENT)) {
        u32 o = au_open_paren_before(s, k); /* "((void *)x)": a grouping parenthesis */
        if (o == k) return false;
        k = o;
    }
    if (k == i) return false;
    for (u32 j = k + 1; j < i; j++)
        if (T(j)->kind == CPP_STRING && memmem(T(j)->p, T(j)->len, "%p", 2)) return true;
    return false;
}

/* Was the name at j declared with an integer type of 32 bits or fewer ("u32 origin;")?
 * The last declaration before j in the file answers; a pointer made from it through a
 * 64-bit cast is a widening, which LP128 does not truncate. */
static bool declared_narrow(struct audit_scratch *s, u32 j)
{
    static const char *const narrow[] = {"u8", "u16", "u32", "__u8", "__u16", "__u32", "s8", "s16",
                                         "s32", "__s32", "uint8_t", "uint16_t", "uint32_t",
                                         "int32_t", "int", "short", "char", "__le32", "__be32", NULL};
    const struct cpp_token *n = T(j);
    if (n->kind != CPP_IDENT) return false;
    for (u32 k = j; k-- > 1;) {
        if (!(T(k)->kind == CPP_IDENT && T(k)->len == n->len && !memcmp(T(k)->p, n->p, n->len)))
            continue;
        const struct cpp_token *ty = T(k - 1);
        if (is_p(s, k - 1, CPP_P_COMMA)) {
            /* "u32 final, origin = 0;": the type starts the declaration */
            u32 b = k - 1;
            int d = 0;
            while (b > 0 && k - b < 64) {
                b--;
                if (is_p(s, b, CPP_P_RPAREN)) d++;
                else if (is_p(s, b, CPP_P_LPAREN) && d-- == 0) break;
                else if (d == 0 && (is_p(s, b, CPP_P_SEMI) || is_p(s, b, CPP_P_LBRACE) ||
                                    is_p(s, b, CPP_P_RBRACE)))
                    break;
            }
            if (is_p(s, b, CPP_P_LPAREN)) continue; /* an argument list, not declarators */
            b++;
            while (b < k && (is_id(s, b, "static") || is_id(s, b, "const"))) b++;
            ty = T(b);
            if (b + 1 < k && (eq(ty, "unsigned") || eq(ty, "signed")) && T(b + 1)->kind == CPP_IDENT)
                ty = T(b + 1);
            if (!(k + 1 < s->n && (is_p(s, k + 1, CPP_P_SEMI) || is_p(s, k + 1, CPP_P_ASSIGN) ||
                                   is_p(s, k + 1, CPP_P_COMMA))))
                continue;
            return ty->kind == CPP_IDENT && (in_set(ty, narrow) || eq(ty, "unsigned") || eq(ty, "signed"));
        }
        if (ty->kind != CPP_IDENT || !(k + 1 < s->n && (is_p(s, k + 1, CPP_P_SEMI) ||
                                                         is_p(s, k + 1, CPP_P_ASSIGN) ||
                                                         is_p(s, k + 1, CPP_P_COMMA) ||
                                                         is_p(s, k + 1, CPP_P_RPAREN))))
            continue;
        if (in_set(ty, au_not_type_kw)) continue;
        /* "unsigned int x", "int x": but not "long int x" */
        if (eq(ty, "int") && k >= 2 && is_id(s, k - 2, "long")) return false;
        return in_set(ty, narrow) || eq(ty, "unsigned") || eq(ty, "signed");
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
        if ((o.k == O_PTR || o.k == O_LONGCAST) &&
            (low_bits_only(s, i, o.end) || address_relation(s, i, o.end)))
            return;
        if (o.k == O_PTR)
            au_report(s, i, R_PTR_CAST_64, "pointer cast to %s: truncates a 128-bit address", ty);
        else if (o.k == O_LONGCAST)
            au_report(s, i, R_PTR_CAST_64, "pointer-sized value cast to %s (via a long/uintptr_t "
                   "cast): truncates a 128-bit address", ty);
        return;
    }
    if (k == K_PTR) {
        struct operand o = au_operand_at(s, after, 0);
        if (printed_pointer(s, i)) return;
        if (o.k == O_W64CAST && o.last < s->n && o.end == o.last + 1 && declared_narrow(s, o.last))
            return;
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

