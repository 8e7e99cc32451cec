/* Hostile input for the reader: truncation at every length, seeded random corruption,
 * and hand-made absurd counts/offsets/links with the exact error each must give.
 * Every parse works on an exact-size heap copy, and every accessor of a file that opens is
 * walked over all its bytes, so an out-of-bounds read shows under
 *   make BUILD=build-san OPT="-O1 -g" SAN="-fsanitize=address,undefined ..." */
#include "lib/check.h"
#include "common/le.h"
#include "elf_samples.h"

static volatile u32 sink;

/* Touch everything a tool could reach through the API. */
static void walk(const struct elf_file *f)
{
    u32 acc = 0;
    const struct elf_ehdr *eh = elf_header(f);
    acc += eh->type + (u32)eh->entry;
    for (u32 i = 0; i < elf_phnum(f); i++) {
        const u8 *d;
        usize n;
        acc += elf_phdr(f, i)->type;
        if (elf_segment_data(f, i, &d, &n) == 0)
            for (usize k = 0; k < n; k++)
                acc += d[k];
    }
    for (u32 i = 0; i < elf_shnum(f); i++) {
        const struct elf_shdr *s = elf_shdr(f, i);
        acc += (u32)strlen(s->name);
        const u8 *d;
        usize n;
        if (elf_section_data(f, i, &d, &n) == 0)
            for (usize k = 0; k < n; k++)
                acc += d[k];
        for (u32 k = 0; k < elf_sym_count(f, i); k++) {
            struct elf_sym y;
            if (elf_sym(f, i, k, &y) == 0) {
                acc += (u32)strlen(y.name) + y.shndx;
                if (y.shndx < SHN_LORESERVE && y.shndx != 0)
                    acc += elf_shdr(f, y.shndx) != NULL;
            }
        }
        for (u32 k = 0; k < elf_rel_count(f, i); k++) {
            struct elf_rel r;
            if (elf_rel(f, i, k, &r) == 0) {
                acc += r.type;
                if (s->link) {
                    struct elf_sym y;
                    acc += elf_sym(f, s->link, r.sym, &y) == 0 ? 1 : 1000;
                }
            }
        }
        for (u32 k = 0; k < elf_dyn_count(f, i); k++) {
            struct elf_dyn dy;
            if (elf_dyn(f, i, k, &dy) == 0) {
                const char *str = elf_string(f, s->link, dy.val);
                if (str)
                    acc += (u32)strlen(str);
            }
        }
        const char *str = elf_string(f, i, 1);
        if (str)
            acc += (u32)strlen(str);
    }
    sink += acc;
}

/* Parse an exact-size copy in both modes; returns 1 if the full parse succeeded. */
static int try_parse(const u8 *buf, usize n, struct elf_err *err)
{
    u8 *copy = malloc(n ? n : 1);
    if (n)
        memcpy(copy, buf, n);
    struct elf_err e2;
    struct elf_file *f = elf_read(copy, n, 0, err);
    if (f) {
        walk(f);
        elf_close(f);
    }
    struct elf_file *g = elf_read(copy, n, ELF_READ_PHDRS_ONLY, &e2);
    if (g) {
        CHECK_EQ_U(elf_shnum(g), 0);
        walk(g);
        elf_close(g);
    }
    free(copy);
    return f != NULL;
}

static u8 *sample(int idx, usize *size)
{
    static const int classes[3] = { ELFCLASS32, ELFCLASS64, ELFCLASS128 };
    int cls = classes[idx % 3];
    switch (idx / 3) {
    case 0: return sample_rel(cls, size, 0);
    case 1: return sample_exec(cls, size);
    default: return sample_rel(cls, size, SAMPLE_REL_USE_REL);
    }
}
#define NSAMPLES 9

TEST(samples_parse)
{
    for (int i = 0; i < NSAMPLES; i++) {
        usize n;
        u8 *img = sample(i, &n);
        struct elf_err err;
        CHECK(img && try_parse(img, n, &err));
        free(img);
    }
}

