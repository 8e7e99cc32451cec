/* C11 preprocessor (translation phase 4): directives, macro expansion, includes.
 *
 * Macro expansion follows the model of C11 6.10.3.4 with a context stack: expanding a
 * macro pushes a context holding its replacement list, and the macro stays disabled
 * while that context is live.  An identifier that names a disabled macro is painted
 * (CPP_TF_NOEXPAND) and is never expanded again, even after the context ends.
 * Arguments are collected through the same stack (so an invocation may take its
 * arguments from beyond the end of a replacement list, C11 6.10.3.4p4), and each
 * argument is pre-expanded in isolation behind a "barrier" context that reads as end of
 * input.  Directive lines that need expansion (#if, #include, #line) are expanded the
 * same way.
 */
#include "cpp/pp_internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* ---------------------------------------------------------------- utilities */

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) {
        fputs("zl: out of memory\n", stderr);
        exit(2);
    }
    return q;
}

#define GROW(arr, n, cap)                                                       \
    do {                                                                        \
        if ((n) >= (cap)) {                                                     \
            (cap) = (cap) ? (cap) * 2 : 16;                                     \
            (arr) = xrealloc((arr), (size_t)(cap) * sizeof *(arr));             \
        }                                                                       \
    } while (0)

void *cppi_alloc(struct cpp *pp, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    struct pp_arena_chunk *c = pp->arena;
    if (!c || c->cap - c->used < n) {
        size_t cap = n > 65536 ? n : 65536;
        c = xrealloc(NULL, sizeof *c + cap);
        c->cap = cap;
        c->used = 0;
        c->next = pp->arena;
        pp->arena = c;
    }
    void *r = c->data + c->used;
    c->used += n;
    return r;
}

char *cppi_strndup(struct cpp *pp, const char *s, size_t n)
{
    char *r = cppi_alloc(pp, n + 1);
    memcpy(r, s, n);
    r[n] = 0;
    return r;
}

void cppi_tv_push(struct tokvec *tv, const struct cpp_token *t)
{
    GROW(tv->v, tv->n, tv->cap);
    tv->v[tv->n++] = *t;
}

static void vdiag(struct cpp *pp, enum cpp_level lv, u32 file, u32 line, u32 col,
                  const char *fmt, va_list ap)
{
    char msg[1024];
    vsnprintf(msg, sizeof msg, fmt, ap);
    if (lv >= CPP_ERROR)
        pp->errors++;
    else if (lv == CPP_WARNING)
        pp->warnings++;
    if (pp->opt.diag) {
        pp->opt.diag(pp->opt.diag_ctx, lv, file, line, col, msg);
        return;
    }
    static const char *const lvname[] = {"note", "warning", "error", "fatal error"};
    fprintf(stderr, "%s:%u:%u: %s: %s\n", cpp_file_name(pp, file), line, col, lvname[lv], msg);
}

void cppi_diag(struct cpp *pp, enum cpp_level lv, u32 file, u32 line, u32 col, const char *fmt,
             ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag(pp, lv, file, line, col, fmt, ap);
    va_end(ap);
}

void cppi_diag_tok(struct cpp *pp, enum cpp_level lv, const struct cpp_token *t, const char *fmt,
                 ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag(pp, lv, t->file, t->line, t->col, fmt, ap);
    va_end(ap);
}

/* Lexer diagnostics: physical line -> presumed line of the top source. */
static void lex_diag_cb(void *ctx, enum cpp_level lv, u32 file, u32 line, u32 col,
                        const char *msg)
{
    struct cpp *pp = ctx;
    i64 d = pp->nsrcs ? pp->srcs[pp->nsrcs - 1].line_delta : 0;
    cppi_diag(pp, lv, file, (u32)((i64)line + d), col, "%s", msg);
}

static u32 hash_bytes(const char *s, size_t n)
{
    u32 h = 2166136261u;
    for (size_t i = 0; i < n; i++) h = (h ^ (u8)s[i]) * 16777619u;
    return h;
}

static u32 add_name(struct cpp *pp, const char *name)
{
    GROW(pp->names, pp->nnames, pp->capnames);
    size_t n = strlen(name);
    pp->names[pp->nnames] = cppi_strndup(pp, name, n);
    return pp->nnames++;
}

const char *cpp_file_name(const struct cpp *pp, u32 file)
{
    return file < pp->nnames ? pp->names[file] : "<unknown>";
}

u32 cpp_errors(const struct cpp *pp) { return pp->errors; }
u32 cpp_warnings(const struct cpp *pp) { return pp->warnings; }
unsigned cpp_include_depth(const struct cpp *pp) { return pp->cur_depth; }

/* Clean spelling of a token as a NUL-terminated string (arena copy only if spliced). */
static void clean_tok(struct cpp *pp, struct cpp_token *t)
{
    if (!(t->flags & CPP_TF_SPLICED)) return;
    char *b = cppi_alloc(pp, (size_t)t->len + 1);
    t->len = (u32)cpp_spell(t, b, pp->opt.trigraphs);
    t->p = b;
    t->flags &= ~(u32)CPP_TF_SPLICED;
}

static bool is_punct(const struct cpp_token *t, enum cpp_punct p)
{
    return t->kind == CPP_PUNCT && t->sub == p;
}

static bool tok_eq(const struct cpp_token *t, const char *s, size_t n)
{
    return t->len == n && memcmp(t->p, s, n) == 0;
}

/* ---------------------------------------------------------------- macro table */

static struct pp_macro *macro_find(struct cpp *pp, const char *s, size_t n)
{
    if (!pp->mcap) return NULL;
    u32 h = hash_bytes(s, n);
    for (struct pp_macro *m = pp->mtab[h & (pp->mcap - 1)]; m; m = m->next)
        if (m->hash == h && m->nlen == n && memcmp(m->name, s, n) == 0) return m;
    return NULL;
}

static void macro_insert(struct cpp *pp, struct pp_macro *m)
{
    if (pp->mcount + 1 > pp->mcap) {
        u32 ncap = pp->mcap ? pp->mcap * 2 : 1024;
        struct pp_macro **nt = xrealloc(NULL, ncap * sizeof *nt);
        memset(nt, 0, ncap * sizeof *nt);
        for (u32 i = 0; i < pp->mcap; i++)
            for (struct pp_macro *x = pp->mtab[i], *nx; x; x = nx) {
                nx = x->next;
                x->next = nt[x->hash & (ncap - 1)];
                nt[x->hash & (ncap - 1)] = x;
            }
        free(pp->mtab);
        pp->mtab = nt;
        pp->mcap = ncap;
    }
    m->next = pp->mtab[m->hash & (pp->mcap - 1)];
    pp->mtab[m->hash & (pp->mcap - 1)] = m;
    pp->mcount++;
}

static void macro_free(struct pp_macro *m)
{
    free(m->body);
    free(m->params);
    free(m->plen);
    free(m);
}

static bool macro_remove(struct cpp *pp, const char *s, size_t n)
{
    if (!pp->mcap) return false;
    u32 h = hash_bytes(s, n);
    for (struct pp_macro **pm = &pp->mtab[h & (pp->mcap - 1)]; *pm; pm = &(*pm)->next) {
        struct pp_macro *m = *pm;
        if (m->hash == h && m->nlen == n && memcmp(m->name, s, n) == 0) {
            *pm = m->next;
            pp->mcount--;
            /* a live context still points at a disabled macro (#undef met while
               collecting arguments behind its expansion): free it with the preprocessor */
            if (m->disabled) {
                m->next = pp->orphans;
                pp->orphans = m;
            } else
                macro_free(m);
            return true;
        }
    }
    return false;
}

static struct pp_macro *new_macro(struct cpp *pp, const char *name, size_t n)
{
    struct pp_macro *m = xrealloc(NULL, sizeof *m);
    memset(m, 0, sizeof *m);
    m->name = cppi_strndup(pp, name, n);
    m->nlen = (u32)n;
    m->hash = hash_bytes(name, n);
    return m;
}

static void add_builtin(struct cpp *pp, const char *name, enum pp_builtin b)
{
    struct pp_macro *m = new_macro(pp, name, strlen(name));
    m->builtin = (u8)b;
    macro_insert(pp, m);
}

bool cpp_is_defined(struct cpp *pp, const char *name)
{
    return macro_find(pp, name, strlen(name)) != NULL;
}

/* ---------------------------------------------------------------- setup */

