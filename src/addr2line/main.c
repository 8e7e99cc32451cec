/* zl-addr2line — map addresses of an ELF32/ELF64/ELF128 file to source file names and
 * line numbers, as GNU addr2line does (docs/binutils.md).
 *
 * An address is looked up in the allocated section that contains it (or, with -j, is
 * an offset in the named section); dwarf_find_line (src/elf/dwarf_info.c) gives the
 * line from the DWARF line tables, the function from the DWARF subprograms or else
 * the symbol table. */
#include <ctype.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "elf/dwarf.h"
#include "elf/elf.h"
#include "common/version.h"

#define TOOL "zl-addr2line"

struct opts {
    bool addresses, functions, pretty, basenames, inlines;
    const char *section;
};

struct named;
struct input {
    const struct elf_file *f;
    struct dwarf *dw;
    u32 symtab;                 /* .symtab, else .dynsym, else 0 */
    struct named *names;        /* its defined symbols by name */
    usize nnames;
    unsigned digits;            /* hex digits of an address: 8, 16, 32 */
};

static void usage(FILE *fp)
{
    fprintf(fp,
            "Usage: " TOOL " [option(s)] [addr(s)]\n"
            " Convert addresses into line number/file name pairs.\n"
            " If no addresses are specified on the command line, they will be read from stdin\n"
            " The options are:\n"
            "  -a --addresses         Show addresses\n"
            "  -e --exe=<executable>  Set the input file name (default is a.out)\n"
            "  -i --inlines           Unwind inlined functions\n"
            "  -j --section=<name>    Read section-relative offsets instead of addresses\n"
            "  -p --pretty-print      Make the output easier to read for humans\n"
            "  -s --basenames         Strip directory names\n"
            "  -f --functions         Show function names\n"
            "  -C --demangle[=style]  Accepted; C names need no demangling\n"
            "  -h --help              Display this information\n"
            "  -v --version           Display the program's version\n");
}

/* ---------------------------------------------------------------- symbols */

/* The defined symbols by name (then by index: the first of a name wins), for
 * addresses given as symbol names. */
struct named {
    const char *name;
    u32 index;
    u128 value;
};

static int named_cmp(const void *pa, const void *pb)
{
    const struct named *a = pa, *b = pb;
    int c = strcmp(a->name, b->name);
    return c ? c : (a->index > b->index) - (a->index < b->index);
}

static void index_names(struct input *in)
{
    u32 n = in->symtab ? elf_sym_count(in->f, in->symtab) : 0;
    in->names = calloc(n ? n : 1, sizeof *in->names);
    if (!in->names)
        return;
    struct elf_sym s;
    for (u32 i = 1; i < n; i++)
        if (elf_sym(in->f, in->symtab, i, &s) == 0 && s.shndx != SHN_UNDEF && s.name[0])
            in->names[in->nnames++] = (struct named){ s.name, i, s.value };
    qsort(in->names, in->nnames, sizeof *in->names, named_cmp);
}

static bool symbol_value(const struct input *in, const char *name, u128 *v)
{
    usize lo = 0, hi = in->nnames;
    while (lo < hi) {           /* the first entry not below name */
        usize mid = lo + (hi - lo) / 2;
        if (strcmp(in->names[mid].name, name) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == in->nnames || strcmp(in->names[lo].name, name))
        return false;
    *v = in->names[lo].value;
    return true;
}

/* A symbol's name, else a hexadecimal number (leading blanks and 0x allowed, stops at
 * the first other character, saturates like strtoul). */
static u128 parse_address(const struct input *in, const char *s)
{
    u128 v = 0;
    if (symbol_value(in, s, &v))
        return v;
    while (isspace((unsigned char)*s))
        s++;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && isxdigit((unsigned char)s[2]))
        s += 2;
    u128 max = in->digits == 32 ? ~(u128)0 : (u128)~(u64)0;
    for (; isxdigit((unsigned char)*s); s++) {
        unsigned d = (unsigned)(isdigit((unsigned char)*s) ? *s - '0'
                                                          : tolower((unsigned char)*s) - 'a' + 10);
        if (v > (max - d) / 16)
            v = max;
        else
            v = v * 16 + d;
    }
    if (in->digits == 8)
        v = (u32)v;
    return v;
}

static void print_hex(u128 v, unsigned digits)
{
    char buf[40];
    for (unsigned i = 0; i < digits; i++)
        buf[i] = "0123456789abcdef"[(unsigned)(v >> (4 * (digits - 1 - i))) & 0xf];
    buf[digits] = 0;
    fputs(buf, stdout);
}

