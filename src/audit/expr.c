/* zl-audit expression helpers: parentheses, casts, operands and their classes,
 * integer literals, comparison operators. */
#include "audit/scan.h"

/* Index after the ')' matching the '(' at i (same line group), or i if unmatched. */
u32 au_match_paren(struct audit_scratch *s, u32 i)
{
    u32 g = s->grp[i], d = 0;
    for (u32 j = i; j < s->n && s->grp[j] == g; j++) {
        if (is_p(s, j, CPP_P_LPAREN) || is_p(s, j, CPP_P_LSQ))
            d++;
        else if (is_p(s, j, CPP_P_RPAREN) || is_p(s, j, CPP_P_RSQ)) {
            if (--d == 0) return j + 1;
        } else if (g == 0 && (is_p(s, j, CPP_P_SEMI) || is_p(s, j, CPP_P_LBRACE) ||
                              is_p(s, j, CPP_P_RBRACE)) && d <= 1 && j > i + 400)
            break; /* give up on absurdly long unbalanced groups */
    }
    return i;
}
/* Index of the '(' left open before token i in its statement (same line group), walking
 * back at most 200 tokens and stopping at ';', '{' or '}' outside parentheses; i if none.
 * Call it again on the result to step out one more level. */
u32 au_open_paren_before(struct audit_scratch *s, u32 i)
{
    u32 g = s->grp[i];
    int d = 0;
    for (u32 k = i, steps = 0; k > 0 && s->grp[k - 1] == g && steps < 200; steps++) {
        k--;
        if (is_p(s, k, CPP_P_RPAREN)) d++;
        else if (is_p(s, k, CPP_P_LPAREN)) {
            if (d == 0) return k;
            d--;
        } else if (d == 0 && (is_p(s, k, CPP_P_SEMI) || is_p(s, k, CPP_P_LBRACE) ||
                              is_p(s, k, CPP_P_RBRACE)))
            break;
    }
    return i;
}
/* ---------------------------------------------------------------- casts and operands */

/* Classify "( type )" at i; *after = index after ')'. */
enum castk au_cast_at2(struct audit_scratch *s, u32 i, u32 *after, bool chained)
{
    if (!is_p(s, i, CPP_P_LPAREN)) return K_NONE;
    if (!chained && i > 0 && s->grp[i - 1] == s->grp[i]) {
        const struct cpp_token *b = T(i - 1);
        if (b->kind == CPP_IDENT && !eq(b, "return") && !eq(b, "case") && !eq(b, "else"))
            return K_NONE; /* call, macro invocation, sizeof(type), typeof(...) */
        if (b->kind == CPP_PUNCT && (b->sub == CPP_P_RPAREN || b->sub == CPP_P_RSQ))
            return K_NONE;
    }
    u32 g = s->grp[i], j = i + 1;
    int words = 0, stars = 0, longs = 0, uns = 0, ints = 0;
    bool w64 = false, lng = false;
    for (; j < s->n && s->grp[j] == g && j < i + 12; j++) {
        const struct cpp_token *t = T(j);
        if (t->kind == CPP_PUNCT && t->sub == CPP_P_RPAREN) break;
        if (t->kind == CPP_PUNCT && t->sub == CPP_P_STAR) {
            stars++;
            continue;
        }
        if (t->kind != CPP_IDENT) return K_NONE;
        if (stars && !in_set(t, au_qualifiers)) return K_NONE; /* "a * b" */
        if (in_set(t, au_qualifiers)) continue;
        words++;
        if (eq(t, "long")) longs++;
        else if (eq(t, "unsigned") || eq(t, "signed")) uns++;
        else if (eq(t, "int")) ints++;
        else if (in_set(t, au_w64_types)) w64 = true;
        else if (in_set(t, au_long_types)) lng = true;
        else if (s->typed && !in_set(t, au_type_kw)) {
            /* TU mode: a typedef name stands for its type (dma_addr_t, uintptr_t-likes) */
            const struct sym *d = au_typedef_at(s, j);
            if (d && d->cls == C_W64) w64 = true;
            else if (d && d->cls == C_LONG) lng = true;
            else if (d && d->cls == C_PTR) stars++;
        }
        /* other words (struct tags, typedef names, char ...) only count in "words" */
    }
    if (j >= s->n || !is_p(s, j, CPP_P_RPAREN) || words == 0) return K_NONE;
    *after = j + 1;
    /* an operand must follow */
    if (*after >= s->n || s->grp[*after] != g) return K_NONE;
    const struct cpp_token *o = T(*after);
    if (o->kind == CPP_PUNCT) {
        switch (o->sub) {
        case CPP_P_LPAREN: case CPP_P_AMP: case CPP_P_STAR: case CPP_P_TILDE: case CPP_P_NOT:
        case CPP_P_MINUS:
            break;
        default:
            return K_NONE;
        }
    } else if (o->kind != CPP_IDENT && o->kind != CPP_NUMBER && o->kind != CPP_CHAR)
        return K_NONE;
    if (o->kind == CPP_IDENT && in_set(o, au_not_type_kw) && !eq(o, "sizeof")) return K_NONE;
    if (stars) return K_PTR;
    if (w64 && words == 1) return K_W64;
    if (longs == 2 && words == longs + uns + ints) return K_LL;
    if (longs == 1 && words == longs + uns + ints) return K_LONG;
    if (lng && words == 1) return K_LONG;
    return K_NONE;
}

