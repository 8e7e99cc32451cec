/* lines.c — zl-objdump -l (file:line before the instructions of each line) and -S (the
 * source lines themselves), in GNU objdump's layout.
 *
 * Before each instruction or data word the disassembler asks od_lines_show, which looks
 * the address up with dwarf_find_line (src/elf/dwarf_info.c: DWARF line tables, DWARF
 * subprograms, else the symbol table).  -l prints "func():" when the function changes
 * and "file:line" (with " (discriminator N)") when the line or discriminator changes;
 * with --inlines, for code of an inlined subroutine, "inlined by file:line (caller)" for
 * each place it was inlined at, innermost first.  -S prints the source lines up to the
 * new one, with up to five lines of context before it but never a line twice.  Sources are read from the paths in the line tables; a file
 * that cannot be read shows nothing. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "elf/dwarf.h"
#include "objdump/objdump.h"

enum { CONTEXT = 5 };           /* lines shown before the first one of a function */

struct srcfile {
    char *path;
    char *text;                 /* NULL: could not be read */
    usize *starts;              /* starts[i]: offset of line i + 1 */
    u32 nlines;                 /* lines ended by a newline (only those are shown) */
    u32 last, max_printed;
};

struct od_lines {
    struct od_file *F;
    const struct od_opts *o;
    struct dwarf *dw;
    char *prev_func;
    u32 prev_line, prev_disc;
    struct srcfile *files;
    usize nfiles;
    long long obj_mtime;
};

struct od_lines *od_lines_open(struct od_file *F, const struct od_opts *o, int *status)
{
    if (!o->line_numbers && !o->source)
        return NULL;
    struct elf_err err = { "" };
    struct dwarf *dw = dwarf_open(F->f, 0, &err);
    if (!dw) {
        fflush(F->out);
        fprintf(stderr, "zl-objdump: %s: %s\n", F->path, err.msg);
        *status = 1;
        return NULL;
    }
    struct od_lines *L = calloc(1, sizeof *L);
    if (!L) {
        dwarf_close(dw);
        return NULL;
    }
    L->F = F;
    L->o = o;
    L->dw = dw;
    L->prev_line = (u32)-1;
    struct stat st;
    L->obj_mtime = stat(F->path, &st) == 0 ? (long long)st.st_mtime : 0;
    return L;
}

void od_lines_close(struct od_lines *L)
{
    if (!L)
        return;
    for (usize i = 0; i < L->nfiles; i++) {
        free(L->files[i].path);
        free(L->files[i].text);
        free(L->files[i].starts);
    }
    free(L->files);
    free(L->prev_func);
    dwarf_close(L->dw);
    free(L);
}

/* Read a source file and index its lines (once; a failure is remembered too). */
static struct srcfile *source(struct od_lines *L, const char *path)
{
    for (usize i = 0; i < L->nfiles; i++)
        if (!strcmp(L->files[i].path, path))
            return &L->files[i];
    struct srcfile *n = realloc(L->files, (L->nfiles + 1) * sizeof *n);
    if (!n)
        return NULL;
    L->files = n;
    struct srcfile *s = &L->files[L->nfiles];
    memset(s, 0, sizeof *s);
    s->path = strdup(path);
    if (!s->path)
        return NULL;
    L->nfiles++;
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return s;
    struct elf_err err;
    usize size;
    u8 *text = elf_slurp(fp, &size, &err);
    struct stat st;
    if (text && fstat(fileno(fp), &st) == 0 && L->obj_mtime && (long long)st.st_mtime > L->obj_mtime) {
        fflush(L->F->out);
        fprintf(stderr, "zl-objdump: Warning: source file %s is more recent than object file\n",
                path);
    }
    fclose(fp);
    if (!text)
        return s;
    u32 nl = 0;
    for (usize i = 0; i < size; i++)
        nl += text[i] == '\n';
    s->starts = malloc((nl + 1) * sizeof *s->starts);
    if (!s->starts) {
        free(text);
        return s;
    }
    s->starts[0] = 0;
    for (usize i = 0, k = 1; i < size; i++)
        if (text[i] == '\n')
            s->starts[k++] = i + 1;
    s->text = (char *)text;
    s->nlines = nl;
    return s;
}

/* Lines [from, to] (1-based) of s, each up to its newline or carriage return. */
static void print_lines(FILE *out, const struct srcfile *s, u32 from, u32 to)
{
    for (u32 l = from ? from : 1; l <= to && l <= s->nlines; l++) {
        const char *p = s->text + s->starts[l - 1];
        fwrite(p, 1, strcspn(p, "\n\r"), out);
        fputc('\n', out);
    }
}

void od_lines_show(struct od_lines *L, u32 sec, u128 off)
{
    if (!L)
        return;
    FILE *out = L->F->out;
    struct dwarf_loc loc = { 0 };
    if (!dwarf_find_line(L->dw, sec, off, &loc))
        return;
    const char *file = loc.file && *loc.file ? loc.file : NULL;
    const char *func = loc.func && *loc.func ? loc.func : NULL;
    bool new_func = func && (!L->prev_func || strcmp(func, L->prev_func));
    if (L->o->line_numbers) {
        if (new_func) {
            fputs(func, out);
            fputs("():\n", out);
            L->prev_line = (u32)-1;
        }
        if (loc.line && (loc.line != L->prev_line || loc.disc != L->prev_disc)) {
            if (loc.disc)
                fprintf(out, "%s:%u (discriminator %u)\n", file ? file : "???", loc.line,
                        loc.disc);
            else
                fprintf(out, "%s:%u\n", file ? file : "???", loc.line);
        }
        struct dwarf_loc up = loc;
        while (L->o->inlines && dwarf_inliner(L->dw, &up))
            fprintf(out, "inlined by %s:%u (%s)\n", up.file, up.line, up.func ? up.func : "??");
    }
    if (L->o->source && file && loc.line) {
        struct srcfile *s = source(L, file);
        if (s && s->text && loc.line != s->last) {
            u32 from = loc.line > CONTEXT ? loc.line - CONTEXT : 1;
            if (s->max_printed >= from)
                from = s->max_printed < loc.line ? s->max_printed + 1 : loc.line;
            print_lines(out, s, from, loc.line);
            if (s->max_printed < loc.line)
                s->max_printed = loc.line;
            s->last = loc.line;
        }
    }
    if (new_func) {
        free(L->prev_func);
        L->prev_func = strdup(func);
    }
    if (loc.line)
        L->prev_line = loc.line;
    L->prev_disc = loc.disc;
}