static void translate(const struct input *in, const struct opts *o, const char *text)
{
    const struct elf_file *f = in->f;
    u128 pc = parse_address(in, text);
    if (o->addresses) {
        fputs("0x", stdout);
        print_hex(pc, in->digits);
        fputs(o->pretty ? ": " : "\n", stdout);
    }
    /* the section: the named one (pc is an offset in it), or the allocated one with pc */
    u32 sec = 0;
    u128 addr = pc;
    if (o->section) {
        u32 i = elf_section_by_name(f, o->section);
        if (pc < elf_shdr(f, i)->size) {
            sec = i;
            addr = elf_shdr(f, i)->addr + pc;
        }
    } else {
        for (u32 i = 1; i < elf_shnum(f) && !sec; i++) {
            const struct elf_shdr *sh = elf_shdr(f, i);
            if ((sh->flags & SHF_ALLOC) && pc >= sh->addr && pc - sh->addr < sh->size)
                sec = i;
        }
    }
    struct dwarf_loc loc = { 0 };
    if (!sec || !dwarf_find_line(in->dw, sec, addr - elf_shdr(f, sec)->addr, &loc)) {
        if (o->functions)
            fputs(o->pretty ? "?? " : "??\n", stdout);
        fputs("??:0\n", stdout);
        return;
    }
    for (;;) {
        if (o->functions) {
            fputs(loc.func && *loc.func ? loc.func : "??", stdout);
            fputs(o->pretty ? " at " : "\n", stdout);
        }
        const char *file = loc.file;
        if (o->basenames && file && strrchr(file, '/'))
            file = strrchr(file, '/') + 1;
        printf("%s:", file ? file : "??");
        /* the line table's discriminator stays on the callers' lines, as in GNU's */
        if (!loc.line)
            puts("?");
        else if (loc.disc)
            printf("%u (discriminator %u)\n", loc.line, loc.disc);
        else
            printf("%u\n", loc.line);
        if (!o->inlines || !dwarf_inliner(in->dw, &loc))
            break;
        if (o->pretty)
            fputs(" (inlined by) ", stdout);
    }
}

/* ---------------------------------------------------------------- main */

int main(int argc, char **argv)
{
    static const struct option longs[] = {
        { "addresses", no_argument, NULL, 'a' },
        { "basenames", no_argument, NULL, 's' },
        { "demangle", optional_argument, NULL, 'C' },
        { "exe", required_argument, NULL, 'e' },
        { "functions", no_argument, NULL, 'f' },
        { "inlines", no_argument, NULL, 'i' },
        { "pretty-print", no_argument, NULL, 'p' },
        { "section", required_argument, NULL, 'j' },
        { "help", no_argument, NULL, 'H' },
        { "version", no_argument, NULL, 'V' },
        { NULL, 0, NULL, 0 },
    };
    struct opts o = { 0 };
    const char *path = "a.out";
    argv[0] = (char *)TOOL;
    int c;
    while ((c = getopt_long(argc, argv, "aCe:fHhij:psVv", longs, NULL)) != -1) {
        switch (c) {
        case 'a': o.addresses = true; break;
        case 'C': break;            /* C symbols are not mangled */
        case 'e': path = optarg; break;
        case 'f': o.functions = true; break;
        case 'i': o.inlines = true; break;
        case 'j': o.section = optarg; break;
        case 'p': o.pretty = true; break;
        case 's': o.basenames = true; break;
        case 'H': case 'h': usage(stdout); return 0;
        case 'V': case 'v': printf(ZL_VERSION_LINE(TOOL) " — RISC-V ELF32/ELF64/ELF128\n"); return 0;
        default: usage(stderr); return 1;
        }
    }
    usize size = 0;
    u8 *data = elf_input_load(TOOL, path, &size);
    if (!data)
        return 1;
    struct elf_err err = { "" };
    struct elf_file *f = NULL;
    if (ar_is_archive(data, size) || !(f = elf_read(data, size, 0, &err))) {
        if (size < 4 || memcmp(data, "\177ELF", 4))
            fprintf(stderr, TOOL ": %s: file format not recognized\n", path);
        else
            fprintf(stderr, TOOL ": %s: %s\n", path, err.msg);
        free(data);
        return 1;
    }
    struct input in = { .f = f, .digits = elf_class_bits(elf_cls(f)) / 4 };
    in.symtab = elf_section_by_type(f, SHT_SYMTAB);
    if (!in.symtab)
        in.symtab = elf_section_by_type(f, SHT_DYNSYM);     /* as dwarf_find_line does */
    index_names(&in);
    int rc = 0;
    if (o.section && !elf_section_by_name(f, o.section)) {
        fprintf(stderr, TOOL ": %s: cannot find section %s\n", path, o.section);
        rc = 1;
    } else if (!(in.dw = dwarf_open(f, 0, &err))) {
        fprintf(stderr, TOOL ": %s: %s\n", path, err.msg);
        rc = 1;
    } else if (optind < argc) {
        for (int i = optind; i < argc; i++)
            translate(&in, &o, argv[i]);
    } else {
        char line[512];
        while (fgets(line, sizeof line, stdin)) {
            line[strcspn(line, "\n")] = 0;
            translate(&in, &o, line);
            fflush(stdout);
        }
    }
    free(in.names);
    dwarf_close(in.dw);
    elf_close(f);
    free(data);
    return rc;
}
