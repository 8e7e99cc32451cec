/* Rule literal-width and the numeric cases of long-mask-64 and llong-64: numbers
 * that spell the width of a 64-bit long (0xffffffffffffffffUL, 63 - __builtin_clzl,
 * word[n / 64] of a bitmap, memcpy(&long, src, 8)).  Bitmap evidence is collected per
 * file and resolved across files. */
#include "audit/scan.h"

#include <stdarg.h>
#include <stdlib.h>

/* ---------------------------------------------------------------- bitmaps */

/* The kernel's bit operations and bitmap API, which index unsigned long words in
 * BITS_PER_LONG units. */
static bool bitops_fn(const struct cpp_token *t)
{
    static const char *const fns[] = {
        "set_bit", "clear_bit", "change_bit", "test_bit", "assign_bit", "test_and_set_bit",
        "test_and_clear_bit", "test_and_change_bit", "set_bit_lock", "clear_bit_unlock",
        "test_and_set_bit_lock", "for_each_set_bit", "for_each_clear_bit",
        "for_each_set_bit_from", "for_each_clear_bit_from", "set_bit_le", "clear_bit_le",
        "test_bit_le", NULL};
    const char *p = t->p;
    u32 n = t->len;
    if (n < 7) return false;
    /* most calls: one scan for "bit" (a loop: memmem's setup costs more on names) */
    u32 b = 0;
    while (b + 3 <= n && !(p[b] == 'b' && p[b + 1] == 'i' && p[b + 2] == 't')) b++;
    if (b + 3 > n) return false;
    while (n && *p == '_') p++, n--;
    if (n > 7 && memcmp(p, "bitmap_", 7) == 0) return true;
    if (n > 5 && memcmp(p, "find_", 5) == 0 && memmem(p, n, "_bit", 4)) return true;
    for (int k = 0; fns[k]; k++)
        if (strlen(fns[k]) == n && memcmp(fns[k], p, n) == 0) return true;
    return false;
}

static bool has_bitmap(const struct audit_file *f, const char *p, u32 n)
{
    for (u32 k = 0; k < f->nbm; k++)
        if (strlen(f->bitmaps[k]) == n && memcmp(f->bitmaps[k], p, n) == 0) return true;
    return false;
}

static void add_bitmap(struct audit_file *f, const struct cpp_token *t)
{
    if (has_bitmap(f, t->p, t->len)) return;
    if (f->nbm == f->capbm) {
        f->capbm = f->capbm ? f->capbm * 2 : 8;
        f->bitmaps = au_xrealloc(f->bitmaps, f->capbm * sizeof *f->bitmaps);
    }
    f->bitmaps[f->nbm++] = au_xstrndup(t->p, t->len);
}

/* Names used as BITS_PER_LONG bitmaps in this file: DECLARE_BITMAP(name, n),
 * name[BITS_TO_LONGS(n)], and the plain names (or last members) passed to bitops. */
void au_bitmap_evidence(struct audit_scratch *s)
{
    struct audit_file *f = s->out;
    /* each case below is a name before '(' or '[': lex_file listed them */
    for (u32 k = 0; k < s->nnamed; k++) {
        u32 i = s->named[k];
        if (i + 2 >= s->n) break;
        const struct cpp_token *t = T(i);
        u32 g = s->grp[i];
        if (eq(t, "DECLARE_BITMAP") && is_p(s, i + 1, CPP_P_LPAREN) && tok_in_grp(s, i + 2, g) &&
            T(i + 2)->kind == CPP_IDENT) {
            add_bitmap(f, T(i + 2));
        } else if (is_p(s, i + 1, CPP_P_LSQ) && is_id(s, i + 2, "BITS_TO_LONGS")) {
            add_bitmap(f, t);
        } else if (is_p(s, i + 1, CPP_P_LPAREN) && bitops_fn(t)) {
            u32 e = au_match_paren(s, i + 1);
            int d = 0;
            for (u32 j = i + 2; j + 1 < e; j++) {
                if (is_p(s, j, CPP_P_LPAREN) || is_p(s, j, CPP_P_LSQ)) d++;
                else if (is_p(s, j, CPP_P_RPAREN) || is_p(s, j, CPP_P_RSQ)) d--;
                if (T(j)->kind == CPP_IDENT && (is_p(s, j + 1, CPP_P_COMMA) || j + 2 == e) &&
                    d == 0)
                    add_bitmap(f, T(j));
            }
        }
    }
}