TEST(truncated_at_every_length)
{
    for (int i = 0; i < NSAMPLES; i++) {
        usize n;
        u8 *img = sample(i, &n);
        const struct elf_geom *g = elf_geom(img[EI_CLASS]);
        for (usize len = 0; len < n; len++) {
            struct elf_err err;
            err.msg[0] = 0;
            /* The section header table is last: every truncation breaks the file. */
            CHECK(!try_parse(img, len, &err));
            if (len < 4)
                CHECK_STR(err.msg, "not an ELF file");
            else if (len < g->ehsize)
                CHECK_STR(err.msg, "truncated ELF header");
            CHECK(err.msg[0] != 0);
        }
        free(img);
    }
    struct elf_err err;
    CHECK(elf_read(NULL, 0, 0, &err) == NULL);
    CHECK_STR(err.msg, "not an ELF file");
    CHECK(elf_read("\x7f" "ELF", 4, 0, NULL) == NULL);     /* err may be NULL */
}

static u64 rng_state;
static u64 rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* Seeded random corruption: bit flips, random bytes, and "interesting" little-endian
 * values (0, all-ones, sign bits, the file size, small counts) of 1..16 bytes, biased
 * towards the headers where the counts and offsets live. */
TEST(random_corruption)
{
    rng_state = 0x5eed0f2e1f000001ULL;
    const int iters = 20000;
    usize opened = 0, total = 0;
    for (int i = 0; i < NSAMPLES; i++) {
        usize n;
        u8 *img = sample(i, &n);
        u8 *buf = malloc(n);
        u128 shoff = 0;
        {
            struct elf_ehdr eh;
            elf_decode_ehdr(img[EI_CLASS], img, &eh);
            shoff = eh.shoff;
        }
        for (int it = 0; it < iters; it++) {
            memcpy(buf, img, n);
            int edits = 1 + (int)(rnd() % 4);
            for (int e = 0; e < edits; e++) {
                usize pos;
                u64 r = rnd();
                switch (r % 4) {
                case 0: pos = (usize)(rnd() % 128 % n); break;                 /* ehdr/phdr */
                case 1: pos = (usize)(shoff + rnd() % (n - (usize)shoff)); break;  /* shdrs */
                default: pos = (usize)(rnd() % n); break;
                }
                switch ((r >> 8) % 3) {
                case 0:
                    buf[pos] ^= (u8)(1u << (rnd() % 8));
                    break;
                case 1:
                    buf[pos] = (u8)rnd();
                    break;
                default: {
                    static const unsigned widths[5] = { 1, 2, 4, 8, 16 };
                    unsigned w = widths[rnd() % 5];
                    u128 v;
                    switch (rnd() % 7) {
                    case 0: v = 0; break;
                    case 1: v = ~(u128)0; break;
                    case 2: v = (u128)1 << (8 * w - 1); break;
                    case 3: v = n; break;
                    case 4: v = n - rnd() % 64; break;
                    case 5: v = rnd() % 16; break;
                    default: v = ~(u128)0 - rnd() % 64; break;
                    }
                    if (pos + w <= n)
                        put_le(buf + pos, w, v);
                    break;
                }
                }
            }
            struct elf_err err;
            opened += (usize)try_parse(buf, n, &err);
            total++;
        }
        free(buf);
        free(img);
    }
    /* Sanity: the corpus is neither all-accepted nor all-rejected. */
    CHECK(opened > total / 20);
    CHECK(opened < total);
}

/* ---- Hand-made absurd files ------------------------------------------------------ */

struct edit {
    u8 *img;
    usize n;
    int cls;
    const struct elf_geom *g;
    struct elf_ehdr eh;
};

static void ed_open(struct edit *e, u8 *img, usize n)
{
    e->img = img;
    e->n = n;
    e->cls = img[EI_CLASS];
    e->g = elf_geom(e->cls);
    elf_decode_ehdr(e->cls, img, &e->eh);
}

