/* zl-size — section sizes of ELF32/ELF64/ELF128 objects, archives and executables, in
 * GNU size's Berkeley (default) and System V (-A) formats (docs/binutils.md). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "elf/elf.h"
#include "common/version.h"

#define TOOL "zl-size"
#define VERSION_LINE ZL_VERSION_LINE(TOOL) " — RISC-V ELF32/ELF64/ELF128\n"

struct opts {
    bool sysv, totals;
    int radix;                  /* 10, 8, 16 */
};

struct state {
    const struct opts *o;
    u128 ttext, tdata, tbss;
    bool header_done;
};

static void usage(FILE *fp)
{
    fprintf(fp,
            "Usage: " TOOL " [option(s)] [file(s)]\n"
            " Displays the sizes of sections inside binary files\n"
            " If no input file(s) are specified, a.out is assumed\n"
            " The options are:\n"
            "  -A|-B     --format={sysv|berkeley}  Select output style (default is berkeley)\n"
            "  -o|-d|-x  --radix={8|10|16}         Display numbers in octal, decimal or hex\n"
            "  -t        --totals                  Display the total sizes (Berkeley only)\n"
            "  -h|-H|-?  --help                    Display this information\n"
            "  -v|-V     --version                 Display the program's version\n");
}

/* v in radix, with a "0x" / "0" prefix when alt (GNU size prints 0 as "0x0" / "00"). */
static void fmt_num(char *buf, usize n, u128 v, int radix, bool alt)
{
    char tmp[64];
    int k = 0;
    u128 x = v;
    do {
        tmp[k++] = "0123456789abcdef"[(unsigned)(x % (unsigned)radix)];
        x /= (unsigned)radix;
    } while (x);
    usize p = 0;
    if (alt && radix == 16)
        buf[p++] = '0', buf[p++] = 'x';
    if (alt && radix == 8)
        buf[p++] = '0';
    while (k && p + 1 < n)
        buf[p++] = tmp[--k];
    buf[p] = 0;
}

static void put_num(u128 v, int radix, bool alt, int width, const char *after)
{
    char buf[80];
    fmt_num(buf, sizeof buf, v, radix, alt);
    printf("%*s%s", width, buf, after);
}

/* Sections GNU's BFD shows: not the symbol table, its strings, the section names, or the
 * relocation sections of a relocatable symbol table. */
static bool visible(const struct elf_file *f, u32 i)
{
    const struct elf_shdr *sh = elf_shdr(f, i);
    u32 symtab = elf_section_by_type(f, SHT_SYMTAB);
    if (!sh || sh->type == SHT_NULL || sh->type == SHT_SYMTAB || sh->type == SHT_SYMTAB_SHNDX)
        return false;
    if (i == elf_header(f)->shstrndx)
        return false;
    if (symtab && sh->type == SHT_STRTAB && i == elf_shdr(f, symtab)->link)
        return false;
    if ((sh->type == SHT_REL || sh->type == SHT_RELA) && symtab && sh->link == symtab &&
        sh->info && sh->info < elf_shnum(f) && !(sh->flags & SHF_ALLOC))
        return false;
    return true;
}

/* One Berkeley line: text data bss total(dec or oct) total(hex) name. */
static void print_row(const struct opts *o, u128 text, u128 data, u128 bss, const char *name,
                      const char *archive)
{
    bool alt = o->radix != 10;
    put_num(text, o->radix, alt, 7, "\t");
    put_num(data, o->radix, alt, 7, "\t");
    put_num(bss, o->radix, alt, 7, "\t");
    u128 total = text + data + bss;
    put_num(total, o->radix == 8 ? 8 : 10, false, 7, "\t");
    put_num(total, 16, false, 7, "\t");
    if (archive)
        printf("%s (ex %s)\n", name, archive);
    else
        printf("%s\n", name);
}

static void berkeley(struct state *st, const char *name, const char *archive, struct elf_file *f)
{
    const struct opts *o = st->o;
    u128 text = 0, data = 0, bss = 0;
    for (u32 i = 1; i < elf_shnum(f); i++) {
        const struct elf_shdr *sh = elf_shdr(f, i);
        if (!visible(f, i) || !(sh->flags & SHF_ALLOC))
            continue;
        if ((sh->flags & SHF_EXECINSTR) || !(sh->flags & SHF_WRITE))
            text += sh->size;
        else if (sh->type != SHT_NOBITS)
            data += sh->size;
        else
            bss += sh->size;
    }
    if (!st->header_done) {
        printf("   text\t   data\t    bss\t    %s\t    hex\tfilename\n", o->radix == 8 ? "oct" : "dec");
        st->header_done = true;
    }
    st->ttext += text;
    st->tdata += data;
    st->tbss += bss;
    print_row(o, text, data, bss, name, archive);
}

