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

/* The same, inlined in the hot paths of this file. */
static inline void tv_push(struct tokvec *tv, const struct cpp_token *t)
{
    if (tv->n >= tv->cap) {
        tv->cap = tv->cap ? tv->cap * 2 : 16;
        tv->v = xrealloc(tv->v, (size_t)tv->cap * sizeof *tv->v);
    }
    tv->v[tv->n++] = *t;
}

/* Room for n more tokens. */
static void tv_reserve(struct tokvec *tv, u32 n)
{
    if (tv->n + n > tv->cap) {
        while (tv->n + n > tv->cap) tv->cap = tv->cap ? tv->cap * 2 : 16;
        tv->v = xrealloc(tv->v, (size_t)tv->cap * sizeof *tv->v);
    }
}

static void vdiag(struct cpp *pp, enum cpp_level lv, u32 file, u32 line, u32 col,
                  const char *fmt, va_list ap);

/* #warning: GCC's -Wcpp, named in the message. */
static void diag_wcpp(struct cpp *pp, const struct cpp_token *where, const char *text)
{
    if (pp->opt.no_wcpp) return;
    bool err = pp->opt.wcpp_error;
    pp->tagged = true;
    cppi_diag_tok(pp, err ? CPP_ERROR : CPP_WARNING, where, "%s [-W%scpp]", text, err ? "error=" : "");
    pp->tagged = false;
}

static void vdiag(struct cpp *pp, enum cpp_level lv, u32 file, u32 line, u32 col,
                  const char *fmt, va_list ap)
{
    char msg[1024];
    if (pp->fatal && lv < CPP_FATAL) return; /* consequences of the stop */
    vsnprintf(msg, sizeof msg, fmt, ap);
    if (lv == CPP_WARNING && pp->opt.werror && !pp->tagged && !pp->opt.no_warnings) {
        lv = CPP_ERROR;                          /* as GCC: "error: ... [-Werror]" */
        size_t n = strlen(msg);
        snprintf(msg + n, sizeof msg - n, " [-Werror]");
    }
    if (lv >= CPP_ERROR)
        pp->errors++;
    else if (lv == CPP_WARNING)
        pp->warnings++;
    if (lv == CPP_WARNING && pp->opt.no_warnings) return;
    if (pp->opt.diag) {
        pp->opt.diag(pp->opt.diag_ctx, lv, file, line, col, msg);
        return;
    }
    /* GCC's include stack, printed when it differs from the last one shown */
    u32 files[64], lines[64];
    unsigned n = cpp_include_stack(pp, files, lines, 64);
    u32 h = 2166136261u;
    for (unsigned i = 0; i < n; i++) h = ((h ^ files[i]) * 16777619u ^ lines[i]) * 16777619u;
    if (n && h != pp->diag_depth) {
        for (unsigned i = 0; i < n; i++)
            fprintf(stderr, "%s %s:%u%s\n", i ? "                 from" : "In file included from",
                    cpp_file_name(pp, files[i]), lines[i], i + 1 < n ? "," : ":");
    }
    pp->diag_depth = h;
    static const char *const lvname[] = {"note", "warning", "error", "fatal error"};
    if (line && col)
        fprintf(stderr, "%s:%u:%u: %s: %s\n", cpp_file_name(pp, file), line, col, lvname[lv], msg);
    else if (line)
        fprintf(stderr, "%s:%u: %s: %s\n", cpp_file_name(pp, file), line, lvname[lv], msg);
    else
        fprintf(stderr, "%s: %s: %s\n", file ? cpp_file_name(pp, file) : "zl-cpp", lvname[lv], msg);
    if (lv == CPP_FATAL) fputs("compilation terminated.\n", stderr);
}

/* Include nesting of the current file (-include files waiting their turn excluded). */
static unsigned include_level(const struct cpp *pp)
{
    unsigned n = 0;
    for (u32 i = 1; i < pp->nsrcs; i++)
        if (!pp->srcs[i].enter_pending) n++;
    return n;
}

