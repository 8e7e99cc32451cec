/* dwarf_info.c — an address -> source line index over the DWARF of one ELF file.
 *
 * The debug sections are taken as they are in an executable; in a relocatable object
 * their relocations (.rela.debug_*) are applied to copies first, with the allocated
 * sections placed one after the other from address 0, as GNU's BFD does for addr2line
 * (dwarf_section_vma).  Then each compile unit of .debug_info gives its line table
 * (DW_AT_stmt_list) and compilation directory (DW_AT_comp_dir), and its
 * DW_TAG_subprogram and DW_TAG_inlined_subroutine entries give the function ranges
 * (DW_AT_low_pc/DW_AT_high_pc or DW_AT_ranges) and, for inlined code, the caller and
 * the place of the call.  Line tables are found only through compile units, as GNU's
 * tools find them.  dwarf_find_line puts it together with the symbol table
 * (dwarf_sym.c) the way BFD's find_nearest_line does. */
#include <stdlib.h>
#include <string.h>

#include "elf/dwarf.h"

enum {
    DW_TAG_inlined_subroutine = 0x1d, DW_TAG_subprogram = 0x2e,
    DW_AT_name = 0x03, DW_AT_stmt_list = 0x10, DW_AT_low_pc = 0x11, DW_AT_high_pc = 0x12,
    DW_AT_comp_dir = 0x1b, DW_AT_abstract_origin = 0x31, DW_AT_specification = 0x47,
    DW_AT_ranges = 0x55, DW_AT_call_file = 0x58, DW_AT_call_line = 0x59,
    DW_AT_linkage_name = 0x6e, DW_AT_MIPS_linkage_name = 0x2007,
};
enum {
    DW_FORM_addr = 0x01, DW_FORM_block2 = 0x03, DW_FORM_block4, DW_FORM_data2, DW_FORM_data4,
    DW_FORM_data8, DW_FORM_string, DW_FORM_block, DW_FORM_block1, DW_FORM_data1, DW_FORM_flag,
    DW_FORM_sdata, DW_FORM_strp, DW_FORM_udata, DW_FORM_ref_addr, DW_FORM_ref1, DW_FORM_ref2,
    DW_FORM_ref4, DW_FORM_ref8, DW_FORM_ref_udata, DW_FORM_indirect, DW_FORM_sec_offset,
    DW_FORM_exprloc, DW_FORM_flag_present, DW_FORM_strx, DW_FORM_addrx, DW_FORM_ref_sup4,
    DW_FORM_strp_sup, DW_FORM_data16, DW_FORM_line_strp, DW_FORM_ref_sig8,
    DW_FORM_implicit_const, DW_FORM_loclistx, DW_FORM_rnglistx, DW_FORM_ref_sup8,
    DW_FORM_strx1, DW_FORM_strx2, DW_FORM_strx3, DW_FORM_strx4, DW_FORM_addrx1,
    DW_FORM_addrx2, DW_FORM_addrx3, DW_FORM_addrx4,
};

struct row {
    u128 addr;
    const char *file;
    u32 line, disc;
    bool end;
};
struct seq {
    u128 lo, hi;             /* [lo, hi): first row's address to end_sequence's */
    usize first, n;          /* rows[first .. first + n) */
};
#define NO_FUNC ((usize)-1)
struct func {
    u128 lo, hi;
    usize die;               /* offset of the DIE in .debug_info */
    usize origin;            /* DW_AT_abstract_origin / DW_AT_specification, 0 if none */
    const char *name;
    bool inlined;            /* DW_TAG_inlined_subroutine */
    usize caller;            /* index of the enclosing function entry, or NO_FUNC */
    const char *call_file;   /* DW_AT_call_file / DW_AT_call_line of an inlined one */
    u32 call_line;
};

struct dwarf {
    const struct elf_file *f;
    u32 symtab;              /* .symtab, else .dynsym, else 0 */
    struct elf_func_cache fcache;
    struct dwarf_sect info, abbrev, line, str, line_str, ranges, rnglists;
    u8 *owned[7];            /* relocated copies */
    u128 *vma;               /* per section: its address (placed, in a relocatable object) */
    u32 nvma;
    struct row *rows;
    usize nrows, caprows;
    struct seq *seqs;
    usize nseqs, capseqs;
    struct func *funcs;
    usize nfuncs, capfuncs;
    char **paths;            /* file names built here */
    usize npaths, cappaths;
    const char **unit_paths; /* the file names of the unit being scanned */
    u32 unit_npaths;
};

/* The array p (cap elements of `size` bytes, n used) with room for one more: p itself,
 * or a larger copy (then *cap grows), or NULL when out of memory (p is left as it was). */
static void *grown(void *p, usize *cap, usize n, usize size)
{
    if (n < *cap)
        return p;
    usize nc = *cap ? 2 * *cap : 64;
    void *q = realloc(p, nc * size);
    if (q)
        *cap = nc;
    return q;
}

