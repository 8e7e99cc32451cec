/* -d / -D: disassembly in GNU objdump's layout.
 *
 *   <address>:\t<raw>\t<mnemonic>\t<operands>[ <target symbol>][ # <address> <symbol>]
 *
 * Instructions come from src/isa (isa_format_ex: GNU's pseudo-instruction names by
 * default, the base forms with -M no-aliases).  Mapping symbols ($x, $d) switch between
 * instructions and data (.word/.short/.byte); runs of zero bytes are shown as "...";
 * with -r the relocations follow the instruction they apply to.  Like GNU's RISC-V
 * disassembler, an address formed by lui/auipc and a following addi/load/store/jalr on
 * the same register is shown as a comment. */
#include <stdlib.h>
#include <string.h>

#include "isa/isa.h"
#include "objdump/objdump.h"

struct dsym {
    const char *name;
    u128 value;
    u32 order;
    u32 shndx;
    int rank;                   /* preference among symbols at one address: lower wins */
};

/* Among symbols at one address objdump prefers (in this order): not a file name,
 * functions, objects, non-local, global, names not starting with '.'; then by name. */
static int sym_rank(const struct od_sym *s)
{
    int r = 0;
    usize n = strlen(s->name);
    u8 type = ELF_ST_TYPE(s->info), bind = ELF_ST_BIND(s->info);
    if (type == STT_FILE || (n > 2 && s->name[n - 2] == '.' && (s->name[n - 1] == 'o' || s->name[n - 1] == 'a')))
        r += 32;
    if (type != STT_FUNC && type != STT_GNU_IFUNC) r += 16;
    if (type != STT_OBJECT && type != STT_TLS) r += 8;
    if (bind == STB_LOCAL) r += 4;
    if (bind != STB_GLOBAL) r += 2;
    if (s->name[0] == '.') r += 1;
    return r;
}

static int dsym_cmp(const void *a, const void *b)
{
    const struct dsym *x = a, *y = b;
    if (x->value != y->value) return x->value < y->value ? -1 : 1;
    if (x->rank != y->rank) return x->rank - y->rank;
    int c = strcmp(x->name, y->name);
    if (c) return c;
    return x->order < y->order ? -1 : x->order > y->order;
}

struct mapsym {
    u128 value;
    bool data;
    unsigned exts;
};

static int map_cmp(const void *a, const void *b)
{
    const struct mapsym *x = a, *y = b;
    return x->value < y->value ? -1 : x->value > y->value;
}

/* Extensions named by an ISA string ("rv64i2p1_m2p0_…"): only C matters here. */
static unsigned arch_exts(const char *s)
{
    unsigned e = ~(unsigned)EXT_C;
    const char *p = s;
    if (!strncmp(p, "rv32", 4) || !strncmp(p, "rv64", 4)) p += 4;
    else if (!strncmp(p, "rv128", 5)) p += 5;
    else return ~0u;
    for (; *p && *p != '_'; p++)
        if (*p == 'c') e |= EXT_C;
        else if (*p == 'g') continue;
    for (; *p; p++)
        if (p[0] == '_' && p[1] == 'c' && (p[2] < 'a' || p[2] > 'z')) e |= EXT_C;
    return e;
}

/* Tag_RISCV_arch of .riscv.attributes, or NULL. */
static const char *attr_arch(const struct od_file *F)
{
    u32 i = elf_section_by_type(F->f, SHT_RISCV_ATTRIBUTES);
    const u8 *d;
    usize n;
    if (!i || elf_section_data(F->f, i, &d, &n) != 0 || n < 16 || d[0] != 'A') return NULL;
    usize p = 1;
    u32 vlen = d[p] | d[p + 1] << 8 | d[p + 2] << 16 | (u32)d[p + 3] << 24;
    if (vlen > n - 1 || vlen < 11 || memcmp(d + p + 4, "riscv", 6) != 0) return NULL;
    usize q = p + 10, end = p + vlen;
    while (q + 5 <= end) {
        u8 tag = d[q];
        u32 len = d[q + 1] | d[q + 2] << 8 | d[q + 3] << 16 | (u32)d[q + 4] << 24;
        if (len < 5 || q + len > end) return NULL;
        if (tag == 1) {
            usize a = q + 5;
            while (a < q + len) {
                u64 t = 0;
                unsigned sh = 0;
                while (a < q + len && (d[a] & 0x80)) { t |= (u64)(d[a] & 0x7f) << sh; sh += 7; a++; }
                if (a >= q + len) return NULL;
                t |= (u64)d[a++] << sh;
                if (t & 1) {
                    const char *s = (const char *)d + a;
                    usize l = strnlen(s, q + len - a);
                    if (a + l >= q + len) return NULL;
                    if (t == 5) return s;
                    a += l + 1;
                } else {
                    while (a < q + len && (d[a] & 0x80)) a++;
                    a++;
                }
            }
        }
        q += len;
    }
    return NULL;
}

