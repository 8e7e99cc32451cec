/* input.c — reading input objects and archives, and global symbol resolution.
 *
 * Objects are loaded in command-line order.  Archive members are loaded on demand: an
 * archive's symbols become "lazy" definitions, and a non-weak reference to a lazy symbol
 * queues its member (a weak reference never does, as in GNU ld).  Lazy definitions stay in
 * the table for the whole link, so every archive is searched as if all of them were in one
 * --start-group/--end-group.  Sections of a member are placed at the archive's position
 * on the command line (crtend.o after the libraries keeps its .eh_frame terminator last).
 *
 * Resolution rules (the ELF gABI's, as GNU ld applies them):
 *   strong definition  beats weak definitions and common symbols;
 *   two strong definitions are an error (-z muldefs / --allow-multiple-definition: first);
 *   common + common    the larger size and alignment;
 *   weak undefined     stays undefined (value 0) and pulls no archive member;
 *   visibility         the most constraining one seen in any object.
 * COMDAT groups (SHT_GROUP with GRP_COMDAT) are kept once per signature; the sections of
 * later copies are discarded together with the symbols they define. */
#include <string.h>
#include "ld.h"
#include "common/le.h"
#include "common/outfile.h"

#define GRP_COMDAT 1
#define SHT_LLVM_ADDRSIG 0x6fff4c03u
#define SHT_LLVM_CG_PROFILE 0x6fff4c09u

struct gnu_warning {
    const char *sym;
    const char *msg;
    const char *file;
    int shown;
};

struct pull_req {
    struct archive *a;
    u32 member;
    const char *by;
    const char *sym;
};

static const char *basename_of(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

int ld_is_c_ident(const char *s)
{
    if (!*s)
        return 0;
    for (const char *p = s; *p; p++) {
        char c = *p;
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
              (p != s && c >= '0' && c <= '9')))
            return 0;
    }
    return 1;
}

struct sym *ld_sym_lookup(struct ld *L, const char *name)
{
    return strmap_get(&L->globals, name);
}

static struct sym *sym_get(struct ld *L, const char *name)
{
    int created;
    void **slot = strmap_slot(L, &L->globals, name, &created);
    if (created) {
        struct sym *s = ld_alloc(L, sizeof *s);
        s->name = name;
        s->kind = SYM_UNDEF;
        s->bind = STB_GLOBAL;
        *slot = s;
        vec_push(L, &L->global_list, s);
    }
    return *slot;
}

static void merge_vis(struct sym *g, u8 other)
{
    u8 v = ELF_ST_VISIBILITY(other), cur = ELF_ST_VISIBILITY(g->other);
    if (v != STV_DEFAULT && (cur == STV_DEFAULT || v < cur))
        g->other = (u8)((g->other & ~3u) | v);
}

static void queue_pull(struct ld *L, struct sym *g, const char *by)
{
    struct archive *a = g->ar;
    struct ar_member *m = &a->mem[g->member];
    if (m->loaded)
        return;
    m->loaded = 1;
    struct pull_req *r = ld_alloc(L, sizeof *r);
    r->a = a;
    r->member = g->member;
    r->by = by;
    r->sym = g->name;
    vec_push(L, &L->pull_queue, r);
}

/* A reference to `name` (from an object, -u or the entry point). */
struct sym *ld_sym_ref(struct ld *L, const char *name, int strong)
{
    struct sym *g = sym_get(L, name);
    if (strong)
        g->pull_ref = 1;
    if (g->kind == SYM_LAZY && strong)
        queue_pull(L, g, "(command line)");
    return g;
}

static void define(struct sym *g, struct obj *o, const struct elf_sym *es, struct isec *sec)
{
    g->kind = SYM_DEFINED;
    g->file = o;
    g->sec = sec;
    g->value = es->value;
    g->size = es->size;
    g->bind = ELF_ST_BIND(es->info) == STB_WEAK ? STB_WEAK : STB_GLOBAL;
    g->type = ELF_ST_TYPE(es->info);
    g->other = (u8)((g->other & 3u) | (es->other & ~3u));
    g->ar = NULL;
}

