/* elf_codec.c — encode/decode one on-disk ELF structure of any class.
 *
 * The layouts are tables of byte offsets; `w` is the word size of the class (4, 8, 16)
 * used by every address/offset/size field.  ELFCLASS128 (ZettaLinux, docs/abi.md):
 *   Ehdr 96:  ident@0 type@16 machine@18 version@20 flags@24 ehsize@28 phentsize@30
 *             entry@32 phoff@48 shoff@64 phnum@80 shentsize@82 shnum@84 shstrndx@86
 *             reserved[8]@88
 *   Phdr 112: type@0 flags@4 reserved[8]@8 offset@16 vaddr@32 paddr@48 filesz@64
 *             memsz@80 align@96
 *   Shdr 112: name@0 type@4 link@8 info@12 flags@16 addr@32 offset@48 size@64
 *             addralign@80 entsize@96
 *   Sym 48:   name@0 info@4 other@5 shndx@6 reserved[8]@8 value@16 size@32
 *   Rel 32:   offset@0 info@16;  Rela 48: + addend@32 (signed);  Dyn 32: tag@0 val@16
 *   Chdr 48:  size@0 addralign@16 type@32 reserved[12]@36
 */
#include <string.h>
#include "common/le.h"
#include "elf.h"

struct ehdr_lay { u8 w, entry, phoff, shoff, flags, ehsize, phentsize, phnum, shentsize,
                  shnum, shstrndx; };
struct phdr_lay { u8 w, flags, offset, vaddr, paddr, filesz, memsz, align; };
struct shdr_lay { u8 w, flags, addr, offset, size, link, info, addralign, entsize; };
struct sym_lay  { u8 w, info, other, shndx, value, size; };

static const struct ehdr_lay ehdr_lay[3] = {
    { 4, 24, 28, 32, 36, 40, 42, 44, 46, 48, 50 },
    { 8, 24, 32, 40, 48, 52, 54, 56, 58, 60, 62 },
    { 16, 32, 48, 64, 24, 28, 30, 80, 82, 84, 86 },
};
static const struct phdr_lay phdr_lay[3] = {
    { 4, 24, 4, 8, 12, 16, 20, 28 },
    { 8, 4, 8, 16, 24, 32, 40, 48 },
    { 16, 4, 16, 32, 48, 64, 80, 96 },
};
static const struct shdr_lay shdr_lay[3] = {
    { 4, 8, 12, 16, 20, 24, 28, 32, 36 },
    { 8, 8, 16, 24, 32, 40, 44, 48, 56 },
    { 16, 16, 32, 48, 64, 8, 12, 80, 96 },
};
static const struct sym_lay sym_lay[3] = {
    { 4, 12, 13, 14, 4, 8 },
    { 8, 4, 5, 6, 8, 16 },
    { 16, 4, 5, 6, 16, 32 },
};

/* Index into the tables; callers guarantee a valid class, anything else maps to ELF64
 * so that a misuse cannot index out of bounds. */
static int ci(int cls)
{
    return elf_class_valid(cls) ? cls - ELFCLASS32 : 1;
}

static i128 sext(u128 v, unsigned w)
{
    if (w >= 16)
        return (i128)v;
    unsigned sh = 128 - 8 * w;
    return (i128)(v << sh) >> sh;
}

/* Store v in w bytes; clear *ok if it does not fit. */
static void put_u(u8 *p, unsigned w, u128 v, int *ok)
{
    if (w < 16 && (v >> (8 * w)) != 0)
        *ok = 0;
    put_le(p, w, v);
}

static void put_s(u8 *p, unsigned w, i128 v, int *ok)
{
    if (sext((u128)v, w) != v)
        *ok = 0;
    put_le(p, w, (u128)v);
}

void elf_decode_ehdr(int cls, const u8 *p, struct elf_ehdr *h)
{
    const struct ehdr_lay *l = &ehdr_lay[ci(cls)];
    memset(h, 0, sizeof *h);
    h->cls = cls;
    memcpy(h->ident, p, EI_NIDENT);
    h->type = get_le16(p + 16);
    h->machine = get_le16(p + 18);
    h->version = get_le32(p + 20);
    h->entry = get_le(p + l->entry, l->w);
    h->phoff = get_le(p + l->phoff, l->w);
    h->shoff = get_le(p + l->shoff, l->w);
    h->flags = get_le32(p + l->flags);
    h->ehsize = get_le16(p + l->ehsize);
    h->phentsize = get_le16(p + l->phentsize);
    h->phnum = get_le16(p + l->phnum);
    h->shentsize = get_le16(p + l->shentsize);
    h->shnum = get_le16(p + l->shnum);
    h->shstrndx = get_le16(p + l->shstrndx);
}

