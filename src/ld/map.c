/* map.c — the -Map file (and -M on standard output), in the spirit of GNU ld's map:
 * archive members and why they were loaded, discarded input sections, common symbols,
 * and the memory map (output sections, their input sections, and the global symbols
 * defined in each input section, by address), then the program headers. */
#include <errno.h>
#include <string.h>
#include "ld.h"

static int hexw(const struct ld *L)
{
    return L->xlen == 32 ? 8 : L->xlen == 64 ? 16 : 32;
}

static void pad_to(FILE *fp, int *col, int to)
{
    if (*col >= to) {
        fputc('\n', fp);
        *col = 0;
    }
    while (*col < to) {
        fputc(' ', fp);
        (*col)++;
    }
}

static int emitted(const struct osec *o)
{
    return o->in.n > 0 || (o->synth && o->size > 0);
}

static void print_syms_of(struct ld *L, FILE *fp, const struct isec *s)
{
    /* globals defined in s, by address */
    struct vec v = { 0 };
    const struct obj *o = s->obj;
    if (o->is_linker) {
        if (s->common_sym)
            vec_push(L, &v, s->common_sym);
    } else {
        for (u32 k = 1; k < o->nsym; k++) {
            struct sym *g = o->syms[k];
            if (g && !g->is_local && g->kind == SYM_DEFINED && g->sec == s && g->file == o)
                vec_push(L, &v, g);
        }
    }
    for (u32 i = 1; i < v.n; i++) {
        struct sym *x = v.v[i];
        u32 j = i;
        while (j > 0 && ld_sym_addr(L, v.v[j - 1]) > ld_sym_addr(L, x)) {
            v.v[j] = v.v[j - 1];
            j--;
        }
        v.v[j] = x;
    }
    for (u32 i = 0; i < v.n; i++) {
        struct sym *g = v.v[i];
        fprintf(fp, "                %s                %s\n",
                ld_hex(L, ld_sym_addr(L, g), hexw(L)), g->name);
    }
}

static void write_map(struct ld *L, FILE *fp)
{
    int w = hexw(L);
    if (L->pulled.n) {
        fprintf(fp, "Archive member included to satisfy reference by file (symbol)\n\n");
        for (u32 i = 0; i < L->pulled.n; i++) {
            const struct pull_note *p = L->pulled.v[i];
            fprintf(fp, "%s\n                              %s (%s)\n", p->member, p->by,
                    p->sym);
        }
        fprintf(fp, "\n");
    }
    int any = 0;
    for (u32 i = 0; i < L->global_list.n; i++) {
        struct sym *g = L->global_list.v[i];
        if (g->kind != SYM_DEFINED || !g->sec || !g->sec->common_sym)
            continue;
        if (!any)
            fprintf(fp, "Allocating common symbols\nCommon symbol       size              "
                        "file\n\n");
        any = 1;
        int col = fprintf(fp, "%s", g->name);
        pad_to(fp, &col, 20);
        col += fprintf(fp, "%s", ld_hex(L, g->size, 0));
        pad_to(fp, &col, 38);
        fprintf(fp, "%s\n", g->sec->order_obj ? g->sec->order_obj->name : "?");
    }
    if (any)
        fprintf(fp, "\n");
    fprintf(fp, "Discarded input sections\n\n");
    for (u32 i = 0; i < L->isecs.n; i++) {
        struct isec *s = L->isecs.v[i];
        if (s->out || s->obj->is_linker)
            continue;
        int col = fprintf(fp, " %s", s->name);
        pad_to(fp, &col, 16);
        fprintf(fp, "%s %10s %s%s\n", ld_hex(L, 0, w), ld_hex(L, s->size, 0), s->obj->name,
                s->discarded ? " (COMDAT duplicate)" : "");
    }
    fprintf(fp, "\nMemory map\n\n");
    fprintf(fp, "%s\n\n", L->opt.pie ? "Position-independent executable (ET_DYN), linked at "
                                       "base 0" : "Executable (ET_EXEC)");
    for (u32 i = 0; i < L->osecs.n; i++) {
        struct osec *o = L->osecs.v[i];
        if (!emitted(o))
            continue;
        int col = fprintf(fp, "%s", o->name);
        pad_to(fp, &col, 16);
        fprintf(fp, "%s %10s\n", ld_hex(L, o->addr, w), ld_hex(L, o->size, 0));
        if (o->synth && o->synth != SYN_GOT)
            fprintf(fp, " *(linker created)\n");
        if (o->synth == SYN_GOT)
            fprintf(fp, " *(.got: %u linker-created slot(s) of %u bytes after a header slot)\n",
                    L->ngot, L->word);
        for (u32 k = 0; k < o->in.n; k++) {
            struct isec *s = o->in.v[k];
            col = fprintf(fp, " %s", s->obj->is_linker ? "COMMON" : s->name);
            pad_to(fp, &col, 16);
            fprintf(fp, "%s %10s %s", ld_hex(L, ld_isec_addr(s), w), ld_hex(L, s->outsize, 0),
                    s->obj->is_linker ? (s->order_obj ? s->order_obj->name : "")
                                      : s->obj->name);
            if (s->outsize != s->size)
                fprintf(fp, " (was %s bytes)", ld_dec(L, (i128)s->size));
            fprintf(fp, "\n");
            print_syms_of(L, fp, s);
        }
        /* linker-defined symbols that point into this section */
        for (u32 k = 0; k < L->global_list.n; k++) {
            struct sym *g = L->global_list.v[k];
            if (g->kind == SYM_LINKER && g->wanted && g->osec == o)
                fprintf(fp, "                %s                %s = .\n",
                        ld_hex(L, g->value, w), g->name);
        }
        fprintf(fp, "\n");
    }
    for (u32 k = 0; k < L->global_list.n; k++) {
        struct sym *g = L->global_list.v[k];
        if (g->kind == SYM_LINKER && g->wanted && !g->osec)
            fprintf(fp, "                %s                %s\n", ld_hex(L, g->value, w),
                    g->name);
    }
    fprintf(fp, "\nEntry point %s\n", ld_hex(L, L->entry, w));
    fprintf(fp, "\nLoad segments\n\n");
    for (u32 i = 0; i < L->nloads; i++) {
        const struct elf_phdr *p = L->loads[i];
        fprintf(fp, "LOAD %c%c%c offset %s vaddr %s filesz %s memsz %s\n",
                (p->flags & PF_R) ? 'R' : '-', (p->flags & PF_W) ? 'W' : '-',
                (p->flags & PF_X) ? 'X' : '-', ld_hex(L, p->offset, 0), ld_hex(L, p->vaddr, w),
                ld_hex(L, p->filesz, 0), ld_hex(L, p->memsz, 0));
    }
}

void ld_write_map(struct ld *L)
{
    if (L->opt.print_map_stdout)
        write_map(L, stdout);
    if (!L->opt.map)
        return;
    FILE *fp = fopen(L->opt.map, "w");
    if (!fp) {
        ld_error(L, "cannot open map file %s: %s", L->opt.map, strerror(errno));
        return;
    }
    write_map(L, fp);
    int err = ferror(fp) ? errno : 0;
    if (fclose(fp) != 0 && !err)
        err = errno;
    if (err)
        ld_error(L, "cannot write map file %s: %s", L->opt.map, strerror(err));
}