struct cpp *cpp_new(const struct cpp_options *opt)
{
    struct cpp *pp = xrealloc(NULL, sizeof *pp);
    memset(pp, 0, sizeof *pp);
    if (opt) pp->opt = *opt;
    if (!pp->opt.intmax_bits) pp->opt.intmax_bits = 64;
    if (pp->opt.intmax_bits < 8) pp->opt.intmax_bits = 8;
    if (pp->opt.intmax_bits > 128) pp->opt.intmax_bits = 128;
    if (!pp->opt.max_include_depth) pp->opt.max_include_depth = 200;
    pp->lex_opts = (pp->opt.trigraphs ? CPP_LEX_TRIGRAPHS : 0) |
                   (pp->opt.no_gnu ? CPP_LEX_NO_DOLLAR : 0);
    add_name(pp, "<built-in>");
    add_builtin(pp, "__FILE__", B_FILE);
    add_builtin(pp, "__LINE__", B_LINE);
    add_builtin(pp, "__COUNTER__", B_COUNTER);
    add_builtin(pp, "__DATE__", B_DATE);
    add_builtin(pp, "__TIME__", B_TIME);
    add_builtin(pp, "__INCLUDE_LEVEL__", B_INCLUDE_LEVEL);
    add_builtin(pp, "_Pragma", B_PRAGMA);
    add_builtin(pp, "__has_include", B_HAS_INCLUDE);
    if (!pp->opt.no_gnu) add_builtin(pp, "__has_include_next", B_HAS_INCLUDE_NEXT);

    time_t now = pp->opt.fixed_time > 0 ? (time_t)pp->opt.fixed_time : time(NULL);
    struct tm tmv;
    static const char *const mon[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                      "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    if (gmtime_r(&now, &tmv)) {
        snprintf(pp->date, sizeof pp->date, "\"%s %2d %04d\"", mon[tmv.tm_mon % 12],
                 tmv.tm_mday % 100, (tmv.tm_year + 1900) % 10000);
        snprintf(pp->time, sizeof pp->time, "\"%02d:%02d:%02d\"", tmv.tm_hour % 100,
                 tmv.tm_min % 100, tmv.tm_sec % 100);
    } else {
        strcpy(pp->date, "\"??? ?? ????\"");
        strcpy(pp->time, "\"??:??:??\"");
    }
    cpp_define(pp, "__STDC__=1");
    cpp_define(pp, "__STDC_VERSION__=201112L");
    return pp;
}

void cpp_free(struct cpp *pp)
{
    if (!pp) return;
    for (u32 i = 0; i < pp->nctx; i++)
        if (pp->ctxs[i].owns) free(pp->ctxs[i].toks);
    free(pp->ctxs);
    for (u32 i = 0; i < pp->mcap; i++)
        for (struct pp_macro *m = pp->mtab[i], *nx; m; m = nx) {
            nx = m->next;
            macro_free(m);
        }
    free(pp->mtab);
    for (struct pp_macro *m = pp->orphans, *nx; m; m = nx) {
        nx = m->next;
        macro_free(m);
    }
    for (u32 i = 0; i < pp->nsrcs; i++) {
        free(pp->srcs[i].text);
        free(pp->srcs[i].dir);
    }
    free(pp->srcs);
    for (u32 i = 0; i < pp->nfiles; i++) {
        free(pp->files[i]->path);
        free(pp->files[i]->data);
        free(pp->files[i]);
    }
    free(pp->files);
    free(pp->names);
    free(pp->conds);
    for (u32 i = 0; i < pp->ndirs; i++) free(pp->dirs[i].path);
    free(pp->dirs);
    for (struct pp_arena_chunk *c = pp->arena, *n; c; c = n) {
        n = c->next;
        free(c);
    }
    free(pp);
}

void cpp_add_dir(struct cpp *pp, const char *dir, enum cpp_dir_kind kind)
{
    GROW(pp->dirs, pp->ndirs, pp->capdirs);
    /* keep the chain ordered quote < angle < system, each in insertion order */
    u32 at = pp->ndirs;
    while (at > 0 && pp->dirs[at - 1].kind > kind) at--;
    memmove(&pp->dirs[at + 1], &pp->dirs[at], (pp->ndirs - at) * sizeof *pp->dirs);
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/') n--;
    char *p = xrealloc(NULL, n + 1);
    memcpy(p, dir, n);
    p[n] = 0;
    pp->dirs[at].path = p;
    pp->dirs[at].kind = kind;
    pp->ndirs++;
}

/* ---------------------------------------------------------------- sources */

static char *dir_of(const char *path)
{
    const char *sl = strrchr(path, '/');
    size_t n = sl ? (size_t)(sl - path) + (sl == path) : 0;
    char *d = xrealloc(NULL, n + 1);
    memcpy(d, path, n);
    d[n] = 0;
    return d;
}

static struct pp_src *push_src(struct cpp *pp, struct pp_file *f, const char *text, size_t len,
                               const char *name, int dir_index)
{
    GROW(pp->srcs, pp->nsrcs, pp->capsrcs);
    struct pp_src *s = &pp->srcs[pp->nsrcs++];
    memset(s, 0, sizeof *s);
    s->f = f;
    s->file_id = add_name(pp, name);
    s->dir_index = dir_index;
    s->cond_base = pp->nconds;
    s->dir = dir_of(f ? f->path : name);
    cpp_lex_init(&s->lx, text, len, s->file_id, pp->lex_opts);
    s->lx.diag = lex_diag_cb;
    s->lx.diag_ctx = pp;
    return s;
}

/* Load (or find the already loaded) file at path.  NULL with errno on failure. */
static struct pp_file *load_file(struct cpp *pp, const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) return NULL;
    if (S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        return NULL;
    }
    for (u32 i = 0; i < pp->nfiles; i++)
        if (pp->files[i]->dev == st.st_dev && pp->files[i]->ino == st.st_ino) return pp->files[i];
    FILE *fp = fopen(path, "rb");
    if (!fp) return NULL;
    size_t cap = st.st_size > 0 ? (size_t)st.st_size + 1 : 4096, len = 0;
    char *data = xrealloc(NULL, cap);
    for (;;) {
        if (len == cap) data = xrealloc(data, cap *= 2);
        size_t r = fread(data + len, 1, cap - len, fp);
        if (r == 0) break;
        len += r;
    }
    int err = ferror(fp);
    fclose(fp);
    if (err) {
        free(data);
        errno = EIO;
        return NULL;
    }
    struct pp_file *f = xrealloc(NULL, sizeof *f);
    memset(f, 0, sizeof *f);
    f->path = xrealloc(NULL, strlen(path) + 1);
    strcpy(f->path, path);
    f->data = data;
    f->len = len;
    f->dev = st.st_dev;
    f->ino = st.st_ino;
    GROW(pp->files, pp->nfiles, pp->capfiles);
    pp->files[pp->nfiles++] = f;
    return f;
}

bool cpp_push_file(struct cpp *pp, const char *path)
{
    struct pp_file *f = load_file(pp, path);
    if (!f) {
        cppi_diag(pp, CPP_FATAL, 0, 0, 0, "%s: %s", path, strerror(errno));
        return false;
    }
    push_src(pp, f, f->data, f->len, path, -1);
    return true;
}

bool cpp_push_string(struct cpp *pp, const char *name, const char *text, size_t len)
{
    char *copy = xrealloc(NULL, len + 1);
    memcpy(copy, text, len);
    copy[len] = 0;
    struct pp_src *s = push_src(pp, NULL, copy, len, name, -1);
    s->text = copy;
    return true;
}

static void pop_src(struct cpp *pp)
{
    struct pp_src *s = &pp->srcs[pp->nsrcs - 1];
    while (pp->nconds > s->cond_base) {
        struct pp_cond *c = &pp->conds[--pp->nconds];
        cppi_diag(pp, CPP_ERROR, c->file, c->line, 1, "unterminated conditional directive");
    }
    free(s->text);
    free(s->dir);
    pp->nsrcs--;
    if (pp->nsrcs) pp->srcs[pp->nsrcs - 1].lx.bol = true;
}

/* ---------------------------------------------------------------- directives */

static bool skipping(const struct cpp *pp)
{
    return pp->nconds && pp->conds[pp->nconds - 1].state != COND_TAKING;
}

/* Next token of the directive line (CPP_EOD at its end), with presumed position. */
static void dtok(struct cpp *pp, struct cpp_token *t)
{
    struct pp_src *s = &pp->srcs[pp->nsrcs - 1];
    cpp_lex(&s->lx, t);
    if (t->kind == CPP_EOF) t->kind = CPP_EOD;
    t->line = (u32)((i64)t->line + s->line_delta);
    t->file = s->file_id;
    clean_tok(pp, t);
}

static void skip_line(struct cpp *pp)
{
    struct pp_src *s = &pp->srcs[pp->nsrcs - 1];
    struct cpp_token t;
    unsigned o = s->lx.opts;
    s->lx.opts |= CPP_LEX_QUIET;
    while (s->lx.directive) {
        cpp_lex(&s->lx, &t);
        if (t.kind == CPP_EOD || t.kind == CPP_EOF) break;
    }
    s->lx.directive = false;
    s->lx.opts = o;
}

static void read_line(struct cpp *pp, struct tokvec *tv)
{
    struct cpp_token t;
    for (;;) {
        dtok(pp, &t);
        if (t.kind == CPP_EOD) break;
        cppi_tv_push(tv, &t);
    }
}

