/* Declarations: specifiers, declarators, struct/union/enum, attributes, typedefs,
 * external definitions and block-scope declarations. */
#include "cc/cc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct tokstream *P;
int parse_depth;

void depth_enter(struct srcpos pos, const char *what)
{
    if (++parse_depth > CC_MAX_DEPTH)
        cc_fatal_at(pos, "%s nested too deeply (more than %d levels)", what, CC_MAX_DEPTH);
}
struct tu tu;
struct obj *cur_func;
static int label_count;

struct token *peek(void) { return &P->v[P->pos]; }
struct token *peekn(int n)
{
    size_t i = P->pos + (size_t)n;
    return &P->v[i < P->n ? i : P->n - 1];
}
struct token *next(void)
{
    struct token *t = &P->v[P->pos];
    if (P->pos + 1 < P->n) P->pos++;
    return t;
}
bool is_punct(struct token *t, int p) { return t->kind == TK_PUNCT && t->sub == p; }
bool is_kw(struct token *t, int k) { return t->kind == TK_KEYWORD && t->sub == k; }
bool accept(int p)
{
    if (!is_punct(peek(), p)) return false;
    next();
    return true;
}
bool accept_kw(int k)
{
    if (!is_kw(peek(), k)) return false;
    next();
    return true;
}
const char *tok_str(struct token *t)
{
    if (t->kind == TK_EOF) return "end of input";
    return cc_strndup(t->p, t->len);
}
/* the end of GCC's "expected X ..." messages: where the parser stood (the error is one of
 * syntax, which recovery takes into account) */
const char *tok_before(struct token *t)
{
    recover_syntax_error();
    switch (t->kind) {
    case TK_EOF: return "at end of input";
    case TK_NUM: return "before numeric constant";
    case TK_STR: return "before string constant";
    case TK_PUNCT: return cc_printf("before '%s' token", tok_str(t));
    default: return cc_printf("before '%s'", tok_str(t));
    }
}

void expect(int p, const char *what)
{
    if (accept(p)) return;
    struct token *t = peek();
    if (what) cc_error_at(t->pos, "expected %s %s", what, tok_before(t));
    /* a missing ';' or closing bracket is reported, as by GCC, just after the previous
     * token, where it would be inserted */
    struct srcpos pos = t->pos;
    if (P->pos && (p == CPP_P_SEMI || p == CPP_P_RPAREN || p == CPP_P_RSQ || p == CPP_P_RBRACE)) {
        struct token *prev = &P->v[P->pos - 1];
        pos = prev->pos;
        pos.col += prev->len;
    }
    cc_error_at(pos, "expected '%s' %s", cpp_punct_str(p), tok_before(t));
}
const char *expect_ident(void)
{
    struct token *t = peek();
    if (t->kind != TK_IDENT) cc_error_at(t->pos, "expected identifier %s", tok_before(t));
    next();
    return cc_strndup(t->p, t->len);
}

struct node *new_node(enum nk k, struct srcpos pos)
{
    struct node *n = cc_alloc(sizeof *n);
    n->kind = k;
    n->pos = pos;
    return n;
}

const char *new_label_name(void) { return cc_printf(".LZ%d", label_count++); }

const char *label_asm_name(const char *fn, const char *label) { return cc_printf(".LA.%s.%s", fn, label); }

bool is_typename(struct token *t)
{
    if (t->kind == TK_KEYWORD) {
        switch (t->sub) {
        case KW_VOID: case KW_CHAR: case KW_SHORT: case KW_INT: case KW_LONG: case KW_FLOAT:
        case KW_DOUBLE: case KW_SIGNED: case KW_SIGNED2: case KW_SIGNED3: case KW_UNSIGNED:
        case KW_BOOL: case KW_COMPLEX: case KW_COMPLEX2: case KW_COMPLEX3: case KW_STRUCT: case KW_UNION: case KW_ENUM:
        case KW_CONST: case KW_CONST2: case KW_CONST3: case KW_VOLATILE: case KW_VOLATILE2:
        case KW_VOLATILE3: case KW_RESTRICT: case KW_RESTRICT2: case KW_RESTRICT3:
        case KW_TYPEDEF: case KW_EXTERN: case KW_STATIC: case KW_AUTO: case KW_REGISTER:
        case KW_INLINE: case KW_INLINE2: case KW_INLINE3: case KW_NORETURN: case KW_ALIGNAS:
        case KW_ATOMIC: case KW_THREAD_LOCAL: case KW_THREAD: case KW_INT64: case KW_INT128:
        case KW_INT128_T: case KW_UINT128_T: case KW_TYPEOF: case KW_TYPEOF2: case KW_TYPEOF3:
        case KW_ATTRIBUTE: case KW_ATTRIBUTE2: case KW_EXTENSION: case KW_AUTO_TYPE:
            return true;
        }
        return false;
    }
    if (t->kind != TK_IDENT) return false;
    char buf[256];
    if (t->len >= sizeof buf) return false;
    memcpy(buf, t->p, t->len);
    buf[t->len] = 0;
    return scope_find_typedef(buf) != NULL;
}

/* ---------------------------------------------------------------- attributes */

static void skip_balanced(void)
{
    int d = 0;
    do {
        struct token *t = next();
        if (t->kind == TK_EOF) cc_error_at(t->pos, "unbalanced parentheses");
        if (is_punct(t, CPP_P_LPAREN)) d++;
        if (is_punct(t, CPP_P_RPAREN)) d--;
    } while (d > 0);
}

static const char *attr_name(struct token *t)
{
    const char *s = cc_strndup(t->p, t->len);
    size_t n = strlen(s);
    if (n > 4 && !strncmp(s, "__", 2) && !strcmp(s + n - 2, "__")) s = cc_strndup(s + 2, n - 4);
    return s;
}

void parse_attributes(struct attrs *a)
{
    for (;;) {
        if (accept_kw(KW_ASM) || accept_kw(KW_ASM2) || accept_kw(KW_ASM3)) {
            /* asm("symbol") label: accepted, used as a name alias */
            expect(CPP_P_LPAREN, NULL);
            struct token *t = peek();
            if (t->kind == TK_STR && a) a->alias = cc_strndup(t->p + 1, t->len - 2);
            while (!is_punct(peek(), CPP_P_RPAREN) && peek()->kind != TK_EOF) next();
            expect(CPP_P_RPAREN, NULL);
            continue;
        }
        if (!accept_kw(KW_ATTRIBUTE) && !accept_kw(KW_ATTRIBUTE2)) return;
        expect(CPP_P_LPAREN, NULL);
        expect(CPP_P_LPAREN, NULL);
        while (!is_punct(peek(), CPP_P_RPAREN)) {
            struct token *t = next();
            if (is_punct(t, CPP_P_COMMA)) continue;
            if (t->kind != TK_IDENT && t->kind != TK_KEYWORD)
                cc_error_at(t->pos, "expected attribute name");
            const char *n = attr_name(t);
            struct attrs dummy = {0};
            if (!a) a = &dummy;
            if (!strcmp(n, "packed")) a->packed = true;
            else if (!strcmp(n, "noreturn")) a->noreturn = true;
            else if (!strcmp(n, "weak")) a->weak = true;
            else if (!strcmp(n, "noinline")) a->noinline = true;
            else if (!strcmp(n, "used")) a->used = true;
            else if (!strcmp(n, "unused")) a->unused = true;
            else if (!strcmp(n, "aligned")) {
                a->aligned = 16;
                if (accept(CPP_P_LPAREN)) {
                    a->aligned = (int)parse_const_int();
                    expect(CPP_P_RPAREN, NULL);
                    if (a->aligned <= 0 || (a->aligned & (a->aligned - 1)))
                        cc_error_at(t->pos, "requested alignment is not a power of 2");
                }
                continue;
            } else if (!strcmp(n, "section")) {
                expect(CPP_P_LPAREN, NULL);
                struct token *s = next();
                if (s->kind != TK_STR) cc_error_at(s->pos, "section name must be a string");
                a->section = cc_strndup(s->p + 1, s->len - 2);
                expect(CPP_P_RPAREN, NULL);
                continue;
            } else if (!strcmp(n, "format")) {
                expect(CPP_P_LPAREN, NULL);
                struct token *kind = next();
                const char *kn = cc_strndup(kind->p, kind->len);
                bool pf = !strcmp(kn, "printf") || !strcmp(kn, "__printf__") || !strcmp(kn, "gnu_printf");
                expect(CPP_P_COMMA, NULL);
                int m = (int)parse_const_int();
                expect(CPP_P_COMMA, NULL);
                int f = (int)parse_const_int();
                expect(CPP_P_RPAREN, NULL);
                if (pf) {
                    a->format_idx = m;
                    a->format_first = f;
                }
                continue;
            } else if (!strcmp(n, "alias") || !strcmp(n, "visibility")) {
                expect(CPP_P_LPAREN, NULL);
                struct token *s = next();
                if (s->kind != TK_STR) cc_error_at(s->pos, "%s argument must be a string", n);
                const char *v = cc_strndup(s->p + 1, s->len - 2);
                if (n[0] == 'a') a->alias_of = v;
                else a->visibility = v;
                expect(CPP_P_RPAREN, NULL);
                continue;
            } else if (!strcmp(n, "cleanup")) {
                expect(CPP_P_LPAREN, NULL);
                struct token *f = next();
                if (f->kind != TK_IDENT) cc_error_at(f->pos, "cleanup argument not an identifier");
                a->cleanup = tok_str(f);
                a->cleanup_pos = f->pos;
                expect(CPP_P_RPAREN, NULL);
                continue;
            } else if (!strcmp(n, "mode")) {
                expect(CPP_P_LPAREN, NULL);
                struct token *m = next();
                if (m->kind != TK_IDENT && m->kind != TK_KEYWORD)
                    cc_error_at(m->pos, "expected a machine mode name");
                a->mode = attr_name(m);
                a->mode_pos = m->pos;
                expect(CPP_P_RPAREN, NULL);
                continue;
            } else if (!strcmp(n, "constructor") || !strcmp(n, "destructor")) {
                int prio = 65535;
                if (accept(CPP_P_LPAREN)) {
                    prio = (int)parse_const_int();
                    expect(CPP_P_RPAREN, NULL);
                }
                if (n[0] == 'c') a->ctor = prio + 1;
                else a->dtor = prio + 1;
                continue;
            }
            /* other attributes (format, nonnull, always_inline, ...) are accepted */
            if (is_punct(peek(), CPP_P_LPAREN)) skip_balanced();
        }
        expect(CPP_P_RPAREN, NULL);
        expect(CPP_P_RPAREN, NULL);
    }
}

