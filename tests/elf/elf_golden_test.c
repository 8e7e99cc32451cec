/* Golden byte checks of the on-disk encodings.
 *
 * ELFCLASS128 (the ZettaLinux layout, docs/abi.md): a file made by the writer is checked
 * byte by byte against the decided offsets, and a file assembled here by hand from the
 * same offsets is parsed by the reader.  ELF32/ELF64: the gABI offsets of the codec. */
#include "lib/check.h"
#include "common/le.h"
#include "elf_samples.h"

static u128 V(void) { return ((u128)0x1111222233334444ULL << 64) | 0x5555666677778000ULL; }
static u128 P(void) { return ((u128)0x0000000000000abcULL << 64) | 0x0000000000002000ULL; }
static u128 A(void) { return ((u128)1 << 100) | 0x1000; }
static u128 SV(void) { return ((u128)0x8000000000000001ULL << 64) | 0x0102030405060708ULL; }
static u128 SS(void) { return ((u128)0x00000000000000ffULL << 64) | 0x1000000000000000ULL; }

static int all_zero(const u8 *p, usize n)
{
    for (usize i = 0; i < n; i++)
        if (p[i])
            return 0;
    return 1;
}

TEST(elf128_writer_bytes)
{
    struct elf_ehdr proto;
    memset(&proto, 0, sizeof proto);
    proto.cls = ELFCLASS128;
    proto.type = ET_EXEC;
    proto.machine = EM_RISCV;
    proto.flags = EF_RISCV_RVC | EF_RISCV_FLOAT_ABI_DOUBLE | EF_RISCV_TSO;
    proto.entry = sample_big();
    struct elf_writer *w = elf_writer_new(&proto);

    struct elf_shdr sh;
    memset(&sh, 0, sizeof sh);
    sh.name = ".text"; sh.type = SHT_PROGBITS; sh.flags = SHF_ALLOC | SHF_EXECINSTR;
    sh.addr = A(); sh.size = 16; sh.addralign = 16;
    CHECK_EQ_U(elf_writer_add_section(w, &sh, sample_text), 1);

    struct elf_phdr ph;
    memset(&ph, 0, sizeof ph);
    ph.type = PT_LOAD; ph.flags = PF_R | PF_X; ph.offset = 0; ph.vaddr = V(); ph.paddr = P();
    ph.filesz = 0x60; ph.memsz = ((u128)1 << 90) + 3; ph.align = 0x1000;
    CHECK_EQ_U(elf_writer_add_segment(w, &ph, 0, 0, 0), 1);

    struct elf_sym s;
    memset(&s, 0, sizeof s);
    s.name = "sym"; s.info = ELF_ST_INFO(STB_GLOBAL, STT_FUNC); s.other = STV_PROTECTED;
    s.shndx = 1; s.value = SV(); s.size = SS();
    CHECK_EQ_U(elf_writer_add_symbol(w, &s), 1);

    struct elf_rel r;
    memset(&r, 0, sizeof r);
    r.offset = sample_big(); r.sym = 1; r.type = R_RISCV_128; r.addend = -2;
    CHECK_EQ_U(elf_writer_add_relocs(w, NULL, 1, 1, &r, 1), 2);

    u8 *img;
    usize size;
    struct elf_err err;
    CHECK(elf_writer_finish(w, &img, &size, &err) == 0);
    elf_writer_free(w);
    if (!img)
        return;

    /* --- Ehdr (96 bytes) --- */
    static const u8 ident[16] = { 0x7f, 'E', 'L', 'F', 3, 1, 1, 0 };
    CHECK(memcmp(img, ident, 16) == 0);
    CHECK_EQ_U(get_le16(img + 16), ET_EXEC);
    CHECK_EQ_U(get_le16(img + 18), 243);
    CHECK_EQ_U(get_le32(img + 20), 1);
    CHECK_EQ_U(get_le32(img + 24), 0x15);
    CHECK_EQ_U(get_le16(img + 28), 96);
    CHECK_EQ_U(get_le16(img + 30), 112);
    CHECK_EQ_U(get_le128(img + 32), sample_big());
    CHECK_EQ_U(get_le128(img + 48), 96);
    u128 shoff = get_le128(img + 64);
    CHECK_EQ_U(shoff % 16, 0);
    CHECK_EQ_U(get_le16(img + 80), 1);
    CHECK_EQ_U(get_le16(img + 82), 112);
    CHECK_EQ_U(get_le16(img + 84), 6);      /* null .text .rela.text .symtab .strtab .shstrtab */
    CHECK_EQ_U(get_le16(img + 86), 5);
    CHECK(all_zero(img + 88, 8));
    CHECK_EQ_U(shoff + 6 * 112, size);

    /* --- Phdr (112 bytes) at 96 --- */
    const u8 *p = img + 96;
    CHECK_EQ_U(get_le32(p + 0), PT_LOAD);
    CHECK_EQ_U(get_le32(p + 4), PF_R | PF_X);
    CHECK(all_zero(p + 8, 8));
    CHECK_EQ_U(get_le128(p + 16), 0);
    CHECK_EQ_U(get_le128(p + 32), V());
    CHECK_EQ_U(get_le128(p + 48), P());
    CHECK_EQ_U(get_le128(p + 64), 0x60);
    CHECK_EQ_U(get_le128(p + 80), ((u128)1 << 90) + 3);
    CHECK_EQ_U(get_le128(p + 96), 0x1000);

    /* --- Shdr (112 bytes) --- */
    const u8 *sht = img + (usize)shoff;
    CHECK(all_zero(sht, 112));                              /* section 0 */
    const u8 *shstr = img + (usize)get_le128(sht + 5 * 112 + 48);
    const u8 *t = sht + 1 * 112;                            /* .text */
    CHECK_STR((const char *)shstr + get_le32(t + 0), ".text");
    CHECK_EQ_U(get_le32(t + 4), SHT_PROGBITS);
    CHECK_EQ_U(get_le32(t + 8), 0);
    CHECK_EQ_U(get_le32(t + 12), 0);
    CHECK_EQ_U(get_le128(t + 16), SHF_ALLOC | SHF_EXECINSTR);
    CHECK_EQ_U(get_le128(t + 32), A());
    u128 text_off = get_le128(t + 48);
    CHECK_EQ_U(text_off % 16, 0);
    CHECK(memcmp(img + (usize)text_off, sample_text, 16) == 0);
    CHECK_EQ_U(get_le128(t + 64), 16);
    CHECK_EQ_U(get_le128(t + 80), 16);
    CHECK_EQ_U(get_le128(t + 96), 0);

    const u8 *rs = sht + 2 * 112;                           /* .rela.text */
    CHECK_STR((const char *)shstr + get_le32(rs + 0), ".rela.text");
    CHECK_EQ_U(get_le32(rs + 4), SHT_RELA);
    CHECK_EQ_U(get_le32(rs + 8), 3);                        /* sh_link -> .symtab */
    CHECK_EQ_U(get_le32(rs + 12), 1);                       /* sh_info -> .text */
    CHECK_EQ_U(get_le128(rs + 16), SHF_INFO_LINK);
    CHECK_EQ_U(get_le128(rs + 32), 0);
    CHECK_EQ_U(get_le128(rs + 64), 48);
    CHECK_EQ_U(get_le128(rs + 80), 16);
    CHECK_EQ_U(get_le128(rs + 96), 48);

    const u8 *ss = sht + 3 * 112;                           /* .symtab */
    CHECK_STR((const char *)shstr + get_le32(ss + 0), ".symtab");
    CHECK_EQ_U(get_le32(ss + 4), SHT_SYMTAB);
    CHECK_EQ_U(get_le32(ss + 8), 4);                        /* -> .strtab */
    CHECK_EQ_U(get_le32(ss + 12), 1);                       /* first non-local */
    CHECK_EQ_U(get_le128(ss + 64), 2 * 48);
    CHECK_EQ_U(get_le128(ss + 80), 16);
    CHECK_EQ_U(get_le128(ss + 96), 48);
    CHECK_STR((const char *)shstr + get_le32(sht + 4 * 112), ".strtab");
    CHECK_EQ_U(get_le32(sht + 4 * 112 + 4), SHT_STRTAB);
    CHECK_STR((const char *)shstr + get_le32(sht + 5 * 112), ".shstrtab");

    /* --- Sym (48 bytes) --- */
    const u8 *strtab = img + (usize)get_le128(sht + 4 * 112 + 48);
    const u8 *sy = img + (usize)get_le128(ss + 48);
    CHECK(all_zero(sy, 48));                                /* symbol 0 */
    sy += 48;
    CHECK_STR((const char *)strtab + get_le32(sy + 0), "sym");
    CHECK_EQ_U(sy[4], 0x12);
    CHECK_EQ_U(sy[5], STV_PROTECTED);
    CHECK_EQ_U(get_le16(sy + 6), 1);
    CHECK(all_zero(sy + 8, 8));
    CHECK_EQ_U(get_le128(sy + 16), SV());
    CHECK_EQ_U(get_le128(sy + 32), SS());

    /* --- Rela (48 bytes) --- */
    const u8 *ra = img + (usize)get_le128(rs + 48);
    CHECK_EQ_U(get_le128(ra + 0), sample_big());
    CHECK_EQ_U(get_le128(ra + 16), ((u128)1 << 64) | 192);
    CHECK_EQ_U(get_le128(ra + 32), (u128)(i128)-2);
    CHECK_EQ_U(ra[32], 0xfe);
    CHECK_EQ_U(ra[47], 0xff);
    free(img);
}

