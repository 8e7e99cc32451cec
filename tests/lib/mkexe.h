/* Build a minimal static executable (text + data + bss) of any ELF class with the
 * project's ELF writer.  Tests use it to make guest programs without an assembler. */
#ifndef ZL_TESTS_MKEXE_H
#define ZL_TESTS_MKEXE_H

#include <stdio.h>
#include <string.h>

#include "elf/elf.h"

struct mkexe {
    int cls;                    /* ELFCLASS32/64/128 */
    int type;                   /* ET_EXEC (default when 0) or ET_DYN (position-independent) */
    u128 text_addr;             /* where .text starts (page + headers) */
    const u8 *text;
    usize text_size;
    u128 data_addr;             /* page-aligned, after the text */
    const u8 *data;
    usize data_size;
    u128 bss_size;              /* zero bytes after .data */
};

/* Address of the first byte after the headers when the text segment starts at `base`. */
static inline u128 mkexe_text_addr(int cls, u128 base)
{
    return base + ((elf_headers_size(cls, 2) + 15) & ~(u128)15);
}

static inline int mkexe_write(const struct mkexe *m, const char *path)
{
    struct elf_ehdr proto;
    memset(&proto, 0, sizeof proto);
    proto.cls = m->cls;
    proto.type = (u16)(m->type ? m->type : ET_EXEC);
    proto.machine = EM_RISCV;
    proto.flags = EF_RISCV_RVC | EF_RISCV_FLOAT_ABI_DOUBLE;
    proto.entry = m->text_addr;
    struct elf_writer *w = elf_writer_new(&proto);
    if (!w) return -1;
    struct elf_shdr sh;
    memset(&sh, 0, sizeof sh);
    sh.name = ".text"; sh.type = SHT_PROGBITS; sh.flags = SHF_ALLOC | SHF_EXECINSTR;
    sh.addr = m->text_addr; sh.size = m->text_size; sh.addralign = 16;
    elf_writer_add_section(w, &sh, m->text);
    memset(&sh, 0, sizeof sh);
    sh.name = ".data"; sh.type = SHT_PROGBITS; sh.flags = SHF_ALLOC | SHF_WRITE;
    sh.addr = m->data_addr; sh.size = m->data_size; sh.addralign = 16;
    elf_writer_add_section(w, &sh, m->data);
    int nsec = 2;
    if (m->bss_size) {
        memset(&sh, 0, sizeof sh);
        sh.name = ".bss"; sh.type = SHT_NOBITS; sh.flags = SHF_ALLOC | SHF_WRITE;
        sh.addr = m->data_addr + ((m->data_size + 15) & ~(usize)15);
        sh.size = m->bss_size; sh.addralign = 16;
        elf_writer_add_section(w, &sh, NULL);
        nsec = 3;
    }
    struct elf_phdr ph;
    memset(&ph, 0, sizeof ph);
    ph.type = PT_LOAD; ph.flags = PF_R | PF_X; ph.align = 0x1000;
    elf_writer_add_segment(w, &ph, 1, 1, ELF_SEG_HEADERS);
    memset(&ph, 0, sizeof ph);
    ph.type = PT_LOAD; ph.flags = PF_R | PF_W; ph.align = 0x1000;
    elf_writer_add_segment(w, &ph, 2, (u32)(nsec - 1), 0);
    FILE *fp = fopen(path, "wb");
    struct elf_err err;
    int rc = fp ? elf_writer_write(w, fp, &err) : -1;
    if (fp && fclose(fp)) rc = -1;
    if (rc) fprintf(stderr, "mkexe: %s: %s\n", path, fp ? err.msg : "cannot create");
    elf_writer_free(w);
    return rc;
}

#endif