static void expand_tokens(struct cpp *pp, const struct cpp_token *in, u32 n, struct tokvec *out);

/* Text of the rest of the directive line with single spaces, for #error/#pragma. */
static char *line_text(struct cpp *pp, const struct cpp_token *v, u32 n)
{
    size_t len = 1;
    for (u32 i = 0; i < n; i++) len += v[i].len + 1;
    char *b = cppi_alloc(pp, len), *q = b;
    for (u32 i = 0; i < n; i++) {
        if (i && (v[i].flags & (CPP_TF_SPACE | CPP_TF_BOL))) *q++ = ' ';
        memcpy(q, v[i].p, v[i].len);
        q += v[i].len;
    }
    *q = 0;
    return b;
}

static bool is_builtin_name(const char *p, size_t n)
{
    return (n == 7 && memcmp(p, "defined", 7) == 0) ||
           (n == 13 && memcmp(p, "__has_include", 13) == 0) ||
           (n == 18 && memcmp(p, "__has_include_next", 18) == 0);
}

static bool same_definition(const struct pp_macro *a, const struct pp_macro *b)
{
    if (a->func != b->func || a->variadic != b->variadic || a->nparams != b->nparams ||
        a->nbody != b->nbody || a->builtin || b->builtin)
        return false;
    for (u32 i = 0; i < a->nparams; i++)
        if (a->plen[i] != b->plen[i] || memcmp(a->params[i], b->params[i], a->plen[i]) != 0)
            return false;
    for (u32 i = 0; i < a->nbody; i++) {
        const struct cpp_token *x = &a->body[i], *y = &b->body[i];
        if (x->kind != y->kind || x->len != y->len || memcmp(x->p, y->p, x->len) != 0 ||
            x->sub != y->sub)
            return false;
        if (i && ((x->flags ^ y->flags) & CPP_TF_SPACE)) return false;
    }
    return true;
}

/* Parse a #define body from tokens (after the name).  `name` has clean spelling. */
static void define_macro(struct cpp *pp, const struct cpp_token *name, const struct cpp_token *v,
                         u32 n)
{
    if (is_builtin_name(name->p, name->len)) {
        cppi_diag_tok(pp, CPP_ERROR, name, "\"%.*s\" cannot be used as a macro name",
                    (int)name->len, name->p);
        return;
    }
    struct pp_macro *m = new_macro(pp, name->p, name->len);
    m->file = name->file;
    m->line = name->line;
    u32 i = 0;
    if (n && is_punct(&v[0], CPP_P_LPAREN) && !(v[0].flags & CPP_TF_SPACE)) {
        m->func = true;
        i = 1;
        u32 cap = 0;
        bool want_param = true, closed = false;
        while (i < n) {
            const struct cpp_token *t = &v[i++];
            if (is_punct(t, CPP_P_RPAREN) && (!want_param || m->nparams == 0)) {
                closed = true;
                break;
            }
            if (!want_param) {
                if (is_punct(t, CPP_P_COMMA) && !m->variadic) {
                    want_param = true;
                    continue;
                }
                if (m->variadic)
                    cppi_diag_tok(pp, CPP_ERROR, t, "missing ')' after \"...\"");
                else
                    cppi_diag_tok(pp, CPP_ERROR, t, "expected ',' or ')' in macro parameter list");
                goto bad;
            }
            const char *pn;
            u32 pl;
            if (is_punct(t, CPP_P_ELLIPSIS)) {
                pn = "__VA_ARGS__";
                pl = 11;
                m->variadic = true;
            } else if (t->kind == CPP_IDENT) {
                if (tok_eq(t, "__VA_ARGS__", 11)) {
                    cppi_diag_tok(pp, CPP_ERROR, t, "__VA_ARGS__ can not be used as a parameter name");
                    goto bad;
                }
                pn = t->p;
                pl = t->len;
                if (i < n && is_punct(&v[i], CPP_P_ELLIPSIS)) { /* GNU named variadic: x... */
                    if (pp->opt.no_gnu) {
                        cppi_diag_tok(pp, CPP_ERROR, &v[i], "named variadic parameters are a GNU extension");
                        goto bad;
                    }
                    m->variadic = true;
                    i++;
                }
            } else {
                cppi_diag_tok(pp, CPP_ERROR, t, "expected parameter name, found \"%.*s\"",
                            (int)t->len, t->p);
                goto bad;
            }
            for (u32 k = 0; k < m->nparams; k++)
                if (m->plen[k] == pl && memcmp(m->params[k], pn, pl) == 0) {
                    cppi_diag_tok(pp, CPP_ERROR, t, "duplicate macro parameter \"%.*s\"", (int)pl, pn);
                    goto bad;
                }
            if (m->nparams == cap) {
                cap = cap ? cap * 2 : 4;
                m->params = xrealloc(m->params, cap * sizeof *m->params);
                m->plen = xrealloc(m->plen, cap * sizeof *m->plen);
            }
            m->params[m->nparams] = pn;
            m->plen[m->nparams++] = pl;
            want_param = false;
        }
        if (!closed) {
            cppi_diag_tok(pp, CPP_ERROR, name, "missing ')' in macro parameter list");
            goto bad;
        }
    } else if (n && !(v[0].flags & CPP_TF_SPACE)) {
        /* C11 6.10.3p3: white space is required after an object-like macro name */
        cppi_diag_tok(pp, CPP_WARNING, &v[0], "missing whitespace after the macro name");
    }

    m->nbody = n - i;
    m->body = xrealloc(NULL, (m->nbody ? m->nbody : 1) * sizeof *m->body);
    for (u32 k = 0; k < m->nbody; k++) {
        struct cpp_token t = v[i + k];
        t.flags &= ~(u32)(CPP_TF_BOL | CPP_TF_NOEXPAND);
        if (k == 0) t.flags &= ~(u32)CPP_TF_SPACE;
        t.sub = t.kind == CPP_IDENT ? 0 : t.sub;
        if (t.kind == CPP_IDENT) {
            if (m->func)
                for (u32 pi = 0; pi < m->nparams; pi++)
                    if (t.len == m->plen[pi] && memcmp(t.p, m->params[pi], t.len) == 0) {
                        t.sub = (u16)(pi + 1);
                        break;
                    }
            if (!t.sub && tok_eq(&t, "__VA_ARGS__", 11))
                cppi_diag_tok(pp, CPP_WARNING, &t,
                            "__VA_ARGS__ can only appear in the expansion of a C99 variadic macro");
        }
        m->body[k] = t;
    }
    /* ## may not begin or end a replacement list; # must precede a parameter */
    if (m->nbody && (is_punct(&m->body[0], CPP_P_HASHHASH) ||
                     is_punct(&m->body[m->nbody - 1], CPP_P_HASHHASH))) {
        cppi_diag_tok(pp, CPP_ERROR, is_punct(&m->body[0], CPP_P_HASHHASH) ? &m->body[0]
                                                                         : &m->body[m->nbody - 1],
                    "'##' cannot appear at either end of a macro expansion");
        goto bad;
    }
    if (m->func)
        for (u32 k = 0; k < m->nbody; k++)
            if (is_punct(&m->body[k], CPP_P_HASH) &&
                (k + 1 >= m->nbody || m->body[k + 1].kind != CPP_IDENT || !m->body[k + 1].sub)) {
                cppi_diag_tok(pp, CPP_ERROR, &m->body[k], "'#' is not followed by a macro parameter");
                goto bad;
            }

    struct pp_macro *old = macro_find(pp, m->name, m->nlen);
    if (old) {
        if (old->builtin)
            cppi_diag_tok(pp, CPP_WARNING, name, "redefining builtin macro \"%s\"", m->name);
        else if (!same_definition(old, m))
            cppi_diag_tok(pp, CPP_WARNING, name, "\"%s\" redefined (previous definition at %s:%u)",
                        m->name, cpp_file_name(pp, old->file), old->line);
        macro_remove(pp, m->name, m->nlen);
    }
    macro_insert(pp, m);
    return;
bad:
    macro_free(m);
}

bool cpp_define(struct cpp *pp, const char *def)
{
    /* NAME[(params)][=body]: lex "NAME[(params)] body" as a #define line */
    size_t n = strlen(def);
    const char *eq = strchr(def, '=');
    char *text = xrealloc(NULL, n + 4);
    size_t k;
    if (eq) {
        k = (size_t)(eq - def);
        memcpy(text, def, k);
        text[k++] = ' ';
        memcpy(text + k, eq + 1, n - (size_t)(eq - def) - 1);
        k += n - (size_t)(eq - def) - 1;
    } else {
        memcpy(text, def, n);
        k = n;
        memcpy(text + k, " 1", 2);
        k += 2;
    }
    text[k] = 0;
    /* the text must outlive the macro: keep it in the arena */
    char *keep = cppi_strndup(pp, text, k);
    free(text);
    struct cpp_lexer lx;
    cpp_lex_init(&lx, keep, k, 0, pp->lex_opts);
    lx.directive = true;
    struct tokvec tv = {0};
    struct cpp_token t;
    u32 before = pp->errors;
    for (;;) {
        cpp_lex(&lx, &t);
        if (t.kind == CPP_EOD || t.kind == CPP_EOF) break;
        t.line = 0;
        clean_tok(pp, &t);
        cppi_tv_push(&tv, &t);
    }
    if (!tv.n || tv.v[0].kind != CPP_IDENT) {
        cppi_diag(pp, CPP_ERROR, 0, 0, 0, "macro names must be identifiers: \"%s\"", def);
        free(tv.v);
        return false;
    }
    /* "NAME" alone from -DNAME: body "1"; "NAME(" without '=' is odd but follows GCC */
    define_macro(pp, &tv.v[0], tv.v + 1, tv.n - 1);
    free(tv.v);
    return pp->errors == before;
}

