/* readelf.c — zl-readelf: display ELF file headers, program headers, section headers,
 * symbols, relocations and the dynamic section, in GNU readelf's layout.
 *
 * Input is parsed by the validating reader of src/elf (elf_read); a file it rejects is
 * reported as "zl-readelf: Error: FILE: reason" and nothing else is printed for it.
 * Output order follows GNU readelf: file header, section headers, program headers,
 * dynamic section, relocations, symbols, the line tables (-wl, -wL: dwarf_dump.c).
 *
 * Number formats (GNU readelf's, extended to ELFCLASS128): "LONG_HEX" is zero-padded to
 * the class width (8, 16 or 32 digits), "FULL_HEX" is 0x + LONG_HEX, "PREFIX_HEX" is
 * 0x + minimal digits, "DEC_5" is %5u up to 99999 and PREFIX_HEX above. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "readelf.h"
#include "elf/elf.h"
#include "common/le.h"

struct re {
    FILE *out;
    const struct re_opts *o;
    const char *name;
    struct elf_file *f;
    const struct elf_ehdr *eh;
    struct elf_ehdr raw;     /* header counts as stored (16-bit, before extension) */
    int cls;
    unsigned hexw;           /* digits of an address: 8, 16, 32 */
    int is64;                /* not ELF32: the 64-bit layouts (ELF64 and ELF128) */
};

/* ---------------------------------------------------------------------------------- */
/* Number and name formatting                                                         */
/* ---------------------------------------------------------------------------------- */

/* Hexadecimal with at least `min` digits into buf (>= 40 bytes). */
static const char *hexs(u128 v, unsigned min, char *buf)
{
    char tmp[40];
    unsigned n = 0;
    do {
        tmp[n++] = "0123456789abcdef"[(unsigned)(v & 0xf)];
        v >>= 4;
    } while (v);
    while (n < min && n < 39)
        tmp[n++] = '0';
    for (unsigned i = 0; i < n; i++)
        buf[i] = tmp[n - 1 - i];
    buf[n] = 0;
    return buf;
}

static void phex(struct re *R, u128 v, unsigned min)
{
    char b[40];
    fputs(hexs(v, min, b), R->out);
}

static void long_hex(struct re *R, u128 v)
{
    phex(R, v, R->hexw);
}

static void full_hex(struct re *R, u128 v)
{
    fputs("0x", R->out);
    phex(R, v, R->hexw);
}

static void prefix_hex(struct re *R, u128 v)
{
    fputs("0x", R->out);
    phex(R, v, 0);
}

static void pdec(struct re *R, u128 v)
{
    char b[48];
    fputs(elf_u128_dec(v, b, sizeof b), R->out);
}

static void dec5(struct re *R, u128 v)
{
    if (v <= 99999)
        fprintf(R->out, "%5u", (unsigned)v);
    else
        prefix_hex(R, v);
}

/* GNU readelf's print_symbol: control characters as ^X; without -W a name longer than
 * |width| is cut to |width| - 5 characters plus "[...]"; a negative width pads. */
static void psym(struct re *R, int width, const char *s)
{
    int pad = width < 0;
    unsigned w = (unsigned)(width < 0 ? -width : width);
    unsigned remaining = R->o->wide ? 0xffffffffu : w;
    int dots = 0;
    if (!R->o->wide && strlen(s) > w) {
        remaining = w > 5 ? w - 5 : 0;
        dots = 1;
    }
    unsigned printed = 0;
    for (; *s && remaining; s++) {
        unsigned char c = (unsigned char)*s;
        if (c < 0x20 || c == 0x7f) {
            if (remaining < 2)
                break;
            fputc('^', R->out);
            fputc(c == 0x7f ? '?' : c + 0x40, R->out);
            remaining -= 2;
            printed += 2;
        } else {
            fputc(c, R->out);
            remaining--;
            printed++;
        }
    }
    if (dots) {
        fputs("[...]", R->out);
        printed += 5;
    }
    if (pad && printed < w)
        fprintf(R->out, "%-*s", (int)(w - printed), " ");
}

static const char *section_name(struct re *R, u32 i)
{
    const struct elf_shdr *s = elf_shdr(R->f, i);
    return s ? s->name : "<corrupt>";
}