/* ---------------------------------------------------------------- struct / union / enum */

/* C11 6.7.1p2-4: _Thread_local only with static or extern (or alone at file scope), never
 * on a function, a typedef, a member, a parameter or in a type name.  where: NULL for a
 * declaration of an identifier, else what the specifiers belong to ("a struct member"). */
static void check_tls_spec(struct declspec *ds, const char *where, struct type *ty, const char *name,
                    bool block_scope)
{
    if (!ds->is_tls) return;
    const char *kw = ds->tls_kw;
    if (where) cc_error_at(ds->tls_pos, "'%s' in %s", kw, where);
    if (ds->st == ST_TYPEDEF) cc_error_at(ds->tls_pos, "'%s' used with 'typedef'", kw);
    if (ds->st == ST_AUTO || ds->st == ST_REGISTER)
        cc_error_at(ds->tls_pos, "'%s' used with '%s'", kw, ds->st == ST_AUTO ? "auto" : "register");
    if (ty && ty->kind == TY_FUNC) cc_error_at(ds->tls_pos, "function '%s' declared '%s'", name, kw);
    if (block_scope && ds->st != ST_STATIC && ds->st != ST_EXTERN)
        cc_error_at(ds->tls_pos, "'%s' at block scope is '%s' without 'static' or 'extern'", name, kw);
}

/* A redeclaration must agree on thread storage duration (C11 6.2.4, 6.7.1p3). */
static void check_tls_redecl(struct obj *o, struct declspec *ds, struct srcpos pos)
{
    if (o->is_func || o->is_tls == ds->is_tls) return;
    if (ds->is_tls)
        cc_error_at(pos, "thread-local declaration of '%s' follows non-thread-local declaration", o->name);
    cc_error_at(pos, "non-thread-local declaration of '%s' follows thread-local declaration", o->name);
}

static struct type *parse_struct(bool is_union, struct srcpos pos)
{
    struct attrs at = {0};
    parse_attributes(&at);
    const char *tag = NULL;
    struct srcpos tpos = peek()->pos;
    if (peek()->kind == TK_IDENT) tag = expect_ident();
    if (!tag && !is_punct(peek(), CPP_P_LBRACE))
        cc_error_at(peek()->pos, "expected '{' or tag name");
    struct type *t = NULL;
    if (tag && !is_punct(peek(), CPP_P_LBRACE)) {
        t = scope_find_tag(tag, false);
        if (t && !is_punct(peek(), CPP_P_SEMI)) {
            if ((t->kind == TY_UNION) != is_union)
                cc_error_at(pos, "'%s' defined as wrong kind of tag", tag);
            return t;
        }
        if (t && is_punct(peek(), CPP_P_SEMI) && scope_find_tag(tag, true)) return t;
    }
    if (tag && is_punct(peek(), CPP_P_LBRACE)) {
        t = scope_find_tag(tag, true);
        if (t && t->complete) {
            cc_error_report(tpos, "redefinition of '%s %s'", is_union ? "union" : "struct", tag);
            cc_note_at(t->def_pos, "originally defined here");
            cc_error_again();
        }
        if (t && (t->kind == TY_UNION) != is_union)
            cc_error_at(pos, "'%s' defined as wrong kind of tag", tag);
    }
    if (!t) {
        t = cc_alloc(sizeof *t);
        t->kind = is_union ? TY_UNION : TY_STRUCT;
        t->tag = tag;
        t->align = 1;
        t->len = -1;
        if (tag) scope_add_tag(tag, t);
    }
    if (!is_punct(peek(), CPP_P_LBRACE)) return t;
    t->def_pos = tpos;
    depth_enter(next()->pos, is_union ? "union definition" : "struct definition");
    struct member head = {0}, *tail = &head;
    while (!accept(CPP_P_RBRACE)) {
        if (accept_kw(KW_STATIC_ASSERT)) {
            expect(CPP_P_LPAREN, NULL);
            struct srcpos sp = peek()->pos;
            i128 v = parse_const_int();
            const char *msg = "";
            if (accept(CPP_P_COMMA)) {
                struct token *s = next();
                msg = cc_strndup(s->p, s->len);
            }
            expect(CPP_P_RPAREN, NULL);
            expect(CPP_P_SEMI, NULL);
            if (!v) cc_error_at(sp, "static assertion failed: %s", msg);
            continue;
        }
        if (accept(CPP_P_SEMI)) continue;
        struct declspec ds = {0};
        struct srcpos mpos = peek()->pos;
        if (!parse_declspec(&ds)) cc_error_at(mpos, "expected specifier-qualifier-list");
        check_tls_spec(&ds, "a struct or union member", NULL, NULL, false);
        if (accept(CPP_P_SEMI)) {
            /* anonymous struct/union member */
            if (ds.ty->kind == TY_STRUCT || ds.ty->kind == TY_UNION) {
                struct member *m = cc_alloc(sizeof *m);
                m->ty = ds.ty;
                m->bit_width = -1;
                m->pos = mpos;
                tail = tail->next = m;
            }
            continue;
        }
        for (;;) {
            struct member *m = cc_alloc(sizeof *m);
            m->bit_width = -1;
            m->pos = peek()->pos;
            const char *name = NULL;
            struct type *mt = ds.ty;
            if (!is_punct(peek(), CPP_P_COLON)) mt = parse_declarator(ds.ty, &name, &m->pos, NULL);
            if (mt->vla_len) cc_error_at(m->pos, "member '%s' has a variably modified type", name ? name : "");
            if (accept(CPP_P_COLON)) {
                i128 w = parse_const_int();
                if (!ty_is_integer(mt)) cc_error_at(m->pos, "bit-field has invalid type");
                if (w < 0) cc_error_at(m->pos, "negative width in bit-field");
                if (w == 0 && name) cc_error_at(m->pos, "zero width for bit-field '%s'", name);
                m->bit_width = (int)(w > 1000 ? 1000 : w);
            }
            struct attrs ma = {0};
            parse_attributes(&ma);
            mt = ty_apply_mode(mt, ds.attr, &ma);
            if (ma.aligned || ds.align) {
                int al = ma.aligned > ds.align ? ma.aligned : ds.align;
                if (al > mt->align) {
                    mt = ty_copy(mt);
                    mt->align = al;
                }
            }
            if (ma.packed && mt->align > 1 && !at.packed) {
                mt = ty_copy(mt);
                mt->align = 1;
            }
            if (mt->kind == TY_FUNC) cc_error_at(m->pos, "field '%s' declared as a function", name);
            m->name = name;
            m->ty = mt;
            tail = tail->next = m;
            if (!accept(CPP_P_COMMA)) break;
        }
        if (is_punct(peek(), CPP_P_RBRACE))   /* GCC accepts the last ';' missing */
            cc_warn_at(CW_NONE, peek()->pos, "no semicolon at end of struct or union");
        else
            expect(CPP_P_SEMI, "':', ',', ';', '}' or '__attribute__'");
    }
    /* the #pragma pack in effect at the closing brace, where GCC lays the members out */
    t->pack = P->pos ? P->v[P->pos - 1].pack : 0;
    struct attrs post = {0};
    parse_attributes(&post);
    t->members = head.next;
    t->packed = at.packed || post.packed || t->pack == 1;
    int al = at.aligned > post.aligned ? at.aligned : post.aligned;
    t->align = al ? al : 1;
    ty_layout(t, pos);
    if (t->depth > CC_MAX_DEPTH)
        cc_error_at(pos, "type nested too deeply (more than %d levels)", CC_MAX_DEPTH);
    depth_leave();
    return t;
}