/* An ELF128 file assembled by hand from the decided offsets, parsed by the reader.
 * Layout: ehdr 0, phdr 96, .text 208, .symtab 224 (2 symbols), .rel 320 (1 entry),
 * .strtab 352 (also the section-name table), section headers 384 (5 entries). */
TEST(elf128_reader_from_hand_made_bytes)
{
    enum { PHOFF = 96, TEXT = 208, SYMTAB = 224, REL = 320, STRTAB = 352, SHOFF = 384 };
    static const char strs[30] = "\0f\0.text\0.symtab\0.rel\0.strtab";
    u8 img[SHOFF + 5 * 112];
    memset(img, 0, sizeof img);
    memcpy(img, "\x7f" "ELF\x03\x01\x01", 7);
    put_le16(img + 16, ET_EXEC);
    put_le16(img + 18, EM_RISCV);
    put_le32(img + 20, 1);
    put_le32(img + 24, 0x7);
    put_le16(img + 28, 96);
    put_le16(img + 30, 112);
    put_le128(img + 32, V());
    put_le128(img + 48, PHOFF);
    put_le128(img + 64, SHOFF);
    put_le16(img + 80, 1);
    put_le16(img + 82, 112);
    put_le16(img + 84, 5);
    put_le16(img + 86, 4);

    u8 *p = img + PHOFF;
    put_le32(p, PT_LOAD);
    put_le32(p + 4, PF_R | PF_X);
    put_le128(p + 16, TEXT);
    put_le128(p + 32, V());
    put_le128(p + 48, P());
    put_le128(p + 64, 16);
    put_le128(p + 80, 32);
    put_le128(p + 96, 16);
    memcpy(img + TEXT, sample_text, 16);

    u8 *y = img + SYMTAB + 48;             /* symbol 1: "f" */
    put_le32(y, 1);
    y[4] = ELF_ST_INFO(STB_GLOBAL, STT_FUNC);
    y[5] = STV_HIDDEN;
    put_le16(y + 6, 1);
    put_le128(y + 16, SV());
    put_le128(y + 32, SS());

    put_le128(img + REL, V() + 4);
    put_le128(img + REL + 16, ((u128)1 << 64) | R_RISCV_ADD128);
    memcpy(img + STRTAB, strs, sizeof strs);

    u8 *s = img + SHOFF + 112;             /* 1 .text */
    put_le32(s, 3); put_le32(s + 4, SHT_PROGBITS);
    put_le128(s + 16, SHF_ALLOC | SHF_EXECINSTR); put_le128(s + 32, V());
    put_le128(s + 48, TEXT); put_le128(s + 64, 16); put_le128(s + 80, 16);
    s += 112;                              /* 2 .symtab */
    put_le32(s, 9); put_le32(s + 4, SHT_SYMTAB); put_le32(s + 8, 4); put_le32(s + 12, 1);
    put_le128(s + 48, SYMTAB); put_le128(s + 64, 96); put_le128(s + 80, 16);
    put_le128(s + 96, 48);
    s += 112;                              /* 3 .rel */
    put_le32(s, 17); put_le32(s + 4, SHT_REL); put_le32(s + 8, 2); put_le32(s + 12, 1);
    put_le128(s + 16, SHF_INFO_LINK);
    put_le128(s + 48, REL); put_le128(s + 64, 32); put_le128(s + 80, 16);
    put_le128(s + 96, 32);
    s += 112;                              /* 4 .strtab */
    put_le32(s, 22); put_le32(s + 4, SHT_STRTAB);
    put_le128(s + 48, STRTAB); put_le128(s + 64, sizeof strs); put_le128(s + 80, 1);

    struct elf_err err;
    struct elf_file *f = elf_read(img, sizeof img, 0, &err);
    CHECK(f != NULL);
    if (!f) {
        check_fail(__FILE__, __LINE__, err.msg);
        return;
    }
    const struct elf_ehdr *eh = elf_header(f);
    CHECK_EQ_U(eh->cls, ELFCLASS128);
    CHECK_EQ_U(eh->entry, V());
    CHECK_EQ_U(eh->flags, 7);
    CHECK_EQ_U(eh->phnum, 1);
    CHECK_EQ_U(eh->shnum, 5);
    const struct elf_phdr *ph = elf_phdr(f, 0);
    CHECK_EQ_U(ph->type, PT_LOAD);
    CHECK_EQ_U(ph->flags, PF_R | PF_X);
    CHECK_EQ_U(ph->offset, TEXT);
    CHECK_EQ_U(ph->vaddr, V());
    CHECK_EQ_U(ph->paddr, P());
    CHECK_EQ_U(ph->filesz, 16);
    CHECK_EQ_U(ph->memsz, 32);
    CHECK_EQ_U(ph->align, 16);
    CHECK_STR(elf_shdr(f, 1)->name, ".text");
    CHECK_STR(elf_shdr(f, 2)->name, ".symtab");
    CHECK_STR(elf_shdr(f, 3)->name, ".rel");
    CHECK_STR(elf_shdr(f, 4)->name, ".strtab");
    CHECK_EQ_U(elf_shdr(f, 1)->addr, V());
    CHECK_EQ_U(elf_shdr(f, 1)->flags, SHF_ALLOC | SHF_EXECINSTR);
    struct elf_sym sym;
    CHECK(elf_sym(f, 2, 1, &sym) == 0);
    CHECK_STR(sym.name, "f");
    CHECK_EQ_U(sym.info, 0x12);
    CHECK_EQ_U(sym.other, STV_HIDDEN);
    CHECK_EQ_U(sym.shndx, 1);
    CHECK_EQ_U(sym.value, SV());
    CHECK_EQ_U(sym.size, SS());
    struct elf_rel r;
    CHECK(elf_rel(f, 3, 0, &r) == 0);
    CHECK_EQ_U(elf_rel_count(f, 3), 1);
    CHECK_EQ_U(r.offset, V() + 4);
    CHECK_EQ_U(r.sym, 1);
    CHECK_EQ_U(r.type, R_RISCV_ADD128);
    CHECK(!r.has_addend && r.addend == 0);
    elf_close(f);
}

