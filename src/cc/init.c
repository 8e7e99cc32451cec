/* Initializers (C11 6.7.9): braces, brace elision, designators, string literals for
 * character arrays, arrays of unknown size.  The result is a flat list of
 * (offset, type, expression) items; everything not named is zero. */
#include "cc/cc.h"

#include <string.h>

static bool init_static;
static struct type *init_top; /* the type of the object being initialized */

static void add_item(struct init *ini, long off, struct type *t, struct node *e,
                     struct member *bf)
{
    struct node *re, *im;
    if (t && t->kind == TY_COMPLEX && e && cplx_const_parts(e, t->base, &re, &im)) {
        /* a constant complex value: its two parts as constants of the element type (what
         * static data needs; a non-constant one stays one item, an error in static data) */
        add_item(ini, off, t->base, re, NULL);
        add_item(ini, off + t->base->size, t->base, im, NULL);
        return;
    }
    if (ini->n == ini->cap) {
        int cap = ini->cap ? ini->cap * 2 : 8;
        struct init_item *v = cc_alloc(sizeof *v * (size_t)cap);
        if (ini->n) memcpy(v, ini->items, sizeof *v * (size_t)ini->n);
        ini->items = v;
        ini->cap = cap;
    }
    struct init_item *it = &ini->items[ini->n++];
    memset(it, 0, sizeof *it);
    it->offset = off;
    it->ty = t;
    it->e = e;
    it->bit_width = bf ? bf->bit_width : -1;
    it->bit_off = bf ? bf->bit_off : 0;
}

static bool is_char_array(struct type *t)
{
    return t->kind == TY_ARRAY && (t->base->kind == TY_CHAR || t->base->kind == TY_SCHAR ||
                                   t->base->kind == TY_UCHAR || t->base->kind == TY_INT ||
                                   t->base->kind == TY_UINT || t->base->kind == TY_USHORT ||
                                   t->base->kind == TY_SHORT);
}

/* string literal into a character array; returns the element count used */
static long init_string(struct init *ini, struct type *t, long off, struct node *s)
{
    long es = t->base->size;
    long n = s->strlen / es;
    if (s->ty->base->size != es) cc_error_at(s->pos, "initializer-string has the wrong width");
    long len = t->len >= 0 ? t->len : n;
    if (t->len >= 0 && n - 1 > t->len) cc_warn_at(CW_NONE, s->pos, "initializer-string for array is too long");
    long bytes = (n < len ? n : len) * es;
    if (ini->n == ini->cap) add_item(ini, 0, NULL, NULL, NULL), ini->n--;
    add_item(ini, off, t, NULL, NULL);
    ini->items[ini->n - 1].bytes = s->str;
    ini->items[ini->n - 1].nbytes = bytes;
    return len;
}

static void init_value(struct init *ini, struct type *t, long off, struct member *bf);
static void init_designated(struct init *ini, struct type *t, long off, struct member *bf);
static long init_aggr(struct init *ini, struct type *t, long off, bool braced, struct node *first);

static void init_scalar(struct init *ini, struct type *t, long off, struct member *bf, struct node *e)
{
    if (!e) {
        if (accept(CPP_P_LBRACE)) {
            if (is_punct(peek(), CPP_P_RBRACE)) {
                next();
                e = new_node(N_NUM, peek()->pos);
                e->ty = ty_int;
            } else {
                init_scalar(ini, t, off, bf, NULL);
                accept(CPP_P_COMMA);
                while (!is_punct(peek(), CPP_P_RBRACE)) {
                    cc_warn_at(CW_NONE, peek()->pos, "excess elements in scalar initializer");
                    parse_assign();
                    if (!accept(CPP_P_COMMA)) break;
                }
                expect(CPP_P_RBRACE, NULL);
                return;
            }
        } else {
            e = parse_assign();
        }
    }
    add_item(ini, off, t, convert_assign(e, t, "initialization"), bf);
}

/* A brace-enclosed initializer for a subobject initializes all of it (what is not named is
 * zero), so it overrides what earlier designators put there, as GCC does:
 * { .in.b = 4, .in = { .c = 5 } } leaves in.b zero. */
static void drop_items(struct init *ini, long off, long size)
{
    int k = 0;
    for (int i = 0; i < ini->n; i++) {
        struct init_item *it = &ini->items[i];
        if (it->offset >= off && it->offset < off + size) continue;
        if (k != i) ini->items[k] = *it;
        k++;
    }
    ini->n = k;
}