/* literal-width on the unsigned long word(s) 'arr' (an array, or a single word): only
 * wrong when the words are also used in BITS_PER_LONG units — as a bitmap.  A
 * self-contained array indexed and shifted by 64 everywhere ("mask[irq >= 64] |=
 * 1UL << (irq & 63)") uses half of each 128-bit word and stays consistent.  Evidence
 * in this file reports now; an array not declared here (extern, in a header) is
 * resolved against the evidence of every file (audit_resolve_fields). */
static void report_if_bitmap(struct audit_scratch *s, u32 at, const struct cpp_token *arr,
                             const char *fmt, ...)
{
    if (!on(s, R_LITERAL_WIDTH)) return;
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (has_bitmap(s->out, arr->p, arr->len)) {
        au_report(s, at, R_LITERAL_WIDTH, "%s", msg);
        return;
    }
    struct sym *e = au_tab_find(s, arr);
    if (e && (e->sized || !e->array)) return; /* its declaration is here: no bitmap use */
    au_pend(s, at, R_LITERAL_WIDTH, arr, msg);
}

/* Numbers: all-ones 64-bit constants with L suffix, 1UL << 64, 63 - clzl. */
void au_rule_number(struct audit_scratch *s, u32 i)
{
    if (s->done[i]) return; /* reported as bit63-flag */
    const struct cpp_token *t = T(i);
    u128 v;
    int longs;
    bool uns;
    if (!au_int_value(t, &v, &longs, &uns)) return;
    u32 g = s->grp[i];
    bool hex = t->len > 2 && t->p[0] == '0' && (t->p[1] == 'x' || t->p[1] == 'X');
    if (v == 0xffffffffffffffffull && hex && longs == 1) {
        /* Only where it meets a long-sized object: as a register mask for u64 data the
           value is the same under LP128, but compared with or masked into an unsigned
           long it stands for ~0UL, which it no longer is.  (0x8000000000000000UL and
           0x7fffffffffffffffUL read bit 63: see rule_mask.c for why they are not
           reported.) */
        const struct cpp_token *x = au_long_reader(s, i, i + 1);
        if (x &&
            au_report(s, i, R_LONG_MASK_64, "'%.*s' used with long-sized '%.*s' as if long were 64 "
                   "bits: under LP128 it is not ~0UL (use ULONG_MAX, or U64_MAX with a u64)",
                   (int)t->len, t->p, (int)x->len, x->p) && uns)
            au_fix(s, i, i + 1, "~0UL");   /* all bits of an unsigned long, at any width */
        return;
    }
    if (v == 0xffffffffffffffffull && hex && longs == 0) {
        /* all ones compared/assigned with a long, pointer, or cast to one */
        bool hit = false;
        if (i >= 2 && s->grp[i - 1] == g && T(i - 1)->kind == CPP_PUNCT &&
            (T(i - 1)->sub == CPP_P_EQ || T(i - 1)->sub == CPP_P_NE ||
             T(i - 1)->sub == CPP_P_ASSIGN) && T(i - 2)->kind == CPP_IDENT) {
            u8 c = au_tab_get(s, T(i - 2));
            hit = c == C_LONG || c == C_PTR;
        }
        if (i >= 1 && is_p(s, i - 1, CPP_P_RPAREN)) {
            /* "(unsigned long)0xfff..." or "(void *)0xfff..." */
            u32 k = i - 1;
            while (k > 0 && s->grp[k] == g && !is_p(s, k, CPP_P_LPAREN) && i - k < 8) k--;
            u32 after;
            enum castk ck = au_cast_at(s, k, &after);
            if (after == i && (ck == K_LONG || ck == K_PTR)) hit = true;
            /* "f(mt, index, (void *)0xffffffffffffffff)": a pointer passed on as one
               argument among others is an opaque value (a test entry, a cookie), stored
               and handed back, not a mask that stands for all bits of a long */
            if (ck == K_PTR && k >= 1 && is_p(s, k - 1, CPP_P_COMMA) &&
                (is_p(s, i + 1, CPP_P_COMMA) || is_p(s, i + 1, CPP_P_RPAREN)))
                hit = false;
        }
        if (hit && au_report(s, i, R_LITERAL_WIDTH, "0xffffffffffffffff used as all bits of a "
                             "long or pointer: use ULONG_MAX or ~0UL"))
            au_fix(s, i, i + 1, "~0UL");
        return;
    }
    /* 1UL << 63, 1L << 63 */
    if (v == 1 && longs == 1 && is_p(s, i + 1, CPP_P_SHL) && tok_in_grp(s, i + 2, g)) {
        const struct cpp_token *c = T(i + 2);
        if (au_num_is(c, 63)) return;   /* a read of bit 63: see rule_mask.c */
        if (au_num_is(c, 64)) {
            au_report(s, i, R_LONG_MASK_64, "'%.*s << %.*s': the bit above a 64-bit long, "
                   "undefined in LP64 C and bit 64 under LP128 (BIT(BITS_PER_LONG - 1), or "
                   "BIT_ULL(63) for u64)", (int)t->len, t->p, (int)c->len, c->p);
            return;
        }
        if (is_p(s, i + 2, CPP_P_LPAREN)) {
            u32 e = au_match_paren(s, i + 2);
            /* only for long-sized bit words: with u64 data the bit fits either way */
            const struct cpp_token *x = e == i + 2 ? NULL : au_long_partner(s, i, e);
            if (!x) return;
            for (u32 j = i + 3; j + 1 < e; j++) {
                /* decimal only: 0x3f is usually a field mask, 63 a bit width */
                if (T(j + 1)->p[0] == '0') continue;
                if ((is_p(s, j, CPP_P_PERCENT) && au_num_is(T(j + 1), 64)) ||
                    (is_p(s, j, CPP_P_AMP) && au_num_is(T(j + 1), 63))) {
                    report_if_bitmap(s, j + 1, x, "bit index reduced with '%.*s %.*s' for "
                                     "'%.*s', a bitmap of unsigned longs: the width of its words "
                                     "is BITS_PER_LONG, not 64", (int)T(j)->len, T(j)->p,
                                     (int)T(j + 1)->len, T(j + 1)->p, (int)x->len, x->p);
                    break;
                }
            }
        }
        return;
    }
    /* 63 - __builtin_clzl(x), 64 - __builtin_clzl(x), 63 ^ __builtin_clzl(x) */
    if ((v == 63 || v == 64) && longs == 0 && tok_in_grp(s, i + 2, g) &&
        (is_p(s, i + 1, CPP_P_MINUS) || is_p(s, i + 1, CPP_P_XOR)) && T(i + 2)->kind == CPP_IDENT) {
        const struct cpp_token *f = T(i + 2);
        if (eq(f, "__builtin_clzl"))
            au_report(s, i, R_LITERAL_WIDTH, "'%.*s %s __builtin_clzl()' uses 64 as the width of long "
                   "(use BITS_PER_LONG or fls_long())", (int)t->len, t->p, au_opname(T(i + 1)->sub));
        else if (eq(f, "__builtin_clzll"))
            au_report(s, i, R_LLONG_64, "'%.*s %s __builtin_clzll()' uses 64 as the width of long long "
                   "(use fls64() on a u64)", (int)t->len, t->p, au_opname(T(i + 1)->sub));
        return;
    }
    /* word[n / 64] with unsigned long words (statement also has 1UL <<) */
    if ((v == 64 && longs == 0 && i >= 1 && is_p(s, i - 1, CPP_P_SLASH)) ||
        (v == 6 && longs == 0 && i >= 1 && is_p(s, i - 1, CPP_P_SHR))) {
        if (!is_p(s, i + 1, CPP_P_RSQ)) return;
        /* the array: the name before the '[' that this ']' closes */
        u32 k = i, d = 1;
        while (k > 0 && s->grp[k - 1] == g) {
            k--;
            if (is_p(s, k, CPP_P_RSQ)) d++;
            else if (is_p(s, k, CPP_P_LSQ) && --d == 0) break;
        }
        if (d != 0 || k == 0 || s->grp[k - 1] != g || T(k - 1)->kind != CPP_IDENT) return;
        const struct cpp_token *arr = T(k - 1);
        u32 a = i, b = i;
        while (a > 0 && s->grp[a - 1] == g && !is_p(s, a - 1, CPP_P_SEMI) &&
               !is_p(s, a - 1, CPP_P_LBRACE) && !is_p(s, a - 1, CPP_P_RBRACE) && i - a < 60)
            a--;
        while (b + 1 < s->n && s->grp[b + 1] == g && !is_p(s, b + 1, CPP_P_SEMI) &&
               !is_p(s, b + 1, CPP_P_LBRACE) && b - i < 60)
            b++;
        for (u32 j = a; j + 1 <= b; j++) {
            u128 w;
            int l2;
            bool u2;
            if (T(j)->kind == CPP_NUMBER && au_int_value(T(j), &w, &l2, &u2) && w == 1 && l2 == 1 &&
                is_p(s, j + 1, CPP_P_SHL)) {
                report_if_bitmap(s, i, arr, "word index '%s %.*s' into '%.*s', a bitmap of "
                                 "unsigned longs: use BIT_WORD() / BITS_PER_LONG",
                                 v == 64 ? "/" : ">>", (int)t->len, t->p, (int)arr->len, arr->p);
                return;
            }
        }
    }
}

