/* Diagnostics in GNU as format, and the run's memory. */
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "as/as.h"

/* ---- Diagnostics --------------------------------------------------------------------
 * GNU as prints "FILE: Assembler messages:" once, then one line per message:
 *   FILE:LINE: Error: text
 *   FILE:LINE: Warning: text
 * Every error is reported (repeats counted, see below); assembly continues with the next
 * statement. */

struct srcloc as_here(struct as *A) { return A->loc; }

/* A message identical to one already printed -- same place, same macro invocation chain,
 * same text, as each pass of a .rept over a bad line gives -- is counted, not printed again:
 * a .rept of millions would otherwise print millions of copies.  as_end says how many
 * were hidden.  The first DIAG_SEEN_MAX distinct messages are remembered (exactly, by
 * their text); later ones are always printed. */
#define DIAG_SEEN_MAX 65536u

/* The table slot holding the same text, or the empty slot where it would go (the table is
 * at most half full); NULL if there is no memory for the table. */
static char **seen_slot(struct as *A, const char *msg, usize len)
{
    if (!A->diag_seen) {
        A->diag_seen = calloc(2 * DIAG_SEEN_MAX, sizeof *A->diag_seen);
        if (!A->diag_seen) return NULL;
    }
    u32 mask = 2 * DIAG_SEEN_MAX - 1;
    u32 i = as_hash(msg, len) & mask;
    while (A->diag_seen[i] && strcmp(A->diag_seen[i], msg)) i = (i + 1) & mask;
    return &A->diag_seen[i];
}

static void report(struct as *A, struct srcloc at, const char *kind, const char *fmt,
                   va_list ap)
{
    if (!A->diag) return;
    char *msg = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&msg, &len);
    if (!m) { fputs("zl-as: out of memory\n", stderr); exit(1); }
    if (at.file && at.line)
        fprintf(m, "%s:%u: %s: ", at.file, at.line, kind);
    else if (at.file)
        fprintf(m, "%s: %s: ", at.file, kind);
    else
        fprintf(m, "%s: ", kind);
    vfprintf(m, fmt, ap);
    fputc('\n', m);
    if (at.file == A->loc.file && at.line == A->loc.line) input_report_context(A, m);
    if (fclose(m) != 0 || !msg) { fputs("zl-as: out of memory\n", stderr); exit(1); }
    char **slot = seen_slot(A, msg, len);
    if (slot && *slot) {
        A->diag_hidden++;
        free(msg);
        return;
    }
    if (!A->said_header) {
        fprintf(A->diag, "%s: Assembler messages:\n",
                A->header_file ? A->header_file : at.file ? at.file : "{standard input}");
        A->said_header = true;
    }
    fwrite(msg, 1, len, A->diag);            /* one write per message: stderr is unbuffered */
    if (slot && A->diag_nseen < DIAG_SEEN_MAX) {
        *slot = msg;
        A->diag_nseen++;
    } else {
        free(msg);
    }
}

void diag_finish(struct as *A)
{
    if (A->diag && A->diag_hidden)
        fprintf(A->diag, "%s%sInfo: %llu repeated messages not shown (each identical in place "
                "and text to one above)\n", A->header_file ? A->header_file : "",
                A->header_file ? ": " : "", (unsigned long long)A->diag_hidden);
    if (A->diag_seen)
        for (u32 i = 0; i < 2 * DIAG_SEEN_MAX; i++) free(A->diag_seen[i]);
    free(A->diag_seen);
    A->diag_seen = NULL;
    A->diag_nseen = 0;
    A->diag_hidden = 0;
}

static void count_error(struct as *A)
{
    if (A->nerrors < UINT_MAX) A->nerrors++;   /* never wraps back to "no errors" */
}

void as_error_at(struct as *A, struct srcloc at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(A, at, "Error", fmt, ap);
    va_end(ap);
    count_error(A);
}

void as_error(struct as *A, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(A, A->loc, "Error", fmt, ap);
    va_end(ap);
    count_error(A);
}

static void warn_v(struct as *A, struct srcloc at, const char *fmt, va_list ap)
{
    if (A->no_warnings) return;
    if (A->fatal_warnings) {
        report(A, at, "Error", fmt, ap);
        count_error(A);
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

/* "Info": what the assembler chose to do about an error (neither error nor warning). */
void as_info_at(struct as *A, struct srcloc at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(A, at, "Info", fmt, ap);
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

static void *arena_take(struct arena **head, usize n, usize chunk)
{
    n = (n + 15) & ~(usize)15;
    struct arena *a = *head;
    if (!a || a->cap - a->used < n) {
        usize cap = n > chunk ? n : chunk;
        struct arena *b = malloc(sizeof *b + cap);
        if (!b) oom();
        b->next = a;
        b->used = 0;
        b->cap = cap;
        *head = a = b;
    }
    void *p = (char *)a->data + a->used;
    a->used += n;
    memset(p, 0, n);
    return p;
}

static void arena_free(struct arena **head)
{
    struct arena *a = *head;
    while (a) {
        struct arena *n = a->next;
        free(a);
        a = n;
    }
    *head = NULL;
}

void *as_alloc(struct as *A, usize n) { return arena_take(&A->arena, n, 65536); }

void *as_scratch_alloc(struct as *A, usize n) { return arena_take(&A->scratch, n, 4096); }

/* The chunks go back to malloc rather than being reused, so that under AddressSanitizer
 * a tree used after its statement is a reported use after free. */
void as_scratch_release(struct as *A) { arena_free(&A->scratch); }

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
    arena_free(&A->arena);
    arena_free(&A->scratch);
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
