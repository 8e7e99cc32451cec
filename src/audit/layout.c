/* Struct and union layouts under LP64 and LP128, computed from the declarations the
 * pass has seen: every named struct or union body is recorded when it closes
 * (au_layout_record), and its layout is computed from the body's tokens when a rule asks
 * for it (au_struct_layout; in TU mode's first pass at once, since the translation
 * unit's tokens are gone when the rules run).
 *
 * The sizes are C's: pointers, long and long long 8 bytes under LP64 and 16 under LP128
 * (aligned so), int 4, short 2, char 1, u64 / uint64_t 8 in both, size_t and the other
 * long-sized names of symtab.c as long, enums 4, members placed at their alignment and
 * the size rounded up to the largest.  A body is left unknown when any of it is: a type
 * the file does not define (a typedef outside TU mode, an undeclared struct), a
 * bit-field, an attribute (packed, aligned), an array sized by a name, a directive
 * inside the body (its layout depends on the configuration). */
#include "audit/scan.h"

#include <stdlib.h>

enum { B_NONE, B_COMPUTING, B_KNOWN, B_UNKNOWN };

/* names of the fixed-width types smaller than 64 bits, by size */
static const char *const fixed8[] = {
    "u8", "s8", "__u8", "__s8", "uint8_t", "int8_t", "u_int8_t", "__uint8_t", "__int8_t", NULL};
static const char *const fixed16[] = {
    "u16", "s16", "__u16", "__s16", "uint16_t", "int16_t", "u_int16_t", "__uint16_t",
    "__int16_t", "__le16", "__be16", NULL};
static const char *const fixed32[] = {
    "u32", "s32", "__u32", "__s32", "uint32_t", "int32_t", "u_int32_t", "__uint32_t",
    "__int32_t", "__le32", "__be32", NULL};
static const char *const attr_words[] = {
    "__attribute__", "__attribute", "__packed", "__aligned", "_Alignas", "alignas",
    "__declspec", "_Static_assert", "static_assert", "__randomize_layout", NULL};

/* one object type: size and alignment per model; word: a pointer, long or long long */
struct obj {
    u32 size[2], align[2];
    bool word;
    bool incomplete; /* void, or a type whose layout is unknown: only its pointers fit */
};

static void set_obj(struct obj *o, u32 s64, u32 s128, bool word)
{
    o->size[0] = o->align[0] = s64;
    o->size[1] = o->align[1] = s128;
    o->word = word;
    o->incomplete = false;
}

static bool incomplete(struct obj *o)
{
    set_obj(o, 0, 0, false);
    o->incomplete = true;
    return true;
}

static u32 align_up(u32 x, u32 a)
{
    return a ? (x + a - 1) / a * a : x;
}

static bool body_layout(struct audit_scratch *s, u32 a, u32 b, bool uni, struct au_layout *L);

static void obj_of_layout(struct obj *o, const struct au_layout *L)
{
    for (int m = 0; m < 2; m++) o->size[m] = L->size[m], o->align[m] = L->align[m];
    o->word = false;
    o->incomplete = false;
}

