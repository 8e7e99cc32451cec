/* Sample ELF files built with the writer, shared by the tests in tests/elf.
 *
 *   sample_rel(cls, &size, flags)   relocatable: .text .data .bss .rodata.str1.1 .rela.text
 *                                   .rela.data (or .rel.data), symbols of every kind
 *   sample_exec(cls, &size)         executable: PT_PHDR + 2 PT_LOAD + PT_GNU_STACK
 *   sample_ldobj(cls, &size)        small self-contained object for GNU ld to link
 * Each returns a malloc'd image (NULL on failure, reason printed to stderr).
 * The expected values are exported as constants/tables so tests can compare.
 */
#ifndef ZL_TESTS_ELF_SAMPLES_H
#define ZL_TESTS_ELF_SAMPLES_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "elf/elf.h"

#define SAMPLE_REL_USE_REL 0x1   /* .rel.data instead of .rela.data */

static const u8 sample_text[16] = {
    0x13, 0x05, 0x00, 0x00, 0x97, 0x00, 0x00, 0x00,
    0xe7, 0x80, 0x00, 0x00, 0x67, 0x80, 0x00, 0x00,
};
static const char sample_str[] = "hello\0world";   /* 12 bytes with the final NUL */

/* 128-bit test constant above 2^64 (for ELF128 values). */
static inline u128 sample_big(void)
{
    return ((u128)0x0123456789abcdefULL << 64) | 0xfedcba9876543210ULL;
}

static inline u8 *sample_finish(struct elf_writer *w, usize *size)
{
    struct elf_err err;
    u8 *img = NULL;
    if (elf_writer_finish(w, &img, size, &err) != 0) {
        fprintf(stderr, "sample: %s\n", err.msg);
        img = NULL;
    }
    elf_writer_free(w);
    return img;
}

/* Section indices of sample_rel. */
enum { SR_TEXT = 1, SR_DATA, SR_BSS, SR_STR, SR_RELA_TEXT, SR_REL_DATA, SR_NSEC_USER = 6 };