static void ed_put_ehdr(struct edit *e)
{
    /* Raw write (encode_ehdr would refuse out-of-range fields). */
    struct elf_ehdr h = e->eh;
    u8 tmp[96];
    h.phnum &= 0xffff;
    h.shnum &= 0xffff;
    h.shstrndx &= 0xffff;
    elf_encode_ehdr(e->cls, &h, tmp);
    memcpy(e->img + EI_NIDENT, tmp + EI_NIDENT, e->g->ehsize - EI_NIDENT);
}

static u8 *ed_shdr_at(struct edit *e, u32 i)
{
    return e->img + (usize)e->eh.shoff + (usize)i * e->g->shentsize;
}

static void ed_get_sh(struct edit *e, u32 i, struct elf_shdr *sh)
{
    elf_decode_shdr(e->cls, ed_shdr_at(e, i), sh);
}

static void ed_put_sh(struct edit *e, u32 i, const struct elf_shdr *sh)
{
    CHECK(elf_encode_shdr(e->cls, sh, ed_shdr_at(e, i)) == 0);
}

static void expect(struct edit *e, const char *msg)
{
    struct elf_err err;
    err.msg[0] = 0;
    CHECK(!try_parse(e->img, e->n, &err));
    if (strcmp(err.msg, msg) != 0) {
        char b[300];
        snprintf(b, sizeof b, "class %d: got \"%s\" want \"%s\"", e->cls, err.msg, msg);
        check_fail(__FILE__, __LINE__, b);
    }
}

