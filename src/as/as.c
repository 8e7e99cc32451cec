/* One assembly run: setup, input, layout, ELF image. */
#include <stdlib.h>
#include <string.h>

#include "as/as.h"


struct as *as_new(void)
{
    struct as *A = calloc(1, sizeof *A);
    if (!A) { fputs("zl-as: out of memory\n", stderr); exit(1); }
    A->march.xlen = 128;
    A->march.exts = EXT_I | EXT_M | EXT_A | EXT_F | EXT_D | EXT_C | EXT_ZICSR;
    A->isa_spec = SPEC_20191213;
    A->float_abi = 2;
    A->diag = stderr;
    A->emit_attributes = true;
    A->priv_spec[0] = 1;
    A->priv_spec[1] = 11;
    A->sectail = &A->sections;
    A->symtail = &A->syms;
    return A;
}

void as_free(struct as *A)
{
    if (!A) return;
    macro_free_all(A);
    for (struct section *s = A->sections; s; s = s->next) {
        for (struct frag *f = s->first; f; f = f->next) free(f->data);
        free(s->rels);
    }
    free(A->symhash);
    free(A->local_counts);
    dwarf_free(A);
    diag_finish(A);
    arena_free_all(A);
    free(A);
}

void as_begin(struct as *A)
{
    A->opt.arch = A->march;
    A->opt.pic = false;
    A->opt.relax = false;
    A->text = sect_get(A, ".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 0, true);
    A->data = sect_get(A, ".data", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 0, true);
    A->bss = sect_get(A, ".bss", SHT_NOBITS, SHF_ALLOC | SHF_WRITE, 0, true);
    /* GNU as starts .text aligned to the instruction size */
    A->text->align = (A->march.exts & EXT_C) ? 2 : 4;
    A->cur = A->text;
    A->text->used = true;
    if (A->march.exts & EXT_C) A->rvc_used = true;
}

void as_end(struct as *A)
{
    A->loc.file = NULL;
    A->loc.line = 0;
    /* numeric local labels referred to but never defined */
    for (struct sym *s = A->syms; s; s = s->next) {
        if (s->kind != SK_UNDEF || !s->referenced) continue;
        const char *b = strchr(s->name, '\002');
        if (s->name[0] == '.' && s->name[1] == 'L' && b)
            as_error_at(A, s->loc, "undefined local label `%.*s'", (int)(b - s->name - 2), s->name + 2);
    }
    if (A->optdepth) as_warn_at(A, A->loc, ".option push without .option pop");
    dwarf_finish(A);
    layout(A);
    diag_finish(A);
}

unsigned as_assemble_buffer(struct as *A, const char *name, const char *text, usize len,
                            u8 **out, usize *size)
{
    as_begin(A);
    input_push_text(A, name, text, len, false);
    input_run(A);
    as_end(A);
    *out = NULL;
    *size = 0;
    if (A->nerrors == 0) as_image(A, out, size);
    return A->nerrors;
}