static inline u8 *sample_rel(int cls, usize *size, unsigned flags)
{
    const struct elf_geom *g = elf_geom(cls);
    struct elf_ehdr proto;
    memset(&proto, 0, sizeof proto);
    proto.cls = cls;
    proto.type = ET_REL;
    proto.machine = EM_RISCV;
    proto.flags = EF_RISCV_RVC | EF_RISCV_FLOAT_ABI_DOUBLE;
    struct elf_writer *w = elf_writer_new(&proto);
    if (!w)
        return NULL;

    struct elf_shdr sh;
    memset(&sh, 0, sizeof sh);
    sh.name = ".text"; sh.type = SHT_PROGBITS; sh.flags = SHF_ALLOC | SHF_EXECINSTR;
    sh.size = sizeof sample_text; sh.addralign = 4;
    elf_writer_add_section(w, &sh, sample_text);

    u8 data[32];
    for (unsigned i = 0; i < sizeof data; i++)
        data[i] = (u8)(0xa0 + i);
    memset(&sh, 0, sizeof sh);
    sh.name = ".data"; sh.type = SHT_PROGBITS; sh.flags = SHF_ALLOC | SHF_WRITE;
    sh.size = 2 * g->word; sh.addralign = g->word;
    elf_writer_add_section(w, &sh, data);

    memset(&sh, 0, sizeof sh);
    sh.name = ".bss"; sh.type = SHT_NOBITS; sh.flags = SHF_ALLOC | SHF_WRITE;
    sh.size = 64; sh.addralign = 16;
    elf_writer_add_section(w, &sh, NULL);

    memset(&sh, 0, sizeof sh);
    sh.name = ".rodata.str1.1"; sh.type = SHT_PROGBITS;
    sh.flags = SHF_ALLOC | SHF_MERGE | SHF_STRINGS;
    sh.size = sizeof sample_str; sh.addralign = 1; sh.entsize = 1;
    elf_writer_add_section(w, &sh, sample_str);

    /* Symbols: locals first. */
    struct elf_sym s;
    memset(&s, 0, sizeof s);
    s.name = "t.c"; s.info = ELF_ST_INFO(STB_LOCAL, STT_FILE); s.shndx = SHN_ABS;
    elf_writer_add_symbol(w, &s);                                   /* 1 */
    memset(&s, 0, sizeof s);
    s.name = ""; s.info = ELF_ST_INFO(STB_LOCAL, STT_SECTION); s.shndx = SR_TEXT;
    elf_writer_add_symbol(w, &s);                                   /* 2 */
    memset(&s, 0, sizeof s);
    s.name = ".Lloop"; s.info = ELF_ST_INFO(STB_LOCAL, STT_NOTYPE); s.shndx = SR_TEXT;
    s.value = 8;
    elf_writer_add_symbol(w, &s);                                   /* 3 */
    memset(&s, 0, sizeof s);
    s.name = "main"; s.info = ELF_ST_INFO(STB_GLOBAL, STT_FUNC); s.shndx = SR_TEXT;
    s.size = sizeof sample_text;
    elf_writer_add_symbol(w, &s);                                   /* 4 */
    memset(&s, 0, sizeof s);
    s.name = "counter"; s.info = ELF_ST_INFO(STB_GLOBAL, STT_OBJECT); s.shndx = SR_BSS;
    s.value = 16; s.size = 8;
    elf_writer_add_symbol(w, &s);                                   /* 5 */
    memset(&s, 0, sizeof s);
    s.name = "puts"; s.info = ELF_ST_INFO(STB_GLOBAL, STT_NOTYPE); s.shndx = SHN_UNDEF;
    elf_writer_add_symbol(w, &s);                                   /* 6 */
    memset(&s, 0, sizeof s);
    s.name = "weak_hidden"; s.info = ELF_ST_INFO(STB_WEAK, STT_OBJECT);
    s.other = STV_HIDDEN; s.shndx = SR_DATA; s.value = g->word; s.size = g->word;
    elf_writer_add_symbol(w, &s);                                   /* 7 */
    memset(&s, 0, sizeof s);
    s.name = "common_obj"; s.info = ELF_ST_INFO(STB_GLOBAL, STT_OBJECT);
    s.shndx = SHN_COMMON; s.value = 8; s.size = 24;
    elf_writer_add_symbol(w, &s);                                   /* 8 */

    struct elf_rel r[4];
    memset(r, 0, sizeof r);
    r[0].offset = 4; r[0].sym = 6; r[0].type = R_RISCV_CALL_PLT; r[0].addend = 0;
    r[1].offset = 4; r[1].sym = 0; r[1].type = R_RISCV_RELAX;
    r[2].offset = 0; r[2].sym = 5; r[2].type = R_RISCV_HI20; r[2].addend = -4;
    r[3].offset = 12; r[3].sym = 3; r[3].type = R_RISCV_BRANCH; r[3].addend = 2;
    elf_writer_add_relocs(w, NULL, SR_TEXT, 1, r, 4);

    memset(r, 0, sizeof r);
    u32 word_reloc = cls == ELFCLASS32 ? R_RISCV_32 : cls == ELFCLASS64 ? R_RISCV_64
                                                                       : R_RISCV_128;
    int use_rel = (flags & SAMPLE_REL_USE_REL) != 0;
    r[0].offset = 0; r[0].sym = 4; r[0].type = word_reloc; r[0].addend = use_rel ? 0 : 16;
    r[1].offset = g->word; r[1].sym = 2; r[1].type = word_reloc;
    r[1].addend = use_rel ? 0 : -8;
    elf_writer_add_relocs(w, NULL, SR_DATA, !use_rel, r, 2);
    return sample_finish(w, size);
}

/* Addresses of sample_exec: a base above 2^64 for ELF128. */
static inline u128 sample_base(int cls)
{
    return cls == ELFCLASS128 ? ((u128)1 << 80) : (u128)0x10000;
}

enum { SE_TEXT = 1, SE_RODATA, SE_DATA, SE_BSS, SE_COMMENT };
enum { SE_PHDR = 0, SE_LOAD_RX, SE_LOAD_RW, SE_STACK, SE_NSEG };

