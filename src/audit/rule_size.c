/* Rule size-literal: the LP64 sizeof of a pointer, long or long long written as a
 * number in an allocation or memory call:
 *   char **v = malloc(n * 8);   long *w = calloc(n, 8);   memset(v, 0, n * 8);
 *   void **node = malloc(16 + len);          two pointers counted as 16 bytes
 *   char *b = malloc(n + 8); *(long *)b = x;  room for one long counted as 8 bytes
 *   p = malloc(sizeof(void *) + 8);          one pointer sized, the next one written out
 * A number in the size is read as a count of 8-byte words only on evidence that the
 * buffer holds pointer-sized or long long objects: the destination's element type (its
 * declaration), a cast of the destination to a pointer to such objects in the same
 * block, or a sizeof of such an object in the same size.  u64 and other element types make
 * 8 right and are not reported; without evidence a number is a byte count (string
 * padding, a header) and is not reported either. */
#include "audit/scan.h"

struct alloc_fn {
    const char *name;
    signed char size_arg; /* argument holding the byte count (n * 8 / 8), or -1 */
    signed char elem_arg; /* argument holding the element size (8), or -1 */
    signed char dest_arg; /* argument naming the destination, or -1: the assignment's target */
};

static const struct alloc_fn alloc_fns[] = {
    {"malloc", 0, -1, -1},        {"xmalloc", 0, -1, -1},      {"alloca", 0, -1, -1},
    {"kmalloc", 0, -1, -1},       {"kzalloc", 0, -1, -1},      {"vmalloc", 0, -1, -1},
    {"vzalloc", 0, -1, -1},       {"kvmalloc", 0, -1, -1},     {"kvzalloc", 0, -1, -1},
    {"realloc", 1, -1, -1},       {"xrealloc", 1, -1, -1},     {"krealloc", 1, -1, -1},
    {"calloc", -1, 1, -1},        {"xcalloc", -1, 1, -1},      {"kcalloc", -1, 1, -1},
    {"kmalloc_array", -1, 1, -1}, {"kvmalloc_array", -1, 1, -1}, {"kvcalloc", -1, 1, -1},
    {"devm_kcalloc", -1, 2, -1},  {"devm_kmalloc_array", -1, 2, -1},
    {"reallocarray", -1, 2, -1},  {"krealloc_array", -1, 2, -1},
    {"memset", 2, -1, 0},         {"memcpy", 2, -1, 0},        {"memmove", 2, -1, 0},
    {NULL, 0, 0, 0}};

/* [a, b) without the parentheses around all of it. */
static void strip_parens(struct audit_scratch *s, u32 *a, u32 *b)
{
    while (*b > *a + 2 && is_p(s, *a, CPP_P_LPAREN) && au_match_paren(s, *a) == *b) ++*a, --*b;
}

/* Is [a, b) the number 8, or a product with a factor 8 at its top level? */
static bool times_8(struct audit_scratch *s, u32 a, u32 b)
{
    strip_parens(s, &a, &b);
    if (b == a + 1) return au_num_is(T(a), 8);
    int d = 0;
    for (u32 j = a; j < b; j++) {
        if (is_p(s, j, CPP_P_LPAREN) || is_p(s, j, CPP_P_LSQ)) d++;
        else if (is_p(s, j, CPP_P_RPAREN) || is_p(s, j, CPP_P_RSQ)) d--;
        if (d || T(j)->kind != CPP_NUMBER || !au_num_is(T(j), 8)) continue;
        /* 8 * x or x * 8, not 8 * x * y / ... mixed with + - (a header size) */
        bool mul = (j > a && is_p(s, j - 1, CPP_P_STAR)) || (j + 1 < b && is_p(s, j + 1, CPP_P_STAR));
        if (!mul) continue;
        int d2 = 0;
        for (u32 k = a; k < b; k++) {
            if (is_p(s, k, CPP_P_LPAREN) || is_p(s, k, CPP_P_LSQ)) d2++;
            else if (is_p(s, k, CPP_P_RPAREN) || is_p(s, k, CPP_P_RSQ)) d2--;
            else if (!d2 && T(k)->kind == CPP_PUNCT && !is_p(s, k, CPP_P_STAR)) return false;
            /* 8 * sizeof(x): 8 is a count of elements whose size is already there */
            if (is_id(s, k, "sizeof")) return false;
        }
        return true;
    }
    return false;
}

