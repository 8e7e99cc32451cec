/* tests/ld/obj128.h — a tiny object-file builder for linker tests: sections, labels,
 * symbols and relocations by name, written with the src/elf writer in any class
 * (ELFCLASS128 objects before zl-as exists).  Instructions come from tests/lib/enc.h.
 *
 *   struct ob b; ob_init(&b, ELFCLASS128);
 *   int text = ob_sec(&b, ".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 4);
 *   ob_global(&b, "_start", text, STT_FUNC);          // label at the current offset
 *   ob_rel(&b, text, R_RISCV_CALL_PLT, "print", 0);   // at the current offset
 *   ob_ins(&b, text, enc(128, "auipc", RA, 0, 0, 0)); ...
 *   ob_write(&b, "a.o");
 */
#ifndef ZL_TESTS_LD_OBJ128_H
#define ZL_TESTS_LD_OBJ128_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elf/elf.h"
#include "common/le.h"

#define OB_MAXSEC 12
#define OB_MAXSYM 128
#define OB_MAXREL 160

struct ob_rel {
    u32 off;
    u32 type;
    char sym[48];
    i128 addend;
};

struct ob_sec {
    const char *name;
    u32 type;
    u64 flags;
    u32 align;
    u8 buf[16384];
    u32 n;
    struct ob_rel rel[OB_MAXREL];
    u32 nrel;
    u32 idx;                 /* section index in the file */
};

struct ob_sym {
    char name[48];
    int sec;                 /* index into secs, -1 undefined, -2 absolute, -3 common */
    u32 value;
    u8 bind, type;
    u32 size;
};

struct ob {
    int cls;
    u32 flags;
    struct ob_sec sec[OB_MAXSEC];
    int nsec;
    struct ob_sym sym[OB_MAXSYM];
    int nsym;
    int nlabel;
    const char *arch;        /* Tag_RISCV_arch, NULL: no .riscv.attributes */
};

static inline void ob_fail(const char *what)
{
    fprintf(stderr, "obj128: %s\n", what);
    abort();
}

static inline void ob_init(struct ob *b, int cls)
{
    memset(b, 0, sizeof *b);
    b->cls = cls;
    b->flags = EF_RISCV_RVC | EF_RISCV_FLOAT_ABI_DOUBLE;
}

static inline int ob_sec(struct ob *b, const char *name, u32 type, u64 flags, u32 align)
{
    if (b->nsec >= OB_MAXSEC)
        ob_fail("too many sections");
    struct ob_sec *s = &b->sec[b->nsec];
    memset(s, 0, sizeof *s);
    s->name = name;
    s->type = type;
    s->flags = flags;
    s->align = align;
    return b->nsec++;
}

static inline void ob_bytes(struct ob *b, int sec, const void *p, u32 n)
{
    struct ob_sec *s = &b->sec[sec];
    if (s->n + n > sizeof s->buf)
        ob_fail("section full");
    if (p)
        memcpy(s->buf + s->n, p, n);
    else
        memset(s->buf + s->n, 0, n);
    s->n += n;
}

static inline void ob_ins(struct ob *b, int sec, u32 w)
{
    u8 t[4];
    put_le32(t, w);
    ob_bytes(b, sec, t, 4);
}

static inline void ob_ins16(struct ob *b, int sec, u16 h)
{
    u8 t[2];
    put_le16(t, h);
    ob_bytes(b, sec, t, 2);
}

static inline u32 ob_here(struct ob *b, int sec)
{
    return b->sec[sec].n;
}

static inline void ob_symbol(struct ob *b, const char *name, int sec, u32 value, u8 bind,
                             u8 type, u32 size)
{
    if (b->nsym >= OB_MAXSYM)
        ob_fail("too many symbols");
    struct ob_sym *y = &b->sym[b->nsym++];
    usize n = strlen(name);
    if (n >= sizeof y->name)
        ob_fail("symbol name too long");
    memmove(y->name, name, n + 1);
    y->sec = sec;
    y->value = value;
    y->bind = bind;
    y->type = type;
    y->size = size;
}

static inline void ob_local(struct ob *b, const char *name, int sec)
{
    ob_symbol(b, name, sec, ob_here(b, sec), STB_LOCAL, STT_NOTYPE, 0);
}

static inline void ob_global(struct ob *b, const char *name, int sec, u8 type)
{
    ob_symbol(b, name, sec, ob_here(b, sec), STB_GLOBAL, type, 0);
}

/* A fresh local label at the current offset; its name is written to out[16]. */
static inline const char *ob_label(struct ob *b, int sec, char *out)
{
    snprintf(out, 16, ".Lt%d", b->nlabel++);
    ob_local(b, out, sec);
    return out;
}