static inline u8 *sample_exec(int cls, usize *size)
{
    const struct elf_geom *g = elf_geom(cls);
    struct elf_ehdr proto;
    memset(&proto, 0, sizeof proto);
    proto.cls = cls;
    proto.type = ET_EXEC;
    proto.machine = EM_RISCV;
    proto.flags = EF_RISCV_FLOAT_ABI_SOFT;
    u128 base = sample_base(cls);
    u128 hdr = elf_headers_size(cls, SE_NSEG);
    u128 text_addr = base + ((hdr + 15) & ~(u128)15);
    proto.entry = text_addr;
    struct elf_writer *w = elf_writer_new(&proto);
    if (!w)
        return NULL;

    struct elf_shdr sh;
    memset(&sh, 0, sizeof sh);
    sh.name = ".text"; sh.type = SHT_PROGBITS; sh.flags = SHF_ALLOC | SHF_EXECINSTR;
    sh.addr = text_addr; sh.size = sizeof sample_text; sh.addralign = 16;
    elf_writer_add_section(w, &sh, sample_text);

    memset(&sh, 0, sizeof sh);
    sh.name = ".rodata"; sh.type = SHT_PROGBITS; sh.flags = SHF_ALLOC;
    sh.addr = text_addr + 0x20; sh.size = sizeof sample_str; sh.addralign = 8;
    elf_writer_add_section(w, &sh, sample_str);

    u8 data[40];
    for (unsigned i = 0; i < sizeof data; i++)
        data[i] = (u8)(i * 7);
    u128 data_addr = base + 0x1000 + ((text_addr + 0x20 + sizeof sample_str) & 0xfff);
    data_addr = (data_addr + 7) & ~(u128)7;
    memset(&sh, 0, sizeof sh);
    sh.name = ".data"; sh.type = SHT_PROGBITS; sh.flags = SHF_ALLOC | SHF_WRITE;
    sh.addr = data_addr; sh.size = sizeof data; sh.addralign = 8;
    elf_writer_add_section(w, &sh, data);

    memset(&sh, 0, sizeof sh);
    sh.name = ".bss"; sh.type = SHT_NOBITS; sh.flags = SHF_ALLOC | SHF_WRITE;
    sh.addr = data_addr + 0x40; sh.size = 0x100; sh.addralign = 16;
    elf_writer_add_section(w, &sh, NULL);

    memset(&sh, 0, sizeof sh);
    sh.name = ".comment"; sh.type = SHT_PROGBITS; sh.flags = SHF_MERGE | SHF_STRINGS;
    sh.size = 8; sh.addralign = 1; sh.entsize = 1;
    elf_writer_add_section(w, &sh, "ZL 1.0\0");

    struct elf_phdr ph;
    memset(&ph, 0, sizeof ph);
    ph.type = PT_PHDR; ph.flags = PF_R;
    elf_writer_add_segment(w, &ph, 0, 0, 0);
    memset(&ph, 0, sizeof ph);
    ph.type = PT_LOAD; ph.flags = PF_R | PF_X; ph.align = 0x1000;
    elf_writer_add_segment(w, &ph, SE_TEXT, 2, ELF_SEG_HEADERS);
    memset(&ph, 0, sizeof ph);
    ph.type = PT_LOAD; ph.flags = PF_R | PF_W; ph.align = 0x1000;
    elf_writer_add_segment(w, &ph, SE_DATA, 2, 0);
    memset(&ph, 0, sizeof ph);
    ph.type = PT_GNU_STACK; ph.flags = PF_R | PF_W; ph.align = 16;
    elf_writer_add_segment(w, &ph, 0, 0, 0);

    struct elf_sym s;
    memset(&s, 0, sizeof s);
    s.name = "_start"; s.info = ELF_ST_INFO(STB_GLOBAL, STT_FUNC); s.shndx = SE_TEXT;
    s.value = text_addr; s.size = sizeof sample_text;
    elf_writer_add_symbol(w, &s);
    memset(&s, 0, sizeof s);
    s.name = "table"; s.info = ELF_ST_INFO(STB_GLOBAL, STT_OBJECT); s.shndx = SE_DATA;
    s.value = data_addr; s.size = sizeof data;
    elf_writer_add_symbol(w, &s);
    (void)g;
    return sample_finish(w, size);
}

