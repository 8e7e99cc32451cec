/* Source input: files and .include, comments, line markers from cpp, statement
 * separators, conditional assembly, macros, .rept/.irp/.irpc. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "as/as.h"

#define MAX_DEPTH 256
#define MAX_REPS (1 << 24)   /* repetitions of a .rept body, nested ones multiplied */

enum { IN_FILE, IN_MACRO, IN_REPT, IN_REST };

struct input {
    struct input *up;
    const char *name;
    char *buf;
    usize len, pos;
    bool own;
    u32 line;                   /* number of the next line */
    const char *phys_name;      /* the file itself (cpp line markers change `name') */
    u32 phys_line;
    u32 first_line;             /* for .rept restarts */
    bool in_comment;            /* inside a C comment */
    int kind;
    u64 reps_left;              /* IN_REPT */
    u64 reps;                   /* IN_REPT: the count */
    unsigned errors_before;     /* IN_REPT: the run's error count when this iteration began */
    struct cond *cond_base;     /* conditional stack when the input started */
    struct srcloc invoked;      /* IN_MACRO: the statement that called the macro */
};

struct cond {
    struct cond *up;
    bool parent, active, taken, seen_else;
    struct srcloc at;
};

struct macro {
    struct macro *next;
    char *name;
    char **params, **defaults;
    bool *req;
    int nparams;
    bool vararg;
    char *body;
    usize bodylen;
    const char *file;
    u32 line;
};

/* ---- Input stack ------------------------------------------------------------------- */

/* After a runaway expansion: drop every pending one, or each level would expand again
 * (exponential work, or one error per repetition). */
static void drop_expansions(struct as *A)
{
    for (struct input *in = A->in; in; in = in->up) {
        if (in->kind == IN_FILE) continue;
        in->pos = in->len;
        in->reps_left = 0;
    }
}

void input_push_text(struct as *A, const char *name, const char *text, usize len, bool own)
{
    if (A->depth >= MAX_DEPTH) {
        as_error(A, "macros or includes nested too deeply");
        if (own) free((void *)text);
        drop_expansions(A);
        return;
    }
    struct input *in = calloc(1, sizeof *in);
    if (!in) { fputs("zl-as: out of memory\n", stderr); exit(1); }
    in->up = A->in;
    in->name = as_intern_file(A, name);
    in->buf = (char *)text;
    in->len = len;
    in->own = own;
    in->line = in->first_line = 1;
    in->phys_name = in->name;
    in->phys_line = 1;
    in->kind = IN_FILE;
    in->cond_base = A->conds;
    A->in = in;
    A->depth++;
}

static char *read_file(const char *path, usize *len)
{
    FILE *fp = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!fp) return NULL;
    struct bytes b = { 0 };
    char tmp[65536];
    usize n;
    while ((n = fread(tmp, 1, sizeof tmp, fp)) > 0) bytes_put(&b, tmp, n);
    bool err = ferror(fp);
    if (fp != stdin) fclose(fp);
    if (err) { bytes_free(&b); return NULL; }
    bytes_put(&b, "", 1);
    *len = b.len - 1;
    return (char *)b.p;
}

void input_push_file(struct as *A, const char *path, bool is_include)
{
    usize len = 0;
    char *text = NULL;
    const char *found = path;
    char tmp[4096];
    text = read_file(path, &len);
    int err = errno;
    if (!text && is_include && path[0] != '/') {
        /* the including file's directory, then -I directories */
        if (A->in && A->in->name) {
            const char *slash = strrchr(A->in->name, '/');
            if (slash) {
                snprintf(tmp, sizeof tmp, "%.*s/%s", (int)(slash - A->in->name), A->in->name, path);
                if ((text = read_file(tmp, &len)) != NULL) found = tmp;
            }
        }
        for (usize i = 0; !text && i < A->nincdirs; i++) {
            snprintf(tmp, sizeof tmp, "%s/%s", A->incdirs[i], path);
            if ((text = read_file(tmp, &len)) != NULL) found = tmp;
        }
    }
    if (!text) {
        if (is_include)
            as_error(A, "can't open %s for reading: %s", path, strerror(err));
        else
            as_error_at(A, (struct srcloc){ NULL, 0 }, "can't open %s for reading: %s", path,
                        strerror(err));
        return;
    }
    if (!strcmp(found, "-")) found = "{standard input}";
    input_push_text(A, found, text, len, true);
}

