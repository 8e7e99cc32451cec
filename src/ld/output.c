/* output.c — section contents (copy, ALIGN nops, relocation), linker-made sections
 * (GOT, .rela.dyn, .dynamic, build-id), the symbol table, and the ELF image, encoded with
 * the src/elf codec for any class.  The image is written to a temporary file in the
 * output's directory and renamed over the output only when complete. */
#include <stdlib.h>
#include <string.h>
#include "ld.h"
#include "common/le.h"
#include "common/outfile.h"
#include "isa/isa.h"

#define NT_GNU_BUILD_ID 3
#define DF_TEXTREL 0x4
#define DF_1_PIE 0x08000000

/* ---------------------------------------------------------------------------------- */
/* Contents                                                                           */
/* ---------------------------------------------------------------------------------- */

/* Alignment padding in code: c.nop for an odd halfword, then nops (addi x0, x0, 0), both
 * encoded by the instruction table. */
static void fill_nops(u8 *p, u128 len)
{
    static u32 nop, c_nop;
    if (!nop) {
        struct isa_inst zero = { .imm = 0 };
        isa_encode_op(ISA_ADDI, 64, &zero, &nop);
        isa_encode(isa_line_named("c.nop", 64), 64, &zero, &c_nop);
    }
    u128 i = 0;
    if (len % 4 == 2) {
        put_le16(p, (u16)c_nop);
        i = 2;
    }
    for (; i + 4 <= len; i += 4)
        put_le32(p + (usize)i, nop);
}

static void copy_isec(struct ld *L, struct isec *s, u8 *buf)
{
    if (s->data) {
        if (!s->pieces) {
            memcpy(buf, s->data, (usize)s->size);
        } else {
            for (u32 i = 0; i < s->npieces; i++) {
                const struct piece *p = &s->pieces[i];
                if (p->len)
                    memcpy(buf + (usize)p->new_, s->data + (usize)p->old, (usize)p->len);
            }
        }
        for (u32 i = 0; i < s->nnops; i++)
            fill_nops(buf + (usize)s->nops[i].off, s->nops[i].len);
        if (s->is_ehframe)
            eh_fix(s, buf);
    }
    ld_apply_relocs(L, s, buf);
}

static void fill_got(struct ld *L)
{
    struct osec *o = L->got;
    u8 *base = o->data + (usize)L->got_input;
    unsigned w = L->word;
    /* slot 0: the link-time address of _DYNAMIC (0 without one) */
    put_le(base, w, L->dynamic ? L->dynamic->addr : 0);
    for (u32 i = 0; i < L->got_syms.n; i++) {
        struct sym *g = L->got_syms.v[i];
        if (g->needs_got) {
            u128 a = ld_sym_addr(L, g);
            u128 at = ld_got_addr(L, g->got);
            if (g->type == STT_TLS)
                ld_error(L, "GOT_HI20 against thread-local symbol `%s'", ld_sym_name(g));
            put_le(o->data + (usize)(at - o->addr), w, a);
            if (L->opt.pie && !ld_sym_is_abs(g))
                ld_add_dynrel(L, at, R_RISCV_RELATIVE, (i128)a);
            g->needs_got = 2;        /* filled (a symbol can be in the list twice) */
        }
        if (g->needs_ie == 1) {
            u128 at = ld_got_addr(L, g->ie);
            /* an undefined weak TLS symbol gets 0 (its accesses are guarded) */
            put_le(o->data + (usize)(at - o->addr), w,
                   g->kind == SYM_UNDEF ? 0 : ld_sym_addr(L, g) - L->tls_start);
            g->needs_ie = 2;
        }
        if (g->needs_gd == 1) {
            u128 at = ld_got_addr(L, g->gd);
            int undef = g->kind == SYM_UNDEF;
            put_le(o->data + (usize)(at - o->addr), w, undef ? 0 : 1);
            put_le(o->data + (usize)(at - o->addr) + w, w,
                   undef ? 0 : ld_sym_addr(L, g) - L->tls_start - 0x800);
            g->needs_gd = 2;
        }
    }
}