static int dfail(struct elf_err *err, const char *what, usize off)
{
    snprintf(err->msg, sizeof err->msg, "DWARF error: %s at offset 0x%zx of .debug_info", what,
             off);
    return -1;
}

/* ---------------------------------------------------------------- relocation */

static int reloc_size(u64 type)
{
    switch (type) {
    case R_RISCV_32: case R_RISCV_ADD32: case R_RISCV_SUB32: case R_RISCV_SET32: return 4;
    case R_RISCV_64: case R_RISCV_ADD64: case R_RISCV_SUB64: return 8;
    case R_RISCV_128: case R_RISCV_ADD128: case R_RISCV_SUB128: return 16;
    case R_RISCV_ADD16: case R_RISCV_SUB16: case R_RISCV_SET16: return 2;
    case R_RISCV_ADD8: case R_RISCV_SUB8: case R_RISCV_SET8: case R_RISCV_SET6:
    case R_RISCV_SUB6: return 1;
    default: return 0;
    }
}

/* Apply the relocation sections that target section `sec` to buf (a copy of it). */
static int relocate(const struct dwarf *d, const struct elf_file *f, u32 sec, u8 *buf,
                    usize size, struct elf_err *err)
{
    const struct elf_shdr *tsh = elf_shdr(f, sec);
    for (u32 i = 1; i < elf_shnum(f); i++) {
        const struct elf_shdr *sh = elf_shdr(f, i);
        if ((sh->type != SHT_RELA && sh->type != SHT_REL) || sh->info != sec)
            continue;
        for (u32 k = 0; k < elf_rel_count(f, i); k++) {
            struct elf_rel r;
            struct elf_sym s = { 0 };
            if (elf_rel(f, i, k, &r) < 0 || (r.sym && elf_sym(f, sh->link, r.sym, &s) < 0)) {
                snprintf(err->msg, sizeof err->msg, "bad relocation %u in %s", k, sh->name);
                return -1;
            }
            if (r.type == R_RISCV_NONE || r.type == R_RISCV_RELAX)
                continue;
            int n = reloc_size(r.type);
            if (elf_header(f)->machine != EM_RISCV || !n) {
                snprintf(err->msg, sizeof err->msg,
                         "unsupported relocation type %llu in %s", (unsigned long long)r.type,
                         sh->name);
                return -1;
            }
            if (r.offset > size || size - (usize)r.offset < (usize)n) {
                snprintf(err->msg, sizeof err->msg,
                         "relocation %u in %s is outside %s", k, sh->name, tsh->name);
                return -1;
            }
            u8 *p = buf + (usize)r.offset;
            struct dwarf_cur c = { p, 0, (usize)n, false };
            u128 v = dwarf_addr(&c, (unsigned)n);
            u128 sa = s.value + (u128)r.addend + (s.shndx < d->nvma ? d->vma[s.shndx] : 0);
            switch (r.type) {
            case R_RISCV_ADD8: case R_RISCV_ADD16: case R_RISCV_ADD32: case R_RISCV_ADD64:
            case R_RISCV_ADD128: v += sa; break;
            case R_RISCV_SUB8: case R_RISCV_SUB16: case R_RISCV_SUB32: case R_RISCV_SUB64:
            case R_RISCV_SUB128: v -= sa; break;
            case R_RISCV_SET6: v = (v & ~(u128)0x3f) | (sa & 0x3f); break;
            case R_RISCV_SUB6: v = (v & ~(u128)0x3f) | ((v - sa) & 0x3f); break;
            default: v = sa; break;
            }
            for (int b = 0; b < n; b++)
                p[b] = (u8)(v >> (8 * b));
        }
    }
    return 0;
}

static int load_section(const struct dwarf *d, const struct elf_file *f, const char *name,
                        struct dwarf_sect *out, u8 **owned, struct elf_err *err)
{
    u32 i = elf_section_by_name(f, name);
    *out = (struct dwarf_sect){ NULL, 0 };
    if (!i)
        return 0;
    const struct elf_shdr *sh = elf_shdr(f, i);
    if (sh->flags & SHF_COMPRESSED) {
        snprintf(err->msg, sizeof err->msg, "compressed section %s is not supported", name);
        return -1;
    }
    elf_section_data(f, i, &out->data, &out->size);
    if (elf_header(f)->type != ET_REL || !out->size)
        return 0;
    u8 *copy = malloc(out->size);
    if (!copy) {
        snprintf(err->msg, sizeof err->msg, "out of memory");
        return -1;
    }
    memcpy(copy, out->data, out->size);
    *owned = copy;
    out->data = copy;
    return relocate(d, f, i, copy, out->size, err);
}

u128 dwarf_section_vma(const struct dwarf *d, u32 sec)
{
    return sec < d->nvma ? d->vma[sec] : 0;
}