/* gABI offsets of ELF32 and ELF64 through the codec. */
TEST(elf32_elf64_codec_offsets)
{
    u8 b[128];
    struct elf_sym s;
    memset(&s, 0, sizeof s);
    s.name_off = 0x01020304; s.info = 0x12; s.other = 2; s.shndx = 0x0506;
    s.value = 0x11223344; s.size = 0x55667788;
    CHECK(elf_encode_sym(ELFCLASS32, &s, b) == 0);
    CHECK_EQ_U(get_le32(b), 0x01020304);
    CHECK_EQ_U(get_le32(b + 4), 0x11223344);
    CHECK_EQ_U(get_le32(b + 8), 0x55667788);
    CHECK_EQ_U(b[12], 0x12);
    CHECK_EQ_U(b[13], 2);
    CHECK_EQ_U(get_le16(b + 14), 0x0506);
    CHECK(elf_encode_sym(ELFCLASS64, &s, b) == 0);
    CHECK_EQ_U(b[4], 0x12);
    CHECK_EQ_U(b[5], 2);
    CHECK_EQ_U(get_le16(b + 6), 0x0506);
    CHECK_EQ_U(get_le64(b + 8), 0x11223344);
    CHECK_EQ_U(get_le64(b + 16), 0x55667788);

    struct elf_shdr sh;
    memset(&sh, 0, sizeof sh);
    sh.name_off = 1; sh.type = 2; sh.flags = 3; sh.addr = 4; sh.offset = 5; sh.size = 6;
    sh.link = 7; sh.info = 8; sh.addralign = 9; sh.entsize = 10;
    CHECK(elf_encode_shdr(ELFCLASS32, &sh, b) == 0);
    for (int i = 0; i < 10; i++)
        CHECK_EQ_U(get_le32(b + 4 * i), i + 1);
    CHECK(elf_encode_shdr(ELFCLASS64, &sh, b) == 0);
    CHECK_EQ_U(get_le32(b), 1);
    CHECK_EQ_U(get_le32(b + 4), 2);
    CHECK_EQ_U(get_le64(b + 8), 3);
    CHECK_EQ_U(get_le64(b + 16), 4);
    CHECK_EQ_U(get_le64(b + 24), 5);
    CHECK_EQ_U(get_le64(b + 32), 6);
    CHECK_EQ_U(get_le32(b + 40), 7);
    CHECK_EQ_U(get_le32(b + 44), 8);
    CHECK_EQ_U(get_le64(b + 48), 9);
    CHECK_EQ_U(get_le64(b + 56), 10);

    struct elf_phdr ph;
    ph.type = 1; ph.flags = 7; ph.offset = 2; ph.vaddr = 3; ph.paddr = 4; ph.filesz = 5;
    ph.memsz = 6; ph.align = 8;
    CHECK(elf_encode_phdr(ELFCLASS32, &ph, b) == 0);
    for (int i = 0; i < 8; i++)
        CHECK_EQ_U(get_le32(b + 4 * i), i + 1);
    CHECK(elf_encode_phdr(ELFCLASS64, &ph, b) == 0);
    CHECK_EQ_U(get_le32(b), 1);
    CHECK_EQ_U(get_le32(b + 4), 7);
    for (int i = 0; i < 6; i++)
        CHECK_EQ_U(get_le64(b + 8 + 8 * i), i == 5 ? 8 : i + 2);

    struct elf_rel r;
    memset(&r, 0, sizeof r);
    r.offset = 0x100; r.sym = 0x123456; r.type = 0x2a; r.addend = -1;
    CHECK(elf_encode_rel(ELFCLASS32, &r, 1, b) == 0);
    CHECK_EQ_U(get_le32(b), 0x100);
    CHECK_EQ_U(get_le32(b + 4), 0x1234562a);
    CHECK_EQ_U(get_le32(b + 8), 0xffffffffu);
    CHECK(elf_encode_rel(ELFCLASS64, &r, 1, b) == 0);
    CHECK_EQ_U(get_le64(b + 8), 0x001234560000002aULL);
    CHECK_EQ_U(get_le64(b + 16), ~0ULL);

    struct elf_ehdr h;
    memset(&h, 0, sizeof h);
    h.type = ET_DYN; h.machine = EM_RISCV; h.version = 1; h.entry = 0x1000; h.phoff = 0x40;
    h.shoff = 0x2000; h.flags = 5; h.ehsize = 64; h.phentsize = 56; h.phnum = 3;
    h.shentsize = 64; h.shnum = 9; h.shstrndx = 8;
    CHECK(elf_encode_ehdr(ELFCLASS64, &h, b) == 0);
    CHECK_EQ_U(b[EI_CLASS], ELFCLASS64);
    CHECK_EQ_U(get_le64(b + 24), 0x1000);
    CHECK_EQ_U(get_le64(b + 32), 0x40);
    CHECK_EQ_U(get_le64(b + 40), 0x2000);
    CHECK_EQ_U(get_le32(b + 48), 5);
    CHECK_EQ_U(get_le16(b + 52), 64);
    CHECK_EQ_U(get_le16(b + 56), 3);
    CHECK_EQ_U(get_le16(b + 62), 8);
    h.ehsize = 52;
    CHECK(elf_encode_ehdr(ELFCLASS32, &h, b) == 0);
    CHECK_EQ_U(get_le32(b + 24), 0x1000);
    CHECK_EQ_U(get_le32(b + 28), 0x40);
    CHECK_EQ_U(get_le32(b + 32), 0x2000);
    CHECK_EQ_U(get_le32(b + 36), 5);
    CHECK_EQ_U(get_le16(b + 40), 52);
    CHECK_EQ_U(get_le16(b + 44), 3);
    CHECK_EQ_U(get_le16(b + 50), 8);

    struct elf_dyn d;
    d.tag = DT_NEEDED; d.val = 0x77;
    CHECK(elf_encode_dyn(ELFCLASS32, &d, b) == 0);
    CHECK_EQ_U(get_le32(b), 1);
    CHECK_EQ_U(get_le32(b + 4), 0x77);
    d.tag = -5;
    CHECK(elf_encode_dyn(ELFCLASS128, &d, b) == 0);
    CHECK_EQ_U(get_le128(b), (u128)(i128)-5);
    CHECK_EQ_U(get_le128(b + 16), 0x77);
    struct elf_dyn d2;
    elf_decode_dyn(ELFCLASS128, b, &d2);
    CHECK(d2.tag == -5 && d2.val == 0x77);
}