struct dis {
    struct od_file *F;
    const struct od_opts *o;
    u32 sec;
    const struct elf_shdr *sh;
    const u8 *data;
    usize size;
    struct dsym *syms;          /* this section's symbols, by address */
    usize nsyms;
    struct dsym *all;           /* every symbol with an address, by address */
    usize nall;
    struct mapsym *maps;
    usize nmaps;
    struct elf_rel *rels;
    usize nrels;
    unsigned addr_w;            /* width of the address column */
    u128 hi[32];
    bool hi_ok[32];
    bool gp_ok;                 /* __global_pointer$ is known: gp-relative addresses */
    u128 gp;
    struct od_lines *lines;     /* -l, -S */
};

/* "<sym+0x..>" for an address, like objdump: the symbol at or before it, preferring
 * this section's symbols when the address lies inside this section (relocatable
 * files); else the section name. */
static void print_sym_ref(struct dis *D, u128 addr)
{
    FILE *out = D->F->out;
    bool want_section = addr >= D->sh->addr && addr < D->sh->addr + D->size;
    const struct dsym *best = NULL;
    if (elf_header(D->F->f)->type != ET_REL) want_section = false;
    const struct dsym *list = want_section ? D->syms : D->all;
    usize n = want_section ? D->nsyms : D->nall;
    for (usize i = 0; i < n && list[i].value <= addr; i++)
        if (!best || list[i].value != best->value) best = &list[i];
    /* nothing at or below: objdump takes the first symbol above, with a negative
       offset */
    if (!best && !want_section && n) best = &list[0];
    char b[40];
    u128 base = best ? best->value : D->sh->addr;
    const char *name = best ? best->name : D->sh->name;
    if (addr < base && want_section) { base = D->sh->addr; name = D->sh->name; }
    fputs(" <", out);
    od_put_name(out, name);
    if (addr > base) fprintf(out, "+0x%s", elf_u128_hex(addr - base, b, sizeof b));
    else if (addr < base) fprintf(out, "-0x%s", elf_u128_hex(base - addr, b, sizeof b));
    fputc('>', out);
}

static void print_addr_hex(struct dis *D, u128 v)
{
    char b[40];
    fputs(elf_u128_hex(v, b, sizeof b), D->F->out);
}

static bool is_mapping(const char *n)
{
    return n[0] == '$' && (n[1] == 'x' || n[1] == 'd') && (n[2] == 0 || n[1] == 'x');
}

static void load_symbols(struct dis *D)
{
    struct od_file *F = D->F;
    D->syms = calloc(F->nsyms + 1, sizeof *D->syms);
    D->all = calloc(F->nsyms + 1, sizeof *D->all);
    D->maps = calloc(F->nsyms + 1, sizeof *D->maps);
    if (!D->syms || !D->maps || !D->all) { fputs("zl-objdump: out of memory\n", stderr); exit(1); }
    for (u32 i = 1; i < F->nsyms; i++) {
        const struct od_sym *s = &F->syms[i];
        u8 type = ELF_ST_TYPE(s->info);
        if (type == STT_SECTION || type == STT_FILE) continue;
        if (s->shndx == SHN_UNDEF || s->shndx == SHN_COMMON) continue;
        if (is_mapping(s->name)) {
            if (s->shndx != D->sec) continue;
            struct mapsym *m = &D->maps[D->nmaps++];
            m->value = s->value;
            m->data = s->name[1] == 'd';
            m->exts = s->name[2] ? arch_exts(s->name + 2) : 0;
            continue;
        }
        if (!strcmp(s->name, ".L0 ")) continue;          /* GNU as's fake labels */
        if (!strcmp(s->name, "__global_pointer$")) { D->gp = s->value; D->gp_ok = true; }
        struct dsym d = { s->name, s->value, i, s->shndx, sym_rank(s) };
        D->all[D->nall++] = d;
        if (s->shndx == D->sec) D->syms[D->nsyms++] = d;
    }
    qsort(D->syms, D->nsyms, sizeof *D->syms, dsym_cmp);
    qsort(D->all, D->nall, sizeof *D->all, dsym_cmp);
    qsort(D->maps, D->nmaps, sizeof *D->maps, map_cmp);
}