static struct type *parse_enum(struct srcpos pos)
{
    struct attrs at = {0};
    parse_attributes(&at);
    const char *tag = NULL;
    struct srcpos tpos = peek()->pos;
    if (peek()->kind == TK_IDENT) tag = expect_ident();
    if (tag && !is_punct(peek(), CPP_P_LBRACE)) {
        struct type *t = scope_find_tag(tag, false);
        if (t) {
            if (t->kind != TY_ENUM) cc_error_at(pos, "'%s' defined as wrong kind of tag", tag);
            return t;
        }
        t = ty_copy(ty_uint);
        t->origin = NULL;
        t->kind = TY_ENUM;
        t->tag = tag;
        t->complete = false;
        scope_add_tag(tag, t);
        return t;
    }
    struct type *t = NULL;
    if (tag) {
        t = scope_find_tag(tag, true);
        if (t && t->kind == TY_ENUM && t->complete) {
            cc_error_report(tpos, "redeclaration of 'enum %s'", tag);
            cc_note_at(t->def_pos, "originally defined here");
            cc_error_again();
        }
        if (t && t->kind != TY_ENUM) cc_error_at(pos, "'%s' defined as wrong kind of tag", tag);
    }
    if (!t) {
        t = ty_copy(ty_uint);
        t->origin = NULL;
        t->kind = TY_ENUM;
        t->tag = tag;
        if (tag) scope_add_tag(tag, t);
    }
    t->def_pos = tpos;
    expect(CPP_P_LBRACE, NULL);
    i128 v = 0, minv = 0, maxv = 0;
    struct { const char *name; i128 v; } *ec = NULL;
    int nec = 0, cap = 0;
    while (!accept(CPP_P_RBRACE)) {
        const char *name = expect_ident();
        parse_attributes(NULL);
        if (accept(CPP_P_ASSIGN)) v = parse_const_int();
        if (nec == cap) {
            cap = cap ? cap * 2 : 16;
            void *n = cc_alloc((size_t)cap * sizeof *ec);
            if (nec) memcpy(n, ec, (size_t)nec * sizeof *ec);
            ec = n;
        }
        ec[nec].name = name;
        ec[nec].v = v;
        nec++;
        /* enumeration constants have type int while the enum is being defined */
        scope_add_enum_const(name, v, ty_int);
        if (v < minv) minv = v;
        if (v > maxv) maxv = v;
        v = (i128)((u128)v + 1);
        if (!accept(CPP_P_COMMA)) {
            expect(CPP_P_RBRACE, NULL);
            break;
        }
    }
    parse_attributes(NULL);
    /* docs/abi.md §1.2: unsigned int if no enumerator is negative, else int; wider values
     * take __int64/unsigned __int64/long/unsigned long */
    struct type *b;
    if (minv >= 0 && maxv <= (i128)0xffffffffu) b = ty_uint;
    else if (minv >= INT32_MIN && maxv <= INT32_MAX) b = ty_int;
    else if (minv >= INT64_MIN && maxv <= INT64_MAX) b = ty_int64;
    else if (minv >= 0 && maxv <= (i128)UINT64_MAX) b = ty_uint64;
    else b = minv < 0 ? ty_long : ty_ulong;
    t->size = b->size;
    t->align = b->align;
    t->is_unsigned = b->is_unsigned;
    t->enum_base = b;
    t->complete = true;
    /* C11 6.7.2.2p3: the constants have type int when they fit, else the enum type */
    for (int i = 0; i < nec; i++) {
        struct type *ct = ec[i].v >= INT32_MIN && ec[i].v <= INT32_MAX ? ty_int : b;
        scope_add_enum_const(ec[i].name, ec[i].v, ct);
    }
    return t;
}

/* ---------------------------------------------------------------- specifiers */

enum {
    S_VOID = 1 << 0, S_BOOL = 1 << 2, S_CHAR = 1 << 4, S_SHORT = 1 << 6, S_INT = 1 << 8,
    S_LONG = 1 << 10, S_FLOAT = 1 << 12, S_DOUBLE = 1 << 14, S_OTHER = 1 << 16,
    S_SIGNED = 1 << 17, S_UNSIGNED = 1 << 18, S_INT64 = 1 << 19, S_INT128 = 1 << 20,
    S_COMPLEX = 1 << 21,
};

/* An identifier that names nothing, followed by an identifier or '*': GCC takes it for a
 * type name misspelt or not declared ("unknown type name"), and so does zl-cc, which then
 * parses the declaration with type int instead of reporting errors about its parts. */
bool unknown_type_name(void)
{
    struct token *t = peek(), *n = peekn(1);
    if (t->kind != TK_IDENT || (n->kind != TK_IDENT && !is_punct(n, CPP_P_STAR))) return false;
    const char *name = tok_str(t);
    i128 v;
    struct type *et;
    return !scope_find_var(name) && !scope_find_typedef(name) && !scope_find_enum_const(name, &v, &et);
}