static void input_pop(struct as *A)
{
    struct input *in = A->in;
    if (in->kind == IN_FILE && A->conds != in->cond_base) {
        as_error(A, "end of file inside conditional");
        while (A->conds != in->cond_base) A->conds = A->conds->up;
    } else if (in->kind != IN_FILE && in->kind != IN_REST) {
        while (A->conds != in->cond_base && A->conds) A->conds = A->conds->up;
    }
    A->in = in->up;
    A->depth--;
    if (in->own) free(in->buf);
    free(in);
}

/* Next raw line of the current input (without its newline), or NULL at its end. */
static char *next_raw_line(struct as *A, usize *len)
{
    struct input *in = A->in;
    for (;;) {
        if (in->pos < in->len) break;
        if (in->kind == IN_REPT && in->reps_left > 1 && A->nerrors != in->errors_before) {
            /* The iteration reported errors: the next ones would only repeat them, and no
               object is written.  A .rept of millions over a bad body would otherwise run
               every statement millions of times for nothing. */
            as_info_at(A, (struct srcloc){ in->name, in->first_line - 1 }, ".rept stopped after %llu of %llu repetitions: its body "
                       "has errors", (unsigned long long)(in->reps - in->reps_left + 1),
                       (unsigned long long)in->reps);
            in->reps_left = 0;
            return NULL;
        }
        if (in->kind == IN_REPT && in->reps_left > 1) {
            in->reps_left--;
            in->pos = 0;
            in->line = in->first_line;
            continue;
        }
        return NULL;
    }
    char *s = in->buf + in->pos;
    char *e = memchr(s, '\n', in->len - in->pos);
    usize n = e ? (usize)(e - s) : in->len - in->pos;
    in->pos += n + (e ? 1 : 0);
    A->loc.file = in->name;
    A->loc.line = in->line++;
    in->phys_line++;
    *len = n;
    return s;
}

/* Copy a raw line, removing comments ('#' to the end of the line, C comments that may
 * span lines) outside strings and character constants. */
static char *clean_line(struct as *A, const char *s, usize n)
{
    struct input *in = A->in;
    char *out = xrealloc(NULL, n + 1);
    usize o = 0;
    for (usize i = 0; i < n;) {
        char c = s[i];
        if (in->in_comment) {
            if (c == '*' && i + 1 < n && s[i + 1] == '/') { in->in_comment = false; i += 2; out[o++] = ' '; }
            else i++;
            continue;
        }
        if (c == '"') {
            out[o++] = s[i++];
            while (i < n && s[i] != '"') {
                if (s[i] == '\\' && i + 1 < n) out[o++] = s[i++];
                out[o++] = s[i++];
            }
            if (i < n) out[o++] = s[i++];
            continue;
        }
        if (c == '\'') {
            out[o++] = s[i++];
            if (i < n && s[i] == '\\' && i + 1 < n) { out[o++] = s[i++]; out[o++] = s[i++]; }
            else if (i < n) out[o++] = s[i++];
            continue;
        }
        if (c == '/' && i + 1 < n && s[i + 1] == '*') { in->in_comment = true; i += 2; continue; }
        if (c == '#') break;
        if (c == 0) { out[o++] = ' '; i++; continue; }
        out[o++] = c;
        i++;
    }
    out[o] = 0;
    return out;
}

/* "# 12 "file.S" 2" from the C preprocessor (or "#line 12 "file""): the next line
 * is line 12 of file.S. */