struct dwarf_sect dwarf_section(const struct dwarf *d, const char *name)
{
    static const struct dwarf_sect none;
    if (!strcmp(name, ".debug_info")) return d->info;
    if (!strcmp(name, ".debug_abbrev")) return d->abbrev;
    if (!strcmp(name, ".debug_line")) return d->line;
    if (!strcmp(name, ".debug_str")) return d->str;
    if (!strcmp(name, ".debug_line_str")) return d->line_str;
    return none;
}

/* ---------------------------------------------------------------- abbreviations */

struct attrspec {
    u64 name, form;
    i64 implicit;
};
struct abbrev {
    u64 code, tag;
    bool children;
    u32 nattr;
    struct attrspec *attrs;
};
struct abbrevs {
    struct abbrev *a;
    usize n, cap;
    struct attrspec *specs;
    usize nspecs, capspecs;
};

static void abbrevs_free(struct abbrevs *t)
{
    free(t->a);
    free(t->specs);
    memset(t, 0, sizeof *t);
}

static int abbrevs_read(const struct dwarf *d, u64 off, struct abbrevs *t, struct elf_err *err)
{
    memset(t, 0, sizeof *t);
    if (off >= d->abbrev.size) {
        snprintf(err->msg, sizeof err->msg, "DWARF error: abbreviation offset 0x%llx is "
                 "outside .debug_abbrev", (unsigned long long)off);
        return -1;
    }
    struct dwarf_cur c = { d->abbrev.data, (usize)off, d->abbrev.size, false };
    /* the attribute lists are built in one array, then pointed to */
    usize *first = NULL, nfirst = 0, capfirst = 0;
    for (;;) {
        u64 code = dwarf_uleb(&c);
        if (c.bad || code == 0)
            break;
        struct abbrev *na = grown(t->a, &t->cap, t->n, sizeof *t->a);
        if (!na)
            goto oom;
        t->a = na;
        usize *nf = grown(first, &capfirst, nfirst, sizeof *first);
        if (!nf)
            goto oom;
        first = nf;
        struct abbrev *a = &t->a[t->n++];
        a->code = code;
        a->tag = dwarf_uleb(&c);
        a->children = dwarf_u(&c, 1) != 0;
        a->nattr = 0;
        first[nfirst++] = t->nspecs;
        for (;;) {
            struct attrspec s = { dwarf_uleb(&c), dwarf_uleb(&c), 0 };
            if (c.bad || (s.name == 0 && s.form == 0))
                break;
            if (s.form == DW_FORM_implicit_const)
                s.implicit = dwarf_sleb(&c);
            struct attrspec *ns = grown(t->specs, &t->capspecs, t->nspecs, sizeof *t->specs);
            if (!ns)
                goto oom;
            t->specs = ns;
            t->specs[t->nspecs++] = s;
            a->nattr++;
        }
    }
    if (c.bad) {
        free(first);
        abbrevs_free(t);
        snprintf(err->msg, sizeof err->msg, "DWARF error: truncated abbreviation table at "
                 "offset 0x%llx of .debug_abbrev", (unsigned long long)off);
        return -1;
    }
    for (usize i = 0; i < t->n; i++)
        t->a[i].attrs = t->specs + first[i];
    free(first);
    return 0;
oom:
    free(first);
    abbrevs_free(t);
    snprintf(err->msg, sizeof err->msg, "out of memory");
    return -1;
}

static const struct abbrev *abbrev_find(const struct abbrevs *t, u64 code)
{
    if (code >= 1 && code <= t->n && t->a[code - 1].code == code)
        return &t->a[code - 1];
    for (usize i = 0; i < t->n; i++)
        if (t->a[i].code == code)
            return &t->a[i];
    return NULL;
}

/* ---------------------------------------------------------------- attributes */

struct unit {
    usize off, end;          /* the unit in .debug_info */
    u16 version;
    u8 addr_size;
    bool dwarf64;
};

enum { V_NONE, V_ADDR, V_CONST, V_STR, V_REF, V_SECOFF };
struct attrval {
    int cls;
    u128 u;
    const char *s;
};

