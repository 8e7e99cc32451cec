/* Rule bit63-flag: a flag at bit 63 of a long-typed constant (1UL << 63, BIT(63),
 * 0x8000000000000000UL, or a macro of this file defined as one) combined with an
 * address held in an integer by | & + - (not ^): a pointer cast to unsigned long /
 * uintptr_t, a uintptr_t variable, a long whose name says it holds an address, or a value
 * the statement turns back into a pointer.  That is a tag in "the unused top bit" of an LP64 address; under
 * LP128 bit 63 is in the middle of the address.  Flag words that hold no address keep
 * their meaning (bit 63 exists in a 128-bit long) and are not reported (rule_mask.c). */
#include "audit/scan.h"

/* If a long-typed bit-63 constant starts at i, the index after it, else 0. */
static u32 bit63_at(struct audit_scratch *s, u32 i)
{
    const struct cpp_token *t = T(i);
    u128 v;
    int longs;
    bool uns;
    u32 g = s->grp[i];
    if (t->kind == CPP_NUMBER && (t->p[0] == '1' || t->p[0] == '0') &&
        au_int_value(t, &v, &longs, &uns) && longs == 1) {
        if (v == 1 && is_p(s, i + 1, CPP_P_SHL) && tok_in_grp(s, i + 2, g) && au_num_is(T(i + 2), 63))
            return i + 3;
        if (v == ((u128)1 << 63)) return i + 1;
        return 0;
    }
    if (t->kind == CPP_IDENT && (eq(t, "BIT") || eq(t, "BIT_MASK") || eq(t, "_BITUL")) &&
        is_p(s, i + 1, CPP_P_LPAREN) && tok_in_grp(s, i + 3, g) && au_num_is(T(i + 2), 63) &&
        is_p(s, i + 3, CPP_P_RPAREN))
        return i + 4;
    return 0;
}

static bool is_flag_macro(struct audit_scratch *s, const struct cpp_token *t)
{
    for (u32 k = 0; k < s->nflag; k++) {
        const struct cpp_token *n = T(s->flag_name[k]);
        if (n->len == t->len && memcmp(n->p, t->p, t->len) == 0) return true;
    }
    return false;
}

/* At "define" (i) of "#define NAME BODY" where BODY, without enclosing parentheses, is a
 * bit-63 constant: records NAME's token index.  (Uses before the definition in the
 * same file are not seen.) */
void au_flag_macro(struct audit_scratch *s, u32 i)
{
    if (!on(s, R_BIT63_FLAG) || i < 1 || !is_p(s, i - 1, CPP_P_HASH)) return;
    u32 g = s->grp[i], name = i + 1;
    if (!tok_in_grp(s, name, g) || T(name)->kind != CPP_IDENT) return;
    u32 a = name + 1, b = a;
    while (tok_in_grp(s, b, g)) b++;
    if (is_p(s, a, CPP_P_LPAREN) && !(T(a)->flags & CPP_TF_SPACE)) return; /* NAME(x) */
    while (b > a + 2 && is_p(s, a, CPP_P_LPAREN) && au_match_paren(s, a) == b) a++, b--;
    if (a >= b || bit63_at(s, a) != b) return;
    if (s->nflag == s->capflag) {
        s->capflag = s->capflag ? s->capflag * 2 : 8;
        s->flag_name = au_xrealloc(s->flag_name, s->capflag * sizeof *s->flag_name);
    }
    s->flag_name[s->nflag++] = name;
}

/* A long named for a virtual address: "addr", "vaddr", "*_addr", "*_ptr", not a
 * physical or bus address (paddr, phys_addr, dma_addr: hardware formats whose width
 * LP128 does not change) and not a quantity about addresses (phys_addr_size). */
static bool virtual_address_name(const struct cpp_token *t)
{
    static const char *const tails[] = {"addr", "address", "ptr", "pointer", NULL};
    static const char *const phys[] = {"phys", "paddr", "dma", "bus", "_pa", "pfn", NULL};
    bool tail = false;
    for (int k = 0; tails[k]; k++) {
        size_t n = strlen(tails[k]);
        if (t->len >= n && memcmp(t->p + t->len - n, tails[k], n) == 0) tail = true;
    }
    if (!tail || !au_address_name(t)) return false;
    for (int k = 0; phys[k]; k++)
        if (memmem(t->p, t->len, phys[k], strlen(phys[k])) || (t->len >= 5 && memcmp(t->p, "paddr", 5) == 0))
            return false;
    return true;
}