enum castk au_cast_at(struct audit_scratch *s, u32 i, u32 *after)
{
    return au_cast_at2(s, i, after, false);
}

static enum opk class_opk(u8 c)
{
    switch (c) {
    case C_PTR: return O_PTR;
    case C_W64: return O_W64;
    case C_LONG: return O_LONG;
    case C_LLONG: return O_LLONG;
    case C_OTHER: return O_OTHER;
    default: return O_UNKNOWN;
    }
}

/* name, name->m, name.m[i], ... */
struct operand au_name_chain(struct audit_scratch *s, u32 i)
{
    struct operand r = {O_UNKNOWN, i + 1, i, true};
    u32 g = s->grp[i], j = i;
    bool sub = false;
    for (;;) {
        u32 k = j + 1;
        sub = false;
        while (is_p(s, k, CPP_P_LSQ) && tok_in_grp(s, k, g)) {
            u32 e = au_match_paren(s, k);
            if (e == k) break;
            k = e;
            sub = true;
        }
        if ((is_p(s, k, CPP_P_ARROW) || is_p(s, k, CPP_P_DOT)) && tok_in_grp(s, k + 1, g) &&
            T(k + 1)->kind == CPP_IDENT) {
            j = k + 1;
            continue;
        }
        r.end = k;
        break;
    }
    r.last = j;
    bool call = is_p(s, r.end, CPP_P_LPAREN) && tok_in_grp(s, r.end, g);
    if (call) {
        /* f(x)->m, f(x).m, f(x)[i]: a member or element of the result, not the result
           ("(__u64)EXT4_I(inode)->i_file_acl" converts the member): type unknown */
        u32 k = au_match_paren(s, r.end);
        bool member = false;
        while (k > r.end && tok_in_grp(s, k, g)) {
            if ((is_p(s, k, CPP_P_ARROW) || is_p(s, k, CPP_P_DOT)) && tok_in_grp(s, k + 1, g) &&
                T(k + 1)->kind == CPP_IDENT)
                k += 2;
            else if (is_p(s, k, CPP_P_LSQ) && au_match_paren(s, k) > k)
                k = au_match_paren(s, k);
            else
                break;
            member = true;
        }
        if (member && s->typed && j == i) {
            /* TU mode, f(x)->a.b of a function returning a struct pointer: the members
               through its tag (a subscript or an unknown struct leaves the type unknown) */
            const struct sym *f = au_tab_find(s, T(i)), *m = NULL;
            const char *tag = f && f->func ? f->tag : NULL;
            u32 tl = tag ? f->tlen : 0;
            for (u32 q = au_match_paren(s, r.end); q < k && tag; q += 2) {
                if (is_p(s, q, CPP_P_LSQ)) { tag = NULL; break; }
                r.otag = tag;
                r.otlen = tl;
                m = au_tab_find_member(s, tag, tl, T(q + 1));
                r.last = q + 1;
                tag = m ? m->tag : NULL;
                tl = m ? m->tlen : 0;
                if (!m) break;
            }
            if (m && r.last + 1 == k) {
                r.end = k;
                r.k = class_opk(m->array ? C_NONE : m->cls);
                return r;
            }
            r.otag = NULL;
            r.last = j;
        }
        if (member || !s->typed) {
            /* a call without TU mode: result type unknown (TU mode knows declared
               functions' results) */
            r.chain = false;
            r.end = member ? k : au_match_paren(s, r.end);
            return r;
        }
    }
    /* resolve members through struct tags: a->b->c needs the tag of a, then of a.b */
    struct sym *e = au_tab_find(s, T(i));
    if (j != i) {
        const char *tag = e ? e->tag : NULL;
        u32 tl = e ? e->tlen : 0;
        if (!e && eq(T(i), "__entry")) tag = "__entry", tl = 7; /* TRACE_EVENT records */
        e = NULL;
        for (u32 k = i + 1; k <= j && tag; k++) {
            if (T(k)->kind != CPP_IDENT) continue;
            /* TU mode: a name inside a subscript (a->b[i].c) is not a member */
            if (s->typed && !is_p(s, k - 1, CPP_P_DOT) && !is_p(s, k - 1, CPP_P_ARROW)) continue;
            r.otag = tag;
            r.otlen = tl;
            e = au_tab_find_member(s, tag, tl, T(k));
            tag = e ? e->tag : NULL;
            tl = e ? e->tlen : 0;
            if (!tag && k < j) r.otag = NULL; /* a->u.e.f: u's struct unknown, so f's too */
        }
        /* a member whose struct is unknown in this file stays unknown (e == NULL) */
    }
    if (call) {
        /* f(x), p->read(x): what the function or function pointer returns */
        r.chain = false;
        r.end = au_match_paren(s, r.end);
        r.k = class_opk(e && !sub ? e->ret : C_NONE); /* ops[i](x): unknown */
        return r;
    }
    u8 c = e ? e->cls : C_NONE;
    if (sub && e && !e->array) c = C_NONE; /* p[i]: the pointee, type unknown */
    if (!sub && e && e->array) c = C_NONE; /* an array name decays to a pointer */
    if (e && e->tdef) c = C_NONE;          /* a type name, not a value */
    r.k = class_opk(c);
    return r;
}