static const char *file_type(struct re *R, int *pie_out)
{
    static char buf[64];
    u16 t = R->eh->type;
    int pie = 0;
    if (t == ET_DYN) {
        for (u32 i = 1; i < elf_shnum(R->f); i++) {
            u32 n = elf_dyn_count(R->f, i);
            for (u32 k = 0; k < n; k++) {
                struct elf_dyn d;
                elf_dyn(R->f, i, k, &d);
                if (d.tag == DT_NULL)
                    break;
                if (d.tag == DT_FLAGS_1 && (d.val & 0x08000000))
                    pie = 1;
            }
        }
        if (!elf_shnum(R->f)) {
            for (u32 i = 0; i < elf_phnum(R->f); i++) {
                const struct elf_phdr *p = elf_phdr(R->f, i);
                if (p->type != PT_DYNAMIC)
                    continue;
                const u8 *d;
                usize n;
                elf_segment_data(R->f, i, &d, &n);
                unsigned dsz = elf_geom(R->cls)->dynsize;
                for (usize k = 0; k + dsz <= n; k += dsz) {
                    struct elf_dyn dy;
                    elf_decode_dyn(R->cls, d + k, &dy);
                    if (dy.tag == DT_NULL)
                        break;
                    if (dy.tag == DT_FLAGS_1 && (dy.val & 0x08000000))
                        pie = 1;
                }
            }
        }
    }
    if (pie_out)
        *pie_out = pie;
    switch (t) {
    case ET_NONE: return "NONE (None)";
    case ET_REL: return "REL (Relocatable file)";
    case ET_EXEC: return "EXEC (Executable file)";
    case ET_DYN: return pie ? "DYN (Position-Independent Executable file)"
                            : "DYN (Shared object file)";
    case ET_CORE: return "CORE (Core file)";
    default:
        if (t >= ET_LOPROC)
            snprintf(buf, sizeof buf, "Processor Specific: (%x)", t);
        else if (t >= ET_LOOS)
            snprintf(buf, sizeof buf, "OS Specific: (%x)", t);
        else
            snprintf(buf, sizeof buf, "<unknown>: %x", t);
        return buf;
    }
}

/* ---------------------------------------------------------------------------------- */
/* -h                                                                                 */
/* ---------------------------------------------------------------------------------- */

static void print_header(struct re *R)
{
    const struct elf_ehdr *eh = &R->raw;
    FILE *o = R->out;
    fprintf(o, "ELF Header:\n  Magic:   ");
    for (int i = 0; i < EI_NIDENT; i++)
        fprintf(o, "%2.2x ", eh->ident[i]);
    fprintf(o, "\n");
    fprintf(o, "  Class:                             %s\n", elf_class_name(R->cls));
    fprintf(o, "  Data:                              2's complement, little endian\n");
    u8 v = eh->ident[EI_VERSION];
    fprintf(o, "  Version:                           %d%s\n", v,
            v == EV_CURRENT ? " (current)" : v != EV_NONE ? " <unknown>" : "");
    const char *osabi = elf_osabi_name(eh->ident[EI_OSABI]);
    char ob[32];
    if (!osabi) {
        snprintf(ob, sizeof ob, "<unknown: %x>", eh->ident[EI_OSABI]);
        osabi = ob;
    }
    fprintf(o, "  OS/ABI:                            %s\n", osabi);
    fprintf(o, "  ABI Version:                       %d\n", eh->ident[EI_ABIVERSION]);
    fprintf(o, "  Type:                              %s\n", file_type(R, NULL));
    const char *m = elf_em_name(eh->machine);
    if (m)
        fprintf(o, "  Machine:                           %s\n", m);
    else
        fprintf(o, "  Machine:                           <unknown>: 0x%x\n", eh->machine);
    fprintf(o, "  Version:                           0x%x\n", eh->version);
    fprintf(o, "  Entry point address:               ");
    prefix_hex(R, eh->entry);
    fprintf(o, "\n  Start of program headers:          ");
    pdec(R, eh->phoff);
    fprintf(o, " (bytes into file)\n  Start of section headers:          ");
    pdec(R, eh->shoff);
    fprintf(o, " (bytes into file)\n");
    char fl[128] = "";
    if (eh->machine == EM_RISCV) {
        u32 f = eh->flags;
        if (f & EF_RISCV_RVC)
            strcat(fl, ", RVC");
        if (f & EF_RISCV_RVE)
            strcat(fl, ", RVE");
        if (f & EF_RISCV_TSO)
            strcat(fl, ", TSO");
        static const char *const fabi[4] = { ", soft-float ABI", ", single-float ABI",
                                             ", double-float ABI", ", quad-float ABI" };
        strcat(fl, fabi[(f & EF_RISCV_FLOAT_ABI) >> 1]);
    }
    fprintf(o, "  Flags:                             0x%x%s\n", eh->flags, fl);
    fprintf(o, "  Size of this header:               %u (bytes)\n", eh->ehsize);
    fprintf(o, "  Size of program headers:           %u (bytes)\n", eh->phentsize);
    fprintf(o, "  Number of program headers:         %u", eh->phnum);
    if (eh->phnum == PN_XNUM && elf_phnum(R->f) != PN_XNUM)
        fprintf(o, " (%u)", elf_phnum(R->f));
    fprintf(o, "\n  Size of section headers:           %u (bytes)\n", eh->shentsize);
    fprintf(o, "  Number of section headers:         %u", eh->shnum);
    if (eh->shnum == 0 && elf_shnum(R->f))
        fprintf(o, " (%u)", elf_shnum(R->f));
    fprintf(o, "\n  Section header string table index: %u", eh->shstrndx);
    if (eh->shstrndx == SHN_XINDEX && R->eh->shstrndx != SHN_XINDEX)
        fprintf(o, " (%u)", R->eh->shstrndx);
    fprintf(o, "\n");
}

/* ---------------------------------------------------------------------------------- */
/* -S                                                                                 */
/* ---------------------------------------------------------------------------------- */

