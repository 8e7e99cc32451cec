/* Test driver for tests/elf/gnu_interop_test.sh, and a self-test when run without
 * arguments (as tests/runner.sh does).
 *
 *   elf_tool_test dump FILE            normalized dump (format below) of FILE, or
 *                                      "error: <reason>" and exit 1
 *   elf_tool_test write CLS KIND OUT   write a sample file: CLS 32|64|128,
 *                                      KIND rel|relrel|exec|ldobj
 *   elf_tool_test check-ld FILE        check an executable linked by GNU ld from "ldobj"
 *
 * Dump format (hex without 0x and without leading zeros, lower case):
 *   H <class> <TYPE> <machine> <flags> <entry> <phnum> <shnum> <shstrndx>
 *   P <TYPE> <offset> <vaddr> <paddr> <filesz> <memsz> <RWE flags> <align>
 *   S <idx> <name> <TYPE> <addr> <offset> <size> <entsize> <flag letters|-> <link> <info> <align>
 *   Y <table> <idx> <value> <size decimal> <TYPE> <BIND> <VIS> <UND|ABS|COM|ndx> <name>
 *   R <section> <idx> <offset> <info> <TYPE> <addend: [-]hex>
 *   D <section> <tag hex> <NAME>          (up to the first DT_NULL)
 * Symbol names of STT_SECTION symbols without a name are shown as the section's name
 * (as GNU readelf does).
 */
#include "lib/check.h"
#include "common/le.h"
#include "elf_samples.h"

static const char *hx(u128 v, char *buf)
{
    return elf_u128_hex(v, buf, 40);
}

static const char *or_num(const char *s, u32 v, char *buf)
{
    if (s)
        return s;
    snprintf(buf, 16, "%u", v);
    return buf;
}

/* A name as GNU readelf shows it: control characters as ^X. */
static const char *shown(const char *s, char *buf, usize n)
{
    usize k = 0;
    for (; *s && k + 3 < n; s++) {
        u8 c = (u8)*s;
        if (c < 0x20 || c == 0x7f) {
            buf[k++] = '^';
            buf[k++] = c == 0x7f ? '?' : (char)(c + 0x40);
        } else {
            buf[k++] = (char)c;
        }
    }
    buf[k] = 0;
    return buf;
}