TEST(absurd_header_values)
{
    for (int c = 0; c < 3; c++) {
        int cls = ELFCLASS32 + c;
        usize n;
        u8 *orig = sample_exec(cls, &n);
        u8 *img = malloc(n);
        struct edit e;
        char msg[100];

#define RESET() (memcpy(img, orig, n), ed_open(&e, img, n))
        RESET();
        img[EI_CLASS] = 7;
        expect(&e, "unsupported ELF class 7");
        RESET();
        img[EI_DATA] = ELFDATA2MSB;
        expect(&e, "big-endian ELF files are not supported");
        RESET();
        img[EI_DATA] = 9;
        expect(&e, "unsupported ELF data encoding 9");
        RESET();
        img[EI_VERSION] = 2;
        expect(&e, "unsupported ELF version 2");
        RESET();
        img[1] = 'e';
        expect(&e, "not an ELF file");
        RESET();
        e.eh.version = 0;
        ed_put_ehdr(&e);
        expect(&e, "unsupported ELF version 0");
        RESET();
        e.eh.ehsize = 200;
        ed_put_ehdr(&e);
        snprintf(msg, sizeof msg, "bad ELF header size 200 (expected %u)", e.g->ehsize);
        expect(&e, msg);
        RESET();
        e.eh.phentsize = 7;
        ed_put_ehdr(&e);
        snprintf(msg, sizeof msg, "bad program header entry size 7 (expected %u)",
                 e.g->phentsize);
        expect(&e, msg);
        RESET();
        e.eh.shentsize = 0;
        ed_put_ehdr(&e);
        snprintf(msg, sizeof msg, "bad section header entry size 0 (expected %u)",
                 e.g->shentsize);
        expect(&e, msg);
        RESET();
        e.eh.phnum = 0xfffe;
        ed_put_ehdr(&e);
        expect(&e, "program header table beyond end of file");
        RESET();
        e.eh.phoff = elf_class_max(cls);
        ed_put_ehdr(&e);
        expect(&e, "program header table beyond end of file");
        RESET();
        e.eh.phoff = elf_class_max(cls) - 8;  /* offset + size wraps */
        ed_put_ehdr(&e);
        expect(&e, "program header table beyond end of file");
        RESET();
        e.eh.phoff = 0;
        ed_put_ehdr(&e);
        expect(&e, "bad program header table offset 0");
        RESET();
        e.eh.shoff = elf_class_max(cls) - 1;
        ed_put_ehdr(&e);
        expect(&e, "section header table beyond end of file");
        RESET();
        e.eh.shnum = 0xffff;
        ed_put_ehdr(&e);
        expect(&e, "section header table beyond end of file");
        RESET();
        e.eh.shstrndx = 200;
        ed_put_ehdr(&e);
        expect(&e, "bad section header string table index 200");
        RESET();
        e.eh.shstrndx = SE_TEXT;      /* not a string table */
        ed_put_ehdr(&e);
        expect(&e, "bad section header string table index 1");

        /* Extended numbering with absurd values in section 0. */
        RESET();
        struct elf_shdr sh0;
        ed_get_sh(&e, 0, &sh0);
        sh0.size = elf_class_max(cls);
        ed_put_sh(&e, 0, &sh0);
        e.eh.shnum = 0;
        ed_put_ehdr(&e);
        expect(&e, "section header table beyond end of file");
        RESET();
        ed_get_sh(&e, 0, &sh0);
        sh0.info = 0xffffffffu;
        ed_put_sh(&e, 0, &sh0);
        e.eh.phnum = PN_XNUM;
        ed_put_ehdr(&e);
        expect(&e, "program header table beyond end of file");
        RESET();
        ed_get_sh(&e, 0, &sh0);
        sh0.link = 0x7fffffff;
        ed_put_sh(&e, 0, &sh0);
        e.eh.shstrndx = SHN_XINDEX;
        ed_put_ehdr(&e);
        expect(&e, "bad section header string table index 2147483647");
        RESET();
        e.eh.phnum = PN_XNUM;
        e.eh.shoff = 0;
        e.eh.shnum = 0;
        e.eh.shstrndx = 0;
        ed_put_ehdr(&e);
        expect(&e, "extended numbering without section headers");

        /* Valid extended numbering: the same file with the counts in section 0. */
        RESET();
        u32 real_shnum = e.eh.shnum, real_phnum = e.eh.phnum, real_str = e.eh.shstrndx;
        ed_get_sh(&e, 0, &sh0);
        sh0.size = real_shnum;
        sh0.link = real_str;
        sh0.info = real_phnum;
        ed_put_sh(&e, 0, &sh0);
        e.eh.shnum = 0;
        e.eh.shstrndx = SHN_XINDEX;
        e.eh.phnum = PN_XNUM;
        ed_put_ehdr(&e);
        {
            struct elf_err err;
            struct elf_file *f = elf_read(img, n, 0, &err);
            CHECK(f != NULL);
            if (f) {
                CHECK_EQ_U(elf_shnum(f), real_shnum);
                CHECK_EQ_U(elf_phnum(f), real_phnum);
                CHECK_EQ_U(elf_header(f)->shstrndx, real_str);
                CHECK_STR(elf_shdr(f, 1)->name, ".text");
                elf_close(f);
            }
            f = elf_read(img, n, ELF_READ_PHDRS_ONLY, &err);
            CHECK(f != NULL);
            if (f) {
                CHECK_EQ_U(elf_phnum(f), real_phnum);
                elf_close(f);
            }
        }

        /* Segments. */
        struct elf_phdr ph;
        u8 *php;
        RESET();
        php = img + (usize)e.eh.phoff + SE_LOAD_RW * e.g->phentsize;
        elf_decode_phdr(cls, php, &ph);
        ph.filesz = ph.memsz + 1;
        elf_encode_phdr(cls, &ph, php);
        expect(&e, "segment 2: p_filesz greater than p_memsz");
        RESET();
        elf_decode_phdr(cls, php, &ph);
        ph.offset = elf_class_max(cls) - 4;
        elf_encode_phdr(cls, &ph, php);
        expect(&e, "segment 2 extends beyond end of file");
        RESET();
        elf_decode_phdr(cls, php, &ph);
        ph.align = 0x1001;
        elf_encode_phdr(cls, &ph, php);
        expect(&e, "segment 2: bad alignment");
        RESET();
        elf_decode_phdr(cls, php, &ph);
        ph.vaddr = elf_class_max(cls) - 0x10;
        elf_encode_phdr(cls, &ph, php);
        expect(&e, "segment 2 wraps around the address space");
        RESET();
        elf_decode_phdr(cls, php, &ph);
        ph.vaddr = elf_class_max(cls) - (ph.memsz - 1);   /* ends exactly at the top */
        elf_encode_phdr(cls, &ph, php);
        {
            struct elf_err err;
            CHECK(try_parse(img, n, &err));
        }

        RESET();                          /* an empty segment may point anywhere */
        php = img + (usize)e.eh.phoff + SE_STACK * e.g->phentsize;
        elf_decode_phdr(cls, php, &ph);
        ph.offset = elf_class_max(cls);
        elf_encode_phdr(cls, &ph, php);
        {
            struct elf_err err;
            CHECK(try_parse(img, n, &err));
        }

        /* Sections. */
        struct elf_shdr sh;
        RESET();
        ed_get_sh(&e, SE_RODATA, &sh);
        sh.offset = elf_class_max(cls) - 8;
        ed_put_sh(&e, SE_RODATA, &sh);
        expect(&e, "section 2 extends beyond end of file");
        RESET();
        ed_get_sh(&e, SE_RODATA, &sh);
        sh.size = n;
        ed_put_sh(&e, SE_RODATA, &sh);
        expect(&e, "section 2 extends beyond end of file");
        RESET();
        ed_get_sh(&e, SE_BSS, &sh);       /* NOBITS may have any offset/size */
        sh.offset = elf_class_max(cls);
        sh.size = elf_class_max(cls);
        ed_put_sh(&e, SE_BSS, &sh);
        {
            struct elf_err err;
            CHECK(try_parse(img, n, &err));
        }
        RESET();
        ed_get_sh(&e, SE_TEXT, &sh);
        sh.addralign = 12;
        ed_put_sh(&e, SE_TEXT, &sh);
        expect(&e, "section 1: bad alignment");
        RESET();
        ed_get_sh(&e, SE_TEXT, &sh);
        sh.link = 99;
        ed_put_sh(&e, SE_TEXT, &sh);
        expect(&e, "section 1: bad sh_link 99");
        RESET();
        ed_get_sh(&e, SE_TEXT, &sh);
        sh.name_off = 0x7fffffff;
        ed_put_sh(&e, SE_TEXT, &sh);
        expect(&e, "section 1: name offset out of range");
        RESET();
        u32 shstr = e.eh.shstrndx;
        ed_get_sh(&e, shstr, &sh);
        img[(usize)(sh.offset + sh.size - 1)] = 'x';
        snprintf(msg, sizeof msg, "section %u: string table not NUL-terminated", shstr);
        expect(&e, msg);

        free(img);
        free(orig);
#undef RESET
    }
}