static int rel_cmp(const void *a, const void *b)
{
    const struct elf_rel *x = a, *y = b;
    return x->offset < y->offset ? -1 : x->offset > y->offset;
}

static void load_relocs(struct dis *D)
{
    struct od_file *F = D->F;
    u32 n = elf_shnum(F->f);
    for (u32 i = 1; i < n; i++) {
        const struct elf_shdr *rs = elf_shdr(F->f, i);
        if ((rs->type != SHT_RELA && rs->type != SHT_REL) || rs->info != D->sec) continue;
        u32 cnt = elf_rel_count(F->f, i);
        D->rels = realloc(D->rels, (D->nrels + cnt + 1) * sizeof *D->rels);
        if (!D->rels) { fputs("zl-objdump: out of memory\n", stderr); exit(1); }
        for (u32 k = 0; k < cnt; k++)
            if (elf_rel(F->f, i, k, &D->rels[D->nrels]) == 0) D->nrels++;
    }
    /* stable by offset: keep table order for equal offsets */
    for (usize i = 1; i < D->nrels; i++) {
        struct elf_rel t = D->rels[i];
        usize j = i;
        while (j > 0 && rel_cmp(&D->rels[j - 1], &t) > 0) { D->rels[j] = D->rels[j - 1]; j--; }
        D->rels[j] = t;
    }
}

static void print_relocs_in(struct dis *D, u128 lo, u128 hi)
{
    const struct elf_ehdr *h = elf_header(D->F->f);
    for (usize i = 0; i < D->nrels; i++) {
        const struct elf_rel *r = &D->rels[i];
        if (r->offset < lo || r->offset >= hi) continue;
        const char *tn = elf_reloc_name(h->machine, r->type);
        char b[40];
        fprintf(D->F->out, "\t\t\t%s: %s\t", elf_u128_hex(r->offset, b, sizeof b),
                tn ? tn : "*unknown*");
        od_put_name(D->F->out, od_sym_name(D->F, r->sym));
        if (r->addend > 0) fprintf(D->F->out, "+0x%s", elf_u128_hex((u128)r->addend, b, sizeof b));
        else if (r->addend < 0) fprintf(D->F->out, "-0x%s", elf_u128_hex((u128)0 - (u128)r->addend, b, sizeof b));
        fputc('\n', D->F->out);
    }
}

static void print_line_start(struct dis *D, u128 addr, u32 raw, unsigned len)
{
    char b[40];
    od_hex(D->sh->addr + addr, D->F->addr_digits, b);
    char *s = b + D->F->addr_digits - D->addr_w;
    for (char *q = s; *q == '0' && q[1]; q++) *q = ' ';
    fprintf(D->F->out, "%s:\t", s);
    if (len == 4) fprintf(D->F->out, "%08x          \t", raw);
    else if (len == 2) fprintf(D->F->out, "%04x                \t", raw);
    else fprintf(D->F->out, "%02x                \t", raw);
}

/* lui/auipc-formed addresses: remember them, and print one when a following
 * addi/addiw/load/store/jalr uses the register as its base. */