static void resolve_global(struct ld *L, struct obj *o, u32 idx, const struct elf_sym *es)
{
    const char *name = es->name;
    u8 bind = ELF_ST_BIND(es->info);
    int weak = bind == STB_WEAK;
    struct sym *g = sym_get(L, name);
    o->syms[idx] = g;
    merge_vis(g, es->other);
    u32 shndx = es->shndx;
    struct isec *sec = NULL;
    int discarded = 0;
    if (shndx != SHN_UNDEF && shndx < SHN_LORESERVE) {
        sec = shndx < o->nsec ? o->secs[shndx] : NULL;
        if (!sec || sec->discarded)
            discarded = 1;
    } else if (shndx >= SHN_LORESERVE && shndx != SHN_ABS && shndx != SHN_COMMON) {
        ld_error(L, "%s: symbol `%s' has unsupported section index 0x%x", o->name, name,
                 shndx);
        return;
    }
    /* the type seen by references, for the TLS check */
    if (shndx == SHN_UNDEF || discarded) {
        if (ELF_ST_TYPE(es->info) == STT_TLS)
            g->ref_tls = 1;
        else if (ELF_ST_TYPE(es->info) != STT_NOTYPE)
            g->ref_nontls = 1;
        if (!g->file)
            g->file = o;
        if (!weak || discarded) {
            g->strong_ref = 1;
            g->pull_ref = 1;
            if (!g->ref_file)
                g->ref_file = o;
        }
        if (discarded && g->kind == SYM_UNDEF)
            g->in_discarded = 1;
        if (g->kind == SYM_LAZY && (!weak || discarded))
            queue_pull(L, g, o->name);
        return;
    }
    if (shndx == SHN_COMMON) {
        u128 align = es->value ? es->value : 1;
        if (align & (align - 1)) {
            ld_error(L, "%s: common symbol `%s' has alignment %s, not a power of two",
                     o->name, name, ld_dec(L, (i128)align));
            return;
        }
        switch (g->kind) {
        case SYM_UNDEF:
        case SYM_LAZY:
            g->kind = SYM_COMMON;
            g->file = o;
            g->value = align;
            g->size = es->size;
            g->type = STT_OBJECT;
            g->bind = STB_GLOBAL;
            g->ar = NULL;
            break;
        case SYM_COMMON:
            if (es->size > g->size) {
                g->size = es->size;
                g->file = o;
            }
            if (align > g->value)
                g->value = align;
            break;
        case SYM_DEFINED:
            if (g->bind == STB_WEAK) {
                g->kind = SYM_COMMON;
                g->file = o;
                g->sec = NULL;
                g->value = align;
                g->size = es->size;
                g->type = STT_OBJECT;
                g->bind = STB_GLOBAL;
            }
            break;
        default:
            break;
        }
        return;
    }
    /* a definition (in a section, or absolute) */
    switch (g->kind) {
    case SYM_UNDEF:
    case SYM_LAZY:
    case SYM_COMMON:
        define(g, o, es, sec);
        break;
    case SYM_DEFINED:
        if (g->bind == STB_WEAK && !weak) {
            define(g, o, es, sec);
        } else if (!weak && g->bind != STB_WEAK && !L->opt.muldefs) {
            ld_error(L, "%s: multiple definition of `%s'; first defined in %s", o->name, name,
                     g->file ? g->file->name : "(unknown)");
        }
        break;
    case SYM_LINKER:
        break;                       /* --defsym wins, like a script assignment */
    }
}

struct isec *ld_new_synth_isec(struct ld *L, const char *name, u32 type, u64 flags,
                               u128 size, u128 align)
{
    struct obj *o = L->linker_obj;
    struct isec *s = ld_alloc(L, sizeof *s);
    s->obj = o;
    s->name = name;
    s->type = type;
    s->flags = flags;
    s->size = s->outsize = size;
    s->align = align ? align : 1;
    s->live = 1;
    s->seq = L->seq++;
    vec_push(L, &L->isecs, s);
    return s;
}