static int read_attr(const struct dwarf *d, const struct unit *u, struct dwarf_cur *c, u64 form,
                     i64 implicit, struct attrval *v)
{
    unsigned offsz = u->dwarf64 ? 8 : 4;
    v->cls = V_NONE;
    v->u = 0;
    v->s = NULL;
    u64 n;
    for (int depth = 0; form == DW_FORM_indirect; depth++) {
        if (depth > 4)
            return -1;
        form = dwarf_uleb(c);
    }
    switch (form) {
    case DW_FORM_addr: v->cls = V_ADDR; v->u = dwarf_addr(c, u->addr_size); break;
    case DW_FORM_data1: case DW_FORM_flag: v->cls = V_CONST; v->u = dwarf_u(c, 1); break;
    case DW_FORM_data2: v->cls = V_CONST; v->u = dwarf_u(c, 2); break;
    case DW_FORM_data4: v->cls = V_CONST; v->u = dwarf_u(c, 4); break;
    case DW_FORM_data8: v->cls = V_CONST; v->u = dwarf_u(c, 8); break;
    case DW_FORM_data16: v->cls = V_CONST; v->u = dwarf_addr(c, 16); break;
    case DW_FORM_sdata: v->cls = V_CONST; v->u = (u128)(i128)dwarf_sleb(c); break;
    case DW_FORM_udata: v->cls = V_CONST; v->u = dwarf_uleb(c); break;
    case DW_FORM_implicit_const: v->cls = V_CONST; v->u = (u128)(i128)implicit; break;
    case DW_FORM_flag_present: v->cls = V_CONST; v->u = 1; break;
    case DW_FORM_string: v->cls = V_STR; v->s = dwarf_cstr(c); break;
    case DW_FORM_strp: case DW_FORM_line_strp: {
        const struct dwarf_sect *ss = form == DW_FORM_strp ? &d->str : &d->line_str;
        u64 off = dwarf_u(c, offsz);
        v->cls = V_STR;
        v->s = c->bad ? NULL : dwarf_strp(ss->data, ss->size, off);
        break;
    }
    case DW_FORM_ref1: v->cls = V_REF; v->u = u->off + dwarf_u(c, 1); break;
    case DW_FORM_ref2: v->cls = V_REF; v->u = u->off + dwarf_u(c, 2); break;
    case DW_FORM_ref4: v->cls = V_REF; v->u = u->off + dwarf_u(c, 4); break;
    case DW_FORM_ref8: v->cls = V_REF; v->u = u->off + (u128)dwarf_u(c, 8); break;
    case DW_FORM_ref_udata: v->cls = V_REF; v->u = u->off + (u128)dwarf_uleb(c); break;
    case DW_FORM_ref_addr:
        v->cls = V_REF;
        v->u = dwarf_u(c, u->version <= 2 ? u->addr_size : offsz);
        break;
    case DW_FORM_sec_offset: v->cls = V_SECOFF; v->u = dwarf_u(c, offsz); break;
    case DW_FORM_strp_sup: case DW_FORM_ref_sup4: case DW_FORM_ref_sup8:
        dwarf_u(c, form == DW_FORM_ref_sup4 ? 4 : form == DW_FORM_ref_sup8 ? 8 : offsz);
        break;
    case DW_FORM_ref_sig8: dwarf_u(c, 8); break;
    case DW_FORM_strx: case DW_FORM_addrx: case DW_FORM_loclistx: case DW_FORM_rnglistx:
        dwarf_uleb(c);          /* indexed forms: need .debug_str_offsets/.debug_addr */
        break;
    case DW_FORM_strx1: case DW_FORM_addrx1: dwarf_u(c, 1); break;
    case DW_FORM_strx2: case DW_FORM_addrx2: dwarf_u(c, 2); break;
    case DW_FORM_strx3: case DW_FORM_addrx3: dwarf_u(c, 3); break;
    case DW_FORM_strx4: case DW_FORM_addrx4: dwarf_u(c, 4); break;
    case DW_FORM_block1: case DW_FORM_block2: case DW_FORM_block4: case DW_FORM_block:
    case DW_FORM_exprloc:
        n = form == DW_FORM_block1 ? dwarf_u(c, 1) : form == DW_FORM_block2 ? dwarf_u(c, 2)
            : form == DW_FORM_block4 ? dwarf_u(c, 4) : dwarf_uleb(c);
        if (!c->bad && n <= c->end - c->pos)
            c->pos += (usize)n;
        else
            c->bad = true;
        break;
    default: return -1;
    }
    return c->bad ? -1 : 0;
}

/* ---------------------------------------------------------------- line tables */

static const char *keep(struct dwarf *d, char *s)
{
    char **np = s ? grown(d->paths, &d->cappaths, d->npaths, sizeof *d->paths) : NULL;
    if (!np) {
        free(s);
        return NULL;
    }
    d->paths = np;
    d->paths[d->npaths++] = s;
    return s;
}

static char *join(const char *a, const char *b, const char *c)
{
    usize n = strlen(a) + strlen(b) + (c ? strlen(c) + 1 : 0) + 2;
    char *s = malloc(n);
    if (s) {
        if (c)
            snprintf(s, n, "%s/%s/%s", a, b, c);
        else
            snprintf(s, n, "%s/%s", a, b);
    }
    return s;
}

/* The path of file `i` of the table, as GNU's BFD builds it: the name if absolute, else
 * prefixed by its directory, itself prefixed by the compilation directory if relative. */
