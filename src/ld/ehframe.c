/* ehframe.c — .eh_frame records: parsing, and pruning of FDEs whose code was removed
 * (--gc-sections, or a discarded COMDAT copy).
 *
 * A .eh_frame section is a sequence of records: u32 length (0 = terminator; 0xffffffff,
 * the 64-bit form, is not used on RISC-V and is rejected), u32 id (0 = CIE, otherwise the
 * distance back from this field to the FDE's CIE), then the body.  An FDE's pc_begin
 * (offset 8) carries the relocation that names the function's section.  Pruned FDEs are
 * cut out with the piece map of scan.c; the CIE pointers of the FDEs that stay are
 * rewritten for the new distances when the contents are built (eh_fix). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "ld.h"
#include "common/le.h"

static const struct rel *rel_at(const struct isec *s, u128 off)
{
    u32 lo = 0, hi = s->nrels;
    while (lo < hi) {
        u32 mid = lo + (hi - lo) / 2;
        if (s->rels[mid].off < off)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (u32 i = lo; i < s->nrels && s->rels[i].off == off; i++)
        if (s->rels[i].type != R_RISCV_RELAX)
            return &s->rels[i];
    return NULL;
}

void eh_parse(struct ld *L, struct isec *s)
{
    if (s->eh_parsed)
        return;
    s->eh_parsed = 1;
    ld_decode_relocs(L, s);
    struct vec recs = { 0 };
    u128 off = 0, size = s->size;
    const u8 *d = s->data;
    if (!d && size)
        goto bad;
    while (off < size) {
        if (size - off < 4)
            goto bad;
        u32 len = get_le32(d + (usize)off);
        struct ehrec *r = ld_alloc(L, sizeof *r);
        r->off = off;
        r->keep = 1;
        if (len == 0) {                           /* terminator */
            r->len = 4;
            r->is_cie = 1;
            vec_push(L, &recs, r);
            off += 4;
            continue;
        }
        if (len == 0xffffffffu || len < 4 || (u128)len > size - off - 4)
            goto bad;
        r->len = (u128)len + 4;
        u32 id = get_le32(d + (usize)off + 4);
        if (id == 0) {
            r->is_cie = 1;
        } else {
            if ((u128)id > off + 4)
                goto bad;
            r->cie_off = off + 4 - id;
            int found = 0;
            for (u32 k = recs.n; k-- > 0;) {
                struct ehrec *c = recs.v[k];
                if (c->off == r->cie_off && c->is_cie && c->len > 4) {
                    found = 1;
                    break;
                }
            }
            if (!found)
                goto bad;
            const struct rel *pc = rel_at(s, off + 8);
            if (pc && pc->sym < s->obj->nsym) {
                struct sym *t = s->obj->syms[pc->sym];
                if (t && t->kind == SYM_DEFINED)
                    r->target = t->sec;
                if (t && t->in_discarded)
                    r->dead_target = 1;
            }
        }
        vec_push(L, &recs, r);
        off += r->len;
    }
    s->neh = recs.n;
    s->eh = ld_alloc_array(L, recs.n ? recs.n : 1, sizeof *s->eh);
    for (u32 i = 0; i < recs.n; i++)
        s->eh[i] = *(struct ehrec *)recs.v[i];
    return;
bad:
    ld_warn(L, "%s: malformed .eh_frame at offset %s; its records are kept unchanged",
            s->obj->name, ld_hex(L, off, 0));
    s->neh = 0;
    s->eh = NULL;
}

static int fde_alive(const struct ehrec *r)
{
    if (r->dead_target)
        return 0;
    if (!r->target)
        return 1;
    return r->target->live && !r->target->discarded;
}

/* Mark sections referenced by live FDEs (LSDA, personality through the CIE). Returns the
 * number of relocation targets that were newly marked. */