/* Encoders refuse values that do not fit the class; decoders undo encoders. */
TEST(codec_ranges_and_round_trip)
{
    u8 b[128];
    struct elf_phdr ph;
    memset(&ph, 0, sizeof ph);
    ph.vaddr = (u128)1 << 32;
    CHECK(elf_encode_phdr(ELFCLASS32, &ph, b) == -1);
    CHECK(elf_encode_phdr(ELFCLASS64, &ph, b) == 0);
    ph.vaddr = (u128)1 << 64;
    CHECK(elf_encode_phdr(ELFCLASS64, &ph, b) == -1);
    CHECK(elf_encode_phdr(ELFCLASS128, &ph, b) == 0);
    CHECK(elf_encode_phdr(9, &ph, b) == -1);

    struct elf_rel r;
    memset(&r, 0, sizeof r);
    r.sym = 0x1000000; r.type = 1;
    CHECK(elf_encode_rel(ELFCLASS32, &r, 1, b) == -1);      /* 24-bit symbol index */
    r.sym = 1; r.type = 256;
    CHECK(elf_encode_rel(ELFCLASS32, &r, 1, b) == -1);      /* 8-bit type */
    r.type = 1; r.addend = (i128)1 << 31;
    CHECK(elf_encode_rel(ELFCLASS32, &r, 1, b) == -1);
    r.addend = -((i128)1 << 31);
    CHECK(elf_encode_rel(ELFCLASS32, &r, 1, b) == 0);
    r.addend = (i128)1 << 63;
    CHECK(elf_encode_rel(ELFCLASS64, &r, 1, b) == -1);
    CHECK(elf_encode_rel(ELFCLASS128, &r, 1, b) == 0);

    /* Pseudo-random round trips through every class. */
    u64 x = 0x9e3779b97f4a7c15ULL;
    for (int it = 0; it < 2000; it++) {
        int cls = ELFCLASS32 + it % 3;
        u128 mask = elf_class_max(cls);
        u128 v[8];
        for (int k = 0; k < 8; k++) {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            u64 y = x * 0x2545f4914f6cdd1dULL;
            v[k] = (((u128)y << 64) | x) & mask;
        }
        struct elf_phdr a, c;
        a.type = (u32)v[0]; a.flags = (u32)(v[0] >> 8); a.offset = v[1]; a.vaddr = v[2];
        a.paddr = v[3]; a.filesz = v[4]; a.memsz = v[5]; a.align = v[6];
        CHECK(elf_encode_phdr(cls, &a, b) == 0);
        elf_decode_phdr(cls, b, &c);
        CHECK(a.type == c.type && a.flags == c.flags && a.offset == c.offset &&
              a.vaddr == c.vaddr && a.paddr == c.paddr && a.filesz == c.filesz &&
              a.memsz == c.memsz && a.align == c.align);
        struct elf_shdr sa, sc;
        memset(&sa, 0, sizeof sa);
        sa.name_off = (u32)v[7]; sa.type = (u32)v[0]; sa.link = (u32)v[1]; sa.info = (u32)v[2];
        sa.flags = v[3]; sa.addr = v[4]; sa.offset = v[5]; sa.size = v[6]; sa.addralign = v[7];
        sa.entsize = v[0];
        CHECK(elf_encode_shdr(cls, &sa, b) == 0);
        elf_decode_shdr(cls, b, &sc);
        CHECK(sc.name_off == sa.name_off && sc.type == sa.type && sc.link == sa.link &&
              sc.info == sa.info && sc.flags == sa.flags && sc.addr == sa.addr &&
              sc.offset == sa.offset && sc.size == sa.size && sc.addralign == sa.addralign &&
              sc.entsize == sa.entsize);
        struct elf_sym ya, yc;
        memset(&ya, 0, sizeof ya);
        ya.name_off = (u32)v[1]; ya.info = (u8)v[2]; ya.other = (u8)v[3]; ya.shndx = (u16)v[4];
        ya.value = v[5]; ya.size = v[6];
        CHECK(elf_encode_sym(cls, &ya, b) == 0);
        elf_decode_sym(cls, b, &yc);
        CHECK(yc.name_off == ya.name_off && yc.info == ya.info && yc.other == ya.other &&
              yc.shndx == ya.shndx && yc.value == ya.value && yc.size == ya.size);
        struct elf_rel ra, rc;
        memset(&ra, 0, sizeof ra);
        ra.offset = v[1];
        ra.sym = (u32)v[2] & (cls == ELFCLASS32 ? 0xffffff : 0xffffffff);
        ra.type = (u32)v[3] & (cls == ELFCLASS32 ? 0xff : 0xffffffff);
        ra.addend = (i128)(v[4] << (128 - 8 * elf_geom(cls)->word)) >>
                    (128 - 8 * elf_geom(cls)->word);
        CHECK(elf_encode_rel(cls, &ra, 1, b) == 0);
        elf_decode_rel(cls, b, 1, &rc);
        CHECK(rc.offset == ra.offset && rc.sym == ra.sym && rc.type == ra.type &&
              rc.addend == ra.addend && rc.has_addend);
        CHECK_EQ_U(rc.info, elf_r_info(cls, ra.sym, ra.type));
    }
}