static const char *elem_name(u8 c)
{
    return c == C_PTR ? "pointer" : c == C_LONG ? "long" : "long long";
}

static bool word_class(u8 c)
{
    return c == C_PTR || c == C_LONG || c == C_LLONG;
}

/* A number that can count LP64 words: a multiple of 8 from 8 to 64 (one to eight words;
 * larger numbers are buffer sizes). */
static bool word_bytes(const struct cpp_token *t, unsigned *v)
{
    u128 x;
    int l;
    bool u;
    if (t->kind != CPP_NUMBER || !au_int_value(t, &x, &l, &u) || x < 8 || x > 64 || x % 8)
        return false;
    *v = (unsigned)x;
    return true;
}

/* "( TYPE * )" at i whose objects are pointer-sized or long long: the class of the
 * pointee (C_PTR for "T **"), else C_NONE; *after = index after the ')'. */
static u8 cast_pointee(struct audit_scratch *s, u32 i, u32 *after)
{
    if (!is_p(s, i, CPP_P_LPAREN)) return C_NONE;
    u32 g = s->grp[i], j = i + 1, last = 0;
    bool words = false;
    for (; j < s->n && s->grp[j] == g && T(j)->kind == CPP_IDENT && j - i < 8; j++)
        last = j, words = true;
    int stars = 0;
    for (; is_p(s, j, CPP_P_STAR) && s->grp[j] == g; j++) stars++;
    if (!words || !stars || !is_p(s, j, CPP_P_RPAREN) || s->grp[j] != g) return C_NONE;
    *after = j + 1;
    if (in_set(T(last), au_not_type_kw)) return C_NONE; /* "(x * y)" is no cast */
    u8 c = stars > 1 ? C_PTR : au_type_class_at(s, last);
    return word_class(c) ? c : C_NONE;
}

/* Evidence in the block of the call at i: the buffer named by the token `name` is cast
 * to a pointer to pointer-sized or long long objects ("(long *)buf", "*(void **)(buf +
 * 8)") before or after the call; the cast's pointee class, *at = the cast.  The block is
 * bounded (4,000 tokens each way). */
static u8 block_cast(struct audit_scratch *s, u32 i, const struct cpp_token *name, u32 *at)
{
    u32 from = i;
    for (int depth = 0; from > 0 && i - from < 4000; from--) {
        if (s->grp[from - 1]) continue;
        if (is_p(s, from - 1, CPP_P_RBRACE)) depth++;
        else if (is_p(s, from - 1, CPP_P_LBRACE) && --depth < 0) break;
    }
    int depth = 0;
    for (u32 j = from; j < s->n && j < i + 4000; j++) {
        if (s->grp[j]) continue;
        if (is_p(s, j, CPP_P_LBRACE)) depth++;
        else if (is_p(s, j, CPP_P_RBRACE) && --depth < 0) break;
        u32 after;
        u8 c = cast_pointee(s, j, &after);
        if (c == C_NONE) continue;
        u32 k = after;
        while (is_p(s, k, CPP_P_LPAREN) && k - after < 3) k++;
        if (k < s->n && T(k)->kind == CPP_IDENT && T(k)->len == name->len &&
            !memcmp(T(k)->p, name->p, name->len) &&
            !(is_p(s, k + 1, CPP_P_DOT) || is_p(s, k + 1, CPP_P_ARROW) ||
              is_p(s, k + 1, CPP_P_LSQ) || is_p(s, k + 1, CPP_P_LPAREN))) {
            *at = j;
            return c;
        }
    }
    return C_NONE;
}

/* The number counting words in the byte count [a, b): a term of its top-level sum
 * ("n + 8", "16 + sizeof(x)", "(n + 1) * 8 + 16") or the whole count when it is 8 or 16
 * ("16"); *sz = the
 * first sizeof of a pointer-sized or long long object anywhere in the count, or 0.
 * Returns the number's index, or 0. */