static inline void ob_rel_at(struct ob *b, int sec, u32 off, u32 type, const char *sym,
                             i128 addend)
{
    struct ob_sec *s = &b->sec[sec];
    if (s->nrel >= OB_MAXREL)
        ob_fail("too many relocations");
    struct ob_rel *r = &s->rel[s->nrel++];
    r->off = off;
    r->type = type;
    snprintf(r->sym, sizeof r->sym, "%s", sym ? sym : "");
    r->addend = addend;
}

static inline void ob_rel(struct ob *b, int sec, u32 type, const char *sym, i128 addend)
{
    ob_rel_at(b, sec, ob_here(b, sec), type, sym, addend);
}

static inline u32 ob_symidx(struct ob *b, const u32 *map, const char *name)
{
    if (!name[0])
        return 0;
    for (int i = 0; i < b->nsym; i++)
        if (!strcmp(b->sym[i].name, name))
            return map[i];
    /* an undefined global, created on first use */
    ob_symbol(b, name, -1, 0, STB_GLOBAL, STT_NOTYPE, 0);
    return (u32)-1;
}

static inline int ob_write(struct ob *b, const char *path)
{
    /* undefined symbols named only by relocations */
    for (int i = 0; i < b->nsec; i++)
        for (u32 k = 0; k < b->sec[i].nrel; k++) {
            const char *n = b->sec[i].rel[k].sym;
            int found = !n[0];
            for (int j = 0; j < b->nsym && !found; j++)
                found = !strcmp(b->sym[j].name, n);
            if (!found)
                ob_symbol(b, n, -1, 0, STB_GLOBAL, STT_NOTYPE, 0);
        }
    struct elf_ehdr proto;
    memset(&proto, 0, sizeof proto);
    proto.cls = b->cls;
    proto.type = ET_REL;
    proto.machine = EM_RISCV;
    proto.flags = b->flags;
    struct elf_writer *w = elf_writer_new(&proto);
    if (!w)
        return -1;
    for (int i = 0; i < b->nsec; i++) {
        struct ob_sec *s = &b->sec[i];
        struct elf_shdr sh;
        memset(&sh, 0, sizeof sh);
        sh.name = s->name;
        sh.type = s->type;
        sh.flags = s->flags;
        sh.size = s->n;
        sh.addralign = s->align;
        s->idx = elf_writer_add_section(w, &sh, s->type == SHT_NOBITS ? NULL : s->buf);
    }
    if (b->arch) {
        u8 a[256];
        usize n = strlen(b->arch) + 1;
        usize sub = 1 + 4 + 2 + 1 + n;         /* tag, len, stack_align 16, arch */
        a[0] = 'A';
        put_le32(a + 1, (u32)(4 + 6 + sub));
        memcpy(a + 5, "riscv", 6);
        a[11] = 1;
        put_le32(a + 12, (u32)sub);
        a[16] = 4;
        a[17] = 16;
        a[18] = 5;
        memcpy(a + 19, b->arch, n);
        struct elf_shdr sh;
        memset(&sh, 0, sizeof sh);
        sh.name = ".riscv.attributes";
        sh.type = SHT_RISCV_ATTRIBUTES;
        sh.size = 11 + sub;
        sh.addralign = 1;
        elf_writer_add_section(w, &sh, a);
    }
    /* symbols: locals first */
    u32 map[OB_MAXSYM];
    u32 next = 1;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < b->nsym; i++) {
            struct ob_sym *y = &b->sym[i];
            if ((y->bind == STB_LOCAL) != (pass == 0))
                continue;
            struct elf_sym es;
            memset(&es, 0, sizeof es);
            es.name = y->name;
            es.info = ELF_ST_INFO(y->bind, y->type);
            es.shndx = y->sec >= 0    ? b->sec[y->sec].idx
                       : y->sec == -2 ? SHN_ABS
                       : y->sec == -3 ? SHN_COMMON
                                      : SHN_UNDEF;
            es.value = y->value;
            es.size = y->size;
            map[i] = elf_writer_add_symbol(w, &es);
            (void)next;
        }
    for (int i = 0; i < b->nsec; i++) {
        struct ob_sec *s = &b->sec[i];
        if (!s->nrel)
            continue;
        struct elf_rel rels[OB_MAXREL];
        for (u32 k = 0; k < s->nrel; k++) {
            memset(&rels[k], 0, sizeof rels[k]);
            rels[k].offset = s->rel[k].off;
            rels[k].type = s->rel[k].type;
            rels[k].sym = ob_symidx(b, map, s->rel[k].sym);
            rels[k].addend = s->rel[k].addend;
        }
        elf_writer_add_relocs(w, NULL, s->idx, 1, rels, s->nrel);
    }
    FILE *fp = fopen(path, "wb");
    struct elf_err err;
    int rc = fp ? elf_writer_write(w, fp, &err) : -1;
    if (fp && fclose(fp))
        rc = -1;
    if (rc)
        fprintf(stderr, "obj128: %s: %s\n", path, fp ? err.msg : "cannot create");
    elf_writer_free(w);
    return rc;
}

#endif
