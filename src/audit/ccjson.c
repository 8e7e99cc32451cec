/* zl-audit --compile-commands=FILE: the entries of a JSON compilation database
 * (clang's format: an array of {"directory", "file", "command" | "arguments", ...}),
 * each audited in TU mode with its own command line.  A small reader of just that
 * JSON: objects, arrays, strings (with \u escapes), and other values skipped. */
#include "audit/scan.h"

#include <errno.h>
#include <stdlib.h>

struct jr {
    const char *p, *end, *start;
    char *err;
    size_t errlen;
    bool failed;
};

static bool jfail(struct jr *r, const char *what)
{
    if (r->failed) return false;
    r->failed = true;
    u32 line = 1;
    for (const char *q = r->start; q < r->p && q < r->end; q++) line += *q == '\n';
    snprintf(r->err, r->errlen, "line %u: %s", line, what);
    return false;
}

static void jws(struct jr *r)
{
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
        r->p++;
}

static bool jlit(struct jr *r, char c)
{
    jws(r);
    if (r->p < r->end && *r->p == c) {
        r->p++;
        return true;
    }
    return false;
}

static int hexv(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
         : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* A JSON string at r->p into a malloc'ed C string (NULL on error). */
static char *jstr(struct jr *r)
{
    jws(r);
    if (r->p >= r->end || *r->p != '"') return jfail(r, "expected a string"), NULL;
    r->p++;
    size_t cap = 64, n = 0;
    char *s = au_xrealloc(NULL, cap);
    while (r->p < r->end && *r->p != '"') {
        if (n + 8 > cap) s = au_xrealloc(s, cap *= 2);
        char c = *r->p++;
        if (c != '\\') {
            s[n++] = c;
            continue;
        }
        if (r->p >= r->end) break;
        c = *r->p++;
        switch (c) {
        case 'b': s[n++] = '\b'; break;
        case 'f': s[n++] = '\f'; break;
        case 'n': s[n++] = '\n'; break;
        case 'r': s[n++] = '\r'; break;
        case 't': s[n++] = '\t'; break;
        case 'u': {
            u32 v = 0;
            for (int k = 0; k < 4; k++) {
                int h = r->p < r->end ? hexv(*r->p) : -1;
                if (h < 0) {
                    free(s);
                    return jfail(r, "bad \\u escape"), NULL;
                }
                v = v * 16 + (u32)h;
                r->p++;
            }
            if (!v) v = '?'; /* a NUL would end the C string */
            n += (size_t)cpp_utf8_encode(v, s + n);
            break;
        }
        default: s[n++] = c; break; /* \" \\ \/ */
        }
    }
    if (r->p >= r->end) {
        free(s);
        return jfail(r, "unterminated string"), NULL;
    }
    r->p++;
    s[n] = 0;
    return s;
}

/* Skip any value (numbers, true/false/null, nested objects and arrays). */
static bool jskip(struct jr *r, int depth)
{
    jws(r);
    if (depth > 64) return jfail(r, "nested too deeply");
    if (r->p >= r->end) return jfail(r, "expected a value");
    char c = *r->p;
    if (c == '"') {
        char *s = jstr(r);
        free(s);
        return s != NULL;
    }
    if (c == '[' || c == '{') {
        char close = c == '[' ? ']' : '}';
        r->p++;
        if (jlit(r, close)) return true;
        do {
            if (c == '{') {
                char *k = jstr(r);
                if (!k) return false;
                free(k);
                if (!jlit(r, ':')) return jfail(r, "expected ':'");
            }
            if (!jskip(r, depth + 1)) return false;
        } while (jlit(r, ','));
        return jlit(r, close) || jfail(r, c == '[' ? "expected ',' or ']'" : "expected ',' or '}'");
    }
    const char *b = r->p;
    while (r->p < r->end && (*r->p == '-' || *r->p == '+' || *r->p == '.' ||
                             (*r->p >= '0' && *r->p <= '9') || (*r->p >= 'a' && *r->p <= 'z') ||
                             (*r->p >= 'A' && *r->p <= 'Z')))
        r->p++;
    return r->p > b || jfail(r, "expected a value");
}

struct argv {
    char **v;
    u32 n, cap;
};

static void argv_push(struct argv *a, char *s)
{
    if (a->n == a->cap) {
        a->cap = a->cap ? a->cap * 2 : 16;
        a->v = au_xrealloc(a->v, a->cap * sizeof *a->v);
    }
    a->v[a->n++] = s;
}

static void argv_free(struct argv *a)
{
    for (u32 i = 0; i < a->n; i++) free(a->v[i]);
    free(a->v);
    memset(a, 0, sizeof *a);
}

/* "command": split as a POSIX shell would split words ('...', "...", backslashes). */
static void shell_split(const char *c, struct argv *a)
{
    size_t n = strlen(c);
    char *w = au_xrealloc(NULL, n + 1);
    const char *p = c;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n') p++;
        if (!*p) break;
        size_t k = 0;
        char q = 0;
        for (; *p; p++) {
            if (q == '\'') {
                if (*p == '\'') q = 0;
                else w[k++] = *p;
            } else if (*p == '\\' && p[1] && (!q || p[1] == '"' || p[1] == '\\' || p[1] == '$')) {
                w[k++] = *++p;
            } else if (q == '"') {
                if (*p == '"') q = 0;
                else w[k++] = *p;
            } else if (*p == '\'' || *p == '"') {
                q = *p;
            } else if (*p == ' ' || *p == '\t' || *p == '\n') {
                break;
            } else
                w[k++] = *p;
        }
        argv_push(a, au_xstrndup(w, k));
    }
    free(w);
}

