/* libFuzzer target for the src/elf reader (not a unit test; wired by the build owner).
 *
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -Iinclude -Isrc \
 *         tests/elf/fuzz_elf.c src/elf/elf_*.c -o fuzz_elf
 *   ./fuzz_elf corpus/          (seed it with small ELF32/64/128 files)
 *
 * Parses the input in both modes and walks every accessor over every byte it exposes, so
 * that any read outside the input is caught by the sanitizer. */
#include <stdlib.h>
#include <string.h>
#include "elf/elf.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static volatile unsigned fuzz_sink;

static void walk(const struct elf_file *f)
{
    unsigned acc = 0;
    const struct elf_ehdr *eh = elf_header(f);
    char buf[64];
    acc += (unsigned)strlen(elf_eflags_string(eh->machine, eh->flags, buf, sizeof buf));
    for (u32 i = 0; i < elf_phnum(f); i++) {
        const u8 *d;
        usize n;
        const struct elf_phdr *p = elf_phdr(f, i);
        acc += p->type + (elf_pt_name(p->type) != NULL);
        if (elf_segment_data(f, i, &d, &n) == 0)
            for (usize k = 0; k < n; k++)
                acc += d[k];
    }
    for (u32 i = 0; i < elf_shnum(f); i++) {
        const struct elf_shdr *s = elf_shdr(f, i);
        const u8 *d;
        usize n;
        acc += (unsigned)strlen(s->name);
        acc += (unsigned)strlen(elf_shf_letters(s->flags, buf, sizeof buf));
        if (elf_section_data(f, i, &d, &n) == 0)
            for (usize k = 0; k < n; k++)
                acc += d[k];
        for (u32 k = 0; k < elf_sym_count(f, i); k++) {
            struct elf_sym y;
            if (elf_sym(f, i, k, &y) == 0) {
                acc += (unsigned)strlen(y.name);
                if (y.shndx < SHN_LORESERVE)
                    acc += elf_shdr(f, y.shndx) != NULL;
            }
        }
        for (u32 k = 0; k < elf_rel_count(f, i); k++) {
            struct elf_rel r;
            struct elf_sym y;
            if (elf_rel(f, i, k, &r) == 0) {
                acc += elf_reloc_name(eh->machine, r.type) != NULL;
                if (s->link && elf_sym(f, s->link, r.sym, &y) == 0)
                    acc += (unsigned)strlen(y.name);
            }
        }
        for (u32 k = 0; k < elf_dyn_count(f, i); k++) {
            struct elf_dyn dy;
            if (elf_dyn(f, i, k, &dy) == 0) {
                const char *str = elf_string(f, s->link, dy.val);
                if (str)
                    acc += (unsigned)strlen(str);
            }
        }
    }
    fuzz_sink += acc;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    struct elf_err err;
    struct elf_file *f = elf_read(data, size, 0, &err);
    if (f) {
        walk(f);
        elf_close(f);
    }
    f = elf_read(data, size, ELF_READ_PHDRS_ONLY, &err);
    if (f) {
        walk(f);
        elf_close(f);
    }
    return 0;
}
