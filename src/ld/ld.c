/* ld.c — the link pipeline of zl-ld (see ld.h for the parts). */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "ld.h"
#include "elf/dwarf.h"

void ld_init(struct ld *L, FILE *err)
{
    memset(L, 0, sizeof *L);
    L->err = err;
    L->prog = "zl-ld";
}

void ld_free(struct ld *L)
{
    for (u32 i = 0; i < L->objs.n; i++) {
        struct obj *o = L->objs.v[i];
        if (o->dwarf) dwarf_close(o->dwarf);
        o->dwarf = NULL;
    }
    for (u32 i = 0; i < L->elf_files.n; i++)
        elf_close(L->elf_files.v[i]);
    L->elf_files.n = 0;
    for (struct ld_mapping *m = L->mappings; m; m = m->next)
        munmap(m->addr, m->len);
    L->mappings = NULL;
    struct ld_chunk *c = L->arena;
    while (c) {
        struct ld_chunk *n = c->next;
        free(c);
        c = n;
    }
    L->arena = NULL;
}

static void make_linker_obj(struct ld *L)
{
    struct obj *o = ld_alloc(L, sizeof *o);
    o->name = "<linker>";
    o->file_name = "<linker>";
    o->is_linker = 1;
    o->order = ~(u64)0;
    L->linker_obj = o;
}

/* Everything after the inputs are loaded. */
static int link_loaded(struct ld *L, u8 **img, usize *size)
{
    if (L->nerr)
        return 1;
    if (!L->cls) {
        ld_error(L, "no input objects");
        return 1;
    }
    ld_resolve_commons(L);
    ld_define_linker_syms(L);
    if (L->nerr)
        return 1;
    ld_gc(L);
    ld_check_undefined(L);
    ld_gnu_warnings(L);
    for (u32 i = 0; i < L->isecs.n; i++) {
        struct isec *s = L->isecs.v[i];
        if (!s->live || s->discarded)
            continue;
        ld_decode_relocs(L, s);
        ld_align_deletions(L, s);
    }
    if (L->nerr)
        return 1;
    ld_scan_relocs(L);
    ld_merge_attributes(L);
    if (L->nerr)
        return 1;
    ld_layout(L);
    if (L->nerr)
        return 1;
    ld_build_contents(L);
    if (L->nerr)
        return 1;
    ld_write_output(L, img, size);
    return L->nerr ? 1 : 0;
}

int ld_link(struct ld *L)
{
    if (ld_check_inputs_not_output(L))
        return 1;
    jmp_buf jb;
    jmp_buf *saved = L->fatal;
    L->fatal = &jb;
    int rc;
    if (setjmp(jb)) {
        rc = 1;
    } else {
        make_linker_obj(L);
        ld_load_inputs(L);
        u8 *img = NULL;
        usize size = 0;
        rc = link_loaded(L, &img, &size);
        if (rc == 0) {
            ld_write_map(L);
            if (L->nerr || ld_write_file(L, L->opt.output, img, size) != 0)
                rc = 1;
        }
    }
    L->fatal = saved;
    if (rc) {
        /* no stale output after a failed link (GNU ld removes it too) */
        struct stat st;
        if (L->opt.output && stat(L->opt.output, &st) == 0 && S_ISREG(st.st_mode))
            unlink(L->opt.output);
    }
    return rc;
}

int ld_link_buffers(struct ld *L, const u8 *const *bufs, const usize *sizes, u32 n, u8 **out,
                    usize *out_size)
{
    jmp_buf jb;
    L->fatal = &jb;
    int rc;
    *out = NULL;
    *out_size = 0;
    if (setjmp(jb)) {
        rc = 1;
    } else {
        L->opt.output = "a.out";
        L->opt.page_size = 0x1000;
        L->opt.separate_code = 1;
        L->opt.relro = 1;
        make_linker_obj(L);
        for (u32 i = 0; i < n; i++)
            ld_add_buffer(L, ld_sprintf(L, "input%u.o", i), bufs[i], sizes[i], i);
        rc = link_loaded(L, out, out_size);
    }
    L->fatal = NULL;
    return rc;
}

int ld_main(int argc, char **argv)
{
    struct ld L;
    ld_init(&L, stderr);
    jmp_buf jb;
    L.fatal = &jb;
    int rc;
    if (setjmp(jb)) {
        rc = 1;
    } else {
        int r = ld_parse_args(&L, argc, argv);
        if (r)
            rc = r > 0 ? 0 : 1;
        else
            rc = ld_link(&L);
    }
    ld_free(&L);
    return rc;
}