static const char *sht_name(u32 type, char *buf)
{
    const char *n = elf_sht_name(type);
    if (n)
        return n;
    if (type >= SHT_LOPROC && type <= SHT_HIPROC)
        snprintf(buf, 32, "LOPROC+%#x", type - SHT_LOPROC);
    else if (type >= SHT_LOOS && type <= SHT_HIOS)
        snprintf(buf, 32, "LOOS+%#x", type - SHT_LOOS);
    else if (type >= SHT_LOUSER)
        snprintf(buf, 32, "LOUSER+%#x", type - SHT_LOUSER);
    else
        snprintf(buf, 32, "%08x: <unknown>", type);
    return buf;
}

/* GNU readelf's flag letters (W A X M S I L O G T C R D E, o, p, x). */
static const char *shf_letters(u128 flags, u8 osabi, char *buf)
{
    static const struct { u32 bit; char c; } t[] = {
        { SHF_WRITE, 'W' }, { SHF_ALLOC, 'A' }, { SHF_EXECINSTR, 'X' }, { SHF_MERGE, 'M' },
        { SHF_STRINGS, 'S' }, { SHF_INFO_LINK, 'I' }, { SHF_LINK_ORDER, 'L' },
        { SHF_OS_NONCONFORMING, 'O' }, { SHF_GROUP, 'G' }, { SHF_TLS, 'T' },
        { SHF_COMPRESSED, 'C' }, { SHF_EXCLUDE, 'E' },
    };
    usize n = 0;
    u128 rest = flags;
    for (usize i = 0; i < sizeof t / sizeof t[0]; i++)
        if (flags & t[i].bit) {
            buf[n++] = t[i].c;
            rest &= ~(u128)t[i].bit;
        }
    if (osabi == ELFOSABI_GNU && (rest & 0x200000)) {
        buf[n++] = 'R';                      /* SHF_GNU_RETAIN */
        rest &= ~(u128)0x200000;
    }
    if ((osabi == ELFOSABI_NONE || osabi == ELFOSABI_GNU) && (rest & 0x01000000)) {
        buf[n++] = 'D';                      /* SHF_GNU_MBIND */
        rest &= ~(u128)0x01000000;
    }
    if (rest & SHF_MASKOS) {
        buf[n++] = 'o';
        rest &= ~(u128)SHF_MASKOS;
    }
    if (rest & SHF_MASKPROC) {
        buf[n++] = 'p';
        rest &= ~(u128)SHF_MASKPROC;
    }
    if (rest)
        buf[n++] = 'x';
    buf[n] = 0;
    return buf;
}

static void print_sections(struct re *R)
{
    FILE *o = R->out;
    u32 n = elf_shnum(R->f);
    if (n == 0) {
        fprintf(o, "\nThere are no sections in this file.\n");
        return;
    }
    if (!R->o->header) {
        char b[40];
        fprintf(o, "There %s %u section header%s, starting at offset 0x%s:\n",
                n == 1 ? "is" : "are", n, n == 1 ? "" : "s", hexs(R->eh->shoff, 0, b));
    }
    fprintf(o, "\nSection Header%s:\n", n == 1 ? "" : "s");
    int wide = R->o->wide;
    if (!R->is64)
        fprintf(o, "  [Nr] Name              Type            Addr     Off    Size   ES Flg Lk "
                   "Inf Al\n");
    else if (R->cls == ELFCLASS64 && wide)
        fprintf(o, "  [Nr] Name              Type            Address          Off    Size   ES "
                   "Flg Lk Inf Al\n");
    else if (R->cls == ELFCLASS64)
        fprintf(o, "  [Nr] Name              Type             Address           Offset\n"
                   "       Size              EntSize          Flags  Link  Info  Align\n");
    else if (wide)
        fprintf(o, "  [Nr] Name              Type            Address                          "
                   "Off    Size   ES Flg Lk Inf Al\n");
    else
        fprintf(o, "  [Nr] Name              Type             Address                          "
                   " Offset\n"
                   "       Size                              EntSize                         "
                   "  Flags  Link  Info  Align\n");
    u8 osabi = R->raw.ident[EI_OSABI];
    for (u32 i = 0; i < n; i++) {
        const struct elf_shdr *s = elf_shdr(R->f, i);
        char tb[40], fb[40];
        fprintf(o, "  [%2u] ", i);
        psym(R, -17, s->name);
        fprintf(o, wide ? " %-15s " : " %-15.15s ", sht_name(s->type, tb));
        const char *fl = shf_letters(s->flags, osabi, fb);
        if (!R->is64) {
            long_hex(R, s->addr);
            fprintf(o, " ");
            phex(R, s->offset, 6);
            fprintf(o, " ");
            phex(R, s->size, 6);
            fprintf(o, " ");
            phex(R, s->entsize, 2);
            fprintf(o, " %3s %2u %3u ", fl, s->link, s->info);
            if (s->addralign < 10)
                fprintf(o, " ");
            pdec(R, s->addralign);
            fprintf(o, "\n");
        } else if (wide) {
            long_hex(R, s->addr);
            fprintf(o, " ");
            phex(R, s->offset, 6);
            fprintf(o, " ");
            phex(R, s->size, 6);
            fprintf(o, " ");
            phex(R, s->entsize, 2);
            fprintf(o, " %3s %2u %3u ", fl, s->link, s->info);
            if (s->addralign < 10)
                fprintf(o, " ");
            pdec(R, s->addralign);
            fprintf(o, "\n");
        } else {
            fprintf(o, " ");
            long_hex(R, s->addr);
            fprintf(o, "  ");
            phex(R, s->offset, 8);
            fprintf(o, "\n       ");
            long_hex(R, s->size);
            fprintf(o, "  ");
            long_hex(R, s->entsize);
            fprintf(o, " %3s      %2u   %3u     ", fl, s->link, s->info);
            pdec(R, s->addralign);
            fprintf(o, "\n");
        }
    }
    fprintf(o, "Key to Flags:\n"
               "  W (write), A (alloc), X (execute), M (merge), S (strings), I (info),\n"
               "  L (link order), O (extra OS processing required), G (group), T (TLS),\n"
               "  C (compressed), x (unknown), o (OS specific), E (exclude),\n");
    if (osabi == ELFOSABI_GNU)
        fprintf(o, "  R (retain), D (mbind), p (processor specific)\n");
    else if (osabi == ELFOSABI_NONE)
        fprintf(o, "  D (mbind), p (processor specific)\n");
    else
        fprintf(o, "  p (processor specific)\n");
}