struct operand au_operand_at(struct audit_scratch *s, u32 i, int depth)
{
    struct operand r = {O_UNKNOWN, i + 1, i, false};
    if (i >= s->n || depth > 6) return r;
    const struct cpp_token *t = T(i);
    if (t->kind == CPP_PUNCT && t->sub == CPP_P_AMP) {
        r.k = O_PTR;
        if (i + 1 < s->n && T(i + 1)->kind == CPP_IDENT) r.end = au_name_chain(s, i + 1).end;
        return r;
    }
    if (t->kind == CPP_NUMBER || t->kind == CPP_CHAR) {
        r.k = O_LITERAL;
        return r;
    }
    if (t->kind == CPP_IDENT) return au_name_chain(s, i);
    if (t->kind == CPP_PUNCT && t->sub == CPP_P_LPAREN) {
        u32 after;
        enum castk k = au_cast_at2(s, i, &after, depth > 0 || (i > 0 && is_p(s, i - 1, CPP_P_RPAREN)));
        if (k == K_NONE) {
            /* ( expr ): look at a single operand inside */
            struct operand in = au_operand_at(s, i + 1, depth + 1);
            if (is_p(s, in.end, CPP_P_RPAREN)) {
                in.end++;
                in.chain = false;
                return in;
            }
            r.end = au_match_paren(s, i);
            /* "(a - b)": a difference at the top level is a length or an offset (of two
               pointers, a ptrdiff_t), not an address, so "(u64)(size_t)(end - p)" keeps
               all of its value */
            int d = 0;
            for (u32 j = i + 1; j + 1 < r.end; j++) {
                if (is_p(s, j, CPP_P_LPAREN) || is_p(s, j, CPP_P_LSQ)) d++;
                else if (is_p(s, j, CPP_P_RPAREN) || is_p(s, j, CPP_P_RSQ)) d--;
                else if (!d && is_p(s, j, CPP_P_MINUS) && j > i + 1 &&
                         (T(j - 1)->kind == CPP_IDENT || T(j - 1)->kind == CPP_NUMBER ||
                          is_p(s, j - 1, CPP_P_RPAREN) || is_p(s, j - 1, CPP_P_RSQ))) {
                    r.k = O_OTHER;
                    break;
                }
            }
            return r;
        }
        struct operand in = au_operand_at(s, after, depth + 1);
        r.end = in.end;
        r.last = in.last;
        if (k == K_PTR) r.k = O_PTR;
        else if (k == K_W64) r.k = O_W64CAST;
        else if (k == K_LL) r.k = in.k == O_PTR ? O_LONGCAST : O_LLONG;
        else if (k == K_LONG) r.k = (in.k == O_PTR || in.k == O_UNKNOWN) ? O_LONGCAST : O_LONG;
        return r;
    }
    return r;
}

/* ---------------------------------------------------------------- number values */