/* The type named by the specifiers [a, b) (qualifiers allowed; no declarator). */
static bool base_type(struct audit_scratch *s, u32 a, u32 b, struct obj *o)
{
    int nlong = 0, nint = 0, nsign = 0, other = 0;
    u32 named = 0;
    const char *kw = NULL;
    for (u32 j = a; j < b; j++) {
        const struct cpp_token *t = T(j);
        if (t->kind != CPP_IDENT) return false;
        if (in_set(t, au_qualifiers)) continue;
        if (eq(t, "struct") || eq(t, "union") || eq(t, "enum")) {
            if (j + 2 != b || T(j + 1)->kind != CPP_IDENT || nlong || nint || nsign || kw) return false;
            if (eq(t, "enum")) {
                set_obj(o, 4, 4, false);
                return true;
            }
            const struct au_layout *L = au_struct_layout(s, T(j + 1)->p, T(j + 1)->len);
            if (!L) return incomplete(o); /* "struct node *next" in struct node itself */
            obj_of_layout(o, L);
            return true;
        }
        if (eq(t, "long")) nlong++;
        else if (eq(t, "int")) nint++;
        else if (eq(t, "signed") || eq(t, "unsigned") || eq(t, "__signed__")) nsign++;
        else if (in_set(t, au_type_kw)) {
            if (kw) return false;
            kw = t->p;
            other = (int)j;
        } else {
            if (named) return false;
            named = j + 1;
        }
    }
    if (named) {
        if (nlong || nint || nsign || kw) return false;
        u32 j = named - 1;
        const struct cpp_token *t = T(j);
        if (in_set(t, fixed8)) set_obj(o, 1, 1, false);
        else if (in_set(t, fixed16)) set_obj(o, 2, 2, false);
        else if (in_set(t, fixed32)) set_obj(o, 4, 4, false);
        else if (in_set(t, au_w64_types) || eq(t, "__uint64_t") || eq(t, "__int64_t"))
            set_obj(o, 8, 8, false);
        else if (in_set(t, au_long_types)) set_obj(o, 8, 16, true);
        else {
            /* TU mode: a typedef of the translation unit */
            const struct sym *d = s->typed ? au_typedef_at(s, j) : NULL;
            if (!d || d->array) return incomplete(o); /* "foo_t *p" is still a pointer */
            if (d->cls == C_PTR) set_obj(o, 8, 16, false);
            else if (d->cls == C_LONG || d->cls == C_LLONG) set_obj(o, 8, 16, true);
            else if (d->cls == C_W64) set_obj(o, 8, 8, false);
            else if (d->tsize[0] && !d->tag)
                set_obj(o, d->tsize[0], d->tsize[1], d->tsize[0] != d->tsize[1]);
            else if (d->tag) {
                const struct au_layout *L = au_struct_layout(s, d->tag, d->tlen);
                if (!L) return incomplete(o);
                obj_of_layout(o, L);
            } else
                return incomplete(o);
        }
        return true;
    }
    if (kw) {
        const struct cpp_token *t = T((u32)other);
        if (nlong || (nint && !eq(t, "char") && !eq(t, "short"))) return false;
        if (eq(t, "char") || eq(t, "_Bool") || eq(t, "bool")) set_obj(o, 1, 1, false);
        else if (eq(t, "short")) set_obj(o, 2, 2, false);
        else if (eq(t, "int")) set_obj(o, 4, 4, false);
        else if (eq(t, "float")) set_obj(o, 4, 4, false);
        else if (eq(t, "double")) set_obj(o, 8, 8, false);
        else if (eq(t, "__int128")) set_obj(o, 16, 16, false);
        else if (eq(t, "void")) return incomplete(o);
        else return false;
        return true;
    }
    if (nlong == 1 || nlong == 2) set_obj(o, 8, 16, true);
    else if (nlong == 0 && (nint || nsign)) set_obj(o, 4, 4, false);
    else return false;
    return true;
}

/* Place one member of type o (n elements; n == 0 for a flexible array) named by the
 * token at name (or none). */
static void place(struct au_layout *L, bool uni, const struct obj *o, u32 n, bool ptr,
                  const struct cpp_token *name, bool *prefix)
{
    for (int m = 0; m < 2; m++) {
        u32 sz = o->size[m] * n, off = uni ? 0 : align_up(L->end[m], o->align[m]);
        if (off + sz > L->end[m]) L->end[m] = off + sz;
        if (o->align[m] > L->align[m]) L->align[m] = o->align[m];
    }
    if (uni) return;
    if (L->nmembers < AU_LAYOUT_NAMES && name) {
        L->mname[L->nmembers] = name->p;
        L->mlen[L->nmembers] = name->len;
    }
    if (L->nmembers < 255) L->nmembers++;
    /* the leading members that are pointers or longs, one object each */
    if (*prefix && (ptr || o->word) && n == 1 && L->nword < AU_LAYOUT_NAMES - 1) L->nword++;
    else *prefix = false;
}