static void dump(FILE *out, const struct elf_file *f)
{
    char a[40], b[40], c[40], d[40], e[40], g[40], t[40];
    const struct elf_ehdr *eh = elf_header(f);
    fprintf(out, "H %s %s %u %s %s %u %u %u\n", elf_class_name(eh->cls),
            or_num(elf_et_name(eh->type), eh->type, t), eh->machine, hx(eh->flags, a),
            hx(eh->entry, b), eh->phnum, eh->shnum, eh->shstrndx);
    for (u32 i = 0; i < elf_phnum(f); i++) {
        const struct elf_phdr *p = elf_phdr(f, i);
        char fl[8], fl2[8];
        elf_pf_string(p->flags, fl, sizeof fl);
        usize k = 0;
        for (usize j = 0; fl[j]; j++)
            if (fl[j] != ' ')
                fl2[k++] = fl[j];
        fl2[k] = 0;
        fprintf(out, "P %s %s %s %s %s %s %s %s\n", or_num(elf_pt_name(p->type), p->type, t),
                hx(p->offset, a), hx(p->vaddr, b), hx(p->paddr, c), hx(p->filesz, d),
                hx(p->memsz, e), fl2, hx(p->align, g));
    }
    for (u32 i = 1; i < elf_shnum(f); i++) {
        const struct elf_shdr *s = elf_shdr(f, i);
        char fl[40];
        elf_shf_letters(s->flags, fl, sizeof fl);
        fprintf(out, "S %u %s %s %s %s %s %s %s %u %u %s\n", i, s->name,
                or_num(elf_sht_name(s->type), s->type, t), hx(s->addr, a), hx(s->offset, b),
                hx(s->size, c), hx(s->entsize, d), fl[0] ? fl : "-", s->link, s->info,
                hx(s->addralign, e));
    }
    for (u32 i = 1; i < elf_shnum(f); i++) {
        const struct elf_shdr *s = elf_shdr(f, i);
        for (u32 k = 0; k < elf_sym_count(f, i); k++) {
            struct elf_sym y;
            elf_sym(f, i, k, &y);
            const char *name = y.name;
            if (!name[0] && ELF_ST_TYPE(y.info) == STT_SECTION && elf_shdr(f, y.shndx))
                name = elf_shdr(f, y.shndx)->name;
            char ndx[16];
            const char *nn = elf_shn_name(y.shndx);
            if (!nn) {
                snprintf(ndx, sizeof ndx, "%u", y.shndx);
                nn = ndx;
            }
            char nbuf[512];
            fprintf(out, "Y %s %u %s %s %s %s %s %s %s\n", s->name, k, hx(y.value, a),
                    elf_u128_dec(y.size, b, sizeof b),
                    or_num(elf_stt_name(ELF_ST_TYPE(y.info)), ELF_ST_TYPE(y.info), t),
                    or_num(elf_stb_name(ELF_ST_BIND(y.info)), ELF_ST_BIND(y.info), c),
                    elf_stv_name(ELF_ST_VISIBILITY(y.other)), nn, shown(name, nbuf, sizeof nbuf));
        }
        for (u32 k = 0; k < elf_rel_count(f, i); k++) {
            struct elf_rel r;
            elf_rel(f, i, k, &r);
            const char *tn = elf_reloc_name(eh->machine, r.type);
            u128 mag = r.addend < 0 ? -(u128)r.addend : (u128)r.addend;
            fprintf(out, "R %s %u %s %s %s %s%s\n", s->name, k, hx(r.offset, a), hx(r.info, b),
                    tn ? tn : "unknown", r.addend < 0 ? "-" : "", hx(mag, c));
        }
        for (u32 k = 0; k < elf_dyn_count(f, i); k++) {
            struct elf_dyn dy;
            elf_dyn(f, i, k, &dy);
            const char *dn = elf_dt_name(dy.tag);
            fprintf(out, "D %s %s %s\n", s->name, hx((u128)dy.tag, a), dn ? dn : "unknown");
            if (dy.tag == DT_NULL)
                break;
        }
    }
}

static int write_sample(const char *cls_s, const char *kind, const char *path)
{
    int cls = elf_class_from_bits((unsigned)atoi(cls_s));
    usize size = 0;
    u8 *img = NULL;
    if (!cls) {
        fprintf(stderr, "bad class %s\n", cls_s);
        return 2;
    }
    if (strcmp(kind, "rel") == 0)
        img = sample_rel(cls, &size, 0);
    else if (strcmp(kind, "relrel") == 0)
        img = sample_rel(cls, &size, SAMPLE_REL_USE_REL);
    else if (strcmp(kind, "exec") == 0)
        img = sample_exec(cls, &size);
    else if (strcmp(kind, "ldobj") == 0)
        img = sample_ldobj(cls, &size);
    if (!img) {
        fprintf(stderr, "cannot build sample %s %s\n", cls_s, kind);
        return 2;
    }
    FILE *fp = fopen(path, "wb");
    if (!fp || fwrite(img, 1, size, fp) != size || fclose(fp) != 0) {
        fprintf(stderr, "cannot write %s\n", path);
        free(img);
        return 2;
    }
    free(img);
    return 0;
}

static i64 sext64(u64 v, unsigned bits)
{
    u64 m = (u64)1 << (bits - 1);
    v &= ((u64)1 << bits) - 1;
    return (i64)((v ^ m) - m);
}

static u32 symval(const struct elf_file *f, const char *name, u128 *val)
{
    u32 st = elf_section_by_type(f, SHT_SYMTAB);
    for (u32 k = 0; k < elf_sym_count(f, st); k++) {
        struct elf_sym y;
        elf_sym(f, st, k, &y);
        if (strcmp(y.name, name) == 0) {
            *val = y.value;
            return 1;
        }
    }
    return 0;
}

/* Bytes at address `addr` of the loaded image (through the PT_LOAD segments). */
static const u8 *at_addr(const struct elf_file *f, u128 addr, usize n)
{
    for (u32 i = 0; i < elf_phnum(f); i++) {
        const struct elf_phdr *p = elf_phdr(f, i);
        if (p->type == PT_LOAD && addr >= p->vaddr && addr - p->vaddr + n <= p->filesz)
            return elf_data(f) + (usize)(p->offset + (addr - p->vaddr));
    }
    return NULL;
}