TEST(chdr_layouts)
{
    u8 b[48];
    struct elf_chdr c, d;
    c.type = ELFCOMPRESS_ZLIB; c.size = 0x1234; c.addralign = 8;
    CHECK(elf_encode_chdr(ELFCLASS32, &c, b) == 0);
    CHECK_EQ_U(get_le32(b), 1);
    CHECK_EQ_U(get_le32(b + 4), 0x1234);
    CHECK_EQ_U(get_le32(b + 8), 8);
    CHECK(elf_encode_chdr(ELFCLASS64, &c, b) == 0);
    CHECK_EQ_U(get_le32(b), 1);
    CHECK_EQ_U(get_le32(b + 4), 0);
    CHECK_EQ_U(get_le64(b + 8), 0x1234);
    CHECK_EQ_U(get_le64(b + 16), 8);
    c.size = sample_big();
    CHECK(elf_encode_chdr(ELFCLASS64, &c, b) == -1);
    memset(b, 0xee, sizeof b);
    CHECK(elf_encode_chdr(ELFCLASS128, &c, b) == 0);
    CHECK_EQ_U(get_le128(b), sample_big());
    CHECK_EQ_U(get_le128(b + 16), 8);
    CHECK_EQ_U(get_le32(b + 32), 1);
    CHECK(all_zero(b + 36, 12));
    elf_decode_chdr(ELFCLASS128, b, &d);
    CHECK(d.type == 1 && d.size == sample_big() && d.addralign == 8);
    CHECK_EQ_U(elf_geom(ELFCLASS128)->chdrsize, 48);
}