bool parse_declspec(struct declspec *ds)
{
    int spec = 0;
    struct type *ty = NULL;
    bool c = false, v = false, any = false, atomic = false;
    struct attrs *at = cc_alloc(sizeof *at);
    ds->attr = at;
    for (;;) {
        struct token *t = peek();
        if (t->kind == TK_IDENT && !(spec & ~(S_SIGNED | S_UNSIGNED)) && !ty && !(spec)) {
            char buf[256];
            if (t->len < sizeof buf) {
                memcpy(buf, t->p, t->len);
                buf[t->len] = 0;
                struct type *td = scope_find_typedef(buf);
                if (td) {
                    /* a typedef name followed by ':' inside a struct is still a type */
                    next();
                    ty = td;
                    spec |= S_OTHER;
                    any = true;
                    continue;
                }
            }
            if (unknown_type_name()) {
                cc_error_report(t->pos, "unknown type name '%s'", tok_str(t));
                next();
                ty = ty_int;
                spec |= S_OTHER;
                any = true;
                continue;
            }
        }
        if (t->kind != TK_KEYWORD) break;
        switch (t->sub) {
        case KW_TYPEDEF: case KW_EXTERN: case KW_STATIC: case KW_AUTO: case KW_REGISTER: {
            enum storage st = t->sub == KW_TYPEDEF ? ST_TYPEDEF : t->sub == KW_EXTERN ? ST_EXTERN
                            : t->sub == KW_STATIC ? ST_STATIC : t->sub == KW_AUTO ? ST_AUTO : ST_REGISTER;
            if (ds->st && ds->st != st) cc_error_at(t->pos, "multiple storage classes in declaration specifiers");
            ds->st = st;
            next();
            any = true;
            continue;
        }
        case KW_THREAD_LOCAL: case KW_THREAD:
            if (ds->is_tls) cc_error_at(t->pos, "duplicate '%s'", t->sub == KW_THREAD ? "__thread" : "_Thread_local");
            ds->is_tls = true;
            ds->tls_kw = t->sub == KW_THREAD ? "__thread" : "_Thread_local";
            ds->tls_pos = t->pos;
            next();
            any = true;
            continue;
        case KW_INLINE: case KW_INLINE2: case KW_INLINE3:
            ds->is_inline = true;
            next();
            any = true;
            continue;
        case KW_NORETURN:
            ds->is_noreturn = true;
            next();
            any = true;
            continue;
        case KW_CONST: case KW_CONST2: case KW_CONST3: c = true; next(); any = true; continue;
        case KW_VOLATILE: case KW_VOLATILE2: case KW_VOLATILE3: v = true; next(); any = true; continue;
        case KW_RESTRICT: case KW_RESTRICT2: case KW_RESTRICT3: next(); any = true; continue;
        case KW_EXTENSION: next(); continue;
        case KW_ATTRIBUTE: case KW_ATTRIBUTE2: parse_attributes(at); any = true; continue;
        case KW_ALIGNAS: {
            next();
            expect(CPP_P_LPAREN, NULL);
            int al;
            if (is_typename(peek())) al = parse_typename()->align;
            else al = (int)parse_const_int();
            expect(CPP_P_RPAREN, NULL);
            if (al > ds->align) ds->align = al;
            any = true;
            continue;
        }
        case KW_ATOMIC:
            next();
            any = true;
            atomic = true;
            if (accept(CPP_P_LPAREN)) {
                ty = parse_typename();
                spec |= S_OTHER;
                expect(CPP_P_RPAREN, NULL);
            }
            continue;
        default: break;
        }
        int add = 0;
        switch (t->sub) {
        case KW_VOID: add = S_VOID; break;
        case KW_BOOL: add = S_BOOL; break;
        case KW_CHAR: add = S_CHAR; break;
        case KW_SHORT: add = S_SHORT; break;
        case KW_INT: add = S_INT; break;
        case KW_LONG: add = S_LONG; break;
        case KW_FLOAT: add = S_FLOAT; break;
        case KW_DOUBLE: add = S_DOUBLE; break;
        case KW_SIGNED: case KW_SIGNED2: case KW_SIGNED3: add = S_SIGNED; break;
        case KW_UNSIGNED: add = S_UNSIGNED; break;
        case KW_INT64: add = S_INT64; break;
        case KW_INT128: add = S_INT128; break;
        case KW_COMPLEX: case KW_COMPLEX2: case KW_COMPLEX3: add = S_COMPLEX; break;
        case KW_INT128_T: case KW_UINT128_T:
            if (spec || ty) cc_error_at(t->pos, "two or more data types in declaration specifiers");
            ty = t->sub == KW_INT128_T ? ty_int128 : ty_uint128;
            spec |= S_OTHER;
            next();
            any = true;
            continue;
        case KW_STRUCT: case KW_UNION: case KW_ENUM: case KW_TYPEOF: case KW_TYPEOF2:
        case KW_TYPEOF3: case KW_AUTO_TYPE:
            if (spec & ~(0) || ty) cc_error_at(t->pos, "two or more data types in declaration specifiers");
            next();
            if (t->sub == KW_STRUCT) ty = parse_struct(false, t->pos);
            else if (t->sub == KW_UNION) ty = parse_struct(true, t->pos);
            else if (t->sub == KW_ENUM) ty = parse_enum(t->pos);
            else if (t->sub == KW_AUTO_TYPE) ty = ty_auto;
            else {
                expect(CPP_P_LPAREN, NULL);
                if (is_typename(peek())) ty = parse_typename();
                else {
                    struct node *e = parse_expr();
                    ty = e->ty;
                }
                expect(CPP_P_RPAREN, NULL);
            }
            spec |= S_OTHER;
            any = true;
            continue;
        default: goto done;
        }
        if (ty) cc_error_at(t->pos, "two or more data types in declaration specifiers");
        if ((add == S_LONG && (spec & (3 * S_LONG)) == 2 * S_LONG) ||
            (add != S_LONG && add != S_SIGNED && add != S_UNSIGNED && (spec & add)) ||
            ((add == S_SIGNED || add == S_UNSIGNED) && (spec & (S_SIGNED | S_UNSIGNED))))
            cc_error_at(t->pos, "duplicate or conflicting type specifier '%s'", tok_str(t));
        spec += add;
        next();
        any = true;
    }
done:
    if (!ty) {
        struct srcpos pos = peek()->pos;
        bool u = spec & S_UNSIGNED;
        int base = spec & ~(S_SIGNED | S_UNSIGNED);
        switch (base) {
        case 0:
            if (!(spec & (S_SIGNED | S_UNSIGNED))) {
                if (!any) return false;
                cc_warn_at(CW_IMPLICIT_INT, pos, "type defaults to 'int' in declaration");
            }
            ty = u ? ty_uint : ty_int;
            break;
        case S_VOID: ty = ty_void; break;
        case S_BOOL: ty = ty_bool; break;
        case S_CHAR: ty = u ? ty_uchar : (spec & S_SIGNED) ? ty_schar : ty_char; break;
        case S_SHORT: case S_SHORT + S_INT: ty = u ? ty_ushort : ty_short; break;
        case S_INT: ty = u ? ty_uint : ty_int; break;
        case S_LONG: case S_LONG + S_INT: ty = u ? ty_ulong : ty_long; break;
        case 2 * S_LONG: case 2 * S_LONG + S_INT: ty = u ? ty_ullong : ty_llong; break;
        case S_INT64: case S_INT64 + S_INT: ty = u ? ty_uint64 : ty_int64; break;
        case S_INT128: ty = u ? ty_uint128 : ty_int128; break;
        case S_FLOAT: ty = ty_float; break;
        case S_DOUBLE: ty = ty_double; break;
        case S_LONG + S_DOUBLE: ty = ty_ldouble; break;
        case S_COMPLEX + S_FLOAT: ty = ty_cfloat; break;
        case S_COMPLEX: /* GNU: plain _Complex is double _Complex */
        case S_COMPLEX + S_DOUBLE: ty = ty_cdouble; break;
        case S_COMPLEX + S_LONG + S_DOUBLE: ty = ty_cldouble; break;
        default:
            if (base & S_COMPLEX)
                cc_error_at(pos, "_Complex of an integer type (a GNU extension) is not supported");
            cc_error_at(pos, "invalid combination of type specifiers");
        }
        if ((spec & (S_SIGNED | S_UNSIGNED)) && !ty_is_integer(ty))
            cc_error_at(pos, "'signed'/'unsigned' with a non-integer type");
    }
    if (at->aligned && (ty->kind == TY_STRUCT || ty->kind == TY_UNION) && ds->st == ST_TYPEDEF) {
        /* typedef struct {...} __attribute__((aligned(N))) T; */
    }
    ty = ty_qual(ty, c, v);
    if (atomic) {
        ty = ty_copy(ty);
        ty->is_atomic = true;
        /* as GCC: an _Atomic type whose size a lock-free access may have is aligned to it */
        long sz = ty->size;
        if (ty->kind != TY_ARRAY && ty->kind != TY_FUNC && sz > ty->align && sz <= 16 && !(sz & (sz - 1)))
            ty->align = (int)sz;
    }
    ds->ty = ty;
    return true;
}

/* ---------------------------------------------------------------- variably modified types
 *
 * Every variable-length array type (and every array type whose element type is one) has
 * a hidden local, "vla.size" of type size_t, holding its size in bytes.  The assignments
 * that compute it are queued where the array declarator is parsed, in source order (the
 * length expression first, then the multiplication by the element size), and placed by
 * the context that reached the type: as statements before a block-scope declaration or
 * typedef (so the size expression is evaluated once, when the declaration is reached),
 * in the expression around a type name (sizeof, casts), or, for the parameters of a
 * function, on entry to its definition (the function type's vm_params).  sizeof of such
 * a type, pointer arithmetic on pointers to it and the allocation of a VLA object read
 * the hidden local. */

static struct node **vla_q;
static int vla_nq, vla_qcap;
static struct obj *vla_orphans; /* hidden locals made outside a function body */

int vla_mark(void) { return vla_nq; }

struct node *vla_take(int mark)
{
    struct node *r = NULL;
    for (int i = mark; i < vla_nq; i++) {
        if (!r) {
            r = vla_q[i];
            continue;
        }
        struct node *c = new_node(N_COMMA, vla_q[i]->pos);
        c->ty = vla_q[i]->ty;
        c->l = r;
        c->r = vla_q[i];
        r = c;
    }
    vla_nq = mark;
    return r;
}

static struct node *var_ref(struct obj *o, struct srcpos pos)
{
    struct node *n = new_node(N_VAR, pos);
    n->var = o;
    n->ty = o->ty;
    return n;
}

