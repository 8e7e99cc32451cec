/* Diagnostics in GNU as format, and the run's memory. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "as/as.h"

/* ---- Diagnostics --------------------------------------------------------------------
 * GNU as prints "FILE: Assembler messages:" once, then one line per message:
 *   FILE:LINE: Error: text
 *   FILE:LINE: Warning: text
 * Every error is reported; assembly continues with the next statement. */

struct srcloc as_here(struct as *A) { return A->loc; }

static void report(struct as *A, struct srcloc at, const char *kind, const char *fmt,
                   va_list ap)
{
    if (!A->diag) return;
    if (!A->said_header) {
        fprintf(A->diag, "%s: Assembler messages:\n",
                A->header_file ? A->header_file : at.file ? at.file : "{standard input}");
        A->said_header = true;
    }
    if (at.file && at.line)
        fprintf(A->diag, "%s:%u: %s: ", at.file, at.line, kind);
    else if (at.file)
        fprintf(A->diag, "%s: %s: ", at.file, kind);
    else
        fprintf(A->diag, "%s: ", kind);
    vfprintf(A->diag, fmt, ap);
    fputc('\n', A->diag);
    if (at.file == A->loc.file && at.line == A->loc.line) input_report_context(A, A->diag);
}

void as_error_at(struct as *A, struct srcloc at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(A, at, "Error", fmt, ap);
    va_end(ap);
    A->nerrors++;
}

void as_error(struct as *A, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(A, A->loc, "Error", fmt, ap);
    va_end(ap);
    A->nerrors++;
}

static void warn_v(struct as *A, struct srcloc at, const char *fmt, va_list ap)
{
    if (A->no_warnings) return;
    if (A->fatal_warnings) {
        report(A, at, "Error", fmt, ap);
        A->nerrors++;
        return;
    }
    report(A, at, "Warning", fmt, ap);
    A->nwarnings++;
}

void as_warn_at(struct as *A, struct srcloc at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    warn_v(A, at, fmt, ap);
    va_end(ap);
}

void as_warn(struct as *A, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    warn_v(A, A->loc, fmt, ap);
    va_end(ap);
}

/* ---- Memory ------------------------------------------------------------------------ */

struct arena {
    struct arena *next;
    usize used, cap;
    max_align_t data[];
};

static void oom(void)
{
    fputs("zl-as: out of memory\n", stderr);
    exit(1);
}

void *xrealloc(void *p, usize n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) oom();
    return q;
}

void *as_alloc(struct as *A, usize n)
{
    n = (n + 15) & ~(usize)15;
    struct arena *a = A->arena;
    if (!a || a->cap - a->used < n) {
        usize cap = n > 65536 ? n : 65536;
        struct arena *b = malloc(sizeof *b + cap);
        if (!b) oom();
        b->next = a;
        b->used = 0;
        b->cap = cap;
        A->arena = a = b;
    }
    void *p = (char *)a->data + a->used;
    a->used += n;
    memset(p, 0, n);
    return p;
}

char *as_strndup(struct as *A, const char *s, usize n)
{
    char *p = as_alloc(A, n + 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

char *as_strdup(struct as *A, const char *s) { return as_strndup(A, s, strlen(s)); }

struct interned {
    struct interned *next;
    char *name;
};

const char *as_intern_file(struct as *A, const char *name)
{
    for (struct interned *i = A->files; i; i = i->next)
        if (!strcmp(i->name, name)) return i->name;
    struct interned *i = as_alloc(A, sizeof *i);
    i->name = as_strdup(A, name);
    i->next = A->files;
    A->files = i;
    return i->name;
}

void arena_free_all(struct as *A)
{
    struct arena *a = A->arena;
    while (a) {
        struct arena *n = a->next;
        free(a);
        a = n;
    }
    A->arena = NULL;
}

void bytes_put(struct bytes *b, const void *p, usize n)
{
    if (b->len + n > b->cap) {
        usize c = b->cap ? b->cap : 64;
        while (c < b->len + n) c *= 2;
        b->p = xrealloc(b->p, c);
        b->cap = c;
    }
    if (n) memcpy(b->p + b->len, p, n);
    b->len += n;
}

void bytes_free(struct bytes *b)
{
    free(b->p);
    b->p = NULL;
    b->len = b->cap = 0;
}