static const char *file_path(struct dwarf *d, const struct dwarf_line_hdr *h, u64 i,
                             const char *comp_dir)
{
    if ((h->version < 5 && i == 0) || i >= h->nfiles)
        return "<unknown>";
    const char *name = h->files[i].name;
    if (name[0] == '/')
        return name;
    u64 dir = h->files[i].dir;
    const char *sub = (h->version >= 5 || dir != 0) && dir < h->ndirs ? h->dirs[dir] : NULL;
    const char *top = !sub || sub[0] != '/' ? comp_dir : NULL;
    if (!top) {
        top = sub;
        sub = NULL;
    }
    if (!top)
        return name;
    return keep(d, sub ? join(top, sub, name) : join(top, name, NULL));
}

static int add_row(struct dwarf *d, const struct dwarf_line_regs *r, const char **paths,
                   u32 npaths, struct seq **cur)
{
    struct row *nr = grown(d->rows, &d->caprows, d->nrows, sizeof *d->rows);
    if (!nr)
        return -1;
    d->rows = nr;
    if (!*cur) {
        struct seq *ns = grown(d->seqs, &d->capseqs, d->nseqs, sizeof *d->seqs);
        if (!ns)
            return -1;
        d->seqs = ns;
        *cur = &d->seqs[d->nseqs++];
        **cur = (struct seq){ r->addr, r->addr, d->nrows, 0 };
    }
    d->rows[d->nrows++] = (struct row){
        r->addr, r->file < npaths ? paths[r->file] : "<unknown>", r->line, r->disc, r->end_seq,
    };
    (*cur)->n++;
    if (r->end_seq) {
        (*cur)->hi = r->addr;
        *cur = NULL;
    }
    return 0;
}

static int load_lines(struct dwarf *d, u64 off, const char *comp_dir, struct elf_err *err)
{
    if (off >= d->line.size) {
        snprintf(err->msg, sizeof err->msg, "DWARF error: line table offset 0x%llx is "
                 "outside .debug_line", (unsigned long long)off);
        return -1;
    }
    struct dwarf_line_hdr h;
    if (dwarf_line_hdr_read(&d->line, (usize)off, &d->str, &d->line_str, &h, err) < 0)
        return -1;
    int rc = -1;
    const char **paths = calloc(h.nfiles ? h.nfiles : 1, sizeof *paths);
    if (!paths) {
        snprintf(err->msg, sizeof err->msg, "out of memory");
        goto out;
    }
    for (u32 i = 0; i < h.nfiles; i++)
        if (!(paths[i] = file_path(d, &h, i, comp_dir))) {
            snprintf(err->msg, sizeof err->msg, "out of memory");
            goto out;
        }
    struct dwarf_line_vm vm;
    struct dwarf_line_op op;
    struct seq *cur = NULL;
    dwarf_line_start(&vm, &h, &d->line);
    int s;
    while ((s = dwarf_line_step(&vm, &op, err)) > 0) {
        if (op.row && add_row(d, &vm.row, paths, h.nfiles, &cur) < 0) {
            snprintf(err->msg, sizeof err->msg, "out of memory");
            goto out;
        }
    }
    if (s == 0)
        rc = 0;
    /* a sequence without DW_LNE_end_sequence covers nothing, as for GNU */
    if (cur)
        cur->hi = cur->lo;
out:
    if (rc == 0) {
        d->unit_paths = paths;  /* for DW_AT_call_file; freed after the unit */
        d->unit_npaths = h.nfiles;
    } else {
        free(paths);
    }
    dwarf_line_hdr_free(&h);
    return rc;
}

/* ---------------------------------------------------------------- compile units */

static int add_func(struct dwarf *d, const struct func *fn)
{
    struct func *nf = grown(d->funcs, &d->capfuncs, d->nfuncs, sizeof *d->funcs);
    if (!nf)
        return -1;
    d->funcs = nf;
    d->funcs[d->nfuncs++] = *fn;
    return 0;
}

/* One function entry per range of the list at `off` (.debug_ranges before DWARF 5,
 * .debug_rnglists from 5).  A malformed list ends early: its function is then only
 * partly known, which is no reason to reject the file.  -1 only when out of memory. */