static int check_flags(struct ld *L, struct obj *o)
{
    u32 f = o->eflags;
    int has_code = 0;
    for (u32 i = 1; i < o->nsec; i++)
        if (o->secs[i] && (o->secs[i]->flags & SHF_EXECINSTR) && o->secs[i]->size)
            has_code = 1;
    if (o->cls == ELFCLASS128) {
        u32 fabi = f & EF_RISCV_FLOAT_ABI;
        if (fabi == EF_RISCV_FLOAT_ABI_SINGLE || fabi == EF_RISCV_FLOAT_ABI_QUAD) {
            ld_error(L, "%s: ELFCLASS128 object with the %s-float ABI (only soft and double "
                        "exist for rv128)", o->name,
                     fabi == EF_RISCV_FLOAT_ABI_SINGLE ? "single" : "quad");
            return -1;
        }
        if (f & EF_RISCV_RVE) {
            ld_error(L, "%s: ELFCLASS128 object with the RVE flag", o->name);
            return -1;
        }
    }
    /* psABI: flags of an object with no code and no flags do not take part */
    if (f == 0 && !has_code)
        return 0;
    if (!L->have_eflags) {
        L->have_eflags = 1;
        L->eflags = f;
        L->fabi_file = o->name;
        return 0;
    }
    if ((f & EF_RISCV_FLOAT_ABI) != (L->eflags & EF_RISCV_FLOAT_ABI)) {
        static const char *const n[4] = { "soft", "single", "double", "quad" };
        ld_error(L, "%s: %s-float ABI object cannot be linked with %s-float ABI object %s",
                 o->name, n[(f & EF_RISCV_FLOAT_ABI) >> 1],
                 n[(L->eflags & EF_RISCV_FLOAT_ABI) >> 1], L->fabi_file);
        return -1;
    }
    if ((f & EF_RISCV_RVE) != (L->eflags & EF_RISCV_RVE)) {
        ld_error(L, "%s: %s object cannot be linked with %s object %s", o->name,
                 (f & EF_RISCV_RVE) ? "RVE" : "non-RVE",
                 (L->eflags & EF_RISCV_RVE) ? "RVE" : "non-RVE", L->fabi_file);
        return -1;
    }
    L->eflags |= f & (EF_RISCV_RVC | EF_RISCV_TSO);
    return 0;
}

static const char *class_name(int cls)
{
    return cls == ELFCLASS32 ? "ELFCLASS32" : cls == ELFCLASS64 ? "ELFCLASS64" : "ELFCLASS128";
}

static int check_class(struct ld *L, struct obj *o)
{
    if (L->opt.emul_cls && o->cls != L->opt.emul_cls) {
        ld_error(L, "%s: %s object does not match emulation %s", o->name, class_name(o->cls),
                 L->opt.emul_cls == ELFCLASS32   ? "elf32lriscv"
                 : L->opt.emul_cls == ELFCLASS64 ? "elf64lriscv"
                                                 : "elf128lriscv");
        return -1;
    }
    if (!L->cls) {
        L->cls = o->cls;
        L->cls_file = o->name;
        L->xlen = elf_class_bits(o->cls);
        L->word = L->xlen / 8;
        return 0;
    }
    if (o->cls != L->cls) {
        ld_error(L, "%s: %s object cannot be linked with %s object %s", o->name,
                 class_name(o->cls), class_name(L->cls), L->cls_file);
        return -1;
    }
    return 0;
}