static void init_value_(struct init *ini, struct type *t, long off, struct member *bf);
static void init_value(struct init *ini, struct type *t, long off, struct member *bf)
{
    depth_enter(peek()->pos, "initializer");
    init_value_(ini, t, off, bf);
    depth_leave();
}

static void init_value_(struct init *ini, struct type *t, long off, struct member *bf)
{
    if (ty_is_aggr(t)) {
        if (t->kind == TY_ARRAY && is_char_array(t) && peek()->kind == TK_STR) {
            init_string(ini, t, off, parse_string_lits());
            return;
        }
        if (t->kind == TY_ARRAY && is_char_array(t) && is_punct(peek(), CPP_P_LBRACE) &&
            peekn(1)->kind == TK_STR) {
            size_t save = P->pos;
            next();
            struct node *s = parse_string_lits();
            accept(CPP_P_COMMA);
            if (accept(CPP_P_RBRACE)) {
                init_string(ini, t, off, s);
                return;
            }
            P->pos = save;
        }
        if (accept(CPP_P_LBRACE)) {
            drop_items(ini, off, t->size);
            init_aggr(ini, t, off, true, NULL);
            expect(CPP_P_RBRACE, NULL);
            return;
        }
        struct node *e = parse_assign();
        if ((t->kind == TY_STRUCT || t->kind == TY_UNION) && ty_compatible(ty_unqual(e->ty), ty_unqual(t))) {
            add_item(ini, off, t, e, NULL);
            return;
        }
        init_aggr(ini, t, off, false, e);
        return;
    }
    init_scalar(ini, t, off, bf, NULL);
}

static struct member *first_member(struct type *t)
{
    for (struct member *m = t->members; m; m = m->next)
        if (m->name || m->bit_width < 0) return m;
    return NULL;
}

static struct member *next_member(struct member *m)
{
    for (m = m->next; m; m = m->next)
        if (m->name || m->bit_width < 0) return m;
    return NULL;
}

static bool is_flexible(struct type *t) { return t->kind == TY_ARRAY && t->len < 0; }

/* GNU C: a flexible array member may be initialized in a static object whose own struct
 * it ends; the object then grows by the elements (sizeof does not).  gcc's errors for an
 * automatic object and for a member struct, an array element or a brace-elided struct
 * (empty braces are accepted there: they add nothing). */
static void init_flex(struct init *ini, struct type *mt, long off, bool nested, bool designated)
{
    struct srcpos pos = (designated && is_punct(peek(), CPP_P_ASSIGN) ? peekn(1) : peek())->pos;
    if (!init_static) cc_error_at(pos, "non-static initialization of a flexible array member");
    int before = ini->n;
    if (designated) init_designated(ini, mt, off, NULL);
    else init_value(ini, mt, off, NULL);
    if (nested && ini->n > before)
        cc_error_at(pos, "initialization of flexible array member in a nested context");
}

/* whether the struct t at offset off is the object being initialized, not a member of it */
static bool is_top(struct type *t, long off)
{
    return off == 0 && init_top->kind == TY_STRUCT && t->members == init_top->members;
}

/* designator path after the first designator: .a[2].b = value */
static void init_designated(struct init *ini, struct type *t, long off, struct member *bf)
{
    if (is_punct(peek(), CPP_P_DOT) || is_punct(peek(), CPP_P_LSQ)) {
        if (accept(CPP_P_LSQ)) {
            if (t->kind != TY_ARRAY) cc_error_at(peek()->pos, "array index in non-array initializer");
            struct srcpos pos = peek()->pos;
            i128 i = parse_const_int();
            expect(CPP_P_RSQ, NULL);
            if (i < 0 || (t->len >= 0 && i >= t->len)) cc_error_at(pos, "array index in initializer exceeds array bounds");
            init_designated(ini, t->base, off + (long)i * t->base->size, NULL);
            return;
        }
        next();
        if (t->kind != TY_STRUCT && t->kind != TY_UNION) cc_error_at(peek()->pos, "field name not in record or union initializer");
        struct srcpos pos = peek()->pos;
        const char *name = expect_ident();
        struct node dummy = {0};
        dummy.ty = t;
        dummy.kind = N_VAR;
        struct node *m = make_member(&dummy, name, pos);
        long moff = 0;
        for (struct node *x = m; x && x != &dummy; x = x->l) moff += x->mem->offset;
        if (is_flexible(m->ty)) init_flex(ini, m->ty, off + moff, true, true);
        else init_designated(ini, m->ty, off + moff, m->mem->bit_width >= 0 ? m->mem : NULL);
        return;
    }
    accept(CPP_P_ASSIGN);
    init_value(ini, t, off, bf);
}