struct node *vla_size_ref(struct type *t, struct srcpos pos)
{
    if (!t->vla_size) cc_error_at(pos, "the size of an array declared with '[*]' is not known here");
    return var_ref(t->vla_size, pos);
}

static struct obj *vla_new_size(struct srcpos pos)
{
    struct obj *o = new_local("vla.size", ty_size_t(), pos);
    o->align = o->ty->align;
    if (!cur_func) {
        o->next_local = vla_orphans;
        vla_orphans = o;
    }
    return o;
}

static void vla_queue(struct obj *o, struct node *v)
{
    struct node *n = new_node(N_ASSIGN, v->pos);
    n->ty = o->ty;
    n->l = var_ref(o, v->pos);
    n->r = v;
    if (vla_nq == vla_qcap) {
        vla_qcap = vla_qcap ? 2 * vla_qcap : 16;
        struct node **nq = cc_alloc((size_t)vla_qcap * sizeof *nq);
        if (vla_nq) memcpy(nq, vla_q, (size_t)vla_nq * sizeof *nq);
        vla_q = nq;
    }
    vla_q[vla_nq++] = n;
}

/* a variably modified type: a VLA, or a pointer/array type derived from one */
static bool ty_is_vm(struct type *t)
{
    for (; t; t = t->base) {
        if (t->vla_len) return true;
        if (t->kind != TY_PTR && t->kind != TY_ARRAY) return false;
    }
    return false;
}

static struct node *size_mul(struct node *a, struct node *b)
{
    struct node *n = new_node(N_MUL, a->pos);
    n->ty = ty_size_t();
    n->l = a;
    n->r = b;
    return n;
}

/* ---------------------------------------------------------------- declarators */

static void skip_quals(void)
{
    for (;;) {
        struct token *t = peek();
        if (t->kind == TK_KEYWORD && (t->sub == KW_RESTRICT || t->sub == KW_RESTRICT2 ||
                                      t->sub == KW_RESTRICT3 || t->sub == KW_ATOMIC)) {
            next();
            continue;
        }
        if (is_kw(t, KW_ATTRIBUTE) || is_kw(t, KW_ATTRIBUTE2)) {
            parse_attributes(NULL);
            continue;
        }
        break;
    }
}

static struct type *parse_params(struct type *ret, struct obj **params)
{
    struct type *ft = ty_func(ret);
    if (is_kw(peek(), KW_VOID) && is_punct(peekn(1), CPP_P_RPAREN)) {
        next();
        next();
        return ft;
    }
    if (accept(CPP_P_RPAREN)) {
        ft->oldstyle = true;
        return ft;
    }
    /* K&R identifier list: the types come from the declaration list of the definition */
    if (peek()->kind == TK_IDENT && !is_typename(peek()) && !unknown_type_name()) {
        ft->oldstyle = true;
        struct obj ohead = {0}, *otail = &ohead;
        for (;;) {
            struct srcpos pos = peek()->pos;
            const char *name = expect_ident();
            struct obj *o = cc_alloc(sizeof *o);
            o->name = name;
            o->ty = ty_int; /* until declared */
            o->pos = pos;
            o->is_local = true;
            o->slot = -1;
            otail = otail->next_param = o;
            if (accept(CPP_P_RPAREN)) break;
            expect(CPP_P_COMMA, NULL);
        }
        if (params) *params = ohead.next_param;
        return ft;
    }
    struct param head = {0}, *tail = &head;
    struct obj ohead = {0}, *otail = &ohead;
    /* the parameters are in scope from their declarators on, so later parameters'
     * array sizes may name them: void f(int n, int a[n][n]) */
    scope_push();
    int mark = vla_mark();
    for (;;) {
        if (accept(CPP_P_ELLIPSIS)) {
            ft->variadic = true;
            expect(CPP_P_RPAREN, NULL);
            break;
        }
        struct declspec ds = {0};
        struct srcpos pos = peek()->pos;
        if (!parse_declspec(&ds)) cc_error_at(pos, "expected declaration specifiers or '...'");
        check_tls_spec(&ds, "a parameter declaration", NULL, NULL, false);
        const char *name = NULL;
        struct type *t = parse_declarator(ds.ty, &name, &pos, NULL);
        struct attrs pa = {0};
        parse_attributes(&pa);
        t = ty_apply_mode(t, ds.attr, &pa);
        /* parameter type adjustments (C11 6.7.6.3p7,8) */
        if (t->kind == TY_ARRAY) t = ty_qual(ty_ptr(t->base), false, false);
        else if (t->kind == TY_FUNC) t = ty_ptr(t);
        if (t->depth >= ft->depth) ft->depth = t->depth + 1;
        struct param *p = cc_alloc(sizeof *p);
        p->name = name;
        p->ty = t;
        p->pos = pos;
        tail = tail->next = p;
        struct obj *o = cc_alloc(sizeof *o);
        o->name = name;
        o->ty = t;
        o->pos = pos;
        o->is_local = true;
        o->slot = -1;
        o->warn_unused = !pa.unused && !(ds.attr && ds.attr->unused);
        if (params) otail = otail->next_param = o;
        if (name && t->kind != TY_VOID) scope_add_var(name, o);
        if (accept(CPP_P_RPAREN)) break;
        expect(CPP_P_COMMA, NULL);
    }
    if (head.next && head.next->ty->kind == TY_VOID && !head.next->next && !head.next->name) {
        head.next = NULL;
        ohead.next_param = NULL;
    }
    for (struct param *p = head.next; p; p = p->next)
        if (p->ty->kind == TY_VOID) cc_error_at(p->pos, "parameter has void type");
    ft->params = head.next;
    ft->vm_params = vla_take(mark);
    scope_pop_params();
    if (params) *params = ohead.next_param;
    return ft;
}

static struct type *parse_suffix_(struct type *t, struct obj **params);
static struct type *parse_suffix(struct type *t, struct obj **params)
{
    if (!is_punct(peek(), CPP_P_LPAREN) && !is_punct(peek(), CPP_P_LSQ)) return t;
    depth_enter(peek()->pos, "declarator");
    struct type *r = parse_suffix_(t, params);
    depth_leave();
    return r;
}

static struct type *parse_suffix_(struct type *t, struct obj **params)
{
    if (accept(CPP_P_LPAREN)) {
        struct type *ft = parse_params(NULL, params);
        struct type *rest = parse_suffix(t, NULL);
        if (rest->kind == TY_FUNC) cc_error_at(peek()->pos, "function returning a function");
        if (rest->kind == TY_ARRAY) cc_error_at(peek()->pos, "function returning an array");
        ft->base = rest;
        if (rest->depth >= ft->depth) ft->depth = rest->depth + 1;
        return ft;
    }
    if (accept(CPP_P_LSQ)) {
        struct srcpos pos = peek()->pos;
        long len = -1;
        struct node *vla = NULL;
        for (;;) {
            if (accept_kw(KW_STATIC)) continue;
            if (accept_kw(KW_CONST) || accept_kw(KW_CONST2) || accept_kw(KW_VOLATILE) ||
                accept_kw(KW_RESTRICT) || accept_kw(KW_RESTRICT2) || accept_kw(KW_RESTRICT3))
                continue;
            /* GNU: attributes among a parameter array's qualifiers; gcc ignores them */
            if (is_kw(peek(), KW_ATTRIBUTE) || is_kw(peek(), KW_ATTRIBUTE2)) {
                parse_attributes(NULL);
                continue;
            }
            break;
        }
        bool star = false;
        if (is_punct(peek(), CPP_P_STAR) && is_punct(peekn(1), CPP_P_RSQ)) {
            next();
            next();
            star = true; /* [*]: a VLA of unspecified size (prototypes) */
        } else if (!accept(CPP_P_RSQ)) {
            struct node *e = parse_assign();
            i128 v;
            if (!ty_is_integer(e->ty)) cc_error_at(pos, "size of array has non-integer type");
            if (eval_int(e, &v)) {
                if (v < 0) cc_error_at(pos, "size of array is negative");
                if (v > ((i128)1 << 40)) cc_error_at(pos, "size of array is too large");
                len = (long)v;
            } else {
                vla = e;
            }
            expect(CPP_P_RSQ, NULL);
        }
        /* the length is evaluated before the sizes of the element type */
        struct obj *size = NULL;
        if (vla) {
            size = vla_new_size(pos);
            vla_queue(size, cast_to(rvalue(vla), ty_size_t()));
        }
        struct type *base = parse_suffix(t, NULL);
        if (base->kind == TY_FUNC) cc_error_at(pos, "declaration of an array of functions");
        if (!base->complete && !base->vla_len)
            cc_error_at(pos, "array type has incomplete element type");
        struct type *at = ty_array(base, vla || star ? 0 : len);
        if (star) {
            vla = at->vla_len = new_node(N_NUM, pos);
            vla->ty = ty_size_t();
            at->len = -1;
            at->complete = true;
        } else if (vla) {
            at->vla_len = vla;
            at->len = -1;
            at->complete = true;
            if (base->vla_len && !base->vla_size) size = NULL;
            else if (base->vla_len) vla_queue(size, size_mul(var_ref(size, pos), vla_size_ref(base, pos)));
            else if (base->size != 1) {
                struct node *es = new_node(N_NUM, pos);
                es->ty = ty_size_t();
                es->val = base->size;
                vla_queue(size, size_mul(var_ref(size, pos), es));
            }
            at->vla_size = size;
        } else if (base->vla_len) {
            at->vla_len = new_node(N_NUM, pos);
            at->vla_len->ty = ty_size_t();
            at->vla_len->val = len < 0 ? 0 : len;
            if (len < 0) {
                at->complete = false;
                at->len = -1;
            }
            if (base->vla_size) {
                struct node *n = new_node(N_NUM, pos);
                n->ty = ty_size_t();
                n->val = len < 0 ? 0 : len;
                at->vla_size = vla_new_size(pos);
                vla_queue(at->vla_size, size_mul(n, vla_size_ref(base, pos)));
            }
        }
        if (len < 0 && !vla && !base->vla_len) {
            at->complete = false;
            at->len = -1;
        }
        if (at->size > ((long)1 << 40)) cc_error_at(pos, "size of array is too large");
        return at;
    }
    return t;
}

