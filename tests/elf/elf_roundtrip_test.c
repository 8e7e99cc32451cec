/* Writer -> reader round trips for ELF32, ELF64 and ELF128: relocatable files with
 * symbols and RELA/REL sections, and executables with PT_LOAD segments. */
#include "lib/check.h"
#include "elf_samples.h"

static const int classes[3] = { ELFCLASS32, ELFCLASS64, ELFCLASS128 };

static void check_rel_file(int cls, unsigned flags)
{
    const struct elf_geom *g = elf_geom(cls);
    usize size = 0;
    u8 *img = sample_rel(cls, &size, flags);
    CHECK(img != NULL);
    if (!img)
        return;
    struct elf_err err;
    struct elf_file *f = elf_read(img, size, 0, &err);
    CHECK(f != NULL);
    if (!f) {
        check_fail(__FILE__, __LINE__, err.msg);
        free(img);
        return;
    }
    const struct elf_ehdr *eh = elf_header(f);
    CHECK_EQ_U(eh->cls, cls);
    CHECK_EQ_U(elf_cls(f), cls);
    CHECK_EQ_U(eh->type, ET_REL);
    CHECK_EQ_U(eh->machine, EM_RISCV);
    CHECK_EQ_U(eh->flags, EF_RISCV_RVC | EF_RISCV_FLOAT_ABI_DOUBLE);
    CHECK_EQ_U(eh->ehsize, g->ehsize);
    CHECK_EQ_U(eh->phnum, 0);
    CHECK_EQ_U(eh->phoff, 0);
    CHECK_EQ_U(elf_phnum(f), 0);
    CHECK_EQ_U(eh->shentsize, g->shentsize);
    /* 6 user sections + .symtab .strtab .shstrtab + null */
    CHECK_EQ_U(elf_shnum(f), 10);
    CHECK_EQ_U(eh->shstrndx, 9);
    CHECK_EQ_U(eh->shoff % g->word, 0);

    const struct elf_shdr *s = elf_shdr(f, SR_TEXT);
    CHECK_STR(s->name, ".text");
    CHECK_EQ_U(s->type, SHT_PROGBITS);
    CHECK_EQ_U(s->flags, SHF_ALLOC | SHF_EXECINSTR);
    CHECK_EQ_U(s->size, 16);
    CHECK_EQ_U(s->addralign, 4);
    CHECK_EQ_U(s->offset % 4, 0);
    const u8 *d;
    usize n;
    CHECK(elf_section_data(f, SR_TEXT, &d, &n) == 0);
    CHECK(n == 16 && d && memcmp(d, sample_text, 16) == 0);

    s = elf_shdr(f, SR_DATA);
    CHECK_STR(s->name, ".data");
    CHECK_EQ_U(s->size, 2 * g->word);
    CHECK_EQ_U(s->offset % g->word, 0);
    CHECK(elf_section_data(f, SR_DATA, &d, &n) == 0);
    CHECK(n == 2 * g->word && d[0] == 0xa0 && d[n - 1] == 0xa0 + n - 1);

    s = elf_shdr(f, SR_BSS);
    CHECK_STR(s->name, ".bss");
    CHECK_EQ_U(s->type, SHT_NOBITS);
    CHECK_EQ_U(s->size, 64);
    CHECK(elf_section_data(f, SR_BSS, &d, &n) == 0);
    CHECK(d == NULL && n == 0);

    s = elf_shdr(f, SR_STR);
    CHECK_STR(s->name, ".rodata.str1.1");
    CHECK_EQ_U(s->entsize, 1);
    CHECK_EQ_U(s->flags, SHF_ALLOC | SHF_MERGE | SHF_STRINGS);

    s = elf_shdr(f, SR_RELA_TEXT);
    CHECK_STR(s->name, ".rela.text");
    CHECK_EQ_U(s->type, SHT_RELA);
    CHECK_EQ_U(s->entsize, g->relasize);
    CHECK_EQ_U(s->info, SR_TEXT);
    CHECK_EQ_U(s->flags, SHF_INFO_LINK);
    u32 symtab = elf_section_by_type(f, SHT_SYMTAB);
    CHECK_EQ_U(symtab, 7);
    CHECK_EQ_U(s->link, symtab);
    CHECK_EQ_U(elf_section_by_name(f, ".rela.text"), SR_RELA_TEXT);
    CHECK_EQ_U(elf_section_by_name(f, ".nope"), 0);

    int use_rel = (flags & SAMPLE_REL_USE_REL) != 0;
    s = elf_shdr(f, SR_REL_DATA);
    CHECK_STR(s->name, use_rel ? ".rel.data" : ".rela.data");
    CHECK_EQ_U(s->type, use_rel ? SHT_REL : SHT_RELA);
    CHECK_EQ_U(s->entsize, use_rel ? g->relsize : g->relasize);

    s = elf_shdr(f, symtab);
    CHECK_STR(s->name, ".symtab");
    CHECK_EQ_U(s->entsize, g->symsize);
    CHECK_EQ_U(s->info, 4);                    /* null + 3 locals */
    CHECK_STR(elf_shdr(f, s->link)->name, ".strtab");

    /* Symbols */
    CHECK_EQ_U(elf_sym_count(f, symtab), 9);
    CHECK_EQ_U(elf_sym_count(f, SR_TEXT), 0);
    struct elf_sym sym;
    CHECK(elf_sym(f, symtab, 0, &sym) == 0);
    CHECK_STR(sym.name, "");
    CHECK_EQ_U(sym.info, 0);
    CHECK_EQ_U(sym.shndx, 0);
    CHECK(elf_sym(f, symtab, 1, &sym) == 0);
    CHECK_STR(sym.name, "t.c");
    CHECK_EQ_U(ELF_ST_TYPE(sym.info), STT_FILE);
    CHECK_EQ_U(sym.shndx, SHN_ABS);
    CHECK(elf_sym(f, symtab, 2, &sym) == 0);
    CHECK_EQ_U(ELF_ST_TYPE(sym.info), STT_SECTION);
    CHECK_EQ_U(sym.shndx, SR_TEXT);
    CHECK(elf_sym(f, symtab, 4, &sym) == 0);
    CHECK_STR(sym.name, "main");
    CHECK_EQ_U(ELF_ST_BIND(sym.info), STB_GLOBAL);
    CHECK_EQ_U(ELF_ST_TYPE(sym.info), STT_FUNC);
    CHECK_EQ_U(sym.size, 16);
    CHECK(elf_sym(f, symtab, 5, &sym) == 0);
    CHECK_STR(sym.name, "counter");
    CHECK_EQ_U(sym.shndx, SR_BSS);
    CHECK_EQ_U(sym.value, 16);
    CHECK(elf_sym(f, symtab, 6, &sym) == 0);
    CHECK_STR(sym.name, "puts");
    CHECK_EQ_U(sym.shndx, SHN_UNDEF);
    CHECK(elf_sym(f, symtab, 7, &sym) == 0);
    CHECK_STR(sym.name, "weak_hidden");
    CHECK_EQ_U(ELF_ST_BIND(sym.info), STB_WEAK);
    CHECK_EQ_U(ELF_ST_VISIBILITY(sym.other), STV_HIDDEN);
    CHECK_EQ_U(sym.value, g->word);
    CHECK(elf_sym(f, symtab, 8, &sym) == 0);
    CHECK_STR(sym.name, "common_obj");
    CHECK_EQ_U(sym.shndx, SHN_COMMON);
    CHECK(elf_sym(f, symtab, 9, &sym) == -1);

    /* Relocations */
    struct elf_rel r;
    CHECK_EQ_U(elf_rel_count(f, SR_RELA_TEXT), 4);
    CHECK(elf_rel(f, SR_RELA_TEXT, 0, &r) == 0);
    CHECK_EQ_U(r.offset, 4);
    CHECK_EQ_U(r.sym, 6);
    CHECK_EQ_U(r.type, R_RISCV_CALL_PLT);
    CHECK_EQ_U(r.info, elf_r_info(cls, 6, R_RISCV_CALL_PLT));
    CHECK(r.has_addend);
    CHECK(elf_rel(f, SR_RELA_TEXT, 2, &r) == 0);
    CHECK_EQ_U(r.type, R_RISCV_HI20);
    CHECK(r.addend == -4);
    CHECK(elf_rel(f, SR_RELA_TEXT, 3, &r) == 0);
    CHECK_EQ_U(r.offset, 12);
    CHECK_EQ_U(r.sym, 3);
    CHECK(r.addend == 2);
    CHECK(elf_rel(f, SR_RELA_TEXT, 4, &r) == -1);

    u32 word_reloc = cls == ELFCLASS32 ? R_RISCV_32 : cls == ELFCLASS64 ? R_RISCV_64
                                                                       : R_RISCV_128;
    CHECK_EQ_U(elf_rel_count(f, SR_REL_DATA), 2);
    CHECK(elf_rel(f, SR_REL_DATA, 1, &r) == 0);
    CHECK_EQ_U(r.offset, g->word);
    CHECK_EQ_U(r.sym, 2);
    CHECK_EQ_U(r.type, word_reloc);
    CHECK(r.has_addend == !use_rel);
    CHECK(r.addend == (use_rel ? 0 : -8));

    /* The loader's path sees no sections. */
    struct elf_file *f2 = elf_read(img, size, ELF_READ_PHDRS_ONLY, &err);
    CHECK(f2 != NULL);
    if (f2) {
        CHECK_EQ_U(elf_shnum(f2), 0);
        CHECK_EQ_U(elf_phnum(f2), 0);
        CHECK(elf_shdr(f2, 1) == NULL);
        elf_close(f2);
    }
    elf_close(f);
    free(img);
}