void cpp_undef(struct cpp *pp, const char *name)
{
    macro_remove(pp, name, strlen(name));
}

static void push_cond(struct cpp *pp, u8 state, const struct cpp_token *at)
{
    GROW(pp->conds, pp->nconds, pp->capconds);
    struct pp_cond *c = &pp->conds[pp->nconds++];
    c->state = state;
    c->seen_else = false;
    c->file = at->file;
    c->line = at->line;
}

/* Expand and evaluate the rest of a #if/#elif line. */
static bool eval_line(struct cpp *pp, const struct cpp_token *where)
{
    struct tokvec raw = {0}, out = {0};
    read_line(pp, &raw);
    if (!raw.n) {
        cppi_diag_tok(pp, CPP_ERROR, where, "#%.*s with no expression", (int)where->len, where->p);
        free(raw.v);
        return false;
    }
    pp->in_if = true;
    expand_tokens(pp, raw.v, raw.n, &out);
    pp->in_if = false;
    bool r = cppi_eval_if(pp, out.v, out.n, where);
    free(raw.v);
    free(out.v);
    return r;
}

/* Resolve a header: returns the path (malloc) and the chain index it was found at. */
static char *find_header(struct cpp *pp, const char *name, size_t n, bool angle, int start,
                         int *found_at, bool next)
{
    char *buf;
    struct stat st;
    if (n && name[0] == '/') {
        buf = xrealloc(NULL, n + 1);
        memcpy(buf, name, n);
        buf[n] = 0;
        *found_at = -1;
        if (stat(buf, &st) == 0 && !S_ISDIR(st.st_mode)) return buf;
        free(buf);
        return NULL;
    }
    if (!angle && !next) {
        const char *d = pp->nsrcs ? pp->srcs[pp->nsrcs - 1].dir : "";
        size_t dl = strlen(d);
        buf = xrealloc(NULL, dl + n + 2);
        if (dl) {
            memcpy(buf, d, dl);
            if (d[dl - 1] != '/') buf[dl++] = '/';
        }
        memcpy(buf + dl, name, n);
        buf[dl + n] = 0;
        if (stat(buf, &st) == 0 && !S_ISDIR(st.st_mode)) {
            *found_at = -1;
            return buf;
        }
        free(buf);
    }
    for (u32 i = (u32)(start < 0 ? 0 : start); i < pp->ndirs; i++) {
        if (angle && pp->dirs[i].kind == CPP_DIR_QUOTE) continue;
        size_t dl = strlen(pp->dirs[i].path);
        buf = xrealloc(NULL, dl + n + 2);
        memcpy(buf, pp->dirs[i].path, dl);
        buf[dl] = '/';
        memcpy(buf + dl + 1, name, n);
        buf[dl + 1 + n] = 0;
        if (stat(buf, &st) == 0 && !S_ISDIR(st.st_mode)) {
            *found_at = (int)i;
            return buf;
        }
        free(buf);
    }
    return NULL;
}

/* Header name from a directive's tokens (after expansion if needed).  Sets name/len and
 * angle; false with a diagnostic if malformed. */
static bool header_from_tokens(struct cpp *pp, const struct cpp_token *v, u32 n,
                               const struct cpp_token *where, char **name, size_t *len,
                               bool *angle)
{
    if (n >= 1 && (v[0].kind == CPP_STRING || v[0].kind == CPP_HEADER_NAME) && v[0].sub == 0 &&
        v[0].len >= 2 && (v[0].p[0] == '"' || v[0].p[0] == '<')) {
        *angle = v[0].p[0] == '<';
        *name = cppi_strndup(pp, v[0].p + 1, v[0].len - 2);
        *len = v[0].len - 2;
        if (n > 1) cppi_diag_tok(pp, CPP_WARNING, &v[1], "extra tokens at end of #include directive");
        return true;
    }
    if (n >= 1 && is_punct(&v[0], CPP_P_LT)) {
        /* computed <...>: spellings joined, white space as single spaces (impl.-defined) */
        size_t tot = 0;
        u32 k;
        for (k = 1; k < n && !is_punct(&v[k], CPP_P_GT); k++) tot += v[k].len + 1;
        if (k == n) {
            cppi_diag_tok(pp, CPP_ERROR, where, "missing terminating > character");
            return false;
        }
        char *b = cppi_alloc(pp, tot + 1), *q = b;
        for (u32 j = 1; j < k; j++) {
            if (j > 1 && (v[j].flags & CPP_TF_SPACE)) *q++ = ' ';
            memcpy(q, v[j].p, v[j].len);
            q += v[j].len;
        }
        *q = 0;
        *name = b;
        *len = (size_t)(q - b);
        *angle = true;
        return true;
    }
    cppi_diag_tok(pp, CPP_ERROR, n ? &v[0] : where, "#include expects \"FILENAME\" or <FILENAME>");
    return false;
}

static void do_include(struct cpp *pp, const struct cpp_token *where, bool next)
{
    struct pp_src *s = &pp->srcs[pp->nsrcs - 1];
    struct cpp_token h;
    char *name;
    size_t len;
    bool angle;
    if (cpp_lex_header_name(&s->lx, &h)) {
        h.line = (u32)((i64)h.line + s->line_delta);
        h.file = s->file_id;
        clean_tok(pp, &h);
        struct tokvec rest = {0};
        read_line(pp, &rest);
        if (rest.n) cppi_diag_tok(pp, CPP_WARNING, &rest.v[0], "extra tokens at end of #include directive");
        free(rest.v);
        angle = h.p[0] == '<';
        name = cppi_strndup(pp, h.p + 1, h.len - 2);
        len = h.len - 2;
    } else {
        struct tokvec raw = {0}, out = {0};
        read_line(pp, &raw);
        expand_tokens(pp, raw.v, raw.n, &out);
        bool ok = header_from_tokens(pp, out.v, out.n, where, &name, &len, &angle);
        free(raw.v);
        free(out.v);
        if (!ok) return;
    }
    if (!len) {
        cppi_diag_tok(pp, CPP_ERROR, where, "empty filename in #include");
        return;
    }
    if (pp->nsrcs >= pp->opt.max_include_depth) {
        cppi_diag_tok(pp, CPP_FATAL, where, "#include nested depth %u exceeds maximum of %u",
                    pp->nsrcs, pp->opt.max_include_depth);
        /* stop everything: drop all input */
        while (pp->nsrcs) {
            pp->nconds = pp->srcs[pp->nsrcs - 1].cond_base;
            pop_src(pp);
        }
        return;
    }
    int start = 0;
    if (next) {
        if (pp->nsrcs <= 1)
            cppi_diag_tok(pp, CPP_WARNING, where, "#include_next in primary source file");
        else if (s->dir_index >= 0)
            start = s->dir_index + 1;
        angle = true;
    }
    int at = -1;
    char *path = find_header(pp, name, len, angle, start, &at, next);
    if (!path) {
        cppi_diag_tok(pp, CPP_FATAL, where, "%s: No such file or directory", name);
        return;
    }
    struct pp_file *f = load_file(pp, path);
    if (!f) {
        cppi_diag_tok(pp, CPP_FATAL, where, "%s: %s", path, strerror(errno));
        free(path);
        return;
    }
    free(path);
    if (f->once) return;
    push_src(pp, f, f->data, f->len, f->path, at);
}