static int digits(u128 v, int radix)
{
    char buf[80];
    fmt_num(buf, sizeof buf, v, radix, true);
    return (int)strlen(buf);
}

static void sysv(const struct opts *o, const char *name, const char *archive, struct elf_file *f)
{
    int namew = (int)strlen("section"), sizew = (int)strlen("size"), addrw = (int)strlen("addr");
    u128 total = 0;
    for (u32 i = 1; i < elf_shnum(f); i++) {
        if (!visible(f, i))
            continue;
        const struct elf_shdr *sh = elf_shdr(f, i);
        int l = (int)strlen(sh->name);
        if (l > namew)
            namew = l;
        if (digits(sh->size, o->radix) > sizew)
            sizew = digits(sh->size, o->radix);
        if (digits(sh->addr, o->radix) > addrw)
            addrw = digits(sh->addr, o->radix);
        total += sh->size;
    }
    if (digits(total, o->radix) > sizew)
        sizew = digits(total, o->radix);
    if (archive)
        printf("%s   (ex %s):\n", name, archive);
    else
        printf("%s  :\n", name);
    printf("%-*s   %*s   %*s\n", namew, "section", sizew, "size", addrw, "addr");
    for (u32 i = 1; i < elf_shnum(f); i++) {
        if (!visible(f, i))
            continue;
        const struct elf_shdr *sh = elf_shdr(f, i);
        printf("%-*s   ", namew, sh->name);
        put_num(sh->size, o->radix, true, sizew, "   ");
        put_num(sh->addr, o->radix, true, addrw, "\n");
    }
    printf("%-*s   ", namew, "Total");
    put_num(total, o->radix, true, sizew, "\n\n\n");
}

static int do_object(void *vst, const char *path, const char *member, struct elf_file *f)
{
    struct state *st = vst;
    if (!f)
        return 0;
    const char *name = member ? member : path;
    const char *archive = member ? path : NULL;
    if (st->o->sysv)
        sysv(st->o, name, archive, f);
    else
        berkeley(st, name, archive, f);
    return 0;
}

static int set_radix(struct opts *o, const char *a)
{
    if (!strcmp(a, "8"))
        o->radix = 8;
    else if (!strcmp(a, "10"))
        o->radix = 10;
    else if (!strcmp(a, "16"))
        o->radix = 16;
    else {
        fprintf(stderr, TOOL ": Invalid radix: %s\n", a);
        usage(stderr);
        return -1;
    }
    return 0;
}

static int set_format(struct opts *o, const char *a)
{
    if (a[0] == 's' || a[0] == 'S')
        o->sysv = true;
    else if (a[0] == 'b' || a[0] == 'B')
        o->sysv = false;
    else {
        fprintf(stderr, TOOL ": invalid argument to --format: %s\n", a);
        usage(stderr);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    static const struct option longs[] = {
        { "format", required_argument, NULL, 'f' },
        { "radix", required_argument, NULL, 'r' },
        { "totals", no_argument, NULL, 't' },
        { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, 'V' },
        { NULL, 0, NULL, 0 },
    };
    struct opts o = { .radix = 10 };
    argv[0] = (char *)TOOL;     /* getopt's messages: "zl-size: invalid option -- 'q'" */
    int c;
    while ((c = getopt_long(argc, argv, "ABdhHotvVx", longs, NULL)) != -1) {
        switch (c) {
        case 'A': o.sysv = true; break;
        case 'B': o.sysv = false; break;
        case 'f': if (set_format(&o, optarg) < 0) return 1; break;
        case 'r': if (set_radix(&o, optarg) < 0) return 1; break;
        case 'd': o.radix = 10; break;
        case 'o': o.radix = 8; break;
        case 'x': o.radix = 16; break;
        case 't': o.totals = true; break;
        case 'h': case 'H': usage(stdout); return 0;
        case 'v': case 'V': printf(VERSION_LINE); return 0;
        default: usage(stderr); return 1;
        }
    }
    const char *dflt = "a.out";
    const char *const *files = optind < argc ? (const char *const *)argv + optind : &dflt;
    int nf = optind < argc ? argc - optind : 1;
    struct state st = { .o = &o };
    int rc = 0;
    for (int i = 0; i < nf; i++)
        if (elf_input_each(TOOL, files[i], do_object, &st, NULL))
            rc = 1;
    if (o.totals && !o.sysv && st.header_done)
        print_row(&o, st.ttext, st.tdata, st.tbss, "(TOTALS)", NULL);
    return rc;
}