TEST(relocatable_rela_all_classes)
{
    for (int i = 0; i < 3; i++)
        check_rel_file(classes[i], 0);
}

TEST(relocatable_rel_all_classes)
{
    for (int i = 0; i < 3; i++)
        check_rel_file(classes[i], SAMPLE_REL_USE_REL);
}

static void check_exec_file(int cls)
{
    const struct elf_geom *g = elf_geom(cls);
    usize size = 0;
    u8 *img = sample_exec(cls, &size);
    CHECK(img != NULL);
    if (!img)
        return;
    struct elf_err err;
    for (int mode = 0; mode < 2; mode++) {
        struct elf_file *f = elf_read(img, size, mode ? ELF_READ_PHDRS_ONLY : 0, &err);
        CHECK(f != NULL);
        if (!f) {
            check_fail(__FILE__, __LINE__, err.msg);
            break;
        }
        const struct elf_ehdr *eh = elf_header(f);
        u128 base = sample_base(cls);
        u128 hdr = elf_headers_size(cls, SE_NSEG);
        u128 text_addr = base + ((hdr + 15) & ~(u128)15);
        CHECK_EQ_U(eh->type, ET_EXEC);
        CHECK_EQ_U(eh->entry, text_addr);
        CHECK_EQ_U(eh->phoff, g->ehsize);
        CHECK_EQ_U(eh->phentsize, g->phentsize);
        CHECK_EQ_U(elf_phnum(f), SE_NSEG);

        const struct elf_phdr *rx = elf_phdr(f, SE_LOAD_RX);
        CHECK_EQ_U(rx->type, PT_LOAD);
        CHECK_EQ_U(rx->flags, PF_R | PF_X);
        CHECK_EQ_U(rx->offset, 0);
        CHECK_EQ_U(rx->vaddr, base);
        CHECK_EQ_U(rx->paddr, base);
        CHECK_EQ_U(rx->align, 0x1000);
        /* .rodata at text + 0x20, 12 bytes */
        CHECK_EQ_U(rx->filesz, text_addr + 0x20 + 12 - base);
        CHECK_EQ_U(rx->memsz, rx->filesz);

        const struct elf_phdr *ph = elf_phdr(f, SE_PHDR);
        CHECK_EQ_U(ph->type, PT_PHDR);
        CHECK_EQ_U(ph->offset, g->ehsize);
        CHECK_EQ_U(ph->vaddr, base + g->ehsize);
        CHECK_EQ_U(ph->filesz, (u128)SE_NSEG * g->phentsize);

        const struct elf_phdr *rw = elf_phdr(f, SE_LOAD_RW);
        CHECK_EQ_U(rw->type, PT_LOAD);
        CHECK_EQ_U(rw->flags, PF_R | PF_W);
        CHECK_EQ_U(rw->offset % 0x1000, rw->vaddr % 0x1000);
        CHECK_EQ_U(rw->filesz, 40);
        CHECK_EQ_U(rw->memsz, 0x40 + 0x100);
        CHECK(rw->offset >= rx->offset + rx->filesz);

        const struct elf_phdr *st = elf_phdr(f, SE_STACK);
        CHECK_EQ_U(st->type, PT_GNU_STACK);
        CHECK_EQ_U(st->flags, PF_R | PF_W);
        CHECK_EQ_U(st->offset, 0);
        CHECK_EQ_U(st->memsz, 0);
        CHECK(elf_phdr(f, SE_NSEG) == NULL);

        /* Segment bytes: the headers, then the text at its address. */
        const u8 *d;
        usize n;
        CHECK(elf_segment_data(f, SE_LOAD_RX, &d, &n) == 0);
        CHECK(n == (usize)rx->filesz && d == img && d[0] == 0x7f);
        CHECK(memcmp(d + (usize)(text_addr - base), sample_text, 16) == 0);
        CHECK(memcmp(d + (usize)(text_addr + 0x20 - base), sample_str, 12) == 0);
        CHECK(elf_segment_data(f, SE_LOAD_RW, &d, &n) == 0);
        CHECK(n == 40 && d[1] == 7 && d[39] == (u8)(39 * 7));
        CHECK(elf_segment_data(f, SE_STACK, &d, &n) == 0);
        CHECK(n == 0 && d == NULL);
        CHECK(elf_segment_data(f, SE_NSEG, &d, &n) == -1);

        if (mode == 0) {
            const struct elf_shdr *t = elf_shdr(f, SE_TEXT);
            CHECK_STR(t->name, ".text");
            CHECK_EQ_U(t->addr, text_addr);
            CHECK_EQ_U(t->offset, text_addr - base);
            const struct elf_shdr *b = elf_shdr(f, SE_BSS);
            CHECK_EQ_U(b->type, SHT_NOBITS);
            CHECK_EQ_U(b->size, 0x100);
            const struct elf_shdr *dd = elf_shdr(f, SE_DATA);
            CHECK_EQ_U(dd->offset, rw->offset);
            CHECK_EQ_U(dd->addr, rw->vaddr);
            CHECK_STR(elf_shdr(f, SE_COMMENT)->name, ".comment");
            u32 symtab = elf_section_by_name(f, ".symtab");
            struct elf_sym sym;
            CHECK(elf_sym(f, symtab, 1, &sym) == 0);
            CHECK_STR(sym.name, "_start");
            CHECK_EQ_U(sym.value, text_addr);
            CHECK(elf_sym(f, symtab, 2, &sym) == 0);
            CHECK_STR(sym.name, "table");
            CHECK_EQ_U(sym.value, dd->addr);
            CHECK_EQ_U(elf_shdr(f, symtab)->info, 1);   /* no locals */
        } else {
            CHECK_EQ_U(elf_shnum(f), 0);
        }
        elf_close(f);
    }
    free(img);
}