static bool line_marker(struct as *A, const char *s, usize n)
{
    if (n < 2 || s[0] != '#') return false;
    usize i = 1;
    while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
    if (i + 4 <= n && !strncmp(s + i, "line", 4)) {
        i += 4;
        while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
    }
    if (i == 1 || i >= n || s[i] < '0' || s[i] > '9') return false;
    u64 line = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9') {
        line = line * 10 + (u64)(s[i++] - '0');
        if (line > 0xffffffffu) return false;
    }
    while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
    if (i < n && s[i] == '"') {
        usize j = i + 1;
        while (j < n && s[j] != '"') j++;
        if (j < n && j == i + 1) {
            /* `# 0 "" 2' (GCC, after inline asm): back to the file's own lines */
            A->in->name = A->in->phys_name;
            A->in->line = A->in->phys_line;
            return true;
        }
        if (j < n) {
            char *name = as_strndup(A, s + i + 1, j - i - 1);
            A->in->name = as_intern_file(A, name);
        }
    }
    A->in->line = (u32)line;
    return true;
}

/* After a message about a line inside a macro expansion: where the macro was called
 * (GNU as: "file:line:  Info: macro invoked from here"). */
void input_report_context(struct as *A, FILE *out)
{
    int level = 0;
    for (struct input *in = A->in; in; in = in->up) {
        if (in->kind != IN_MACRO) continue;
        if (++level > 8) {
            fputs("  (more macro levels not shown)\n", out);
            return;
        }
        if (in->invoked.file)
            fprintf(out, "%s:%u: %*sInfo: macro invoked from here\n", in->invoked.file,
                    in->invoked.line, level, "");
    }
}

/* ---- Conditionals ------------------------------------------------------------------ */

bool cond_active(struct as *A) { return !A->conds || A->conds->active; }

static void cond_push(struct as *A, bool value)
{
    struct cond *c = as_alloc(A, sizeof *c);
    c->up = A->conds;
    c->parent = cond_active(A);
    c->active = c->parent && value;
    c->taken = value;
    c->at = A->loc;
    A->conds = c;
}

static bool str_arg(struct as *A, const char **pp, char **out)
{
    const char *p = skip_ws(*pp);
    if (*p == '"') {
        struct bytes b = { 0 };
        const char *q = lex_string(A, p, &b);
        if (!q) { bytes_free(&b); return false; }
        *out = as_strndup(A, (const char *)b.p ? (const char *)b.p : "", b.len);
        bytes_free(&b);
        *pp = q;
        return true;
    }
    const char *q = p;
    while (*q && *q != ',') q++;
    const char *e = q;
    while (e > p && (e[-1] == ' ' || e[-1] == '\t')) e--;
    *out = as_strndup(A, p, (usize)(e - p));
    *pp = q;
    return true;
}

static bool eval_cond(struct as *A, const char *kind, const char *args)
{
    const char *p = skip_ws(args);
    i128 v = 0;
    if (!strcmp(kind, "ifdef") || !strcmp(kind, "ifndef") || !strcmp(kind, "ifnotdef")) {
        const char *name;
        usize nl;
        usize l = lex_symbol(A, p, &name, &nl);
        if (!l) { as_error(A, "invalid identifier for \".%s\"", kind); return false; }
        struct sym *s = sym_lookup(A, name, nl);
        bool def = s && s->kind != SK_UNDEF;
        return kind[2] == 'd' ? def : !def;
    }
    if (!strcmp(kind, "ifb") || !strcmp(kind, "ifnb")) {
        bool blank = *p == 0;
        return kind[2] == 'b' ? blank : !blank;
    }
    if (!strcmp(kind, "ifc") || !strcmp(kind, "ifnc") || !strcmp(kind, "ifeqs") ||
        !strcmp(kind, "ifnes")) {
        char *a, *b;
        if (!str_arg(A, &p, &a)) return false;
        p = skip_ws(p);
        if (*p != ',') { as_error(A, ".%s needs two comma-separated strings", kind); return false; }
        p++;
        if (!str_arg(A, &p, &b)) return false;
        bool eq = !strcmp(a, b);
        return (!strcmp(kind, "ifc") || !strcmp(kind, "ifeqs")) ? eq : !eq;
    }
    if (!expr_const(A, &p, &v)) return false;
    p = skip_ws(p);
    if (*p) as_error(A, "junk at end of line, first unrecognized character is `%c'", *p);
    if (!strcmp(kind, "if") || !strcmp(kind, "ifne") || !strcmp(kind, "elseif")) return v != 0;
    if (!strcmp(kind, "ifeq")) return v == 0;
    if (!strcmp(kind, "iflt")) return v < 0;
    if (!strcmp(kind, "ifle")) return v <= 0;
    if (!strcmp(kind, "ifgt")) return v > 0;
    if (!strcmp(kind, "ifge")) return v >= 0;
    return false;
}