/* Reserved ELFCLASS128 bytes: zero from the writer, reported when not zero. */
TEST(elf128_reserved_bytes)
{
    char where[64];
    usize n;
    u8 *img = sample_exec(ELFCLASS128, &n);
    struct elf_err err;
    struct elf_file *f = elf_read(img, n, 0, &err);
    CHECK(f && elf_reserved_nonzero(f, where, sizeof where) == 0);
    CHECK_STR(where, "");
    elf_close(f);
    img[90] = 1;                                    /* Ehdr reserved */
    img[96 + 112 * 2 + 9] = 1;                      /* Phdr 2 reserved */
    f = elf_read(img, n, 0, &err);                  /* readers ignore them */
    CHECK(f != NULL);
    if (f) {
        CHECK_EQ_U(elf_reserved_nonzero(f, where, sizeof where), 2);
        CHECK_STR(where, "ELF header");
        u32 st = elf_section_by_type(f, SHT_SYMTAB);
        u8 *sym1 = img + (usize)elf_shdr(f, st)->offset + 48;
        sym1[15] = 7;
        img[90] = 0;
        CHECK_EQ_U(elf_reserved_nonzero(f, where, sizeof where), 2);
        CHECK_STR(where, "program header 2");
        img[96 + 112 * 2 + 9] = 0;
        CHECK_EQ_U(elf_reserved_nonzero(f, where, sizeof where), 1);
        snprintf(err.msg, sizeof err.msg, "symbol 1 in section %u", st);
        CHECK_STR(where, err.msg);
        elf_close(f);
    }
    free(img);
    img = sample_exec(ELFCLASS64, &n);
    f = elf_read(img, n, 0, &err);
    CHECK(f && elf_reserved_nonzero(f, where, sizeof where) == 0);
    elf_close(f);
    free(img);
}