/* ---------------------------------------------------------------------------------- */
/* -l                                                                                 */
/* ---------------------------------------------------------------------------------- */

static const char *pt_name(u32 t, char *buf)
{
    const char *n = elf_pt_name(t);
    if (n)
        return n;
    if (t >= PT_LOPROC && t <= PT_HIPROC)
        snprintf(buf, 40, "LOPROC+%#x", t - PT_LOPROC);
    else if (t >= PT_LOOS && t <= PT_HIOS)
        snprintf(buf, 40, "LOOS+%#x", t - PT_LOOS);
    else
        snprintf(buf, 40, "<unknown>: %x", t);
    return buf;
}

/* Is section s inside segment p (GNU readelf's strict rule, with the .tbss exception)? */
static int sec_in_seg(const struct elf_shdr *s, const struct elf_phdr *p)
{
    int tls = (s->flags & SHF_TLS) != 0, nobits = s->type == SHT_NOBITS;
    if (tls && nobits && p->type != PT_TLS)
        return 0;                            /* .tbss occupies no space in other segments */
    if (tls ? !(p->type == PT_TLS || p->type == PT_GNU_RELRO || p->type == PT_LOAD)
            : (p->type == PT_TLS || p->type == PT_PHDR))
        return 0;
    if (!(s->flags & SHF_ALLOC) &&
        (p->type == PT_LOAD || p->type == PT_DYNAMIC || p->type == PT_GNU_EH_FRAME ||
         p->type == PT_GNU_STACK || p->type == PT_GNU_RELRO))
        return 0;
    u128 size = (!tls || !nobits || p->type == PT_TLS) ? s->size : 0;
    if (!nobits) {
        if (s->offset < p->offset)
            return 0;
        if (p->filesz == 0 || s->offset - p->offset > p->filesz - 1)
            return 0;
        if (s->offset - p->offset + size > p->filesz)
            return 0;
    }
    if (s->flags & SHF_ALLOC) {
        if (s->addr < p->vaddr)
            return 0;
        if (p->memsz == 0 || s->addr - p->vaddr > p->memsz - 1)
            return 0;
        if (s->addr - p->vaddr + size > p->memsz)
            return 0;
    }
    if ((p->type == PT_DYNAMIC || p->type == PT_NOTE) && s->size == 0 && p->memsz != 0) {
        int ok_off = nobits || (s->offset > p->offset && s->offset - p->offset < p->filesz);
        int ok_addr = !(s->flags & SHF_ALLOC) ||
                      (s->addr > p->vaddr && s->addr - p->vaddr < p->memsz);
        if (!(ok_off && ok_addr))
            return 0;
    }
    return 1;
}