static bool comment_target(struct dis *D, const struct isa_inst *in, u128 pc, u128 *addr)
{
    bool aliases = !D->o->no_aliases;
    int xlen = D->F->xlen;
    unsigned op = in->op;
    bool wide = false, use = false;
    unsigned base = in->rs1;
    i32 off = in->imm;
    bool comp = in->len == 2;
    switch (op) {
    case ISA_LUI:
        D->hi[in->rd] = (u128)(i128)in->imm;
        D->hi_ok[in->rd] = true;
        return false;
    case ISA_AUIPC:
        D->hi[in->rd] = pc + (u128)(i128)in->imm;
        D->hi_ok[in->rd] = true;
        return false;
    /* with aliases, addi rd,rs,0 prints as mv and sext.w has no immediate either: no use */
    case ISA_ADDI: use = base != 0 && !(aliases && off == 0) && (!comp || !strcmp(in->desc->name, "c.addi")); break;
    case ISA_ADDIW: use = base != 0 && !(aliases && off == 0); wide = true; break;
    case ISA_JALR: use = !comp && !(aliases && in->rd == 0 && base == 1 && off == 0); break;   /* ret */
    case ISA_LB: case ISA_LH: case ISA_LW: case ISA_LD: case ISA_LBU: case ISA_LHU:
    case ISA_LWU: case ISA_LDU: case ISA_LQ: case ISA_FLW: case ISA_FLD:
    case ISA_SB: case ISA_SH: case ISA_SW: case ISA_SD: case ISA_SQ: case ISA_FSW: case ISA_FSD:
        use = !comp;
        break;
    default: return false;
    }
    if (!use) return false;
    u128 v;
    if (D->hi_ok[base]) {
        v = (base ? D->hi[base] : 0) + (u128)(i128)off;
        D->hi_ok[base] = false;
    } else if (base == 3 && D->gp_ok) {
        v = D->gp + (u128)(i128)off;
    } else if (base == 4 || base == 0) {
        v = (u128)(i128)off;
    } else {
        return false;
    }
    if (wide) v = (u128)(i128)(i32)(u32)v;
    if (xlen == 32) v = (u32)v;
    else if (xlen == 64) v = (u64)v;
    *addr = v;
    return true;
}

static void print_insn(struct dis *D, u128 addr, u32 w, unsigned len, struct isa_inst *in)
{
    FILE *out = D->F->out;
    print_line_start(D, addr, w, len);
    char text[160];
    u128 target = 0;
    unsigned fl = ISA_FMT_BARE_TARGET | (D->o->no_aliases ? 0 : ISA_FMT_ALIASES);
    u128 pc = D->sh->addr + addr;
    bool has_target = isa_format_ex(in, D->F->xlen, pc, fl, text, sizeof text, &target);
    char *sp = strchr(text, ' ');
    if (sp) *sp = '\t';
    fputs(text, out);
    if (has_target) print_sym_ref(D, target);
    u128 ca;
    if (comment_target(D, in, pc, &ca)) {
        fputs(" # ", out);
        print_addr_hex(D, ca);
        print_sym_ref(D, ca);
    }
    fputc('\n', out);
}

static bool in_data(struct dis *D, u128 addr, unsigned *exts, u128 *next)
{
    bool data = !(D->sh->flags & SHF_EXECINSTR);
    *exts = D->F->exts;
    *next = D->size;
    for (usize i = 0; i < D->nmaps; i++) {
        if (D->maps[i].value <= addr) {
            data = D->maps[i].data;
            if (D->maps[i].exts) *exts = D->maps[i].exts;
        } else {
            *next = D->maps[i].value;
            break;
        }
    }
    return data;
}

static void disassemble_section(struct od_file *F, const struct od_opts *o, u32 sec,
                                struct od_lines *lines)
{
    struct dis D;
    memset(&D, 0, sizeof D);
    D.lines = lines;
    D.F = F;
    D.o = o;
    D.sec = sec;
    D.sh = elf_shdr(F->f, sec);
    elf_section_data(F->f, sec, &D.data, &D.size);
    load_symbols(&D);
    if (o->relocs) load_relocs(&D);
    FILE *out = F->out;
    fprintf(out, "\nDisassembly of section %s:\n", D.sh->name);
    /* address column: objdump drops leading zero digits common to the section, in
       groups of four */
    char b[40];
    od_hex(D.sh->addr + D.size, F->addr_digits, b);
    unsigned zeros = 0;
    while (zeros < F->addr_digits && b[zeros] == '0') zeros++;
    unsigned skip = zeros ? ((zeros - 1) & ~3u) : 0;
    D.addr_w = F->addr_digits - skip;