static int add_ranges(struct dwarf *d, const struct unit *u, u128 base, u64 off,
                      const struct func *fn)
{
    const struct dwarf_sect *sec = u->version >= 5 ? &d->rnglists : &d->ranges;
    if (off >= sec->size)
        return 0;
    struct dwarf_cur c = { sec->data, (usize)off, sec->size, false };
    u128 maxaddr = u->addr_size >= 16 ? ~(u128)0 : ((u128)1 << (8 * u->addr_size)) - 1;
    for (int n = 0; n < 100000 && !c.bad; n++) {
        u128 lo, hi;
        if (u->version < 5) {
            lo = dwarf_addr(&c, u->addr_size);
            hi = dwarf_addr(&c, u->addr_size);
            if (c.bad || (lo == 0 && hi == 0))
                break;
            if (lo == maxaddr) {
                base = hi;
                continue;
            }
            lo += base;
            hi += base;
        } else {
            u8 kind = (u8)dwarf_u(&c, 1);
            if (c.bad || kind == 0)                     /* DW_RLE_end_of_list */
                break;
            switch (kind) {
            case 4:                                     /* DW_RLE_offset_pair */
                lo = base + dwarf_uleb(&c);
                hi = base + dwarf_uleb(&c);
                break;
            case 5:                                     /* DW_RLE_base_address */
                base = dwarf_addr(&c, u->addr_size);
                continue;
            case 6:                                     /* DW_RLE_start_end */
                lo = dwarf_addr(&c, u->addr_size);
                hi = dwarf_addr(&c, u->addr_size);
                break;
            case 7:                                     /* DW_RLE_start_length */
                lo = dwarf_addr(&c, u->addr_size);
                hi = lo + dwarf_uleb(&c);
                break;
            default:            /* the indexed kinds need .debug_addr: not followed */
                return 0;
            }
        }
        if (c.bad)
            break;
        if (hi > lo) {
            struct func r = *fn;
            r.lo = lo;
            r.hi = hi;
            if (add_func(d, &r) < 0)
                return -1;
        }
    }
    return 0;
}

/* Walk the entries of one unit: the unit entry's line table, the functions. */
static int scan_unit(struct dwarf *d, const struct unit *u, const struct abbrevs *ab,
                     struct dwarf_cur *c, struct elf_err *err)
{
    bool first = true;
    int depth = 0;
    u128 base = 0;              /* the unit's DW_AT_low_pc: base of its range lists */
    /* caller[k]: the function entry enclosing the entries at depth k */
    enum { MAXDEPTH = 256 };
    usize caller[MAXDEPTH + 1];
    caller[0] = caller[1] = NO_FUNC;
    while (c->pos < u->end) {
        usize die = c->pos;
        u64 code = dwarf_uleb(c);
        if (c->bad)
            return dfail(err, "truncated entry", die);
        if (code == 0) {
            if (--depth <= 0 && !first)
                break;
            continue;
        }
        const struct abbrev *a = abbrev_find(ab, code);
        if (!a)
            return dfail(err, "unknown abbreviation", die);
        struct func fn = { .die = die, .caller = depth <= MAXDEPTH ? caller[depth] : NO_FUNC };
        u64 call_file = 0, ranges = 0;
        bool has_lo = false, has_hi = false, hi_rel = false, has_ranges = false;
        u64 stmt = 0;
        bool has_stmt = false;
        const char *comp_dir = NULL;
        for (u32 i = 0; i < a->nattr; i++) {
            struct attrval v;
            if (read_attr(d, u, c, a->attrs[i].form, a->attrs[i].implicit, &v) < 0)
                return dfail(err, "bad or unsupported attribute form", die);
            switch (a->attrs[i].name) {
            case DW_AT_low_pc:
                if (v.cls == V_ADDR) { fn.lo = v.u; has_lo = true; }
                break;
            case DW_AT_high_pc:
                if (v.cls == V_ADDR || v.cls == V_CONST) {
                    fn.hi = v.u;
                    hi_rel = v.cls == V_CONST;
                    has_hi = true;
                }
                break;
            case DW_AT_name:
                if (v.cls == V_STR && !fn.name) fn.name = v.s;
                break;
            case DW_AT_linkage_name: case DW_AT_MIPS_linkage_name:
                if (v.cls == V_STR) fn.name = v.s;
                break;
            case DW_AT_abstract_origin: case DW_AT_specification:
                if (v.cls == V_REF && v.u < d->info.size) fn.origin = (usize)v.u;
                break;
            case DW_AT_stmt_list:
                if (v.cls == V_SECOFF || v.cls == V_CONST) { stmt = (u64)v.u; has_stmt = true; }
                break;
            case DW_AT_comp_dir:
                if (v.cls == V_STR) comp_dir = v.s;
                break;
            case DW_AT_call_file:
                if (v.cls == V_CONST) call_file = (u64)v.u;
                break;
            case DW_AT_ranges:  /* DW_FORM_rnglistx (split DWARF) is not followed */
                if (v.cls == V_SECOFF || (v.cls == V_CONST && u->version < 5)) {
                    ranges = (u64)v.u;
                    has_ranges = true;
                }
                break;
            case DW_AT_call_line:
                if (v.cls == V_CONST) fn.call_line = (u32)v.u;
                break;
            default: break;
            }
        }
        usize self = NO_FUNC;
        bool is_code = a->tag == DW_TAG_subprogram || a->tag == DW_TAG_inlined_subroutine;
        if (first) {
            first = false;
            base = has_lo ? fn.lo : 0;
            if (has_stmt && load_lines(d, stmt, comp_dir, err) < 0)
                return -1;
        } else if (is_code && ((has_lo && has_hi) || has_ranges)) {
            if (hi_rel)
                fn.hi += fn.lo;
            fn.inlined = a->tag == DW_TAG_inlined_subroutine;
            if (fn.inlined)
                fn.call_file = call_file < d->unit_npaths ? d->unit_paths[call_file]
                                                          : "<unknown>";
            self = d->nfuncs;
            if (has_lo && has_hi ? add_func(d, &fn) : add_ranges(d, u, base, ranges, &fn)) {
                snprintf(err->msg, sizeof err->msg, "out of memory");
                return -1;
            }
            if (self == d->nfuncs)
                self = NO_FUNC;
        } else if (a->tag == DW_TAG_subprogram && (fn.name || fn.origin)) {
            /* a declaration or abstract instance: a name for DW_AT_abstract_origin */
            fn.lo = fn.hi = 0;
            if (add_func(d, &fn) < 0) {
                snprintf(err->msg, sizeof err->msg, "out of memory");
                return -1;
            }
        }
        if (a->children) {
            depth++;
            if (depth <= MAXDEPTH)
                caller[depth] = self != NO_FUNC ? self : caller[depth - 1];
        } else if (depth == 0) {
            break;              /* a unit entry without children */
        }
    }
    return 0;
}