TEST(executable_all_classes)
{
    for (int i = 0; i < 3; i++)
        check_exec_file(classes[i]);
}

/* ELF128 keeps values above 2^64 intact. */
TEST(elf128_wide_values)
{
    struct elf_ehdr proto;
    memset(&proto, 0, sizeof proto);
    proto.cls = ELFCLASS128;
    proto.type = ET_REL;
    proto.machine = EM_RISCV;
    struct elf_writer *w = elf_writer_new(&proto);
    struct elf_shdr sh;
    memset(&sh, 0, sizeof sh);
    sh.name = ".big"; sh.type = SHT_NOBITS; sh.flags = SHF_ALLOC | SHF_WRITE;
    sh.addr = sample_big(); sh.size = ((u128)1 << 70); sh.addralign = (u128)1 << 4;
    CHECK_EQ_U(elf_writer_add_section(w, &sh, NULL), 1);
    struct elf_sym s;
    memset(&s, 0, sizeof s);
    s.name = "huge"; s.info = ELF_ST_INFO(STB_GLOBAL, STT_OBJECT); s.shndx = 1;
    s.value = sample_big(); s.size = ~(u128)0;
    CHECK_EQ_U(elf_writer_add_symbol(w, &s), 1);
    struct elf_rel r;
    memset(&r, 0, sizeof r);
    r.offset = sample_big(); r.sym = 1; r.type = R_RISCV_SUB128;
    r.addend = -(i128)sample_big();
    CHECK_EQ_U(elf_writer_add_relocs(w, ".rela.big", 1, 1, &r, 1), 2);
    u8 *img;
    usize size;
    struct elf_err err;
    CHECK(elf_writer_finish(w, &img, &size, &err) == 0);
    elf_writer_free(w);
    struct elf_file *f = elf_read(img, size, 0, &err);
    CHECK(f != NULL);
    if (f) {
        CHECK_EQ_U(elf_shdr(f, 1)->addr, sample_big());
        CHECK_EQ_U(elf_shdr(f, 1)->size, (u128)1 << 70);
        struct elf_sym o;
        CHECK(elf_sym(f, elf_section_by_type(f, SHT_SYMTAB), 1, &o) == 0);
        CHECK_EQ_U(o.value, sample_big());
        CHECK_EQ_U(o.size, ~(u128)0);
        struct elf_rel q;
        CHECK(elf_rel(f, 2, 0, &q) == 0);
        CHECK_EQ_U(q.offset, sample_big());
        CHECK_EQ_U(q.sym, 1);
        CHECK_EQ_U(q.type, R_RISCV_SUB128);
        CHECK(q.addend == -(i128)sample_big());
        CHECK_EQ_U(q.info, ((u128)1 << 64) | R_RISCV_SUB128);
        elf_close(f);
    }
    free(img);
}