/* SHT_GROUP: COMDAT groups seen before lose their member sections. */
static void do_groups(struct ld *L, struct obj *o)
{
    struct elf_file *f = o->ef;
    for (u32 i = 1; i < o->nsec; i++) {
        const struct elf_shdr *sh = elf_shdr(f, i);
        if (sh->type != SHT_GROUP)
            continue;
        const u8 *d;
        usize n;
        elf_section_data(f, i, &d, &n);
        if (n < 4 || n % 4) {
            ld_error(L, "%s: section %u: malformed SHT_GROUP section", o->name, i);
            continue;
        }
        if (!(get_le32(d) & GRP_COMDAT))
            continue;
        struct elf_sym s;
        if (elf_sym(f, sh->link, sh->info, &s) != 0) {
            ld_error(L, "%s: section %u: bad group signature symbol %u", o->name, i, sh->info);
            continue;
        }
        const char *sig = s.name;
        if (ELF_ST_TYPE(s.info) == STT_SECTION && s.shndx < o->nsec)
            sig = elf_shdr(f, s.shndx)->name;
        int created;
        void **slot = strmap_slot(L, &L->comdats, sig, &created);
        if (created) {
            *slot = o;
            continue;
        }
        for (usize k = 1; k < n / 4; k++) {
            u32 m = get_le32(d + 4 * k);
            if (m == 0 || m >= o->nsec) {
                ld_error(L, "%s: section %u: bad group member %u", o->name, i, m);
                continue;
            }
            o->sec_discarded[m] = 1;
            if (o->secs[m])
                o->secs[m]->discarded = 1;
        }
    }
}

static int is_discarded_name(const char *n)
{
    return !strcmp(n, ".note.GNU-stack") || !strcmp(n, ".gnu_debuglink") ||
           !strncmp(n, ".gnu.lto_", 9) || !strcmp(n, ".gnu.warning") ||
           !strncmp(n, ".gnu.warning.", 13) || !strcmp(n, ".note.gnu.property");
}