/* Integer value of a pp-number (false if not an integer literal); suffix flags. */
bool au_int_value(const struct cpp_token *t, u128 *v, int *longs, bool *uns)
{
    const char *p = t->p, *e = t->p + t->len;
    unsigned base = 10;
    if (e - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) base = 16, p += 2;
    else if (p[0] == '0') base = 8;
    u128 x = 0;
    const char *q = p;
    for (; q < e; q++) {
        int d = *q >= '0' && *q <= '9' ? *q - '0'
              : *q >= 'a' && *q <= 'f' ? *q - 'a' + 10
              : *q >= 'A' && *q <= 'F' ? *q - 'A' + 10 : 99;
        if ((unsigned)d >= base) break;
        if (x >> 120) return false;
        x = x * base + (unsigned)d;
    }
    if (q == p && base != 8) return false;
    *longs = 0;
    *uns = false;
    for (; q < e; q++) {
        if (*q == 'u' || *q == 'U') *uns = true;
        else if (*q == 'l' || *q == 'L') (*longs)++;
        else return false;
    }
    *v = x;
    return true;
}

bool au_num_is(const struct cpp_token *t, u64 want)
{
    u128 v;
    int l;
    bool u;
    return t->kind == CPP_NUMBER && au_int_value(t, &v, &l, &u) && v == want;
}
bool au_is_cmp(struct audit_scratch *s, u32 i)
{
    if (i >= s->n || T(i)->kind != CPP_PUNCT) return false;
    switch (T(i)->sub) {
    case CPP_P_EQ: case CPP_P_NE: case CPP_P_LT: case CPP_P_GT: case CPP_P_LE: case CPP_P_GE:
        return true;
    default:
        return false;
    }
}

const char *au_opname(int op)
{
    return cpp_punct_str((enum cpp_punct)op);
}

/* Does the name say it holds an address?  (addr, vaddr, ptr, pc, ip, sp, ... as a
 * component between underscores, or ending in addr/ptr).  Counts and sizes printed
 * through (u64) fit in 64 bits in practice; addresses in longs do not under LP128. */
bool au_address_name(const struct cpp_token *t)
{
    static const char *const words[] = {"addr", "address", "vaddr", "uaddr", "kaddr", "ptr",
                                        "pointer", "pc", "ip", "nip", "sp", "va", "lr", "fp",
                                        "eip", "rip", "esp", "rsp", NULL};
    const char *p = t->p, *e = t->p + t->len;
    while (p < e) {
        const char *q = p;
        while (q < e && *q != '_') q++;
        size_t n = (size_t)(q - p);
        for (int k = 0; words[k]; k++)
            if (strlen(words[k]) == n && memcmp(p, words[k], n) == 0) return true;
        if ((n > 4 && memcmp(q - 4, "addr", 4) == 0) || (n > 3 && memcmp(q - 3, "ptr", 3) == 0))
            return true;
        p = q + 1;
    }
    return false;
}

/* Start of the name chain (a, a.b, a->b[i].c) that ends at token e (inclusive). */
u32 au_chain_start(struct audit_scratch *s, u32 e)
{
    u32 g = s->grp[e], j = e;
    for (;;) {
        if (j >= 2 && s->grp[j - 1] == g && (is_p(s, j - 1, CPP_P_DOT) || is_p(s, j - 1, CPP_P_ARROW))) {
            u32 k = j - 2;
            while (k > 0 && is_p(s, k, CPP_P_RSQ) && s->grp[k] == g) { /* a[i] */
                u32 d = 0, m = k;
                for (; m > 0 && s->grp[m] == g; m--) {
                    if (is_p(s, m, CPP_P_RSQ)) d++;
                    else if (is_p(s, m, CPP_P_LSQ) && --d == 0) break;
                }
                if (d) return j;
                k = m - 1;
            }
            if (T(k)->kind != CPP_IDENT) return j;
            j = k;
        } else
            return j;
    }
}

int au_cmp_flip(int op)
{
    switch (op) {
    case CPP_P_LT: return CPP_P_GT;
    case CPP_P_GT: return CPP_P_LT;
    case CPP_P_LE: return CPP_P_GE;
    case CPP_P_GE: return CPP_P_LE;
    default: return op;
    }
}

bool au_cmp_value(int op, u64 w, u64 k)
{
    switch (op) {
    case CPP_P_EQ: return w == k;
    case CPP_P_NE: return w != k;
    case CPP_P_LT: return w < k;
    case CPP_P_GT: return w > k;
    case CPP_P_LE: return w <= k;
    default: return w >= k;
    }
}
