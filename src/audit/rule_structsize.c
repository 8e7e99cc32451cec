/* Rule struct-size-literal: a struct's LP64 size, or the LP64 offset of a member after
 * leading pointers or longs, written as a number in an allocation or memory call whose
 * destination points to that struct:
 *   struct node { struct node *l, *r; int v; };
 *   struct node *p = malloc(24);     sizeof(struct node) under LP64 (48 under LP128)
 *   p = malloc(20);                  its members without the tail padding (36)
 *   p = malloc(16 + len);            offsetof(struct node, v): two pointers (32)
 *   q = calloc(n, 24);  memset(p, 0, 16);  p = (struct node *)malloc(n * 24);
 * The layouts are layout.c's: of the struct declared in the file or, in TU mode, in the
 * translation unit.  Only when the LP128 layout differs (the struct has a pointer or a
 * long), only numbers (never a sizeof), and not when the size already names the struct
 * (sizeof(struct node) + 16, sizeof(*p) + 16, offsetof(...)). */
#include "audit/scan.h"

#include <stdio.h>

/* The struct the destination of c points to (or is, for "&x"): its tag, or NULL. */
static const char *dest_struct(struct audit_scratch *s, const struct au_alloc_call *c, u32 *tlen)
{
    if (c->cast_tag) {
        *tlen = c->cast_tlen;
        return c->cast_tag;
    }
    if (!c->dest) return NULL;
    const struct sym *e = NULL;
    if (c->dest_end == c->dest + 1)
        e = au_tab_find(s, T(c->dest));
    else {
        struct operand o = au_name_chain(s, c->dest);
        if (o.otag && o.end == c->dest_end && T(o.last)->kind == CPP_IDENT)
            e = au_tab_find_member(s, o.otag, o.otlen, T(o.last));
    }
    if (!e || e->tdef || e->func || !e->tag) return NULL;
    bool ok = c->dest_addr ? e->cls == C_OTHER && !e->array
                           : (e->cls == C_PTR && !e->array && e->pointee == C_OTHER) ||
                                 (e->cls == C_OTHER && e->array && c->copy);
    if (!ok) return NULL;
    *tlen = e->tlen;
    return e->tag;
}

/* Does the size [a, b) already measure the struct: offsetof, the tag, or a sizeof of the
 * destination's names? */
static bool names_struct(struct audit_scratch *s, const struct au_alloc_call *c, u32 a, u32 b,
                         const char *tag, u32 tlen)
{
    for (u32 j = a; j < b; j++) {
        const struct cpp_token *t = T(j);
        if (t->kind != CPP_IDENT) continue;
        if (eq(t, "offsetof") || eq(t, "__builtin_offsetof")) return true;
        if (t->len == tlen && !memcmp(t->p, tag, tlen)) return true;
        if (eq(t, "sizeof") && c->dest) {
            u32 e = is_p(s, j + 1, CPP_P_LPAREN) ? au_match_paren(s, j + 1) : j + 3;
            for (u32 k = j + 1; k < e && k < b; k++)
                for (u32 d = c->dest; d < c->dest_end; d++)
                    if (T(k)->kind == CPP_IDENT && T(d)->kind == CPP_IDENT &&
                        T(k)->len == T(d)->len && !memcmp(T(k)->p, T(d)->p, T(d)->len))
                        return true;
        }
    }
    return false;
}

enum shape { S_WHOLE, S_TERM, S_FACTOR };

/* The number of [a, b) that may be a layout: the whole size, a term of its top-level sum
 * or a factor of its top-level product; *sh says which.  0 when none. */
static u32 size_number(struct audit_scratch *s, u32 a, u32 b, u32 from, enum shape *sh)
{
    while (b > a + 2 && is_p(s, a, CPP_P_LPAREN) && au_match_paren(s, a) == b) a++, b--;
    if (b == a + 1) {
        *sh = S_WHOLE;
        return from <= a && T(a)->kind == CPP_NUMBER ? a : 0;
    }
    bool sum = false, prod = false, other = false;
    int d = 0;
    for (u32 j = a; j < b; j++) {
        if (is_p(s, j, CPP_P_LPAREN) || is_p(s, j, CPP_P_LSQ)) d++;
        else if (is_p(s, j, CPP_P_RPAREN) || is_p(s, j, CPP_P_RSQ)) d--;
        else if (!d && T(j)->kind == CPP_PUNCT) {
            if (is_p(s, j, CPP_P_PLUS)) sum = true;
            else if (is_p(s, j, CPP_P_STAR)) prod = true;
            else other = true;
        }
    }
    if (other || (!sum && !prod)) return 0;
    /* "24 * sizeof(int)": the number counts objects whose size is there */
    for (u32 j = a; j < b && !sum; j++)
        if (is_id(s, j, "sizeof")) return 0;
    /* terms of a sum (single numbers), or factors of a product without a sum */
    enum cpp_punct op = sum ? CPP_P_PLUS : CPP_P_STAR;
    d = 0;
    u32 t0 = a;
    for (u32 j = a; j <= b; j++) {
        if (j < b && (is_p(s, j, CPP_P_LPAREN) || is_p(s, j, CPP_P_LSQ))) d++;
        else if (j < b && (is_p(s, j, CPP_P_RPAREN) || is_p(s, j, CPP_P_RSQ))) d--;
        else if (j == b || (!d && is_p(s, j, op))) {
            if (j == t0 + 1 && t0 >= from && T(t0)->kind == CPP_NUMBER) {
                *sh = sum ? S_TERM : S_FACTOR;
                return t0;
            }
            t0 = j + 1;
        }
    }
    return 0;
}

