/* zl-nm — list the symbols of ELF32/ELF64/ELF128 objects, archives and executables, in
 * GNU nm's formats (docs/binutils.md).  Symbol letters follow GNU nm's rules: from the
 * binding, the type and the flags of the symbol's section. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "elf/elf.h"
#include "common/version.h"

#define TOOL "zl-nm"

enum fmt { FMT_BSD, FMT_POSIX, FMT_SYSV };
enum sort { SORT_NAME, SORT_NUM, SORT_NONE, SORT_SIZE };

struct opts {
    enum fmt fmt;
    enum sort sort;
    bool reverse, print_file, extern_only, undef_only, defined_only, print_size, all, dynamic;
    int radix;                  /* 16, 10, 8 */
    int nfiles;
};

struct nsym {
    const char *name;
    char type;
    bool undef;
    u128 value, size;
    u32 idx;
    const char *secname;        /* for the SysV format */
    u8 stt;
};

static void usage(FILE *fp)
{
    fprintf(fp,
            "Usage: " TOOL " [option(s)] [file(s)]\n"
            " List symbols in [file(s)] (a.out by default).\n"
            " The options are:\n"
            "  -a, --debug-syms       Display debugger-only symbols\n"
            "  -A, --print-file-name  Print name of the input file before every symbol\n"
            "  -D, --dynamic          Display dynamic symbols instead of normal symbols\n"
            "  -f, --format=FORMAT    Use the output format FORMAT.  FORMAT can be `bsd',\n"
            "                           `sysv' or `posix'.  The default is `bsd'\n"
            "  -g, --extern-only      Display only external symbols\n"
            "  -n, --numeric-sort     Sort symbols numerically by address\n"
            "  -o                     Same as -A\n"
            "  -p, --no-sort          Do not sort the symbols\n"
            "  -P, --portability      Same as --format=posix\n"
            "  -r, --reverse-sort     Reverse the sense of the sort\n"
            "  -S, --print-size       Print size of defined symbols\n"
            "      --size-sort        Sort symbols by size\n"
            "  -t, --radix=RADIX      Use RADIX for printing symbol values\n"
            "  -u, --undefined-only   Display only undefined symbols\n"
            "  -U, --defined-only     Display only defined symbols\n"
            "  -v                     Same as -n\n"
            "  -h, --help             Display this information\n"
            "  -V, --version          Display this program's version number\n");
}

/* ---------------------------------------------------------------- symbol letters */

static bool starts(const char *s, const char *p) { return !strncmp(s, p, strlen(p)); }

/* The letter of a section (lower case), from its flags as GNU's BFD sees them. */
static char section_letter(const struct elf_shdr *sh)
{
    bool contents = sh->type != SHT_NOBITS;
    bool alloc = (sh->flags & SHF_ALLOC) != 0;
    bool readonly = !(sh->flags & SHF_WRITE);
    if (sh->flags & SHF_EXECINSTR)
        return 't';
    if (alloc && contents)
        return readonly ? 'r' : 'd';
    if (!contents)
        return 'b';
    if (!alloc && (starts(sh->name, ".debug") || starts(sh->name, ".gnu.linkonce.wi.") ||
                   starts(sh->name, ".zdebug") || starts(sh->name, ".line") ||
                   starts(sh->name, ".stab")))
        return 'N';
    if (readonly)
        return 'n';
    return '?';
}

static char sym_letter(const struct elf_file *f, const struct elf_sym *s)
{
    u8 bind = ELF_ST_BIND(s->info), type = ELF_ST_TYPE(s->info);
    bool weak = bind == STB_WEAK;
    if (s->shndx == SHN_COMMON)
        return 'C';
    if (s->shndx == SHN_UNDEF) {
        if (weak)
            return type == STT_OBJECT ? 'v' : 'w';
        return 'U';
    }
    if (type == 10 /* STT_GNU_IFUNC */)
        return 'i';
    if (weak)
        return type == STT_OBJECT ? 'V' : 'W';
    if (bind == 10 /* STB_GNU_UNIQUE */)
        return 'u';
    if (bind != STB_LOCAL && bind != STB_GLOBAL)
        return '?';
    char c;
    const struct elf_shdr *sh = elf_shdr(f, s->shndx);
    if (s->shndx == SHN_ABS || !sh || (s->shndx >= SHN_LORESERVE && s->shndx <= SHN_HIRESERVE))
        c = 'a';
    else
        c = section_letter(sh);
    if (bind == STB_GLOBAL && c >= 'a' && c <= 'z')
        c = (char)(c - 'a' + 'A');
    return c;
}