static struct obj *load_object(struct ld *L, const char *name, const char *fname,
                               const u8 *data, usize size, u64 order)
{
    struct elf_err err;
    struct elf_file *f = elf_read(data, size, 0, &err);
    if (!f) {
        ld_error(L, "%s: %s", name, err.msg);
        return NULL;
    }
    vec_push(L, &L->elf_files, f);
    const struct elf_ehdr *eh = elf_header(f);
    if (eh->type != ET_REL) {
        const char *t = elf_et_name(eh->type);
        ld_error(L, "%s: not a relocatable object (ELF type %s)", name, t ? t : "unknown");
        return NULL;
    }
    if (eh->machine != EM_RISCV) {
        const char *m = elf_em_name(eh->machine);
        ld_error(L, "%s: machine %s is not RISC-V", name, m ? m : ld_dec(L, eh->machine));
        return NULL;
    }
    struct obj *o = ld_alloc(L, sizeof *o);
    o->name = name;
    o->file_name = fname;
    o->ef = f;
    o->data = data;
    o->size = size;
    o->cls = eh->cls;
    o->eflags = eh->flags;
    o->order = order;
    const char *base = basename_of(fname);
    o->is_crtbegin = !strncmp(base, "crtbegin", 8);
    o->is_crtend = !strncmp(base, "crtend", 6);
    if (check_class(L, o) != 0)
        return NULL;
    o->nsec = elf_shnum(f);
    o->secs = ld_alloc_array(L, o->nsec ? o->nsec : 1, sizeof *o->secs);
    o->sec_discarded = ld_alloc(L, o->nsec ? o->nsec : 1);

    /* content sections */
    for (u32 i = 1; i < o->nsec; i++) {
        const struct elf_shdr *sh = elf_shdr(f, i);
        switch (sh->type) {
        case SHT_NULL: case SHT_SYMTAB: case SHT_STRTAB: case SHT_REL: case SHT_RELA:
        case SHT_GROUP: case SHT_SYMTAB_SHNDX: case SHT_DYNSYM: case SHT_DYNAMIC:
        case SHT_HASH: case SHT_GNU_HASH: case SHT_GNU_versym: case SHT_GNU_verdef:
        case SHT_GNU_verneed: case SHT_LLVM_ADDRSIG: case SHT_LLVM_CG_PROFILE:
            continue;
        case SHT_RISCV_ATTRIBUTES:
            o->attrs_sec = i;
            continue;
        default:
            break;
        }
        if (!strncmp(sh->name, ".gnu.warning.", 13) && sh->type == SHT_PROGBITS) {
            const u8 *d;
            usize n;
            elf_section_data(f, i, &d, &n);
            struct gnu_warning *w = ld_alloc(L, sizeof *w);
            w->sym = sh->name + 13;
            w->msg = ld_strndup(L, (const char *)(d ? d : (const u8 *)""),
                                d ? strnlen((const char *)d, n) : 0);
            w->file = name;
            vec_push(L, &L->warnings, w);
            continue;
        }
        if ((sh->flags & SHF_EXCLUDE) || is_discarded_name(sh->name))
            continue;
        if (sh->flags & SHF_COMPRESSED) {
            if (sh->flags & SHF_ALLOC) {
                ld_error(L, "%s: section %s is compressed (SHF_COMPRESSED); zl-ld cannot "
                            "decompress sections", name, sh->name);
            } else {
                ld_warn(L, "%s: compressed section %s dropped (zl-ld cannot decompress "
                           "sections)", name, sh->name);
            }
            continue;
        }
        if (sh->flags >> 64) {
            ld_error(L, "%s: section %s has flags above bit 63", name, sh->name);
            continue;
        }
        struct isec *s = ld_alloc(L, sizeof *s);
        s->obj = o;
        s->idx = i;
        s->name = sh->name;
        s->type = sh->type;
        s->flags = (u64)sh->flags;
        s->size = s->outsize = sh->size;
        s->align = sh->addralign ? sh->addralign : 1;
        s->entsize = sh->entsize;
        if (sh->type != SHT_NOBITS) {
            const u8 *d;
            usize n;
            elf_section_data(f, i, &d, &n);
            s->data = d;
        }
        if ((s->flags & SHF_TLS) && !(s->flags & SHF_ALLOC)) {
            ld_error(L, "%s: TLS section %s is not SHF_ALLOC", name, sh->name);
            continue;
        }
        /* a NOBITS .eh_frame has no records to read: an ordinary section */
        s->is_ehframe = !strcmp(sh->name, ".eh_frame") && (s->flags & SHF_ALLOC) && s->data;
        s->seq = L->seq++;
        s->live = 1;
        o->secs[i] = s;
    }
    do_groups(L, o);

    /* relocation sections -> their targets */
    for (u32 i = 1; i < o->nsec; i++) {
        const struct elf_shdr *sh = elf_shdr(f, i);
        if (sh->type != SHT_RELA && sh->type != SHT_REL)
            continue;
        if (sh->info == 0 || sh->info >= o->nsec)
            continue;
        struct isec *t = o->secs[sh->info];
        if (!t || t->discarded)
            continue;
        if (sh->type == SHT_REL) {
            ld_error(L, "%s: section %s: SHT_REL relocations are not supported on RISC-V",
                     name, sh->name);
            continue;
        }
        if (elf_rel_count(f, i) == 0)
            continue;
        if (t->relsec) {
            ld_error(L, "%s: section %s has two relocation sections", name, t->name);
            continue;
        }
        if (elf_shdr(f, i)->link == 0 || elf_shdr(f, sh->link)->type != SHT_SYMTAB) {
            ld_error(L, "%s: section %s: relocations without a symbol table", name, sh->name);
            continue;
        }
        t->relsec = i;
    }

    /* symbols */
    u32 st = elf_section_by_type(f, SHT_SYMTAB);
    o->symsec = st;
    o->nsym = elf_sym_count(f, st);
    o->syms = ld_alloc_array(L, o->nsym ? o->nsym : 1, sizeof *o->syms);
    o->sym_weak = ld_alloc(L, o->nsym ? o->nsym : 1);
    if (check_flags(L, o) != 0)
        return NULL;
    for (u32 k = 1; k < o->nsym; k++) {
        struct elf_sym es;
        elf_sym(f, st, k, &es);
        u8 bind = ELF_ST_BIND(es.info);
        if (bind == STB_LOCAL) {
            struct sym *s = ld_alloc(L, sizeof *s);
            s->name = es.name;
            s->is_local = 1;
            s->bind = STB_LOCAL;
            s->type = ELF_ST_TYPE(es.info);
            s->other = es.other;
            s->file = o;
            s->value = es.value;
            s->size = es.size;
            if (es.shndx == SHN_UNDEF) {
                s->kind = SYM_UNDEF;
            } else if (es.shndx == SHN_ABS) {
                s->kind = SYM_DEFINED;
            } else if (es.shndx == SHN_COMMON || es.shndx >= SHN_LORESERVE) {
                ld_error(L, "%s: local symbol `%s' has unsupported section index 0x%x", name,
                         es.name, es.shndx);
                s->kind = SYM_DEFINED;
            } else {
                s->kind = SYM_DEFINED;
                s->sec = o->secs[es.shndx];
                if (!s->sec || s->sec->discarded)
                    s->in_discarded = 1;
                if (s->type == STT_SECTION)
                    s->name = elf_shdr(f, es.shndx)->name;
            }
            o->syms[k] = s;
            continue;
        }
        if (!es.name[0]) {
            ld_error(L, "%s: global symbol %u has no name", name, k);
            continue;
        }
        o->sym_weak[k] = bind == STB_WEAK;
        resolve_global(L, o, k, &es);
    }
    vec_push(L, &L->objs, o);
    for (u32 i = 1; i < o->nsec; i++)
        if (o->secs[i])
            vec_push(L, &L->isecs, o->secs[i]);
    if (L->opt.trace && L->err)
        fprintf(L->err, "%s\n", name);
    return o;
}