/* A self-contained object for GNU ld (ELF32/ELF64 only):
 *   .text:  _start: auipc a0,0 ; addi a0,a0,0 ; jal x0,target   (PCREL_HI20/LO12_I, JAL)
 *           target: ret
 *   .data:  word = target + 4  (R_RISCV_32/64);  value (a local object)
 * After linking, a0 = address of `value` and .data's first word = target + 4. */
static inline u8 *sample_ldobj(int cls, usize *size)
{
    const struct elf_geom *g = elf_geom(cls);
    struct elf_ehdr proto;
    memset(&proto, 0, sizeof proto);
    proto.cls = cls;
    proto.type = ET_REL;
    proto.machine = EM_RISCV;
    proto.flags = EF_RISCV_FLOAT_ABI_SOFT;
    struct elf_writer *w = elf_writer_new(&proto);
    if (!w)
        return NULL;
    static const u8 text[16] = {
        0x17, 0x05, 0x00, 0x00,   /* auipc a0, 0 */
        0x13, 0x05, 0x05, 0x00,   /* addi a0, a0, 0 */
        0x6f, 0x00, 0x00, 0x00,   /* jal x0, 0 */
        0x67, 0x80, 0x00, 0x00,   /* ret */
    };
    struct elf_shdr sh;
    memset(&sh, 0, sizeof sh);
    sh.name = ".text"; sh.type = SHT_PROGBITS; sh.flags = SHF_ALLOC | SHF_EXECINSTR;
    sh.size = sizeof text; sh.addralign = 4;
    elf_writer_add_section(w, &sh, text);
    memset(&sh, 0, sizeof sh);
    sh.name = ".data"; sh.type = SHT_PROGBITS; sh.flags = SHF_ALLOC | SHF_WRITE;
    sh.size = 2 * g->word; sh.addralign = g->word;
    elf_writer_add_section(w, &sh, NULL);

    struct elf_sym s;
    memset(&s, 0, sizeof s);
    s.name = ".L0"; s.info = ELF_ST_INFO(STB_LOCAL, STT_NOTYPE); s.shndx = 1; s.value = 0;
    elf_writer_add_symbol(w, &s);                                             /* 1 */
    memset(&s, 0, sizeof s);
    s.name = "value"; s.info = ELF_ST_INFO(STB_LOCAL, STT_OBJECT); s.shndx = 2;
    s.value = g->word; s.size = g->word;
    elf_writer_add_symbol(w, &s);                                             /* 2 */
    memset(&s, 0, sizeof s);
    s.name = "_start"; s.info = ELF_ST_INFO(STB_GLOBAL, STT_FUNC); s.shndx = 1;
    s.size = 12;
    elf_writer_add_symbol(w, &s);                                             /* 3 */
    memset(&s, 0, sizeof s);
    s.name = "target"; s.info = ELF_ST_INFO(STB_GLOBAL, STT_FUNC); s.shndx = 1;
    s.value = 12; s.size = 4;
    elf_writer_add_symbol(w, &s);                                             /* 4 */

    struct elf_rel r[3];
    memset(r, 0, sizeof r);
    r[0].offset = 0; r[0].sym = 2; r[0].type = R_RISCV_PCREL_HI20;
    r[1].offset = 4; r[1].sym = 1; r[1].type = R_RISCV_PCREL_LO12_I;
    r[2].offset = 8; r[2].sym = 4; r[2].type = R_RISCV_JAL;
    elf_writer_add_relocs(w, NULL, 1, 1, r, 3);
    memset(r, 0, sizeof r);
    r[0].offset = 0; r[0].sym = 4; r[0].addend = 4;
    r[0].type = cls == ELFCLASS32 ? R_RISCV_32 : R_RISCV_64;
    elf_writer_add_relocs(w, NULL, 2, 1, r, 1);
    return sample_finish(w, size);
}

#endif