static int scan_info(struct dwarf *d, struct elf_err *err)
{
    usize off = 0;
    while (off < d->info.size) {
        struct dwarf_cur c = { d->info.data, off, d->info.size, false };
        struct unit u = { .off = off };
        u64 len = dwarf_u(&c, 4);
        if (len >= 0xfffffff0u) {
            if (len != 0xffffffffu)
                return dfail(err, "reserved unit length", off);
            u.dwarf64 = true;
            len = dwarf_u(&c, 8);
        }
        if (c.bad || len > c.end - c.pos)
            return dfail(err, "unit length runs past the end of the section", off);
        u.end = c.end = c.pos + (usize)len;
        u.version = (u16)dwarf_u(&c, 2);
        if (c.bad || u.version < 2 || u.version > 5)
            return dfail(err, "unsupported unit version", off);
        u64 abbrev_off;
        u8 unit_type = 1;       /* DW_UT_compile */
        if (u.version >= 5) {
            unit_type = (u8)dwarf_u(&c, 1);
            u.addr_size = (u8)dwarf_u(&c, 1);
            abbrev_off = dwarf_u(&c, u.dwarf64 ? 8 : 4);
            if (unit_type == 4 || unit_type == 5)       /* skeleton, split_compile */
                dwarf_u(&c, 8);
        } else {
            abbrev_off = dwarf_u(&c, u.dwarf64 ? 8 : 4);
            u.addr_size = (u8)dwarf_u(&c, 1);
        }
        if (c.bad)
            return dfail(err, "truncated unit header", off);
        if (u.addr_size == 0 || u.addr_size > 16)
            return dfail(err, "bad address size", off);
        off = u.end;
        if (unit_type != 1 && unit_type != 3)   /* only compile and partial units */
            continue;
        struct abbrevs ab;
        if (abbrevs_read(d, abbrev_off, &ab, err) < 0)
            return -1;
        int rc = scan_unit(d, &u, &ab, &c, err);
        abbrevs_free(&ab);
        free(d->unit_paths);
        d->unit_paths = NULL;
        d->unit_npaths = 0;
        if (rc < 0)
            return -1;
    }
    return 0;
}

static int cmp_die(const void *pa, const void *pb)
{
    const struct func *a = pa, *b = pb;
    return a->die < b->die ? -1 : a->die > b->die;
}

static const struct func *func_by_die(const struct dwarf *d, usize die)
{
    struct func key = { .die = die };
    return bsearch(&key, d->funcs, d->nfuncs, sizeof *d->funcs, cmp_die);
}