static void do_line(struct cpp *pp, const struct cpp_token *where, struct tokvec *v, bool gnu_marker)
{
    struct pp_src *s = &pp->srcs[pp->nsrcs - 1];
    const struct cpp_token *t = v->v;
    u32 n = v->n;
    if (!n || t[0].kind != CPP_NUMBER) {
        cppi_diag_tok(pp, CPP_ERROR, n ? &t[0] : where, "\"%.*s\" after #line is not a positive integer",
                    n ? (int)t[0].len : 0, n ? t[0].p : "");
        return;
    }
    u64 val = 0;
    for (u32 i = 0; i < t[0].len; i++) {
        char c = t[0].p[i];
        if (c < '0' || c > '9' || val > 0xffffffffu) {
            cppi_diag_tok(pp, CPP_ERROR, &t[0], "\"%.*s\" after #line is not a positive integer",
                        (int)t[0].len, t[0].p);
            return;
        }
        val = val * 10 + (u64)(c - '0');
    }
    if (val > 2147483647u) cppi_diag_tok(pp, CPP_WARNING, &t[0], "line number out of range");
    if (n >= 2) {
        if (t[1].kind != CPP_STRING || t[1].sub != CPP_ENC_NONE) {
            cppi_diag_tok(pp, CPP_ERROR, &t[1], "invalid filename \"%.*s\"", (int)t[1].len, t[1].p);
            return;
        }
        /* undo the string's escapes (\\ and \") */
        char *b = cppi_alloc(pp, t[1].len), *q = b;
        for (u32 i = 1; i + 1 < t[1].len; i++) {
            if (t[1].p[i] == '\\' && i + 2 < t[1].len) i++;
            *q++ = t[1].p[i];
        }
        *q = 0;
        s->file_id = add_name(pp, b);
        s->lx.file = s->file_id;
        if (n > 2 && !gnu_marker)
            cppi_diag_tok(pp, CPP_WARNING, &t[2], "extra tokens at end of #line directive");
    }
    /* the line after the directive gets number val */
    s->line_delta = (i64)val - (i64)s->lx.line;
}

static void do_pragma_text(struct cpp *pp, const char *text, const struct cpp_token *where,
                           struct cpp_token *out, bool *have)
{
    /* #pragma once is handled here; everything else goes to the caller */
    struct cpp_lexer lx;
    struct cpp_token t;
    cpp_lex_init(&lx, text, strlen(text), 0, pp->lex_opts | CPP_LEX_QUIET);
    cpp_lex(&lx, &t);
    if (t.kind == CPP_IDENT && tok_eq(&t, "once", 4)) {
        struct cpp_token t2;
        cpp_lex(&lx, &t2);
        if (t2.kind != CPP_EOF) cppi_diag_tok(pp, CPP_WARNING, where, "extra tokens at end of #pragma once");
        if (pp->nsrcs > 1 || (pp->nsrcs == 1 && pp->srcs[0].f)) {
            struct pp_src *s = &pp->srcs[pp->nsrcs - 1];
            if (s->f) s->f->once = true;
        }
        if (pp->nsrcs == 1 && !pp->opt.no_gnu && pp->srcs[0].f)
            cppi_diag_tok(pp, CPP_WARNING, where, "#pragma once in main file");
        *have = false;
        return;
    }
    out->kind = CPP_PRAGMA;
    out->p = text;
    out->len = (u32)strlen(text);
    out->sub = 0;
    out->flags = CPP_TF_BOL;
    out->file = where->file;
    out->line = where->line;
    out->col = where->col;
    *have = true;
}

/* Handle a directive after '#' (the token `hash`).  May produce a pragma token. */
static bool directive(struct cpp *pp, const struct cpp_token *hash, struct cpp_token *out)
{
    struct pp_src *s = &pp->srcs[pp->nsrcs - 1];
    struct cpp_token t;
    s->lx.directive = true;
    dtok(pp, &t);
    if (t.kind == CPP_EOD) return false; /* null directive */
    bool skip = skipping(pp);
    if (t.kind == CPP_NUMBER) { /* GNU line marker: # 33 "file" flags */
        if (skip) {
            skip_line(pp);
            return false;
        }
        struct tokvec v = {0};
        cppi_tv_push(&v, &t);
        read_line(pp, &v);
        do_line(pp, hash, &v, true);
        free(v.v);
        return false;
    }
    if (t.kind != CPP_IDENT) {
        if (!skip) cppi_diag_tok(pp, CPP_ERROR, &t, "invalid preprocessing directive");
        skip_line(pp);
        return false;
    }
#define IS(s) tok_eq(&t, s, sizeof s - 1)
    if (IS("if") || IS("ifdef") || IS("ifndef")) {
        if (skip) {
            push_cond(pp, COND_DONE, &t);
            skip_line(pp);
            return false;
        }
        bool v;
        if (IS("if"))
            v = eval_line(pp, &t);
        else {
            struct cpp_token nm;
            bool ndef = IS("ifndef");
            dtok(pp, &nm);
            if (nm.kind != CPP_IDENT) {
                cppi_diag_tok(pp, CPP_ERROR, nm.kind == CPP_EOD ? &t : &nm,
                            nm.kind == CPP_EOD ? "no macro name given in #%.*s directive"
                                               : "macro names must be identifiers (#%.*s)",
                            (int)t.len, t.p);
                if (nm.kind != CPP_EOD) skip_line(pp);
                v = false;
            } else {
                v = macro_find(pp, nm.p, nm.len) != NULL;
                if (ndef) v = !v;
                struct cpp_token x;
                dtok(pp, &x);
                if (x.kind != CPP_EOD) {
                    cppi_diag_tok(pp, CPP_WARNING, &x, "extra tokens at end of #%.*s directive",
                                (int)t.len, t.p);
                    skip_line(pp);
                }
            }
        }
        push_cond(pp, v ? COND_TAKING : COND_LOOKING, &t);
        return false;
    }
    if (IS("elif") || IS("else") || IS("endif")) {
        if (pp->nconds <= s->cond_base) {
            cppi_diag_tok(pp, CPP_ERROR, &t, "#%.*s without #if", (int)t.len, t.p);
            skip_line(pp);
            return false;
        }
        struct pp_cond *c = &pp->conds[pp->nconds - 1];
        if (IS("endif")) {
            pp->nconds--;
            struct cpp_token x;
            dtok(pp, &x);
            if (x.kind != CPP_EOD) {
                if (!skipping(pp))
                    cppi_diag_tok(pp, CPP_WARNING, &x, "extra tokens at end of #endif directive");
                skip_line(pp);
            }
            return false;
        }
        if (c->seen_else) {
            cppi_diag_tok(pp, CPP_ERROR, &t, "#%.*s after #else", (int)t.len, t.p);
            skip_line(pp);
            return false;
        }
        if (IS("else")) {
            c->seen_else = true;
            c->state = c->state == COND_LOOKING ? COND_TAKING : COND_DONE;
            struct cpp_token x;
            dtok(pp, &x);
            if (x.kind != CPP_EOD) {
                if (c->state == COND_TAKING)
                    cppi_diag_tok(pp, CPP_WARNING, &x, "extra tokens at end of #else directive");
                skip_line(pp);
            }
            return false;
        }
        /* elif */
        if (c->state == COND_LOOKING) {
            c->state = eval_line(pp, &t) ? COND_TAKING : COND_LOOKING;
        } else {
            c->state = COND_DONE;
            skip_line(pp);
        }
        return false;
    }
    if (skip) {
        skip_line(pp);
        return false;
    }
    if (IS("define") || IS("undef")) {
        struct cpp_token nm;
        dtok(pp, &nm);
        if (nm.kind != CPP_IDENT) {
            cppi_diag_tok(pp, CPP_ERROR, nm.kind == CPP_EOD ? &t : &nm,
                        nm.kind == CPP_EOD ? "no macro name given in #%.*s directive"
                                           : "macro names must be identifiers (#%.*s)",
                        (int)t.len, t.p);
            if (nm.kind != CPP_EOD) skip_line(pp);
            return false;
        }
        if (IS("define")) {
            struct tokvec v = {0};
            read_line(pp, &v);
            define_macro(pp, &nm, v.v, v.n);
            free(v.v);
        } else {
            if (is_builtin_name(nm.p, nm.len))
                cppi_diag_tok(pp, CPP_ERROR, &nm, "\"%.*s\" cannot be used as a macro name",
                            (int)nm.len, nm.p);
            else
                macro_remove(pp, nm.p, nm.len);
            struct cpp_token x;
            dtok(pp, &x);
            if (x.kind != CPP_EOD) {
                cppi_diag_tok(pp, CPP_WARNING, &x, "extra tokens at end of #undef directive");
                skip_line(pp);
            }
        }
        return false;
    }
    if (IS("include") || (IS("include_next") && !pp->opt.no_gnu)) {
        do_include(pp, &t, IS("include_next"));
        return false;
    }
    if (IS("line")) {
        struct tokvec raw = {0}, v = {0};
        read_line(pp, &raw);
        expand_tokens(pp, raw.v, raw.n, &v);
        do_line(pp, &t, &v, false);
        free(raw.v);
        free(v.v);
        return false;
    }
    if (IS("error") || (IS("warning") && !pp->opt.no_gnu)) {
        struct tokvec v = {0};
        read_line(pp, &v);
        cppi_diag_tok(pp, IS("error") ? CPP_ERROR : CPP_WARNING, hash, "#%.*s %s", (int)t.len, t.p,
                    line_text(pp, v.v, v.n));
        free(v.v);
        return false;
    }
    if (IS("pragma")) {
        struct tokvec v = {0};
        read_line(pp, &v);
        bool have = false;
        do_pragma_text(pp, line_text(pp, v.v, v.n), hash, out, &have);
        free(v.v);
        return have;
    }
    if ((IS("ident") || IS("sccs")) && !pp->opt.no_gnu) {
        skip_line(pp);
        return false;
    }
#undef IS
    cppi_diag_tok(pp, CPP_ERROR, &t, "invalid preprocessing directive #%.*s", (int)t.len, t.p);
    skip_line(pp);
    return false;
}

