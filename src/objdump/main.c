/* zl-objdump: display RISC-V ELF files of class 32, 64 and 128 in GNU objdump's formats. */
#include <stdlib.h>
#include <string.h>

#include "objdump/objdump.h"
#include "common/version.h"

static void usage(FILE *fp)
{
    fputs("Usage: zl-objdump <option(s)> <file(s)>\n"
          "Display information from RISC-V ELF object files (ELF32, ELF64, ELF128).\n"
          "  -d, --disassemble          disassemble executable sections\n"
          "  -D, --disassemble-all      disassemble all sections with contents\n"
          "  -h, --section-headers      section headers\n"
          "  -t, --syms                 symbol table\n"
          "  -r, --reloc                relocations (with -d: after each instruction)\n"
          "  -s, --full-contents        contents of every section\n"
          "  -f, --file-headers         file header summary\n"
          "  -p, --private-headers      program headers\n"
          "  -x, --all-headers          -a -f -p -h -t -r\n"
          "  -j, --section=NAME         only section NAME (repeatable)\n"
          "  -M no-aliases              base instructions instead of pseudo-instructions\n"
          "  -z, --disassemble-zeroes   do not abbreviate runs of zero bytes as \"...\"\n"
          "  -l, --line-numbers         with -d: file names and line numbers\n"
          "  -S, --source               source lines with the disassembly (implies -d)\n"
          "  --inlines                  with -l: where inlined code was inlined\n"
          "  --help, --version\n",
          fp);
}

int main(int argc, char **argv)
{
    struct od_opts o;
    memset(&o, 0, sizeof o);
    const char **files = calloc((size_t)argc + 1, sizeof *files);
    const char **only = calloc((size_t)argc + 1, sizeof *only);
    if (!files || !only) { fputs("zl-objdump: out of memory\n", stderr); return 1; }
    int nfiles = 0;
    bool any = false;
    o.only = only;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] == '-' && a[1] == '-') {
            const char *l = a + 2;
            if (!strcmp(l, "disassemble")) o.disasm = true;
            else if (!strcmp(l, "disassemble-all")) o.disasm_all = true;
            else if (!strcmp(l, "section-headers") || !strcmp(l, "headers")) o.headers = true;
            else if (!strcmp(l, "syms")) o.syms = true;
            else if (!strcmp(l, "reloc")) o.relocs = true;
            else if (!strcmp(l, "full-contents")) o.contents = true;
            else if (!strcmp(l, "file-headers")) o.file_header = true;
            else if (!strcmp(l, "all-headers"))
                o.archive_header = o.file_header = o.private_headers = o.headers = o.syms = o.relocs = true;
            else if (!strcmp(l, "private-headers")) o.private_headers = true;
            else if (!strcmp(l, "disassemble-zeroes")) o.zeroes = true;
            else if (!strcmp(l, "line-numbers")) o.line_numbers = true;
            else if (!strcmp(l, "source")) o.source = o.disasm = true;
            else if (!strcmp(l, "inlines")) o.inlines = true;
            else if (!strncmp(l, "section=", 8)) only[o.nonly++] = l + 8;
            else if (!strcmp(l, "help")) { usage(stdout); free(files); free(only); return 0; }
            else if (!strcmp(l, "version")) {
                puts(ZL_VERSION_LINE("zl-objdump") " — RISC-V ELF32/ELF64/ELF128");
                free(files);
                free(only);
                return 0;
            } else {
                fprintf(stderr, "zl-objdump: unrecognized option `%s'\n", a);
                usage(stderr);
                free(files);
                free(only);
                return 1;
            }
            any = true;
            continue;
        }
        if (a[0] == '-' && a[1]) {
            for (const char *c = a + 1; *c; c++) {
                switch (*c) {
                case 'd': o.disasm = true; break;
                case 'D': o.disasm_all = true; break;
                case 'h': o.headers = true; break;
                case 't': o.syms = true; break;
                case 'r': o.relocs = true; break;
                case 's': o.contents = true; break;
                case 'f': o.file_header = true; break;
                case 'x':
                    o.archive_header = o.file_header = o.private_headers = true;
                    o.headers = o.syms = o.relocs = true;
                    break;
                case 'p': o.private_headers = true; break;
                case 'a': o.archive_header = true; break;
                case 'z': o.zeroes = true; break;
                case 'l': o.line_numbers = true; break;
                case 'S': o.source = o.disasm = true; break;
                case 'w': break;
                case 'j':
                case 'M': {
                    const char *v = c[1] ? c + 1 : (i + 1 < argc ? argv[++i] : NULL);
                    if (!v) { fprintf(stderr, "zl-objdump: -%c needs an argument\n", *c); return 1; }
                    if (*c == 'j') only[o.nonly++] = v;
                    else {
                        /* comma-separated disassembler options */
                        char buf[256];
                        snprintf(buf, sizeof buf, "%s", v);
                        for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
                            if (!strcmp(t, "no-aliases")) o.no_aliases = true;
                            else {
                                fprintf(stderr, "zl-objdump: unsupported disassembler option `%s' "
                                                "(supported: no-aliases)\n", t);
                                return 1;
                            }
                        }
                    }
                    goto next_arg;
                }
                default:
                    fprintf(stderr, "zl-objdump: invalid option -- '%c'\n", *c);
                    usage(stderr);
                    return 1;
                }
                any = true;
            }
        next_arg:
            continue;
        }
        files[nfiles++] = a;
    }
    if (!any || nfiles == 0) {
        usage(stderr);
        return 1;
    }
    int status = 0;
    for (int i = 0; i < nfiles; i++) {
        struct od_file F;
        if (od_open(&F, files[i], stdout) != 0) { status = 1; continue; }
        printf("\n%s:     file format %s\n", files[i], od_format_name(&F));
        if (o.archive_header) printf("%s\n", files[i]);
        if (o.file_header) od_file_header(&F);
        else putchar('\n');
        if (o.private_headers) od_private_headers(&F);
        if (o.headers) od_headers(&F, &o);
        if (o.syms) od_symbols(&F);
        if (o.relocs && !o.disasm && !o.disasm_all) od_relocs(&F, &o);
        if (o.contents) od_contents(&F, &o);
        if ((o.disasm || o.disasm_all) && od_disassemble(&F, &o)) status = 1;
        od_close(&F);
    }
    free(files);
    free(only);
    return status;
}