static struct type *parse_declarator_(struct type *t, const char **name, struct srcpos *pos,
                                     struct obj **params);
struct type *parse_declarator(struct type *t, const char **name, struct srcpos *pos,
                              struct obj **params)
{
    struct srcpos start = peek()->pos;
    depth_enter(start, "declarator");
    struct type *r = parse_declarator_(t, name, pos, params);
    depth_leave();
    if (r->depth > CC_MAX_DEPTH)
        cc_error_at(start, "type nested too deeply (more than %d levels)", CC_MAX_DEPTH);
    return r;
}

/* The index of the first token at or after peekn(k) that is not part of a GNU attribute
 * specifier, looking ahead without consuming: deciding whether '(' opens a nested
 * declarator or a parameter list must look past them, as in
 * (int (__attribute__((noinline)) *)(void)). */
static int skip_attrs_ahead(int k)
{
    while (is_kw(peekn(k), KW_ATTRIBUTE) || is_kw(peekn(k), KW_ATTRIBUTE2)) {
        k++;
        int d = 0;
        do {
            struct token *t = peekn(k++);
            if (t->kind == TK_EOF) return k - 1;
            if (is_punct(t, CPP_P_LPAREN)) d++;
            if (is_punct(t, CPP_P_RPAREN)) d--;
        } while (d > 0);
    }
    return k;
}

static struct type *parse_declarator_(struct type *t, const char **name, struct srcpos *pos,
                                     struct obj **params)
{
    /* GNU: an attribute list may open a nested declarator, int (__attribute__((x)) *p)(void);
     * like gcc's attributes on types in a declarator, it is accepted and ignored */
    while (is_kw(peek(), KW_ATTRIBUTE) || is_kw(peek(), KW_ATTRIBUTE2)) parse_attributes(NULL);
    while (accept(CPP_P_STAR)) {
        t = ty_ptr(t);
        bool c = false, v = false, a = false;
        for (;;) {
            struct token *k = peek();
            if (is_kw(k, KW_CONST) || is_kw(k, KW_CONST2) || is_kw(k, KW_CONST3)) c = true;
            else if (is_kw(k, KW_VOLATILE) || is_kw(k, KW_VOLATILE2) || is_kw(k, KW_VOLATILE3)) v = true;
            else if (is_kw(k, KW_ATOMIC)) a = true;
            else if (is_kw(k, KW_RESTRICT) || is_kw(k, KW_RESTRICT2) || is_kw(k, KW_RESTRICT3)) ;
            else if (is_kw(k, KW_ATTRIBUTE) || is_kw(k, KW_ATTRIBUTE2)) { parse_attributes(NULL); continue; }
            else break;
            next();
        }
        t = ty_qual(t, c, v);
        if (a) {
            t = ty_copy(t);
            t->is_atomic = true;
        }
    }
    skip_quals();
    int after = skip_attrs_ahead(1);
    if (is_punct(peek(), CPP_P_LPAREN) && !is_typename(peekn(after)) &&
        !is_punct(peekn(after), CPP_P_RPAREN)) {
        /* nested declarator: parse it against a placeholder, then substitute */
        next();
        size_t save = P->pos;
        int depth = 1;
        while (depth) {
            struct token *k = next();
            if (k->kind == TK_EOF) cc_error_at(k->pos, "expected ')'");
            if (is_punct(k, CPP_P_LPAREN)) depth++;
            if (is_punct(k, CPP_P_RPAREN)) depth--;
        }
        struct obj *outer_params = NULL;
        struct type *outer = parse_suffix(t, params ? &outer_params : NULL);
        size_t end = P->pos;
        P->pos = save;
        struct obj *inner_params = NULL;
        struct type *r = parse_declarator(outer, name, pos, params ? &inner_params : NULL);
        expect(CPP_P_RPAREN, NULL);
        P->pos = end;
        /* int (f)(int a): the parameters are the outer ones when the parentheses only
         * wrap the name; int (*g(int a))(void): the inner function's */
        if (params) *params = r->kind == TY_FUNC && r == outer ? outer_params : inner_params;
        return r;
    }
    if (peek()->kind == TK_IDENT) {
        if (pos) *pos = peek()->pos;
        const char *n = expect_ident();
        if (name) *name = n;
        else cc_error_at(*pos, "unexpected identifier '%s' in type name", n);
    }
    /* attributes after the name belong to the declaration: the caller parses them */
    return parse_suffix(t, params);
}

struct type *parse_typename(void)
{
    struct declspec ds = {0};
    struct srcpos pos = peek()->pos;
    depth_enter(pos, "type name"); /* _Atomic(_Atomic(...)), typeof(typeof(...)) */
    if (!parse_declspec(&ds)) cc_error_at(pos, "expected type name");
    if (ds.st) cc_error_at(pos, "storage class in type name");
    check_tls_spec(&ds, "a type name", NULL, NULL, false);
    const char *name = NULL;
    struct type *t = parse_declarator(ds.ty, &name, &pos, NULL);
    if (name) cc_error_at(pos, "unexpected identifier '%s' in type name", name);
    depth_leave();
    return t;
}

/* ---------------------------------------------------------------- objects */

struct obj *new_local(const char *name, struct type *ty, struct srcpos pos)
{
    struct obj *o = cc_alloc(sizeof *o);
    o->name = name;
    o->ty = ty;
    o->pos = pos;
    o->is_local = true;
    o->slot = -1;
    if (cur_func) {
        o->next_local = cur_func->locals;
        cur_func->locals = o;
    }
    return o;
}

struct obj *new_global(const char *name, struct type *ty, struct srcpos pos)
{
    struct obj *o = cc_alloc(sizeof *o);
    o->name = name;
    o->asm_name = name;
    o->ty = ty;
    o->pos = pos;
    o->slot = -1;
    *tu.gtail = o;
    tu.gtail = &o->next;
    return o;
}

static void apply_attrs(struct obj *o, struct declspec *ds, struct attrs *a)
{
    struct attrs *s = ds->attr;
    o->weak |= s->weak || a->weak;
    o->used |= s->used || a->used;
    o->attr_unused |= s->unused || a->unused;
    o->noreturn |= s->noreturn || a->noreturn || ds->is_noreturn;
    o->noinline |= s->noinline || a->noinline;
    if (a->section || s->section) o->section = a->section ? a->section : s->section;
    int al = ds->align;
    if (s->aligned > al) al = s->aligned;
    if (a->aligned > al) al = a->aligned;
    if (al > o->align) o->align = al;
    if (a->ctor || s->ctor) o->ctor = a->ctor ? a->ctor : s->ctor;
    if (a->dtor || s->dtor) o->dtor = a->dtor ? a->dtor : s->dtor;
    if (a->alias) o->asm_name = a->alias;
    if (a->alias_of || s->alias_of) o->alias_of = a->alias_of ? a->alias_of : s->alias_of;
    if (a->format_idx || s->format_idx) {
        o->format_idx = a->format_idx ? a->format_idx : s->format_idx;
        o->format_first = a->format_idx ? a->format_first : s->format_first;
    }
    if (a->visibility || s->visibility) o->visibility = a->visibility ? a->visibility : s->visibility;
    if (ds->is_tls) o->is_tls = true;
}