/* ---------------------------------------------------------------- token sources */

/* Next token from the files (directives executed, skipped groups dropped).  At the end
 * of an included file returns a "soft" EOF (sub = 1) once, then continues. */
static void file_token(struct cpp *pp, struct cpp_token *t)
{
    for (;;) {
        if (!pp->nsrcs) {
            memset(t, 0, sizeof *t);
            t->kind = CPP_EOF;
            return;
        }
        struct pp_src *s = &pp->srcs[pp->nsrcs - 1];
        if (s->at_eof) {
            pop_src(pp);
            continue;
        }
        bool skip = skipping(pp);
        if (skip)
            s->lx.opts |= CPP_LEX_QUIET;
        cpp_lex(&s->lx, t);
        if (skip) s->lx.opts &= ~(u32)CPP_LEX_QUIET;
        t->line = (u32)((i64)t->line + s->line_delta);
        t->file = s->file_id;
        if (t->kind == CPP_EOF) {
            if (pp->nsrcs == 1) {
                pop_src(pp);
                t->sub = 0;
                return;
            }
            s->at_eof = true;
            t->sub = 1;
            return;
        }
        if (t->kind == CPP_PUNCT && t->sub == CPP_P_HASH && (t->flags & CPP_TF_BOL)) {
            struct cpp_token hash = *t;
            if (directive(pp, &hash, t)) {
                pp->cur_file = t->file;
                pp->cur_line = t->line;
                return;
            }
            continue;
        }
        if (skip) continue;
        clean_tok(pp, t);
        pp->cur_file = t->file;
        pp->cur_line = t->line;
        pp->cur_depth = pp->nsrcs - 1;
        return;
    }
}

static void push_ctx(struct cpp *pp, struct cpp_token *toks, u32 n, struct pp_macro *m,
                     bool barrier, bool owns)
{
    GROW(pp->ctxs, pp->nctx, pp->capctx);
    struct pp_ctx *c = &pp->ctxs[pp->nctx++];
    c->toks = toks;
    c->n = n;
    c->pos = 0;
    c->macro = m;
    c->barrier = barrier;
    c->owns = owns;
    if (m) m->disabled = true;
}

static void pop_ctx(struct cpp *pp)
{
    struct pp_ctx *c = &pp->ctxs[--pp->nctx];
    if (c->macro) c->macro->disabled = false;
    if (c->owns) free(c->toks);
}

/* Next unexpanded token: from the innermost context, else from the files. */
static void next_raw(struct cpp *pp, struct cpp_token *t)
{
    while (pp->nctx) {
        struct pp_ctx *c = &pp->ctxs[pp->nctx - 1];
        if (c->pos < c->n) {
            *t = c->toks[c->pos++];
            return;
        }
        if (c->barrier) {
            memset(t, 0, sizeof *t);
            t->kind = CPP_EOF;
            t->sub = 2; /* barrier */
            return;
        }
        pop_ctx(pp);
    }
    file_token(pp, t);
}

static void push_back(struct cpp *pp, const struct cpp_token *t)
{
    if (t->kind == CPP_EOF && t->sub != 1) return; /* barrier/final EOF repeats by itself */
    struct cpp_token *one = xrealloc(NULL, sizeof *one);
    *one = *t;
    push_ctx(pp, one, 1, NULL, false, true);
}

/* ---------------------------------------------------------------- expansion */

struct margs {
    struct tokvec toks;   /* all argument tokens, back to back */
    u32 *start;           /* start[i]..start[i+1] is argument i */
    u32 n;
    bool *expanded_done;
    struct tokvec *expanded;
};

/* First token of argument i (NULL + 0 is undefined, so no arithmetic on an empty list). */
static const struct cpp_token *argp(const struct margs *a, u32 i)
{
    return a->toks.v ? a->toks.v + a->start[i] : NULL;
}

static void margs_free(struct margs *a)
{
    free(a->toks.v);
    free(a->start);
    if (a->expanded)
        for (u32 i = 0; i < a->n; i++) free(a->expanded[i].v);
    free(a->expanded);
    free(a->expanded_done);
}

/* Collect the arguments after '(' of macro m.  False on an unterminated list. */
static bool collect_args(struct cpp *pp, struct pp_macro *m, const struct cpp_token *name,
                         struct margs *a)
{
    u32 depth = 0, capstart = 8;
    a->start = xrealloc(NULL, capstart * sizeof *a->start);
    a->start[0] = 0;
    a->n = 0;
    struct cpp_token t;
    for (;;) {
        next_raw(pp, &t);
        if (t.kind == CPP_EOF) {
            cppi_diag_tok(pp, CPP_ERROR, name, "unterminated argument list invoking macro \"%s\"",
                        m->name);
            push_back(pp, &t);
            return false;
        }
        if (t.kind == CPP_PUNCT) {
            if (t.sub == CPP_P_LPAREN)
                depth++;
            else if (t.sub == CPP_P_RPAREN) {
                if (depth == 0) break;
                depth--;
            } else if (t.sub == CPP_P_COMMA && depth == 0 &&
                       !(m->variadic && a->n + 1 >= m->nparams)) {
                if (a->n + 2 >= capstart) {
                    capstart *= 2;
                    a->start = xrealloc(a->start, capstart * sizeof *a->start);
                }
                a->start[++a->n] = a->toks.n;
                continue;
            }
        }
        if (t.kind == CPP_PRAGMA) continue; /* a #pragma inside arguments: dropped */
        if (t.flags & CPP_TF_BOL) {
            t.flags &= ~(u32)CPP_TF_BOL;
            t.flags |= CPP_TF_SPACE;
        }
        cppi_tv_push(&a->toks, &t);
    }
    a->n++;
    if (a->n + 1 > capstart) a->start = xrealloc(a->start, (a->n + 1) * sizeof *a->start);
    a->start[a->n] = a->toks.n;

    /* argument count */
    u32 want = m->nparams;
    if (a->n == 1 && a->start[1] == 0 && want == 0) {
        a->n = 0; /* f() for a macro without parameters */
    } else if (m->variadic && a->n == want - 1) {
        /* variadic part omitted entirely (C11 requires one argument; GNU allows none) */
        if (pp->opt.no_gnu)
            cppi_diag_tok(pp, CPP_WARNING, name, "ISO C99 requires at least one argument for the \"...\" in a variadic macro");
        a->start = xrealloc(a->start, (a->n + 2) * sizeof *a->start);
        a->start[a->n + 1] = a->start[a->n];
        a->n++;
    }
    if (a->n != want) {
        cppi_diag_tok(pp, CPP_ERROR, name, "macro \"%s\" %s %u argument%s, but takes %u", m->name,
                    a->n > want ? "passed" : "requires", a->n, a->n == 1 ? "" : "s", want);
        return false;
    }
    a->expanded = xrealloc(NULL, (a->n ? a->n : 1) * sizeof *a->expanded);
    a->expanded_done = xrealloc(NULL, (a->n ? a->n : 1) * sizeof *a->expanded_done);
    memset(a->expanded, 0, (a->n ? a->n : 1) * sizeof *a->expanded);
    memset(a->expanded_done, 0, (a->n ? a->n : 1) * sizeof *a->expanded_done);
    return true;
}

static void expand_next(struct cpp *pp, struct cpp_token *t);

/* Fully macro-expand tokens in isolation (behind a barrier). */
static void expand_tokens(struct cpp *pp, const struct cpp_token *in, u32 n, struct tokvec *out)
{
    push_ctx(pp, (struct cpp_token *)in, n, NULL, true, false);
    u32 mark = pp->nctx;
    struct cpp_token t;
    for (;;) {
        expand_next(pp, &t);
        if (t.kind == CPP_EOF) break;
        if (t.kind == CPP_PLACEMARKER) continue;
        cppi_tv_push(out, &t);
    }
    /* contexts above the barrier were popped on the way; now drop the barrier */
    while (pp->nctx >= mark) pop_ctx(pp);
}

static const struct tokvec *arg_expanded(struct cpp *pp, struct margs *a, u32 i)
{
    if (!a->expanded_done[i]) {
        a->expanded_done[i] = true;
        expand_tokens(pp, argp(a, i), a->start[i + 1] - a->start[i], &a->expanded[i]);
    }
    return &a->expanded[i];
}