u32 eh_mark(struct ld *L, struct isec *s, void (*mark)(struct ld *, struct isec *))
{
    u32 n = 0;
    for (u32 i = 0; i < s->neh; i++) {
        struct ehrec *r = &s->eh[i];
        if (r->is_cie || r->marked || !fde_alive(r))
            continue;
        r->marked = 1;
        n++;
        /* relocations inside the FDE (except pc_begin) and inside its CIE */
        for (int pass = 0; pass < 2; pass++) {
            u128 lo = pass ? r->cie_off : r->off, hi = lo;
            if (pass) {
                for (u32 k = 0; k < s->neh; k++)
                    if (s->eh[k].off == r->cie_off)
                        hi = lo + s->eh[k].len;
            } else {
                hi = lo + r->len;
            }
            for (u32 k = 0; k < s->nrels; k++) {
                const struct rel *x = &s->rels[k];
                if (x->off < lo || x->off >= hi || (!pass && x->off == r->off + 8))
                    continue;
                struct sym *t = x->sym < s->obj->nsym ? s->obj->syms[x->sym] : NULL;
                if (t && t->kind == SYM_DEFINED && t->sec)
                    mark(L, t->sec);
            }
        }
    }
    return n;
}

void eh_prune(struct ld *L, struct isec *s)
{
    if (!s->eh || s->pieces)
        return;
    u32 dropped = 0;
    for (u32 i = 0; i < s->neh; i++) {
        struct ehrec *r = &s->eh[i];
        r->keep = r->is_cie || fde_alive(r);
        dropped += !r->keep;
    }
    if (!dropped)
        return;
    struct vec pcs = { 0 };
    u128 newoff = 0;
    struct piece *cur = NULL;
    for (u32 i = 0; i < s->neh; i++) {
        struct ehrec *r = &s->eh[i];
        if (!r->keep) {
            cur = NULL;
            continue;
        }
        if (cur && cur->old + cur->len == r->off) {
            cur->len += r->len;
        } else {
            cur = ld_alloc(L, sizeof *cur);
            cur->old = r->off;
            cur->len = r->len;
            cur->new_ = newoff;
            vec_push(L, &pcs, cur);
        }
        newoff += r->len;
    }
    s->pieces = ld_alloc_array(L, pcs.n ? pcs.n : 1, sizeof *s->pieces);
    for (u32 i = 0; i < pcs.n; i++)
        s->pieces[i] = *(struct piece *)pcs.v[i];
    s->npieces = pcs.n;
    s->outsize = newoff;
    if (pcs.n == 0) {
        /* everything gone: an empty section maps every offset to 0 */
        s->pieces = ld_alloc(L, sizeof *s->pieces);
        s->npieces = 1;
        s->pieces[0].old = s->size;
        s->pieces[0].len = 0;
        s->pieces[0].new_ = 0;
    }
}

/* Rewrite the CIE pointers of kept FDEs in the copied contents `buf` (output layout). */
void eh_fix(struct isec *s, u8 *buf)
{
    if (!s->pieces || !s->eh)
        return;
    for (u32 i = 0; i < s->neh; i++) {
        const struct ehrec *r = &s->eh[i];
        if (r->is_cie || !r->keep)
            continue;
        u128 field = ld_map_off(s, r->off + 4), cie = ld_map_off(s, r->cie_off);
        put_le32(buf + (usize)field, (u32)(field - cie));
    }
}

/* ---------------------------------------------------------------------------------- */
/* .eh_frame_hdr (--eh-frame-hdr)                                                     */
/* ---------------------------------------------------------------------------------- */
/* Layout: version 1, eh_frame_ptr_enc (pcrel|sdata4), fde_count_enc (udata4), table_enc
 * (datarel|sdata4), eh_frame_ptr, fde_count, then (initial location, FDE address) pairs
 * relative to the start of .eh_frame_hdr, sorted by initial location: the binary search
 * table the unwinder finds through PT_GNU_EH_FRAME. */

#define DW_EH_PE_omit 0xff
#define DW_EH_PE_absptr 0x00
#define DW_EH_PE_uleb128 0x01
#define DW_EH_PE_udata2 0x02
#define DW_EH_PE_udata4 0x03
#define DW_EH_PE_udata8 0x04
#define DW_EH_PE_sleb128 0x09
#define DW_EH_PE_sdata2 0x0a
#define DW_EH_PE_sdata4 0x0b
#define DW_EH_PE_sdata8 0x0c
#define DW_EH_PE_pcrel 0x10
#define DW_EH_PE_datarel 0x30