/* RISC-V "special" symbols GNU nm hides: empty names, local labels, mapping symbols. */
static bool special(const char *n)
{
    return !n[0] || (n[0] == '.' && (n[1] == 'L' || n[1] == '.')) || starts(n, "_.L_") ||
           starts(n, "$x") || starts(n, "$d");
}

/* ---------------------------------------------------------------- sorting */

static const struct opts *g_o;

static int cmp_name(const struct nsym *a, const struct nsym *b)
{
    int c = strcmp(a->name, b->name);
    return c;
}

static int cmp_sym(const void *pa, const void *pb)
{
    const struct nsym *a = pa, *b = pb;
    int c = 0;
    switch (g_o->sort) {
    case SORT_NUM:
        if (a->undef != b->undef)
            c = a->undef ? -1 : 1;
        else if (!a->undef && a->value != b->value)
            c = a->value < b->value ? -1 : 1;
        else
            c = cmp_name(a, b);
        break;
    case SORT_SIZE:
        if (a->size != b->size)
            c = a->size < b->size ? -1 : 1;
        else
            c = cmp_name(a, b);
        break;
    default:
        c = cmp_name(a, b);
        break;
    }
    if (g_o->reverse)
        c = -c;
    /* GNU orders equal sizes and names by address (a first, stable pass by address) */
    if (!c && g_o->sort == SORT_SIZE && a->value != b->value)
        c = a->value < b->value ? -1 : 1;
    if (!c)
        c = a->idx < b->idx ? -1 : a->idx > b->idx;
    return c;
}

/* ---------------------------------------------------------------- output */

static unsigned width_of(int cls) { return cls == ELFCLASS32 ? 8 : cls == ELFCLASS64 ? 16 : 32; }

/* v in the radix, zero-padded to `width` digits (0: no padding). */
static void put_num(u128 v, int radix, unsigned width)
{
    char buf[64];
    int n = 0;
    do {
        buf[n++] = "0123456789abcdef"[(unsigned)(v % (unsigned)radix)];
        v /= (unsigned)radix;
    } while (v);
    for (unsigned i = (unsigned)n; i < width; i++)
        putchar('0');
    while (n)
        putchar(buf[--n]);
}

static void prefix(const struct opts *o, const char *path, const char *member)
{
    if (!o->print_file)
        return;
    if (o->fmt == FMT_POSIX) {
        if (member)
            printf("%s[%s]: ", path, member);
        else
            printf("%s: ", path);
    } else {
        if (member)
            printf("%s:%s:", path, member);
        else
            printf("%s:", path);
    }
}

static void print_sysv_header(const char *path, const char *member, int cls)
{
    int w = (int)width_of(cls);
    if (member)
        printf("\n\nSymbols from %s[%s]:\n\n", path, member);
    else
        printf("\n\nSymbols from %s:\n\n", path);
    printf("Name                  %-*sClass        Type         %-*sLine  Section\n\n", w, "Value",
           w + 1, "Size");
}

static const char *sysv_type(u8 stt)
{
    switch (stt) {
    case STT_NOTYPE: return "NOTYPE";
    case STT_OBJECT: return "OBJECT";
    case STT_FUNC: return "FUNC";
    case STT_FILE: return "FILE";
    case STT_COMMON: return "COMMON";
    case STT_TLS: return "TLS";
    default: return "";
    }
}