static void add_dyn(struct ld *L, u8 **p, i128 tag, u128 val)
{
    struct elf_dyn d = { tag, val };
    elf_encode_dyn(L->cls, &d, *p);
    *p += elf_geom(L->cls)->dynsize;
}

static void fill_dynamic(struct ld *L)
{
    const struct elf_geom *g = elf_geom(L->cls);
    u8 *p = L->dynamic->data, *end = p + (usize)L->dynamic->size;
    if (L->rela_dyn) {
        add_dyn(L, &p, DT_RELA, L->rela_dyn->addr);
        add_dyn(L, &p, DT_RELASZ, L->rela_dyn->size);
        add_dyn(L, &p, DT_RELAENT, g->relasize);
        add_dyn(L, &p, DT_RELACOUNT, L->nrela);
    }
    add_dyn(L, &p, DT_SYMTAB, L->dynsym->addr);
    add_dyn(L, &p, DT_SYMENT, g->symsize);
    add_dyn(L, &p, DT_STRTAB, L->dynstr->addr);
    add_dyn(L, &p, DT_STRSZ, L->dynstr->size);
    add_dyn(L, &p, DT_DEBUG, 0);
    if (L->textrel) {
        add_dyn(L, &p, DT_TEXTREL, 0);
        add_dyn(L, &p, DT_FLAGS, DF_TEXTREL);
    }
    add_dyn(L, &p, DT_FLAGS_1, DF_1_PIE);
    while (p < end)
        add_dyn(L, &p, DT_NULL, 0);
}

static int dynrel_cmp(const void *a, const void *b)
{
    const struct rel_out *x = a, *y = b;
    return x->off < y->off ? -1 : x->off > y->off;
}

static void fill_rela_dyn(struct ld *L)
{
    if (L->ndynrels != L->nrela)
        ld_fatal(L, "internal error: %u dynamic relocations counted, %u made", L->nrela,
                 L->ndynrels);
    if (L->ndynrels > 1)
        qsort(L->dynrels, L->ndynrels, sizeof *L->dynrels, dynrel_cmp);     /* by offset */
    if (!L->rela_dyn)
        return;
    unsigned esz = elf_geom(L->cls)->relasize;
    for (u32 i = 0; i < L->ndynrels; i++) {
        struct elf_rel er;
        memset(&er, 0, sizeof er);
        er.offset = L->dynrels[i].off;
        er.type = L->dynrels[i].type;
        er.sym = 0;
        er.addend = L->dynrels[i].addend;
        if (elf_encode_rel(L->cls, &er, 1, L->rela_dyn->data + (usize)i * esz) != 0)
            ld_fatal(L, "dynamic relocation does not fit the ELF class");
    }
}

static u128 max_output(const struct ld *L)
{
    return L->opt.max_output ? L->opt.max_output : (u128)1 << 32;
}

void ld_build_contents(struct ld *L)
{
    /* (checked section by section: an ELF128 input's sizes reach 2^128, whose sum wraps) */
    u128 total = 0;
    for (u32 i = 0; i < L->osecs.n; i++) {
        struct osec *o = L->osecs.v[i];
        if (o->type == SHT_NOBITS || !(o->in.n || o->synth))
            continue;
        if (o->size > max_output(L) - total)
            ld_fatal(L, "the output would hold more than %s bytes of section contents (section "
                        "%s: %s bytes); zl-ld writes files of at most %s bytes",
                     ld_dec(L, (i128)total), o->name, ld_hex(L, o->size, 0),
                     ld_dec(L, (i128)max_output(L)));
        total += o->size;
    }
    if (L->nrela)
        L->dynrels = ld_alloc_array(L, L->nrela, sizeof *L->dynrels);
    for (u32 i = 0; i < L->osecs.n; i++) {
        struct osec *o = L->osecs.v[i];
        if (o->type == SHT_NOBITS || !o->size || o->synth == SYN_COMMENT)
            continue;
        o->data = ld_alloc(L, (usize)o->size);
        for (u32 k = 0; k < o->in.n; k++) {
            struct isec *s = o->in.v[k];
            if (s->type == SHT_NOBITS)
                continue;
            copy_isec(L, s, o->data + (usize)s->off);
        }
    }
    /* NOBITS output sections still need relocation checks of nothing; their inputs have
     * no contents.  Linker-made sections: */
    if (L->got)
        fill_got(L);
    if (L->dynstr)
        L->dynstr->data[0] = 0;
    if (L->dynamic)
        fill_dynamic(L);
    fill_rela_dyn(L);
    if (L->attrs)
        memcpy(L->attrs->data, L->attrs_data, L->attrs_size);
    if (L->eh_frame_hdr)
        eh_build_hdr(L);
    if (L->build_id) {
        u8 *p = L->build_id->data;
        put_le32(p, 4);
        put_le32(p + 4, L->build_id_len);
        put_le32(p + 8, NT_GNU_BUILD_ID);
        memcpy(p + 12, "GNU", 4);
    }
}