static void static_assert_decl(void)
{
    expect(CPP_P_LPAREN, NULL);
    struct srcpos sp = peek()->pos;
    i128 v = parse_const_int();
    const char *msg = "";
    if (accept(CPP_P_COMMA)) {
        struct token *s = next();
        if (s->kind != TK_STR) cc_error_at(s->pos, "expected string literal");
        msg = cc_strndup(s->p, s->len);
        while (peek()->kind == TK_STR) next();
    }
    expect(CPP_P_RPAREN, NULL);
    expect(CPP_P_SEMI, NULL);
    if (!v) cc_error_at(sp, "static assertion failed: %s", msg);
}

static struct obj *declare_global(const char *name, struct type *ty, struct declspec *ds,
                                  struct srcpos pos)
{
    struct obj *o = scope_find_var(name);
    if (o && !o->is_local) {
        check_tls_redecl(o, ds, pos);
        if (o->is_func != (ty->kind == TY_FUNC)) {
            cc_error_report(pos, "'%s' redeclared as different kind of symbol", name);
            note_previous(o);
            cc_error_again();
        }
        /* arrays: one of unknown size completes the other */
        if (!ty_compatible(ty_unqual(o->ty), ty_unqual(ty)) &&
            !(o->ty->kind == TY_ARRAY && ty->kind == TY_ARRAY && ty_compatible(o->ty->base, ty->base) &&
              (o->ty->len < 0 || ty->len < 0))) {
            cc_error_report(pos, "conflicting types for '%s'; have '%s'", name, ty_name(ty));
            note_previous(o);
            cc_error_again();
        }
        if (ty->kind == TY_ARRAY && ty->len >= 0 && o->ty->len < 0) o->ty = ty;
        if (ty->kind == TY_FUNC && !ty->oldstyle && o->ty->oldstyle) o->ty = ty;
        if (ds->st == ST_STATIC) o->is_static = true;
        return o;
    }
    o = new_global(name, ty, pos);
    o->is_func = ty->kind == TY_FUNC;
    o->is_static = ds->st == ST_STATIC;
    o->is_extern = ds->st == ST_EXTERN;
    o->align = ty->align;
    scope_add_var(name, o);
    return o;
}

static bool is_param(const struct obj *params, const struct obj *o)
{
    for (const struct obj *p = params; p; p = p->next_param)
        if (p == o) return true;
    return false;
}

static void parse_funcdef(struct obj *f, struct obj *params, struct srcpos pos)
{
    if (f->is_defined) {
        cc_error_report(pos, "redefinition of '%s'", f->name);
        note_previous(f);
        cc_error_again();
    }
    f->is_defined = true;
    f->pos = pos;   /* diagnostics about the function name its definition */
    f->params = params;
    f->variadic_def = f->ty->variadic;
    cur_func = f;
    f->locals = NULL;
    scope_push();
    for (struct obj *p = params; p; p = p->next_param) {
        if (!p->name) cc_error_at(p->pos, "parameter name omitted");
        p->next_local = f->locals;
        f->locals = p;
        scope_add_var(p->name, p);
        if (!p->ty->complete && p->ty->kind != TY_ARRAY)
            cc_error_at(p->pos, "parameter '%s' has incomplete type", p->name);
    }
    /* hidden size locals of the parameters' variably modified types */
    for (struct obj *o = vla_orphans, *nx; o; o = nx) {
        nx = o->next_local;
        o->next_local = f->locals;
        f->locals = o;
    }
    vla_orphans = NULL;
    /* their sizes are computed on entry (the parameter list's, then any K&R declarations') */
    struct node *vm = f->ty->vm_params, *rest = vla_take(0);
    f->body = parse_compound();
    f->body_order = ++tu.nbodies;
    struct node *first[2] = {vm, rest};
    for (int k = 1; k >= 0; k--) {
        if (!first[k]) continue;
        struct node *st = new_node(N_EXPR_STMT, first[k]->pos);
        st->l = first[k];
        st->next = f->body->body;
        f->body->body = st;
    }
    scope_pop();
    cur_func = NULL;
    /* -Wunused-variable, -Wunused-parameter: declared, never named in an expression */
    for (struct obj *o = f->locals; o; o = o->next_local)
        if (o->warn_unused && !o->referenced && o->name && !is_param(params, o))
            cc_warn_at(CW_UNUSED_VARIABLE, o->pos, "unused variable '%s'", o->name);
    for (struct obj *p = params; p; p = p->next_param)
        if (p->warn_unused && !p->referenced && p->name)
            cc_warn_at(CW_UNUSED_PARAMETER, p->pos, "unused parameter '%s'", p->name);
}

void parse_local_decl(struct node **unused, struct node ***tail)
{
    (void)unused;
    if (accept_kw(KW_STATIC_ASSERT)) {
        static_assert_decl();
        return;
    }
    struct declspec ds = {0};
    struct srcpos pos = peek()->pos;
    int mark = vla_mark();
    if (!parse_declspec(&ds)) cc_error_at(pos, "expected declaration specifiers %s", tok_before(peek()));
    if (accept(CPP_P_SEMI)) {
        vla_take(mark);
        return;
    }
    for (;;) {
        const char *name = NULL;
        struct srcpos npos = pos;
        struct type *ty = parse_declarator(ds.ty, &name, &npos, NULL);
        struct attrs a = {0};
        parse_attributes(&a);
        ty = ty_apply_mode(ty, ds.attr, &a);
        if (!name) cc_error_at(npos, "expected identifier in declaration");
        check_tls_spec(&ds, NULL, ty, name, true);
        struct node *sizes = vla_take(mark);
        if (sizes) {
            /* sizes of the variably modified types of this declarator, computed once, here */
            struct node *st = new_node(N_EXPR_STMT, npos);
            st->l = sizes;
            **tail = st;
            *tail = &st->next;
        }
        if (ty == ty_auto) {
            /* __auto_type x = expr: the type of the (converted) initializer */
            if (ds.st == ST_TYPEDEF || ds.st == ST_EXTERN || !is_punct(peek(), CPP_P_ASSIGN))
                cc_error_at(npos, "'__auto_type' requires an initialized variable");
            next();
            struct node *e = rvalue(parse_assign());
            if (e->ty->kind == TY_VOID) cc_error_at(npos, "variable '%s' declared void", name);
            ty = ty_unqual(e->ty);
            struct obj *o = ds.st == ST_STATIC ? new_global(name, ty, npos) : new_local(name, ty, npos);
            o->align = ty->align;
            scope_add_var(name, o);
            if (ds.st == ST_STATIC) {
                o->asm_name = cc_printf("%s.%s.%d", name, cur_func ? cur_func->name : "", (int)npos.line * 1000 + (int)npos.col);
                o->is_static = o->is_defined = true;
                o->is_tls = ds.is_tls;
                o->ini = init_single(ty, e);
            } else {
                struct node *d = new_node(N_DECL, npos);
                d->var = o;
                d->ini = init_single(ty, e);
                **tail = d;
                *tail = &d->next;
            }
            if (!accept(CPP_P_COMMA)) break;
            continue;
        }
        if (ds.st == ST_TYPEDEF) {
            scope_add_typedef(name, ty, npos);
        } else if (ty->kind == TY_FUNC || ds.st == ST_EXTERN) {
            struct obj *o = scope_find_var(name);
            struct obj *g = NULL;
            for (struct obj *x = tu.globals; x; x = x->next)
                if (!strcmp(x->name, name) && !x->is_local && x->asm_name == x->name) g = x;
            if (o && !o->is_local) g = o;
            if (g) check_tls_redecl(g, &ds, npos);
            if (!g) {
                g = new_global(name, ty, npos);
                g->is_func = ty->kind == TY_FUNC;
                g->is_extern = true;
                g->align = ty->align;
            }
            apply_attrs(g, &ds, &a);
            scope_add_var(name, g);
        } else if (ds.st == ST_STATIC) {
            struct obj *o = new_global(name, ty, npos);
            o->asm_name = cc_printf("%s.%s.%d", name, cur_func ? cur_func->name : "", (int)npos.line * 1000 + (int)npos.col);
            o->is_static = true;
            o->align = ty->align;
            apply_attrs(o, &ds, &a);
            scope_add_var(name, o);
            if (ty->vla_len) cc_error_at(npos, "storage size of '%s' isn't constant", name);
            if (accept(CPP_P_ASSIGN)) {
                o->ini = parse_initializer(&o->ty, true);
            }
            if (!o->ty->complete) cc_error_at(npos, "storage size of '%s' isn't known", name);
            o->is_defined = true;
        } else {
            if (ty->kind == TY_VOID) cc_error_at(npos, "variable '%s' declared void", name);
            struct obj *o = new_local(name, ty, npos);
            o->align = ty->align;
            apply_attrs(o, &ds, &a);
            o->warn_unused = ds.st != ST_REGISTER || !a.alias;    /* not a register asm */
            o->warn_unused &= !a.unused && !(ds.attr && ds.attr->unused);
            if (a.alias) o->asm_reg = a.alias;
            if (a.cleanup || (ds.attr && ds.attr->cleanup))
                o->cleanup = a.cleanup ? cleanup_call(a.cleanup, a.cleanup_pos, o)
                                       : cleanup_call(ds.attr->cleanup, ds.attr->cleanup_pos, o);
            if (o->align < ty->align) o->align = ty->align;
            scope_add_var(name, o);
            struct node *d = new_node(N_DECL, npos);
            d->var = o;
            if (accept(CPP_P_ASSIGN)) {
                if (ty->vla_len) cc_error_at(npos, "variable-sized object may not be initialized");
                d->ini = parse_initializer(&o->ty, false);
            }
            if (!o->ty->complete && !o->ty->vla_len)
                cc_error_at(npos, "storage size of '%s' isn't known", name);
            **tail = d;
            *tail = &d->next;
        }
        if (!accept(CPP_P_COMMA)) break;
    }
    expect(CPP_P_SEMI, "',' or ';'");
}