static const char *const if_names[] = {
    "if", "ifdef", "ifndef", "ifnotdef", "ifb", "ifnb", "ifc", "ifnc", "ifeqs", "ifnes",
    "ifeq", "ifne", "iflt", "ifle", "ifgt", "ifge", NULL,
};

bool cond_directive(struct as *A, const char *name, usize nlen, const char *args)
{
    char kind[16];
    if (nlen < 3 || nlen > 10 || name[0] != '.') return false;
    memcpy(kind, name + 1, nlen - 1);
    kind[nlen - 1] = 0;
    for (int i = 0; if_names[i]; i++) {
        if (strcmp(kind, if_names[i]) != 0) continue;
        bool v = cond_active(A) ? eval_cond(A, kind, args) : false;
        cond_push(A, v);
        return true;
    }
    struct cond *c = A->conds;
    if (!strcmp(kind, "elseif")) {
        if (!c || c->seen_else) { as_error(A, "\".elseif\" without matching \".if\""); return true; }
        if (c->taken) c->active = false;
        else {
            bool v = c->parent ? eval_cond(A, kind, args) : false;
            c->active = c->parent && v;
            c->taken = v;
        }
        return true;
    }
    if (!strcmp(kind, "else")) {
        if (!c) { as_error(A, "\".else\" without matching \".if\""); return true; }
        if (c->seen_else) { as_error(A, "duplicate \".else\""); return true; }
        c->seen_else = true;
        c->active = c->parent && !c->taken;
        c->taken = true;
        return true;
    }
    if (!strcmp(kind, "endif")) {
        if (!c || (A->in && c == A->in->cond_base)) {
            as_error(A, "\".endif\" without \".if\"");
            return true;
        }
        A->conds = c->up;
        return true;
    }
    return false;
}

/* ---- Collecting bodies (.macro … .endm, .rept … .endr) ------------------------------ */

/* First word of a cleaned line after labels, e.g. ".endm"; *len 0 if none. */
static const char *first_word(const char *s, usize *len)
{
    const char *p = skip_ws(s);
    for (;;) {
        const char *q = p;
        while (is_sym_char((unsigned char)*q)) q++;
        if (q > p && *q == ':') { p = skip_ws(q + 1); continue; }
        *len = (usize)(q - p);
        return p;
    }
}

static bool word_in(const char *w, usize n, const char *const *list)
{
    for (int i = 0; list[i]; i++)
        if (strlen(list[i]) == n && !strncasecmp(w, list[i], n)) return true;
    return false;
}

bool input_collect(struct as *A, const char *const *open, const char *const *close,
                   struct bytes *body)
{
    struct srcloc start = A->loc;
    int depth = 1;
    usize n;
    char *raw;
    while ((raw = next_raw_line(A, &n)) != NULL) {
        char *line = clean_line(A, raw, n);
        usize wl;
        const char *w = first_word(line, &wl);
        if (word_in(w, wl, open)) depth++;
        else if (word_in(w, wl, close) && --depth == 0) {
            free(line);
            return true;
        }
        bytes_put(body, line, strlen(line));
        bytes_put(body, "\n", 1);
        free(line);
    }
    as_error_at(A, start, "missing %s", close[0]);
    return false;
}