static void print_segments(struct re *R)
{
    FILE *o = R->out;
    u32 n = elf_phnum(R->f);
    if (n == 0) {
        fprintf(o, "\nThere are no program headers in this file.\n");
        return;
    }
    if (!R->o->header) {
        fprintf(o, "\nElf file type is %s\n", file_type(R, NULL));
        fprintf(o, "Entry point ");
        prefix_hex(R, R->eh->entry);
        fprintf(o, "\nThere %s %u program header%s, starting at offset ", n == 1 ? "is" : "are",
                n, n == 1 ? "" : "s");
        pdec(R, R->eh->phoff);
        fprintf(o, "\n");
    }
    fprintf(o, "\nProgram Headers:\n");
    int wide = R->o->wide;
    if (!R->is64)
        fprintf(o, "  Type           Offset   VirtAddr   PhysAddr   FileSiz MemSiz  Flg Align\n");
    else if (R->cls == ELFCLASS64 && wide)
        fprintf(o, "  Type           Offset   VirtAddr           PhysAddr           FileSiz  "
                   "MemSiz   Flg Align\n");
    else if (R->cls == ELFCLASS64)
        fprintf(o, "  Type           Offset             VirtAddr           PhysAddr\n"
                   "                 FileSiz            MemSiz              Flags  Align\n");
    else if (wide)
        fprintf(o, "  Type           Offset   VirtAddr                           PhysAddr      "
                   "                     FileSiz  MemSiz   Flg Align\n");
    else
        fprintf(o, "  Type           Offset                             VirtAddr              "
                   "             PhysAddr\n"
                   "                 FileSiz                            MemSiz               "
                   "               Flags  Align\n");
    for (u32 i = 0; i < n; i++) {
        const struct elf_phdr *p = elf_phdr(R->f, i);
        char tb[40];
        char fl[4] = { (p->flags & PF_R) ? 'R' : ' ', (p->flags & PF_W) ? 'W' : ' ',
                       (p->flags & PF_X) ? 'E' : ' ', 0 };
        fprintf(o, "  %-14.14s ", pt_name(p->type, tb));
        if (!R->is64) {
            fprintf(o, "0x");
            phex(R, p->offset, 6);
            fprintf(o, " 0x");
            phex(R, p->vaddr, 8);
            fprintf(o, " 0x");
            phex(R, p->paddr, 8);
            fprintf(o, " 0x");
            phex(R, p->filesz, 5);
            fprintf(o, " 0x");
            phex(R, p->memsz, 5);
            fprintf(o, " %s ", fl);
            if (p->align)
                prefix_hex(R, p->align);
            else
                fprintf(o, "0");
        } else if (wide) {
            fprintf(o, "0x");
            phex(R, p->offset, 6);
            fprintf(o, " ");
            full_hex(R, p->vaddr);
            fprintf(o, " ");
            full_hex(R, p->paddr);
            fprintf(o, " 0x");
            phex(R, p->filesz, 6);
            fprintf(o, " 0x");
            phex(R, p->memsz, 6);
            fprintf(o, " %s ", fl);
            if (p->align)
                prefix_hex(R, p->align);
            else
                fprintf(o, "0");
        } else {
            full_hex(R, p->offset);
            fprintf(o, " ");
            full_hex(R, p->vaddr);
            fprintf(o, " ");
            full_hex(R, p->paddr);
            fprintf(o, "\n                 ");
            full_hex(R, p->filesz);
            fprintf(o, " ");
            full_hex(R, p->memsz);
            fprintf(o, "  %s    ", fl);
            prefix_hex(R, p->align);
        }
        fprintf(o, "\n");
        if (p->type == PT_INTERP) {
            const u8 *d;
            usize sz;
            elf_segment_data(R->f, i, &d, &sz);
            if (d && sz && memchr(d, 0, sz))
                fprintf(o, "      [Requesting program interpreter: %s]\n", (const char *)d);
        }
    }
    u32 ns = elf_shnum(R->f);
    if (ns == 0)
        return;
    fprintf(o, "\n Section to Segment mapping:\n  Segment Sections...\n");
    for (u32 i = 0; i < n; i++) {
        const struct elf_phdr *p = elf_phdr(R->f, i);
        fprintf(o, "   %2.2u     ", i);
        for (u32 k = 1; k < ns; k++) {
            const struct elf_shdr *s = elf_shdr(R->f, k);
            if (sec_in_seg(s, p)) {
                psym(R, 0x7fffffff, s->name);
                fprintf(o, " ");
            }
        }
        fprintf(o, "\n");
    }
}

/* ---------------------------------------------------------------------------------- */
/* -d                                                                                 */
/* ---------------------------------------------------------------------------------- */