/* One member declaration [a, b) (without its ';'). */
static bool member_layout(struct audit_scratch *s, u32 a, u32 b, bool uni, struct au_layout *L,
                          bool *prefix, bool last)
{
    struct obj base;
    u32 d = a; /* the first declarator */
    u32 ob = a;
    for (; ob < b && !is_p(s, ob, CPP_P_LBRACE); ob++)
        if (T(ob)->kind != CPP_IDENT) break;
    if (ob < b && is_p(s, ob, CPP_P_LBRACE)) {
        /* struct [tag] { ... } declarators;  union { ... };  enum { ... } e; */
        u32 kw = ob > a && T(ob - 1)->kind == CPP_IDENT && !is_id(s, ob - 1, "struct") &&
                         !is_id(s, ob - 1, "union") && !is_id(s, ob - 1, "enum") ? ob - 2 : ob - 1;
        if (kw < a || kw >= ob) return false;
        int dep = 0;
        u32 cl = ob;
        for (; cl < b; cl++) {
            if (is_p(s, cl, CPP_P_LBRACE)) dep++;
            else if (is_p(s, cl, CPP_P_RBRACE) && --dep == 0) break;
        }
        if (cl >= b) return false;
        if (is_id(s, kw, "enum")) set_obj(&base, 4, 4, false);
        else if (is_id(s, kw, "struct") || is_id(s, kw, "union")) {
            struct au_layout in;
            if (!body_layout(s, ob + 1, cl, is_id(s, kw, "union"), &in)) return false;
            obj_of_layout(&base, &in);
        } else
            return false;
        d = cl + 1;
        if (d == b) { /* an anonymous member: its members are the struct's */
            place(L, uni, &base, 1, false, NULL, prefix);
            return true;
        }
    } else {
        /* specifiers: the leading names, less the declarator's own name */
        u32 k = a;
        while (k < b && T(k)->kind == CPP_IDENT) k++;
        if (k == b || !(is_p(s, k, CPP_P_STAR) || is_p(s, k, CPP_P_LPAREN))) k--;
        if (k <= a || !base_type(s, a, k, &base)) return false;
        d = k;
    }
    /* declarators, comma-separated: [*...] name [N]...  or  (*name)(...) */
    while (d < b) {
        u32 q = d;
        int dep = 0;
        for (; q < b; q++) {
            if (is_p(s, q, CPP_P_LPAREN) || is_p(s, q, CPP_P_LSQ)) dep++;
            else if (is_p(s, q, CPP_P_RPAREN) || is_p(s, q, CPP_P_RSQ)) dep--;
            else if (!dep && is_p(s, q, CPP_P_COMMA)) break;
        }
        u32 j = d;
        int stars = 0;
        for (; j < q; j++) {
            if (is_p(s, j, CPP_P_STAR)) stars++;
            else if (!(T(j)->kind == CPP_IDENT && in_set(T(j), au_qualifiers))) break;
        }
        struct obj o = base;
        u32 n = 1;
        const struct cpp_token *name = NULL;
        if (is_p(s, j, CPP_P_LPAREN) && is_p(s, j + 1, CPP_P_STAR)) {
            /* (*fn)(args), (*p)[N]: a pointer */
            u32 e = au_match_paren(s, j);
            if (e == j || e > q) return false;
            for (u32 x = j + 2; x + 1 < e; x++)
                if (T(x)->kind == CPP_IDENT) name = T(x);
            stars = 1;
        } else {
            if (j >= q || T(j)->kind != CPP_IDENT) return false;
            name = T(j++);
            for (; j < q && is_p(s, j, CPP_P_LSQ); j++) {
                u128 v;
                int l;
                bool u;
                if (is_p(s, j + 1, CPP_P_RSQ) && last && q == b) {
                    n = 0; /* a flexible array member */
                    j++;
                    continue;
                }
                if (!(T(j + 1)->kind == CPP_NUMBER && au_int_value(T(j + 1), &v, &l, &u) &&
                      is_p(s, j + 2, CPP_P_RSQ) && v < 65536 && n * v < 65536))
                    return false;
                n *= (u32)v;
                j += 2;
            }
            if (j != q) return false;
        }
        if (stars) set_obj(&o, 8, 16, false);
        else if (o.incomplete) return false;
        place(L, uni, &o, n, stars > 0, name, prefix);
        d = q + 1;
    }
    return true;
}

/* The layout of the body between the braces [a, b). */
static bool body_layout(struct audit_scratch *s, u32 a, u32 b, bool uni, struct au_layout *L)
{
    memset(L, 0, sizeof *L);
    L->align[0] = L->align[1] = 1;
    bool prefix = true;
    for (u32 j = a; j < b; j++) {
        if (s->grp[j]) return false; /* a directive inside: the layout is configured */
        if (T(j)->kind == CPP_IDENT && in_set(T(j), attr_words)) return false;
        if (is_p(s, j, CPP_P_COLON)) return false; /* a bit-field */
    }
    for (u32 d = a; d < b;) {
        u32 e = d;
        int dep = 0;
        for (; e < b; e++) {
            if (is_p(s, e, CPP_P_LPAREN) || is_p(s, e, CPP_P_LSQ) || is_p(s, e, CPP_P_LBRACE)) dep++;
            else if (is_p(s, e, CPP_P_RPAREN) || is_p(s, e, CPP_P_RSQ) || is_p(s, e, CPP_P_RBRACE)) dep--;
            else if (!dep && is_p(s, e, CPP_P_SEMI)) break;
        }
        if (e >= b) return false;
        if (e > d && !member_layout(s, d, e, uni, L, &prefix, e + 1 == b)) return false;
        d = e + 1;
    }
    if (!L->nmembers && !uni && L->end[0] == 0) return false; /* nothing known in it */
    L->uni = uni;
    for (int m = 0; m < 2; m++) L->size[m] = align_up(L->end[m], L->align[m]);
    return true;
}