static u32 word_term(struct audit_scratch *s, u32 a, u32 b, u32 *sz, u8 *szc)
{
    strip_parens(s, &a, &b);
    u32 num = 0, t0 = a;
    int d = 0;
    *sz = 0, *szc = C_NONE;
    for (u32 j = a; j <= b; j++) {
        bool end = j == b || (!d && (is_p(s, j, CPP_P_PLUS)));
        if (j < b && is_id(s, j, "sizeof") && !*sz) {
            u32 e;
            u8 c = au_sizeof_class(s, j, &e);
            if (word_class(c)) *sz = j, *szc = c;
        }
        if (end) {
            unsigned v;
            /* a term that is one number ("n - 8" is one term, an offset, not a size) */
            if (!num && j == t0 + 1 && word_bytes(T(t0), &v)) num = t0;
            t0 = j + 1;
            continue;
        }
        if (is_p(s, j, CPP_P_LPAREN) || is_p(s, j, CPP_P_LSQ)) d++;
        else if (is_p(s, j, CPP_P_RPAREN) || is_p(s, j, CPP_P_RSQ)) d--;
    }
    /* a count that is one number is one object or a pair of them (8, 16); a larger one is
       a byte size chosen for something else - kasan_test.c's kzalloc(48) for an unsigned
       long bitmap picks a slab size and a redzone, not six longs */
    unsigned v;
    if (num && b == a + 1 && word_bytes(T(num), &v) && v > 16) return 0;
    return num;
}

static void size_literal(struct audit_scratch *s, const struct au_alloc_call *c);

/* The call NAME( at i: its arguments, its destination and a cast of its result. */
static bool read_call(struct audit_scratch *s, u32 i, struct au_alloc_call *c)
{
    const struct alloc_fn *fn = NULL;
    for (const struct alloc_fn *f = alloc_fns; f->name && !fn; f++)
        if (eq(T(i), f->name)) fn = f;
    if (!fn || !is_p(s, i + 1, CPP_P_LPAREN)) return false;
    u32 end = au_match_paren(s, i + 1);
    if (end == i + 1) return false;
    memset(c, 0, sizeof *c);
    c->name = i;
    c->end = end;
    c->size_arg = fn->size_arg;
    c->elem_arg = fn->elem_arg;
    c->copy = fn->dest_arg >= 0;
    int d = 0;
    c->args[c->n++] = i + 2;
    for (u32 j = i + 2; j + 1 < end && c->n < 7; j++) {
        if (is_p(s, j, CPP_P_LPAREN) || is_p(s, j, CPP_P_LSQ) || is_p(s, j, CPP_P_LBRACE)) d++;
        else if (is_p(s, j, CPP_P_RPAREN) || is_p(s, j, CPP_P_RSQ) || is_p(s, j, CPP_P_RBRACE)) d--;
        else if (!d && is_p(s, j, CPP_P_COMMA)) c->args[c->n++] = j + 1;
    }
    c->args[c->n] = end;
    int k = fn->size_arg >= 0 ? fn->size_arg : fn->elem_arg;
    if ((u32)k >= c->n) return false;
    /* the destination: an argument, or the target of "x = f(...)" (also through a cast,
       and "T **x = f(...)", whose declarator the symbol table has already seen) */
    if (fn->dest_arg >= 0) {
        if ((u32)fn->dest_arg < c->n) {
            u32 da = c->args[fn->dest_arg], db = c->args[fn->dest_arg + 1] - 1;
            strip_parens(s, &da, &db);
            if (is_p(s, da, CPP_P_AMP)) c->dest_addr = true, da++;
            if (da < db && T(da)->kind == CPP_IDENT && au_name_chain(s, da).end == db)
                c->dest = da, c->dest_end = db;
        }
    } else {
        u32 j = i;
        if (j >= 1 && is_p(s, j - 1, CPP_P_RPAREN)) { /* (T **)malloc(...) */
            u32 q = j - 1;
            while (q > 0 && s->grp[q] == s->grp[i] && !is_p(s, q, CPP_P_LPAREN) && j - q < 10) q--;
            if (is_p(s, q, CPP_P_LPAREN) && au_match_paren(s, q) == j) {
                if (j - q == 5 && (is_id(s, q + 1, "struct") || is_id(s, q + 1, "union")) &&
                    T(q + 2)->kind == CPP_IDENT && is_p(s, q + 3, CPP_P_STAR))
                    c->cast_tag = T(q + 2)->p, c->cast_tlen = T(q + 2)->len;
                j = q;
            }
        }
        if (j >= 2 && is_p(s, j - 1, CPP_P_ASSIGN) && T(j - 2)->kind == CPP_IDENT)
            c->dest = au_chain_start(s, j - 2), c->dest_end = j - 1;
    }
    return true;
}