static struct cpp_token stringify(struct cpp *pp, const struct cpp_token *v, u32 n,
                                  const struct cpp_token *where)
{
    size_t cap = 3;
    for (u32 i = 0; i < n; i++) cap += 2 * (size_t)v[i].len + 1;
    char *b = cppi_alloc(pp, cap), *q = b;
    *q++ = '"';
    bool first = true;
    for (u32 i = 0; i < n; i++) {
        if (v[i].kind == CPP_PLACEMARKER) continue;
        if (!first && (v[i].flags & (CPP_TF_SPACE | CPP_TF_BOL))) *q++ = ' ';
        first = false;
        bool esc = v[i].kind == CPP_STRING || v[i].kind == CPP_CHAR;
        for (u32 k = 0; k < v[i].len; k++) {
            char c = v[i].p[k];
            if (esc && (c == '"' || c == '\\')) *q++ = '\\';
            *q++ = c;
        }
    }
    *q++ = '"';
    *q = 0;
    struct cpp_token r = *where;
    r.kind = CPP_STRING;
    r.sub = CPP_ENC_NONE;
    r.p = b;
    r.len = (u32)(q - b);
    r.flags = where->flags & (CPP_TF_SPACE | CPP_TF_EXPANDED);
    /* a string ending in an odd number of backslashes is not a valid literal */
    u32 bs = 0;
    for (u32 k = r.len - 1; k > 0 && b[k - 1] == '\\'; k--) bs++;
    if (bs % 2) cppi_diag_tok(pp, CPP_WARNING, where, "invalid string literal from '#' operator");
    return r;
}

/* Paste two tokens (C11 6.10.3.3).  Writes the result into *l. */
static void paste(struct cpp *pp, struct cpp_token *l, const struct cpp_token *r)
{
    if (r->kind == CPP_PLACEMARKER) return;
    if (l->kind == CPP_PLACEMARKER) {
        u32 fl = l->flags;
        *l = *r;
        l->flags = (r->flags & ~(u32)(CPP_TF_SPACE | CPP_TF_BOL)) | (fl & CPP_TF_SPACE);
        return;
    }
    size_t n = (size_t)l->len + r->len;
    char *b = cppi_alloc(pp, n + 1);
    memcpy(b, l->p, l->len);
    memcpy(b + l->len, r->p, r->len);
    b[n] = 0;
    struct cpp_lexer lx;
    struct cpp_token t;
    cpp_lex_init(&lx, b, n, 0, pp->lex_opts | CPP_LEX_QUIET);
    cpp_lex(&lx, &t);
    if (t.kind == CPP_EOF || lx.cur != b + n || (t.flags & CPP_TF_UNTERMINATED) ||
        t.kind == CPP_COMMENT) {
        cppi_diag_tok(pp, CPP_ERROR, l, "pasting \"%.*s\" and \"%.*s\" does not give a valid preprocessing token",
                    (int)l->len, l->p, (int)r->len, r->p);
        /* keep the left token; the caller appends the right one separately */
        l->flags |= CPP_TF_PASTE_LEFT; /* marks failure for the caller */
        return;
    }
    u32 fl = l->flags & (CPP_TF_SPACE | CPP_TF_EXPANDED);
    t.p = b;
    t.file = l->file;
    t.line = l->line;
    t.col = l->col;
    t.flags = fl | (t.flags & (CPP_TF_DIGRAPH | CPP_TF_UCN));
    *l = t;
}

/* Replacement list of m with arguments a substituted and ## applied. */
/* A replacement-list token as it appears in the expansion: at the invocation. */
static struct cpp_token body_tok(const struct cpp_token *t, const struct cpp_token *name)
{
    struct cpp_token x = *t;
    x.file = name->file;
    x.line = name->line;
    x.col = name->col;
    x.flags |= CPP_TF_EXPANDED;
    if (x.kind == CPP_IDENT) x.sub = 0;
    return x;
}

static void substitute(struct cpp *pp, struct pp_macro *m, struct margs *a,
                       const struct cpp_token *name, struct tokvec *out)
{
    const struct cpp_token *b = m->body;
    u32 nb = m->nbody;
    struct cpp_token pm = {0};
    pm.kind = CPP_PLACEMARKER;
    for (u32 i = 0; i < nb; i++) {
        const struct cpp_token *t = &b[i];
        struct cpp_token x;
        if (is_punct(t, CPP_P_HASHHASH) && i + 1 < nb) {
            /* right operand */
            const struct cpp_token *r = &b[++i];
            struct cpp_token one;
            const struct cpp_token *rv;
            u32 rn;
            if (m->func && is_punct(r, CPP_P_HASH) && i + 1 < nb && b[i + 1].sub &&
                b[i + 1].kind == CPP_IDENT) {
                u32 pi = b[++i].sub - 1u;
                one = stringify(pp, argp(a, pi), a->start[pi + 1] - a->start[pi], r);
                one = body_tok(&one, name);
                rv = &one;
                rn = 1;
            } else if (r->kind == CPP_IDENT && r->sub) {
                u32 pi = r->sub - 1u;
                rv = argp(a, pi);
                rn = a->start[pi + 1] - a->start[pi];
                /* GNU: , ## __VA_ARGS__ drops the comma when the variadic part is empty */
                if (m->variadic && pi == m->nparams - 1 && out->n &&
                    is_punct(&out->v[out->n - 1], CPP_P_COMMA) && !pp->opt.no_gnu) {
                    if (rn == 0) out->n--;
                    for (u32 k = 0; k < rn; k++) {
                        struct cpp_token y = rv[k];
                        if (k == 0) y.flags = (y.flags & ~(u32)CPP_TF_BOL) | (r->flags & CPP_TF_SPACE);
                        cppi_tv_push(out, &y);
                    }
                    continue;
                }
                if (rn == 0) {
                    one = pm;
                    rv = &one;
                    rn = 1;
                }
            } else {
                one = body_tok(r, name);
                rv = &one;
                rn = 1;
            }
            if (!out->n) cppi_tv_push(out, &pm);
            struct cpp_token *l = &out->v[out->n - 1];
            paste(pp, l, &rv[0]);
            u32 k = 1;
            if (l->flags & CPP_TF_PASTE_LEFT) {
                l->flags &= ~(u32)CPP_TF_PASTE_LEFT;
                k = 0;
            }
            for (; k < rn; k++) cppi_tv_push(out, &rv[k]);
            continue;
        }
        if (m->func && is_punct(t, CPP_P_HASH) && i + 1 < nb && b[i + 1].kind == CPP_IDENT &&
            b[i + 1].sub) {
            u32 pi = b[++i].sub - 1u;
            x = stringify(pp, argp(a, pi), a->start[pi + 1] - a->start[pi], t);
            x = body_tok(&x, name);
            cppi_tv_push(out, &x);
            continue;
        }
        if (t->kind == CPP_IDENT && t->sub) {
            u32 pi = t->sub - 1u;
            bool raw = i + 1 < nb && is_punct(&b[i + 1], CPP_P_HASHHASH);
            const struct cpp_token *v;
            u32 n;
            if (raw) {
                v = argp(a, pi);
                n = a->start[pi + 1] - a->start[pi];
            } else {
                const struct tokvec *e = arg_expanded(pp, a, pi);
                v = e->v;
                n = e->n;
            }
            if (n == 0) {
                struct cpp_token p2 = pm;
                p2.flags = t->flags & CPP_TF_SPACE;
                cppi_tv_push(out, &p2);
                continue;
            }
            for (u32 k = 0; k < n; k++) {
                struct cpp_token y = v[k];
                if (k == 0) y.flags = (y.flags & ~(u32)(CPP_TF_SPACE | CPP_TF_BOL)) | (t->flags & CPP_TF_SPACE);
                cppi_tv_push(out, &y);
            }
            continue;
        }
        x = body_tok(t, name);
        cppi_tv_push(out, &x);
    }
    /* position and flags: body tokens appear at the invocation */
    u32 w = 0;
    for (u32 i = 0; i < out->n; i++) {
        struct cpp_token *y = &out->v[i];
        if (y->kind == CPP_PLACEMARKER) {
            /* keep the space of a vanished token for the next one */
            if (i + 1 < out->n && (y->flags & CPP_TF_SPACE)) out->v[i + 1].flags |= CPP_TF_SPACE;
            continue;
        }
        out->v[w++] = *y;
    }
    out->n = w;
}

/* Body tokens already sit at the invocation (body_tok); argument tokens keep their own
 * positions.  All are marked as expanded; the first takes the name's spacing. */
static void set_expansion_pos(struct cpp_token *v, u32 n, const struct cpp_token *name)
{
    for (u32 i = 0; i < n; i++) v[i].flags |= CPP_TF_EXPANDED;
    if (n) {
        v[0].flags = (v[0].flags & ~(u32)(CPP_TF_SPACE | CPP_TF_BOL)) |
                     (name->flags & (CPP_TF_SPACE | CPP_TF_BOL));
    }
}

static struct cpp_token make_tok(struct cpp *pp, enum cpp_kind k, const char *text,
                                 const struct cpp_token *where)
{
    struct cpp_token r = *where;
    r.kind = (u16)k;
    r.sub = 0;
    r.len = (u32)strlen(text);
    r.p = cppi_strndup(pp, text, r.len);
    r.flags = (where->flags & (CPP_TF_SPACE | CPP_TF_BOL)) | CPP_TF_EXPANDED;
    return r;
}