/* ---- Macros ------------------------------------------------------------------------ */

static const char *const macro_open[] = { ".macro", NULL };
static const char *const macro_close[] = { ".endm", NULL };

void macro_define(struct as *A, const char *args)
{
    const char *p = skip_ws(args);
    const char *name;
    usize nl;
    usize l = lex_symbol(A, p, &name, &nl);
    struct bytes body = { 0 };
    struct srcloc at = A->loc;
    if (!l) {
        as_error(A, "expected a macro name after .macro");
        input_collect(A, macro_open, macro_close, &body);
        bytes_free(&body);
        return;
    }
    struct macro *m = as_alloc(A, sizeof *m);
    m->name = as_strndup(A, name, nl);
    p = skip_ws(p + l);
    if (*p == ',') p = skip_ws(p + 1);
    int cap = 0;
    while (*p) {
        const char *pn;
        usize pl;
        usize k = lex_symbol(A, p, &pn, &pl);
        if (!k) { as_error(A, "bad macro parameter list at `%s'", p); break; }
        if (m->nparams == cap) {
            cap = cap ? cap * 2 : 8;
            char **np = as_alloc(A, (usize)cap * sizeof *np);
            char **nd = as_alloc(A, (usize)cap * sizeof *nd);
            bool *nr = as_alloc(A, (usize)cap * sizeof *nr);
            if (m->nparams) {
                memcpy(np, m->params, (usize)m->nparams * sizeof *np);
                memcpy(nd, m->defaults, (usize)m->nparams * sizeof *nd);
                memcpy(nr, m->req, (usize)m->nparams * sizeof *nr);
            }
            m->params = np; m->defaults = nd; m->req = nr;
        }
        int i = m->nparams++;
        m->params[i] = as_strndup(A, pn, pl);
        m->defaults[i] = NULL;
        p = skip_ws(p + k);
        if (*p == ':') {
            const char *q = p + 1;
            if (!strncmp(q, "req", 3)) { m->req[i] = true; p = skip_ws(q + 3); }
            else if (!strncmp(q, "vararg", 6)) { m->vararg = true; p = skip_ws(q + 6); }
            else { as_error(A, "bad qualifier in macro parameter `%s'", m->params[i]); p = q; }
        }
        if (*p == '=') {
            p = skip_ws(p + 1);
            const char *q = p;
            if (*q == '"') {
                q++;
                while (*q && *q != '"') q++;
                if (*q) q++;
            } else {
                while (*q && *q != ',' && *q != ' ' && *q != '\t') q++;
            }
            m->defaults[i] = as_strndup(A, p, (usize)(q - p));
            p = skip_ws(q);
        }
        if (*p == ',') p = skip_ws(p + 1);
    }
    m->file = A->loc.file;
    m->line = A->loc.line + 1;
    if (!input_collect(A, macro_open, macro_close, &body)) {
        bytes_free(&body);
        return;
    }
    bytes_put(&body, "", 1);
    m->body = as_strndup(A, (const char *)body.p, body.len - 1);
    m->bodylen = body.len - 1;
    bytes_free(&body);
    for (struct macro *o = A->macros; o; o = o->next)
        if (!strcasecmp(o->name, m->name)) {
            as_error_at(A, at, "macro `%s' was already defined", m->name);
            return;
        }
    m->next = A->macros;
    A->macros = m;
}

static struct macro *macro_find(struct as *A, const char *name, usize nlen)
{
    for (struct macro *m = A->macros; m; m = m->next)
        if (strlen(m->name) == nlen && !strncasecmp(m->name, name, nlen)) return m;
    return NULL;
}