static void print_sym(const struct opts *o, int cls, const char *path, const char *member,
                      const struct nsym *s)
{
    unsigned w = width_of(cls);
    prefix(o, path, member);
    if (o->fmt == FMT_POSIX) {
        printf("%s %c ", s->name, s->type);
        if (s->undef)
            printf("        ");
        else {
            put_num(s->value, o->radix, 0);
            putchar(' ');
            if (s->size)
                put_num(s->size, o->radix, 0);
        }
        putchar('\n');
        return;
    }
    if (o->fmt == FMT_SYSV) {
        printf("%-20s|", s->name);
        if (s->undef)
            printf("%*s", (int)w, "");
        else
            put_num(s->value, o->radix, w);
        printf("|   %c  |%18s|", s->type, sysv_type(s->stt));
        if (s->size)
            put_num(s->size, o->radix, w);
        else
            printf("%*s", (int)w, "");
        printf("|     |%s\n", s->secname);
        return;
    }
    if (s->undef)
        printf("%*s", (int)w, "");
    else
        put_num(o->sort == SORT_SIZE && !o->print_size ? s->size : s->value, o->radix, w);
    putchar(' ');
    if (o->print_size && s->size && !s->undef) {
        put_num(s->size, o->radix, w);
        putchar(' ');
    }
    printf("%c %s\n", s->type, s->name);
}

/* ---------------------------------------------------------------- one object */

struct ctx {
    const struct opts *o;
    bool archive_seen;
};

static int do_object(void *vctx, const char *path, const char *member, struct elf_file *f)
{
    struct ctx *cx = vctx;
    const struct opts *o = cx->o;
    if (!f) {   /* an archive starts */
        if (o->nfiles > 1 && o->fmt == FMT_BSD)
            printf("\n%s:\n", path);
        return 0;
    }
    const char *name = member ? member : path;
    if (o->fmt != FMT_SYSV && !o->print_file) {
        if (o->fmt == FMT_POSIX) {
            if (member)
                printf("%s[%s]:\n", path, member);
            else if (o->nfiles > 1)
                printf("%s:\n", path);
        } else if (member || o->nfiles > 1)
            printf("\n%s:\n", name);
    }
    int cls = elf_cls(f);
    if (o->fmt == FMT_SYSV)
        print_sysv_header(path, member, cls);
    fflush(stdout);
    u32 sec = elf_section_by_type(f, o->dynamic ? SHT_DYNSYM : SHT_SYMTAB);
    u32 n = sec ? elf_sym_count(f, sec) : 0;
    if (n <= 1) {
        fprintf(stderr, TOOL ": %s: no symbols\n", name);
        return 0;
    }
    struct nsym *v = calloc(n, sizeof *v);
    if (!v) {
        fprintf(stderr, TOOL ": out of memory\n");
        return 1;
    }
    u32 k = 0;
    for (u32 i = 1; i < n; i++) {
        struct elf_sym s;
        if (elf_sym(f, sec, i, &s))
            continue;
        u8 stt = ELF_ST_TYPE(s.info);
        const struct elf_shdr *sh = elf_shdr(f, s.shndx);
        bool debug = stt == STT_SECTION || stt == STT_FILE;
        const char *nm = s.name;
        if (stt == STT_SECTION && !nm[0] && sh && s.shndx < SHN_LORESERVE)
            nm = sh->name;
        bool undef = s.shndx == SHN_UNDEF;
        bool common = s.shndx == SHN_COMMON;
        u8 bind = ELF_ST_BIND(s.info);
        if (o->undef_only && !undef)
            continue;
        if (o->extern_only && !(bind == STB_GLOBAL || bind == STB_WEAK || bind == 10 || undef || common))
            continue;
        if (!o->all && debug)
            continue;
        if (o->sort == SORT_SIZE && debug)
            continue;
        if (special(nm))
            continue;
        if (o->defined_only && undef)
            continue;
        struct nsym *x = &v[k++];
        x->name = nm;
        x->type = sym_letter(f, &s);
        x->undef = x->type == 'U' || x->type == 'w' || x->type == 'v';
        x->value = common ? s.size : s.value;
        x->size = s.size;
        x->idx = i;
        x->stt = stt;
        x->secname = undef ? "*UND*" : common ? "*COM*" : s.shndx == SHN_ABS ? "*ABS*"
                     : sh && s.shndx < SHN_LORESERVE ? sh->name : "*ABS*";
        if (stt == STT_SECTION)
            x->secname = "";
        if (o->sort == SORT_SIZE && (x->size == 0 || x->undef))
            k--;
    }
    if (o->sort != SORT_NONE) {
        g_o = o;
        qsort(v, k, sizeof *v, cmp_sym);
    }
    for (u32 i = 0; i < k; i++)
        print_sym(o, cls, path, member, &v[i]);
    free(v);
    return 0;
}