/* At a call NAME( at i. */
void au_rule_size(struct audit_scratch *s, u32 i)
{
    if (!on(s, R_SIZE_LITERAL) && !on(s, R_STRUCT_SIZE)) return;
    struct au_alloc_call call;
    if (!read_call(s, i, &call)) return;
    if (on(s, R_SIZE_LITERAL)) size_literal(s, &call);
    if (on(s, R_STRUCT_SIZE)) au_rule_struct_size(s, &call);
}

/* size-literal at the call c. */
static void size_literal(struct audit_scratch *s, const struct au_alloc_call *c)
{
    u32 i = c->name, end = c->end;
    const u32 *args = c->args;
    int k = c->size_arg >= 0 ? c->size_arg : c->elem_arg;
    u32 a = args[k], b = args[k + 1] - 1;
    /* the count's shape: n * 8 (elements of 8 bytes), 8 as calloc's element size, or a
       number among the terms of a byte count */
    bool elems = c->size_arg >= 0 ? times_8(s, a, b) : b == a + 1 && au_num_is(T(a), 8);
    u32 num = 0, sz = 0;
    u8 szc = C_NONE;
    if (!elems && c->size_arg >= 0) num = word_term(s, a, b, &sz, &szc);
    if (!elems && !num) return;
    /* the destination as one plain name */
    const struct cpp_token *dname =
        c->dest && c->dest_end == c->dest + 1 && !c->dest_addr ? T(c->dest) : NULL;
    const struct sym *e = dname ? au_tab_find(s, dname) : NULL;
    if (e && (e->cls != C_PTR || e->array)) e = NULL;
    /* the evidence, strongest first: the declared elements, a later cast, a sizeof */
    u8 cls = e && word_class(e->pointee) ? e->pointee : C_NONE;
    u32 cast_at = 0;
    if (cls == C_NONE && dname && !s->grp[i]) cls = block_cast(s, i, dname, &cast_at);
    char text[120], why[160];
    if (cls != C_NONE && !cast_at)
        snprintf(why, sizeof why, "'%.*s' is an array of %ss", (int)e->len, e->p, elem_name(cls));
    else if (cls != C_NONE) {
        char sp[48];
        u32 ce = cast_at;
        cast_pointee(s, cast_at, &ce);
        snprintf(why, sizeof why, "'%.*s' is used as '%s' on line %u", (int)dname->len, dname->p,
                 au_spell(s, cast_at, ce, sp, sizeof sp), T(cast_at)->line);
    } else if (num && sz) {
        cls = szc;
        char sp[48];
        u32 se = sz;
        au_sizeof_class(s, sz, &se);
        snprintf(why, sizeof why, "next to '%s'", au_spell(s, sz, se, sp, sizeof sp));
    } else
        return;
    au_spell(s, i, end, text, sizeof text);
    if (elems && !cast_at) {
        au_report(s, a, R_SIZE_LITERAL, "'%s' as the size of %s for '%.*s', an array of %ss: "
                  "sizeof(%s) is 16 under LP128 (use sizeof(*%.*s))", text,
                  c->size_arg >= 0 ? "the buffer" : "each element", (int)e->len, e->p,
                  elem_name(cls), elem_name(cls), (int)e->len, e->p);
        return;
    }
    if (elems) {
        au_report(s, a, R_SIZE_LITERAL, "'%s' as the size of %s: %s, and sizeof(%s) is 16 "
                  "under LP128 (use sizeof)", text,
                  c->size_arg >= 0 ? "the buffer" : "each element", why, elem_name(cls));
        return;
    }
    unsigned v = 0;
    word_bytes(T(num), &v);
    au_report(s, num, R_SIZE_LITERAL, "'%s': the %u counts %u %s%s at 8 bytes (%s); "
              "sizeof(%s) is 16 under LP128 (use sizeof)", text, v, v / 8, elem_name(cls),
              v > 8 ? "s" : "", why, elem_name(cls));
}