static void lazy_symbol(struct ld *L, struct archive *a, u32 member, const char *name)
{
    struct sym *g = sym_get(L, name);
    if (g->kind == SYM_UNDEF) {
        g->kind = SYM_LAZY;
        g->ar = a;
        g->member = member;
        if (g->pull_ref)
            queue_pull(L, g, g->ref_file ? g->ref_file->name : "(command line)");
    }
}

static void drain_pulls(struct ld *L)
{
    for (u32 qi = 0; qi < L->pull_queue.n; qi++) {
        struct pull_req *r = L->pull_queue.v[qi];
        usize size;
        const u8 *d = ar_member_data(L, r->a, r->member, &size);
        if (!d)
            continue;
        const char *mname = r->a->mem[r->member].name;
        const char *disp = ld_sprintf(L, "%s(%s)", r->a->path, mname);
        struct pull_note *pn = ld_alloc(L, sizeof *pn);
        pn->member = disp;
        pn->by = r->by;
        pn->sym = r->sym;
        vec_push(L, &L->pulled, pn);
        load_object(L, disp, mname, d, size, (u64)r->a->pos << 32 | L->seq++);
    }
    L->pull_queue.n = 0;
}

static void add_archive(struct ld *L, const char *path, const u8 *data, usize size, u32 pos,
                        int whole)
{
    struct archive *a = ar_parse(L, path, data, size);
    if (!a)
        return;
    a->pos = pos;
    a->whole = whole;
    vec_push(L, &L->archives, a);
    if (whole) {
        for (u32 i = 0; i < a->nmem; i++) {
            usize n;
            const u8 *d = ar_member_data(L, a, i, &n);
            if (!d)
                continue;
            a->mem[i].loaded = 1;
            if (n < 4 || d[0] != 0x7f || d[1] != 'E' || d[2] != 'L' || d[3] != 'F')
                continue;
            load_object(L, ld_sprintf(L, "%s(%s)", path, a->mem[i].name), a->mem[i].name, d,
                        n, (u64)pos << 32 | L->seq++);
        }
        return;
    }
    ar_symbols(L, a, lazy_symbol);
}

void ld_add_buffer(struct ld *L, const char *name, const u8 *data, usize size, u32 pos)
{
    if (ar_is_archive(data, size)) {
        add_archive(L, name, data, size, pos, 0);
    } else if (size >= 4 && data[0] == 0x7f && data[1] == 'E' && data[2] == 'L' &&
               data[3] == 'F') {
        load_object(L, name, basename_of(name), data, size, (u64)pos << 32 | L->seq++);
    } else {
        ld_error(L, "%s: file format not recognized (linker scripts are not supported)",
                 name);
    }
    drain_pulls(L);
}