/* one external declaration or function definition (C11 6.9) */
static void parse_external(void *unused)
{
    (void)unused;
    if (accept(CPP_P_SEMI)) return;
    if (accept_kw(KW_STATIC_ASSERT)) {
        static_assert_decl();
        return;
    }
    if (is_kw(peek(), KW_ASM) || is_kw(peek(), KW_ASM2)) {
        /* top-level asm("...") */
        struct srcpos pos = next()->pos;
        expect(CPP_P_LPAREN, NULL);
        char *text = cc_strdup("");
        while (peek()->kind == TK_STR) {
            struct token *s = next();
            text = cc_printf("%s%.*s", text, (int)s->len - 2, s->p + 1);
        }
        expect(CPP_P_RPAREN, NULL);
        expect(CPP_P_SEMI, NULL);
        struct obj *o = new_global(NULL, ty_void, pos);
        o->section = text; /* marker: name NULL = toplevel asm */
        return;
    }
    struct declspec ds = {0};
    struct srcpos pos = peek()->pos;
    vla_take(0);
    vla_orphans = NULL;
    if (!parse_declspec(&ds)) {
        if (peek()->kind == TK_IDENT && is_punct(peekn(1), CPP_P_LPAREN))
            cc_error_at(pos, "return type defaults to int / unknown type name '%s'", tok_str(peek()));
        cc_error_at(pos, "expected declaration %s", tok_before(peek()));
    }
    if (ds.st == ST_AUTO || ds.st == ST_REGISTER)
        cc_error_at(pos, "file-scope declaration specifies '%s'", ds.st == ST_AUTO ? "auto" : "register");
    if (accept(CPP_P_SEMI)) return;
    bool first = true;
    for (;;) {
        const char *name = NULL;
        bool inited = false;
        struct srcpos npos = pos;
        struct obj *params = NULL;
        struct type *ty = parse_declarator(ds.ty, &name, &npos, &params);
        struct attrs a = {0};
        parse_attributes(&a);
        ty = ty_apply_mode(ty, ds.attr, &a);
        if (!name) cc_error_at(npos, "expected identifier in declaration");
        if (ty == ty_auto) cc_error_at(npos, "'__auto_type' at file scope is not supported yet");
        check_tls_spec(&ds, NULL, ty, name, false);
        if (ds.st == ST_TYPEDEF) {
            if (ds.attr->aligned && ty->align < ds.attr->aligned) {
                ty = ty_copy(ty);
                ty->align = ds.attr->aligned;
            }
            if (a.aligned && ty->align < a.aligned) {
                ty = ty_copy(ty);
                ty->align = a.aligned;
            }
            if (ty_is_vm(ty)) cc_error_at(npos, "variably modified '%s' at file scope", name);
            scope_add_typedef(name, ty, npos);
        } else {
            struct obj *o = declare_global(name, ty, &ds, npos);
            apply_attrs(o, &ds, &a);
            if (ds.is_inline) o->is_inline = true;
            if (ty->kind == TY_FUNC) {
                if (first && ty->oldstyle && params && !is_punct(peek(), CPP_P_LBRACE)) {
                    /* K&R definition: declarations of the parameters before the body */
                    while (!is_punct(peek(), CPP_P_LBRACE)) {
                        struct declspec pds = {0};
                        struct srcpos ppos = peek()->pos;
                        if (!parse_declspec(&pds)) cc_error_at(ppos, "expected declaration specifiers %s", tok_before(peek()));
                        check_tls_spec(&pds, "a parameter declaration", NULL, NULL, false);
                        for (;;) {
                            const char *pn = NULL;
                            struct type *pt = parse_declarator(pds.ty, &pn, &ppos, NULL);
                            parse_attributes(NULL);
                            struct obj *po = NULL;
                            for (struct obj *q = params; q; q = q->next_param)
                                if (pn && !strcmp(q->name, pn)) po = q;
                            if (!po) cc_error_at(ppos, "declaration for parameter '%s' but no such parameter", pn ? pn : "");
                            if (pt->kind == TY_ARRAY) pt = ty_ptr(pt->base);
                            else if (pt->kind == TY_FUNC) pt = ty_ptr(pt);
                            /* arguments arrive default-promoted: a float parameter is received as double */
                            if (pt->kind == TY_FLOAT) pt = ty_double;
                            po->ty = pt;
                            if (!accept(CPP_P_COMMA)) break;
                        }
                        expect(CPP_P_SEMI, NULL);
                    }
                }
                if (first && is_punct(peek(), CPP_P_LBRACE)) {
                    o->ty = ty;
                    parse_funcdef(o, params, npos);
                    break;
                }
            } else {
                if (ty->kind == TY_VOID) cc_error_at(npos, "variable '%s' declared void", name);
                if (ty_is_vm(ty)) cc_error_at(npos, "variably modified '%s' at file scope", name);
                if (accept(CPP_P_ASSIGN)) {
                    inited = true;
                    if (o->is_defined && o->ini) {
                        cc_error_report(npos, "redefinition of '%s'", name);
                        note_previous(o);
                        cc_error_again();
                    }
                    o->ini = parse_initializer(&o->ty, true);
                    o->is_defined = true;
                    o->is_extern = false;
                } else if (ds.st != ST_EXTERN) {
                    o->is_tentative = true;
                    o->is_extern = false;
                }
                if (o->align < o->ty->align) o->align = o->ty->align;
            }
        }
        first = false;
        if (!accept(CPP_P_COMMA)) {
            expect(CPP_P_SEMI, inited ? "',' or ';'" : NULL);
            break;
        }
    }
}

void parse_tu(struct tokstream *ts)
{
    P = ts;
    vla_q = NULL; /* arena memory of an earlier translation unit */
    vla_nq = vla_qcap = 0;
    vla_orphans = NULL;
    tu.globals = NULL;
    tu.gtail = &tu.globals;
    tu.strs = NULL;
    tu.undeclared_explained = false;
    label_count = 0;
    while (peek()->kind != TK_EOF) parse_guarded(RECOVER_EXTERNAL, parse_external, NULL);
    check_unused_functions();
    for (struct obj *o = tu.globals; o; o = o->next) {
        if (o->name && !o->is_func && o->is_tentative && !o->is_defined) {
            if (o->ty->kind == TY_ARRAY && o->ty->len < 0) o->ty = ty_array(o->ty->base, 1);
            if (!o->ty->complete) cc_error_report(o->pos, "storage size of '%s' isn't known", o->name);
        }
    }
}