/* Writer errors: values that do not fit the class, bad symbol order, bad references. */
TEST(writer_rejects_bad_models)
{
    struct elf_ehdr proto;
    memset(&proto, 0, sizeof proto);
    proto.type = ET_REL;
    proto.machine = EM_RISCV;
    struct elf_err err;
    u8 *img;
    usize size;

    proto.cls = 7;
    CHECK(elf_writer_new(&proto) == NULL);

    proto.cls = ELFCLASS32;
    struct elf_writer *w = elf_writer_new(&proto);
    struct elf_shdr sh;
    memset(&sh, 0, sizeof sh);
    sh.name = ".text"; sh.type = SHT_NOBITS; sh.addr = (u128)1 << 32; sh.size = 4;
    elf_writer_add_section(w, &sh, NULL);
    CHECK(elf_writer_finish(w, &img, &size, &err) == -1);
    CHECK(strstr(err.msg, ".text") != NULL);
    elf_writer_free(w);

    proto.cls = ELFCLASS64;
    w = elf_writer_new(&proto);
    struct elf_sym s;
    memset(&s, 0, sizeof s);
    s.name = "g"; s.info = ELF_ST_INFO(STB_GLOBAL, STT_NOTYPE);
    CHECK_EQ_U(elf_writer_add_symbol(w, &s), 1);
    s.name = "l"; s.info = ELF_ST_INFO(STB_LOCAL, STT_NOTYPE);
    CHECK_EQ_U(elf_writer_add_symbol(w, &s), 0);
    CHECK(elf_writer_finish(w, &img, &size, &err) == -1);
    CHECK_STR(err.msg, "l: local symbol added after a global one");
    elf_writer_free(w);

    w = elf_writer_new(&proto);
    struct elf_rel r;
    memset(&r, 0, sizeof r);
    r.sym = 5; r.type = R_RISCV_64;
    elf_writer_add_relocs(w, ".rela.x", 0, 1, &r, 1);
    CHECK(elf_writer_finish(w, &img, &size, &err) == -1);
    CHECK(strstr(err.msg, "missing symbol") != NULL);
    elf_writer_free(w);

    w = elf_writer_new(&proto);
    memset(&r, 0, sizeof r);
    r.type = R_RISCV_64; r.addend = 1;
    elf_writer_add_relocs(w, ".rel.x", 0, 0, &r, 1);
    CHECK(elf_writer_finish(w, &img, &size, &err) == -1);
    CHECK(strstr(err.msg, "addend") != NULL);
    elf_writer_free(w);

    w = elf_writer_new(&proto);
    memset(&sh, 0, sizeof sh);
    sh.name = ".x"; sh.type = SHT_PROGBITS; sh.addralign = 3;
    CHECK_EQ_U(elf_writer_add_section(w, &sh, NULL), 0);
    CHECK(elf_writer_finish(w, &img, &size, &err) == -1);
    CHECK(strstr(err.msg, "power of two") != NULL);
    elf_writer_free(w);

    w = elf_writer_new(&proto);
    memset(&sh, 0, sizeof sh);
    sh.name = ".x"; sh.type = SHT_PROGBITS; sh.link = 9;
    elf_writer_add_section(w, &sh, NULL);
    CHECK(elf_writer_finish(w, &img, &size, &err) == -1);
    CHECK(strstr(err.msg, "sh_link") != NULL);
    elf_writer_free(w);

    /* A segment over sections that do not exist. */
    w = elf_writer_new(&proto);
    struct elf_phdr ph;
    memset(&ph, 0, sizeof ph);
    ph.type = PT_LOAD;
    CHECK_EQ_U(elf_writer_add_segment(w, &ph, 1, 1, 0), 0);
    elf_writer_free(w);

    /* Segment layouts the writer cannot honour. */
    struct {
        u128 a1, a2;
        u32 t2;
        unsigned flags;
        const char *msg;
    } bad[] = {
        { 0x10, 0x40, SHT_PROGBITS, ELF_SEG_HEADERS,
          ".a: address too low to map the headers in its segment" },
        { 0x1000, 0x800, SHT_PROGBITS, 0, ".b: address below the start of its segment" },
        { 0x1000, 0x1002, SHT_PROGBITS, 0, ".b: overlaps the previous section of its segment" },
    };
    for (unsigned k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        w = elf_writer_new(&proto);
        memset(&sh, 0, sizeof sh);
        sh.name = ".a"; sh.type = SHT_PROGBITS; sh.flags = SHF_ALLOC; sh.addr = bad[k].a1;
        sh.size = 8;
        elf_writer_add_section(w, &sh, NULL);
        sh.name = ".b"; sh.type = bad[k].t2; sh.addr = bad[k].a2;
        elf_writer_add_section(w, &sh, NULL);
        memset(&ph, 0, sizeof ph);
        ph.type = PT_LOAD; ph.align = 0x1000;
        CHECK_EQ_U(elf_writer_add_segment(w, &ph, 1, 2, bad[k].flags), 1);
        CHECK(elf_writer_finish(w, &img, &size, &err) == -1);
        CHECK_STR(err.msg, bad[k].msg);
        elf_writer_free(w);
    }
    w = elf_writer_new(&proto);
    memset(&sh, 0, sizeof sh);
    sh.name = ".bss"; sh.type = SHT_NOBITS; sh.flags = SHF_ALLOC; sh.addr = 0x1000; sh.size = 8;
    elf_writer_add_section(w, &sh, NULL);
    sh.name = ".data"; sh.type = SHT_PROGBITS; sh.addr = 0x1010;
    elf_writer_add_section(w, &sh, NULL);
    memset(&ph, 0, sizeof ph);
    ph.type = PT_LOAD;
    elf_writer_add_segment(w, &ph, 1, 2, 0);
    CHECK(elf_writer_finish(w, &img, &size, &err) == -1);
    CHECK_STR(err.msg, ".data: section with contents after a NOBITS section in its segment");
    elf_writer_free(w);

    /* ELF32 relocation symbol index limited to 24 bits, type to 8 bits. */
    proto.cls = ELFCLASS32;
    w = elf_writer_new(&proto);
    memset(&r, 0, sizeof r);
    r.type = R_RISCV_128 + 100;     /* 292 > 255 */
    elf_writer_add_relocs(w, ".rela.x", 0, 1, &r, 1);
    CHECK(elf_writer_finish(w, &img, &size, &err) == -1);
    elf_writer_free(w);
}

