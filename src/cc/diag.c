/* Arena memory and diagnostics (file:line:col: error: message, source line, caret). */
#include "cc/cc.h"

#include <stdlib.h>
#include <string.h>

struct chunk {
    struct chunk *next;
    size_t used, cap;
    max_align_t data[];
};
static struct chunk *arena;

void *cc_alloc(size_t n)
{
    n = (n + 15) & ~(size_t)15;
    if (!arena || arena->cap - arena->used < n) {
        size_t cap = n > 65536 ? n : 65536;
        struct chunk *c = malloc(sizeof *c + cap);
        if (!c) {
            fputs("zl-cc: out of memory\n", stderr);
            exit(1);
        }
        c->next = arena;
        c->used = 0;
        c->cap = cap;
        arena = c;
    }
    void *p = (char *)arena->data + arena->used;
    arena->used += n;
    memset(p, 0, n);
    return p;
}

void cc_arena_free(void)
{
    while (arena) {
        struct chunk *c = arena->next;
        free(arena);
        arena = c;
    }
}

char *cc_strndup(const char *s, size_t n)
{
    char *p = cc_alloc(n + 1);
    memcpy(p, s, n);
    return p;
}

char *cc_strdup(const char *s) { return cc_strndup(s, strlen(s)); }

char *cc_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *p = cc_alloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return p;
}

jmp_buf *cc_error_jmp, *cc_abort_jmp;
int cc_nerrors, cc_nwarnings, cc_nwarn_errors;
int cc_max_errors;
bool cc_fatal_errors, cc_terminated;
bool cc_werror, cc_wall, cc_quiet, cc_nowarn;

void cc_diag_reset(void)
{
    cc_nerrors = cc_nwarnings = 0;
}

/* Print the source line `line` of `file` and a caret under column `col`. */
static void show_line(const char *file, u32 line, u32 col)
{
    if (!file || !line || !strcmp(file, "<built-in>") || !strcmp(file, "<stdin>") ||
        !strcmp(file, "<fuzz>"))
        return;
    FILE *f = fopen(file, "r");
    if (!f) return;
    char buf[512];
    u32 ln = 1;
    int c;
    size_t n = 0;
    bool found = false;
    while ((c = getc(f)) != EOF) {
        if (ln == line) {
            if (c == '\n') { found = true; break; }
            if (n < sizeof buf - 1) buf[n++] = (char)c;
        } else if (c == '\n' && ++ln > line) {
            break;
        }
    }
    if (ln == line) found = true;
    fclose(f);
    if (!found) return;
    buf[n] = 0;
    fprintf(stderr, " %5u | %s\n       | ", line, buf);
    for (u32 i = 1; i < col && i <= n; i++) fputc(buf[i - 1] == '\t' ? '\t' : ' ', stderr);
    fputs("^\n", stderr);
}

static void vdiag(struct srcpos p, const char *kind, const char *suffix, const char *fmt, va_list ap)
{
    if (cc_quiet) return;
    if (p.file)
        fprintf(stderr, "%s:%u:%u: %s: ", p.file, p.line, p.col, kind);
    else
        fprintf(stderr, "zl-cc: %s: ", kind);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "%s\n", suffix);
    show_line(p.file, p.line, p.col);
}

_Noreturn void cc_abort(void)
{
    if (cc_abort_jmp) longjmp(*cc_abort_jmp, 1);
    exit(1);
}

_Noreturn void cc_error_again(void)
{
    if (cc_error_jmp) longjmp(*cc_error_jmp, 1);
    exit(1);
}

/* one more error: the compilation stops at GCC's limits (-Wfatal-errors, -fmax-errors=N) */
static void count_error(void)
{
    cc_nerrors++;
    cc_terminated = cc_fatal_errors || (cc_max_errors && cc_nerrors >= cc_max_errors);
    if (cc_fatal_errors) {
        if (!cc_quiet) fputs("compilation terminated due to -Wfatal-errors.\n", stderr);
        cc_abort();
    }
    if (cc_max_errors && cc_nerrors >= cc_max_errors) {
        if (!cc_quiet) fprintf(stderr, "compilation terminated due to -fmax-errors=%d.\n", cc_max_errors);
        cc_abort();
    }
}

void cc_error_report(struct srcpos p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag(p, "error", "", fmt, ap);
    va_end(ap);
    count_error();
}

_Noreturn void cc_error_at(struct srcpos p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag(p, "error", "", fmt, ap);
    va_end(ap);
    count_error();
    cc_error_again();
}

_Noreturn void cc_fatal_at(struct srcpos p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag(p, "error", "", fmt, ap);
    va_end(ap);
    cc_nerrors++;
    cc_abort();
}

void cc_note_at(struct srcpos p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag(p, "note", "", fmt, ap);
    va_end(ap);
}

void cc_warn_at(enum cc_warn w, struct srcpos p, const char *fmt, ...)
{
    if (!cc_warn_enabled(w)) return;
    bool err = cc_warn_is_error(w);
    const char *name = cc_warn_name(w);
    char suffix[80] = "";
    if (name)
        snprintf(suffix, sizeof suffix, " [-W%s%s]", err ? "error=" : "", name);
    else if (err)
        snprintf(suffix, sizeof suffix, " [-Werror]");
    va_list ap;
    va_start(ap, fmt);
    vdiag(p, err ? "error" : "warning", suffix, fmt, ap);
    va_end(ap);
    if (err) {
        cc_nwarn_errors++;
        count_error();
    } else {
        cc_nwarnings++;
    }
}

_Noreturn void cc_fatal(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (!cc_quiet) {
        fputs("zl-cc: error: ", stderr);
        vfprintf(stderr, fmt, ap);
        fputc('\n', stderr);
    }
    va_end(ap);
    cc_nerrors++;
    cc_abort();
}