unsigned cpp_include_stack(const struct cpp *pp, u32 *files, u32 *lines, unsigned max)
{
    unsigned n = 0;
    for (u32 i = pp->nsrcs; i-- > 1;) {
        if (pp->srcs[i].enter_pending) continue; /* a -include file not yet read */
        if (n < max) {
            files[n] = pp->srcs[i].inc_file;
            lines[n] = pp->srcs[i].inc_line;
        }
        n++;
    }
    return n < max ? n : max;
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

/* An identifier's spelling with UCNs (\\uXXXX, \\UXXXXXXXX) turned into UTF-8, so that
 * "caf\\u00e9" and "café" name the same macro (C11 6.4.2.1).  out holds len bytes. */
static u32 ucn_to_utf8(const char *p, u32 len, char *out)
{
    u32 n = 0;
    for (u32 i = 0; i < len;) {
        if (p[i] == '\\' && i + 1 < len && (p[i + 1] == 'u' || p[i + 1] == 'U')) {
            u32 nd = p[i + 1] == 'u' ? 4 : 8, c = 0, k;
            for (k = 0; k < nd && i + 2 + k < len; k++) {
                char h = p[i + 2 + k];
                c = c * 16 + (u32)(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
            }
            i += 2 + k;
            if (c < 0x80) out[n++] = (char)c;
            else if (c < 0x800) {
                out[n++] = (char)(0xc0 | (c >> 6));
                out[n++] = (char)(0x80 | (c & 0x3f));
            } else if (c < 0x10000) {
                out[n++] = (char)(0xe0 | (c >> 12));
                out[n++] = (char)(0x80 | ((c >> 6) & 0x3f));
                out[n++] = (char)(0x80 | (c & 0x3f));
            } else {
                out[n++] = (char)(0xf0 | ((c >> 18) & 7));
                out[n++] = (char)(0x80 | ((c >> 12) & 0x3f));
                out[n++] = (char)(0x80 | ((c >> 6) & 0x3f));
                out[n++] = (char)(0x80 | (c & 0x3f));
            }
        } else
            out[n++] = p[i++];
    }
    return n;
}

/* The macro an identifier token names, if any. */
static struct pp_macro *macro_find_tok(struct cpp *pp, const struct cpp_token *t)
{
    if (!(t->flags & CPP_TF_UCN)) return macro_find(pp, t->p, t->len);
    char buf[256];
    char *b = t->len <= sizeof buf ? buf : xrealloc(NULL, t->len);
    u32 n = ucn_to_utf8(t->p, t->len, b);
    struct pp_macro *m = macro_find(pp, b, n);
    if (b != buf) free(b);
    return m;
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
            if (m->disabled || m->busy) {
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
    add_builtin(pp, "__BASE_FILE__", B_BASE_FILE);
    add_builtin(pp, "__has_c_attribute", B_HAS_C_ATTRIBUTE);
    if (!pp->opt.no_gnu) {
        add_builtin(pp, "__has_include_next", B_HAS_INCLUDE_NEXT);
        add_builtin(pp, "__FILE_NAME__", B_FILE_NAME);
        add_builtin(pp, "__TIMESTAMP__", B_TIMESTAMP);
        add_builtin(pp, "__has_attribute", B_HAS_ATTRIBUTE);
        add_builtin(pp, "__has_builtin", B_HAS_BUILTIN);
    }

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
    cpp_define(pp, pp->opt.freestanding ? "__STDC_HOSTED__=0" : "__STDC_HOSTED__=1");
    return pp;
}

void cpp_set_intmax_bits(struct cpp *pp, unsigned bits)
{
    if (!bits) bits = 64;
    if (bits < 8) bits = 8;
    if (bits > 128) bits = 128;
    pp->opt.intmax_bits = bits;
}

void cpp_free(struct cpp *pp)
{
    if (!pp) return;
    for (u32 i = 0; i < pp->nctx; i++)
        if (pp->ctxs[i].owns) free(pp->ctxs[i].toks);
    free(pp->ctxs);
    free(pp->pend.v);
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
    for (struct pp_pushed *x = pp->pushed, *nx; x; x = nx) {
        nx = x->next;
        if (x->m) macro_free(x->m);
        free(x->name);
        free(x);
    }
    for (u32 i = 0; i < pp->nsrcs; i++) {
        free(pp->srcs[i].text);
        free(pp->srcs[i].dir);
    }
    free(pp->srcs);
    for (u32 i = 0; i < pp->nfiles; i++) {
        free(pp->files[i]->path);
        free(pp->files[i]->guard);
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

static char *find_header(struct cpp *pp, const char *name, size_t n, bool angle, int start,
                         int *found_at, bool next);

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
    if (!S_ISREG(st.st_mode)) { /* devices and FIFOs could block or never end */
        errno = EINVAL;
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
    bool main = pp->nsrcs == 0;
    struct pp_src *s = push_src(pp, f, f->data, f->len, path, -1);
    if (main) pp->base_file = s->file_id;
    return true;
}

bool cpp_push_include(struct cpp *pp, const char *name)
{
    struct stat st;
    char *path = NULL;
    int at = -1;
    if (stat(name, &st) == 0 && !S_ISDIR(st.st_mode)) {
        /* GCC names a file found in the working directory "./name" */
        path = xrealloc(NULL, strlen(name) + 3);
        strcpy(path, name[0] == '/' ? "" : "./");
        strcat(path, name);
    } else
        path = find_header(pp, name, strlen(name), false, 0, &at, true);
    struct pp_file *f = path ? load_file(pp, path) : NULL;
    if (!f) {
        cppi_diag(pp, CPP_FATAL, 0, 0, 0, "%s: %s", name, path ? strerror(errno) : "No such file or directory");
        free(path);
        return false;
    }
    free(path);
    struct pp_src *s = push_src(pp, f, f->data, f->len, f->path, at);
    s->sys = at >= 0 && pp->dirs[at].kind == CPP_DIR_SYSTEM ? 2 : 0;
    if (!pp->cmdline_file) pp->cmdline_file = add_name(pp, "<command-line>");
    s->inc_file = pp->cmdline_file;
    s->inc_line = 0;
    s->enter_pending = true;
    s->cmdline = true;
    return true;
}

bool cpp_push_string(struct cpp *pp, const char *name, const char *text, size_t len)
{
    /* in the arena: tokens may outlive the input (e.g. a macro name at its end) */
    char *copy = cppi_strndup(pp, text, len);
    bool main = pp->nsrcs == 0;
    struct pp_src *s = push_src(pp, NULL, copy, len, name, -1);
    if (main) pp->base_file = s->file_id;
    return true;
}

static void pop_src(struct cpp *pp)
{
    struct pp_src *s = &pp->srcs[pp->nsrcs - 1];
    while (pp->nconds > s->cond_base) {
        struct pp_cond *c = &pp->conds[--pp->nconds];
        cppi_diag(pp, CPP_ERROR, c->file, c->line, 0, "unterminated #%s", c->name);
    }
    free(s->text);
    free(s->dir);
    pp->nsrcs--;
    if (pp->nsrcs) pp->srcs[pp->nsrcs - 1].lx.bol = true;
}

static void make_special(struct cpp_token *t, enum cpp_kind k, unsigned sub, u32 file, u32 line,
                         u32 col);
static void push_back(struct cpp *pp, const struct cpp_token *t);
static void expand_tokens(struct cpp *pp, const struct cpp_token *in, u32 n, struct tokvec *out);
static int pad_source(int src, unsigned pad);
static inline void push_pad(struct tokvec *out, unsigned kind);

/* A fatal error (GCC: "compilation terminated"): drop all input. */
static void stop_all(struct cpp *pp)
{
    pp->fatal = true;
    while (pp->nsrcs) {
        pp->nconds = pp->srcs[pp->nsrcs - 1].cond_base;
        pop_src(pp);
    }
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
    t->flags |= tf_sys(s->sys); /* macro bodies remember where they were spelled */
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
    struct pp_macro *m;
    if (name->flags & CPP_TF_UCN) {
        char *b = cppi_alloc(pp, name->len + 1);
        m = new_macro(pp, b, ucn_to_utf8(name->p, name->len, b));
    } else
        m = new_macro(pp, name->p, name->len);
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
            struct cpp_token end = n ? v[n - 1] : *name;
            end.col += end.len;
            cppi_diag_tok(pp, CPP_ERROR, &end, "expected ')' before end of line");
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
            if (m->variadic && tok_eq(&t, "__VA_OPT__", 10)) {
                t.flags |= CPP_TF_VAOPT;
                m->vaopt = true;
            }
        }
        m->body[k] = t;
    }
    /* __VA_OPT__ ( balanced tokens ), not nested */
    for (u32 k = 0; m->vaopt && k < m->nbody; k++) {
        if (!(m->body[k].flags & CPP_TF_VAOPT)) continue;
        if (k + 1 >= m->nbody || !is_punct(&m->body[k + 1], CPP_P_LPAREN)) {
            cppi_diag_tok(pp, CPP_ERROR, &m->body[k], "__VA_OPT__ must be followed by an open parenthesis");
            goto bad;
        }
        u32 depth = 0, e = k + 1;
        for (; e < m->nbody; e++) {
            if (e > k + 1 && (m->body[e].flags & CPP_TF_VAOPT)) {
                cppi_diag_tok(pp, CPP_ERROR, &m->body[e], "__VA_OPT__ may not appear in a __VA_OPT__");
                goto bad;
            }
            if (is_punct(&m->body[e], CPP_P_LPAREN)) depth++;
            else if (is_punct(&m->body[e], CPP_P_RPAREN) && --depth == 0) break;
        }
        if (e >= m->nbody) {
            cppi_diag_tok(pp, CPP_ERROR, &m->body[k], "unterminated __VA_OPT__");
            goto bad;
        }
        if ((e > k + 2 && is_punct(&m->body[k + 2], CPP_P_HASHHASH)) ||
            is_punct(&m->body[e - 1], CPP_P_HASHHASH)) {
            cppi_diag_tok(pp, CPP_ERROR, &m->body[k], "'##' cannot appear at either end of __VA_OPT__");
            goto bad;
        }
        k = e;
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
    if (old && old->builtin == B_POISON) {
        cppi_diag_tok(pp, CPP_ERROR, name, "attempt to use poisoned \"%s\"", m->name);
        goto bad;
    }
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
    c->name = at->len == 2 ? "if" : at->len == 5 ? "ifdef" : "ifndef";
}

/* Expand and evaluate the rest of a #if/#elif line. */
static bool eval_line(struct cpp *pp, const struct cpp_token *where)
{
    struct tokvec raw = {0}, out = {0};
    read_line(pp, &raw);
    if (!raw.n) {
        struct cpp_token end = *where;
        end.col += end.len;
        cppi_diag_tok(pp, CPP_ERROR, &end, "#%.*s with no expression", (int)where->len, where->p);
        free(raw.v);
        return false;
    }
    const struct cpp_token *rw = raw.v;
    if (is_punct(&rw[0], CPP_P_NOT) && raw.n >= 3 && tok_eq(&rw[1], "defined", 7)) {
        if (raw.n == 3 && rw[2].kind == CPP_IDENT)
            pp->mi_name = rw[2].p, pp->mi_len = rw[2].len;
        else if (raw.n == 5 && is_punct(&rw[2], CPP_P_LPAREN) && rw[3].kind == CPP_IDENT &&
                 is_punct(&rw[4], CPP_P_RPAREN))
            pp->mi_name = rw[3].p, pp->mi_len = rw[3].len;
    }
    pp->in_if = true;
    pp->in_directive++;
    expand_tokens(pp, raw.v, raw.n, &out);
    pp->in_directive--;
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
    struct cpp_token end = *where;
    end.col += end.len;
    cppi_diag_tok(pp, CPP_ERROR, n ? &v[0] : &end, "#include expects \"FILENAME\" or <FILENAME>");
    return false;
}

static void do_include(struct cpp *pp, const struct cpp_token *where, bool next)
{
    struct pp_src *s = &pp->srcs[pp->nsrcs - 1];
    struct cpp_token h;
    char *name;
    size_t len;
    bool angle;
    struct cpp_token at_name = *where;
    if (cpp_lex_header_name(&s->lx, &h)) {
        h.line = (u32)((i64)h.line + s->line_delta);
        h.file = s->file_id;
        clean_tok(pp, &h);
        at_name = h;
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
        pp->in_directive++;
        expand_tokens(pp, raw.v, raw.n, &out);
        pp->in_directive--;
        if (raw.n) at_name = raw.v[0];
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
        stop_all(pp);
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
        cppi_diag_tok(pp, CPP_FATAL, &at_name, "%s: No such file or directory", name);
        stop_all(pp);
        return;
    }
    struct pp_file *f = load_file(pp, path);
    if (!f) {
        cppi_diag_tok(pp, CPP_FATAL, where, "%s: %s", path, strerror(errno));
        free(path);
        stop_all(pp);
        return;
    }
    free(path);
    if (f->once) return;
    /* multiple-include optimisation: a guarded file whose guard is defined */
    if (f->guard && macro_find(pp, f->guard, f->guard_len)) return;
    u8 sys = at >= 0 ? (pp->dirs[at].kind == CPP_DIR_SYSTEM ? 2 : 0) : s->sys;
    u32 inc_file = s->file_id, inc_line = where->line;
    struct pp_src *ns = push_src(pp, f, f->data, f->len, f->path, at);
    ns->sys = sys;
    ns->inc_file = inc_file;
    ns->inc_line = inc_line;
    ns->enter_pending = true;
}

/* #line / GNU line marker.  On success *out is the -E marker to return. */
static bool do_line(struct cpp *pp, const struct cpp_token *where, struct tokvec *v, bool gnu_marker,
                    struct cpp_token *out)
{
    struct pp_src *s = &pp->srcs[pp->nsrcs - 1];
    const struct cpp_token *t = v->v;
    u32 n = v->n;
    if (!n || t[0].kind != CPP_NUMBER) {
        cppi_diag_tok(pp, CPP_ERROR, n ? &t[0] : where, "\"%.*s\" after #line is not a positive integer",
                    n ? (int)t[0].len : 0, n ? t[0].p : "");
        return false;
    }
    u64 val = 0;
    for (u32 i = 0; i < t[0].len; i++) {
        char c = t[0].p[i];
        if (c < '0' || c > '9' || val > 0xffffffffu) {
            cppi_diag_tok(pp, CPP_ERROR, &t[0], "\"%.*s\" after #line is not a positive integer",
                        (int)t[0].len, t[0].p);
            return false;
        }
        val = val * 10 + (u64)(c - '0');
    }
    if (val > 2147483647u) cppi_diag_tok(pp, CPP_WARNING, &t[0], "line number out of range");
    if (n >= 2) {
        if (t[1].kind != CPP_STRING || t[1].sub != CPP_ENC_NONE) {
            cppi_diag_tok(pp, CPP_ERROR, &t[1], "invalid filename \"%.*s\"", (int)t[1].len, t[1].p);
            return false;
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
    unsigned flag = 0;
    u8 sys = gnu_marker ? 0 : s->sys;
    if (gnu_marker)
        for (u32 i = 2; i < n; i++) {
            if (t[i].kind == CPP_NUMBER && t[i].len == 1 && t[i].p[0] >= '1' && t[i].p[0] <= '4') {
                if (t[i].p[0] <= '2') flag = (unsigned)(t[i].p[0] - '0');
                if (t[i].p[0] == '3') sys = 1;
                if (t[i].p[0] == '4' && sys) sys = 2;
            } else {
                cppi_diag_tok(pp, CPP_ERROR, &t[i], "invalid flag \"%.*s\" in line directive",
                              (int)t[i].len, t[i].p);
                break;
            }
        }
    make_special(out, CPP_MARKER, MK_RENAME, s->file_id, (u32)val, 0);
    out->len = flag;
    s->sys = sys;
    out->flags = mk_sys_flags(sys);
    /* the line after the directive gets number val */
    s->line_delta = (i64)val - (i64)s->lx.line;
    return true;
}

/* Deep copy of a macro definition (for #pragma push_macro). */
static struct pp_macro *macro_copy(struct cpp *pp, const struct pp_macro *m)
{
    struct pp_macro *c = new_macro(pp, m->name, m->nlen);
    u32 h = c->hash;
    const char *nm = c->name;
    *c = *m;
    c->next = NULL;
    c->hash = h;
    c->name = nm;
    c->disabled = false;
    c->body = xrealloc(NULL, (m->nbody ? m->nbody : 1) * sizeof *c->body);
    if (m->nbody) memcpy(c->body, m->body, m->nbody * sizeof *c->body);
    c->params = m->nparams ? xrealloc(NULL, m->nparams * sizeof *c->params) : NULL;
    c->plen = m->nparams ? xrealloc(NULL, m->nparams * sizeof *c->plen) : NULL;
    if (m->nparams) {
        memcpy(c->params, m->params, m->nparams * sizeof *c->params);
        memcpy(c->plen, m->plen, m->nparams * sizeof *c->plen);
    }
    return c;
}

/* The string operand of push_macro("X") / GCC warning "x": its contents, or NULL. */
static char *pragma_string(struct cpp *pp, struct cpp_lexer *lx, bool paren)
{
    struct cpp_token t;
    cpp_lex(lx, &t);
    if (paren) {
        if (!is_punct(&t, CPP_P_LPAREN)) return NULL;
        cpp_lex(lx, &t);
    }
    if (t.kind != CPP_STRING || t.sub != CPP_ENC_NONE || t.len < 2 ||
        (t.flags & CPP_TF_UNTERMINATED))
        return NULL;
    struct cpp_token e;
    cpp_lex(lx, &e);
    if (paren && !is_punct(&e, CPP_P_RPAREN)) return NULL;
    char *b = cppi_alloc(pp, t.len), *q = b;
    for (u32 i = 1; i + 1 < t.len; i++) {
        if (t.p[i] == '\\' && i + 2 < t.len) i++;
        *q++ = t.p[i];
    }
    *q = 0;
    return b;
}

/* -dD: the CPP_DEFINE token of a #define of m (or of an #undef of `name`: m NULL) */
static bool keep_define(struct cpp *pp, const struct cpp_token *hash, const struct pp_macro *m,
                        const char *name, u32 nlen, struct cpp_token *out)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) return false;
    if (m) cppi_print_macro(f, m);
    else fprintf(f, "#undef %.*s\n", (int)nlen, name);
    fclose(f);
    *out = *hash;
    out->kind = CPP_DEFINE;
    out->sub = 0;
    out->flags = CPP_TF_BOL;
    out->p = cppi_strndup(pp, text + 1, len - 2);   /* without '#' and the newline */
    out->len = (u32)(len - 2);
    free(text);
    return true;
}

/* Run a pragma whose text (after "pragma") is `text`.  Pragmas the preprocessor
 * implements (once, push_macro, pop_macro, GCC system_header/warning/error/poison/
 * dependency) are executed; every other one becomes a CPP_PRAGMA token for the consumer.
 * Returns true if *out holds a token to return: the pragma, or for -E a marker (the
 * directive's line, where GCC's output line for it goes). */
static bool do_pragma_text(struct cpp *pp, const char *text, const struct cpp_token *where,
                           u32 name_col, bool op, struct cpp_token *out)
{
    struct cpp_lexer lx;
    struct cpp_token t, t2;
    cpp_lex_init(&lx, text, strlen(text), 0, pp->lex_opts | CPP_LEX_QUIET);
    cpp_lex(&lx, &t);
    bool gcc = t.kind == CPP_IDENT && tok_eq(&t, "GCC", 3);
    if (gcc) cpp_lex(&lx, &t);
    struct pp_src *s = pp->nsrcs ? &pp->srcs[pp->nsrcs - 1] : NULL;
    bool handled = true;
    if (t.kind != CPP_IDENT) {
        handled = false;
    } else if (!gcc && tok_eq(&t, "once", 4)) {
        cpp_lex(&lx, &t2);
        if (t2.kind != CPP_EOF) cppi_diag_tok(pp, CPP_WARNING, where, "extra tokens at end of #pragma once");
        if (s && s->f) s->f->once = true;
        if (pp->nsrcs == 1 && !pp->opt.no_gnu && s && s->f)
            cppi_diag_tok(pp, CPP_WARNING, where, "#pragma once in main file");
    } else if (!gcc && (tok_eq(&t, "push_macro", 10) || tok_eq(&t, "pop_macro", 9))) {
        bool push = t.len == 10;
        char *name = pragma_string(pp, &lx, true);
        if (!name) {
            cppi_diag_tok(pp, CPP_ERROR, where, "invalid #pragma %s_macro directive", push ? "push" : "pop");
        } else if (push) {
            struct pp_pushed *x = xrealloc(NULL, sizeof *x);
            size_t n = strlen(name);
            x->name = xrealloc(NULL, n + 1);
            memcpy(x->name, name, n + 1);
            struct pp_macro *m = macro_find(pp, name, n);
            x->m = m && !m->builtin ? macro_copy(pp, m) : NULL;
            x->next = pp->pushed;
            pp->pushed = x;
        } else {
            for (struct pp_pushed **px = &pp->pushed; *px; px = &(*px)->next)
                if (strcmp((*px)->name, name) == 0) {
                    struct pp_pushed *x = *px;
                    *px = x->next;
                    struct pp_macro *cur = macro_find(pp, name, strlen(name));
                    if (!cur || !cur->builtin) {
                        macro_remove(pp, name, strlen(name));
                        if (x->m) macro_insert(pp, x->m);
                        x->m = NULL;
                    }
                    if (x->m) macro_free(x->m);
                    free(x->name);
                    free(x);
                    /* GCC -dD prints the #undef part of the restoring, after the line */
                    struct cpp_token u;
                    if (pp->opt.keep_defines && keep_define(pp, where, NULL, name, (u32)strlen(name), &u))
                        push_back(pp, &u);
                    break;
                }
        }
    } else if (gcc && tok_eq(&t, "system_header", 13)) {
        if (pp->nsrcs <= 1) {
            cppi_diag_tok(pp, CPP_WARNING, where, "#pragma system_header ignored outside include file");
        } else if (!op) {
            s->sys = 1;
            /* GCC: the pragma's line, then a line marker with flag 3 for the next line */
            struct cpp_token rn;
            make_special(&rn, CPP_MARKER, MK_RENAME, s->file_id, where->line + 1, 0);
            rn.flags = MK_SYS_FLAG;
            push_back(pp, &rn);
            make_special(out, CPP_MARKER, MK_LINE, where->file, where->line, name_col);
            return true;
        } else
            s->sys = 1;
    } else if (gcc && (tok_eq(&t, "warning", 7) || tok_eq(&t, "error", 5))) {
        bool err = t.len == 5;
        char *msg = pragma_string(pp, &lx, false);
        if (!msg)
            cppi_diag_tok(pp, CPP_ERROR, where, "invalid \"#pragma GCC %s\" directive", err ? "error" : "warning");
        else    /* GCC gives these no -W option: -Werror makes the warning an error */
            cppi_diag_tok(pp, err ? CPP_ERROR : CPP_WARNING, where, "%s", msg);
    } else if (gcc && tok_eq(&t, "poison", 6)) {
        for (;;) {
            cpp_lex(&lx, &t2);
            if (t2.kind == CPP_EOF) break;
            if (t2.kind != CPP_IDENT) {
                cppi_diag_tok(pp, CPP_ERROR, where, "invalid #pragma GCC poison directive");
                break;
            }
            struct pp_macro *m = macro_find(pp, t2.p, t2.len);
            if (m && m->builtin == B_POISON) continue;
            if (m) {
                cppi_diag_tok(pp, CPP_WARNING, where, "poisoning existing macro \"%.*s\"", (int)t2.len, t2.p);
                macro_remove(pp, t2.p, t2.len);
            }
            struct pp_macro *pm = new_macro(pp, t2.p, t2.len);
            pm->builtin = B_POISON;
            macro_insert(pp, pm);
        }
    } else if (gcc && tok_eq(&t, "dependency", 10)) {
        /* file-date check: accepted, not performed */
    } else
        handled = false;
    if (handled) {
        if (op) return false;
        make_special(out, CPP_MARKER, MK_LINE, where->file, where->line, name_col);
        return true;
    }
    /* for the consumer: the text with single spaces between tokens.  The operands of
       the pragmas GCC macro-expands (pack, message, redefine_extname) are expanded. */
    bool deferred = !gcc && t.kind == CPP_IDENT &&
                    (tok_eq(&t, "pack", 4) || tok_eq(&t, "message", 7) ||
                     tok_eq(&t, "redefine_extname", 16));
    size_t n = strlen(text);
    struct tokvec raw = {0}, ex = {0};
    cpp_lex_init(&lx, text, n, where->file, pp->lex_opts | CPP_LEX_QUIET);
    while (cpp_lex(&lx, &t)) {
        t.line = where->line;
        t.flags &= ~(u32)CPP_TF_BOL;
        cppi_tv_push(&raw, &t);
    }
    if (deferred && raw.n > 1) {
        /* expanded with paddings, which give the spacing */
        struct tokvec pv = {0};
        cppi_tv_push(&ex, &raw.v[0]);
        unsigned save = pp->in_directive;
        pp->in_directive = 0;
        expand_tokens(pp, raw.v + 1, raw.n - 1, &pv);
        pp->in_directive = save;
        int src = -1;
        bool pad = false;
        for (u32 k = 0; k < pv.n; k++) {
            if (pv.v[k].kind == CPP_PADDING) {
                pad = true;
                src = pad_source(src, pv.v[k].sub);
                continue;
            }
            struct cpp_token x = pv.v[k];
            bool white = pad && src >= 0 ? src == PAD_WHITE : (x.flags & CPP_TF_SPACE) != 0;
            x.flags = (x.flags & ~(u32)CPP_TF_SPACE) | (white ? CPP_TF_SPACE : 0);
            cppi_tv_push(&ex, &x);
            pad = false;
            src = -1;
        }
        free(pv.v);
    } else {
        ex = raw;
        raw.v = NULL;
    }
    size_t len = 1;
    for (u32 k = 0; k < ex.n; k++) len += ex.v[k].len + 1;
    char *b = cppi_alloc(pp, len), *q = b;
    for (u32 k = 0; k < ex.n; k++) {
        if (q > b && (ex.v[k].flags & CPP_TF_SPACE)) *q++ = ' ';
        memcpy(q, ex.v[k].p, ex.v[k].len);
        q += ex.v[k].len;
    }
    *q = 0;
    free(raw.v);
    free(ex.v);
    out->kind = CPP_PRAGMA;
    out->p = b;
    out->len = (u32)(q - b);
    out->sub = op ? CPP_PRAGMA_OPERATOR : 0;
    out->flags = CPP_TF_BOL | (where->flags & CPP_TF_EXPANDED) | (deferred ? TF_PRAGMA_DEFERRED : 0);
    /* GCC -E: after a non-deferred _Pragma, the column of the line's first token */
    if (op && !(deferred && (where->flags & CPP_TF_EXPANDED))) name_col = pp->line_col;
    out->file = where->file;
    out->line = where->line;
    out->col = op ? name_col : where->col;
    return true;
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
    /* include guard detection: only "#ifndef G / #if !defined G ... #endif" at the top */
    bool top = pp->nconds == s->cond_base;
    u8 mi = s->mi_state;
    if (top) s->mi_state = MI_NONE;
    pp->mi_name = NULL;
    if (t.kind == CPP_NUMBER) { /* GNU line marker: # 33 "file" flags */
        if (skip) {
            skip_line(pp);
            return false;
        }
        struct tokvec v = {0};
        cppi_tv_push(&v, &t);
        read_line(pp, &v);
        bool r = do_line(pp, hash, &v, true, out);
        free(v.v);
        return r;
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
                if (nm.kind == CPP_EOD)
                    cppi_diag_tok(pp, CPP_ERROR, &nm, "no macro name given in #%.*s directive",
                                  (int)t.len, t.p);
                else
                    cppi_diag_tok(pp, CPP_ERROR, &nm, "macro names must be identifiers");
                if (nm.kind != CPP_EOD) skip_line(pp);
                v = false;
            } else {
                v = macro_find_tok(pp, &nm) != NULL;
                if (ndef) {
                    v = !v;
                    pp->mi_name = nm.p;
                    pp->mi_len = nm.len;
                }
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
        if (top && mi == MI_START && pp->mi_name) {
            s->mi_state = MI_INSIDE;
            s->mi_name = pp->mi_name;
            s->mi_len = pp->mi_len;
        }
        return false;
    }
    if (IS("elif") || IS("else") || IS("endif")) {
        if (pp->nconds <= s->cond_base) {
            cppi_diag_tok(pp, CPP_ERROR, &t, "#%.*s without #if", (int)t.len, t.p);
            skip_line(pp);
            return false;
        }
        struct pp_cond *c = &pp->conds[pp->nconds - 1];
        if (pp->nconds - 1 == s->cond_base && s->mi_state == MI_INSIDE)
            s->mi_state = IS("endif") ? MI_AFTER : MI_NONE;
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
            if (nm.kind == CPP_EOD)
                cppi_diag_tok(pp, CPP_ERROR, &nm, "no macro name given in #%.*s directive",
                              (int)t.len, t.p);
            else
                cppi_diag_tok(pp, CPP_ERROR, &nm, "macro names must be identifiers");
            if (nm.kind != CPP_EOD) skip_line(pp);
            return false;
        }
        if (IS("define")) {
            struct tokvec v = {0};
            read_line(pp, &v);
            define_macro(pp, &nm, v.v, v.n);
            free(v.v);
            struct pp_macro *m = macro_find_tok(pp, &nm);
            if (m && pp->opt.keep_defines) return keep_define(pp, hash, m, nm.p, nm.len, out);
        } else {
            if (is_builtin_name(nm.p, nm.len))
                cppi_diag_tok(pp, CPP_ERROR, &nm, "\"%.*s\" cannot be used as a macro name",
                            (int)nm.len, nm.p);
            else {
                struct pp_macro *um = macro_find_tok(pp, &nm);
                if (um) macro_remove(pp, um->name, um->nlen);
            }
            struct cpp_token x;
            dtok(pp, &x);
            if (x.kind != CPP_EOD) {
                cppi_diag_tok(pp, CPP_WARNING, &x, "extra tokens at end of #undef directive");
                skip_line(pp);
            }
            if (pp->opt.keep_defines) return keep_define(pp, hash, NULL, nm.p, nm.len, out);
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
        pp->in_directive++;
        expand_tokens(pp, raw.v, raw.n, &v);
        pp->in_directive--;
        bool r = do_line(pp, &t, &v, false, out);
        free(raw.v);
        free(v.v);
        return r;
    }
    if (IS("error") || (IS("warning") && !pp->opt.no_gnu)) {
        struct tokvec v = {0};
        read_line(pp, &v);
        if (IS("error")) {
            cppi_diag_tok(pp, CPP_ERROR, &t, "#error %s", line_text(pp, v.v, v.n));
        } else {
            char text[1024];
            snprintf(text, sizeof text, "#warning %s", line_text(pp, v.v, v.n));
            diag_wcpp(pp, &t, text);
        }
        free(v.v);
        return false;
    }
    if (IS("pragma")) {
        struct tokvec v = {0};
        read_line(pp, &v);
        bool have = do_pragma_text(pp, line_text(pp, v.v, v.n), hash, v.n ? v.v[0].col : t.col,
                                   false, out);
        free(v.v);
        return have;
    }
    if ((IS("ident") || IS("sccs")) && !pp->opt.no_gnu) {
        /* passed on as a CPP_PRAGMA token with sub CPP_PRAGMA_IDENT (GCC -E prints it) */
        struct tokvec v = {0};
        read_line(pp, &v);
        if (v.n != 1 || v.v[0].kind != CPP_STRING) {
            cppi_diag_tok(pp, CPP_ERROR, &t, "invalid #%.*s directive", (int)t.len, t.p);
            free(v.v);
            return false;
        }
        *out = v.v[0];
        out->kind = CPP_PRAGMA;
        out->sub = CPP_PRAGMA_IDENT;
        out->flags = CPP_TF_BOL;
        out->line = hash->line;
        out->col = hash->col;
        free(v.v);
        return true;
    }
#undef IS
    cppi_diag_tok(pp, CPP_ERROR, &t, "invalid preprocessing directive #%.*s", (int)t.len, t.p);
    skip_line(pp);
    return false;
}

/* ---------------------------------------------------------------- token sources */

/* An internal token (padding, marker, EOF) with no spelling. */
static void make_special(struct cpp_token *t, enum cpp_kind k, unsigned sub, u32 file, u32 line,
                         u32 col)
{
    memset(t, 0, sizeof *t);
    t->p = "";
    t->kind = (u16)k;
    t->sub = (u16)sub;
    t->file = file;
    t->line = line;
    t->col = col;
}

static const struct cpp_token pad_tokens[3] = {
    {.p = "", .kind = CPP_PADDING, .sub = PAD_NULL},
    {.p = "", .kind = CPP_PADDING, .sub = PAD_NOWHITE},
    {.p = "", .kind = CPP_PADDING, .sub = PAD_WHITE},
};

/* Next token from the files (directives executed, skipped groups dropped).  At the end
 * of an included file returns a "soft" EOF (sub = 1) once, then an MK_LEAVE marker;
 * entering one returns an MK_ENTER marker first (len = the includer's file id, col =
 * the line of the #include).  The first token of a line read outside an argument
 * search is flagged CPP_TF_LINECHANGE (GCC: -E starts a new output line there). */
static void file_token(struct cpp *pp, struct cpp_token *t)
{
    for (;;) {
        if (!pp->nsrcs) {
            make_special(t, CPP_EOF, 0, 0, 0, 0);
            return;
        }
        struct pp_src *s = &pp->srcs[pp->nsrcs - 1];
        if (s->enter_pending) {
            s->enter_pending = false;
            make_special(t, CPP_MARKER, MK_ENTER, s->file_id, 1, s->inc_line);
            t->len = s->inc_file;
            t->flags = mk_sys_flags(s->sys);
            return;
        }
        if (s->at_eof) {
            bool cmdline = s->cmdline;
            pop_src(pp);
            if (!pp->nsrcs) continue;
            struct pp_src *ps = &pp->srcs[pp->nsrcs - 1];
            if (cmdline) {
                /* GCC: back to "<command-line>", then the main file starts */
                if (!ps->cmdline) {
                    struct cpp_token rn;
                    make_special(&rn, CPP_MARKER, MK_RENAME, ps->file_id,
                                 (u32)((i64)ps->lx.line + ps->line_delta), 0);
                    rn.flags = mk_sys_flags(ps->sys);
                    push_back(pp, &rn);
                }
                make_special(t, CPP_MARKER, MK_LEAVE, pp->cmdline_file, 0, 0);
                return;
            }
            make_special(t, CPP_MARKER, MK_LEAVE, ps->file_id,
                         (u32)((i64)ps->lx.line + ps->line_delta), 0);
            t->flags = mk_sys_flags(ps->sys);
            return;
        }
        bool skip = skipping(pp);
        if (skip)
            s->lx.opts |= CPP_LEX_QUIET;
        cpp_lex(&s->lx, t);
        if (skip) s->lx.opts &= ~(u32)CPP_LEX_QUIET;
        t->line = (u32)((i64)t->line + s->line_delta);
        t->file = s->file_id;
        if (t->kind == CPP_EOF) {
            if (s->f && s->mi_state == MI_AFTER && !s->f->guard && pp->nconds == s->cond_base) {
                s->f->guard = xrealloc(NULL, s->mi_len + 1);
                memcpy(s->f->guard, s->mi_name, s->mi_len);
                s->f->guard[s->mi_len] = 0;
                s->f->guard_len = s->mi_len;
            }
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
                if (t->kind != CPP_MARKER) {
                    pp->cur_file = t->file;
                    pp->cur_line = t->line;
                }
                return;
            }
            continue;
        }
        if (skip) continue;
        clean_tok(pp, t);
        t->flags |= tf_sys(s->sys);
        if (pp->nconds == s->cond_base) s->mi_state = MI_NONE; /* text outside a guard */
        if (t->flags & CPP_TF_BOL) {
            pp->line_col = t->col;
            if (!pp->parsing_args) t->flags |= CPP_TF_LINECHANGE;
        }
        pp->cur_file = t->file;
        pp->cur_line = t->line;
        pp->cur_depth = include_level(pp);
        return;
    }
}

static void push_ctx(struct cpp *pp, struct cpp_token *toks, u32 n, struct pp_macro *m,
                     bool barrier, bool owns, bool pad)
{
    GROW(pp->ctxs, pp->nctx, pp->capctx);
    struct pp_ctx *c = &pp->ctxs[pp->nctx++];
    c->toks = toks;
    c->n = n;
    c->pos = 0;
    c->macro = m;
    c->barrier = barrier;
    c->owns = owns;
    c->pad = pad;
    if (m) m->disabled = true;
}

static void pop_ctx(struct cpp *pp)
{
    struct pp_ctx *c = &pp->ctxs[--pp->nctx];
    if (c->macro) c->macro->disabled = false;
    if (c->owns) free(c->toks);
}

/* Next unexpanded token: from the innermost context, else from the files.  The end of
 * a macro's context reads as an "avoid paste" padding (outside directives). */
static void next_raw(struct cpp *pp, struct cpp_token *t)
{
    if (pp->fatal) {
        make_special(t, CPP_EOF, 0, 0, 0, 0);
        return;
    }
    if (pp->pend.n) {
        *t = pp->pend.v[--pp->pend.n];
        return;
    }
    while (pp->nctx) {
        struct pp_ctx *c = &pp->ctxs[pp->nctx - 1];
        if (c->pos < c->n) {
            *t = c->toks[c->pos++];
            return;
        }
        if (c->barrier) {
            make_special(t, CPP_EOF, 2, 0, 0, 0); /* barrier */
            return;
        }
        bool pad = c->pad && !pp->in_directive;
        pop_ctx(pp);
        if (pad) {
            *t = pad_tokens[PAD_NULL];
            return;
        }
    }
    file_token(pp, t);
}

static void push_back(struct cpp *pp, const struct cpp_token *t)
{
    if (t->kind == CPP_EOF && t->sub != 1) return; /* barrier/final EOF repeats by itself */
    tv_push(&pp->pend, t);
}

/* ---------------------------------------------------------------- expansion */

struct margs {
    struct tokvec toks;   /* all argument tokens, back to back */
    u32 *start;           /* start[i]..start[i+1] is argument i */
    u32 n;
    bool *expanded_done;
    struct tokvec *expanded;
    bool va_omitted;      /* variadic macro invoked without the variable arguments */
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
    u32 real = 0; /* non-padding tokens */
    struct cpp_token t;
    for (;;) {
        next_raw(pp, &t);
        if (t.kind == CPP_EOF) {
            cppi_diag_tok(pp, CPP_ERROR, name, "unterminated argument list invoking macro \"%s\"",
                        m->name);
            push_back(pp, &t);
            return false;
        }
        if (t.kind == CPP_PADDING) {
            if (a->toks.n == a->start[a->n]) continue; /* leading padding of an argument */
            tv_push(&a->toks, &t);
            continue;
        }
        /* a #pragma or a file change inside the arguments: dropped */
        if (t.kind == CPP_PRAGMA || t.kind == CPP_MARKER || t.kind == CPP_DEFINE) continue;
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
                real++;
                continue;
            }
        }
        if (t.flags & CPP_TF_BOL) {
            t.flags &= ~(u32)CPP_TF_BOL;
            t.flags |= CPP_TF_SPACE;
        }
        t.flags &= ~(u32)CPP_TF_LINECHANGE;
        real++;
        tv_push(&a->toks, &t);
        if (pp->arg_tokens + a->toks.n > PP_MAX_ARG_TOKENS) {
            cppi_diag_tok(pp, CPP_FATAL, name, "macro arguments nested too deeply (more than %u "
                          "tokens of arguments held at once)", PP_MAX_ARG_TOKENS);
            stop_all(pp);
            return false;
        }
    }
    a->n++;
    if (a->n + 1 > capstart) a->start = xrealloc(a->start, (a->n + 1) * sizeof *a->start);
    a->start[a->n] = a->toks.n;

    /* argument count */
    u32 want = m->nparams;
    if (a->n == 1 && real == 0 && want == 0) {
        a->n = 0; /* f() for a macro without parameters */
        a->start[1] = a->start[0] = 0;
        a->toks.n = 0;
    } else if (m->variadic && a->n == want - 1) {
        /* variadic part omitted entirely (C11 requires one argument; GNU allows none) */
        if (pp->opt.no_gnu)
            cppi_diag_tok(pp, CPP_WARNING, name, "ISO C99 requires at least one argument for the \"...\" in a variadic macro");
        a->start = xrealloc(a->start, (a->n + 2) * sizeof *a->start);
        a->start[a->n + 1] = a->start[a->n];
        a->n++;
        a->va_omitted = true;
    }
    if (a->n != want) {
        if (a->n > want)
            cppi_diag_tok(pp, CPP_ERROR, &t, "macro \"%s\" passed %u arguments, but takes just %u",
                          m->name, a->n, want);
        else
            cppi_diag_tok(pp, CPP_ERROR, &t, "macro \"%s\" requires %u arguments, but only %u given",
                          m->name, want, a->n);
        return false;
    }
    a->expanded = xrealloc(NULL, (a->n ? a->n : 1) * sizeof *a->expanded);
    a->expanded_done = xrealloc(NULL, (a->n ? a->n : 1) * sizeof *a->expanded_done);
    memset(a->expanded, 0, (a->n ? a->n : 1) * sizeof *a->expanded);
    memset(a->expanded_done, 0, (a->n ? a->n : 1) * sizeof *a->expanded_done);
    pp->arg_tokens += a->toks.n;  /* given back by the caller after substitution */
    return true;
}

static void expand_next(struct cpp *pp, struct cpp_token *t);

/* Fully macro-expand tokens in isolation (behind a barrier).  Paddings are kept (they
 * carry -E spacing) except in directives, where none are made. */
static void expand_tokens(struct cpp *pp, const struct cpp_token *in, u32 n, struct tokvec *out)
{
    /* each level of arguments within arguments takes about 1.2 KB of C stack */
    if (pp->expand_depth >= PP_MAX_ARG_NESTING) {
        if (n) cppi_diag_tok(pp, CPP_FATAL, &in[0], "macro arguments nested too deeply (more than %u levels)",
                             PP_MAX_ARG_NESTING);
        stop_all(pp);
        return;
    }
    pp->expand_depth++;
    push_ctx(pp, (struct cpp_token *)in, n, NULL, true, false, false);
    u32 mark = pp->nctx;
    struct cpp_token t;
    for (;;) {
        expand_next(pp, &t);
        if (t.kind == CPP_EOF) break;
        if (t.kind == CPP_PLACEMARKER || t.kind == CPP_MARKER) continue;
        if (t.kind == CPP_PADDING) {
            if (!pp->in_directive) push_pad(out, t.sub);
            continue;
        }
        tv_push(out, &t);
    }
    /* contexts above the barrier were popped on the way; now drop the barrier */
    while (pp->nctx >= mark) pop_ctx(pp);
    pp->expand_depth--;
}

static const struct tokvec *arg_expanded(struct cpp *pp, struct margs *a, u32 i)
{
    if (!a->expanded_done[i]) {
        a->expanded_done[i] = true;
        expand_tokens(pp, argp(a, i), a->start[i + 1] - a->start[i], &a->expanded[i]);
    }
    return &a->expanded[i];
}

/* GCC's rule for the white space a run of paddings gives the next token: `src` is -1
 * (no source yet) or PAD_NOWHITE/PAD_WHITE. */
static int pad_source(int src, unsigned pad)
{
    if (src < 0 || (src == PAD_NOWHITE && pad == PAD_NULL)) return pad == PAD_NULL ? -1 : (int)pad;
    return src;
}

static struct cpp_token stringify(struct cpp *pp, const struct cpp_token *v, u32 n,
                                  const struct cpp_token *where)
{
    size_t cap = 3;
    for (u32 i = 0; i < n; i++) cap += 2 * (size_t)v[i].len + 1;
    char *b = cppi_alloc(pp, cap), *q = b;
    *q++ = '"';
    bool first = true;
    int src = -1;
    for (u32 i = 0; i < n; i++) {
        if (v[i].kind == CPP_PADDING) {
            src = pad_source(src, v[i].sub);
            continue;
        }
        if (v[i].kind == CPP_PLACEMARKER || v[i].kind == CPP_MARKER) continue;
        bool white = src < 0 ? (v[i].flags & (CPP_TF_SPACE | CPP_TF_BOL)) != 0 : src == PAD_WHITE;
        if (!first && white) *q++ = ' ';
        first = false;
        src = -1;
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
    /* (for -E, the string counts as spelled where its argument was) */
    u32 sysf = n ? v[0].flags & (TF_SYS | TF_SYS4) : where->flags & (TF_SYS | TF_SYS4);
    r.flags = (where->flags & (CPP_TF_SPACE | CPP_TF_EXPANDED)) | sysf;
    /* a string ending in an odd number of backslashes is not a valid literal: as GCC,
       the final backslash is dropped */
    u32 bs = 0;
    for (u32 k = r.len - 1; k > 0 && b[k - 1] == '\\'; k--) bs++;
    if (bs % 2) {
        cppi_diag_tok(pp, CPP_WARNING, where, "invalid string literal, ignoring final '\\'");
        b[r.len - 2] = '"';
        b[--r.len] = 0;
    }
    return r;
}

/* Paste two tokens (C11 6.10.3.3).  Writes the result into *l; false (l unchanged) if
 * the result is not one valid preprocessing token. */
static bool paste(struct cpp *pp, struct cpp_token *l, const struct cpp_token *r)
{
    if (r->kind == CPP_PLACEMARKER) return true;
    if (l->kind == CPP_PLACEMARKER) {
        u32 fl = l->flags;
        *l = *r;
        l->flags = (r->flags & ~(u32)(CPP_TF_SPACE | CPP_TF_BOL)) | (fl & CPP_TF_SPACE);
        return true;
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
        return false;
    }
    u32 fl = l->flags & (CPP_TF_SPACE | CPP_TF_EXPANDED | TF_SYS | TF_SYS4);
    t.p = b;
    t.file = l->file;
    t.line = l->line;
    t.col = l->col;
    t.flags = fl | (t.flags & (CPP_TF_DIGRAPH | CPP_TF_UCN));
    *l = t;
    return true;
}

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

struct subst {
    struct cpp *pp;
    struct pp_macro *m;
    struct margs *a;
    const struct cpp_token *name;
    const struct cpp_token *b; /* replacement list */
};

static bool is_param(const struct subst *s, const struct cpp_token *t)
{
    return s->m->func && t->kind == CPP_IDENT && t->sub;
}

/* End of the operand starting at b[i] (before `to`): "# param", a __VA_OPT__ group
 * (index past its ')'), or one token. */
static u32 operand_end(const struct subst *s, u32 i, u32 to)
{
    const struct cpp_token *b = s->b;
    if (s->m->func && is_punct(&b[i], CPP_P_HASH) && i + 1 < to && is_param(s, &b[i + 1]))
        return i + 2;
    if (b[i].flags & CPP_TF_VAOPT) {
        u32 depth = 0, k = i + 1;
        for (; k < to; k++) {
            if (is_punct(&b[k], CPP_P_LPAREN)) depth++;
            else if (is_punct(&b[k], CPP_P_RPAREN) && --depth == 0) return k + 1;
        }
        return to;
    }
    return i + 1;
}

static void subst_range(struct subst *s, u32 from, u32 to, struct tokvec *out);

/* True if the variable arguments expand to at least one token (__VA_OPT__, as GCC). */
static bool va_present(struct subst *s)
{
    const struct tokvec *e = arg_expanded(s->pp, s->a, s->m->nparams - 1);
    for (u32 k = 0; k < e->n; k++)
        if (e->v[k].kind != CPP_PADDING && e->v[k].kind != CPP_PLACEMARKER) return true;
    return false;
}

/* Tokens of the operand b[i..e): kind 0 plain token, 1 parameter/stringified/__VA_OPT__
 * group.  `raw`: operand of ## (arguments unexpanded, no paddings). */
static int operand(struct subst *s, u32 i, u32 e, bool raw, struct tokvec *v)
{
    const struct cpp_token *b = s->b;
    struct cpp *pp = s->pp;
    if (e == i + 2 && is_punct(&b[i], CPP_P_HASH)) {
        u32 pi = b[i + 1].sub - 1u;
        struct cpp_token x = stringify(pp, argp(s->a, pi), s->a->start[pi + 1] - s->a->start[pi], &b[i]);
        x = body_tok(&x, s->name);
        x.flags = (x.flags & ~(u32)CPP_TF_SPACE) | (b[i].flags & CPP_TF_SPACE);
        tv_push(v, &x);
        return 1;
    }
    if (b[i].flags & CPP_TF_VAOPT) {
        if (e - i >= 3 && va_present(s)) {
            struct tokvec g = {0};
            subst_range(s, i + 2, e - 1, &g);
            for (u32 k = 0; k < g.n; k++)
                if (!raw || g.v[k].kind != CPP_PADDING) tv_push(v, &g.v[k]);
            free(g.v);
        }
        return 1;
    }
    if (is_param(s, &b[i])) {
        u32 pi = b[i].sub - 1u;
        const struct cpp_token *pv;
        u32 n;
        if (raw) {
            pv = argp(s->a, pi);
            n = s->a->start[pi + 1] - s->a->start[pi];
        } else {
            const struct tokvec *x = arg_expanded(pp, s->a, pi);
            pv = x->v;
            n = x->n;
        }
        if (!raw) {
            if (n && pv[0].kind == CPP_PADDING && v->n && v->v[v->n - 1].kind == CPP_PADDING) {
                push_pad(v, pv[0].sub);
                pv++;
                n--;
            }
            tv_reserve(v, n);
            if (n) memcpy(v->v + v->n, pv, n * sizeof *pv);
            v->n += n;
        } else
            for (u32 k = 0; k < n; k++)
                if (pv[k].kind != CPP_PADDING) tv_push(v, &pv[k]);
        return 1;
    }
    struct cpp_token x = body_tok(&b[i], s->name);
    tv_push(v, &x);
    return 0;
}

/* Fold a padding into a padding just before it: a run of paddings acts as the one
 * pad_source() leaves, for the printer, stringification and the '(' lookahead alike. */
static inline void push_pad(struct tokvec *out, unsigned kind)
{
    if (out->n && out->v[out->n - 1].kind == CPP_PADDING) {
        struct cpp_token *l = &out->v[out->n - 1];
        int src = pad_source(l->sub == PAD_NULL ? -1 : (int)l->sub, kind);
        l->sub = (u16)(src < 0 ? PAD_NULL : src);
        return;
    }
    tv_push(out, &pad_tokens[kind]);
}

/* Substitute b[from..to) of the replacement list into out (C11 6.10.3.1-3): arguments
 * macro-expanded unless operands of # or ##, # and ## applied, __VA_OPT__ groups kept
 * or dropped.  Paddings go where GCC puts them, for -E spacing. */
static void subst_range(struct subst *s, u32 from, u32 to, struct tokvec *out)
{
    struct cpp *pp = s->pp;
    const struct cpp_token *b = s->b;
    struct cpp_token pm;
    make_special(&pm, CPP_PLACEMARKER, 0, 0, 0, 0);
    struct tokvec v = {0};
    u32 i = from;
    while (i < to) {
        if (is_punct(&b[i], CPP_P_HASHHASH) && i + 1 < to) {
            u32 j = i + 1, e = operand_end(s, j, to);
            bool more = e < to && is_punct(&b[e], CPP_P_HASHHASH);
            v.n = 0;
            int k = operand(s, j, e, true, &v);
            /* GNU: , ## __VA_ARGS__ drops the comma when the variable arguments are empty
               and is no paste otherwise */
            if (k && is_param(s, &b[j]) && s->m->variadic && b[j].sub == s->m->nparams &&
                i > from && is_punct(&b[i - 1], CPP_P_COMMA) && !pp->opt.no_gnu && out->n &&
                is_punct(&out->v[out->n - 1], CPP_P_COMMA)) {
                /* GCC: the comma goes if the arguments are omitted altogether, or
                   empty when they are the only parameter; else it stays */
                if (v.n == 0 && (s->a->va_omitted || s->m->nparams == 1))
                    out->n--;
                for (u32 x = 0; x < v.n; x++) tv_push(out, &v.v[x]);
                if (!more) push_pad(out, PAD_NULL);
                i = e;
                continue;
            }
            if (v.n == 0) tv_push(&v, &pm);
            while (out->n && out->v[out->n - 1].kind == CPP_PADDING) out->n--;
            if (!out->n) tv_push(out, &pm);
            struct cpp_token *l = &out->v[out->n - 1];
            u32 x = 1;
            if (!paste(pp, l, &v.v[0])) x = 0;
            if (!(more && v.n == 1)) push_pad(out, PAD_NULL); /* the pasted token's end */
            for (; x < v.n; x++) tv_push(out, &v.v[x]);
            if (k && !more) push_pad(out, PAD_NULL);
            i = e;
            continue;
        }
        u32 e = operand_end(s, i, to);
        bool paste_next = e < to && is_punct(&b[e], CPP_P_HASHHASH);
        v.n = 0;
        bool special = e != i + 1 || is_param(s, &b[i]) || (b[i].flags & CPP_TF_VAOPT);
        if (!special) {
            struct cpp_token x = body_tok(&b[i], s->name);
            tv_push(out, &x);
            i = e;
            continue;
        }
        /* padding on the left (the operand's own white space), unless first */
        if (i != from) push_pad(out, (b[i].flags & CPP_TF_SPACE) ? PAD_WHITE : PAD_NOWHITE);
        u32 before = out->n;
        operand(s, i, e, paste_next, out);
        if (out->n == before) tv_push(out, &pm);
        if (!paste_next) push_pad(out, PAD_NULL);
        i = e;
    }
    free(v.v);
}

static void substitute(struct cpp *pp, struct pp_macro *m, struct margs *a,
                       const struct cpp_token *name, struct tokvec *out)
{
    struct subst s = {pp, m, a, name, m->body};
    subst_range(&s, 0, m->nbody, out);
    u32 w = 0;
    for (u32 i = 0; i < out->n; i++)
        if (out->v[i].kind != CPP_PLACEMARKER) out->v[w++] = out->v[i];
    out->n = w;
}

/* All tokens of an expansion are marked as expanded. */
static void set_expansion_pos(struct cpp_token *v, u32 n)
{
    for (u32 i = 0; i < n; i++) v[i].flags |= CPP_TF_EXPANDED;
}

static struct cpp_token make_tok(struct cpp *pp, enum cpp_kind k, const char *text,
                                 const struct cpp_token *where)
{
    struct cpp_token r = *where;
    r.kind = (u16)k;
    r.sub = 0;
    r.len = (u32)strlen(text);
    r.p = cppi_strndup(pp, text, r.len);
    r.flags = (where->flags & (CPP_TF_SPACE | CPP_TF_BOL | TF_SYS | TF_SYS4)) | CPP_TF_EXPANDED;
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
static void next_real(struct cpp *pp, struct cpp_token *t)
{
    do
        next_raw(pp, t);
    while (t->kind == CPP_PADDING || t->kind == CPP_MARKER);
}

/* Removes the paddings of v; returns true (for use in conditions). */
static bool drop_paddings(struct tokvec *v)
{
    u32 w = 0;
    for (u32 i = 0; i < v->n; i++)
        if (v->v[i].kind != CPP_PADDING) v->v[w++] = v->v[i];
    v->n = w;
    return true;
}

static bool read_paren_operand2(struct cpp *pp, const struct cpp_token *op, struct tokvec *v,
                                bool keep_pad)
{
    struct cpp_token t;
    next_real(pp, &t);
    if (!is_punct(&t, CPP_P_LPAREN)) {
        cppi_diag_tok(pp, CPP_ERROR, op, "missing '(' after \"%.*s\"", (int)op->len, op->p);
        push_back(pp, &t);
        return false;
    }
    u32 depth = 0;
    for (;;) {
        next_raw(pp, &t);
        if (t.kind == CPP_PADDING || t.kind == CPP_MARKER) {
            if (keep_pad && t.kind == CPP_PADDING) tv_push(v, &t); /* spacing, for # */
            continue;
        }
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
        tv_push(v, &t);
    }
}

static bool read_paren_operand(struct cpp *pp, const struct cpp_token *op, struct tokvec *v)
{
    return read_paren_operand2(pp, op, v, false);
}

static bool builtin(struct cpp *pp, struct pp_macro *m, struct cpp_token *t)
{
    char buf[64];
    const struct cpp_token where = *t;
    if (!(t->flags & CPP_TF_EXPANDED)) {
        /* a built-in macro is an expansion too: -E prints its result at its place */
        pp->xfile = t->file;
        pp->xline = t->line;
        pp->xcol = t->col;
        pp->xsys = (t->flags & TF_SYS) != 0;
    }
    switch ((enum pp_builtin)m->builtin) {
    case B_FILE:
        *t = string_tok(pp, cpp_file_name(pp, where.file ? where.file : pp->cur_file), &where);
        return true;
    case B_BASE_FILE:
        *t = string_tok(pp, cpp_file_name(pp, pp->base_file), &where);
        return true;
    case B_FILE_NAME: {
        const char *f = cpp_file_name(pp, where.file ? where.file : pp->cur_file);
        const char *sl = strrchr(f, '/');
        *t = string_tok(pp, sl ? sl + 1 : f, &where);
        return true;
    }
    case B_TIMESTAMP: {
        struct stat st;
        struct tm tmv;
        const struct pp_src *s = pp->nsrcs ? &pp->srcs[pp->nsrcs - 1] : NULL;
        static const char *const days[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
        static const char *const mon[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                          "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
        char b2[64];
        if (s && s->f && stat(s->f->path, &st) == 0 && localtime_r(&st.st_mtime, &tmv))
            snprintf(b2, sizeof b2, "\"%s %s %2d %02d:%02d:%02d %d\"", days[tmv.tm_wday % 7],
                     mon[tmv.tm_mon % 12], tmv.tm_mday % 100, tmv.tm_hour % 100,
                     tmv.tm_min % 100, tmv.tm_sec % 100, (tmv.tm_year + 1900) % 10000);
        else
            snprintf(b2, sizeof b2, "\"??? ??? ?? ??:??:?? ????\"");
        *t = make_tok(pp, CPP_STRING, b2, &where);
        return true;
    }
    case B_HAS_ATTRIBUTE:
    case B_HAS_C_ATTRIBUTE:
    case B_HAS_BUILTIN: {
        struct tokvec v = {0};
        long long val = 0;
        if (read_paren_operand(pp, &where, &v)) {
            /* attribute: [scope ::] name, __name__ normalised to name */
            char nm[256];
            size_t n = 0;
            bool ok = v.n > 0;
            for (u32 k = 0; k < v.n && ok; k++) {
                const struct cpp_token *x = &v.v[k];
                bool colon = x->kind == CPP_PUNCT && x->sub == CPP_P_COLON;
                if (!(x->kind == CPP_IDENT || colon) || n + x->len >= sizeof nm) ok = false;
                else {
                    memcpy(nm + n, x->p, x->len);
                    n += x->len;
                }
            }
            if (!ok) {
                cppi_diag_tok(pp, CPP_ERROR, &where, "macro \"%s\" requires an identifier", m->name);
            } else {
                nm[n] = 0;
                const char *q = nm;
                size_t qn = n;
                if (m->builtin != B_HAS_BUILTIN) {
                    const char *sc = strstr(nm, "::");
                    const char *base = sc ? sc + 2 : nm;
                    size_t bn = n - (size_t)(base - nm);
                    if (bn > 4 && base[0] == '_' && base[1] == '_' && base[bn - 1] == '_' &&
                        base[bn - 2] == '_') {
                        memmove((char *)base, base + 2, bn - 4);
                        qn = n - 4;
                        nm[qn] = 0;
                    }
                }
                int kind = m->builtin == B_HAS_BUILTIN ? CPP_HAS_BUILTIN
                           : m->builtin == B_HAS_C_ATTRIBUTE ? CPP_HAS_C_ATTRIBUTE
                                                             : CPP_HAS_ATTRIBUTE;
                if (pp->opt.has) val = pp->opt.has(pp->opt.has_ctx, kind, q, qn);
            }
        }
        free(v.v);
        snprintf(buf, sizeof buf, "%lld", val);
        *t = make_tok(pp, CPP_NUMBER, buf, &where);
        return true;
    }
    case B_LINE:
        snprintf(buf, sizeof buf, "%u", where.line ? where.line : pp->cur_line);
        *t = make_tok(pp, CPP_NUMBER, buf, &where);
        return true;
    case B_COUNTER:
        snprintf(buf, sizeof buf, "%u", pp->counter++);
        *t = make_tok(pp, CPP_NUMBER, buf, &where);
        return true;
    case B_INCLUDE_LEVEL:
        snprintf(buf, sizeof buf, "%u", include_level(pp));
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
        if (!read_paren_operand2(pp, &where, &v, true)) {
            free(v.v);
            return false;
        }
        u32 real = 0;
        for (u32 i = 0; i < v.n; i++) real += v.v[i].kind != CPP_PADDING;
        if (real && !(real == 1 && drop_paddings(&v) && v.v[0].kind == CPP_STRING)) {
            /* as GCC: an operand that is not a string is macro-expanded first (Linux's
               _Pragma(__diag_str(GCC diagnostic push))); the paddings give # its spaces */
            struct tokvec ex = {0};
            expand_tokens(pp, v.v, v.n, &ex);
            drop_paddings(&ex);
            if (ex.n == 1 && ex.v[0].kind == CPP_STRING) {
                free(v.v);
                v = ex;
            } else
                free(ex.v);
        }
        drop_paddings(&v);
        if (v.n != 1 || v.v[0].kind != CPP_STRING || v.v[0].sub == CPP_ENC_u8 ||
            v.v[0].sub == CPP_ENC_u || v.v[0].sub == CPP_ENC_U) {
            cppi_diag_tok(pp, CPP_ERROR, v.n ? &v.v[0] : &where,
                          "_Pragma takes a parenthesized string literal");
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
        struct cpp_token out;
        if (!do_pragma_text(pp, b, &where, where.col, true, &out)) return false;
        *t = out;
        return true;
    }
    case B_POISON:
        cppi_diag_tok(pp, CPP_ERROR, t, "attempt to use poisoned \"%s\"", m->name);
        t->flags |= CPP_TF_NOEXPAND;
        return true;
    case B_NONE:
        break;
    }
    return false;
}

/* Next macro-expanded token (paddings and markers included). */
static void expand_next(struct cpp *pp, struct cpp_token *t)
{
    for (;;) {
        next_raw(pp, t);
        if (t->flags & CPP_TF_LINECHANGE) {
            /* a line change first, then the token itself */
            struct cpp_token tok = *t;
            tok.flags &= ~(u32)(CPP_TF_LINECHANGE | CPP_TF_BOL);
            push_back(pp, &tok);
            make_special(t, CPP_MARKER, MK_LINE, tok.file, tok.line, tok.col);
            return;
        }
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
            bool v = ok && macro_find_tok(pp, &x) != NULL;
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
        struct pp_macro *m = macro_find_tok(pp, t);
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
            /* look for '(' past paddings (keeping the one that decides the spacing, as
               GCC) and file-change markers */
            struct cpp_token n;
            struct tokvec held = {0};
            int pad = -2;
            pp->parsing_args++;
            m->busy++; /* a #define/#undef before '(' or among the arguments must not free it */
            for (;;) {
                next_raw(pp, &n);
                if (n.kind == CPP_PADDING) {
                    if (pad == -2 || pad == PAD_NULL || (pad == PAD_NOWHITE && n.sub == PAD_NULL))
                        pad = n.sub;
                    continue;
                }
                if (n.kind == CPP_MARKER) {
                    tv_push(&held, &n);
                    continue;
                }
                break;
            }
            if (!is_punct(&n, CPP_P_LPAREN)) {
                pp->parsing_args--;
                m->busy--;
                /* not an invocation: the name is an ordinary identifier.  A token that
                   starts a line starts an output line when it is read again. */
                if ((n.flags & CPP_TF_BOL) && n.kind != CPP_EOF) n.flags |= CPP_TF_LINECHANGE;
                push_back(pp, &n);
                for (u32 k = held.n; k-- > 0;) push_back(pp, &held.v[k]);
                free(held.v);
                if (pad != -2) {
                    struct cpp_token p;
                    make_special(&p, CPP_PADDING, (unsigned)pad, 0, 0, 0);
                    push_back(pp, &p);
                }
                return;
            }
            free(held.v);
            struct margs a = {0};
            bool ok = collect_args(pp, m, &name, &a);
            m->busy--;
            pp->parsing_args--;
            if (!ok) {
                /* as GCC: the name stays, the arguments read are dropped */
                margs_free(&a);
                return;
            }
            substitute(pp, m, &a, &name, &out);
            pp->arg_tokens -= a.toks.n;
            margs_free(&a);
        } else {
            struct margs a = {0};
            substitute(pp, m, &a, &name, &out);
        }
        set_expansion_pos(out.v, out.n);
        pp->nexpanded += out.n;
        if (pp->opt.max_expanded_tokens && pp->nexpanded > pp->opt.max_expanded_tokens) {
            cppi_diag_tok(pp, CPP_FATAL, &name, "macro expansion exceeds %llu tokens",
                          pp->opt.max_expanded_tokens);
            free(out.v);
            stop_all(pp);
            make_special(t, CPP_EOF, 0, 0, 0, 0);
            return;
        }
        if (!(name.flags & CPP_TF_EXPANDED)) {
            /* the outermost invocation: -E puts its expansion on its line */
            pp->xfile = name.file;
            pp->xline = name.line;
            pp->xcol = name.col;
            pp->xsys = (name.flags & TF_SYS) != 0;
        }
        push_ctx(pp, out.v, out.n, m, false, true, true);
        if (pp->in_directive) continue;
        make_special(t, CPP_PADDING, (name.flags & CPP_TF_SPACE) ? PAD_WHITE : PAD_NOWHITE,
                     name.file, name.line, name.col);
        return;
    }
}

bool cppi_get_raw(struct cpp *pp, struct cpp_token *t)
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

bool cpp_get(struct cpp *pp, struct cpp_token *t)
{
    int src = -1;
    bool pad = false, bol = false;
    for (;;) {
        if (!cppi_get_raw(pp, t)) return false;
        if (t->kind == CPP_PADDING) {
            pad = true;
            src = pad_source(src, t->sub);
            continue;
        }
        if (t->kind == CPP_DEFINE) continue;   /* only -E -dD prints them */
        if (t->kind == CPP_MARKER) {
            if (t->sub == MK_LINE) bol = true;
            pad = false;
            src = -1;
            continue;
        }
        /* the white space -E would print before the token */
        bool white = pad && src >= 0 ? src == PAD_WHITE : (t->flags & CPP_TF_SPACE) != 0;
        t->flags &= ~(u32)(CPP_TF_SPACE | CPP_TF_BOL | CPP_TF_LINECHANGE | TF_SYS | TF_SYS4);
        t->flags |= (white ? CPP_TF_SPACE : 0) | (bol ? CPP_TF_BOL : 0);
        return true;
    }
}
