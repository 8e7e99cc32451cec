/* scan.c — relocation decoding, R_RISCV_ALIGN padding deletion, and the scan that sizes
 * the GOT and the dynamic relocation table before layout.
 *
 * R_RISCV_ALIGN: the assembler emits the largest padding an alignment could need
 * (addend bytes of nops) and expects the linker to delete what the final address makes
 * unnecessary.  zl-ld relaxes nothing else, so the deletion depends only on the offset
 * inside the section: the section is aligned to at least every ALIGN boundary it asks
 * for, the first (2^k - (offset mod 2^k)) mod 2^k padding bytes are kept (rewritten as
 * nops) and the rest are removed.  Symbols, relocation offsets and the sizes of symbols
 * in the section are mapped through the kept pieces (ld_map_off).  This is safe because an
 * assembler that emits R_RISCV_ALIGN keeps a relocation for every distance that crosses
 * it (the psABI's rule for relaxable sections). */
#include <string.h>
#include "ld.h"

static void sort_rels(struct ld *L, struct rel *r, u32 n)
{
    /* stable merge sort by offset (pairs such as SET_ULEB128/SUB_ULEB128 keep order);
     * assemblers emit them in order, so the scratch array is usually not needed */
    int sorted = 1;
    for (u32 i = 1; i < n; i++)
        if (r[i].off < r[i - 1].off) {
            sorted = 0;
            break;
        }
    if (sorted)
        return;
    struct rel *tmp = ld_alloc_array(L, n, sizeof *tmp);
    for (u32 w = 1; w < n; w *= 2) {
        for (u32 lo = 0; lo < n; lo += 2 * w) {
            u32 mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            u32 a = lo, b = mid, k = lo;
            while (a < mid && b < hi)
                tmp[k++] = r[b].off < r[a].off ? r[b++] : r[a++];
            while (a < mid)
                tmp[k++] = r[a++];
            while (b < hi)
                tmp[k++] = r[b++];
        }
        memcpy(r, tmp, n * sizeof *r);
        if (w > n / 2)
            break;
    }
}

void ld_decode_relocs(struct ld *L, struct isec *s)
{
    if (s->scanned)
        return;
    s->scanned = 1;
    if (!s->relsec)
        return;
    struct obj *o = s->obj;
    struct elf_file *f = o->ef;
    if (elf_shdr(f, s->relsec)->link != o->symsec) {
        ld_error(L, "%s: relocations of %s use a second symbol table", o->name, s->name);
        return;
    }
    u32 n = elf_rel_count(f, s->relsec);
    struct rel *r = ld_alloc_array(L, n, sizeof *r);
    u32 k = 0;
    for (u32 i = 0; i < n; i++) {
        struct elf_rel er;
        elf_rel(f, s->relsec, i, &er);
        if (er.type > 255) {
            ld_error(L, "%s: section %s: unknown relocation type %s", o->name, s->name,
                     ld_dec(L, (i128)er.type));
            continue;
        }
        if (er.type == R_RISCV_NONE)
            continue;
        if (er.offset >= s->size && !(er.offset == s->size && er.type == R_RISCV_ALIGN)) {
            ld_error(L, "%s: section %s: relocation %u at offset %s is outside the section",
                     o->name, s->name, i, ld_hex(L, er.offset, 0));
            continue;
        }
        r[k].off = er.offset;
        r[k].addend = er.addend;
        r[k].type = (u32)er.type;
        r[k].sym = er.sym;
        if (er.type == R_RISCV_ALIGN)
            s->has_align_relocs = 1;
        k++;
    }
    sort_rels(L, r, k);
    s->rels = r;
    s->nrels = k;
}