struct entry {
    char *dir, *file, *command;
    struct argv args;
    bool has_args;
};

static bool jentry(struct jr *r, struct entry *e)
{
    if (!jlit(r, '{')) return jfail(r, "expected an object {\"directory\", \"file\", ...}");
    if (jlit(r, '}')) return true;
    do {
        char *k = jstr(r);
        if (!k) return false;
        if (!jlit(r, ':')) {
            free(k);
            return jfail(r, "expected ':'");
        }
        char **slot = !strcmp(k, "directory") ? &e->dir : !strcmp(k, "file") ? &e->file
                    : !strcmp(k, "command") ? &e->command : NULL;
        bool ok;
        if (slot) {
            free(*slot);
            *slot = jstr(r);
            ok = *slot != NULL;
        } else if (!strcmp(k, "arguments")) {
            e->has_args = true;
            ok = jlit(r, '[') || jfail(r, "\"arguments\" must be an array of strings");
            if (ok && !jlit(r, ']')) {
                do {
                    char *s = jstr(r);
                    if (!s) {
                        ok = false;
                        break;
                    }
                    argv_push(&e->args, s);
                } while (jlit(r, ','));
                ok = ok && (jlit(r, ']') || jfail(r, "expected ',' or ']'"));
            }
        } else
            ok = jskip(r, 1);
        free(k);
        if (!ok) return false;
    } while (jlit(r, ','));
    return jlit(r, '}') || jfail(r, "expected ',' or '}'");
}

static void entry_free(struct entry *e)
{
    free(e->dir);
    free(e->file);
    free(e->command);
    argv_free(&e->args);
}

/* The entry as an audited file: its "file" in its "directory", with a TU command line
 * from "arguments" or the split "command" (the compiler's name first, skipped). */
static bool add_entry(struct entry *e, struct audit_file **files, size_t *n, size_t *cap,
                      struct audit_tu ***tus, u32 *ntus, struct jr *r)
{
    if (!e->file) return jfail(r, "an entry without \"file\"");
    if (!e->has_args && !e->command) return jfail(r, "an entry without \"command\" or \"arguments\"");
    struct argv a = {0};
    if (!e->has_args) shell_split(e->command, &a);
    struct argv *use = e->has_args ? &e->args : &a;
    char **ignored = NULL;
    u32 ni = 0, ci = 0;
    struct audit_tu *tu = audit_tu_parse(use->n ? use->v + 1 : NULL, use->n ? (int)use->n - 1 : 0,
                                         e->dir, &ignored, &ni, &ci);
    for (u32 i = 0; i < ni; i++) free(ignored[i]);
    free(ignored);
    argv_free(&a);
    *tus = au_xrealloc(*tus, (*ntus + 1) * sizeof **tus);
    (*tus)[(*ntus)++] = tu;
    if (*n == *cap) {
        *cap = *cap ? *cap * 2 : 64;
        *files = au_xrealloc(*files, *cap * sizeof **files);
    }
    struct audit_file *f = &(*files)[(*n)++];
    memset(f, 0, sizeof *f);
    f->path = e->file[0] == '/' || !e->dir ? au_xstrndup(e->file, strlen(e->file))
                                           : NULL;
    if (!f->path) {
        size_t dl = strlen(e->dir), fl = strlen(e->file);
        f->path = au_xrealloc(NULL, dl + fl + 2);
        memcpy(f->path, e->dir, dl);
        f->path[dl] = '/';
        memcpy(f->path + dl + 1, e->file, fl + 1);
    }
    const char *sl = strrchr(f->path, '/');
    f->root_len = sl ? (u32)(sl - f->path) : 0;
    f->tu = tu;
    return true;
}

bool audit_compile_commands(const char *path, struct audit_file **files, size_t *n,
                            struct audit_tu ***tus, u32 *ntus, char *err, size_t errlen)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        snprintf(err, errlen, "%s", strerror(errno));
        return false;
    }
    size_t cap = 1 << 16, len = 0, r;
    char *buf = au_xrealloc(NULL, cap);
    while ((r = fread(buf + len, 1, cap - len, fp)) > 0)
        if ((len += r) == cap) buf = au_xrealloc(buf, cap *= 2);
    bool rerr = ferror(fp);
    fclose(fp);
    if (rerr) {
        free(buf);
        snprintf(err, errlen, "read error");
        return false;
    }
    struct jr j = {buf, buf + len, buf, err, errlen, false};
    size_t fcap = 0;
    bool ok = jlit(&j, '[') || jfail(&j, "expected a JSON array of entries");
    if (ok && !jlit(&j, ']')) {
        do {
            struct entry e = {0};
            ok = jentry(&j, &e) && add_entry(&e, files, n, &fcap, tus, ntus, &j);
            entry_free(&e);
        } while (ok && jlit(&j, ','));
        ok = ok && (jlit(&j, ']') || jfail(&j, "expected ',' or ']'"));
    }
    if (ok) {
        jws(&j);
        if (j.p != j.end) ok = jfail(&j, "text after the array");
    }
    free(buf);
    return ok;
}
