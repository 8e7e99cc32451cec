/* Rule size-literal: the LP64 sizeof of a pointer, long or long long written as the
 * number 8 in an allocation or memory call for an array of them:
 *   char **v = malloc(n * 8);   long *w = calloc(n, 8);   memset(v, 0, n * 8);
 * The destination's element type comes from its declaration (pointee class); u64 and
 * other element types make 8 right and are not reported. */
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

/* Is [a, b) the number 8, or a product with a factor 8 at its top level? */
static bool times_8(struct audit_scratch *s, u32 a, u32 b)
{
    while (b > a + 2 && is_p(s, a, CPP_P_LPAREN) && au_match_paren(s, a) == b) a++, b--;
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

/* The array named by [a, b): a plain name whose declaration gives its elements. */
static const struct sym *dest_sym(struct audit_scratch *s, u32 a, u32 b)
{
    while (b > a + 2 && is_p(s, a, CPP_P_LPAREN) && au_match_paren(s, a) == b) a++, b--;
    if (b != a + 1 || T(a)->kind != CPP_IDENT) return NULL;
    return au_tab_find(s, T(a));
}

static const char *elem_name(u8 c)
{
    return c == C_PTR ? "pointer" : c == C_LONG ? "long" : "long long";
}

/* At a call NAME( at i. */
void au_rule_size(struct audit_scratch *s, u32 i)
{
    if (!on(s, R_SIZE_LITERAL)) return;
    const struct alloc_fn *fn = NULL;
    for (const struct alloc_fn *f = alloc_fns; f->name; f++)
        if (eq(T(i), f->name)) fn = f;
    if (!fn || !is_p(s, i + 1, CPP_P_LPAREN)) return;
    u32 end = au_match_paren(s, i + 1);
    if (end == i + 1) return;
    u32 args[8], n = 0;
    int d = 0;
    args[n++] = i + 2;
    for (u32 j = i + 2; j + 1 < end && n < 7; j++) {
        if (is_p(s, j, CPP_P_LPAREN) || is_p(s, j, CPP_P_LSQ) || is_p(s, j, CPP_P_LBRACE)) d++;
        else if (is_p(s, j, CPP_P_RPAREN) || is_p(s, j, CPP_P_RSQ) || is_p(s, j, CPP_P_RBRACE)) d--;
        else if (!d && is_p(s, j, CPP_P_COMMA)) args[n++] = j + 1;
    }
    args[n] = end; /* argument k is [args[k], args[k + 1] - 1) */
    int k = fn->size_arg >= 0 ? fn->size_arg : fn->elem_arg;
    if ((u32)k >= n) return;
    u32 a = args[k], b = args[k + 1] - 1;
    if (fn->size_arg >= 0 ? !times_8(s, a, b) : !(b == a + 1 && au_num_is(T(a), 8))) return;
    /* the destination: an argument, or the target of "x = f(...)" (also through a cast,
       and "T **x = f(...)", whose declarator the symbol table has already seen) */
    const struct sym *e = NULL;
    if (fn->dest_arg >= 0) {
        if ((u32)fn->dest_arg < n) e = dest_sym(s, args[fn->dest_arg], args[fn->dest_arg + 1] - 1);
    } else {
        u32 j = i;
        if (j >= 1 && is_p(s, j - 1, CPP_P_RPAREN)) { /* (T **)malloc(...) */
            u32 c = j - 1;
            while (c > 0 && s->grp[c] == s->grp[i] && !is_p(s, c, CPP_P_LPAREN) && j - c < 10) c--;
            if (is_p(s, c, CPP_P_LPAREN) && au_match_paren(s, c) == j) j = c;
        }
        if (j >= 2 && is_p(s, j - 1, CPP_P_ASSIGN) && T(j - 2)->kind == CPP_IDENT &&
            !(j >= 3 && (is_p(s, j - 3, CPP_P_DOT) || is_p(s, j - 3, CPP_P_ARROW))))
            e = au_tab_find(s, T(j - 2));
    }
    if (!e || e->cls != C_PTR || e->array ||
        !(e->pointee == C_PTR || e->pointee == C_LONG || e->pointee == C_LLONG))
        return;
    char text[120];
    au_report(s, a, R_SIZE_LITERAL, "'%s' as the size of %s for '%.*s', an array of %ss: "
              "sizeof(%s) is 16 under LP128 (use sizeof(*%.*s))", au_spell(s, i, end, text, sizeof text),
              fn->size_arg >= 0 ? "the buffer" : "each element", (int)e->len, e->p,
              elem_name(e->pointee), elem_name(e->pointee), (int)e->len, e->p);
}