void au_rule_struct_size(struct audit_scratch *s, const struct au_alloc_call *c)
{
    int k = c->size_arg >= 0 ? c->size_arg : c->elem_arg;
    u32 a = c->args[k], b = c->args[k + 1] - 1;
    if (b <= a) return;
    u32 tlen = 0;
    const char *tag = dest_struct(s, c, &tlen);
    if (!tag) return;
    const struct au_layout *L = au_struct_layout(s, tag, tlen);
    if (!L || L->size[0] == L->size[1] || names_struct(s, c, a, b, tag, tlen)) return;
    char text[120], type[100], fix[120], dest[48] = "";
    au_spell(s, c->name, c->end, text, sizeof text);
    if (c->dest) au_spell(s, c->dest, c->dest_end, dest, sizeof dest);
    bool anon = tag[0] == '<'; /* TU mode's name for "typedef struct { ... } name" */
    if (anon && !c->dest) return;
    if (anon)
        snprintf(type, sizeof type, "the struct '%s' %s", dest, c->dest_addr ? "is" : "points to");
    else
        snprintf(type, sizeof type, "'%s %.*s'", L->uni ? "union" : "struct", (int)tlen, tag);
    for (u32 from = a;;) {
        enum shape sh;
        u32 num = size_number(s, a, b, from, &sh);
        if (!num) return;
        from = num + 1;
        u128 v128;
        int l;
        bool u;
        if (s->done[num] || !au_int_value(T(num), &v128, &l, &u) || v128 == 0 || v128 > 1u << 20)
            continue;
        u32 v = (u32)v128;
        if (c->size_arg < 0) sh = S_FACTOR; /* calloc's element size */
        /* the suggestion: sizeof of the type, or of what the destination points to */
        if (anon)
            snprintf(fix, sizeof fix, "sizeof(%s%s)", c->dest_addr ? "" : "*", dest);
        else
            snprintf(fix, sizeof fix, "sizeof(%s %.*s)", L->uni ? "union" : "struct", (int)tlen, tag);
        if (v == L->size[0]) {
            au_report(s, num, R_STRUCT_SIZE, "'%s': %u is the LP64 size of %s, which is %u "
                      "under LP128 (use %s)", text, v, type, L->size[1], fix);
            return;
        }
        if (v == L->end[0] && sh != S_FACTOR && L->end[1] != v) {
            au_report(s, num, R_STRUCT_SIZE, "'%s': %u is the LP64 size of the members of %s "
                      "(%u with its padding), %u under LP128 (use %s)", text, v, type,
                      L->size[0], L->end[1], fix);
            return;
        }
        /* the members after leading pointers or longs: malloc(16 + len), memset(p, 0, 16) */
        if (v % 8 == 0 && v / 8 >= 1 && v / 8 <= L->nword && !L->uni &&
            (sh == S_TERM || (sh == S_WHOLE && c->copy))) {
            u32 m = v / 8;
            bool named = m < L->nmembers && m < AU_LAYOUT_NAMES && L->mname[m];
            if (named && !anon)
                snprintf(fix, sizeof fix, "offsetof(struct %.*s, %.*s)", (int)tlen, tag,
                         (int)L->mlen[m], L->mname[m]);
            else if (named)
                snprintf(fix, sizeof fix, "offsetof of '%.*s'", (int)L->mlen[m], L->mname[m]);
            char cnt[24] = "member";
            if (m > 1) snprintf(cnt, sizeof cnt, "%u members", m);
            au_report(s, num, R_STRUCT_SIZE, "'%s': %u is the LP64 size of the first %s of %s "
                      "(pointers or longs), %u under LP128 (use %s)", text, v, cnt, type, 16 * m,
                      fix);
            return;
        }
    }
}