u128 ld_map_off(const struct isec *s, u128 off)
{
    if (!s->pieces)
        return off;
    u32 lo = 0, hi = s->npieces;
    while (lo < hi) {            /* last piece with old <= off */
        u32 mid = lo + (hi - lo) / 2;
        if (s->pieces[mid].old <= off)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return 0;
    const struct piece *p = &s->pieces[lo - 1];
    u128 d = off - p->old;
    return p->new_ + (d < p->len ? d : p->len);
}

int ld_off_deleted(const struct isec *s, u128 off)
{
    if (!s->pieces)
        return 0;
    u32 lo = 0, hi = s->npieces;
    while (lo < hi) {
        u32 mid = lo + (hi - lo) / 2;
        if (s->pieces[mid].old <= off)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return 1;
    const struct piece *p = &s->pieces[lo - 1];
    return off - p->old >= p->len;
}

void ld_align_deletions(struct ld *L, struct isec *s)
{
    if (!s->has_align_relocs || s->type == SHT_NOBITS || s->pieces)
        return;
    struct vec pcs = { 0 }, nops = { 0 };
    u128 kept_from = 0, deleted = 0, maxalign = s->align;
    for (u32 i = 0; i < s->nrels; i++) {
        const struct rel *r = &s->rels[i];
        if (r->type != R_RISCV_ALIGN)
            continue;
        if (r->addend < 0 || (r->addend & 1) || (u128)r->addend > s->size - r->off ||
            r->off < kept_from) {
            ld_error(L, "%s: section %s: bad R_RISCV_ALIGN at offset %s", s->obj->name,
                     s->name, ld_hex(L, r->off, 0));
            return;
        }
        u128 n = (u128)r->addend, a = 1;
        while (a <= n)
            a <<= 1;
        if (a > maxalign)
            maxalign = a;
        u128 pos = r->off - deleted;         /* new offset of the padding */
        u128 keep = (a - (pos & (a - 1))) & (a - 1);
        if (keep > n) {
            ld_error(L, "%s: section %s: R_RISCV_ALIGN at offset %s cannot reach %s-byte "
                        "alignment with %s bytes of padding", s->obj->name, s->name,
                     ld_hex(L, r->off, 0), ld_dec(L, (i128)a), ld_dec(L, (i128)n));
            return;
        }
        /* keep [kept_from, off + keep), delete [off + keep, off + n) */
        struct piece *p = ld_alloc(L, sizeof *p);
        p->old = kept_from;
        p->len = r->off + keep - kept_from;
        p->new_ = kept_from - deleted;
        vec_push(L, &pcs, p);
        if (keep) {
            struct nopfill *nf = ld_alloc(L, sizeof *nf);
            nf->off = pos;
            nf->len = keep;
            vec_push(L, &nops, nf);
        }
        deleted += n - keep;
        kept_from = r->off + n;
    }
    if (!deleted && !nops.n) {
        s->align = maxalign;
        return;
    }
    struct piece *last = ld_alloc(L, sizeof *last);
    last->old = kept_from;
    last->len = s->size - kept_from;
    last->new_ = kept_from - deleted;
    vec_push(L, &pcs, last);
    s->pieces = ld_alloc_array(L, pcs.n, sizeof *s->pieces);
    for (u32 i = 0; i < pcs.n; i++)
        s->pieces[i] = *(struct piece *)pcs.v[i];
    s->npieces = pcs.n;
    s->nops = ld_alloc_array(L, nops.n ? nops.n : 1, sizeof *s->nops);
    for (u32 i = 0; i < nops.n; i++)
        s->nops[i] = *(struct nopfill *)nops.v[i];
    s->nnops = nops.n;
    s->outsize = s->size - deleted;
    s->align = maxalign;
}

/* Is the symbol's value independent of the load address? */
int ld_sym_is_abs(const struct sym *s)
{
    switch (s->kind) {
    case SYM_UNDEF:
    case SYM_LAZY:
        return 1;                    /* weak undefined: 0 */
    case SYM_DEFINED:
        return s->sec == NULL && !s->in_discarded;
    case SYM_LINKER:
        return s->osec == NULL && !s->alias && !s->lk_rel;
    default:
        return 0;
    }
}

static u32 word_reloc(unsigned xlen)
{
    return xlen == 32 ? R_RISCV_32 : xlen == 64 ? R_RISCV_64 : R_RISCV_128;
}

/* Relocations that put an absolute address into the image: not allowed in a PIE except
 * the class word (which becomes R_RISCV_RELATIVE). */
static int is_abs_reloc(u32 t)
{
    switch (t) {
    case R_RISCV_32: case R_RISCV_64: case R_RISCV_128: case R_RISCV_HI20:
    case R_RISCV_LO12_I: case R_RISCV_LO12_S: case R_RISCV_SET6: case R_RISCV_SET8:
    case R_RISCV_SET16: case R_RISCV_SET32: case R_RISCV_SET_ULEB128:
        return 1;
    default:
        return 0;
    }
}

/* Is this SET/ADD pair member part of a label difference (resolved at link time)?  SETn
 * and SET_ULEB128 are always followed by a SUB at the same offset when they express
 * a difference. */
static int paired_with_sub(const struct isec *s, u32 i)
{
    const struct rel *r = &s->rels[i];
    for (u32 k = i + 1; k < s->nrels && s->rels[k].off == r->off; k++) {
        u32 t = s->rels[k].type;
        if (t == R_RISCV_SUB6 || t == R_RISCV_SUB8 || t == R_RISCV_SUB16 ||
            t == R_RISCV_SUB32 || t == R_RISCV_SUB64 || t == R_RISCV_SUB128 ||
            t == R_RISCV_SUB_ULEB128)
            return 1;
    }
    return 0;
}

void ld_scan_relocs(struct ld *L)
{
    u32 wordrel = word_reloc(L->xlen);
    for (u32 i = 0; i < L->isecs.n; i++) {
        struct isec *s = L->isecs.v[i];
        if (!s->live || s->discarded || !(s->flags & SHF_ALLOC))
            continue;
        for (u32 k = 0; k < s->nrels; k++) {
            const struct rel *r = &s->rels[k];
            if (ld_off_deleted(s, r->off))
                continue;
            struct sym *g = s->obj->syms[r->sym];
            if (!g)
                continue;
            switch (r->type) {
            case R_RISCV_GOT_HI20:
            case R_RISCV_GOT32_PCREL:
                if (!g->needs_got) {
                    g->needs_got = 1;
                    g->got = L->ngot;
                    L->ngot += 1;
                    vec_push(L, &L->got_syms, g);
                    if (L->opt.pie && !ld_sym_is_abs(g))
                        L->nrela++;
                }
                break;
            case R_RISCV_TLS_GOT_HI20:
                if (!g->needs_ie) {
                    g->needs_ie = 1;
                    g->ie = L->ngot;
                    L->ngot += 1;
                    vec_push(L, &L->got_syms, g);
                }
                break;
            case R_RISCV_TLS_GD_HI20:
                if (!g->needs_gd) {
                    g->needs_gd = 1;
                    g->gd = L->ngot;
                    L->ngot += 2;
                    vec_push(L, &L->got_syms, g);
                }
                break;
            default:
                break;
            }
            if (!L->opt.pie || !is_abs_reloc(r->type) || ld_sym_is_abs(g))
                continue;
            if ((r->type == R_RISCV_SET6 || r->type == R_RISCV_SET8 ||
                 r->type == R_RISCV_SET16 || r->type == R_RISCV_SET32 ||
                 r->type == R_RISCV_SET_ULEB128) && paired_with_sub(s, k))
                continue;
            if (r->type == wordrel) {
                L->nrela++;
                if (!(s->flags & SHF_WRITE) && !L->textrel) {
                    L->textrel = 1;
                    ld_warn(L, "%s: relocation %s against `%s' in read-only section %s; "
                               "creating DT_TEXTREL in a PIE", ld_where(L, s, r->off),
                            ld_reloc_name(r->type), ld_sym_name(g), s->name);
                }
                continue;
            }
            ld_error(L, "%s: relocation %s against `%s' cannot be used when making a PIE "
                        "object; recompile with -fPIE", ld_where(L, s, r->off),
                     ld_reloc_name(r->type), ld_sym_name(g));
        }
    }
}