static void print_dynamic(struct re *R)
{
    FILE *o = R->out;
    u32 sec = elf_section_by_type(R->f, SHT_DYNAMIC);
    if (!sec) {
        fprintf(o, "\nThere is no dynamic section in this file.\n");
        return;
    }
    const struct elf_shdr *s = elf_shdr(R->f, sec);
    u32 n = elf_dyn_count(R->f, sec), used = 0;
    for (u32 k = 0; k < n; k++) {
        struct elf_dyn d;
        elf_dyn(R->f, sec, k, &d);
        used++;
        if (d.tag == DT_NULL)
            break;
    }
    char b[40];
    fprintf(o, "\nDynamic section at offset 0x%s contains %u %s:\n", hexs(s->offset, 0, b), used,
            used == 1 ? "entry" : "entries");
    if (!R->is64)
        fprintf(o, "  Tag        Type                         Name/Value\n");
    else if (R->cls == ELFCLASS64)
        fprintf(o, "  Tag        Type                         Name/Value\n");
    else
        fprintf(o, "  Tag                                Type                         "
                   "Name/Value\n");
    for (u32 k = 0; k < used; k++) {
        struct elf_dyn d;
        elf_dyn(R->f, sec, k, &d);
        fprintf(o, " 0x");
        phex(R, (u128)d.tag, R->hexw);
        const char *nm = elf_dt_name(d.tag);
        char tn[48];
        if (!nm) {
            snprintf(tn, sizeof tn, "<unknown>: %llx", (unsigned long long)d.tag);
            nm = tn;
        }
        int w = (R->is64 ? 19 : 27) - (int)strlen(nm);
        fprintf(o, " (%s)%*s", nm, w > 1 ? w : 1, " ");
        switch ((long long)d.tag) {
        case DT_RELASZ: case DT_RELAENT: case DT_SYMENT: case DT_STRSZ: case DT_RELSZ:
        case DT_RELENT: case DT_PLTRELSZ: case DT_INIT_ARRAYSZ: case DT_FINI_ARRAYSZ:
        case DT_PREINIT_ARRAYSZ: case DT_RELRSZ: case DT_RELRENT:
            pdec(R, d.val);
            fprintf(o, " (bytes)\n");
            break;
        case DT_RELACOUNT: case DT_RELCOUNT: case DT_VERDEFNUM: case DT_VERNEEDNUM:
            pdec(R, d.val);
            fprintf(o, "\n");
            break;
        case DT_FLAGS_1: {
            fprintf(o, "Flags:");
            u128 v = d.val;
            if (v & 0x08000000) {
                fprintf(o, " PIE");
                v &= ~(u128)0x08000000;
            }
            if (v & 0x1) {
                fprintf(o, " NOW");
                v &= ~(u128)1;
            }
            if (v) {
                fprintf(o, " ");
                prefix_hex(R, v);
            }
            fprintf(o, "\n");
            break;
        }
        case DT_FLAGS: {
            static const char *const fn[] = { "ORIGIN", "SYMBOLIC", "TEXTREL", "BIND_NOW",
                                              "STATIC_TLS" };
            u128 v = d.val;
            if (!v)
                fprintf(o, "None");
            for (int bit = 0; bit < 5; bit++)
                if (v & ((u128)1 << bit)) {
                    fprintf(o, "%s%s", fn[bit], (v >> (bit + 1)) ? " " : "");
                    v &= ~((u128)1 << bit);
                }
            if (v)
                prefix_hex(R, v);
            fprintf(o, "\n");
            break;
        }
        case DT_PLTREL:
            fprintf(o, "%s\n", d.val == DT_RELA ? "RELA" : d.val == DT_REL ? "REL" : "?");
            break;
        case DT_NEEDED: case DT_SONAME: case DT_RPATH: case DT_RUNPATH: {
            const char *str = elf_string(R->f, s->link, d.val);
            const char *what = d.tag == DT_NEEDED   ? "Shared library"
                               : d.tag == DT_SONAME ? "Library soname"
                               : d.tag == DT_RPATH  ? "Library rpath"
                                                    : "Library runpath";
            if (str) {
                fprintf(o, "%s: [", what);
                psym(R, 0x7fffffff, str);
                fprintf(o, "]\n");
            } else {
                prefix_hex(R, d.val);
                fprintf(o, "\n");
            }
            break;
        }
        default:
            prefix_hex(R, d.val);
            fprintf(o, "\n");
            break;
        }
    }
}

/* ---------------------------------------------------------------------------------- */
/* -r                                                                                 */
/* ---------------------------------------------------------------------------------- */

static const char *sym_display_name(struct re *R, u32 symsec, const struct elf_sym *s)
{
    if (ELF_ST_TYPE(s->info) == STT_SECTION && s->name[0] == 0) {
        if (s->shndx < elf_shnum(R->f) && s->shndx != SHN_UNDEF)
            return section_name(R, s->shndx);
    }
    (void)symsec;
    return s->name;
}

static void print_relocs(struct re *R)
{
    FILE *o = R->out;
    int any = 0, wide = R->o->wide;
    for (u32 i = 1; i < elf_shnum(R->f); i++) {
        const struct elf_shdr *s = elf_shdr(R->f, i);
        if (s->type != SHT_RELA && s->type != SHT_REL)
            continue;
        int rela = s->type == SHT_RELA;
        u32 n = elf_rel_count(R->f, i);
        any = 1;
        char b[40];
        fprintf(o, "\nRelocation section '");
        psym(R, 0x7fffffff, s->name);
        fprintf(o, "' at offset 0x%s contains %u %s:\n", hexs(s->offset, 0, b), n,
                n == 1 ? "entry" : "entries");
        if (!R->is64) {
            if (rela)
                fprintf(o, wide ? " Offset     Info    Type                Sym. Value  Symbol's "
                                  "Name + Addend\n"
                                : " Offset     Info    Type            Sym.Value  Sym. Name + "
                                  "Addend\n");
            else
                fprintf(o, wide ? " Offset     Info    Type                Sym. Value  Symbol's "
                                  "Name\n"
                                : " Offset     Info    Type            Sym.Value  Sym. Name\n");
        } else if (R->cls == ELFCLASS64) {
            if (rela)
                fprintf(o, wide ? "    Offset             Info             Type               "
                                  "Symbol's Value  Symbol's Name + Addend\n"
                                : "  Offset          Info           Type           Sym. Value  "
                                  "  Sym. Name + Addend\n");
            else
                fprintf(o, wide ? "    Offset             Info             Type               "
                                  "Symbol's Value  Symbol's Name\n"
                                : "  Offset          Info           Type           Sym. Value  "
                                  "  Sym. Name\n");
        } else {
            fprintf(o, "%32s  %32s %-22s %-32s %s\n", "Offset", "Info", "Type",
                    "Symbol's Value", rela ? "Symbol's Name + Addend" : "Symbol's Name");
        }
        for (u32 k = 0; k < n; k++) {
            struct elf_rel r;
            elf_rel(R->f, i, k, &r);
            if (!R->is64) {
                phex(R, r.offset, 8);
                fprintf(o, "  ");
                phex(R, r.info, 8);
                fprintf(o, " ");
            } else if (R->cls == ELFCLASS64) {
                phex(R, r.offset, wide ? 16 : 12);
                fprintf(o, "  ");
                phex(R, r.info, wide ? 16 : 12);
                fprintf(o, " ");
            } else {
                phex(R, r.offset, 32);
                fprintf(o, "  ");
                phex(R, r.info, 32);
                fprintf(o, " ");
            }
            const char *tn = elf_reloc_name(R->eh->machine, r.type);
            if (!tn) {
                char tb[48];
                snprintf(tb, sizeof tb, "unrecognized: %-7llx", (unsigned long long)r.type);
                fputs(tb, o);
            } else {
                fprintf(o, (wide || R->cls == ELFCLASS128) ? "%-22s" : "%-17.17s", tn);
            }
            u32 symsec = s->link;
            if (r.sym && symsec && r.sym < elf_sym_count(R->f, symsec)) {
                struct elf_sym sy;
                elf_sym(R->f, symsec, r.sym, &sy);
                fprintf(o, " ");
                long_hex(R, sy.value);
                fprintf(o, R->is64 ? " " : "   ");
                psym(R, 22, sym_display_name(R, symsec, &sy));
                if (rela) {
                    if (r.addend < 0) {
                        fprintf(o, " - ");
                        phex(R, (u128)0 - (u128)r.addend, 0);
                    } else {
                        fprintf(o, " + ");
                        phex(R, (u128)r.addend, 0);
                    }
                }
            } else if (rela) {
                int pad = !R->is64 ? 12 : R->cls == ELFCLASS64 ? 20 : 36;
                fprintf(o, "%*c", pad, ' ');
                if (r.addend < 0) {
                    fprintf(o, "-");
                    phex(R, (u128)0 - (u128)r.addend, 0);
                } else {
                    phex(R, (u128)r.addend, 0);
                }
            }
            fprintf(o, "\n");
        }
    }
    if (!any)
        fprintf(o, "\nThere are no relocations in this file.\n");
}