static const char *find_lib(struct ld *L, const char *name)
{
    struct ld_opts *o = &L->opt;
    const char *file = name[0] == ':' ? name + 1 : ld_sprintf(L, "lib%s.a", name);
    for (u32 i = 0; i < o->libdirs.n; i++) {
        const char *dir = o->libdirs.v[i];
        const char *path;
        if (dir[0] == '=' && o->sysroot)
            path = ld_sprintf(L, "%s%s/%s", o->sysroot, dir + 1, file);
        else
            path = ld_sprintf(L, "%s/%s", dir[0] == '=' ? dir + 1 : dir, file);
        FILE *fp = fopen(path, "rb");
        if (fp) {
            fclose(fp);
            return path;
        }
    }
    return NULL;
}

int ld_check_inputs_not_output(struct ld *L)
{
    const struct ld_opts *o = &L->opt;
    int bad = 0;
    for (u32 i = 0; o->output && i < o->ninputs; i++) {
        const struct ld_input_arg *a = &o->inputs[i];
        const char *path = a->kind == IN_LIB ? find_lib(L, a->name) : a->name;
        if (path && zl_same_file(path, o->output)) {
            ld_error(L, "input file '%s' is the same as output file", path);
            bad = 1;
        }
    }
    return bad;
}

void ld_load_inputs(struct ld *L)
{
    struct ld_opts *o = &L->opt;
    /* -u and the entry symbol pull archive members but are not references that must
     * resolve */
    for (u32 i = 0; i < o->undefs.n; i++)
        ld_sym_ref(L, o->undefs.v[i], 1);
    const char *entry = o->entry ? o->entry : "_start";
    u128 dummy;
    if (ld_parse_u128(entry, &dummy) != 0)
        ld_sym_ref(L, entry, 1);
    for (u32 i = 0; i < o->ninputs; i++) {
        const struct ld_input_arg *a = &o->inputs[i];
        const char *path = a->name;
        if (a->kind == IN_LIB) {
            path = find_lib(L, a->name);
            if (!path) {
                ld_error(L, "cannot find -l%s: No such file or directory", a->name);
                continue;
            }
        }
        const char *why;
        usize size;
        const u8 *d = ld_read_file(L, path, &size, &why);
        if (!d) {
            ld_error(L, "cannot open %s: %s", path, why);
            continue;
        }
        if (ar_is_archive(d, size)) {
            add_archive(L, path, d, size, a->pos, a->whole_archive);
            drain_pulls(L);
        } else {
            ld_add_buffer(L, path, d, size, a->pos);
        }
    }
    drain_pulls(L);
}

/* Warnings of .gnu.warning.SYM sections for symbols that are referenced. */
void ld_gnu_warnings(struct ld *L)
{
    for (u32 i = 0; i < L->warnings.n; i++) {
        struct gnu_warning *w = L->warnings.v[i];
        struct sym *g = ld_sym_lookup(L, w->sym);
        if (!g || !g->used || w->shown)
            continue;
        w->shown = 1;
        const char *by = g->ref_file ? g->ref_file->name : w->file;
        ld_warn(L, "%s: %s", by, w->msg);
    }
}

void ld_resolve_commons(struct ld *L)
{
    for (u32 i = 0; i < L->global_list.n; i++) {
        struct sym *g = L->global_list.v[i];
        if (g->kind == SYM_LAZY) {
            g->kind = SYM_UNDEF;     /* never loaded: undefined (weak references only) */
            g->ar = NULL;
        }
        if (g->kind != SYM_COMMON)
            continue;
        struct isec *s = ld_new_synth_isec(L, "COMMON", SHT_NOBITS, SHF_ALLOC | SHF_WRITE,
                                           g->size, g->value);
        s->common_sym = g;
        s->order_obj = g->file;
        g->kind = SYM_DEFINED;
        g->sec = s;
        g->value = 0;
    }
}