/* Placeholders ELF_WRITER_SYMTAB in sh_link; file output; a writer reused. */
TEST(writer_links_and_file_output)
{
    struct elf_ehdr proto;
    memset(&proto, 0, sizeof proto);
    proto.cls = ELFCLASS64;
    proto.type = ET_REL;
    proto.machine = EM_RISCV;
    struct elf_writer *w = elf_writer_new(&proto);
    u8 grp[8] = { 1, 0, 0, 0, 2, 0, 0, 0 };
    struct elf_shdr sh;
    memset(&sh, 0, sizeof sh);
    sh.name = ".group"; sh.type = SHT_GROUP; sh.link = ELF_WRITER_SYMTAB; sh.info = 1;
    sh.size = 8; sh.addralign = 4; sh.entsize = 4;
    CHECK_EQ_U(elf_writer_add_section(w, &sh, grp), 1);
    memset(&sh, 0, sizeof sh);
    sh.name = ".text.f"; sh.type = SHT_PROGBITS; sh.flags = SHF_ALLOC | SHF_GROUP;
    CHECK_EQ_U(elf_writer_add_section(w, &sh, NULL), 2);
    struct elf_sym s;
    memset(&s, 0, sizeof s);
    s.name = "f"; s.info = ELF_ST_INFO(STB_GLOBAL, STT_FUNC); s.shndx = 2;
    CHECK_EQ_U(elf_writer_add_symbol(w, &s), 1);

    FILE *fp = tmpfile();
    struct elf_err err;
    CHECK(fp != NULL);
    if (!fp) {
        elf_writer_free(w);
        return;
    }
    CHECK(elf_writer_write(w, fp, &err) == 0);
    long len = ftell(fp);
    rewind(fp);
    u8 *buf = malloc((usize)len);
    CHECK(fread(buf, 1, (usize)len, fp) == (usize)len);
    fclose(fp);
    /* Same bytes from a second finish. */
    u8 *img;
    usize size;
    CHECK(elf_writer_finish(w, &img, &size, &err) == 0);
    CHECK(size == (usize)len && memcmp(img, buf, size) == 0);
    elf_writer_free(w);
    struct elf_file *f = elf_read(buf, (usize)len, 0, &err);
    CHECK(f != NULL);
    if (f) {
        CHECK_EQ_U(elf_shdr(f, 1)->link, elf_section_by_name(f, ".symtab"));
        CHECK_EQ_U(elf_shdr(f, 1)->type, SHT_GROUP);
        elf_close(f);
    }
    free(buf);
    free(img);
}

/* Reading from a path. */
TEST(open_path)
{
    char path[] = "/tmp/zl_elf_open_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd < 0)
        return;
    usize size;
    u8 *img = sample_exec(ELFCLASS64, &size);
    FILE *fp = fdopen(fd, "wb");
    fwrite(img, 1, size, fp);
    fclose(fp);
    struct elf_err err;
    struct elf_file *f = elf_open(path, 0, &err);
    CHECK(f != NULL);
    if (f) {
        CHECK_EQ_U(elf_size(f), size);
        CHECK(memcmp(elf_data(f), img, size) == 0);
        CHECK_EQ_U(elf_phnum(f), SE_NSEG);
        elf_close(f);
    }
    remove(path);
    CHECK(elf_open(path, 0, &err) == NULL);
    CHECK_STR(err.msg, "No such file or directory");
    free(img);
}

int main(void)
{
    RUN(relocatable_rela_all_classes);
    RUN(relocatable_rel_all_classes);
    RUN(executable_all_classes);
    RUN(elf128_wide_values);
    RUN(writer_rejects_bad_models);
    RUN(writer_links_and_file_output);
    RUN(open_path);
    return check_done();
}