/* ---------------------------------------------------------------------------------- */
/* -s                                                                                 */
/* ---------------------------------------------------------------------------------- */

static void print_symbols(struct re *R)
{
    FILE *o = R->out;
    for (u32 i = 1; i < elf_shnum(R->f); i++) {
        const struct elf_shdr *s = elf_shdr(R->f, i);
        if (s->type != SHT_SYMTAB && s->type != SHT_DYNSYM)
            continue;
        u32 n = elf_sym_count(R->f, i);
        fprintf(o, "\nSymbol table '");
        psym(R, 0x7fffffff, s->name);
        fprintf(o, "' contains %u %s:\n", n, n == 1 ? "entry" : "entries");
        if (!R->is64)
            fprintf(o, "   Num:    Value  Size Type    Bind   Vis      Ndx Name\n");
        else if (R->cls == ELFCLASS64)
            fprintf(o, "   Num:    Value          Size Type    Bind   Vis      Ndx Name\n");
        else
            fprintf(o, "   Num:    Value                          Size Type    Bind   Vis      "
                       "Ndx Name\n");
        for (u32 k = 0; k < n; k++) {
            struct elf_sym sy;
            elf_sym(R->f, i, k, &sy);
            fprintf(o, "%6u: ", k);
            long_hex(R, sy.value);
            fprintf(o, " ");
            dec5(R, sy.size);
            u8 t = ELF_ST_TYPE(sy.info), b = ELF_ST_BIND(sy.info);
            char tb[40], bb[40], nb[40];
            const char *tn = elf_stt_name(t);
            if (!tn) {
                if (t >= STT_LOPROC)
                    snprintf(tb, sizeof tb, "<processor specific>: %d", t);
                else if (t >= STT_LOOS)
                    snprintf(tb, sizeof tb, "<OS specific>: %d", t);
                else
                    snprintf(tb, sizeof tb, "<unknown>: %d", t);
                tn = tb;
            }
            const char *bn = elf_stb_name(b);
            if (!bn) {
                if (b >= STB_LOPROC)
                    snprintf(bb, sizeof bb, "<processor specific>: %d", b);
                else if (b >= STB_LOOS)
                    snprintf(bb, sizeof bb, "<OS specific>: %d", b);
                else
                    snprintf(bb, sizeof bb, "<unknown>: %d", b);
                bn = bb;
            }
            fprintf(o, " %-7s %-6s %-7s", tn, bn, elf_stv_name(ELF_ST_VISIBILITY(sy.other)));
            u8 rest = sy.other & ~3u;
            if (rest) {
                if (R->eh->machine == EM_RISCV && rest == STO_RISCV_VARIANT_CC)
                    fprintf(o, " [VARIANT_CC] ");
                else
                    fprintf(o, " [<other>: %x] ", rest);
            }
            const char *ndx = elf_shn_name(sy.shndx);
            if (!ndx) {
                if (sy.shndx >= SHN_LOPROC && sy.shndx <= SHN_HIPROC)
                    snprintf(nb, sizeof nb, "PRC[0x%04x]", sy.shndx);
                else if (sy.shndx >= SHN_LOOS && sy.shndx <= SHN_HIOS)
                    snprintf(nb, sizeof nb, "OS [0x%04x]", sy.shndx);
                else if (sy.shndx >= SHN_LORESERVE && sy.shndx <= SHN_HIRESERVE)
                    snprintf(nb, sizeof nb, "RSV[0x%04x]", sy.shndx);
                else
                    snprintf(nb, sizeof nb, "%3u", sy.shndx);
                ndx = nb;
            }
            fprintf(o, " %4s ", ndx);
            psym(R, 21, sym_display_name(R, i, &sy));
            fprintf(o, "\n");
        }
    }
}