struct dwarf *dwarf_open(const struct elf_file *f, unsigned flags, struct elf_err *err)
{
    struct dwarf *d = calloc(1, sizeof *d);
    if (!d) {
        snprintf(err->msg, sizeof err->msg, "out of memory");
        return NULL;
    }
    /* A relocatable object has every section at 0.  As GNU's BFD does, the allocated
     * sections are placed one after the other (each aligned) so that the relocated
     * debug information tells their addresses apart. */
    d->f = f;
    d->symtab = elf_section_by_type(f, SHT_SYMTAB);
    if (!d->symtab)
        d->symtab = elf_section_by_type(f, SHT_DYNSYM);
    d->nvma = elf_shnum(f);
    d->vma = calloc(d->nvma ? d->nvma : 1, sizeof *d->vma);
    if (!d->vma) {
        snprintf(err->msg, sizeof err->msg, "out of memory");
        goto bad;
    }
    u128 next = 0;
    for (u32 i = 1; i < d->nvma; i++) {
        const struct elf_shdr *sh = elf_shdr(f, i);
        d->vma[i] = sh->addr;
        if (elf_header(f)->type != ET_REL || !(sh->flags & SHF_ALLOC) ||
            (flags & DWARF_OPEN_RAW))
            continue;
        u128 al = sh->addralign ? sh->addralign : 1;
        next = (next + al - 1) / al * al;
        d->vma[i] = next;
        next += sh->size;
    }
    static const char *const names[7] = {
        ".debug_info", ".debug_abbrev", ".debug_line", ".debug_str", ".debug_line_str",
        ".debug_ranges", ".debug_rnglists",
    };
    struct dwarf_sect *sects[7] = {
        &d->info, &d->abbrev, &d->line, &d->str, &d->line_str, &d->ranges, &d->rnglists,
    };
    for (int i = 0; i < 7; i++)
        if (load_section(d, f, names[i], sects[i], &d->owned[i], err) < 0)
            goto bad;
    if (flags & DWARF_OPEN_RAW)
        return d;
    if (d->info.size && d->line.size && scan_info(d, err) < 0)
        goto bad;
    /* names through DW_AT_abstract_origin / DW_AT_specification (DIEs are in order) */
    for (usize i = 0; i < d->nfuncs; i++) {
        const struct func *fn = &d->funcs[i];
        for (int hop = 0; !d->funcs[i].name && fn && fn->origin && hop < 8; hop++) {
            fn = func_by_die(d, fn->origin);
            if (fn)
                d->funcs[i].name = fn->name;
        }
    }
    return d;
bad:
    dwarf_close(d);
    return NULL;
}

void dwarf_close(struct dwarf *d)
{
    if (!d)
        return;
    for (int i = 0; i < 7; i++)
        free(d->owned[i]);
    for (usize i = 0; i < d->npaths; i++)
        free(d->paths[i]);
    free(d->paths);
    free(d->rows);
    free(d->seqs);
    free(d->funcs);
    free(d->vma);
    free(d->unit_paths);
    free(d);
}

int dwarf_lookup(const struct dwarf *d, u128 addr, struct dwarf_loc *loc)
{
    memset(loc, 0, sizeof *loc);
    /* the smallest function range; among equal ones, the later entry (an inlined
     * subroutine comes after the function it is inlined in) */
    const struct func *best = NULL;
    for (usize i = 0; i < d->nfuncs; i++) {
        const struct func *fn = &d->funcs[i];
        if (addr >= fn->lo && addr < fn->hi &&
            (!best || fn->hi - fn->lo <= best->hi - best->lo))
            best = fn;
    }
    if (best) {
        loc->func = best->name;
        loc->inl = best->inlined ? (usize)(best - d->funcs) + 1 : 0;
    }
    for (usize s = 0; s < d->nseqs; s++) {
        const struct seq *q = &d->seqs[s];
        if (addr < q->lo || addr >= q->hi)
            continue;
        /* the last row at or below addr (of several at one address, the last one) */
        usize lo = 0, hi = q->n;
        const struct row *r = d->rows + q->first;
        while (lo < hi) {
            usize mid = lo + (hi - lo) / 2;
            if (r[mid].addr <= addr)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo == 0 || r[lo - 1].end)
            continue;
        loc->file = r[lo - 1].file;
        loc->line = r[lo - 1].line;
        loc->disc = r[lo - 1].disc;
        return 1;
    }
    return 0;
}

int dwarf_inliner(const struct dwarf *d, struct dwarf_loc *loc)
{
    if (!loc->inl || loc->inl > d->nfuncs)
        return 0;
    const struct func *fn = &d->funcs[loc->inl - 1];
    if (!fn->inlined || fn->caller == NO_FUNC)
        return 0;
    const struct func *up = &d->funcs[fn->caller];
    loc->file = fn->call_file;
    loc->line = fn->call_line;
    loc->func = up->name;
    loc->inl = fn->caller + 1;
    return 1;
}

int dwarf_find_line(struct dwarf *d, u32 sec, u128 off, struct dwarf_loc *loc)
{
    const struct elf_shdr *sh = elf_shdr(d->f, sec);
    if (!sh)
        return 0;
    bool found = dwarf_lookup(d, dwarf_section_vma(d, sec) + off, loc) || loc->func;
    if (loc->func)
        return 1;
    /* symbol values are addresses, but offsets in a relocatable object */
    u128 symoff = elf_header(d->f)->type == ET_REL ? off : sh->addr + off;
    const char *file = NULL;
    loc->func = elf_find_function(d->f, d->symtab, sec, symoff, &d->fcache, &file);
    if (!loc->func)
        return found;
    if (!found)
        loc->file = file;
    return 1;
}
