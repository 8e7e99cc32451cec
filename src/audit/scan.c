/* zl-audit analysis of one file.
 *
 * The file is lexed once with the shared C lexer (src/cpp) into a token array; no
 * preprocessing happens (the kernel cannot be preprocessed without its configuration),
 * but directive lines are recognised and kept apart, comments are read for inline
 * suppressions, and one forward pass keeps a small symbol table: for every name the
 * class of its most recent declaration (pointer, 64-bit fixed type, long-sized type,
 * long long, other), struct members included.  Rules then look at a window of tokens
 * around a trigger (an identifier, a number, a cast) and ask the table about operands.
 */
#include "audit/audit.h"
#include "cpp/cpp.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- helpers */

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) {
        fputs("zl-audit: out of memory\n", stderr);
        exit(2);
    }
    return q;
}

static char *xstrndup(const char *s, size_t n)
{
    char *r = xrealloc(NULL, n + 1);
    memcpy(r, s, n);
    r[n] = 0;
    return r;
}

void audit_add(struct audit_file *f, u32 line, u32 col, int rule, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (f->nf == f->capf) {
        f->capf = f->capf ? f->capf * 2 : 16;
        f->f = xrealloc(f->f, f->capf * sizeof *f->f);
    }
    struct audit_finding *x = &f->f[f->nf++];
    x->line = line;
    x->col = col;
    x->rule = (u16)rule;
    x->msg = xstrndup(msg, strlen(msg));
}

static int cmp_finding(const void *a, const void *b)
{
    const struct audit_finding *x = a, *y = b;
    if (x->line != y->line) return x->line < y->line ? -1 : 1;
    if (x->col != y->col) return x->col < y->col ? -1 : 1;
    return (int)x->rule - (int)y->rule;
}

void audit_sort(struct audit_file *f)
{
    if (f->nf > 1) qsort(f->f, f->nf, sizeof *f->f, cmp_finding);
    u32 w = 0;
    for (u32 i = 0; i < f->nf; i++) {
        if (w && f->f[w - 1].line == f->f[i].line && f->f[w - 1].col == f->f[i].col &&
            f->f[w - 1].rule == f->f[i].rule) {
            free(f->f[i].msg);
            continue;
        }
        f->f[w++] = f->f[i];
    }
    f->nf = w;
}

void audit_file_clear(struct audit_file *f)
{
    for (u32 i = 0; i < f->nf; i++) free(f->f[i].msg);
    free(f->f);
    for (u32 i = 0; i < f->nfields; i++) {
        free(f->fields[i].name);
        free(f->fields[i].sname);
    }
    free(f->fields);
    for (u32 i = 0; i < f->nptr; i++) free(f->ptr_members[i]);
    free(f->ptr_members);
    for (u32 i = 0; i < f->nbm; i++) free(f->bitmaps[i]);
    free(f->bitmaps);
    for (u32 i = 0; i < f->npend; i++) {
        free(f->pend[i].name);
        free(f->pend[i].msg);
    }
    free(f->pend);
    free(f->note);
    char *path = f->path;
    u32 root = f->root_len;
    memset(f, 0, sizeof *f);
    f->path = path;
    f->root_len = root;
}

/* ---------------------------------------------------------------- scratch state */

enum cls { C_NONE, C_PTR, C_W64, C_LONG, C_LLONG, C_OTHER };

struct sym {
    const char *p;
    u32 len;
    u8 cls;
    bool array;       /* declared with [] : subscripts keep the class */
    bool sized;       /* an array declared here with its size (not "extern x[]") */
    const char *tag;  /* struct/union tag of its type, if any */
    u32 tlen;
};

enum dirkind { D_CODE, D_IF, D_DEFINE, D_OTHER };

struct cond {
    bool pending, has_pending;
    u32 line, col;
};

struct supp {
    u32 from, to;  /* lines */
    u32 mask;      /* rules; all bits = every rule */
};

struct audit_scratch {
    struct cpp_token *t;
    u32 *grp;       /* 0 = code, else directive line number id */
    u8 *dk;         /* enum dirkind of the token's line */
    u8 *done;       /* token already reported by a more specific rule */
    u32 n, cap;
    struct sym *tab;
    u32 tcap, tused;
    struct cond *conds;
    u32 nconds, capconds;
    struct supp *supp;
    u32 nsupp, capsupp;
    char **owned;   /* clean spellings of spliced tokens */
    u32 nowned, capowned;
    /* current file */
    struct audit_file *out;
    u32 rules;
    bool uapi_path, header;
    struct {
        int depth;        /* brace depth of a struct body being scanned, -1 if none */
        const char *name;
        u32 nlen;
    } sstack[32];
    int nsstack;
    int brace;
    int paren;             /* parenthesis depth in code */
    bool decl_active;      /* inside "T a = 1, b" : later declarators share the type */
    u8 decl_base;
    int decl_paren;
    const char *decl_tag;
    u32 decl_tlen;
};

struct audit_scratch *audit_scratch_new(void)
{
    struct audit_scratch *s = xrealloc(NULL, sizeof *s);
    memset(s, 0, sizeof *s);
    return s;
}

void audit_scratch_free(struct audit_scratch *s)
{
    if (!s) return;
    free(s->t);
    free(s->grp);
    free(s->dk);
    free(s->done);
    free(s->tab);
    free(s->conds);
    free(s->supp);
    for (u32 i = 0; i < s->nowned; i++) free(s->owned[i]);
    free(s->owned);
    free(s);
}

static u32 hash_name(const char *p, u32 n)
{
    u32 h = 2166136261u;
    for (u32 i = 0; i < n; i++) h = (h ^ (u8)p[i]) * 16777619u;
    return h;
}

static void tab_reset(struct audit_scratch *s, u32 ntok)
{
    /* sized for this file (names are far fewer than tokens; tab_set grows it): clearing
       a table sized for the largest file seen so far would dominate the run time */
    u32 want = 256;
    while (want < ntok / 8) want *= 2;
    if (want != s->tcap) {
        free(s->tab);
        s->tab = xrealloc(NULL, want * sizeof *s->tab);
        s->tcap = want;
    }
    memset(s->tab, 0, s->tcap * sizeof *s->tab);
    s->tused = 0;
}

static struct sym *tab_slot(struct audit_scratch *s, const char *p, u32 n)
{
    u32 m = s->tcap - 1, h = hash_name(p, n) & m;
    for (;;) {
        struct sym *e = &s->tab[h];
        if (!e->p || (e->len == n && memcmp(e->p, p, n) == 0)) return e;
        h = (h + 1) & m;
    }
}

static struct sym *tab_set(struct audit_scratch *s, const struct cpp_token *t, u8 cls)
{
    if (s->tused * 2 >= s->tcap) {
        /* grow and rehash */
        struct sym *old = s->tab;
        u32 oc = s->tcap;
        s->tcap *= 2;
        s->tab = xrealloc(NULL, s->tcap * sizeof *s->tab);
        memset(s->tab, 0, s->tcap * sizeof *s->tab);
        for (u32 i = 0; i < oc; i++)
            if (old[i].p) *tab_slot(s, old[i].p, old[i].len) = old[i];
        free(old);
    }
    struct sym *e = tab_slot(s, t->p, t->len);
    if (!e->p) {
        e->p = t->p;
        e->len = t->len;
        s->tused++;
    }
    e->cls = cls;
    e->array = false;
    e->sized = false;
    e->tag = NULL;
    e->tlen = 0;
    return e;
}

static u8 tab_get(struct audit_scratch *s, const struct cpp_token *t)
{
    struct sym *e = tab_slot(s, t->p, t->len);
    return e->p ? e->cls : C_NONE;
}

static struct sym *tab_find(struct audit_scratch *s, const struct cpp_token *t)
{
    struct sym *e = tab_slot(s, t->p, t->len);
    return e->p ? e : NULL;
}

/* Members are also recorded as "tag.member". */
static struct sym *tab_find_member(struct audit_scratch *s, const char *tag, u32 tlen,
                                   const struct cpp_token *m)
{
    char key[256];
    int n = snprintf(key, sizeof key, "%.*s.%.*s", (int)tlen, tag, (int)m->len, m->p);
    if (n <= 0 || (size_t)n >= sizeof key) return NULL;
    struct sym *e = tab_slot(s, key, (u32)n);
    return e->p ? e : NULL;
}

static char *own(struct audit_scratch *s, char *p)
{
    if (s->nowned == s->capowned) {
        s->capowned = s->capowned ? s->capowned * 2 : 16;
        s->owned = xrealloc(s->owned, s->capowned * sizeof *s->owned);
    }
    s->owned[s->nowned++] = p;
    return p;
}

static void tab_set_member(struct audit_scratch *s, const char *tag, u32 tlen,
                           const struct cpp_token *m, u8 cls, bool array, const char *mtag,
                           u32 mtlen)
{
    if (!tlen) return;
    char key[256];
    int n = snprintf(key, sizeof key, "%.*s.%.*s", (int)tlen, tag, (int)m->len, m->p);
    if (n <= 0 || (size_t)n >= sizeof key) return;
    struct cpp_token k = *m;
    struct sym *e = tab_find_member(s, tag, tlen, m);
    if (!e) {
        k.p = own(s, xstrndup(key, (size_t)n));
        k.len = (u32)n;
        e = tab_set(s, &k, cls);
    } else
        e->cls = cls;
    e->array = array;
    e->tag = mtag;
    e->tlen = mtlen;
}

/* ---------------------------------------------------------------- token predicates */

#define T(i) (&s->t[(i)])

static bool eq(const struct cpp_token *t, const char *w)
{
    if (t->p[0] != w[0]) return false;
    size_t n = strlen(w);
    return t->len == n && memcmp(t->p, w, n) == 0;
}

static bool is_id(struct audit_scratch *s, u32 i, const char *w)
{
    return i < s->n && s->t[i].kind == CPP_IDENT && eq(&s->t[i], w);
}

static bool is_p(struct audit_scratch *s, u32 i, enum cpp_punct p)
{
    return i < s->n && s->t[i].kind == CPP_PUNCT && s->t[i].sub == p;
}

static bool in_set(const struct cpp_token *t, const char *const *set)
{
    char c0 = t->p[0];
    for (; *set; set++)
        if ((*set)[0] == c0 && eq(t, *set)) return true;
    return false;
}

static const char *const w64_types[] = {
    "u64", "__u64", "uint64_t", "s64", "__s64", "int64_t", "__aligned_u64", "aligned_u64",
    "__le64", "__be64", "u_int64_t", "__aligned_s64", "aligned_be64", "aligned_le64", NULL};
static const char *const long_types[] = {
    "size_t", "ssize_t", "uintptr_t", "intptr_t", "ptrdiff_t", "ulong", "__kernel_ulong_t",
    "__kernel_long_t", "__kernel_size_t", "__kernel_ssize_t", "__kernel_uintptr_t", NULL};
static const char *const qualifiers[] = {
    "const", "volatile", "restrict", "__restrict", "__restrict__", "__user", "__iomem",
    "__rcu", "__force", "__percpu", "__kernel", "__bitwise", "__nocast", "__must_check",
    "__maybe_unused", "__always_unused", "__packed", "__aligned", "__attribute__", NULL};
static const char *const type_kw[] = {
    "void", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "_Bool",
    "bool", "__int128", NULL};
static const char *const not_type_kw[] = {
    "return", "goto", "case", "else", "sizeof", "typeof", "__typeof__", "do", "if", "while",
    "for", "switch", "break", "continue", "default", "_Alignof", "__alignof__", "asm",
    "__asm__", "volatile", NULL};
static const char *const decl_start_kw[] = {
    "static", "extern", "const", "volatile", "register", "inline", "__inline", "__inline__",
    "struct", "union", "enum", "unsigned", "signed", "typedef", "_Thread_local", "auto",
    "__maybe_unused", "__read_mostly", "__initdata", "__user", "__iomem", "__rcu",
    "__percpu", NULL};

static bool tok_in_grp(struct audit_scratch *s, u32 i, u32 g)
{
    return i < s->n && s->grp[i] == g;
}