    usize si = 0;
    u128 addr = 0;
    bool labelled = false;
    while (addr < D.size) {
        /* labels */
        while (si < D.nsyms && D.syms[si].value - D.sh->addr < addr) si++;
        if (si < D.nsyms && D.syms[si].value - D.sh->addr == addr) {
            usize pick = si;
            fprintf(out, "\n%s <", od_hex(D.sh->addr + addr, F->addr_digits, b));
            od_put_name(out, D.syms[pick].name);
            fputs(">:\n", out);
            while (si < D.nsyms && D.syms[si].value == D.syms[pick].value) si++;
        } else if (!labelled) {
            fprintf(out, "\n%s <%s>:\n", od_hex(D.sh->addr + addr, F->addr_digits, b), D.sh->name);
        }
        labelled = true;
        u128 stop = si < D.nsyms ? D.syms[si].value - D.sh->addr : D.size;
        if (stop > D.size) stop = D.size;
        while (addr < stop) {
            /* runs of zeros */
            if (!o->zeroes && D.data[addr] == 0) {
                u128 z = addr;
                while (z < stop && D.data[z] == 0) z++;
                if (z - addr >= 8 || (z == stop && z - addr < 3)) {
                    if (z != stop) z = addr + ((z - addr) & ~(u128)3);
                    fputs("\t...\n", out);
                    addr = z;
                    continue;
                }
            }
            od_lines_show(D.lines, D.sec, addr);
            unsigned exts;
            u128 map_next;
            bool data = in_data(&D, addr, &exts, &map_next);
            u128 lim = map_next < stop ? map_next : stop;
            if (lim <= addr) lim = stop;
            if (data) {
                u128 n = lim - addr;
                unsigned len = n >= 4 ? 4 : n >= 2 ? 2 : 1;
                u32 v = 0;
                for (unsigned k = 0; k < len; k++) v |= (u32)D.data[addr + k] << (8 * k);
                print_line_start(&D, addr, v, len);
                fprintf(out, len == 4 ? ".word\t0x%08x\n" : len == 2 ? ".short\t0x%04x\n"
                                                                    : ".byte\t0x%02x\n", v);
                if (o->relocs) print_relocs_in(&D, addr, addr + len);
                addr += len;
                continue;
            }
            u128 left = D.size - addr;
            if (left < 2) {
                print_line_start(&D, addr, D.data[addr], 1);
                fprintf(out, ".byte\t0x%02x\n", D.data[addr]);
                addr += 1;
                continue;
            }
            u32 w = D.data[addr] | (u32)D.data[addr + 1] << 8;
            unsigned len = isa_insn_len((u16)w);
            if (len == 4 && left >= 4) w |= (u32)D.data[addr + 2] << 16 | (u32)D.data[addr + 3] << 24;
            if (len == 0 || (len == 4 && left < 4)) len = 2;
            struct isa_inst in;
            bool ok = isa_decode(F->xlen, exts, w, &in);
            if (ok && len == 2 && !(exts & EXT_C)) ok = false;
            if (!ok && len == 2 && w == 0 && (exts & EXT_C)) {
                print_line_start(&D, addr, w, 2);
                fputs(o->no_aliases ? "c.unimp\n" : "unimp\n", out);
            } else if (!ok) {
                print_line_start(&D, addr, w, len);
                fprintf(out, len == 4 ? ".4byte\t0x%x\n" : ".2byte\t0x%x\n", w);
            } else {
                print_insn(&D, addr, w, len, &in);
            }
            if (o->relocs) print_relocs_in(&D, addr, addr + len);
            addr += len;
        }
    }
    free(D.syms);
    free(D.all);
    free(D.maps);
    free(D.rels);
}

int od_disassemble(struct od_file *F, const struct od_opts *o)
{
    int status = 0;
    struct od_lines *lines = od_lines_open(F, o, &status);
    const char *arch = attr_arch(F);
    if (arch) F->exts = arch_exts(arch);
    u32 n = elf_shnum(F->f);
    for (u32 i = 1; i < n; i++) {
        const struct elf_shdr *sh = elf_shdr(F->f, i);
        if (sh->type == SHT_NOBITS || sh->type == SHT_NULL || sh->type == SHT_SYMTAB ||
            sh->type == SHT_STRTAB || sh->type == SHT_RELA || sh->type == SHT_REL ||
            sh->type == SHT_GROUP)
            continue;
        if (!od_section_selected(o, sh->name)) continue;
        if (!o->disasm_all && !(sh->flags & SHF_EXECINSTR)) continue;
        if (!o->nonly && o->disasm_all && !(sh->flags & SHF_ALLOC)) continue;
        if (sh->size == 0) continue;
        disassemble_section(F, o, i, lines);
    }
    od_lines_close(lines);
    return status;
}