static long init_aggr(struct init *ini, struct type *t, long off, bool braced, struct node *first)
{
    if (t->kind == TY_ARRAY) {
        long i = 0, maxn = 0;
        struct type *et = t->base;
        for (;;) {
            if (braced && is_punct(peek(), CPP_P_RBRACE)) break;
            if (!braced && !first && t->len >= 0 && i >= t->len) break;
            if (braced && is_punct(peek(), CPP_P_LSQ)) {
                if (!first) {
                    next();
                    struct srcpos pos = peek()->pos;
                    i128 lo = parse_const_int(), hi = lo;
                    if (accept(CPP_P_ELLIPSIS)) hi = parse_const_int();
                    expect(CPP_P_RSQ, NULL);
                    if (lo < 0 || hi < lo || (t->len >= 0 && hi >= t->len))
                        cc_error_at(pos, "array index in initializer exceeds array bounds");
                    size_t save = P->pos;
                    for (i128 k = lo; k <= hi; k++) {
                        P->pos = save;
                        init_designated(ini, et, off + (long)k * et->size, NULL);
                    }
                    i = (long)hi + 1;
                    if (i > maxn) maxn = i;
                    if (!accept(CPP_P_COMMA)) break;
                    continue;
                }
            }
            if (!braced && (is_punct(peek(), CPP_P_LSQ) || is_punct(peek(), CPP_P_DOT)) && !first) break;
            if (t->len >= 0 && i >= t->len) {
                if (!braced) break;
                cc_warn_at(CW_NONE, peek()->pos, "excess elements in array initializer");
                struct init junk = {0};
                init_value(&junk, et, 0, NULL);
            } else if (first) {
                struct node *e = first;
                first = NULL;
                if (ty_is_aggr(et)) {
                    if ((et->kind == TY_STRUCT || et->kind == TY_UNION) && ty_compatible(ty_unqual(e->ty), ty_unqual(et)))
                        add_item(ini, off + i * et->size, et, e, NULL);
                    else init_aggr(ini, et, off + i * et->size, false, e);
                } else {
                    init_scalar(ini, et, off + i * et->size, NULL, e);
                }
            } else {
                init_value(ini, et, off + i * et->size, NULL);
            }
            i++;
            if (i > maxn) maxn = i;
            if (!braced) {
                if (t->len >= 0 && i >= t->len) break;
                if (is_punct(peek(), CPP_P_COMMA) && !is_punct(peekn(1), CPP_P_RBRACE) &&
                    !is_punct(peekn(1), CPP_P_DOT) && !is_punct(peekn(1), CPP_P_LSQ)) {
                    next();
                    continue;
                }
                break;
            }
            if (!accept(CPP_P_COMMA)) break;
        }
        return maxn;
    }
    /* struct / union */
    if (!t->complete) cc_error_at(peek()->pos, "initializer for incomplete type '%s'", ty_name(t));
    struct member *m = first_member(t);
    for (;;) {
        if (braced && is_punct(peek(), CPP_P_RBRACE)) break;
        if (braced && is_punct(peek(), CPP_P_DOT) && !first) {
            next();
            struct srcpos pos = peek()->pos;
            const char *name = expect_ident();
            struct member *found = NULL;
            for (struct member *x = t->members; x; x = x->next)
                if (x->name && !strcmp(x->name, name)) found = x;
            if (found && is_flexible(found->ty)) {
                init_flex(ini, found->ty, off + found->offset, !is_top(t, off), true);
                m = NULL;
            } else if (found) {
                init_designated(ini, found->ty, off + found->offset, found->bit_width >= 0 ? found : NULL);
                m = next_member(found);
            } else {
                struct node dummy = {0};
                dummy.ty = t;
                dummy.kind = N_VAR;
                struct node *mn = make_member(&dummy, name, pos);
                long moff = 0;
                struct member *top = NULL;
                for (struct node *x = mn; x && x != &dummy; x = x->l) {
                    moff += x->mem->offset;
                    top = x->mem;
                }
                if (is_flexible(mn->ty)) init_flex(ini, mn->ty, off + moff, true, true);
                else init_designated(ini, mn->ty, off + moff, mn->mem->bit_width >= 0 ? mn->mem : NULL);
                m = next_member(top);
            }
            if (t->kind == TY_UNION) m = NULL;
            if (!accept(CPP_P_COMMA)) break;
            continue;
        }
        if (!braced && !first && (is_punct(peek(), CPP_P_DOT) || is_punct(peek(), CPP_P_LSQ))) break;
        if (!m) {
            if (!braced) break;
            cc_warn_at(CW_NONE, peek()->pos, "excess elements in %s initializer", t->kind == TY_UNION ? "union" : "struct");
            struct init junk = {0};
            init_value(&junk, ty_int, 0, NULL);
            if (!accept(CPP_P_COMMA)) break;
            continue;
        }
        struct type *mt = m->ty;
        long moff = off + m->offset;
        if (first) {
            struct node *e = first;
            first = NULL;
            if (is_flexible(mt))
                cc_error_at(e->pos, init_static ? "initialization of flexible array member in a nested context"
                                                : "non-static initialization of a flexible array member");
            if (ty_is_aggr(mt)) {
                if ((mt->kind == TY_STRUCT || mt->kind == TY_UNION) && ty_compatible(ty_unqual(e->ty), ty_unqual(mt)))
                    add_item(ini, moff, mt, e, NULL);
                else init_aggr(ini, mt, moff, false, e);
            } else {
                init_scalar(ini, mt, moff, m->bit_width >= 0 ? m : NULL, e);
            }
        } else if (is_flexible(mt)) {
            init_flex(ini, mt, moff, !is_top(t, off), false);
        } else {
            init_value(ini, mt, moff, m->bit_width >= 0 ? m : NULL);
        }
        m = t->kind == TY_UNION ? NULL : next_member(m);
        if (!braced) {
            if (!m) break;
            if (is_punct(peek(), CPP_P_COMMA) && !is_punct(peekn(1), CPP_P_RBRACE) &&
                !is_punct(peekn(1), CPP_P_DOT) && !is_punct(peekn(1), CPP_P_LSQ)) {
                next();
                continue;
            }
            break;
        }
        if (!accept(CPP_P_COMMA)) break;
    }
    return 0;
}