/* One argument of a macro call: up to a comma or blank outside quotes/parentheses. */
static const char *macro_arg(const char *p, const char **start, usize *len, bool rest)
{
    p = skip_ws(p);
    *start = p;
    int paren = 0;
    while (*p) {
        if (*p == '"') {
            p++;
            while (*p && *p != '"') { if (*p == '\\' && p[1]) p++; p++; }
            if (*p) p++;
            continue;
        }
        if (*p == '(') paren++;
        if (*p == ')' && paren) paren--;
        if (!rest && paren == 0 && (*p == ',' || *p == ' ' || *p == '\t')) break;
        p++;
    }
    const char *e = p;
    while (e > *start && (e[-1] == ' ' || e[-1] == '\t')) e--;
    *len = (usize)(e - *start);
    p = skip_ws(p);
    if (*p == ',') p++;
    return p;
}

static void subst_append(struct bytes *o, const char *s, usize n) { bytes_put(o, s, n); }

/* Replace \param, \@ and \() in body. */
static void substitute(struct as *A, const char *body, usize blen, char **names,
                       char **values, int n, struct bytes *out)
{
    for (usize i = 0; i < blen;) {
        char c = body[i];
        if (c != '\\') { subst_append(out, body + i, 1); i++; continue; }
        if (i + 1 < blen && body[i + 1] == '@') {
            char tmp[32];
            int k = snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)A->macro_count);
            subst_append(out, tmp, (usize)k);
            i += 2;
            continue;
        }
        if (i + 2 < blen && body[i + 1] == '(' && body[i + 2] == ')') { i += 3; continue; }
        usize j = i + 1;
        while (j < blen && is_sym_char((unsigned char)body[j])) j++;
        bool done = false;
        for (int k = 0; k < n && j > i + 1; k++) {
            if (strlen(names[k]) == j - i - 1 && !strncmp(names[k], body + i + 1, j - i - 1)) {
                subst_append(out, values[k], strlen(values[k]));
                i = j;
                done = true;
                break;
            }
        }
        if (!done) { subst_append(out, body + i, 1); i++; }
    }
}

static void push_expansion(struct as *A, const char *file, u32 line, struct bytes *text,
                           int kind, u64 reps)
{
    struct srcloc invoked = A->loc;
    bytes_put(text, "", 1);
    input_push_text(A, file, (const char *)text->p, text->len - 1, true);
    if (A->in && A->in->buf == (char *)text->p) {
        A->in->kind = kind;
        A->in->line = A->in->first_line = line;
        A->in->phys_line = line;
        A->in->reps_left = A->in->reps = reps;
        A->in->errors_before = A->nerrors;
        A->in->invoked = invoked;
    }
    text->p = NULL;
    text->len = text->cap = 0;
}

bool macro_call(struct as *A, const char *name, usize nlen, const char *args)
{
    struct macro *m = macro_find(A, name, nlen);
    if (!m) return false;
    char **values = as_alloc(A, ((usize)m->nparams + 1) * sizeof *values);
    bool *given = as_alloc(A, ((usize)m->nparams + 1) * sizeof *given);
    const char *p = skip_ws(args);
    int pos = 0;
    while (*p) {
        /* keyword argument name=value */
        const char *kn;
        usize kl;
        usize k = lex_symbol(A, p, &kn, &kl);
        const char *after = k ? skip_ws(p + k) : p;
        if (k && *after == '=' && after[1] != '=') {
            int idx = -1;
            for (int i = 0; i < m->nparams; i++)
                if (strlen(m->params[i]) == kl && !strncmp(m->params[i], kn, kl)) idx = i;
            const char *s;
            usize l;
            p = macro_arg(after + 1, &s, &l, false);
            if (idx < 0) { as_error(A, "macro `%s' has no parameter named `%.*s'", m->name, (int)kl, kn); continue; }
            values[idx] = as_strndup(A, s, l);
            given[idx] = true;
            continue;
        }
        if (pos >= m->nparams) {
            as_error(A, "too many positional arguments for macro `%s'", m->name);
            break;
        }
        bool rest = m->vararg && pos == m->nparams - 1;
        const char *s;
        usize l;
        p = macro_arg(p, &s, &l, rest);
        values[pos] = as_strndup(A, s, l);
        given[pos] = true;
        pos++;
        p = skip_ws(p);
    }
    for (int i = 0; i < m->nparams; i++) {
        if (given[i] && values[i][0]) continue;
        if (m->req[i] && !given[i]) {
            as_error(A, "missing value for required parameter `%s' of macro `%s'",
                     m->params[i], m->name);
        }
        if (!given[i] || !values[i][0]) values[i] = m->defaults[i] ? m->defaults[i] : (char *)"";
    }
    struct bytes out = { 0 };
    substitute(A, m->body, m->bodylen, m->params, values, m->nparams, &out);
    A->macro_count++;
    push_expansion(A, m->file, m->line, &out, IN_MACRO, 0);
    return true;
}

