/* The relocatable object: sections (each followed by its .rela section), SHT_GROUP
 * sections for grouped ones, .riscv.attributes, then the symbol table the writer appends.
 * The ELF class follows XLEN (ELFCLASS128 for rv128, docs/abi.md §8). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "as/as.h"

static int sym_value(struct as *A, struct sym *s, struct value *v)
{
    if (s->kind == SK_EQU) {
        if (!expr_eval(A, s->equ, EV_FOLD, v, s->loc, false)) return -1;
        if (v->sub) {
            as_error_at(A, s->loc, "symbol `%s' is not a symbol plus a constant", s->name);
            return -1;
        }
        return 0;
    }
    v->add = s->kind == SK_ABS ? NULL : s;
    v->sub = NULL;
    v->k = s->kind == SK_ABS ? s->value : 0;
    return 0;
}

static bool is_local_label_name(const char *n)
{
    return (n[0] == '.' && n[1] == 'L') || strchr(n, '\002') != NULL;
}

/* Symbols that go into the table: those relocations refer to, non-.L locals,
 * globals, and undefined symbols that were declared global or used. */
static bool emitted(const struct sym *s)
{
    if (s->mapping) return true;
    if (s->used_in_reloc) return true;
    if (s->fake) return false;
    if (s->bind != STB_LOCAL) return true;
    if (s->kind == SK_UNDEF) return false;
    return !is_local_label_name(s->name);
}

static void put_uleb(struct bytes *b, u64 v)
{
    do {
        u8 c = v & 0x7f;
        v >>= 7;
        if (v) c |= 0x80;
        bytes_put(b, &c, 1);
    } while (v);
}

static void put_u32(struct bytes *b, u32 v)
{
    u8 t[4] = { (u8)v, (u8)(v >> 8), (u8)(v >> 16), (u8)(v >> 24) };
    bytes_put(b, t, 4);
}

/* .riscv.attributes: format 'A', then the "riscv" vendor subsection with one file
 * subsection listing the attributes in tag order (integer attributes that are 0 are
 * left out, as GNU as does). */
static void build_attributes(struct as *A, struct bytes *out)
{
    char arch[512];
    if (!A->arch_attr_set) {
        march_canonical(&A->opt.arch, A->isa_spec, arch, sizeof arch);
    }
    struct bytes attrs = { 0 };
    bool explicit_priv = false;
    for (usize i = 0; i < A->nattrs; i++)
        if (A->attrs[i].tag == 8 || A->attrs[i].tag == 10 || A->attrs[i].tag == 12) explicit_priv = true;
    for (unsigned tag = 0; tag < 64; tag++) {
        if (!explicit_priv && A->csr_used && (tag == 8 || tag == 10 || tag == 12)) {
            /* GNU as records the privileged spec version once CSRs are used */
            u8 v = A->priv_spec[tag == 8 ? 0 : tag == 10 ? 1 : 2];
            if (v) { put_uleb(&attrs, tag); put_uleb(&attrs, v); }
            continue;
        }
        if (tag == 5 && !A->arch_attr_set) {
            if (A->no_arch_attr) continue;
            put_uleb(&attrs, 5);
            bytes_put(&attrs, arch, strlen(arch) + 1);
            continue;
        }
        for (usize i = 0; i < A->nattrs; i++) {
            const struct attr *a = &A->attrs[i];
            if (a->tag != tag) continue;
            if (a->is_str) {
                put_uleb(&attrs, tag);
                bytes_put(&attrs, a->sval, strlen(a->sval) + 1);
            } else if (a->ival) {
                put_uleb(&attrs, tag);
                put_uleb(&attrs, a->ival);
            }
        }
    }
    for (usize i = 0; i < A->nattrs; i++) {     /* tags >= 64 in their order */
        const struct attr *a = &A->attrs[i];
        if (a->tag < 64) continue;
        put_uleb(&attrs, a->tag);
        if (a->is_str) bytes_put(&attrs, a->sval, strlen(a->sval) + 1);
        else put_uleb(&attrs, a->ival);
    }
    u32 file_len = 1 + 4 + (u32)attrs.len;
    u32 vendor_len = 4 + 6 + file_len;
    bytes_put(out, "A", 1);
    put_u32(out, vendor_len);
    bytes_put(out, "riscv", 6);
    bytes_put(out, "\001", 1);
    put_u32(out, file_len);
    bytes_put(out, attrs.p, attrs.len);
    bytes_free(&attrs);
}