int elf_encode_ehdr(int cls, const struct elf_ehdr *h, u8 *p)
{
    const struct elf_geom *g = elf_geom(cls);
    if (!g)
        return -1;
    const struct ehdr_lay *l = &ehdr_lay[ci(cls)];
    int ok = 1;
    memset(p, 0, g->ehsize);
    memcpy(p, h->ident, EI_NIDENT);
    p[EI_MAG0] = ELFMAG0;
    p[EI_MAG1] = ELFMAG1;
    p[EI_MAG2] = ELFMAG2;
    p[EI_MAG3] = ELFMAG3;
    p[EI_CLASS] = (u8)cls;
    p[EI_DATA] = ELFDATA2LSB;
    p[EI_VERSION] = EV_CURRENT;
    put_le16(p + 16, h->type);
    put_le16(p + 18, h->machine);
    put_le32(p + 20, h->version);
    put_u(p + l->entry, l->w, h->entry, &ok);
    put_u(p + l->phoff, l->w, h->phoff, &ok);
    put_u(p + l->shoff, l->w, h->shoff, &ok);
    put_le32(p + l->flags, h->flags);
    put_le16(p + l->ehsize, h->ehsize);
    put_le16(p + l->phentsize, h->phentsize);
    put_u(p + l->phnum, 2, h->phnum, &ok);
    put_le16(p + l->shentsize, h->shentsize);
    put_u(p + l->shnum, 2, h->shnum, &ok);
    put_u(p + l->shstrndx, 2, h->shstrndx, &ok);
    return ok ? 0 : -1;
}

void elf_decode_phdr(int cls, const u8 *p, struct elf_phdr *ph)
{
    const struct phdr_lay *l = &phdr_lay[ci(cls)];
    ph->type = get_le32(p);
    ph->flags = get_le32(p + l->flags);
    ph->offset = get_le(p + l->offset, l->w);
    ph->vaddr = get_le(p + l->vaddr, l->w);
    ph->paddr = get_le(p + l->paddr, l->w);
    ph->filesz = get_le(p + l->filesz, l->w);
    ph->memsz = get_le(p + l->memsz, l->w);
    ph->align = get_le(p + l->align, l->w);
}

int elf_encode_phdr(int cls, const struct elf_phdr *ph, u8 *p)
{
    const struct elf_geom *g = elf_geom(cls);
    if (!g)
        return -1;
    const struct phdr_lay *l = &phdr_lay[ci(cls)];
    int ok = 1;
    memset(p, 0, g->phentsize);
    put_le32(p, ph->type);
    put_le32(p + l->flags, ph->flags);
    put_u(p + l->offset, l->w, ph->offset, &ok);
    put_u(p + l->vaddr, l->w, ph->vaddr, &ok);
    put_u(p + l->paddr, l->w, ph->paddr, &ok);
    put_u(p + l->filesz, l->w, ph->filesz, &ok);
    put_u(p + l->memsz, l->w, ph->memsz, &ok);
    put_u(p + l->align, l->w, ph->align, &ok);
    return ok ? 0 : -1;
}

void elf_decode_shdr(int cls, const u8 *p, struct elf_shdr *sh)
{
    const struct shdr_lay *l = &shdr_lay[ci(cls)];
    sh->name = NULL;
    sh->name_off = get_le32(p);
    sh->type = get_le32(p + 4);
    sh->flags = get_le(p + l->flags, l->w);
    sh->addr = get_le(p + l->addr, l->w);
    sh->offset = get_le(p + l->offset, l->w);
    sh->size = get_le(p + l->size, l->w);
    sh->link = get_le32(p + l->link);
    sh->info = get_le32(p + l->info);
    sh->addralign = get_le(p + l->addralign, l->w);
    sh->entsize = get_le(p + l->entsize, l->w);
}

int elf_encode_shdr(int cls, const struct elf_shdr *sh, u8 *p)
{
    const struct elf_geom *g = elf_geom(cls);
    if (!g)
        return -1;
    const struct shdr_lay *l = &shdr_lay[ci(cls)];
    int ok = 1;
    memset(p, 0, g->shentsize);
    put_le32(p, sh->name_off);
    put_le32(p + 4, sh->type);
    put_u(p + l->flags, l->w, sh->flags, &ok);
    put_u(p + l->addr, l->w, sh->addr, &ok);
    put_u(p + l->offset, l->w, sh->offset, &ok);
    put_u(p + l->size, l->w, sh->size, &ok);
    put_le32(p + l->link, sh->link);
    put_le32(p + l->info, sh->info);
    put_u(p + l->addralign, l->w, sh->addralign, &ok);
    put_u(p + l->entsize, l->w, sh->entsize, &ok);
    return ok ? 0 : -1;
}