/* ---------------------------------------------------------------------------------- */

static int print_elf(FILE *out, FILE *err, const char *name, const u8 *data, usize size,
                     const struct re_opts *o, int file_line)
{
    struct elf_err e;
    struct elf_file *f = elf_read(data, size, 0, &e);
    if (!f) {
        if (err)
            fprintf(err, "zl-readelf: Error: %s: %s\n", name, e.msg);
        return 1;
    }
    struct re R;
    memset(&R, 0, sizeof R);
    R.out = out;
    R.o = o;
    R.name = name;
    R.f = f;
    R.eh = elf_header(f);
    R.cls = elf_cls(f);
    elf_decode_ehdr(R.cls, data, &R.raw);
    R.hexw = elf_class_bits(R.cls) / 4;
    R.is64 = R.cls != ELFCLASS32;
    if (file_line)
        fprintf(out, "\nFile: %s\n", name);
    char where[96];
    u32 nres = elf_reserved_nonzero(f, where, sizeof where);
    if (nres && err)
        fprintf(err, "zl-readelf: Warning: %s: %u ELFCLASS128 structure%s with non-zero "
                     "reserved bytes (first: %s)\n",
                name, nres, nres == 1 ? "" : "s", where);
    if (o->header)
        print_header(&R);
    if (o->sections)
        print_sections(&R);
    if (o->segments)
        print_segments(&R);
    if (o->dynamic)
        print_dynamic(&R);
    if (o->relocs)
        print_relocs(&R);
    if (o->symbols)
        print_symbols(&R);
    int rc = 0;
    if (o->debug_line || o->debug_decoded)
        rc = readelf_debug_line(out, err ? err : stderr, name, f, o->debug_line,
                                o->debug_decoded, o->wide);
    elf_close(f);
    return rc;
}

/* ---------------------------------------------------------------------------------- */
/* Archives: every member, as "File: ARCHIVE(MEMBER)" (GNU readelf's way)             */
/* ---------------------------------------------------------------------------------- */

static int read_member_file(const char *archive, const char *member, u8 **buf, usize *n)
{
    char path[4096];
    const char *slash = strrchr(archive, '/');
    if (member[0] == '/' || !slash)
        snprintf(path, sizeof path, "%s", member);
    else
        snprintf(path, sizeof path, "%.*s/%s", (int)(slash - archive), archive, member);
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return -1;
    usize cap = 1 << 16, len = 0;
    u8 *b = malloc(cap);
    while (b) {
        if (len == cap) {
            if (cap >= ELF_OPEN_MAX)
                break;
            u8 *nb = realloc(b, cap * 2);
            if (!nb)
                break;
            b = nb;
            cap *= 2;
        }
        usize k = fread(b + len, 1, cap - len, fp);
        len += k;
        if (!k) {
            fclose(fp);
            *buf = b;
            *n = len;
            return 0;
        }
    }
    free(b);
    fclose(fp);
    return -1;
}

static int print_archive(FILE *out, FILE *err, const char *name, const u8 *data, usize size,
                         const struct re_opts *o)
{
    struct ar_walk w;
    struct ar_entry e;
    const char *why;
    int r, rc = 0;
    ar_walk_init(&w, data, size);
    while ((r = ar_walk_next(&w, &e, &why)) > 0) {
        if (e.kind != AR_MEMBER)
            continue;
        char disp[1024];
        snprintf(disp, sizeof disp, w.thin ? "%s[%.*s]" : "%s(%.*s)", name, (int)e.name_len,
                 e.name);
        if (!w.thin) {
            rc |= print_elf(out, err, disp, e.data, (usize)e.size, o, 1);
            continue;
        }
        char mname[512];
        snprintf(mname, sizeof mname, "%.*s", (int)e.name_len, e.name);
        u8 *b;
        usize n;
        if (read_member_file(name, mname, &b, &n) != 0) {
            if (err)
                fprintf(err, "zl-readelf: Error: %s: cannot read thin archive member\n", disp);
            rc = 1;
        } else {
            rc |= print_elf(out, err, disp, b, n, o, 1);
            free(b);
        }
    }
    if (r < 0) {
        if (err)
            fprintf(err, "zl-readelf: Error: %s: %s at offset %zu\n", name, why, e.hdr_off);
        return 1;
    }
    return rc;
}

int readelf_buffer(FILE *out, FILE *err, const char *name, const u8 *data, usize size,
                   const struct re_opts *o)
{
    if (ar_is_archive(data, size))
        return print_archive(out, err, name, data, size, o);
    return print_elf(out, err, name, data, size, o, o->multi);
}