/* ---------------------------------------------------------------------------------- */
/* Build ID hashes                                                                    */
/* ---------------------------------------------------------------------------------- */

static u32 rol(u32 x, int n)
{
    return (x << n) | (x >> (32 - n));
}

static void sha1(const u8 *data, usize n, u8 out[20])
{
    u32 h[5] = { 0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u, 0xc3d2e1f0u };
    u64 bits = (u64)n * 8;
    usize total = ((n + 8) / 64 + 1) * 64;
    for (usize off = 0; off < total; off += 64) {
        u8 blk[64];
        for (usize i = 0; i < 64; i++) {
            usize k = off + i;
            if (k < n)
                blk[i] = data[k];
            else if (k == n)
                blk[i] = 0x80;
            else if (k >= total - 8)
                blk[i] = (u8)(bits >> (8 * (total - 1 - k)));
            else
                blk[i] = 0;
        }
        u32 w[80];
        for (int i = 0; i < 16; i++)
            w[i] = (u32)blk[4 * i] << 24 | (u32)blk[4 * i + 1] << 16 |
                   (u32)blk[4 * i + 2] << 8 | blk[4 * i + 3];
        for (int i = 16; i < 80; i++)
            w[i] = rol(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
        u32 a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
        for (int i = 0; i < 80; i++) {
            u32 f, k;
            if (i < 20) {
                f = (b & c) | (~b & d);
                k = 0x5a827999u;
            } else if (i < 40) {
                f = b ^ c ^ d;
                k = 0x6ed9eba1u;
            } else if (i < 60) {
                f = (b & c) | (b & d) | (c & d);
                k = 0x8f1bbcdcu;
            } else {
                f = b ^ c ^ d;
                k = 0xca62c1d6u;
            }
            u32 t = rol(a, 5) + f + e + k + w[i];
            e = d;
            d = c;
            c = rol(b, 30);
            b = a;
            a = t;
        }
        h[0] += a;
        h[1] += b;
        h[2] += c;
        h[3] += d;
        h[4] += e;
    }
    for (int i = 0; i < 5; i++) {
        out[4 * i] = (u8)(h[i] >> 24);
        out[4 * i + 1] = (u8)(h[i] >> 16);
        out[4 * i + 2] = (u8)(h[i] >> 8);
        out[4 * i + 3] = (u8)h[i];
    }
}

static void md5(const u8 *data, usize n, u8 out[16])
{
    static const u32 K[64] = {
        0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613,
        0xfd469501, 0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193,
        0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d,
        0x02441453, 0xd8a1e681, 0xe7d3fbc8, 0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed,
        0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122,
        0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa,
        0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665, 0xf4292244,
        0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
        0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb,
        0xeb86d391,
    };
    static const int R[64] = { 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                               5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20,
                               4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                               6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21 };
    u32 h[4] = { 0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u };
    u64 bits = (u64)n * 8;
    usize total = ((n + 8) / 64 + 1) * 64;
    for (usize off = 0; off < total; off += 64) {
        u8 blk[64];
        for (usize i = 0; i < 64; i++) {
            usize k = off + i;
            if (k < n)
                blk[i] = data[k];
            else if (k == n)
                blk[i] = 0x80;
            else if (k >= total - 8)
                blk[i] = (u8)(bits >> (8 * (k - (total - 8))));
            else
                blk[i] = 0;
        }
        u32 m[16];
        for (int i = 0; i < 16; i++)
            m[i] = get_le32(blk + 4 * i);
        u32 a = h[0], b = h[1], c = h[2], d = h[3];
        for (int i = 0; i < 64; i++) {
            u32 f;
            int gi;
            if (i < 16) {
                f = (b & c) | (~b & d);
                gi = i;
            } else if (i < 32) {
                f = (d & b) | (~d & c);
                gi = (5 * i + 1) % 16;
            } else if (i < 48) {
                f = b ^ c ^ d;
                gi = (3 * i + 5) % 16;
            } else {
                f = c ^ (b | ~d);
                gi = (7 * i) % 16;
            }
            u32 t = d;
            d = c;
            c = b;
            b = b + rol(a + f + K[i] + m[gi], R[i]);
            a = t;
        }
        h[0] += a;
        h[1] += b;
        h[2] += c;
        h[3] += d;
    }
    for (int i = 0; i < 4; i++)
        put_le32(out + 4 * i, h[i]);
}

static void set_build_id(struct ld *L, u8 *img, usize size)
{
    u8 *desc = img + (usize)L->build_id->off + 16;
    u32 n = L->build_id_len;
    u8 buf[64];
    switch (L->opt.build_id) {
    case BUILD_ID_SHA1: sha1(img, size, buf); break;
    case BUILD_ID_MD5: md5(img, size, buf); break;
    case BUILD_ID_UUID: {
        FILE *fp = fopen("/dev/urandom", "rb");
        if (!fp || fread(buf, 1, 16, fp) != 16) {
            if (fp)
                fclose(fp);
            ld_fatal(L, "--build-id=uuid: cannot read /dev/urandom");
        }
        fclose(fp);
        buf[6] = (u8)((buf[6] & 0x0f) | 0x40);
        buf[8] = (u8)((buf[8] & 0x3f) | 0x80);
        break;
    }
    default: memcpy(buf, L->opt.build_id_hex, n); break;
    }
    memcpy(desc, buf, n);
}

/* ---------------------------------------------------------------------------------- */
/* Symbol table                                                                       */
/* ---------------------------------------------------------------------------------- */

struct symout {
    struct vec syms;         /* struct elf_sym * */
    u32 nlocal;
};

static void push_sym(struct ld *L, struct symout *so, const char *name, u8 info, u8 other,
                     u32 shndx, u128 value, u128 size)
{
    struct elf_sym *e = ld_alloc(L, sizeof *e);
    e->name = name;
    e->info = info;
    e->other = other;
    e->shndx = shndx;
    e->value = value;
    e->size = size;
    vec_push(L, &so->syms, e);
}

/* Output value, section index and size of a symbol; 0 if it is not emitted. */
static int sym_out(struct ld *L, const struct sym *g, u32 *shndx, u128 *value, u128 *size)
{
    *size = g->size;
    switch (g->kind) {
    case SYM_DEFINED:
        if (g->in_discarded)
            return 0;
        if (!g->sec) {
            *shndx = SHN_ABS;
            *value = g->value;
            return 1;
        }
        if (!g->sec->out || !g->sec->out->shndx)
            return 0;
        *shndx = g->sec->out->shndx;
        *value = ld_sym_addr(L, g);
        if (g->sec->pieces && g->type != STT_SECTION) {
            u128 a = ld_map_off(g->sec, g->value);
            *size = ld_map_off(g->sec, g->value + g->size) - a;
        }
        if (g->type == STT_TLS && L->have_tls)
            *value -= L->tls_start;
        return 1;
    case SYM_LINKER:
        if (!g->wanted)
            return 0;
        *value = ld_sym_addr(L, g);
        *shndx = g->osec && g->osec->shndx ? g->osec->shndx : SHN_ABS;
        *size = 0;
        return 1;
    case SYM_UNDEF:
        if (g->is_local)
            return 0;
        *shndx = SHN_UNDEF;
        *value = 0;
        *size = 0;
        return 1;
    default:
        return 0;
    }
}

static void build_symtab(struct ld *L, struct symout *so)
{
    push_sym(L, so, "", 0, 0, 0, 0, 0);
    for (u32 i = 0; i < L->osecs.n; i++) {
        struct osec *o = L->osecs.v[i];
        if (o->shndx)
            push_sym(L, so, "", ELF_ST_INFO(STB_LOCAL, STT_SECTION), 0, o->shndx, o->addr, 0);
    }
    /* locals, object by object (command-line order) */
    u32 nobj = L->objs.n;
    struct obj **objs = ld_alloc_array(L, nobj ? nobj : 1, sizeof *objs);
    for (u32 i = 0; i < nobj; i++)
        objs[i] = L->objs.v[i];
    for (u32 i = 1; i < nobj; i++) {
        struct obj *x = objs[i];
        u32 j = i;
        while (j > 0 && objs[j - 1]->order > x->order) {
            objs[j] = objs[j - 1];
            j--;
        }
        objs[j] = x;
    }
    if (!L->opt.discard_all) {
        for (u32 i = 0; i < nobj; i++) {
            struct obj *o = objs[i];
            int have_file = 0, file_pushed = 0;
            for (u32 k = 1; k < o->nsym; k++)
                if (o->syms[k] && o->syms[k]->is_local && o->syms[k]->type == STT_FILE)
                    have_file = 1;
            for (u32 k = 1; k < o->nsym; k++) {
                struct sym *g = o->syms[k];
                if (!g || !g->is_local || g->type == STT_SECTION)
                    continue;
                if (g->type == STT_FILE) {
                    push_sym(L, so, g->name, ELF_ST_INFO(STB_LOCAL, STT_FILE), 0, SHN_ABS, 0,
                             0);
                    continue;
                }
                if (!g->name[0] || !strncmp(g->name, ".L", 2))
                    continue;
                u32 shndx;
                u128 v, sz;
                if (!sym_out(L, g, &shndx, &v, &sz))
                    continue;
                if (!have_file && !file_pushed) {
                    push_sym(L, so, o->file_name, ELF_ST_INFO(STB_LOCAL, STT_FILE), 0,
                             SHN_ABS, 0, 0);
                    file_pushed = 1;
                }
                push_sym(L, so, g->name, ELF_ST_INFO(STB_LOCAL, g->type), g->other, shndx, v,
                         sz);
            }
        }
    }
    /* linker-made hidden symbols are local, as GNU ld's PROVIDE_HIDDEN ones */
    for (u32 i = 0; i < L->global_list.n; i++) {
        struct sym *g = L->global_list.v[i];
        if (g->kind != SYM_LINKER || ELF_ST_VISIBILITY(g->other) != STV_HIDDEN)
            continue;
        u32 shndx;
        u128 v, sz;
        if (sym_out(L, g, &shndx, &v, &sz)) {
            push_sym(L, so, g->name, ELF_ST_INFO(STB_LOCAL, STT_NOTYPE), STV_DEFAULT, shndx, v,
                     sz);
            g->in_symtab = 1;
        }
    }
    so->nlocal = so->syms.n;
    for (u32 i = 0; i < L->global_list.n; i++) {
        struct sym *g = L->global_list.v[i];
        if (g->in_symtab)
            continue;
        u32 shndx;
        u128 v, sz;
        if (g->kind == SYM_UNDEF && !g->file)
            continue;                /* only named by -u / -e */
        if (!sym_out(L, g, &shndx, &v, &sz))
            continue;
        u8 bind = g->bind == STB_WEAK || (g->kind == SYM_UNDEF) ? STB_WEAK : STB_GLOBAL;
        push_sym(L, so, g->name, ELF_ST_INFO(bind, g->type), g->other, shndx, v, sz);
    }
}

/* ---------------------------------------------------------------------------------- */
/* Image                                                                              */
/* ---------------------------------------------------------------------------------- */

static int emitted(const struct osec *o)
{
    return o->in.n > 0 || (o->synth && o->size > 0);
}

static struct elf_phdr *ph_new(struct ld *L, struct vec *v, u32 type, u32 flags)
{
    struct elf_phdr *p = ld_alloc(L, sizeof *p);
    p->type = type;
    p->flags = flags;
    vec_push(L, v, p);
    return p;
}

static void ph_cover(struct elf_phdr *p, const struct osec *first, u128 end_addr,
                     u128 file_end, u128 align)
{
    p->offset = first->off;
    p->vaddr = p->paddr = first->addr;
    p->memsz = end_addr - first->addr;
    p->filesz = file_end - first->off;
    p->align = align;
}

static void program_headers(struct ld *L, struct vec *phs)
{
    const struct elf_geom *g = elf_geom(L->cls);
    if (L->opt.pie) {
        struct elf_phdr *p = ph_new(L, phs, PT_PHDR, PF_R);
        p->offset = g->ehsize;
        p->vaddr = p->paddr = L->base + g->ehsize;
        p->filesz = p->memsz = (u128)L->nphdr * g->phentsize;
        p->align = L->word;
    }
    if (L->attrs) {
        struct elf_phdr *p = ph_new(L, phs, PT_RISCV_ATTRIBUTES, PF_R);
        p->offset = L->attrs->off;
        p->filesz = L->attrs->size;
        p->align = 1;
    }
    for (u32 i = 0; i < L->nloads; i++)
        vec_push(L, phs, L->loads[i]);
    if (L->dynamic) {
        struct elf_phdr *p = ph_new(L, phs, PT_DYNAMIC, PF_R | PF_W);
        ph_cover(p, L->dynamic, L->dynamic->addr + L->dynamic->size,
                 L->dynamic->off + L->dynamic->size, L->word);
    }
    struct osec *nfirst = NULL, *nlast = NULL;
    u128 nalign = 1;
    for (u32 i = 0; i < L->osecs.n; i++) {
        struct osec *o = L->osecs.v[i];
        if (!emitted(o) || o->type != SHT_NOTE || !(o->flags & SHF_ALLOC))
            continue;
        if (!nfirst)
            nfirst = o;
        nlast = o;
        if (o->align > nalign)
            nalign = o->align;
    }
    if (nfirst) {
        struct elf_phdr *p = ph_new(L, phs, PT_NOTE, PF_R);
        ph_cover(p, nfirst, nlast->addr + nlast->size, nlast->off + nlast->size, nalign);
    }
    if (L->have_tls) {
        struct osec *first = NULL;
        for (u32 i = 0; i < L->osecs.n && !first; i++) {
            struct osec *o = L->osecs.v[i];
            if (emitted(o) && o->is_tls)
                first = o;
        }
        struct elf_phdr *p = ph_new(L, phs, PT_TLS, PF_R);
        p->offset = first->off;
        p->vaddr = p->paddr = L->tls_start;
        p->filesz = L->tls_file_end - L->tls_start;
        p->memsz = L->tls_end - L->tls_start;
        p->align = L->tls_align;
    }
    if (L->eh_frame_hdr) {
        struct elf_phdr *p = ph_new(L, phs, PT_GNU_EH_FRAME, PF_R);
        ph_cover(p, L->eh_frame_hdr, L->eh_frame_hdr->addr + L->eh_frame_hdr->size,
                 L->eh_frame_hdr->off + L->eh_frame_hdr->size, 4);
    }
    struct elf_phdr *st = ph_new(L, phs, PT_GNU_STACK, PF_R | PF_W | (L->opt.execstack ? PF_X : 0));
    st->align = 16;
    if (L->have_relro) {
        struct osec *first = NULL;
        u128 end = 0, fend = 0;
        for (u32 i = 0; i < L->osecs.n; i++) {
            struct osec *o = L->osecs.v[i];
            if (!emitted(o) || !o->relro)
                continue;
            if (!first)
                first = o;
            end = o->addr + o->size;
            fend = o->off + (o->type == SHT_NOBITS ? 0 : o->size);
        }
        struct elf_phdr *p = ph_new(L, phs, PT_GNU_RELRO, PF_R);
        ph_cover(p, first, end, fend, 1);
    }
    if (phs->n != L->nphdr)
        ld_fatal(L, "internal error: %u program headers planned, %u made", L->nphdr, phs->n);
}

int ld_write_output(struct ld *L, u8 **img_out, usize *size_out)
{
    const struct elf_geom *g = elf_geom(L->cls);
    /* section numbers */
    u32 shnum = 1;
    for (u32 i = 0; i < L->osecs.n; i++) {
        struct osec *o = L->osecs.v[i];
        o->shndx = emitted(o) ? shnum++ : 0;
    }
    int want_symtab = !L->opt.strip_all;
    u32 symtab_idx = 0, strtab_idx = 0;
    if (want_symtab) {
        symtab_idx = shnum++;
        strtab_idx = shnum++;
    }
    u32 shstrtab_idx = shnum++;
    if (shnum >= SHN_LORESERVE)
        ld_fatal(L, "too many output sections (%u)", shnum);

    /* non-alloc sections after the loaded image */
    u128 off = L->file_cursor;
    for (u32 i = 0; i < L->osecs.n; i++) {
        struct osec *o = L->osecs.v[i];
        if (!o->shndx || o->seg != SEG_NONE)
            continue;
        /* (an ELF128 input's alignment reaches 2^127: the offset must not wrap) */
        u128 at = ld_align_up(off, o->align);
        if (at < off || at > max_output(L) || o->size > max_output(L) - at)
            ld_fatal(L, "section %s would end beyond the output's limit; zl-ld writes files of "
                        "at most %s bytes", o->name, ld_dec(L, (i128)max_output(L)));
        o->off = at;
        o->addr = 0;
        off = at + o->size;
    }
    struct symout so;
    memset(&so, 0, sizeof so);
    struct strtab strtab, shstrtab;
    strtab_init(L, &strtab);
    strtab_init(L, &shstrtab);
    u128 symtab_off = 0, strtab_off = 0;
    if (want_symtab) {
        build_symtab(L, &so);
        for (u32 i = 0; i < so.syms.n; i++) {
            struct elf_sym *e = so.syms.v[i];
            e->name_off = strtab_add(L, &strtab, e->name);
        }
        off = ld_align_up(off, g->word);
        symtab_off = off;
        off += (u128)so.syms.n * g->symsize;
        strtab_off = off;
        off += strtab.len;
    }
    for (u32 i = 0; i < L->osecs.n; i++) {
        struct osec *o = L->osecs.v[i];
        if (o->shndx)
            o->name_off = strtab_add(L, &shstrtab, o->name);
    }
    u32 n_symtab = strtab_add(L, &shstrtab, ".symtab");
    u32 n_strtab = strtab_add(L, &shstrtab, ".strtab");
    u32 n_shstrtab = strtab_add(L, &shstrtab, ".shstrtab");
    u128 shstrtab_off = off;
    off += shstrtab.len;
    u128 shoff = ld_align_up(off, g->word);
    u128 total = shoff + (u128)shnum * g->shentsize;
    if (total > max_output(L) || total > (u128)(usize)-1)
        ld_fatal(L, "the output file would be %s bytes; zl-ld writes files of at most %s bytes",
                 ld_dec(L, (i128)total), ld_dec(L, (i128)max_output(L)));
    u8 *img = ld_alloc(L, (usize)total);

    /* contents */
    for (u32 i = 0; i < L->osecs.n; i++) {
        struct osec *o = L->osecs.v[i];
        if (o->shndx && o->data && o->type != SHT_NOBITS)
            memcpy(img + (usize)o->off, o->data, (usize)o->size);
    }
    /* headers */
    struct vec phs = { 0 };
    program_headers(L, &phs);
    struct elf_ehdr eh;
    memset(&eh, 0, sizeof eh);
    eh.cls = L->cls;
    eh.type = L->opt.pie ? ET_DYN : ET_EXEC;
    eh.machine = EM_RISCV;
    eh.version = EV_CURRENT;
    eh.flags = L->eflags;
    eh.entry = L->entry;
    eh.ehsize = (u16)g->ehsize;
    eh.phentsize = (u16)g->phentsize;
    eh.phnum = phs.n;
    eh.phoff = g->ehsize;
    eh.shentsize = (u16)g->shentsize;
    eh.shnum = shnum;
    eh.shoff = shoff;
    eh.shstrndx = shstrtab_idx;
    if (elf_encode_ehdr(L->cls, &eh, img) != 0)
        ld_fatal(L, "ELF header does not fit the class");
    for (u32 i = 0; i < phs.n; i++)
        if (elf_encode_phdr(L->cls, phs.v[i], img + g->ehsize + (usize)i * g->phentsize) != 0)
            ld_fatal(L, "program header %u does not fit the ELF class", i);
    u8 *sht = img + (usize)shoff;
    struct elf_shdr sh;
    memset(&sh, 0, sizeof sh);
    elf_encode_shdr(L->cls, &sh, sht);
    for (u32 i = 0; i < L->osecs.n; i++) {
        struct osec *o = L->osecs.v[i];
        if (!o->shndx)
            continue;
        memset(&sh, 0, sizeof sh);
        sh.name_off = o->name_off;
        sh.type = o->type;
        sh.flags = o->flags;
        sh.addr = o->addr;
        sh.offset = o->off;
        sh.size = o->size;
        sh.addralign = o->align;
        sh.entsize = o->entsize;
        if (o == L->dynsym) {
            sh.link = L->dynstr->shndx;
            sh.info = 1;
        } else if (o == L->rela_dyn) {
            sh.link = L->dynsym->shndx;
        } else if (o == L->dynamic) {
            sh.link = L->dynstr->shndx;
        }
        if (elf_encode_shdr(L->cls, &sh, sht + (usize)o->shndx * g->shentsize) != 0)
            ld_fatal(L, "section %s does not fit the ELF class", o->name);
    }
    if (want_symtab) {
        for (u32 i = 0; i < so.syms.n; i++)
            if (elf_encode_sym(L->cls, so.syms.v[i], img + (usize)symtab_off + (usize)i * g->symsize))
                ld_fatal(L, "symbol `%s' does not fit the ELF class",
                         ((struct elf_sym *)so.syms.v[i])->name);
        memcpy(img + (usize)strtab_off, strtab.buf, strtab.len);
        memset(&sh, 0, sizeof sh);
        sh.name_off = n_symtab;
        sh.type = SHT_SYMTAB;
        sh.offset = symtab_off;
        sh.size = (u128)so.syms.n * g->symsize;
        sh.link = strtab_idx;
        sh.info = so.nlocal;
        sh.addralign = g->word;
        sh.entsize = g->symsize;
        elf_encode_shdr(L->cls, &sh, sht + (usize)symtab_idx * g->shentsize);
        memset(&sh, 0, sizeof sh);
        sh.name_off = n_strtab;
        sh.type = SHT_STRTAB;
        sh.offset = strtab_off;
        sh.size = strtab.len;
        sh.addralign = 1;
        elf_encode_shdr(L->cls, &sh, sht + (usize)strtab_idx * g->shentsize);
    }
    memcpy(img + (usize)shstrtab_off, shstrtab.buf, shstrtab.len);
    memset(&sh, 0, sizeof sh);
    sh.name_off = n_shstrtab;
    sh.type = SHT_STRTAB;
    sh.offset = shstrtab_off;
    sh.size = shstrtab.len;
    sh.addralign = 1;
    elf_encode_shdr(L->cls, &sh, sht + (usize)shstrtab_idx * g->shentsize);
    if (L->build_id)
        set_build_id(L, img, (usize)total);
    *img_out = img;
    *size_out = (usize)total;
    return 0;
}

int ld_write_file(struct ld *L, const char *path, const u8 *img, usize size)
{
    int err = zl_write_file(path, img, size, 0777);
    if (err) {
        ld_error(L, "cannot write %s: %s", path, strerror(err));
        return -1;
    }
    return 0;
}