/* Pending findings: arrays used as bitmaps in some file of the run. */
void au_resolve_bitmaps(struct audit_file *files, size_t n)
{
    au_resolve_typedefs(files, n);
    size_t k;
    char **names = au_name_set(files, n, false, &k);
    for (size_t i = 0; i < n; i++) {
        struct audit_file *f = &files[i];
        for (u32 j = 0; j < f->npend; j++) {
            struct audit_pending *pd = &f->pend[j];
            if (pd->rule != R_LITERAL_WIDTH) continue;
            char *kp = pd->name;
            if (k && bsearch(&kp, names, k, sizeof *names, au_cmp_str))
                audit_add(f, pd->line, pd->col, pd->rule, "%s", pd->msg);
        }
        if (f->npend) audit_sort(f);
    }
    free(names);
}

/* memcpy(&long_or_ptr, src, 8) and friends: the size of a long or pointer written as 8. */
void au_rule_memcpy_size(struct audit_scratch *s, u32 i)
{
    const struct cpp_token *x = T(i);
    if (!(eq(x, "memcpy") || eq(x, "memcmp") || eq(x, "copy_from_user") ||
          eq(x, "copy_to_user") || eq(x, "memmove")))
        return;
    u32 end = au_match_paren(s, i + 1);
    if (end <= i + 4 || !au_num_is(T(end - 2), 8) || !is_p(s, end - 3, CPP_P_COMMA)) return;
    for (u32 j = i + 2; j + 3 < end; j++) {
        if (!is_p(s, j, CPP_P_AMP) || T(j + 1)->kind != CPP_IDENT) continue;
        if (!(is_p(s, j - 1, CPP_P_LPAREN) || is_p(s, j - 1, CPP_P_COMMA))) continue;
        struct operand o = au_name_chain(s, j + 1);
        if (!o.chain || !is_p(s, o.end, CPP_P_COMMA)) continue;
        if (o.k == O_PTR || o.k == O_LONG) {
            au_report(s, end - 2, R_LITERAL_WIDTH, "size 8 for %s '%.*s': use sizeof",
                      o.k == O_PTR ? "pointer" : "long", (int)T(o.last)->len, T(o.last)->p);
            return;
        }
    }
}