TEST(absurd_tables)
{
    for (int c = 0; c < 3; c++) {
        int cls = ELFCLASS32 + c;
        usize n;
        u8 *orig = sample_rel(cls, &n, 0);
        u8 *img = malloc(n);
        struct edit e;
        struct elf_shdr sh;
        char msg[100];
        const u32 SYMTAB = 7, STRTAB = 8;
#define RESET() (memcpy(img, orig, n), ed_open(&e, img, n))
        RESET();
        ed_get_sh(&e, SYMTAB, &sh);
        CHECK_EQ_U(sh.type, SHT_SYMTAB);
        sh.entsize = 0;
        ed_put_sh(&e, SYMTAB, &sh);
        snprintf(msg, sizeof msg, "section 7: bad entry size (expected %u)", e.g->symsize);
        expect(&e, msg);
        RESET();
        ed_get_sh(&e, SYMTAB, &sh);
        sh.size -= 1;
        ed_put_sh(&e, SYMTAB, &sh);
        expect(&e, "section 7: size not a multiple of the entry size");
        RESET();
        ed_get_sh(&e, SYMTAB, &sh);
        sh.link = SR_TEXT;
        ed_put_sh(&e, SYMTAB, &sh);
        expect(&e, "section 7: bad sh_link 1");
        RESET();
        ed_get_sh(&e, SYMTAB, &sh);
        sh.link = 0;
        ed_put_sh(&e, SYMTAB, &sh);
        expect(&e, "section 7: bad sh_link 0");
        RESET();
        ed_get_sh(&e, SYMTAB, &sh);
        sh.info = 100;
        ed_put_sh(&e, SYMTAB, &sh);
        expect(&e, "section 7: bad sh_info 100");
        RESET();
        ed_get_sh(&e, SR_RELA_TEXT, &sh);
        sh.link = SR_DATA;
        ed_put_sh(&e, SR_RELA_TEXT, &sh);
        expect(&e, "section 5: bad sh_link 2");
        RESET();
        ed_get_sh(&e, SR_RELA_TEXT, &sh);
        sh.info = 1000;
        ed_put_sh(&e, SR_RELA_TEXT, &sh);
        expect(&e, "section 5: bad sh_info 1000");
        RESET();
        ed_get_sh(&e, SR_RELA_TEXT, &sh);
        sh.entsize = e.g->relsize;       /* REL size in a RELA section */
        ed_put_sh(&e, SR_RELA_TEXT, &sh);
        snprintf(msg, sizeof msg, "section 5: bad entry size (expected %u)", e.g->relasize);
        expect(&e, msg);

        /* Symbols. */
        struct elf_shdr st;
        RESET();
        ed_get_sh(&e, SYMTAB, &st);
        u8 *sym1 = img + (usize)st.offset + e.g->symsize;
        struct elf_sym y;
        elf_decode_sym(cls, sym1, &y);
        y.name_off = 0xffffff;
        elf_encode_sym(cls, &y, sym1);
        expect(&e, "symbol 1 in section 7: name offset out of range");
        RESET();
        elf_decode_sym(cls, sym1, &y);
        y.shndx = 0xfeff;
        elf_encode_sym(cls, &y, sym1);
        expect(&e, "symbol 1 in section 7: bad section index 65279");
        RESET();
        elf_decode_sym(cls, sym1, &y);
        y.shndx = SHN_XINDEX;             /* no SHT_SYMTAB_SHNDX section */
        elf_encode_sym(cls, &y, sym1);
        expect(&e, "symbol 1 in section 7: bad section index 65535");
        RESET();
        ed_get_sh(&e, STRTAB, &sh);
        img[(usize)(sh.offset + sh.size - 1)] = 'x';
        expect(&e, "section 8: string table not NUL-terminated");

        /* Relocations. */
        struct elf_shdr rs;
        RESET();
        ed_get_sh(&e, SR_RELA_TEXT, &rs);
        u8 *rel0 = img + (usize)rs.offset;
        put_le(rel0 + e.g->word, e.g->word, elf_r_info(cls, 9, R_RISCV_NONE));
        expect(&e, "relocation 0 in section 5: bad symbol index");
        RESET();
        put_le(rel0 + e.g->word, e.g->word, ~(u128)0);
        expect(&e, cls == ELFCLASS32 ? "relocation 0 in section 5: bad symbol index"
                                     : "relocation 0 in section 5: bad symbol index");
        if (cls == ELFCLASS128) {
            /* A type with bits 63:8 set is merely unknown: the file opens. */
            RESET();
            put_le(rel0 + 16, 16, ((u128)6 << 64) | ((u128)1 << 40));
            struct elf_err err;
            struct elf_file *f = elf_read(img, n, 0, &err);
            CHECK(f != NULL);
            if (f) {
                struct elf_rel r;
                CHECK(elf_rel(f, SR_RELA_TEXT, 0, &r) == 0);
                CHECK_EQ_U(r.type, (u64)1 << 40);
                CHECK_EQ_U(r.sym, 6);
                CHECK(elf_reloc_name(EM_RISCV, r.type) == NULL);
                elf_close(f);
            }
        }
        /* A relocation section without a symbol table may only use symbol 0. */
        RESET();
        ed_get_sh(&e, SR_RELA_TEXT, &sh);
        sh.link = 0;
        ed_put_sh(&e, SR_RELA_TEXT, &sh);
        expect(&e, "relocation 0 in section 5: bad symbol index");
        free(img);
        free(orig);
#undef RESET
    }
}