/* .exitm: leave the innermost macro expansion. */
void macro_exit(struct as *A)
{
    for (struct input *in = A->in; in; in = in->up) {
        if (in->kind == IN_MACRO) {
            in->pos = in->len;
            /* inputs above it (a .rept inside the macro) end too */
            for (struct input *j = A->in; j != in; j = j->up) { j->pos = j->len; j->reps_left = 0; }
            return;
        }
    }
    as_error(A, "unexpected .exitm outside a macro");
}

bool macro_purge(struct as *A, const char *name, usize nl)
{
    for (struct macro **pm = &A->macros; *pm; pm = &(*pm)->next) {
        if (strlen((*pm)->name) == nl && !strncasecmp((*pm)->name, name, nl)) {
            *pm = (*pm)->next;
            return true;
        }
    }
    return false;
}

void macro_free_all(struct as *A)
{
    A->macros = NULL;
    while (A->in) input_pop(A);
}

/* ---- .rept / .irp / .irpc ---------------------------------------------------------- */

static const char *const rept_open[] = { ".rept", ".irp", ".irpc", ".rep", NULL };
static const char *const rept_close[] = { ".endr", NULL };

void rept_start(struct as *A, const char *kind, const char *args)
{
    struct bytes body = { 0 };
    const char *file = A->loc.file;
    u32 line = A->loc.line + 1;
    const char *p = skip_ws(args);
    if (!strcmp(kind, "rept") || !strcmp(kind, "rep")) {
        i128 n = 0;
        bool ok = expr_const(A, &p, &n);
        if (!input_collect(A, rept_open, rept_close, &body)) { bytes_free(&body); return; }
        if (!ok) { bytes_free(&body); return; }
        if (n < 0) { as_error(A, ".rept count is negative"); n = 0; }
        struct srcloc at = { file, line - 1 };   /* the .rept line, before its body */
        if (n > MAX_REPS) { as_error_at(A, at, ".rept count %lld is too large (zl-as limit: 16777216)", (long long)n); n = 0; }
        /* nested repetitions multiply: the body would run n times for each repetition
           still to come of every enclosing .rept */
        u128 total = (u128)n;
        for (struct input *in = A->in; in && total <= MAX_REPS; in = in->up)
            if (in->kind == IN_REPT && in->reps_left > 1) total *= in->reps_left;
        if (total > MAX_REPS) {
            as_error_at(A, at, "nested .rept repeat their body more than 16777216 times (zl-as limit)");
            drop_expansions(A);
            n = 0;
        }
        if (n == 0 || body.len == 0) { bytes_free(&body); return; }
        push_expansion(A, file, line, &body, IN_REPT, (u64)n);
        return;
    }
    /* .irp sym, v1, v2 …   /   .irpc sym, chars */
    const char *name;
    usize nl;
    usize l = lex_symbol(A, p, &name, &nl);
    char *pname = l ? as_strndup(A, name, nl) : NULL;
    if (!input_collect(A, rept_open, rept_close, &body)) { bytes_free(&body); return; }
    if (!pname) { as_error(A, "missing model parameter in .%s", kind); bytes_free(&body); return; }
    p = skip_ws(p + l);
    if (*p == ',') p = skip_ws(p + 1);
    struct bytes out = { 0 };
    char *names[1] = { pname };
    if (!strcmp(kind, "irpc")) {
        const char *s;
        usize sl;
        macro_arg(p, &s, &sl, false);
        if (sl == 0) {
            char *vals[1] = { (char *)"" };
            substitute(A, (const char *)body.p, body.len, names, vals, 1, &out);
        }
        for (usize i = 0; i < sl; i++) {
            char one[2] = { s[i], 0 };
            char *vals[1] = { one };
            substitute(A, (const char *)body.p, body.len, names, vals, 1, &out);
        }
    } else {
        if (!*p) {
            char *vals[1] = { (char *)"" };
            substitute(A, (const char *)body.p, body.len, names, vals, 1, &out);
        }
        while (*p) {
            const char *s;
            usize sl;
            p = macro_arg(p, &s, &sl, false);
            char *v = as_strndup(A, s, sl);
            char *vals[1] = { v };
            substitute(A, (const char *)body.p, body.len, names, vals, 1, &out);
            p = skip_ws(p);
        }
    }
    bytes_free(&body);
    if (out.len == 0) { bytes_free(&out); return; }
    /* every repetition restarts the line numbers of the body: approximate with one run */
    push_expansion(A, file, line, &out, IN_REPT, 1);
}