TEST(r_info_packing)
{
    CHECK_EQ_U(ELF128_R_SYM(((u128)7 << 64) | 192), 7);
    CHECK_EQ_U(ELF128_R_TYPE(((u128)7 << 64) | 192), 192);
    CHECK_EQ_U(ELF128_R_INFO(9, R_RISCV_SUB128), ((u128)9 << 64) | 194);
    CHECK_EQ_U(elf_r_info(ELFCLASS32, 0x10, 3), 0x1003);
    CHECK_EQ_U(elf_r_info(ELFCLASS64, 0x10, 3), ((u128)0x10 << 32) | 3);
    CHECK_EQ_U(elf_r_info(ELFCLASS128, 0x10, 3), ((u128)0x10 << 64) | 3);
    CHECK_EQ_U(elf_r_sym(ELFCLASS32, 0x1003), 0x10);
    CHECK_EQ_U(elf_r_type(ELFCLASS32, 0x1003), 3);
    CHECK_EQ_U(elf_r_sym(ELFCLASS128, ((u128)0xabcdef0123ULL << 64) | 5), 0xabcdef0123ULL);
    CHECK(elf_r_info_fits(ELFCLASS32, 0xffffff, 0xff));
    CHECK(!elf_r_info_fits(ELFCLASS32, 0x1000000, 0));
    CHECK(!elf_r_info_fits(ELFCLASS64, 0x100000000ULL, 0));
    CHECK(elf_r_info_fits(ELFCLASS128, ~0ULL, ~0ULL));
    CHECK_EQ_U(elf_class_bits(ELFCLASS128), 128);
    CHECK_EQ_U(elf_class_from_bits(64), ELFCLASS64);
    CHECK_EQ_U(elf_class_from_bits(48), 0);
    CHECK_EQ_U(elf_geom(ELFCLASS128)->ehsize, 96);
    CHECK_EQ_U(elf_geom(ELFCLASS128)->phentsize, 112);
    CHECK_EQ_U(elf_geom(ELFCLASS128)->shentsize, 112);
    CHECK_EQ_U(elf_geom(ELFCLASS128)->symsize, 48);
    CHECK_EQ_U(elf_geom(ELFCLASS128)->relsize, 32);
    CHECK_EQ_U(elf_geom(ELFCLASS128)->relasize, 48);
    CHECK_EQ_U(elf_geom(ELFCLASS128)->dynsize, 32);
    CHECK(elf_geom(0) == NULL && elf_geom(4) == NULL);
}

int main(void)
{
    RUN(elf128_writer_bytes);
    RUN(elf128_reader_from_hand_made_bytes);
    RUN(elf32_elf64_codec_offsets);
    RUN(codec_ranges_and_round_trip);
    RUN(chdr_layouts);
    RUN(elf128_reserved_bytes);
    RUN(r_info_packing);
    return check_done();
}
