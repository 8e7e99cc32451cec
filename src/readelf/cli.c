/* cli.c — zl-readelf's command line (GNU readelf option names for what it supports). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "readelf.h"
#include "elf/elf.h"
#include "common/version.h"

static void usage(FILE *fp)
{
    fprintf(fp, "Usage: zl-readelf <option(s)> elf-file(s)\n"
                " Display information about the contents of ELF format files\n"
                " (classes 32, 64 and 128)\n"
                " Options are:\n"
                "  -a --all               Equivalent to: -h -l -S -s -r -d\n"
                "  -h --file-header       Display the ELF file header\n"
                "  -l --program-headers   Display the program headers\n"
                "     --segments          An alias for --program-headers\n"
                "  -S --section-headers   Display the sections' header\n"
                "     --sections          An alias for --section-headers\n"
                "  -e --headers           Equivalent to: -h -l -S\n"
                "  -s --syms              Display the symbol table\n"
                "     --symbols           An alias for --syms\n"
                "  -r --relocs            Display the relocations (if present)\n"
                "  -d --dynamic           Display the dynamic section (if present)\n"
                "  -w[lL] --debug-dump[=line,=decodedline]\n"
                "                         Display the line-number programs of .debug_line:\n"
                "                         raw (l) or decoded into rows (L)\n"
                "  -W --wide              Allow output width to exceed 80 characters\n"
                "  -H --help              Display this information\n"
                "  -v --version           Display the version number of zl-readelf\n");
}

static int read_all(const char *path, u8 **out, usize *size, const char **why)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        *why = strerror(errno);
        return -1;
    }
    usize cap = 1 << 16, len = 0;
    u8 *buf = malloc(cap);
    if (!buf) {
        fclose(fp);
        *why = "out of memory";
        return -1;
    }
    for (;;) {
        if (len == cap) {
            if (cap >= ELF_OPEN_MAX) {
                free(buf);
                fclose(fp);
                *why = "file too large";
                return -1;
            }
            u8 *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                fclose(fp);
                *why = "out of memory";
                return -1;
            }
            buf = nb;
            cap *= 2;
        }
        usize n = fread(buf + len, 1, cap - len, fp);
        len += n;
        if (n == 0)
            break;
    }
    int bad = ferror(fp);
    fclose(fp);
    if (bad) {
        free(buf);
        *why = "read error";
        return -1;
    }
    *out = buf;
    *size = len;
    return 0;
}

int readelf_main(int argc, char **argv)
{
    struct re_opts o;
    memset(&o, 0, sizeof o);
    int nfiles = 0, any = 0;
    static const struct {
        const char *name;
        char c;
    } longs[] = {
        { "all", 'a' }, { "file-header", 'h' }, { "program-headers", 'l' },
        { "segments", 'l' }, { "section-headers", 'S' }, { "sections", 'S' },
        { "headers", 'e' }, { "syms", 's' }, { "symbols", 's' }, { "relocs", 'r' },
        { "dynamic", 'd' }, { "wide", 'W' }, { "help", 'H' }, { "version", 'v' },
        { NULL, 0 },
    };
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || !a[1]) {
            nfiles++;
            continue;
        }
        char buf[2] = { 0, 0 };
        const char *letters = a + 1;
        if (a[1] == '-') {
            if (!a[2]) {                 /* "--": the rest are files */
                nfiles += argc - i - 1;
                break;
            }
            int found = 0;
            if (!strcmp(a + 2, "debug-dump") || !strncmp(a + 2, "debug-dump=", 11)) {
                /* only the line tables: "line" (and GNU's alias "rawline") and
                 * "decodedline"; the bare option, all of the debug sections, dumps what
                 * is supported */
                const char *what = a[12] == '=' ? a + 13 : "line";
                if (!strcmp(what, "decodedline")) {
                    o.debug_decoded = any = 1;
                    continue;
                }
                if (strcmp(what, "line") && strcmp(what, "rawline")) {
                    fprintf(stderr, "zl-readelf: Error: --debug-dump=%s is not supported "
                                    "(only line and decodedline)\n", what);
                    return 1;
                }
                o.debug_line = any = 1;
                continue;
            }
            for (int k = 0; longs[k].name; k++)
                if (!strcmp(a + 2, longs[k].name)) {
                    buf[0] = longs[k].c;
                    found = 1;
                }
            if (!found) {
                fprintf(stderr, "zl-readelf: Error: unrecognized option '%s'\n", a);
                usage(stderr);
                return 1;
            }
            letters = buf;
        }
        for (const char *p = letters; *p; p++) {
            switch (*p) {
            case 'a': o.header = o.segments = o.sections = o.symbols = o.relocs = o.dynamic = 1;
                      any = 1; break;
            case 'h': o.header = any = 1; break;
            case 'l': o.segments = any = 1; break;
            case 'S': o.sections = any = 1; break;
            case 'e': o.header = o.segments = o.sections = any = 1; break;
            case 's': o.symbols = any = 1; break;
            case 'r': o.relocs = any = 1; break;
            case 'd': o.dynamic = any = 1; break;
            case 'W': o.wide = 1; break;
            case 'w':                   /* -w[lL]: the rest of the word names the dumps */
                if (!p[1])
                    o.debug_line = 1;
                for (p++; *p; p++) {
                    if (*p == 'l') {
                        o.debug_line = 1;
                    } else if (*p == 'L') {
                        o.debug_decoded = 1;
                    } else {
                        fprintf(stderr, "zl-readelf: Error: -w%c is not supported (only -wl "
                                        "and -wL)\n", *p);
                        return 1;
                    }
                }
                p--;
                any = 1;
                break;
            case 'H': usage(stdout); return 0;
            case 'v': puts(ZL_VERSION_LINE("zl-readelf") " — RISC-V ELF32/ELF64/ELF128"); return 0;
            default:
                fprintf(stderr, "zl-readelf: Error: invalid option -- '%c'\n", *p);
                usage(stderr);
                return 1;
            }
        }
    }
    if (!any || !nfiles) {
        usage(stderr);
        return 1;
    }
    o.multi = nfiles > 1;
    int rc = 0, files_only = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!files_only && a[0] == '-' && a[1]) {
            if (!strcmp(a, "--"))
                files_only = 1;
            continue;
        }
        u8 *data;
        usize size;
        const char *why;
        if (read_all(a, &data, &size, &why) != 0) {
            fprintf(stderr, "zl-readelf: Error: %s: %s\n", a, why);
            rc = 1;
            continue;
        }
        fflush(stdout);
        if (readelf_buffer(stdout, stderr, a, data, size, &o) != 0)
            rc = 1;
        free(data);
    }
    if (fflush(stdout) != 0)
        rc = 1;
    return rc;
}