/* ---------------------------------------------------------------- options */

static int set_format(struct opts *o, const char *a)
{
    if (!strcmp(a, "bsd") || !strcmp(a, "b") || !strcmp(a, "B"))
        o->fmt = FMT_BSD;
    else if (!strcmp(a, "posix") || !strcmp(a, "p") || !strcmp(a, "P"))
        o->fmt = FMT_POSIX;
    else if (!strcmp(a, "sysv") || !strcmp(a, "s") || !strcmp(a, "S"))
        o->fmt = FMT_SYSV;
    else {
        fprintf(stderr, TOOL ": %s: invalid output format\n", a);
        return -1;
    }
    return 0;
}

static int set_radix(struct opts *o, const char *a)
{
    if (!strcmp(a, "d"))
        o->radix = 10;
    else if (!strcmp(a, "o"))
        o->radix = 8;
    else if (!strcmp(a, "x"))
        o->radix = 16;
    else {
        fprintf(stderr, TOOL ": %s: invalid radix\n", a);
        return -1;
    }
    return 0;
}

enum { OPT_SIZE_SORT = 256 };

int main(int argc, char **argv)
{
    static const struct option longs[] = {
        { "debug-syms", no_argument, NULL, 'a' },
        { "print-file-name", no_argument, NULL, 'A' },
        { "dynamic", no_argument, NULL, 'D' },
        { "extern-only", no_argument, NULL, 'g' },
        { "format", required_argument, NULL, 'f' },
        { "numeric-sort", no_argument, NULL, 'n' },
        { "no-sort", no_argument, NULL, 'p' },
        { "portability", no_argument, NULL, 'P' },
        { "reverse-sort", no_argument, NULL, 'r' },
        { "print-size", no_argument, NULL, 'S' },
        { "size-sort", no_argument, NULL, OPT_SIZE_SORT },
        { "radix", required_argument, NULL, 't' },
        { "undefined-only", no_argument, NULL, 'u' },
        { "defined-only", no_argument, NULL, 'U' },
        { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, 'V' },
        { NULL, 0, NULL, 0 },
    };
    struct opts o = { .radix = 16 };
    argv[0] = (char *)TOOL;     /* getopt's messages: "zl-nm: invalid option -- 'q'" */
    int c;
    while ((c = getopt_long(argc, argv, "aABDf:ghHnopPrSt:uUvV", longs, NULL)) != -1) {
        switch (c) {
        case 'a': o.all = true; break;
        case 'A': case 'o': o.print_file = true; break;
        case 'B': o.fmt = FMT_BSD; break;
        case 'D': o.dynamic = true; break;
        case 'f': if (set_format(&o, optarg) < 0) return 1; break;
        case 'g': o.extern_only = true; break;
        case 'n': case 'v': o.sort = SORT_NUM; break;
        case 'p': o.sort = SORT_NONE; break;
        case 'P': o.fmt = FMT_POSIX; break;
        case 'r': o.reverse = true; break;
        case 'S': o.print_size = true; break;
        case OPT_SIZE_SORT: o.sort = SORT_SIZE; break;
        case 't': if (set_radix(&o, optarg) < 0) return 1; break;
        case 'u': o.undef_only = true; break;
        case 'U': o.defined_only = true; break;
        case 'h': case 'H': usage(stdout); return 0;
        case 'V': printf(ZL_VERSION_LINE(TOOL) " — RISC-V ELF32/ELF64/ELF128\n"); return 0;
        default: usage(stderr); return 1;
        }
    }
    const char *dflt = "a.out";
    const char *const *files = optind < argc ? (const char *const *)argv + optind : &dflt;
    int nf = optind < argc ? argc - optind : 1;
    o.nfiles = nf;
    struct ctx cx = { .o = &o };
    int rc = 0;
    for (int i = 0; i < nf; i++)
        if (elf_input_each(TOOL, files[i], do_object, &cx, NULL))
            rc = 1;
    return rc;
}