/* ---- The main loop ----------------------------------------------------------------- */

/* Split a cleaned line into statements at ';' outside strings and char constants. */
static void run_line(struct as *A, char *line)
{
    char *s = line;
    for (;;) {
        char *p = s;
        while (*p && *p != ';') {
            if (*p == '"') {
                p++;
                while (*p && *p != '"') { if (*p == '\\' && p[1]) p++; p++; }
                if (*p) p++;
                continue;
            }
            if (*p == '\'') {
                p++;
                if (*p == '\\' && p[1]) p += 2;
                else if (*p) p++;
                continue;
            }
            p++;
        }
        char c = *p;
        *p = 0;
        if (cond_active(A)) {
            struct input *before = A->in;
            statement(A, s);
            if (A->in != before && c && before) {
                /* a macro call or .include on a line with more statements: the rest of
                   the line runs after the inserted input */
                struct input *x = A->in;
                while (x && x->up != before) x = x->up;
                const char *rest = p + 1;
                usize n = strlen(rest);
                struct input *r = x ? calloc(1, sizeof *r) : NULL;
                char *copy = r ? malloc(n + 1) : NULL;
                if (!copy) { free(r); fputs("zl-as: out of memory\n", stderr); exit(1); }
                memcpy(copy, rest, n + 1);
                r->up = before;
                r->name = r->phys_name = A->loc.file;
                r->buf = copy;
                r->len = n;
                r->own = true;
                r->line = r->first_line = r->phys_line = A->loc.line;
                r->kind = IN_REST;
                r->cond_base = A->conds;
                x->up = r;
                A->depth++;
                return;
            }
        } else {
            usize wl;
            const char *w = first_word(s, &wl);
            if (wl && w[0] == '.') cond_directive(A, w, wl, w + wl);
        }
        if (!c || A->stop) return;
        s = p + 1;
    }
}

void input_run(struct as *A)
{
    while (A->in && !A->stop) {
        usize n;
        char *raw = next_raw_line(A, &n);
        if (!raw) {
            input_pop(A);
            continue;
        }
        if (!A->in->in_comment && raw[0] == '#' && line_marker(A, raw, n)) continue;
        char *line = clean_line(A, raw, n);
        run_line(A, line);
        free(line);
        as_scratch_release(A);
    }
    while (A->in) input_pop(A);
}