struct init *init_single(struct type *t, struct node *e)
{
    struct init *ini = cc_alloc(sizeof *ini);
    if (ty_is_aggr(t)) add_item(ini, 0, t, e, NULL);
    else add_item(ini, 0, t, convert_assign(e, t, "initialization"), NULL);
    return ini;
}

/* the bytes the items reach, at least the type's size */
static void set_extent(struct init *ini, struct type *t)
{
    ini->size = t->size;
    for (int k = 0; k < ini->n; k++) {
        struct init_item *it = &ini->items[k];
        long end = it->offset + (it->bytes ? it->nbytes : it->ty->kind == TY_PTR ? tgt.ptr_size : it->ty->size);
        if (end > ini->size) ini->size = end;
    }
}

static struct init *parse_initializer_(struct type **tp);
struct init *parse_initializer(struct type **tp, bool is_static)
{
    /* a compound literal in the initializer parses its own: restore the outer state */
    bool save_static = init_static;
    struct type *save_top = init_top;
    init_static = is_static;
    init_top = *tp;
    struct init *ini = parse_initializer_(tp);
    set_extent(ini, *tp);
    init_static = save_static;
    init_top = save_top;
    return ini;
}

static struct init *parse_initializer_(struct type **tp)
{
    struct init *ini = cc_alloc(sizeof *ini);
    struct type *t = *tp;
    if (t->kind == TY_ARRAY && t->len < 0) {
        long n;
        if (is_char_array(t) && peek()->kind == TK_STR) {
            n = init_string(ini, t, 0, parse_string_lits());
        } else if (is_char_array(t) && is_punct(peek(), CPP_P_LBRACE) && peekn(1)->kind == TK_STR) {
            next();
            n = init_string(ini, t, 0, parse_string_lits());
            accept(CPP_P_COMMA);
            expect(CPP_P_RBRACE, NULL);
        } else {
            if (!accept(CPP_P_LBRACE)) cc_error_at(peek()->pos, "invalid initializer");
            n = init_aggr(ini, t, 0, true, NULL);
            expect(CPP_P_RBRACE, NULL);
        }
        struct type *nt = ty_array(t->base, n);
        nt->is_const = t->is_const;
        *tp = nt;
        return ini;
    }
    init_value(ini, t, 0, NULL);
    return ini;
}