static u8 *section_bytes(struct section *s)
{
    u8 *buf = calloc(1, (usize)s->size + 1);
    if (!buf) { fputs("zl-as: out of memory\n", stderr); exit(1); }
    for (struct frag *f = s->first; f; f = f->next) {
        if (f->len) memcpy(buf + f->addr, f->data, f->len);
        if (f->vsize && f->vdata) memcpy(buf + f->addr + f->len, f->vdata, f->vsize);
    }
    return buf;
}

int as_image(struct as *A, u8 **out, usize *size)
{
    *out = NULL;
    *size = 0;
    int xlen = A->opt.arch.xlen;
    struct elf_ehdr eh;
    memset(&eh, 0, sizeof eh);
    eh.cls = elf_class_from_bits((unsigned)xlen);
    eh.type = ET_REL;
    eh.machine = EM_RISCV;
    eh.flags = (u32)(((A->march.exts & EXT_C) || A->rvc_used) ? EF_RISCV_RVC : 0) |
               (u32)(A->float_abi << 1);
    struct elf_writer *w = elf_writer_new(&eh);
    if (!w) { fputs("zl-as: out of memory\n", stderr); exit(1); }

    /* section indices: the SHT_GROUP sections first (as GNU as; a group section must
     * come before its members), then the sections in order, each followed by its
     * relocations */
    const char *groups[256];
    u32 ngroups = 0;
    for (struct section *s = A->sections; s; s = s->next) {
        if (!s->group) continue;
        bool seen = false;
        for (u32 g = 0; g < ngroups; g++)
            if (!strcmp(groups[g], s->group)) seen = true;
        if (seen) continue;
        if (ngroups == sizeof groups / sizeof groups[0]) {
            as_error_at(A, (struct srcloc){ NULL, 0 }, "too many section groups (zl-as limit: 256)");
            elf_writer_free(w);
            return -1;
        }
        groups[ngroups++] = s->group;
    }
    u32 idx = 1 + ngroups;
    for (struct section *s = A->sections; s; s = s->next) {
        s->index = idx++;
        if (s->nrels) idx++;
    }
    u32 attr_index = A->emit_attributes ? idx++ : 0;

    /* symbol table order: file, section symbols, other locals, globals */
    u32 nsym = 1;
    if (A->file_sym) nsym++;
    nsym += ngroups;                        /* section symbols of the group sections */
    for (struct section *s = A->sections; s; s = s->next) s->sym_index = nsym++;
    u32 attr_sym = A->emit_attributes ? nsym++ : 0;
    /* a group signature that is not a symbol of its own gets a local one in the group
     * section (GNU as) */
    u32 group_sym[256];
    for (u32 g = 0; g < ngroups; g++) {
        struct sym *sig = sym_lookup(A, groups[g], strlen(groups[g]));
        group_sym[g] = (sig && sig->kind != SK_UNDEF) || (sig && sig->bind != STB_LOCAL) ? 0 : nsym++;
        if (sig && !group_sym[g]) sig->used_in_reloc = true;     /* keep it in the table */
    }
    for (int pass = 0; pass < 2; pass++) {
        for (struct sym *s = A->syms; s; s = s->next) {
            if (!emitted(s)) continue;
            bool local = s->bind == STB_LOCAL && s->kind != SK_UNDEF && s->kind != SK_COMMON;
            if ((pass == 0) != local) continue;
            s->elf_index = nsym++;
        }
    }
    struct elf_sym es;
    if (A->file_sym) {
        memset(&es, 0, sizeof es);
        es.name = A->file_sym;
        es.info = ELF_ST_INFO(STB_LOCAL, STT_FILE);
        es.shndx = SHN_ABS;
        elf_writer_add_symbol(w, &es);
    }
    for (u32 g = 0; g < ngroups; g++) {
        memset(&es, 0, sizeof es);
        es.name = "";
        es.info = ELF_ST_INFO(STB_LOCAL, STT_SECTION);
        es.shndx = 1 + g;
        elf_writer_add_symbol(w, &es);
    }
    for (struct section *s = A->sections; s; s = s->next) {
        memset(&es, 0, sizeof es);
        es.name = "";
        es.info = ELF_ST_INFO(STB_LOCAL, STT_SECTION);
        es.shndx = s->index;
        elf_writer_add_symbol(w, &es);
    }
    if (A->emit_attributes) {
        memset(&es, 0, sizeof es);
        es.name = "";
        es.info = ELF_ST_INFO(STB_LOCAL, STT_SECTION);
        es.shndx = attr_index;
        elf_writer_add_symbol(w, &es);
    }
    (void)attr_sym;
    for (u32 g = 0; g < ngroups; g++) {
        if (!group_sym[g]) continue;
        memset(&es, 0, sizeof es);
        es.name = groups[g];
        es.info = ELF_ST_INFO(STB_LOCAL, STT_NOTYPE);
        es.shndx = 1 + g;
        elf_writer_add_symbol(w, &es);
    }
    for (int pass = 0; pass < 2; pass++) {
        for (struct sym *s = A->syms; s; s = s->next) {
            if (!emitted(s)) continue;
            bool local = s->bind == STB_LOCAL && s->kind != SK_UNDEF && s->kind != SK_COMMON;
            if ((pass == 0) != local) continue;
            memset(&es, 0, sizeof es);
            es.name = s->name;
            u8 bind = s->bind;
            if (s->kind == SK_UNDEF && bind == STB_LOCAL) bind = STB_GLOBAL;
            u8 type = s->type;
            es.other = s->other;
            if (s->kind == SK_COMMON) {
                es.shndx = SHN_COMMON;
                es.value = s->common_align;
                es.size = s->common_size;
            } else if (s->kind == SK_UNDEF) {
                es.shndx = SHN_UNDEF;
            } else {
                struct value v;
                if (sym_value(A, s, &v) != 0) continue;
                if (!v.add) {
                    es.shndx = SHN_ABS;
                    es.value = (u128)v.k;
                } else if (v.add->kind == SK_LABEL) {
                    es.shndx = v.add->sec->index;
                    es.value = sym_addr(v.add) + (u128)v.k;
                } else if (v.add->kind == SK_COMMON) {
                    es.shndx = SHN_COMMON;
                    es.value = v.add->common_align;
                    es.size = v.add->common_size;
                } else {
                    as_error_at(A, s->loc, "symbol `%s' is an alias of the undefined symbol `%s'",
                                s->name, v.add->name);
                    continue;
                }
            }
            if (s->size_set) {
                struct value sz;
                if (expr_eval(A, s->size, EV_FOLD, &sz, s->loc, false)) {
                    if (!value_is_const(&sz))
                        as_error_at(A, s->loc, ".size expression for %s does not evaluate to a constant", s->name);
                    else
                        es.size = (u128)sz.k;
                }
            }
            if (s->tls_reloc && s->kind == SK_LABEL && s->sec && !(s->sec->flags & SHF_TLS))
                as_error_at(A, s->loc, "`%s' is accessed as a thread-local object but is defined in %s, "
                            "not in a TLS section", s->name, s->sec->name);
            if (type == STT_NOTYPE && s->tls_reloc) type = STT_TLS;   /* as GNU as */
            es.info = ELF_ST_INFO(bind, type);
            elf_writer_add_symbol(w, &es);
        }
    }

    /* group sections */
    for (u32 g = 0; g < ngroups; g++) {
        struct bytes gb = { 0 };
        bool comdat = false;
        for (struct section *t = A->sections; t; t = t->next)
            if (t->group && !strcmp(t->group, groups[g]) && t->comdat) comdat = true;
        put_u32(&gb, comdat ? 1 : 0);
        for (struct section *t = A->sections; t; t = t->next) {
            if (!t->group || strcmp(t->group, groups[g])) continue;
            put_u32(&gb, t->index);
            if (t->nrels) put_u32(&gb, t->index + 1);
        }
        struct sym *sig = sym_lookup(A, groups[g], strlen(groups[g]));
        struct elf_shdr gh;
        memset(&gh, 0, sizeof gh);
        gh.name = ".group";
        gh.type = SHT_GROUP;
        gh.link = ELF_WRITER_SYMTAB;
        gh.info = group_sym[g] ? group_sym[g] : sig->elf_index;
        gh.addralign = 4;
        gh.entsize = 4;
        gh.size = gb.len;
        elf_writer_add_section(w, &gh, gb.p);
        bytes_free(&gb);
    }

    /* sections */
    for (struct section *s = A->sections; s; s = s->next) {
        struct elf_shdr sh;
        memset(&sh, 0, sizeof sh);
        sh.name = s->name;
        sh.type = s->type;
        sh.flags = s->flags | (s->group ? SHF_GROUP : 0);
        sh.size = s->size;
        sh.addralign = s->align;
        sh.entsize = s->entsize;
        u8 *data = s->type == SHT_NOBITS ? NULL : section_bytes(s);
        elf_writer_add_section(w, &sh, data);
        free(data);
        if (s->nrels) {
            /* encoded here rather than by elf_writer_add_relocs so that relocation
             * sections of group members carry SHF_GROUP */
            const struct elf_geom *g = elf_geom(eh.cls);
            u8 *rb = calloc(s->nrels, g->relasize);
            if (!rb) { fputs("zl-as: out of memory\n", stderr); exit(1); }
            for (usize i = 0; i < s->nrels; i++) {
                struct sym *rs = (struct sym *)(uintptr_t)s->rels[i].info;
                s->rels[i].sym = rs ? rs->elf_index : 0;
                s->rels[i].info = 0;
                /* addresses have the class's width: an addend wraps as GNU as computes
                 * it (rv32's jal 0xfff7189a, from objdump's output, is *ABS*-0x8e766) */
                if (eh.cls == ELFCLASS32)
                    s->rels[i].addend = (i32)(u32)s->rels[i].addend;
                else if (eh.cls == ELFCLASS64)
                    s->rels[i].addend = (i64)(u64)s->rels[i].addend;
                if (elf_encode_rel(eh.cls, &s->rels[i], 1, rb + i * g->relasize) != 0)
                    as_error_at(A, (struct srcloc){ NULL, 0 }, "relocation does not fit the ELF class");
            }
            char rname[600];
            snprintf(rname, sizeof rname, ".rela%s", s->name);
            struct elf_shdr rh;
            memset(&rh, 0, sizeof rh);
            rh.name = rname;
            rh.type = SHT_RELA;
            rh.flags = SHF_INFO_LINK | (s->group ? SHF_GROUP : 0);
            rh.link = ELF_WRITER_SYMTAB;
            rh.info = s->index;
            rh.size = (u128)s->nrels * g->relasize;
            rh.addralign = g->word;
            rh.entsize = g->relasize;
            elf_writer_add_section(w, &rh, rb);
            free(rb);
        }
    }
    if (A->emit_attributes) {
        struct bytes b = { 0 };
        build_attributes(A, &b);
        struct elf_shdr sh;
        memset(&sh, 0, sizeof sh);
        sh.name = ".riscv.attributes";
        sh.type = SHT_RISCV_ATTRIBUTES;
        sh.size = b.len;
        sh.addralign = 1;
        elf_writer_add_section(w, &sh, b.p);
        bytes_free(&b);
    }
    struct elf_err err;
    int rc = elf_writer_finish(w, out, size, &err);
    elf_writer_free(w);
    if (rc != 0) {
        as_error_at(A, (struct srcloc){ NULL, 0 }, "cannot write the object: %s", err.msg);
        return -1;
    }
    return 0;
}