static struct cpp_token string_tok(struct cpp *pp, const char *s, const struct cpp_token *where)
{
    size_t n = strlen(s);
    char *b = cppi_alloc(pp, 2 * n + 3), *q = b;
    *q++ = '"';
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '"' || s[i] == '\\') *q++ = '\\';
        *q++ = s[i];
    }
    *q++ = '"';
    *q = 0;
    struct cpp_token r = make_tok(pp, CPP_STRING, "", where);
    r.p = b;
    r.len = (u32)(q - b);
    return r;
}

/* Read "( tokens )" for defined / __has_include / _Pragma without expanding. */
static bool read_paren_operand(struct cpp *pp, const struct cpp_token *op, struct tokvec *v)
{
    struct cpp_token t;
    next_raw(pp, &t);
    if (!is_punct(&t, CPP_P_LPAREN)) {
        cppi_diag_tok(pp, CPP_ERROR, op, "missing '(' after \"%.*s\"", (int)op->len, op->p);
        push_back(pp, &t);
        return false;
    }
    u32 depth = 0;
    for (;;) {
        next_raw(pp, &t);
        if (t.kind == CPP_EOF) {
            cppi_diag_tok(pp, CPP_ERROR, op, "missing ')' after \"%.*s\" operand", (int)op->len, op->p);
            push_back(pp, &t);
            return false;
        }
        if (is_punct(&t, CPP_P_LPAREN)) depth++;
        if (is_punct(&t, CPP_P_RPAREN)) {
            if (!depth) return true;
            depth--;
        }
        cppi_tv_push(v, &t);
    }
}

static bool builtin(struct cpp *pp, struct pp_macro *m, struct cpp_token *t)
{
    char buf[64];
    const struct cpp_token where = *t;
    switch ((enum pp_builtin)m->builtin) {
    case B_FILE:
        *t = string_tok(pp, cpp_file_name(pp, pp->cur_file), &where);
        return true;
    case B_LINE:
        snprintf(buf, sizeof buf, "%u", pp->cur_line);
        *t = make_tok(pp, CPP_NUMBER, buf, &where);
        return true;
    case B_COUNTER:
        snprintf(buf, sizeof buf, "%u", pp->counter++);
        *t = make_tok(pp, CPP_NUMBER, buf, &where);
        return true;
    case B_INCLUDE_LEVEL:
        snprintf(buf, sizeof buf, "%u", pp->nsrcs ? pp->nsrcs - 1 : 0);
        *t = make_tok(pp, CPP_NUMBER, buf, &where);
        return true;
    case B_DATE:
        *t = make_tok(pp, CPP_STRING, pp->date, &where);
        return true;
    case B_TIME:
        *t = make_tok(pp, CPP_STRING, pp->time, &where);
        return true;
    case B_HAS_INCLUDE:
    case B_HAS_INCLUDE_NEXT: {
        if (!pp->in_if) {
            cppi_diag_tok(pp, CPP_ERROR, t, "\"%s\" used outside of preprocessing directive", m->name);
            return true;
        }
        struct tokvec v = {0};
        bool found = false;
        if (read_paren_operand(pp, &where, &v)) {
            char *name;
            size_t len;
            bool angle;
            struct tokvec ex = {0};
            const struct cpp_token *hv = v.v;
            u32 hn = v.n;
            if (hn && hv[0].kind != CPP_STRING && !is_punct(&hv[0], CPP_P_LT)) {
                expand_tokens(pp, v.v, v.n, &ex);
                hv = ex.v;
                hn = ex.n;
            }
            if (header_from_tokens(pp, hv, hn, &where, &name, &len, &angle) && len) {
                int at, start = 0;
                bool next = m->builtin == B_HAS_INCLUDE_NEXT;
                if (next && pp->nsrcs && pp->srcs[pp->nsrcs - 1].dir_index >= 0)
                    start = pp->srcs[pp->nsrcs - 1].dir_index + 1;
                char *path = find_header(pp, name, len, angle || next, start, &at, next);
                found = path != NULL;
                free(path);
            }
            free(ex.v);
        }
        free(v.v);
        *t = make_tok(pp, CPP_NUMBER, found ? "1" : "0", &where);
        return true;
    }
    case B_PRAGMA: {
        struct tokvec v = {0};
        if (!read_paren_operand(pp, &where, &v)) {
            free(v.v);
            return false;
        }
        if (v.n != 1 || v.v[0].kind != CPP_STRING || v.v[0].sub == CPP_ENC_u8 ||
            v.v[0].sub == CPP_ENC_u || v.v[0].sub == CPP_ENC_U) {
            cppi_diag_tok(pp, CPP_ERROR, &where, "_Pragma takes a parenthesized string literal");
            free(v.v);
            return false;
        }
        /* destringize (C11 6.10.9): drop L and quotes, \" -> ", \\ -> \ */
        const struct cpp_token *s = &v.v[0];
        const char *p = s->p + (s->sub == CPP_ENC_L ? 1 : 0);
        u32 n = s->len - (s->sub == CPP_ENC_L ? 1 : 0);
        char *b = cppi_alloc(pp, n), *q = b;
        for (u32 i = 1; i + 1 < n; i++) {
            if (p[i] == '\\' && i + 2 < n && (p[i + 1] == '"' || p[i + 1] == '\\')) i++;
            *q++ = p[i];
        }
        *q = 0;
        free(v.v);
        if (pp->in_if) {
            cppi_diag_tok(pp, CPP_ERROR, &where, "_Pragma in a #if expression");
            return false;
        }
        bool have = false;
        struct cpp_token out;
        do_pragma_text(pp, b, &where, &out, &have);
        if (!have) return false;
        *t = out;
        return true;
    }
    case B_NONE:
        break;
    }
    return false;
}

/* Next macro-expanded token. */
static void expand_next(struct cpp *pp, struct cpp_token *t)
{
    for (;;) {
        next_raw(pp, t);
        if (t->kind != CPP_IDENT || (t->flags & CPP_TF_NOEXPAND)) return;
        if (pp->in_if && tok_eq(t, "defined", 7)) {
            /* defined X / defined ( X ), before expansion of X */
            struct cpp_token x, d = *t;
            bool paren = false, ok = true;
            next_raw(pp, &x);
            if (is_punct(&x, CPP_P_LPAREN)) {
                paren = true;
                next_raw(pp, &x);
            }
            if (x.kind != CPP_IDENT) {
                cppi_diag_tok(pp, CPP_ERROR, &d, "operator \"defined\" requires an identifier");
                if (x.kind != CPP_EOF) push_back(pp, &x);
                ok = false;
            }
            bool v = ok && macro_find(pp, x.p, x.len) != NULL;
            if (ok && paren) {
                struct cpp_token y;
                next_raw(pp, &y);
                if (!is_punct(&y, CPP_P_RPAREN)) {
                    cppi_diag_tok(pp, CPP_ERROR, &d, "missing ')' after \"defined\"");
                    push_back(pp, &y);
                }
            }
            *t = make_tok(pp, CPP_NUMBER, v ? "1" : "0", &d);
            return;
        }
        struct pp_macro *m = macro_find(pp, t->p, t->len);
        if (!m) return;
        if (m->disabled) {
            t->flags |= CPP_TF_NOEXPAND;
            return;
        }
        if (m->builtin) {
            if (builtin(pp, m, t)) return;
            continue;
        }
        struct cpp_token name = *t;
        struct tokvec out = {0};
        if (m->func) {
            struct cpp_token n;
            next_raw(pp, &n);
            /* newlines between the name and '(' are white space; the lexer already
               made them so: only kind matters */
            if (!is_punct(&n, CPP_P_LPAREN)) {
                push_back(pp, &n);
                return;
            }
            struct margs a = {0};
            if (!collect_args(pp, m, &name, &a)) {
                margs_free(&a);
                continue;
            }
            substitute(pp, m, &a, &name, &out);
            margs_free(&a);
        } else {
            struct margs a = {0};
            substitute(pp, m, &a, &name, &out);
        }
        set_expansion_pos(out.v, out.n, &name);
        if (!out.n) {
            /* an empty expansion still separates tokens: pass on the white space */
            free(out.v);
            struct cpp_token nx;
            expand_next(pp, &nx);
            if (nx.kind != CPP_EOF) nx.flags |= name.flags & (CPP_TF_SPACE | CPP_TF_BOL);
            *t = nx;
            return;
        }
        push_ctx(pp, out.v, out.n, m, false, true);
    }
}

bool cpp_get(struct cpp *pp, struct cpp_token *t)
{
    for (;;) {
        expand_next(pp, t);
        if (t->kind == CPP_EOF) {
            if (t->sub == 1) continue;
            return false;
        }
        if (t->kind == CPP_PLACEMARKER) continue;
        return true;
    }
}