/* Verify what GNU ld made of sample_ldobj. */
static int check_ld(const char *path)
{
    struct elf_err err;
    struct elf_file *f = elf_open(path, 0, &err);
    if (!f) {
        printf("error: %s\n", err.msg);
        return 1;
    }
    int word = elf_cls(f) == ELFCLASS32 ? 4 : 8;
    u128 start, target, value;
    int ok = symval(f, "_start", &start) && symval(f, "target", &target) &&
             symval(f, "value", &value);
    const u8 *text = ok ? at_addr(f, start, 12) : NULL;
    u32 data_sec = elf_section_by_name(f, ".data");
    const u8 *data = NULL;
    if (data_sec)
        data = at_addr(f, elf_shdr(f, data_sec)->addr, (usize)word);
    if (!text || !data) {
        printf("error: symbols or sections missing\n");
        elf_close(f);
        return 1;
    }
    u32 auipc = (u32)get_le(text, 4), addi = (u32)get_le(text + 4, 4);
    u32 jal = (u32)get_le(text + 8, 4);
    i64 hi = sext64(auipc >> 12, 20) * 4096;
    i64 lo = sext64(addi >> 20, 12);
    u128 a0 = start + (u128)(hi + lo);
    u32 ji = jal;
    u64 joff = ((ji >> 31) & 1) << 20 | ((ji >> 12) & 0xff) << 12 | ((ji >> 20) & 1) << 11 |
               ((ji >> 21) & 0x3ff) << 1;
    u128 jdest = start + 8 + (u128)sext64(joff, 21);
    u128 w = get_le(data, (unsigned)word);
    int bad = 0;
    if (a0 != value) {
        printf("FAIL: auipc/addi pair does not reach `value`\n");
        bad = 1;
    }
    if (jdest != target) {
        printf("FAIL: jal does not reach `target`\n");
        bad = 1;
    }
    if (w != target + 4) {
        printf("FAIL: data word is not target + 4\n");
        bad = 1;
    }
    if (!bad)
        printf("ok\n");
    elf_close(f);
    return bad;
}

/* Self-test (no arguments): every sample dumps, and the dump names what it should. */
TEST(dump_samples)
{
    static const int classes[3] = { ELFCLASS32, ELFCLASS64, ELFCLASS128 };
    for (int i = 0; i < 3; i++) {
        for (int kind = 0; kind < 2; kind++) {
            usize size;
            u8 *img = kind ? sample_exec(classes[i], &size) : sample_rel(classes[i], &size, 0);
            CHECK(img != NULL);
            struct elf_err err;
            struct elf_file *f = img ? elf_read(img, size, 0, &err) : NULL;
            CHECK(f != NULL);
            if (f) {
                char *txt = NULL;
                usize len = 0;
                FILE *m = open_memstream(&txt, &len);
                dump(m, f);
                fclose(m);
                CHECK(strstr(txt, kind ? "P LOAD 0 " : "R .rela.text 0 4 ") != NULL);
                CHECK(strstr(txt, kind ? "Y .symtab 1 " : "Y .symtab 4 0 16 FUNC GLOBAL DEFAULT 1 main") != NULL);
                free(txt);
                elf_close(f);
            }
            free(img);
        }
    }
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "dump") == 0) {
        struct elf_err err;
        struct elf_file *f = elf_open(argv[2], 0, &err);
        if (!f) {
            printf("error: %s\n", err.msg);
            return 1;
        }
        dump(stdout, f);
        elf_close(f);
        return 0;
    }
    if (argc == 5 && strcmp(argv[1], "write") == 0)
        return write_sample(argv[2], argv[3], argv[4]);
    if (argc == 3 && strcmp(argv[1], "check-ld") == 0)
        return check_ld(argv[2]);
    if (argc != 1) {
        fprintf(stderr, "usage: %s [dump FILE | write 32|64|128 rel|relrel|exec|ldobj OUT | "
                        "check-ld FILE]\n", argv[0]);
        return 2;
    }
    RUN(dump_samples);
    return check_done();
}