/* FDEs the table will hold; -1 when some .eh_frame could not be parsed. */
i64 eh_hdr_count(struct ld *L)
{
    i64 n = 0;
    for (u32 i = 0; i < L->isecs.n; i++) {
        struct isec *s = L->isecs.v[i];
        if (!s->is_ehframe || !s->live || s->discarded || !s->out)
            continue;
        if (!s->eh && s->size)
            return -1;
        for (u32 k = 0; k < s->neh; k++)
            if (!s->eh[k].is_cie && s->eh[k].keep)
                n++;
    }
    return n;
}

static int read_uleb(const u8 *p, usize n, usize *i, u128 *v)
{
    u128 r = 0;
    unsigned sh = 0;
    while (*i < n) {
        u8 b = p[(*i)++];
        if (sh < 128)
            r |= (u128)(b & 0x7f) << sh;
        sh += 7;
        if (!(b & 0x80)) {
            *v = r;
            return 0;
        }
    }
    return -1;
}

/* Read an encoded pointer at p[*i]; fills *v (pc-relative values resolved with `at`, the
 * address of p[0]).  Returns -1 for an encoding this linker does not read. */
static int read_ptr(const u8 *p, usize n, usize *i, u8 enc, unsigned word, u128 at, u128 *v)
{
    usize start = *i;
    u128 x = 0;
    unsigned sz = 0;
    int sign = 0;
    switch (enc & 0x0f) {
    case DW_EH_PE_absptr: sz = word; break;
    case DW_EH_PE_udata2: sz = 2; break;
    case DW_EH_PE_udata4: sz = 4; break;
    case DW_EH_PE_udata8: sz = 8; break;
    case DW_EH_PE_sdata2: sz = 2; sign = 1; break;
    case DW_EH_PE_sdata4: sz = 4; sign = 1; break;
    case DW_EH_PE_sdata8: sz = 8; sign = 1; break;
    case DW_EH_PE_uleb128:
        if (read_uleb(p, n, i, &x))
            return -1;
        break;
    default:
        return -1;
    }
    if (sz) {
        if (n - *i < sz)
            return -1;
        for (unsigned k = sz; k-- > 0;)
            x = x << 8 | p[*i + k];
        if (sign && sz < 16 && (x >> (8 * sz - 1)) & 1)
            x |= ~(u128)0 << (8 * sz);
        *i += sz;
    }
    switch (enc & 0x70) {
    case 0: break;
    case DW_EH_PE_pcrel: x += at + start; break;
    default: return -1;
    }
    *v = x;
    return 0;
}

static unsigned ptr_size(u8 enc, unsigned word)
{
    switch (enc & 0x0f) {
    case DW_EH_PE_absptr: return word;
    case DW_EH_PE_udata2: case DW_EH_PE_sdata2: return 2;
    case DW_EH_PE_udata4: case DW_EH_PE_sdata4: return 4;
    case DW_EH_PE_udata8: case DW_EH_PE_sdata8: return 8;
    default: return 0;
    }
}

/* The FDE pointer encoding of the CIE at cie (offset into d), or -1. */
static int cie_fde_enc(const u8 *d, usize n, usize cie, unsigned word)
{
    if (cie + 9 > n)
        return -1;
    u32 len = get_le32(d + cie);
    usize end = cie + 4 + len;
    if (len < 5 || end > n)
        return -1;
    usize i = cie + 8;
    u8 version = d[i++];
    const char *aug = (const char *)d + i;
    const u8 *z = memchr(d + i, 0, end - i);
    if (!z)
        return -1;
    i = (usize)(z - d) + 1;
    u128 tmp;
    if (read_uleb(d, end, &i, &tmp) || read_uleb(d, end, &i, &tmp))   /* code, data align */
        return -1;
    if (version == 1) {
        if (i >= end)
            return -1;
        i++;
    } else if (read_uleb(d, end, &i, &tmp)) {
        return -1;
    }
    if (aug[0] != 'z')
        return DW_EH_PE_absptr;
    if (read_uleb(d, end, &i, &tmp))
        return -1;
    for (const char *a = aug + 1; *a; a++) {
        if (i >= end)
            return -1;
        if (*a == 'R')
            return d[i];
        if (*a == 'L') {
            i++;
        } else if (*a == 'P') {
            u8 e = d[i++];
            unsigned sz = ptr_size(e, word);
            if (!sz) {
                if ((e & 0x0f) != DW_EH_PE_uleb128 || read_uleb(d, end, &i, &tmp))
                    return -1;
            } else {
                i += sz;
            }
        } else if (*a != 'S' && *a != 'B') {
            return -1;
        }
    }
    return DW_EH_PE_absptr;
}