/* Does [a, b) hold an address as an integer?  Returns the token that shows it. */
static u32 address_in(struct audit_scratch *s, u32 a, u32 b, u32 skip_a, u32 skip_b, bool *found)
{
    *found = false;
    for (u32 j = a; j < b; j++) {
        if (j >= skip_a && j < skip_b) continue;
        const struct cpp_token *t = T(j);
        if (is_p(s, j, CPP_P_LPAREN)) {
            u32 after;
            enum castk k = au_cast_at2(s, j, &after, true);
            if (k == K_LONG || k == K_LL) {
                struct operand o = au_operand_at(s, after, 0);
                if (o.k == O_PTR) {
                    *found = true;
                    return j;
                }
            } else if (k == K_PTR && is_p(s, after, CPP_P_LPAREN) && au_match_paren(s, after) >= skip_b &&
                       after < skip_a) {
                *found = true; /* (T *)(... FLAG ...): the tagged value is a pointer */
                return j;
            }
        } else if (t->kind == CPP_IDENT && !(j > a && (is_p(s, j - 1, CPP_P_DOT) || is_p(s, j - 1, CPP_P_ARROW)))) {
            const struct sym *e = au_tab_find(s, t);
            if (e && !e->array && (e->uptr || (e->cls == C_LONG && virtual_address_name(t)))) {
                *found = true;
                return j;
            }
        }
    }
    return 0;
}

void au_rule_bit63_flag(struct audit_scratch *s, u32 i)
{
    if (!on(s, R_BIT63_FLAG)) return;
    const struct cpp_token *t0 = T(i);
    /* quick rejection: 1UL/0x8...UL, BIT, BIT_MASK, _BITUL, or a recorded macro */
    if (t0->kind == CPP_IDENT && !s->nflag && t0->p[0] != 'B' && t0->p[0] != '_') return;
    u32 b = bit63_at(s, i);
    bool macro = false;
    if (!b && T(i)->kind == CPP_IDENT && s->nflag && is_flag_macro(s, T(i)) &&
        !is_p(s, i + 1, CPP_P_LPAREN)) {
        b = i + 1;
        macro = true;
    }
    if (!b) return;
    u32 g = s->grp[i];
    if (s->dk[i] == D_DEFINE) {
        /* the flag's own definition */
        u32 k = i;
        while (k > 0 && s->grp[k - 1] == g) k--;
        for (u32 f = 0; f < s->nflag; f++)
            if (s->flag_name[f] == k + 2) return;
        if (is_id(s, i - 1, "define")) return;
    }
    /* the constant with its parentheses and a '~' */
    u32 a = i;
    for (;;) {
        if (a >= 1 && s->grp[a - 1] == g && is_p(s, a - 1, CPP_P_TILDE)) a--;
        else if (a >= 1 && s->grp[a - 1] == g && is_p(s, a - 1, CPP_P_LPAREN) && is_p(s, b, CPP_P_RPAREN) &&
                 !(a >= 2 && T(a - 2)->kind == CPP_IDENT))
            a--, b++;
        else
            break;
    }
    /* combined with a bit operation or + -.  Not '^': a tag is set with |, read with &
       and cleared with & ~; flipping bit 63 of an address ("PAGE_OFFSET ^ BIT(63)" in
       x86's set_memory.c) makes a deliberately non-canonical alias, and bit 63 is a
       sign-extension bit of a 128-bit address as much as of a 64-bit one */
    bool bitop = false;
    if (a >= 1 && s->grp[a - 1] == g && T(a - 1)->kind == CPP_PUNCT)
        switch (T(a - 1)->sub) {
        case CPP_P_OR: case CPP_P_AMP: case CPP_P_OREQ: case CPP_P_ANDEQ:
        case CPP_P_PLUS: case CPP_P_MINUS: case CPP_P_ADDEQ: case CPP_P_SUBEQ:
            bitop = true;
            break;
        default:
            break;
        }
    if (tok_in_grp(s, b, g) && T(b)->kind == CPP_PUNCT &&
        (T(b)->sub == CPP_P_OR || T(b)->sub == CPP_P_AMP || T(b)->sub == CPP_P_PLUS ||
         T(b)->sub == CPP_P_MINUS))
        bitop = true;
    if (!bitop) return;
    /* the statement (or the macro body) around it */
    u32 lo = a, hi = b;
    while (lo > 0 && s->grp[lo - 1] == g && a - lo < 40 && !is_p(s, lo - 1, CPP_P_SEMI) &&
           !is_p(s, lo - 1, CPP_P_LBRACE) && !is_p(s, lo - 1, CPP_P_RBRACE))
        lo--;
    while (tok_in_grp(s, hi, g) && hi - b < 40 && !is_p(s, hi, CPP_P_SEMI) && !is_p(s, hi, CPP_P_LBRACE) &&
           !is_p(s, hi, CPP_P_RBRACE))
        hi++;
    bool found;
    u32 at = address_in(s, lo, hi, a, b, &found);
    if (!found) return;
    u32 ae = at + 1;
    if (is_p(s, at, CPP_P_LPAREN)) {
        u32 after;
        au_cast_at2(s, at, &after, true);
        ae = au_operand_at(s, after, 0).end;
    }
    char ctext[64], atext[64];
    au_report(s, i, R_BIT63_FLAG, "'%s'%s%.*s%s with address '%s': bit 63 is an address bit "
              "under LP128, not a free tag bit (use BIT(BITS_PER_LONG - 1) or alignment bits)",
              au_spell(s, i, macro ? i + 1 : bit63_at(s, i), ctext, sizeof ctext),
              macro ? " (bit 63 of a long" : "", 0, "", macro ? ")" : "",
              au_spell(s, at, ae, atext, sizeof atext));
}