/* SHT_SYMTAB_SHNDX: the reader resolves SHN_XINDEX through it, and checks it. */
TEST(symtab_shndx)
{
    for (int c = 0; c < 3; c++) {
        int cls = ELFCLASS32 + c;
        struct elf_ehdr proto;
        memset(&proto, 0, sizeof proto);
        proto.cls = cls;
        proto.type = ET_REL;
        proto.machine = EM_RISCV;
        struct elf_writer *w = elf_writer_new(&proto);
        struct elf_shdr sh;
        memset(&sh, 0, sizeof sh);
        sh.name = ".text"; sh.type = SHT_PROGBITS; sh.size = 4;
        elf_writer_add_section(w, &sh, "abcd");
        u8 words[12];
        memset(words, 0, sizeof words);
        put_le32(words + 4, 1);                 /* symbol 1 -> section 1 */
        memset(&sh, 0, sizeof sh);
        sh.name = ".symtab_shndx"; sh.type = SHT_SYMTAB_SHNDX; sh.link = ELF_WRITER_SYMTAB;
        sh.size = sizeof words; sh.addralign = 4;
        CHECK_EQ_U(elf_writer_add_section(w, &sh, words), 2);
        struct elf_sym s;
        memset(&s, 0, sizeof s);
        s.name = "a"; s.info = ELF_ST_INFO(STB_GLOBAL, STT_NOTYPE); s.shndx = SHN_XINDEX;
        elf_writer_add_symbol(w, &s);
        s.name = "b"; s.shndx = 1;
        elf_writer_add_symbol(w, &s);
        u8 *img;
        usize n;
        struct elf_err err;
        CHECK(elf_writer_finish(w, &img, &n, &err) == 0);
        elf_writer_free(w);
        struct elf_file *f = elf_read(img, n, 0, &err);
        CHECK(f != NULL);
        usize xoff = 0;
        if (f) {
            struct elf_sym y;
            CHECK_EQ_U(elf_shdr(f, 3)->type, SHT_SYMTAB);
            CHECK(elf_sym(f, 3, 1, &y) == 0);
            CHECK_STR(y.name, "a");
            CHECK_EQ_U(y.shndx, 1);
            CHECK(elf_sym(f, 3, 2, &y) == 0);
            CHECK_EQ_U(y.shndx, 1);
            xoff = (usize)elf_shdr(f, 2)->offset;
            elf_close(f);
        }
        struct edit e;
        ed_open(&e, img, n);
        put_le32(img + xoff + 4, 77);
        expect(&e, "symbol 1 in section 3: bad section index 77");
        put_le32(img + xoff + 4, 1);
        struct elf_shdr xs;
        ed_get_sh(&e, 2, &xs);
        xs.size = 8;
        ed_put_sh(&e, 2, &xs);
        expect(&e, "section 2: bad size for its symbol table");
        xs.size = 12;
        xs.link = 1;
        ed_put_sh(&e, 2, &xs);
        expect(&e, "section 2: bad sh_link 1");
        free(img);
    }
}

int main(void)
{
    RUN(samples_parse);
    RUN(truncated_at_every_length);
    RUN(random_corruption);
    RUN(absurd_header_values);
    RUN(absurd_tables);
    RUN(symtab_shndx);
    return check_done();
}