void elf_decode_sym(int cls, const u8 *p, struct elf_sym *s)
{
    const struct sym_lay *l = &sym_lay[ci(cls)];
    s->name = NULL;
    s->name_off = get_le32(p);
    s->info = p[l->info];
    s->other = p[l->other];
    s->shndx = get_le16(p + l->shndx);
    s->value = get_le(p + l->value, l->w);
    s->size = get_le(p + l->size, l->w);
}

int elf_encode_sym(int cls, const struct elf_sym *s, u8 *p)
{
    const struct elf_geom *g = elf_geom(cls);
    if (!g)
        return -1;
    const struct sym_lay *l = &sym_lay[ci(cls)];
    int ok = 1;
    memset(p, 0, g->symsize);
    put_le32(p, s->name_off);
    p[l->info] = s->info;
    p[l->other] = s->other;
    put_u(p + l->shndx, 2, s->shndx, &ok);
    put_u(p + l->value, l->w, s->value, &ok);
    put_u(p + l->size, l->w, s->size, &ok);
    return ok ? 0 : -1;
}

void elf_decode_rel(int cls, const u8 *p, int rela, struct elf_rel *r)
{
    unsigned w = ehdr_lay[ci(cls)].w;
    r->offset = get_le(p, w);
    r->info = get_le(p + w, w);
    r->sym = (u32)elf_r_sym(cls, r->info);
    r->type = elf_r_type(cls, r->info);
    r->addend = rela ? sext(get_le(p + 2 * w, w), w) : 0;
    r->has_addend = rela != 0;
}

int elf_encode_rel(int cls, const struct elf_rel *r, int rela, u8 *p)
{
    const struct elf_geom *g = elf_geom(cls);
    if (!g)
        return -1;
    unsigned w = g->word;
    int ok = elf_r_info_fits(cls, r->sym, r->type);
    memset(p, 0, rela ? g->relasize : g->relsize);
    put_u(p, w, r->offset, &ok);
    put_u(p + w, w, elf_r_info(cls, r->sym, r->type), &ok);
    if (rela)
        put_s(p + 2 * w, w, r->addend, &ok);
    else if (r->addend != 0)
        ok = 0;
    return ok ? 0 : -1;
}

void elf_decode_dyn(int cls, const u8 *p, struct elf_dyn *d)
{
    unsigned w = ehdr_lay[ci(cls)].w;
    d->tag = sext(get_le(p, w), w);
    d->val = get_le(p + w, w);
}

int elf_encode_dyn(int cls, const struct elf_dyn *d, u8 *p)
{
    const struct elf_geom *g = elf_geom(cls);
    if (!g)
        return -1;
    int ok = 1;
    put_s(p, g->word, d->tag, &ok);
    put_u(p + g->word, g->word, d->val, &ok);
    return ok ? 0 : -1;
}

/* Chdr: ELF32 type@0 size@4 addralign@8; ELF64 type@0 reserved@4 size@8 addralign@16;
 * ELF128 size@0 addralign@16 type@32 reserved@36. */
void elf_decode_chdr(int cls, const u8 *p, struct elf_chdr *c)
{
    unsigned w = ehdr_lay[ci(cls)].w;
    if (w == 16) {
        c->size = get_le128(p);
        c->addralign = get_le128(p + 16);
        c->type = get_le32(p + 32);
    } else {
        c->type = get_le32(p);
        c->size = get_le(p + w, w);
        c->addralign = get_le(p + 2 * w, w);
    }
}

int elf_encode_chdr(int cls, const struct elf_chdr *c, u8 *p)
{
    const struct elf_geom *g = elf_geom(cls);
    if (!g)
        return -1;
    unsigned w = g->word;
    int ok = 1;
    memset(p, 0, g->chdrsize);
    if (w == 16) {
        put_le128(p, c->size);
        put_le128(p + 16, c->addralign);
        put_le32(p + 32, c->type);
    } else {
        put_le32(p, c->type);
        put_u(p + w, w, c->size, &ok);
        put_u(p + 2 * w, w, c->addralign, &ok);
    }
    return ok ? 0 : -1;
}