/* Index after the ')' matching the '(' at i (same line group), or i if unmatched. */
static u32 match_paren(struct audit_scratch *s, u32 i)
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

/* ---------------------------------------------------------------- declarations */

/* Class of a type whose last token is at j (scanning backwards over its words). */
static u8 type_class_at(struct audit_scratch *s, u32 j)
{
    const struct cpp_token *t = T(j);
    if (t->kind != CPP_IDENT) return C_NONE;
    if (in_set(t, w64_types)) return C_W64;
    if (in_set(t, long_types)) return C_LONG;
    if (eq(t, "int") && j > 0 && is_id(s, j - 1, "long")) j--, t = T(j);
    if (eq(t, "long")) {
        if (j > 0 && is_id(s, j - 1, "long")) return C_LLONG;
        return C_LONG;
    }
    return C_OTHER;
}

/* If the identifier at i is being declared, record its class. */
static void maybe_decl(struct audit_scratch *s, u32 i)
{
    if (i == 0 || i + 1 >= s->n) return;
    const struct cpp_token *nx = T(i + 1);
    if (nx->kind != CPP_PUNCT) return;
    switch (nx->sub) {
    case CPP_P_SEMI: case CPP_P_COMMA: case CPP_P_ASSIGN: case CPP_P_RPAREN:
    case CPP_P_LSQ: case CPP_P_COLON:
        break;
    default:
        return;
    }
    u32 g = s->grp[i];
    i32 j = (i32)i - 1;
    int stars = 0;
    while (j >= 0 && s->grp[j] == g) {
        const struct cpp_token *t = T((u32)j);
        if (t->kind == CPP_PUNCT && t->sub == CPP_P_STAR) {
            stars++;
            j--;
        } else if (t->kind == CPP_IDENT && in_set(t, qualifiers) && !eq(t, "__attribute__")) {
            j--;
        } else
            break;
    }
    if (j < 0 || s->grp[j] != g) return;
    const struct cpp_token *ty = T((u32)j);
    if (ty->kind == CPP_PUNCT && ty->sub == CPP_P_COMMA && s->decl_active && g == 0 &&
        s->paren == s->decl_paren) {
        /* a later declarator of "T a = 1, *b, c" */
        struct sym *e = tab_set(s, T(i), stars ? C_PTR : s->decl_base);
        e->array = nx->sub == CPP_P_LSQ;
        e->tag = s->decl_tag;
        e->tlen = s->decl_tlen;
        return;
    }
    if (ty->kind != CPP_IDENT || in_set(ty, not_type_kw)) return;
    if (!in_set(ty, type_kw)) {
        /* a typedef name or a struct tag: require something that starts a declaration */
        if (j == 0 || s->grp[j - 1] != g) {
            if (g == 0 && !(ty->flags & CPP_TF_BOL)) return;
        } else {
            const struct cpp_token *b = T((u32)j - 1);
            bool ok = false;
            if (b->kind == CPP_PUNCT)
                ok = b->sub == CPP_P_SEMI || b->sub == CPP_P_LBRACE || b->sub == CPP_P_RBRACE ||
                     b->sub == CPP_P_LPAREN || b->sub == CPP_P_COMMA;
            else if (b->kind == CPP_IDENT)
                ok = in_set(b, decl_start_kw);
            if (!ok) return;
        }
    }
    u8 c = stars ? C_PTR : type_class_at(s, (u32)j);
    struct sym *e = tab_set(s, T(i), c);
    e->array = nx->sub == CPP_P_LSQ;
    e->sized = e->array && !is_p(s, i + 2, CPP_P_RSQ);
    if (j >= 1 && s->grp[j - 1] == g && (is_id(s, (u32)j - 1, "struct") || is_id(s, (u32)j - 1, "union"))) {
        e->tag = ty->p;
        e->tlen = ty->len;
    }
    if ((nx->sub == CPP_P_ASSIGN || nx->sub == CPP_P_COMMA) && g == 0 && s->paren == 0) {
        s->decl_active = true;
        s->decl_base = type_class_at(s, (u32)j);
        s->decl_paren = s->paren;
        s->decl_tag = e->tag;
        s->decl_tlen = e->tlen;
    }
    /* a member of a named struct: also "tag.member" */
    if (s->nsstack > 0 && s->sstack[s->nsstack - 1].depth == s->brace && g == 0)
        tab_set_member(s, s->sstack[s->nsstack - 1].name, s->sstack[s->nsstack - 1].nlen, T(i),
                       c, e->array, e->tag, e->tlen);

    /* struct fields of 64-bit type: candidates for uapi-u64-ptr */
    if (!stars && c == C_W64 && s->nsstack > 0 && s->sstack[s->nsstack - 1].depth == s->brace &&
        (s->rules & (1u << R_UAPI_U64_PTR)) && s->header) {
        struct audit_file *f = s->out;
        for (u32 k = 0; k < s->nsupp; k++)
            if (T(i)->line >= s->supp[k].from && T(i)->line <= s->supp[k].to &&
                ((s->supp[k].mask >> R_UAPI_U64_PTR) & 1))
                return;
        if (f->nfields == f->capfields) {
            f->capfields = f->capfields ? f->capfields * 2 : 8;
            f->fields = xrealloc(f->fields, f->capfields * sizeof *f->fields);
        }
        struct audit_field *fd = &f->fields[f->nfields++];
        const struct cpp_token *t = T(i);
        fd->line = t->line;
        fd->col = t->col;
        fd->name = xstrndup(t->p, t->len);
        fd->sname = xstrndup(s->sstack[s->nsstack - 1].name, s->sstack[s->nsstack - 1].nlen);
        /* the name alone is evidence only in uapi headers */
        fd->by_name = false;
        if (s->uapi_path) {
            const char *nm = fd->name;
            size_t L = strlen(nm);
            static const char *const suf[] = {"_ptr", "_pointer", "_uptr", "_uaddr", "user_addr",
                                              "userspace_addr", "_ubuf", "user_buf", NULL};
            for (int k = 0; suf[k]; k++) {
                size_t sl = strlen(suf[k]);
                if (L >= sl && strcmp(nm + L - sl, suf[k]) == 0) fd->by_name = true;
            }
            if (!strcmp(nm, "ptr") || !strcmp(nm, "uptr") || !strcmp(nm, "uaddr") ||
                !strcmp(nm, "pointer") || !strncmp(nm, "ptr_", 4) || !strncmp(nm, "user_ptr", 8) ||
                !strncmp(nm, "uptr_", 5))
                fd->by_name = true;
        }
    }
}

/* ---------------------------------------------------------------- casts and operands */

enum castk { K_NONE, K_PTR, K_W64, K_LL, K_LONG };

/* Classify "( type )" at i; *after = index after ')'. */
static enum castk cast_at2(struct audit_scratch *s, u32 i, u32 *after, bool chained)
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
        if (stars && !in_set(t, qualifiers)) return K_NONE; /* "a * b" */
        if (in_set(t, qualifiers)) continue;
        words++;
        if (eq(t, "long")) longs++;
        else if (eq(t, "unsigned") || eq(t, "signed")) uns++;
        else if (eq(t, "int")) ints++;
        else if (in_set(t, w64_types)) w64 = true;
        else if (in_set(t, long_types)) lng = true;
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
    if (o->kind == CPP_IDENT && in_set(o, not_type_kw) && !eq(o, "sizeof")) return K_NONE;
    if (stars) return K_PTR;
    if (w64 && words == 1) return K_W64;
    if (longs == 2 && words == longs + uns + ints) return K_LL;
    if (longs == 1 && words == longs + uns + ints) return K_LONG;
    if (lng && words == 1) return K_LONG;
    return K_NONE;
}

static enum castk cast_at(struct audit_scratch *s, u32 i, u32 *after)
{
    return cast_at2(s, i, after, false);
}

enum opk { O_UNKNOWN, O_PTR, O_W64, O_LONG, O_LLONG, O_LONGCAST, O_W64CAST, O_LITERAL, O_OTHER };

struct operand {
    enum opk k;
    u32 end;       /* index after the operand (best effort) */
    u32 last;      /* index of the last name of a name chain, or the start */
    bool chain;    /* a plain name / member chain */
    const char *otag; /* struct tag owning the last member, if known */
    u32 otlen;
};

static struct operand operand_at(struct audit_scratch *s, u32 i, int depth);