struct hdr_ent {
    i64 loc, fde;
};

static int hdr_cmp(const void *a, const void *b)
{
    const struct hdr_ent *x = a, *y = b;
    return x->loc < y->loc ? -1 : x->loc > y->loc ? 1 : (x->fde > y->fde) - (x->fde < y->fde);
}

void eh_build_hdr(struct ld *L)
{
    struct osec *h = L->eh_frame_hdr, *e = L->eh_frame;
    u8 *p = h->data;
    p[0] = 1;
    p[1] = DW_EH_PE_pcrel | DW_EH_PE_sdata4;
    i128 rel = (i128)(e->addr - (h->addr + 4));
    if (rel < INT32_MIN || rel > INT32_MAX)
        ld_fatal(L, ".eh_frame is too far from .eh_frame_hdr");
    put_le32(p + 4, (u32)(i32)rel);
    if (h->size == 8) {                          /* no table (unreadable .eh_frame) */
        p[2] = p[3] = DW_EH_PE_omit;
        return;
    }
    p[2] = DW_EH_PE_udata4;
    p[3] = DW_EH_PE_datarel | DW_EH_PE_sdata4;
    u32 want = (u32)((h->size - 12) / 8), n = 0;
    struct hdr_ent *t = ld_alloc_array(L, want ? want : 1, sizeof *t);
    const u8 *d = e->data;
    usize size = (usize)e->size, off = 0;
    while (off + 4 <= size) {
        u32 len = get_le32(d + off);
        if (len == 0) {
            off += 4;
            continue;
        }
        if (len == 0xffffffffu || len > size - off - 4 || len < 4)
            break;
        u32 id = get_le32(d + off + 4);
        if (id != 0) {
            if (id > off + 4 || n >= want)
                goto bad;
            usize cie = off + 4 - id;
            int enc = cie_fde_enc(d, size, cie, L->word);
            usize i = off + 8;
            u128 loc;
            if (enc < 0 || read_ptr(d, off + 4 + len, &i, (u8)enc, L->word, e->addr, &loc))
                goto bad;
            i128 dl = (i128)(loc - h->addr), df = (i128)(e->addr + off - h->addr);
            if (dl < INT32_MIN || dl > INT32_MAX || df < INT32_MIN || df > INT32_MAX)
                ld_fatal(L, "--eh-frame-hdr: a function is more than 2 GiB from .eh_frame_hdr");
            t[n].loc = (i64)dl;
            t[n].fde = (i64)df;
            n++;
        }
        off += 4 + (usize)len;
    }
    if (n != want)
        goto bad;
    if (n > 1)
        qsort(t, n, sizeof *t, hdr_cmp);         /* by initial location */
    put_le32(p + 8, n);
    for (u32 i = 0; i < n; i++) {
        put_le32(p + 12 + 8 * i, (u32)(i32)t[i].loc);
        put_le32(p + 16 + 8 * i, (u32)(i32)t[i].fde);
    }
    return;
bad:
    ld_warn(L, "--eh-frame-hdr: .eh_frame has an FDE this linker cannot read; the binary "
               "search table is omitted");
    p[2] = p[3] = DW_EH_PE_omit;
    memset(p + 8, 0, (usize)h->size - 8);
}