static u32 tag_hash(const char *p, u32 n)
{
    u32 h = 2166136261u;
    for (u32 i = 0; i < n; i++) h = (h ^ (u8)p[i]) * 16777619u;
    return h;
}

/* The slot of tag in the hash of bodies: the one holding it, or the free one it would
 * go to (then *found is false). */
static u32 tag_slot(const struct audit_scratch *s, const char *tag, u32 tlen, bool *found)
{
    u32 m = s->nbslot - 1;
    for (u32 h = tag_hash(tag, tlen) & m;; h = (h + 1) & m) {
        *found = s->bgen[h] == s->gen;
        if (!*found) return h;
        const struct au_body *r = &s->bodies[s->bslot[h] - 1];
        if (r->tlen == tlen && !memcmp(r->tag, tag, tlen)) return h;
    }
}

/* Index the bodies [from, nbodies) by tag (a later body of a tag replaces the earlier). */
static void index_bodies(struct audit_scratch *s, u32 from)
{
    if (s->nbodies * 2 > s->nbslot) {
        u32 n = s->nbslot ? s->nbslot : 64;
        while (s->nbodies * 2 > n) n *= 2;
        free(s->bslot);
        free(s->bgen);
        s->bslot = au_xrealloc(NULL, n * sizeof *s->bslot);
        s->bgen = au_xrealloc(NULL, n * sizeof *s->bgen);
        memset(s->bgen, 0, n * sizeof *s->bgen);
        s->nbslot = n;
        from = 0;
    }
    for (u32 k = from; k < s->nbodies; k++) {
        bool found;
        u32 h = tag_slot(s, s->bodies[k].tag, s->bodies[k].tlen, &found);
        s->bgen[h] = s->gen;
        s->bslot[h] = k + 1;
    }
}

void au_layout_reset(struct audit_scratch *s)
{
    s->nbodies = 0;
    if (++s->gen == 0) { /* every slot of the index is forgotten by the new generation */
        if (s->bgen) memset(s->bgen, 0, s->nbslot * sizeof *s->bgen);
        s->gen = 1;
    }
}

void au_layout_record(struct audit_scratch *s, u32 open, u32 close, const char *tag, u32 tlen)
{
    if (!tlen || open < 1) return;
    if (s->nbodies == s->capbodies) {
        s->capbodies = s->capbodies ? s->capbodies * 2 : 16;
        s->bodies = au_xrealloc(s->bodies, s->capbodies * sizeof *s->bodies);
    }
    u32 idx = s->nbodies++;
    struct au_body *r = &s->bodies[idx];
    memset(r, 0, sizeof *r);
    r->tag = tag;
    r->tlen = tlen;
    r->open = open;
    r->close = close;
    r->uni = is_id(s, open - 1, "union") || (open >= 2 && is_id(s, open - 2, "union"));
    /* "} __attribute__((packed))" after the body */
    if (close + 1 < s->n && T(close + 1)->kind == CPP_IDENT && in_set(T(close + 1), attr_words))
        r->state = B_UNKNOWN;
    index_bodies(s, idx);
    /* TU mode: the translation unit's tokens are replaced by the file's before the rules
       run, so its layouts are computed now */
    if (s->preload) au_struct_layout(s, tag, tlen);
}

void au_typedef_layout(struct audit_scratch *s, u32 j, struct sym *e)
{
    u32 a = j;
    while (a > 0 && s->grp[a - 1] == s->grp[j] && T(a - 1)->kind == CPP_IDENT &&
           !is_id(s, a - 1, "typedef") && j - a < 8)
        a--;
    struct obj o;
    if (a == 0 || !is_id(s, a - 1, "typedef") || !base_type(s, a, j + 1, &o) || o.incomplete ||
        o.size[0] > 16 || o.size[1] > 16)
        return;
    e->tsize[0] = (u8)o.size[0];
    e->tsize[1] = (u8)o.size[1];
}

const struct au_layout *au_struct_layout(struct audit_scratch *s, const char *tag, u32 tlen)
{
    bool found;
    if (!s->nbodies) return NULL;
    u32 h = tag_slot(s, tag, tlen, &found);
    if (!found) return NULL;
    struct au_body *r = &s->bodies[s->bslot[h] - 1];
    if (r->state == B_NONE) {
        r->state = B_COMPUTING; /* a struct that contains itself is unknown */
        r->state = body_layout(s, r->open + 1, r->close, r->uni, &r->lay) ? B_KNOWN : B_UNKNOWN;
    }
    return r->state == B_KNOWN ? &r->lay : NULL;
}