/* name, name->m, name.m[i], ... */
static struct operand name_chain(struct audit_scratch *s, u32 i)
{
    struct operand r = {O_UNKNOWN, i + 1, i, true};
    u32 g = s->grp[i], j = i;
    bool sub = false;
    for (;;) {
        u32 k = j + 1;
        sub = false;
        while (is_p(s, k, CPP_P_LSQ) && tok_in_grp(s, k, g)) {
            u32 e = match_paren(s, k);
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
    if (is_p(s, r.end, CPP_P_LPAREN) && tok_in_grp(s, r.end, g)) {
        /* a call: result type unknown */
        r.chain = false;
        r.end = match_paren(s, r.end);
        return r;
    }
    /* resolve members through struct tags: a->b->c needs the tag of a, then of a.b */
    struct sym *e = tab_find(s, T(i));
    if (j != i) {
        const char *tag = e ? e->tag : NULL;
        u32 tl = e ? e->tlen : 0;
        if (!e && eq(T(i), "__entry")) tag = "__entry", tl = 7; /* TRACE_EVENT records */
        e = NULL;
        for (u32 k = i + 1; k <= j && tag; k++) {
            if (T(k)->kind != CPP_IDENT) continue;
            r.otag = tag;
            r.otlen = tl;
            e = tab_find_member(s, tag, tl, T(k));
            tag = e ? e->tag : NULL;
            tl = e ? e->tlen : 0;
        }
        /* a member whose struct is unknown in this file stays unknown (e == NULL) */
    }
    u8 c = e ? e->cls : C_NONE;
    if (sub && e && !e->array) c = C_NONE; /* p[i]: the pointee, type unknown */
    if (!sub && e && e->array) c = C_NONE; /* an array name decays to a pointer */
    switch (c) {
    case C_PTR: r.k = O_PTR; break;
    case C_W64: r.k = O_W64; break;
    case C_LONG: r.k = O_LONG; break;
    case C_LLONG: r.k = O_LLONG; break;
    case C_OTHER: r.k = O_OTHER; break;
    default: r.k = O_UNKNOWN; break;
    }
    return r;
}

static struct operand operand_at(struct audit_scratch *s, u32 i, int depth)
{
    struct operand r = {O_UNKNOWN, i + 1, i, false};
    if (i >= s->n || depth > 6) return r;
    const struct cpp_token *t = T(i);
    if (t->kind == CPP_PUNCT && t->sub == CPP_P_AMP) {
        r.k = O_PTR;
        if (i + 1 < s->n && T(i + 1)->kind == CPP_IDENT) r.end = name_chain(s, i + 1).end;
        return r;
    }
    if (t->kind == CPP_NUMBER || t->kind == CPP_CHAR) {
        r.k = O_LITERAL;
        return r;
    }
    if (t->kind == CPP_IDENT) return name_chain(s, i);
    if (t->kind == CPP_PUNCT && t->sub == CPP_P_LPAREN) {
        u32 after;
        enum castk k = cast_at2(s, i, &after, depth > 0 || (i > 0 && is_p(s, i - 1, CPP_P_RPAREN)));
        if (k == K_NONE) {
            /* ( expr ): look at a single operand inside */
            struct operand in = operand_at(s, i + 1, depth + 1);
            if (is_p(s, in.end, CPP_P_RPAREN)) {
                in.end++;
                in.chain = false;
                return in;
            }
            r.end = match_paren(s, i);
            return r;
        }
        struct operand in = operand_at(s, after, depth + 1);
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
static bool int_value(const struct cpp_token *t, u128 *v, int *longs, bool *uns)
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

static bool num_is(const struct cpp_token *t, u64 want)
{
    u128 v;
    int l;
    bool u;
    return t->kind == CPP_NUMBER && int_value(t, &v, &l, &u) && v == want;
}

/* ---------------------------------------------------------------- rule helpers */

static bool on(struct audit_scratch *s, int rule)
{
    return (s->rules >> rule) & 1;
}

static void report(struct audit_scratch *s, u32 i, int rule, const char *fmt, ...)
{
    if (!on(s, rule)) return;
    const struct cpp_token *t = T(i);
    for (u32 k = 0; k < s->nsupp; k++)
        if (t->line >= s->supp[k].from && t->line <= s->supp[k].to && ((s->supp[k].mask >> rule) & 1)) {
            s->out->suppressed++;
            return;
        }
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    audit_add(s->out, t->line, t->col, rule, "%s", msg);
    s->done[i] = 1;
}

static bool is_cmp(struct audit_scratch *s, u32 i)
{
    if (i >= s->n || T(i)->kind != CPP_PUNCT) return false;
    switch (T(i)->sub) {
    case CPP_P_EQ: case CPP_P_NE: case CPP_P_LT: case CPP_P_GT: case CPP_P_LE: case CPP_P_GE:
        return true;
    default:
        return false;
    }
}

/* Flip a comparison so that the width is on the left: K op W -> W op' K. */
static int flip(int op)
{
    switch (op) {
    case CPP_P_LT: return CPP_P_GT;
    case CPP_P_GT: return CPP_P_LT;
    case CPP_P_LE: return CPP_P_GE;
    case CPP_P_GE: return CPP_P_LE;
    default: return op;
    }
}

/* Is "W op K" (W = width of long/pointer; K in bits or bytes) a 64-bit assumption?
 * Returns 0 = fine, 1 = bad, 2 = bad if an #else follows (== 32). */
static int width_cmp_bad(int op, u64 k, u64 k64, u64 k32)
{
    if (k == k64) return op == CPP_P_EQ || op == CPP_P_NE || op == CPP_P_LE || op == CPP_P_GT;
    if (k == k32) return op == CPP_P_NE ? 1 : op == CPP_P_EQ ? 2 : 0;
    return 0;
}

static const char *opname(int op)
{
    return cpp_punct_str((enum cpp_punct)op);
}

/* Does an identifier in a condition speak about the word size (so that the
 * "shared branch" argument below does not hold for it)? */
static bool widthish(const struct cpp_token *t)
{
    if (t->kind != CPP_IDENT) return false;
    static const char *const words[] = {
        "sizeof", "bits", "wordsize", "lp64", "lp32", "ilp32", "x86", "i386", "ia64", "ppc64",
        "powerpc64", "aarch64", "arch64", "mips64", "sparc64", "s390x", "xlen", NULL};
    char low[64];
    u32 n = t->len < sizeof low ? t->len : (u32)sizeof low - 1;
    for (u32 k = 0; k < n; k++)
        low[k] = (char)(t->p[k] >= 'A' && t->p[k] <= 'Z' ? t->p[k] - 'A' + 'a' : t->p[k]);
    low[n] = 0;
    for (int k = 0; words[k]; k++)
        if (strstr(low, words[k])) return true;
    /* 64 / 32 as a word of the name (CONFIG_64BIT, CONFIG_X86_32, FOO_64), not as the
       tail of another word (TIME32, INT64 are about data, not the word size) */
    for (u32 k = 0; k + 1 < n; k++)
        if (((low[k] == '6' && low[k + 1] == '4') || (low[k] == '3' && low[k + 1] == '2')) &&
            (k == 0 || !(low[k - 1] >= 'a' && low[k - 1] <= 'z')))
            return true;
    return false;
}

/* For the other operands of a conjunct: a feature name that 32-bit builds can have
 * too (no 32/64 in it, not a compat switch), so that the #else is the fallback that
 * 32-bit builds with the feature compile. */
static bool feature_name(const struct cpp_token *t)
{
    if (t->kind != CPP_IDENT) return true;
    for (u32 k = 0; k + 1 < t->len; k++)
        if ((t->p[k] == '6' && t->p[k + 1] == '4') || (t->p[k] == '3' && t->p[k + 1] == '2'))
            return false;
    return !memmem(t->p, t->len, "COMPAT", 6) && !memmem(t->p, t->len, "compat", 6);
}

/* The term [a, b) of a condition (a width comparison, defined(CONFIG_64BIT), ...)
 * has the value lp128 in an LP128 build.  If the term is a conjunct (&&) and false, or
 * a disjunct (||) and true, and no other operand of that && / || group mentions the
 * word size, then an LP128 build takes the branch that 64-bit builds also take
 * whenever the other operands say so (for "A && BITS_PER_LONG == 64": every 64-bit
 * build without A), and 32-bit builds too: that branch is word-size generic code, not a
 * 32-bit assumption.  Returns true in that case.
 *
 * The argument is about which code is compiled, so it is applied to #if/#elif only: a
 * run-time "if (A && BITS_PER_LONG == 64)" is a decision whose other operand is often
 * itself about 64-bit data (a range check that only 64-bit longs need), and the
 * shared branch then skips it.  A disjunct needs no more: in "A || W != 32", A only
 * matters if 32-bit builds can have it, so the branch is compiled for 32- and 64-bit
 * builds.  A conjunct "A && W == 64" also needs A to be a feature that 32-bit builds
 * can have (feature_name), and is not used for config-64bit, whose #else is the
 * 32-bit configuration itself ("CONFIG_64BIT && CONFIG_COMPAT"). */
static bool lp128_branch_is_shared(struct audit_scratch *s, u32 a, u32 b, bool lp128, bool conj_ok)
{
    u32 g = s->grp[a];
    if (s->dk[a] != D_IF) return false; /* only the selection of code, see below */
    for (;;) {
        if (a >= 1 && s->grp[a - 1] == g && is_p(s, a - 1, CPP_P_NOT)) {
            a--;
            lp128 = !lp128;
        } else if (a >= 1 && s->grp[a - 1] == g && is_p(s, a - 1, CPP_P_LPAREN) &&
                   tok_in_grp(s, b, g) && is_p(s, b, CPP_P_RPAREN) &&
                   !(a >= 2 && s->grp[a - 2] == g && T(a - 2)->kind == CPP_IDENT &&
                     !in_set(T(a - 2), not_type_kw) && !eq(T(a - 2), "elif"))) {
            a--;
            b++;
        } else
            break;
    }
    bool lconj = a >= 1 && s->grp[a - 1] == g && is_p(s, a - 1, CPP_P_ANDAND);
    bool rconj = tok_in_grp(s, b, g) && is_p(s, b, CPP_P_ANDAND);
    bool ldisj = a >= 1 && s->grp[a - 1] == g && is_p(s, a - 1, CPP_P_OROR);
    bool rdisj = tok_in_grp(s, b, g) && is_p(s, b, CPP_P_OROR);
    bool conj = lconj || rconj, disj = !conj && (ldisj || rdisj);
    if (!(conj && !lp128 && conj_ok) && !(disj && lp128)) return false;
    /* the other operands of the group: up to an unmatched parenthesis, the end of the
       condition, and for a conjunct up to a || at the same level */
    int d = 0;
    for (u32 j = a; j > 0 && s->grp[j - 1] == g; j--) {
        const struct cpp_token *t = T(j - 1);
        if (is_p(s, j - 1, CPP_P_RPAREN)) d++;
        else if (is_p(s, j - 1, CPP_P_LPAREN)) {
            if (d-- == 0) break;
        } else if (d == 0 && t->kind == CPP_PUNCT &&
                   (t->sub == CPP_P_QUESTION || t->sub == CPP_P_COLON || t->sub == CPP_P_COMMA ||
                    t->sub == CPP_P_SEMI || t->sub == CPP_P_ASSIGN || t->sub == CPP_P_LBRACE ||
                    t->sub == CPP_P_RBRACE || (conj && t->sub == CPP_P_OROR)))
            break;
        else if (d == 0 && is_id(s, j - 1, "return"))
            break;
        if (widthish(t) || (conj && !feature_name(t))) return false;
    }
    d = 0;
    for (u32 j = b; tok_in_grp(s, j, g); j++) {
        const struct cpp_token *t = T(j);
        if (is_p(s, j, CPP_P_LPAREN)) d++;
        else if (is_p(s, j, CPP_P_RPAREN)) {
            if (d-- == 0) break;
        } else if (d == 0 && t->kind == CPP_PUNCT &&
                   (t->sub == CPP_P_QUESTION || t->sub == CPP_P_COLON || t->sub == CPP_P_COMMA ||
                    t->sub == CPP_P_SEMI || t->sub == CPP_P_LBRACE || t->sub == CPP_P_RBRACE ||
                    (conj && t->sub == CPP_P_OROR)))
            break;
        if (widthish(t) || (conj && !feature_name(t))) return false;
    }
    return true;
}

/* Value of "W op k" for the LP128 width w. */
static bool cmp_value(int op, u64 w, u64 k)
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

/* Check "X op K" / "K op X" around the width expression spanning [a, b). */
static void width_compare(struct audit_scratch *s, u32 a, u32 b, u32 at, const char *what,
                          u64 k64, u64 k32, int rule)
{
    u32 g = s->grp[a];
    int op = -1;
    const struct cpp_token *k = NULL;
    u32 lo = a, hi = b;
    if (is_cmp(s, b) && tok_in_grp(s, b + 1, g) && T(b + 1)->kind == CPP_NUMBER &&
        !(is_p(s, b + 2, CPP_P_STAR) || is_p(s, b + 2, CPP_P_SLASH) || is_p(s, b + 2, CPP_P_PLUS) ||
          is_p(s, b + 2, CPP_P_MINUS) || is_p(s, b + 2, CPP_P_SHL))) {
        op = T(b)->sub;
        k = T(b + 1);
        hi = b + 2;
    } else if (a >= 2 && is_cmp(s, a - 1) && s->grp[a - 2] == g && T(a - 2)->kind == CPP_NUMBER &&
               !(a >= 3 && s->grp[a - 3] == g && T(a - 3)->kind == CPP_PUNCT &&
                 T(a - 3)->sub != CPP_P_LPAREN && T(a - 3)->sub != CPP_P_ANDAND &&
                 T(a - 3)->sub != CPP_P_OROR && T(a - 3)->sub != CPP_P_NOT)) {
        op = flip(T(a - 1)->sub);
        k = T(a - 2);
        lo = a - 2;
    } else if (is_cmp(s, b) && tok_in_grp(s, b + 1, g) && is_p(s, b + 1, CPP_P_LPAREN) &&
               tok_in_grp(s, b + 3, g) && T(b + 2)->kind == CPP_NUMBER && is_p(s, b + 3, CPP_P_RPAREN)) {
        op = T(b)->sub;
        k = T(b + 2);
        hi = b + 4;
    }
    if (!k) return;
    u128 v;
    int l;
    bool u;
    if (!int_value(k, &v, &l, &u) || v > 1000) return;
    int bad = width_cmp_bad(op, (u64)v, k64, k32);
    if (bad && lp128_branch_is_shared(s, lo, hi, cmp_value(op, k64 * 2, (u64)v), true)) return;
    if (bad == 1) {
        if ((u64)v == k32)
            report(s, at, rule, "'%s %s %u' treats every build that is not 32-bit as 64-bit; "
                   "under LP128 it is %u", what, opname(op), (unsigned)v,
                   (unsigned)(k64 == 64 ? 128 : 16));
        else
            report(s, at, rule, "'%s %s %u' assumes %s is at most %u; under LP128 it is %u", what,
                   opname(op), (unsigned)v, what, (unsigned)k64, (unsigned)(k64 == 64 ? 128 : 16));
    } else if (bad == 2 && s->dk[at] == D_IF && s->nconds > 0) {
        struct cond *c = &s->conds[s->nconds - 1];
        if (!c->has_pending) {
            c->has_pending = true;
            c->line = T(at)->line;
            c->col = T(at)->col;
        }
    }
}

/* ---------------------------------------------------------------- the rules */

static const char *const width_names[] = {"BITS_PER_LONG", "__BITS_PER_LONG", "__WORDSIZE",
                                          "BITS_PER_LONG_LONG", NULL};
static const char *const width_bytes[] = {"__SIZEOF_LONG__", "__SIZEOF_POINTER__",
                                          "__SIZEOF_SIZE_T__", "__SIZEOF_PTRDIFF_T__",
                                          "__SIZEOF_LONG_LONG__", NULL};

static void rule_width_ident(struct audit_scratch *s, u32 i)
{
    const struct cpp_token *t = T(i);
    if (in_set(t, width_names)) {
        bool ll = eq(t, "BITS_PER_LONG_LONG");
        char what[40];
        snprintf(what, sizeof what, "%.*s", (int)t->len, t->p);
        width_compare(s, i, i + 1, i, what, 64, 32, ll ? R_LLONG_64 : R_WIDTH_TEST);
    } else if (in_set(t, width_bytes)) {
        bool ll = eq(t, "__SIZEOF_LONG_LONG__");
        char what[40];
        snprintf(what, sizeof what, "%.*s", (int)t->len, t->p);
        width_compare(s, i, i + 1, i, what, 8, 4, ll ? R_LLONG_64 : R_WIDTH_TEST);
    }
}

/* sizeof(T) / sizeof x compared with 8 or 4. */
static void rule_sizeof(struct audit_scratch *s, u32 i)
{
    u32 g = s->grp[i];
    if (!is_p(s, i + 1, CPP_P_LPAREN) || !tok_in_grp(s, i + 1, g)) return;
    u32 end = match_paren(s, i + 1);
    if (end == i + 1 || end - i > 10) return;
    /* type words inside */
    int longs = 0, stars = 0, other = 0, words = 0;
    bool lt = false, ptrvar = false, w64 = false;
    for (u32 j = i + 2; j + 1 < end; j++) {
        const struct cpp_token *t = T(j);
        if (is_p(s, j, CPP_P_STAR)) stars++;
        else if (t->kind == CPP_IDENT) {
            if (in_set(t, qualifiers)) continue;
            words++;
            if (eq(t, "long")) longs++;
            else if (eq(t, "unsigned") || eq(t, "signed") || eq(t, "int")) ;
            else if (in_set(t, long_types)) lt = true;
            else if (in_set(t, w64_types)) w64 = true;
            else other++;
        } else
            return;
    }
    if (words == 1 && other == 1 && !stars && end == i + 4) {
        /* sizeof(var) */
        u8 c = tab_get(s, T(i + 2));
        if (c == C_PTR) ptrvar = true;
        else if (c == C_LONG) lt = true;
        else if (c == C_LLONG) longs = 2;
        other = 0;
    }
    if (w64) return;
    const char *what = NULL;
    int rule = R_WIDTH_TEST;
    if (stars || ptrvar) what = "sizeof(pointer)";
    else if (longs == 2) what = "sizeof(long long)", rule = R_LLONG_64;
    else if ((longs == 1 || lt) && !other) what = "sizeof(long)";
    if (!what) return;
    width_compare(s, i, end, i, what, 8, 4, rule);
}

static void rule_config(struct audit_scratch *s, u32 i)
{
    const struct cpp_token *t = T(i);
    if (!(eq(t, "CONFIG_64BIT") || eq(t, "__LP64__") || eq(t, "_LP64"))) return;
    bool in_if = s->dk[i] == D_IF;
    bool in_code = false;
    if (!in_if && i >= 2 && is_p(s, i - 1, CPP_P_LPAREN) && T(i - 2)->kind == CPP_IDENT &&
        (eq(T(i - 2), "IS_ENABLED") || eq(T(i - 2), "IS_BUILTIN") || eq(T(i - 2), "IS_REACHABLE") ||
         eq(T(i - 2), "__is_defined") || eq(T(i - 2), "config_enabled")))
        in_code = true;
    if (!in_if && !in_code) return;
    /* the term: NAME, defined NAME, defined(NAME), IS_ENABLED(NAME) */
    u32 lo = i, hi = i + 1;
    if (i >= 2 && is_p(s, i - 1, CPP_P_LPAREN) && is_p(s, i + 1, CPP_P_RPAREN) &&
        T(i - 2)->kind == CPP_IDENT && s->grp[i - 2] == s->grp[i])
        lo = i - 2, hi = i + 2;
    else if (i >= 1 && is_id(s, i - 1, "defined") && s->grp[i - 1] == s->grp[i])
        lo = i - 1;
    if (lp128_branch_is_shared(s, lo, hi, false, false)) return;
    report(s, i, R_CONFIG_64BIT, "%.*s test: the branches assume 'not 32-bit' means 64-bit; "
           "an LP128 build has no %.*s", (int)t->len, t->p, (int)t->len, t->p);
}

/* Is the compat question at i the whole of a definition: a flag mask derived from the
 * flag ("#define _TIF_32BIT (1 << TIF_32BIT)"), a predicate macro whose body is one
 * call ("#define is_32bit() test_thread_flag(TIF_32BIT)"), or a function whose body is
 * "return call(...);"?  Those define the question; the uses are reported. */
static bool flag_test_call(const struct cpp_token *t)
{
    return t->kind == CPP_IDENT && memmem(t->p, t->len, "test_", 5) && memmem(t->p, t->len, "flag", 4);
}

static bool compat_definition(struct audit_scratch *s, u32 i)
{
    u32 g = s->grp[i];
    /* only the thread flag: a call such as in_compat_syscall() passed on as an argument
       ("return __import_iovec(..., in_compat_syscall());") is a use */
    if (!eq(T(i), "TIF_32BIT") && !eq(T(i), "_TIF_32BIT")) return false;
    if (s->dk[i] == D_DEFINE) {
        u32 k = i;
        while (k > 0 && s->grp[k - 1] == g) k--;
        if (!is_id(s, k + 1, "define") || !tok_in_grp(s, k + 2, g)) return false;
        u32 body = k + 3;
        if (is_p(s, body, CPP_P_LPAREN) && !(T(body)->flags & CPP_TF_SPACE)) {
            u32 e = match_paren(s, body); /* function-like macro parameters */
            if (e == body) return false;
            body = e;
        }
        u32 end = body;
        while (tok_in_grp(s, end, g)) end++;
        bool mask = true, call = true;
        for (u32 j = body; j < end; j++) {
            const struct cpp_token *t = T(j);
            if (j == i || is_p(s, j, CPP_P_LPAREN) || is_p(s, j, CPP_P_RPAREN)) continue;
            if (!(is_p(s, j, CPP_P_SHL) || num_is(t, 1) || eq(t, "1UL") || is_id(s, j, "BIT")))
                mask = false;
            if (t->kind == CPP_PUNCT && t->sub != CPP_P_COMMA && t->sub != CPP_P_ARROW &&
                t->sub != CPP_P_DOT && t->sub != CPP_P_AMP)
                call = false;
        }
        if (mask) return true;
        /* one call: NAME ( ... ) possibly in parentheses, no operators */
        u32 j = body;
        while (j < end && is_p(s, j, CPP_P_LPAREN)) j++;
        if (call && j + 1 < end && flag_test_call(T(j)) && is_p(s, j + 1, CPP_P_LPAREN)) {
            u32 e = match_paren(s, j + 1);
            while (e < end && is_p(s, e, CPP_P_RPAREN)) e++;
            if (e == end) return true;
        }
        return false;
    }
    /* { return f(... TIF_32BIT ...); } */
    u32 k = i, d = 0;
    while (k > 0 && s->grp[k - 1] == g && !is_id(s, k - 1, "return")) {
        k--;
        if (is_p(s, k, CPP_P_RPAREN)) d++;
        else if (is_p(s, k, CPP_P_LPAREN)) {
            if (d == 0 && !(k > 0 && T(k - 1)->kind == CPP_IDENT)) return false;
            if (d) d--;
        } else if (T(k)->kind == CPP_PUNCT && T(k)->sub != CPP_P_COMMA && T(k)->sub != CPP_P_ARROW &&
                   T(k)->sub != CPP_P_DOT && T(k)->sub != CPP_P_AMP)
            return false;
    }
    if (k < 2 || !is_id(s, k - 1, "return") || !is_p(s, k - 2, CPP_P_LBRACE)) return false;
    if (!flag_test_call(T(k)) || !is_p(s, k + 1, CPP_P_LPAREN)) return false;
    u32 e = match_paren(s, k + 1);
    return e > i && is_p(s, e, CPP_P_SEMI) && is_p(s, e + 1, CPP_P_RBRACE);
}

static void rule_compat(struct audit_scratch *s, u32 i)
{
    const struct cpp_token *t = T(i);
    bool call = eq(t, "in_compat_syscall") || eq(t, "is_compat_task") ||
                eq(t, "is_compat_thread") || eq(t, "is_32bit_task");
    bool flag = eq(t, "TIF_32BIT") || eq(t, "_TIF_32BIT");
    if (!call && !flag) return;
    if (call && !is_p(s, i + 1, CPP_P_LPAREN)) return;
    /* "return in_compat_syscall();" only forwards the question to the callers */
    if (call && i >= 1 && is_id(s, i - 1, "return") && is_p(s, i + 2, CPP_P_RPAREN) &&
        is_p(s, i + 3, CPP_P_SEMI))
        return;
    if (i > 0 && s->grp[i - 1] == s->grp[i]) {
        const struct cpp_token *b = T(i - 1);
        /* "#define name", "#undef name", or a declaration "bool name(void)" */
        if (b->kind == CPP_IDENT && !eq(b, "return")) return;
        if (b->kind == CPP_PUNCT && b->sub == CPP_P_STAR) return;
    }
    if (s->dk[i] == D_DEFINE && i >= 2 && is_id(s, i - 1, "define")) return;
    if (s->dk[i] == D_OTHER) return;
    if (compat_definition(s, i)) return;
    report(s, i, R_COMPAT_ONE_WIDTH, "'%.*s' distinguishes one compat personality; a 128-bit "
           "kernel has 32- and 64-bit compat tasks", (int)t->len, t->p);
}

static void rule_do_div_hash(struct audit_scratch *s, u32 i)
{
    const struct cpp_token *t = T(i);
    bool dd = eq(t, "do_div"), hl = eq(t, "hash_long"), h64 = eq(t, "hash_64");
    if (!dd && !hl && !h64) return;
    if (!is_p(s, i + 1, CPP_P_LPAREN) || !tok_in_grp(s, i + 2, s->grp[i])) return;
    if (i > 0 && s->grp[i - 1] == s->grp[i] && T(i - 1)->kind == CPP_IDENT &&
        !eq(T(i - 1), "return"))
        return; /* a definition */
    if (s->dk[i] == D_DEFINE && i >= 1 && is_id(s, i - 1, "define")) return;
    struct operand o = operand_at(s, i + 2, 0);
    if (!is_p(s, o.end, CPP_P_COMMA)) return;
    if (dd) {
        if (o.chain && o.k == O_LONG)
            report(s, i, R_DO_DIV_LONG, "do_div() on '%.*s', declared as a long-sized type: "
                   "do_div() needs a u64", (int)T(o.last)->len, T(o.last)->p);
        return;
    }
    if (hl) {
        if ((o.k == O_W64 && o.chain) || o.k == O_W64CAST)
            report(s, i, R_HASH_LONG, "hash_long() of a 64-bit value: it hashes an unsigned long "
                   "(128 bits under LP128); use hash_64()");
        return;
    }
    if (o.k == O_PTR || o.k == O_LONGCAST)
        report(s, i, R_HASH_LONG, "hash_64() of a pointer-sized value: drops the upper 64 bits "
               "under LP128; use hash_ptr()");
    else if (o.k == O_LONG && o.chain)
        report(s, i, R_HASH_LONG, "hash_64() of long-sized '%.*s': drops the upper 64 bits under "
               "LP128; use hash_long()", (int)T(o.last)->len, T(o.last)->p);
}

/* The long-sized object that the constant expression [a, b) is combined with through
 * = |= &= | & ^ == != < > (either side), or NULL.  A 64-bit mask written as a long is
 * only wrong next to a long: with u64 data its value is the same under LP128. */
static const struct cpp_token *long_partner_op(struct audit_scratch *s, u32 a, u32 b, int *opout)
{
    u32 g = s->grp[a];
    int dummy;
    if (!opout) opout = &dummy;
    if (s->dk[a] == D_DEFINE) return NULL; /* uses decide; the definition alone does not */
    for (;;) {
        if (a >= 1 && s->grp[a - 1] == g && is_p(s, a - 1, CPP_P_TILDE))
            a--;
        else if (a >= 1 && s->grp[a - 1] == g && is_p(s, a - 1, CPP_P_LPAREN) &&
                 is_p(s, b, CPP_P_RPAREN) && !(a >= 2 && T(a - 2)->kind == CPP_IDENT))
            a--, b++;
        else
            break;
    }
    if (a >= 3 && s->grp[a - 1] == g && T(a - 1)->kind == CPP_PUNCT && is_p(s, a - 2, CPP_P_RSQ)) {
        /* word[i] op= ...: the array's element type */
        u32 k = a - 2, d = 0;
        while (k > 0 && s->grp[k] == g) {
            if (is_p(s, k, CPP_P_RSQ)) d++;
            else if (is_p(s, k, CPP_P_LSQ) && --d == 0) break;
            k--;
        }
        if (k > 0 && d == 0 && T(k - 1)->kind == CPP_IDENT) {
            struct sym *e = tab_find(s, T(k - 1));
            if (e && e->array && e->cls == C_LONG &&
                (T(a - 1)->sub == CPP_P_OREQ || T(a - 1)->sub == CPP_P_ANDEQ ||
                 T(a - 1)->sub == CPP_P_ASSIGN || T(a - 1)->sub == CPP_P_AMP ||
                 T(a - 1)->sub == CPP_P_XOREQ)) {
                *opout = T(a - 1)->sub;
                return T(k - 1);
            }
        }
    }
    if (a >= 2 && s->grp[a - 1] == g && T(a - 1)->kind == CPP_PUNCT && T(a - 2)->kind == CPP_IDENT) {
        switch (T(a - 1)->sub) {
        case CPP_P_EQ: case CPP_P_NE: case CPP_P_AMP: case CPP_P_OR: case CPP_P_ASSIGN:
        case CPP_P_ANDEQ: case CPP_P_OREQ: case CPP_P_XOR: case CPP_P_XOREQ: case CPP_P_LT:
        case CPP_P_GT: case CPP_P_LE: case CPP_P_GE:
            if (tab_get(s, T(a - 2)) == C_LONG && !(a >= 3 && is_p(s, a - 3, CPP_P_STAR))) {
                *opout = T(a - 1)->sub;
                return T(a - 2);
            }
            break;
        default:
            break;
        }
    }
    if (tok_in_grp(s, b + 1, g) && T(b + 1)->kind == CPP_IDENT &&
        (is_p(s, b, CPP_P_EQ) || is_p(s, b, CPP_P_NE) || is_p(s, b, CPP_P_AMP) ||
         is_p(s, b, CPP_P_OR)) && !is_p(s, b + 2, CPP_P_ARROW) && !is_p(s, b + 2, CPP_P_DOT) &&
        !is_p(s, b + 2, CPP_P_LPAREN) && tab_get(s, T(b + 1)) == C_LONG) {
        *opout = T(b)->sub;
        return T(b + 1);
    }
    return NULL;
}

static const struct cpp_token *long_partner(struct audit_scratch *s, u32 a, u32 b)
{
    return long_partner_op(s, a, b, NULL);
}

/* A bit-63 / all-ones / sign constant next to a long is only read as "the top bit /
 * every bit / the sign of a long" where the long is tested with it: compared, or
 * masked with & (also &=, ^).  Storing it (=, |=, |) writes the same bit pattern at
 * any width: a 64-bit register image or descriptor held in an unsigned long is still
 * right, and code that later tests the top bit is reported at that test.  Returns
 * the partner for a reading use, NULL otherwise. */
static const struct cpp_token *long_reader(struct audit_scratch *s, u32 a, u32 b)
{
    int op = -1;
    const struct cpp_token *x = long_partner_op(s, a, b, &op);
    if (x && (op == CPP_P_ASSIGN || op == CPP_P_OREQ || op == CPP_P_OR)) return NULL;
    return x;
}

static void rule_bits(struct audit_scratch *s, u32 i)
{
    const struct cpp_token *t = T(i);
    u32 g = s->grp[i];
    if ((eq(t, "BIT") || eq(t, "BIT_MASK")) && is_p(s, i + 1, CPP_P_LPAREN) &&
        tok_in_grp(s, i + 3, g) && num_is(T(i + 2), 63) && is_p(s, i + 3, CPP_P_RPAREN)) {
        const struct cpp_token *x = long_reader(s, i, i + 4);
        if (x)
            report(s, i, R_LONG_MASK_64, "%.*s(63) with long-sized '%.*s' is bit 63 of an "
                   "unsigned long, not its top bit under LP128 (BIT(BITS_PER_LONG - 1), or "
                   "BIT_ULL(63) with a u64)", (int)t->len, t->p, (int)x->len, x->p);
        return;
    }
    if ((eq(t, "GENMASK") || eq(t, "__GENMASK")) && is_p(s, i + 1, CPP_P_LPAREN) &&
        tok_in_grp(s, i + 3, g) && num_is(T(i + 2), 63) && is_p(s, i + 3, CPP_P_COMMA)) {
        u32 e = match_paren(s, i + 1);
        const struct cpp_token *x = e > i + 1 ? long_partner(s, i, e) : NULL;
        if (x)
            report(s, i, R_LONG_MASK_64, "GENMASK(63, ...) with long-sized '%.*s': a 64-bit "
                   "mask in an unsigned long (~GENMASK(63, n) sets bits 64-127 under LP128); "
                   "use GENMASK_ULL with u64 data or BITS_PER_LONG bounds", (int)x->len, x->p);
    }
}

static void rule_llong_limits(struct audit_scratch *s, u32 i)
{
    const struct cpp_token *t = T(i);
    if (!(eq(t, "LLONG_MAX") || eq(t, "LLONG_MIN") || eq(t, "ULLONG_MAX"))) return;
    u32 g = s->grp[i];
    if (s->dk[i] == D_DEFINE) {
        /* #define S64_MAX LLONG_MAX and friends */
        u32 k = i;
        while (k > 0 && s->grp[k - 1] == g) k--;
        if (k + 2 < i && is_id(s, k + 1, "define") && T(k + 2)->kind == CPP_IDENT &&
            memmem(T(k + 2)->p, T(k + 2)->len, "64", 2)) {
            report(s, i, R_LLONG_64, "%.*s defines a 64-bit bound, but long long is 128 bits "
                   "under LP128", (int)t->len, t->p);
            return;
        }
        if (k + 2 <= i && is_id(s, k + 1, "define") && T(k + 2) == t) return;
    }
    /* "(u64)ULLONG_MAX", "(s64)LLONG_MAX": converted to the 64-bit type first, which
       gives U64_MAX / -1 / ... exactly: no 128-bit value reaches the 64-bit operand */
    if (i >= 3 && is_p(s, i - 1, CPP_P_RPAREN)) {
        u32 k = i - 1;
        while (k > 0 && s->grp[k] == g && !is_p(s, k, CPP_P_LPAREN) && i - k < 8) k--;
        u32 after;
        if (is_p(s, k, CPP_P_LPAREN) && cast_at(s, k, &after) == K_W64 && after == i) return;
    }
    /* "x = LLONG_MAX;" / "u64 x = ULLONG_MAX;": truncation to 64 bits gives the intended
       value, so only comparisons and arithmetic are reported */
    if (i >= 1 && (is_p(s, i - 1, CPP_P_ASSIGN) || (is_p(s, i - 1, CPP_P_COMMA) && s->paren == 0)) &&
        (is_p(s, i + 1, CPP_P_SEMI) || is_p(s, i + 1, CPP_P_COMMA)))
        return;
    /* same statement: a 64-bit typed name or cast */
    u32 a = i, b = i;
    while (a > 0 && s->grp[a - 1] == g && !is_p(s, a - 1, CPP_P_SEMI) &&
           !is_p(s, a - 1, CPP_P_LBRACE) && !is_p(s, a - 1, CPP_P_RBRACE) && i - a < 40)
        a--;
    while (b + 1 < s->n && s->grp[b + 1] == g && !is_p(s, b + 1, CPP_P_SEMI) &&
           !is_p(s, b + 1, CPP_P_LBRACE) && !is_p(s, b + 1, CPP_P_RBRACE) && b - i < 40)
        b++;
    /* "u64_lvalue = ULLONG_MAX - x;": the result truncated to 64 bits is the same when the
       right-hand side only uses operations that commute with truncation */
    for (u32 j = a; j < i; j++) {
        if (!is_p(s, j, CPP_P_ASSIGN) || j == a || T(j - 1)->kind != CPP_IDENT ||
            tab_get(s, T(j - 1)) != C_W64)
            continue;
        bool modular = true;
        for (u32 q = j + 1; q <= b && modular; q++) {
            const struct cpp_token *x = T(q);
            if (x->kind == CPP_PUNCT)
                switch (x->sub) {
                case CPP_P_SLASH: case CPP_P_PERCENT: case CPP_P_SHR: case CPP_P_LT:
                case CPP_P_GT: case CPP_P_LE: case CPP_P_GE: case CPP_P_EQ: case CPP_P_NE:
                case CPP_P_QUESTION: case CPP_P_ANDAND: case CPP_P_OROR: case CPP_P_NOT:
                    modular = false;
                    break;
                default:
                    break;
                }
        }
        if (modular) return;
    }
    /* the 64-bit operand must be near: same sub-expression, not across , ? : */
    u32 lo = i, hi = i;
    while (lo > a && i - lo < 6 && !is_p(s, lo - 1, CPP_P_COMMA) && !is_p(s, lo - 1, CPP_P_QUESTION) &&
           !is_p(s, lo - 1, CPP_P_COLON) && !is_p(s, lo - 1, CPP_P_ANDAND) && !is_p(s, lo - 1, CPP_P_OROR))
        lo--;
    while (hi < b && hi - i < 6 && !is_p(s, hi + 1, CPP_P_COMMA) && !is_p(s, hi + 1, CPP_P_QUESTION) &&
           !is_p(s, hi + 1, CPP_P_COLON) && !is_p(s, hi + 1, CPP_P_ANDAND) && !is_p(s, hi + 1, CPP_P_OROR))
        hi++;
    a = lo;
    b = hi;
    for (u32 j = a; j <= b; j++) {
        const struct cpp_token *x = T(j);
        if (x->kind != CPP_IDENT) continue;
        if (in_set(x, w64_types) || tab_get(s, x) == C_W64) {
            report(s, i, R_LLONG_64, "%.*s used as a bound of 64-bit '%.*s': long long is 128 "
                   "bits under LP128 (use S64_MAX/U64_MAX)", (int)t->len, t->p, (int)x->len, x->p);
            return;
        }
    }
}

/* "~0UL" / "ULONG_MAX" compared with a u64. */
static void rule_ulong_max_cmp(struct audit_scratch *s, u32 i, u32 end, const char *what)
{
    u32 g = s->grp[i];
    const struct cpp_token *other = NULL;
    if ((is_p(s, end, CPP_P_EQ) || is_p(s, end, CPP_P_NE)) && tok_in_grp(s, end + 1, g) &&
        T(end + 1)->kind == CPP_IDENT) {
        struct operand o = name_chain(s, end + 1);
        if (o.chain && o.k == O_W64) other = T(o.last);
    } else if (i >= 2 && (is_p(s, i - 1, CPP_P_EQ) || is_p(s, i - 1, CPP_P_NE)) &&
               s->grp[i - 2] == g && T(i - 2)->kind == CPP_IDENT &&
               tab_get(s, T(i - 2)) == C_W64 && !is_p(s, i - 3, CPP_P_STAR))
        other = T(i - 2);
    if (other)
        report(s, i, R_LONG_MASK_64, "%s compared with 64-bit '%.*s': never equal under LP128 "
               "(use U64_MAX)", what, (int)other->len, other->p);
}

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
    if (n < 7 || !memmem(p, n, "bit", 3)) return false; /* most calls: one scan */
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
        f->bitmaps = xrealloc(f->bitmaps, f->capbm * sizeof *f->bitmaps);
    }
    f->bitmaps[f->nbm++] = xstrndup(t->p, t->len);
}

/* Names used as BITS_PER_LONG bitmaps in this file: DECLARE_BITMAP(name, n),
 * name[BITS_TO_LONGS(n)], and the plain names (or last members) passed to bitops. */
static void bitmap_evidence(struct audit_scratch *s)
{
    struct audit_file *f = s->out;
    for (u32 i = 0; i + 2 < s->n; i++) {
        const struct cpp_token *t = T(i);
        if (t->kind != CPP_IDENT) continue;
        u32 g = s->grp[i];
        if (eq(t, "DECLARE_BITMAP") && is_p(s, i + 1, CPP_P_LPAREN) && tok_in_grp(s, i + 2, g) &&
            T(i + 2)->kind == CPP_IDENT) {
            add_bitmap(f, T(i + 2));
        } else if (is_p(s, i + 1, CPP_P_LSQ) && is_id(s, i + 2, "BITS_TO_LONGS")) {
            add_bitmap(f, t);
        } else if (is_p(s, i + 1, CPP_P_LPAREN) && bitops_fn(t)) {
            u32 e = match_paren(s, i + 1);
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
        report(s, at, R_LITERAL_WIDTH, "%s", msg);
        return;
    }
    struct sym *e = tab_find(s, arr);
    if (e && (e->sized || !e->array)) return; /* its declaration is here: no bitmap use */
    const struct cpp_token *t = T(at);
    for (u32 k = 0; k < s->nsupp; k++)
        if (t->line >= s->supp[k].from && t->line <= s->supp[k].to &&
            ((s->supp[k].mask >> R_LITERAL_WIDTH) & 1)) {
            s->out->suppressed++;
            return;
        }
    struct audit_file *f = s->out;
    if (f->npend == f->cappend) {
        f->cappend = f->cappend ? f->cappend * 2 : 4;
        f->pend = xrealloc(f->pend, f->cappend * sizeof *f->pend);
    }
    struct audit_pending *pd = &f->pend[f->npend++];
    pd->line = t->line;
    pd->col = t->col;
    pd->rule = R_LITERAL_WIDTH;
    pd->name = xstrndup(arr->p, arr->len);
    pd->msg = xstrndup(msg, strlen(msg));
    s->done[at] = 1;
}

/* Numbers: 64-bit boundary constants with L suffix, 1UL << 63, x >> 63, 63 - clzl. */
static void rule_number(struct audit_scratch *s, u32 i)
{
    const struct cpp_token *t = T(i);
    u128 v;
    int longs;
    bool uns;
    if (!int_value(t, &v, &longs, &uns)) return;
    u32 g = s->grp[i];
    bool hex = t->len > 2 && t->p[0] == '0' && (t->p[1] == 'x' || t->p[1] == 'X');
    bool edge = v == 0xffffffffffffffffull || v == 0x8000000000000000ull ||
                v == 0x7fffffffffffffffull;
    if (edge && hex && longs == 1) {
        /* Only where it meets a long-sized object: as a register mask for u64 data the
           value is the same under LP128, but compared with, masked into or stored in an
           unsigned long it stands for ~0UL / the sign bit / LONG_MAX, which it no longer is */
        const struct cpp_token *x = long_reader(s, i, i + 1);
        if (x)
            report(s, i, R_LONG_MASK_64, "'%.*s' used with long-sized '%.*s' as if long were 64 "
                   "bits: under LP128 it is not ~0UL/LONG_MIN/LONG_MAX (use ULONG_MAX, "
                   "LONG_MIN, LONG_MAX, or U64_MAX with a u64)", (int)t->len, t->p,
                   (int)x->len, x->p);
        return;
    }
    if (v == 0xffffffffffffffffull && hex && longs == 0) {
        /* all ones compared/assigned with a long, pointer, or cast to one */
        bool hit = false;
        if (i >= 2 && s->grp[i - 1] == g && T(i - 1)->kind == CPP_PUNCT &&
            (T(i - 1)->sub == CPP_P_EQ || T(i - 1)->sub == CPP_P_NE ||
             T(i - 1)->sub == CPP_P_ASSIGN) && T(i - 2)->kind == CPP_IDENT) {
            u8 c = tab_get(s, T(i - 2));
            hit = c == C_LONG || c == C_PTR;
        }
        if (i >= 1 && is_p(s, i - 1, CPP_P_RPAREN)) {
            /* "(unsigned long)0xfff..." or "(void *)0xfff..." */
            u32 k = i - 1;
            while (k > 0 && s->grp[k] == g && !is_p(s, k, CPP_P_LPAREN) && i - k < 8) k--;
            u32 after;
            enum castk ck = cast_at(s, k, &after);
            if (after == i && (ck == K_LONG || ck == K_PTR)) hit = true;
        }
        if (hit)
            report(s, i, R_LITERAL_WIDTH, "0xffffffffffffffff used as all bits of a long or "
                   "pointer: use ULONG_MAX or ~0UL");
        return;
    }
    /* 1UL << 63, 1L << 63 */
    if (v == 1 && longs == 1 && is_p(s, i + 1, CPP_P_SHL) && tok_in_grp(s, i + 2, g)) {
        const struct cpp_token *c = T(i + 2);
        if (num_is(c, 63) || num_is(c, 64)) {
            const struct cpp_token *x = long_reader(s, i, i + 3);
            if (x || num_is(c, 64))
                report(s, i, R_LONG_MASK_64, "'%.*s << %.*s'%s%.*s%s: under LP128 that is not "
                       "the top bit of a long (BIT(BITS_PER_LONG - 1), or BIT_ULL(63) for u64)",
                       (int)t->len, t->p, (int)c->len, c->p, x ? " with long-sized '" : "",
                       x ? (int)x->len : 0, x ? x->p : "", x ? "'" : "");
            return;
        }
        if (is_p(s, i + 2, CPP_P_LPAREN)) {
            u32 e = match_paren(s, i + 2);
            /* only for long-sized bit words: with u64 data the bit fits either way */
            const struct cpp_token *x = e == i + 2 ? NULL : long_partner(s, i, e);
            if (!x) return;
            for (u32 j = i + 3; j + 1 < e; j++) {
                /* decimal only: 0x3f is usually a field mask, 63 a bit width */
                if (T(j + 1)->p[0] == '0') continue;
                if ((is_p(s, j, CPP_P_PERCENT) && num_is(T(j + 1), 64)) ||
                    (is_p(s, j, CPP_P_AMP) && num_is(T(j + 1), 63))) {
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
    /* x >> 63 with a long-sized x: the sign or top bit of a 64-bit long.  (x << 63 only
       builds a value: bit 63 of an image, same bits at any width.) */
    if (v == 63 && longs == 0 && i >= 2 && is_p(s, i - 1, CPP_P_SHR) && s->grp[i - 2] == g) {
        const struct cpp_token *x = T(i - 2);
        bool lng = false;
        if (x->kind == CPP_IDENT) lng = tab_get(s, x) == C_LONG;
        if (lng && !(i >= 3 && (is_p(s, i - 3, CPP_P_DOT) || is_p(s, i - 3, CPP_P_ARROW)) &&
                     tab_get(s, x) != C_LONG))
            report(s, i, R_LONG_MASK_64, "'%.*s %s 63' on long-sized '%.*s' assumes a 64-bit "
                   "long (use BITS_PER_LONG - 1)", (int)x->len, x->p,
                   T(i - 1)->sub == CPP_P_SHR ? ">>" : "<<", (int)x->len, x->p);
        return;
    }
    /* 63 - __builtin_clzl(x), 64 - __builtin_clzl(x), 63 ^ __builtin_clzl(x) */
    if ((v == 63 || v == 64) && longs == 0 && tok_in_grp(s, i + 2, g) &&
        (is_p(s, i + 1, CPP_P_MINUS) || is_p(s, i + 1, CPP_P_XOR)) && T(i + 2)->kind == CPP_IDENT) {
        const struct cpp_token *f = T(i + 2);
        if (eq(f, "__builtin_clzl"))
            report(s, i, R_LITERAL_WIDTH, "'%.*s %s __builtin_clzl()' uses 64 as the width of long "
                   "(use BITS_PER_LONG or fls_long())", (int)t->len, t->p, opname(T(i + 1)->sub));
        else if (eq(f, "__builtin_clzll"))
            report(s, i, R_LLONG_64, "'%.*s %s __builtin_clzll()' uses 64 as the width of long long "
                   "(use fls64() on a u64)", (int)t->len, t->p, opname(T(i + 1)->sub));
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
            if (T(j)->kind == CPP_NUMBER && int_value(T(j), &w, &l2, &u2) && w == 1 && l2 == 1 &&
                is_p(s, j + 1, CPP_P_SHL)) {
                report_if_bitmap(s, i, arr, "word index '%s %.*s' into '%.*s', a bitmap of "
                                 "unsigned longs: use BIT_WORD() / BITS_PER_LONG",
                                 v == 64 ? "/" : ">>", (int)t->len, t->p, (int)arr->len, arr->p);
                return;
            }
        }
    }
}

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
        return int_value(T(e + 1), &v, &l, &u) && v < ((u128)1 << 63);
    /* & (NAME - 1), & (sizeof(x) - 1): an alignment mask */
    if (is_p(s, e, CPP_P_AMP) && is_p(s, e + 1, CPP_P_LPAREN)) {
        u32 c = match_paren(s, e + 1);
        return c > e + 4 && num_is(T(c - 2), 1) && is_p(s, c - 3, CPP_P_MINUS);
    }
    return false;
}

/* Casts: pointer through 64-bit integers and back. */
static void rule_cast(struct audit_scratch *s, u32 i)
{
    if (s->done[i]) return;
    u32 after;
    enum castk k = cast_at(s, i, &after);
    if (k == K_NONE) return;
    u32 g = s->grp[i];
    if (k == K_W64) {
        struct operand o = operand_at(s, after, 0);
        const char *ty = "a 64-bit type";
        char tyb[40];
        if (k == K_W64) {
            u32 j = i + 1;
            while (j < after && in_set(T(j), qualifiers)) j++;
            snprintf(tyb, sizeof tyb, "%.*s", (int)T(j)->len, T(j)->p);
            ty = tyb;
        }
        if ((o.k == O_PTR || o.k == O_LONGCAST) && low_bits_only(s, i, o.end)) return;
        if (o.k == O_PTR)
            report(s, i, R_PTR_CAST_64, "pointer cast to %s: truncates a 128-bit address", ty);
        else if (o.k == O_LONGCAST)
            report(s, i, R_PTR_CAST_64, "pointer-sized value cast to %s (via a long/uintptr_t "
                   "cast): truncates a 128-bit address", ty);
        return;
    }
    if (k == K_PTR) {
        struct operand o = operand_at(s, after, 0);
        if (o.k == O_W64CAST)
            report(s, i, R_PTR_CAST_64, "pointer made from a value cast to a 64-bit type: the "
                   "upper 64 address bits are lost");
        else if (o.k == O_W64 && o.chain)
            report(s, i, R_PTR_CAST_64, "pointer made from 64-bit '%.*s': a 128-bit address "
                   "does not fit", (int)T(o.last)->len, T(o.last)->p);
        else if (o.k == O_LONG && !o.chain && after < s->n && is_p(s, after, CPP_P_LPAREN)) {
            /* (void *)(uintptr_t)u64value */
            u32 a2;
            if (cast_at2(s, after, &a2, true) == K_LONG) {
                struct operand in = operand_at(s, a2, 0);
                if (in.chain && in.k == O_W64)
                    report(s, i, R_PTR_CAST_64, "pointer made from 64-bit '%.*s' through a "
                           "long/uintptr_t cast: a 128-bit address does not fit",
                           (int)T(in.last)->len, T(in.last)->p);
            }
        }
        return;
    }
    if (k == K_LONG || k == K_LL) {
        /* u64var = (uintptr_t)ptr / (unsigned long)ptr / (unsigned long long)ptr */
        struct operand o = operand_at(s, after, 0);
        if (o.k != O_PTR && !(o.k == O_UNKNOWN && !o.chain)) return;
        if (o.k == O_UNKNOWN) return;
        if (i >= 2 && is_p(s, i - 1, CPP_P_ASSIGN) && s->grp[i - 2] == g &&
            T(i - 2)->kind == CPP_IDENT && tab_get(s, T(i - 2)) == C_W64)
            report(s, i, R_PTR_CAST_64, "pointer stored in 64-bit '%.*s': truncates a 128-bit "
                   "address", (int)T(i - 2)->len, T(i - 2)->p);
    }
}

/* Evidence for uapi-u64-ptr: u64_to_user_ptr(x.member), (void __user *)(uintptr_t)x.member */
/* Records "tag.member". */
static void note_ptr_member(struct audit_scratch *s, const char *tag, u32 tlen, u32 i)
{
    struct audit_file *f = s->out;
    const struct cpp_token *t = T(i);
    char key[256];
    snprintf(key, sizeof key, "%.*s.%.*s", (int)tlen, tag, (int)t->len, t->p);
    for (u32 k = 0; k < f->nptr; k++)
        if (strcmp(f->ptr_members[k], key) == 0) return;
    if (f->nptr == f->capptr) {
        f->capptr = f->capptr ? f->capptr * 2 : 8;
        f->ptr_members = xrealloc(f->ptr_members, f->capptr * sizeof *f->ptr_members);
    }
    f->ptr_members[f->nptr++] = xstrndup(key, strlen(key));
}

static void rule_evidence(struct audit_scratch *s, u32 i)
{
    const struct cpp_token *t = T(i);
    u32 start;
    if (t->kind == CPP_IDENT && eq(t, "u64_to_user_ptr") && is_p(s, i + 1, CPP_P_LPAREN))
        start = i + 2;
    else if (is_p(s, i, CPP_P_LPAREN)) {
        u32 after;
        if (cast_at(s, i, &after) != K_PTR) return;
        bool user = false;
        for (u32 j = i + 1; j < after; j++)
            if (is_id(s, j, "__user")) user = true;
        if (!user) return;
        u32 a2;
        if (is_p(s, after, CPP_P_LPAREN) && cast_at(s, after, &a2) == K_LONG)
            start = a2;
        else
            start = after;
    } else
        return;
    if (start >= s->n || T(start)->kind != CPP_IDENT) return;
    struct operand o = name_chain(s, start);
    if (!o.chain || o.last == start) return; /* only members */
    if (!o.otag) return;
    note_ptr_member(s, o.otag, o.otlen, o.last);
}

/* ---------------------------------------------------------------- format strings */

/* Does the name say it holds an address?  (addr, vaddr, ptr, pc, ip, sp, ... as a
 * component between underscores, or ending in addr/ptr).  Counts and sizes printed
 * through (u64) fit in 64 bits in practice; addresses in longs do not under LP128. */
static bool address_name(const struct cpp_token *t)
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

struct conv {
    char len[3];   /* "", "l", "ll", "h", "z", ... */
    char c;        /* conversion */
    int width;
    bool ptrext;   /* %p with extension letters */
};

/* Parse conversions of the concatenated string tokens [a, b); returns the count. */
static int parse_format(struct audit_scratch *s, u32 a, u32 b, struct conv *cv, int max,
                        int *stars_before)
{
    int n = 0;
    for (u32 j = a; j < b; j++) {
        const struct cpp_token *t = T(j);
        if (t->kind != CPP_STRING) continue;
        const char *p = t->p, *e = t->p + t->len;
        while (p < e && *p != '"') p++;
        p++;
        e--;
        while (p < e) {
            if (*p == '\\' && p + 1 < e) {
                p += 2;
                continue;
            }
            if (*p != '%') {
                p++;
                continue;
            }
            p++;
            if (p < e && *p == '%') {
                p++;
                continue;
            }
            int stars = 0, width = -1;
            while (p < e && strchr("-+ #0'", *p)) p++;
            if (p < e && *p == '*') stars++, p++;
            else if (p < e && *p >= '0' && *p <= '9') {
                width = 0;
                while (p < e && *p >= '0' && *p <= '9') width = width * 10 + (*p++ - '0');
            }
            if (p < e && *p == '.') {
                p++;
                if (p < e && *p == '*') stars++, p++;
                while (p < e && *p >= '0' && *p <= '9') p++;
            }
            struct conv c = {{0}, 0, width, false};
            int li = 0;
            while (p < e && strchr("hlLjztq", *p) && li < 2) c.len[li++] = *p++;
            if (p >= e) break;
            c.c = *p++;
            if (c.c == 'p')
                while (p < e && ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))) p++, c.ptrext = true;
            if (n < max) {
                stars_before[n] = stars;
                cv[n++] = c;
            }
        }
    }
    return n;
}

static void rule_format_call(struct audit_scratch *s, u32 i)
{
    u32 g = s->grp[i];
    u32 open = i + 1;
    if (!is_p(s, open, CPP_P_LPAREN) || !tok_in_grp(s, open, g)) return;
    u32 end = match_paren(s, open);
    if (end == open) return;
    /* split arguments */
    u32 args[64], nargs = 0, d = 0;
    args[nargs++] = open + 1;
    for (u32 j = open + 1; j + 1 < end; j++) {
        if (is_p(s, j, CPP_P_LPAREN) || is_p(s, j, CPP_P_LSQ) || is_p(s, j, CPP_P_LBRACE)) d++;
        else if (is_p(s, j, CPP_P_RPAREN) || is_p(s, j, CPP_P_RSQ) || is_p(s, j, CPP_P_RBRACE)) d--;
        else if (d == 0 && is_p(s, j, CPP_P_COMMA) && nargs < 63) args[nargs++] = j + 1;
    }
    args[nargs] = end; /* args[k]..args[k+1]-1 (minus the comma) */
    /* the format: first argument made of string literals (and macro names) with a % */
    for (u32 a = 0; a + 1 < nargs; a++) {
        u32 from = args[a], to = args[a + 1] - 1;
        bool strs = false, only = true, pct = false;
        for (u32 j = from; j < to; j++) {
            const struct cpp_token *t = T(j);
            if (t->kind == CPP_STRING) {
                strs = true;
                if (memchr(t->p, '%', t->len)) pct = true;
            } else if (t->kind != CPP_IDENT)
                only = false;
        }
        if (!strs || !only) continue;
        if (!pct) return;
        struct conv cv[64];
        int stars[64];
        int nc = parse_format(s, from, to, cv, 64, stars);
        u32 arg = a + 1;
        for (int c = 0; c < nc && arg < nargs; c++) {
            arg += (u32)stars[c];
            if (arg >= nargs) break;
            u32 af = args[arg], at = arg + 1 < nargs ? args[arg + 1] - 1 : end - 1;
            arg++;
            if (cv[c].c == '%' || af >= at) continue;
            bool intconv = strchr("diouxX", cv[c].c) != NULL;
            if (!intconv) continue;
            bool ll = strcmp(cv[c].len, "ll") == 0 || strcmp(cv[c].len, "L") == 0 ||
                      strcmp(cv[c].len, "q") == 0;
            bool l = strcmp(cv[c].len, "l") == 0;
            struct operand o = operand_at(s, af, 0);
            bool whole = o.end == at;
            if (ll && o.chain && o.k == O_W64 && whole) {
                report(s, af, R_FORMAT_U64_LL, "u64 '%.*s' printed with %%%s%c: u64 is not "
                       "unsigned long long under LP128", (int)T(o.last)->len, T(o.last)->p,
                       cv[c].len, cv[c].c);
                continue;
            }
            if (!(ll || l)) continue;
            u32 after;
            enum castk k = is_p(s, af, CPP_P_LPAREN) ? cast_at(s, af, &after) : K_NONE;
            if (k == K_W64) {
                struct operand in = operand_at(s, after, 0);
                if (in.k == O_PTR || in.k == O_LONGCAST)
                    report(s, af, R_FORMAT_VIA_64, "pointer printed with %%%s%c through a 64-bit "
                           "cast: prints 64 of 128 address bits (use %%p/%%px)", cv[c].len, cv[c].c);
                else if (in.k == O_LONG && in.chain && address_name(T(in.last)))
                    report(s, af, R_FORMAT_VIA_64, "address-holding long '%.*s' printed with "
                           "%%%s%c through a 64-bit cast: truncated under LP128 (use %%l%c)",
                           (int)T(in.last)->len, T(in.last)->p, cv[c].len, cv[c].c, cv[c].c);
                continue;
            }
        }
        return;
    }
}

/* ---------------------------------------------------------------- suppressions */

static void note_comment(struct audit_scratch *s, const struct cpp_token *t)
{
    const char *p = memmem(t->p, t->len, "zl-audit:", 9);
    if (!p) return;
    const char *e = t->p + t->len;
    p += 9;
    while (p < e && (*p == ' ' || *p == '\t')) p++;
    if (e - p < 6 || memcmp(p, "ignore", 6) != 0) return;
    p += 6;
    u32 mask = 0;
    for (;;) {
        while (p < e && (*p == ' ' || *p == '\t' || *p == ',')) p++;
        const char *w = p;
        while (p < e && ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-')) p++;
        if (p == w) break;
        int r = audit_rule_find(w, (size_t)(p - w));
        if (r >= 0) mask |= 1u << r;
        else if (p - w == 3 && memcmp(w, "all", 3) == 0) mask = ~0u;
    }
    if (!mask) mask = ~0u;
    u32 last = t->line;
    for (u32 k = 0; k < t->len; k++)
        if (t->p[k] == '\n') last++;
    if (s->nsupp == s->capsupp) {
        s->capsupp = s->capsupp ? s->capsupp * 2 : 8;
        s->supp = xrealloc(s->supp, s->capsupp * sizeof *s->supp);
    }
    /* a comment alone on its line also covers the next line */
    s->supp[s->nsupp].from = t->line;
    s->supp[s->nsupp].to = last + ((t->flags & CPP_TF_BOL) ? 1 : 0);
    s->supp[s->nsupp].mask = mask;
    s->nsupp++;
}

/* ---------------------------------------------------------------- driver */

static void push_tok(struct audit_scratch *s, const struct cpp_token *t, u32 grp, u8 dk)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 4096;
        s->t = xrealloc(s->t, s->cap * sizeof *s->t);
        s->grp = xrealloc(s->grp, s->cap * sizeof *s->grp);
        s->dk = xrealloc(s->dk, s->cap);
        s->done = xrealloc(s->done, s->cap);
    }
    s->t[s->n] = *t;
    s->grp[s->n] = grp;
    s->dk[s->n] = dk;
    s->done[s->n] = 0;
    s->n++;
}

static void lex_note(void *ctx, enum cpp_level lv, u32 file, u32 line, u32 col, const char *msg)
{
    struct audit_scratch *s = ctx;
    (void)file;
    if (lv < CPP_WARNING) return;
    s->out->lex_errors++;
    if (!s->out->note) {
        char b[300];
        snprintf(b, sizeof b, "%u:%u: warning: %s", line, col, msg);
        s->out->note = xstrndup(b, strlen(b));
    }
}

static void cond_event(struct audit_scratch *s, const struct cpp_token *d)
{
    if (eq(d, "if") || eq(d, "ifdef") || eq(d, "ifndef")) {
        if (s->nconds == s->capconds) {
            s->capconds = s->capconds ? s->capconds * 2 : 16;
            s->conds = xrealloc(s->conds, s->capconds * sizeof *s->conds);
        }
        memset(&s->conds[s->nconds++], 0, sizeof *s->conds);
        return;
    }
    if (!s->nconds) return;
    struct cond *c = &s->conds[s->nconds - 1];
    if (eq(d, "elif") || eq(d, "else")) {
        if (c->has_pending && on(s, R_WIDTH_TEST)) {
            bool sup = false;
            for (u32 k = 0; k < s->nsupp; k++)
                if (c->line >= s->supp[k].from && c->line <= s->supp[k].to &&
                    ((s->supp[k].mask >> R_WIDTH_TEST) & 1))
                    sup = true;
            if (sup)
                s->out->suppressed++;
            else
                audit_add(s->out, c->line, c->col, R_WIDTH_TEST, "32-bit test with an #%.*s "
                          "branch: the other branch assumes 'not 32-bit' means 64-bit",
                          (int)d->len, d->p);
        }
        c->has_pending = false;
        return;
    }
    if (eq(d, "endif")) s->nconds--;
}

void audit_scan(struct audit_scratch *s, const char *path, const char *buf, size_t len,
                u32 rules, struct audit_file *out)
{
    s->out = out;
    s->rules = rules;
    s->n = 0;
    s->nconds = 0;
    s->nsupp = 0;
    s->nsstack = 0;
    s->brace = 0;
    s->paren = 0;
    s->decl_active = false;
    for (u32 i = 0; i < s->nowned; i++) free(s->owned[i]);
    s->nowned = 0;
    size_t pl = strlen(path);
    s->header = pl > 2 && path[pl - 2] == '.' && path[pl - 1] == 'h';
    s->uapi_path = strstr(path, "uapi/") != NULL;

    /* 1. tokens, directive groups, suppressions */
    struct cpp_lexer lx;
    cpp_lex_init(&lx, buf, len, 0, CPP_LEX_COMMENTS);
    lx.diag = lex_note;
    lx.diag_ctx = s;
    struct cpp_token t;
    u32 grp = 0, ngrp = 0;
    u8 dk = D_CODE;
    bool want_name = false;
    while (cpp_lex(&lx, &t)) {
        if (t.kind == CPP_COMMENT) {
            note_comment(s, &t);
            continue;
        }
        if (t.flags & CPP_TF_BOL) {
            grp = 0;
            dk = D_CODE;
            want_name = false;
        }
        if (t.kind == CPP_EOD) continue;
        if ((t.flags & CPP_TF_SPLICED) && t.kind != CPP_STRING) {
            char *c = xrealloc(NULL, (size_t)t.len + 1);
            t.len = (u32)cpp_spell(&t, c, false);
            t.p = c;
            t.flags &= ~(u32)CPP_TF_SPLICED;
            if (s->nowned == s->capowned) {
                s->capowned = s->capowned ? s->capowned * 2 : 16;
                s->owned = xrealloc(s->owned, s->capowned * sizeof *s->owned);
            }
            s->owned[s->nowned++] = c;
        }
        if ((t.flags & CPP_TF_BOL) && t.kind == CPP_PUNCT && t.sub == CPP_P_HASH) {
            grp = ++ngrp;
            dk = D_OTHER;
            want_name = true;
            push_tok(s, &t, grp, dk);
            continue;
        }
        if (want_name) {
            want_name = false;
            if (t.kind == CPP_IDENT) {
                if (eq(&t, "if") || eq(&t, "elif") || eq(&t, "ifdef") || eq(&t, "ifndef"))
                    dk = D_IF;
                else if (eq(&t, "define"))
                    dk = D_DEFINE;
                s->dk[s->n - 1] = dk;
            }
        }
        push_tok(s, &t, grp, dk);
    }

    /* 2. one pass of rules with the symbol table */
    tab_reset(s, s->n);
    if (on(s, R_LITERAL_WIDTH)) bitmap_evidence(s);
    for (u32 i = 0; i < s->n; i++) {
        const struct cpp_token *x = T(i);
        u8 k = s->dk[i];
        if (k == D_OTHER) {
            if (x->kind == CPP_IDENT && i > 0 && is_p(s, i - 1, CPP_P_HASH) && s->grp[i - 1] == s->grp[i])
                cond_event(s, x);
            continue; /* #include, #error, #pragma, #endif ...: nothing to check */
        }
        if (k == D_IF && i > 0 && is_p(s, i - 1, CPP_P_HASH) && s->grp[i - 1] == s->grp[i]) {
            cond_event(s, x); /* #if / #elif name */
            continue;
        }
        if (x->kind == CPP_PUNCT) {
            if (k == D_CODE) {
                if (x->sub == CPP_P_LBRACE) {
                    s->brace++;
                    /* struct NAME { or struct { */
                    if (s->nsstack < 32 && i >= 1) {
                        u32 j = i - 1;
                        const char *nm = "";
                        u32 nl = 0;
                        if (T(j)->kind == CPP_IDENT && j >= 1 &&
                            (is_id(s, j - 1, "struct") || is_id(s, j - 1, "union"))) {
                            nm = T(j)->p;
                            nl = T(j)->len;
                            j--;
                        }
                        if (is_id(s, j, "struct") || is_id(s, j, "union")) {
                            s->sstack[s->nsstack].depth = s->brace;
                            s->sstack[s->nsstack].name = nm;
                            s->sstack[s->nsstack].nlen = nl;
                            s->nsstack++;
                        }
                    }
                } else if (x->sub == CPP_P_RBRACE) {
                    if (s->nsstack && s->sstack[s->nsstack - 1].depth == s->brace) s->nsstack--;
                    if (s->brace > 0) s->brace--;
                }
            }
            if (k == D_CODE) {
                if (x->sub == CPP_P_LPAREN) s->paren++;
                else if (x->sub == CPP_P_RPAREN && s->paren > 0) s->paren--;
                else if (x->sub == CPP_P_SEMI || x->sub == CPP_P_LBRACE || x->sub == CPP_P_RBRACE) {
                    s->decl_active = false;
                    if (x->sub != CPP_P_SEMI) s->paren = 0;
                }
            }
            if (x->sub == CPP_P_LPAREN) {
                rule_evidence(s, i);
                rule_cast(s, i);
            }
            continue;
        }
        if (x->kind == CPP_NUMBER) {
            rule_number(s, i);
            continue;
        }
        if (x->kind != CPP_IDENT) continue;
        if ((eq(x, "__field") || eq(x, "__field_struct") || eq(x, "__field_hex") ||
             eq(x, "__array") || eq(x, "__field_ext")) && is_p(s, i + 1, CPP_P_LPAREN)) {
            /* TRACE_EVENT: __field(type, name) is a member of __entry */
            u32 e = match_paren(s, i + 1);
            for (u32 j = i + 2; j + 1 < e; j++)
                if (is_p(s, j, CPP_P_COMMA) && T(j + 1)->kind == CPP_IDENT) {
                    u8 c = is_p(s, j - 1, CPP_P_STAR) ? C_PTR : type_class_at(s, j - 1);
                    tab_set_member(s, "__entry", 7, T(j + 1), c, eq(x, "__array"), NULL, 0);
                    break;
                }
        }
        if (eq(x, "DECLARE_BITMAP") && is_p(s, i + 1, CPP_P_LPAREN) && tok_in_grp(s, i + 2, s->grp[i]) &&
            T(i + 2)->kind == CPP_IDENT) {
            struct sym *e = tab_set(s, T(i + 2), C_LONG); /* an unsigned long array */
            e->array = true;
        }
        maybe_decl(s, i);
        rule_width_ident(s, i);
        if (eq(x, "sizeof")) rule_sizeof(s, i);
        rule_config(s, i);
        rule_compat(s, i);
        rule_do_div_hash(s, i);
        rule_bits(s, i);
        rule_llong_limits(s, i);
        rule_evidence(s, i);
        if (eq(x, "ULONG_MAX")) rule_ulong_max_cmp(s, i, i + 1, "ULONG_MAX");
        if (is_p(s, i + 1, CPP_P_LPAREN)) rule_format_call(s, i);
        if ((eq(x, "memcpy") || eq(x, "memcmp") || eq(x, "copy_from_user") ||
             eq(x, "copy_to_user") || eq(x, "memmove")) && is_p(s, i + 1, CPP_P_LPAREN)) {
            /* memcpy(&long_or_ptr, src, 8) */
            u32 end = match_paren(s, i + 1);
            if (end > i + 4 && num_is(T(end - 2), 8) && is_p(s, end - 3, CPP_P_COMMA)) {
                for (u32 j = i + 2; j + 3 < end; j++) {
                    if (!is_p(s, j, CPP_P_AMP) || T(j + 1)->kind != CPP_IDENT) continue;
                    if (!(is_p(s, j - 1, CPP_P_LPAREN) || is_p(s, j - 1, CPP_P_COMMA))) continue;
                    struct operand o = name_chain(s, j + 1);
                    if (!o.chain || !is_p(s, o.end, CPP_P_COMMA)) continue;
                    if (o.k == O_PTR || o.k == O_LONG) {
                        report(s, end - 2, R_LITERAL_WIDTH, "size 8 for %s '%.*s': use sizeof",
                               o.k == O_PTR ? "pointer" : "long", (int)T(o.last)->len, T(o.last)->p);
                        break;
                    }
                }
            }
        }
    }
    /* ~0UL compared with u64: handled on the '~' token */
    for (u32 i = 0; i + 1 < s->n; i++) {
        if (!is_p(s, i, CPP_P_TILDE) || T(i + 1)->kind != CPP_NUMBER) continue;
        u128 v;
        int l;
        bool u;
        if (int_value(T(i + 1), &v, &l, &u) && v == 0 && l == 1) {
            char w[32];
            snprintf(w, sizeof w, "~%.*s", (int)T(i + 1)->len, T(i + 1)->p);
            rule_ulong_max_cmp(s, i, i + 2, w);
        }
    }
    audit_sort(out);
}

/* ---------------------------------------------------------------- cross-file */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void resolve_pending(struct audit_file *files, size_t n);

void audit_resolve_fields(struct audit_file *files, size_t n, u32 rules)
{
    if (!((rules >> R_UAPI_U64_PTR) & 1)) {
        resolve_pending(files, n);
        return;
    }
    /* global sorted set of member names converted to user pointers */
    size_t total = 0;
    for (size_t i = 0; i < n; i++) total += files[i].nptr;
    char **names = xrealloc(NULL, (total ? total : 1) * sizeof *names);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        for (u32 j = 0; j < files[i].nptr; j++) names[k++] = files[i].ptr_members[j];
    qsort(names, k, sizeof *names, cmp_str);
    for (size_t i = 0; i < n; i++) {
        struct audit_file *f = &files[i];
        bool uapi = strstr(f->path, "uapi/") != NULL;
        bool added = false;
        for (u32 j = 0; j < f->nfields; j++) {
            struct audit_field *fd = &f->fields[j];
            bool ev = false;
            char key[512];
            snprintf(key, sizeof key, "%s.%s", fd->sname, fd->name);
            char *kp = key;
            if (!*fd->sname)
                ev = false;
            else if (uapi)
                ev = k && bsearch(&kp, names, k, sizeof *names, cmp_str) != NULL;
            else
                for (u32 m = 0; m < f->nptr; m++)
                    if (strcmp(f->ptr_members[m], key) == 0) ev = true;
            if (!ev && !fd->by_name) continue;
            audit_add(f, fd->line, fd->col, R_UAPI_U64_PTR,
                      "64-bit field '%s'%s%s%s carries a user pointer (%s): a 128-bit address "
                      "does not fit; make it __ptr_t",
                      fd->name, *fd->sname ? " of struct " : "", fd->sname, "",
                      ev ? "converted with u64_to_user_ptr or a __user cast" : "by its name");
            added = true;
        }
        if (added) audit_sort(f);
    }
    free(names);
    resolve_pending(files, n);
}

/* Pending findings: arrays used as bitmaps in some file of the run. */
static void resolve_pending(struct audit_file *files, size_t n)
{
    size_t total = 0, k;
    char **names;
    for (size_t i = 0; i < n; i++) total += files[i].nbm;
    names = xrealloc(NULL, (total ? total : 1) * sizeof *names);
    k = 0;
    for (size_t i = 0; i < n; i++)
        for (u32 j = 0; j < files[i].nbm; j++) names[k++] = files[i].bitmaps[j];
    qsort(names, k, sizeof *names, cmp_str);
    for (size_t i = 0; i < n; i++) {
        struct audit_file *f = &files[i];
        for (u32 j = 0; j < f->npend; j++) {
            struct audit_pending *pd = &f->pend[j];
            char *kp = pd->name;
            if (k && bsearch(&kp, names, k, sizeof *names, cmp_str))
                audit_add(f, pd->line, pd->col, pd->rule, "%s", pd->msg);
        }
        if (f->npend) audit_sort(f);
    }
    free(names);
}
