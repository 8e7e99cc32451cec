/* zl-as: the ZettaLinux RISC-V assembler (GNU as syntax; RV32, RV64, RV128). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "as/as.h"
#include "common/outfile.h"
#include "common/version.h"

static void usage(FILE *fp)
{
    fputs("Usage: zl-as [options] [file.s ...]\n"
          "Assemble RISC-V assembly (GNU as syntax) into a relocatable ELF object.\n"
          "Files are assembled in order as one source; `-' or no file reads standard input.\n"
          "\n"
          "  -o FILE              output file (default a.out)\n"
          "  -m128, -m64, -m32    target rv128imafdc (the default), rv64imafdc, rv32imafdc\n"
          "  -march=ISA           ISA string, e.g. rv64gc, rv32imac, rv128imafdc\n"
          "  -mabi=ABI            ilp32[f|d], lp64[f|d|q], lp128[d] (sets the float-ABI\n"
          "                       bits of e_flags; default from the ISA)\n"
          "  -misa-spec=SPEC      2.2, 20190608 or 20191213 (default): extension versions\n"
          "                       written to .riscv.attributes\n"
          "  -mpriv-spec=VER      1.9.1, 1.10, 1.11 (default) or 1.12: the privileged spec\n"
          "                       version recorded when CSRs are used\n"
          "  -fpic, -fPIC, -fno-pic  `la' loads from the GOT (pic) or is pc-relative\n"
          "  -mno-relax, -mrelax  accepted; zl-as never relaxes (see docs/as.md)\n"
          "  -mno-arch-attr       do not write Tag_RISCV_arch\n"
          "  -I DIR               search DIR for .include and .incbin\n"
          "  -W, --no-warn        suppress warnings\n"
          "  --fatal-warnings     treat warnings as errors\n"
          "  -g, --gdwarf-N       accepted, no debug information is generated\n"
          "  --version, --help\n",
          fp);
}

static int parse_abi(const char *abi, int xlen, int *float_abi)
{
    static const struct { const char *name; int xlen, fabi; } abis[] = {
        { "ilp32", 32, 0 }, { "ilp32f", 32, 1 }, { "ilp32d", 32, 2 },
        { "lp64", 64, 0 }, { "lp64f", 64, 1 }, { "lp64d", 64, 2 }, { "lp64q", 64, 3 },
        { "lp128", 128, 0 }, { "lp128d", 128, 2 },
    };
    for (size_t i = 0; i < sizeof abis / sizeof abis[0]; i++) {
        if (strcmp(abis[i].name, abi) != 0) continue;
        if (abis[i].xlen != xlen) {
            fprintf(stderr, "zl-as: -mabi=%s does not match XLEN %d\n", abi, xlen);
            return -1;
        }
        *float_abi = abis[i].fabi;
        return 0;
    }
    fprintf(stderr, "zl-as: unknown -mabi=%s (ilp32[f|d], lp64[f|d|q], lp128[d]; "
                    "the E ABIs are not supported)\n", abi);
    return -1;
}

/* The whole run; main owns A, files and incdirs, so that every way out frees them (an
 * early return for --help or a bad option included: LeakSanitizer checks them all). */
static int as_main(int argc, char **argv, struct as *A, const char **files, const char **incdirs)
{
    const char *out = "a.out";
    const char *march = NULL, *mabi = NULL;
    int nfiles = 0, nincdirs = 0;
    int mx = 128;
    bool pic = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-o")) {
            if (++i >= argc) { fputs("zl-as: -o needs a file name\n", stderr); return 1; }
            out = argv[i];
        } else if (!strncmp(a, "-o", 2)) {
            out = a + 2;
        } else if (!strcmp(a, "-m128") || !strcmp(a, "-m64") || !strcmp(a, "-m32")) {
            mx = atoi(a + 2);
            march = NULL;
        } else if (!strncmp(a, "-march=", 7)) {
            march = a + 7;
        } else if (!strncmp(a, "-mabi=", 6)) {
            mabi = a + 6;
        } else if (!strncmp(a, "-misa-spec=", 11)) {
            const char *s = a + 11;
            if (!strcmp(s, "2.2")) A->isa_spec = SPEC_2P2;
            else if (!strcmp(s, "20190608")) A->isa_spec = SPEC_20190608;
            else if (!strcmp(s, "20191213")) A->isa_spec = SPEC_20191213;
            else { fprintf(stderr, "zl-as: unknown -misa-spec=%s\n", s); return 1; }
        } else if (!strncmp(a, "-mpriv-spec=", 12)) {
            const char *s = a + 12;
            static const struct { const char *n; u8 v[3]; } ps[] = {
                { "1.9.1", { 1, 9, 1 } }, { "1.10", { 1, 10, 0 } }, { "1.11", { 1, 11, 0 } },
                { "1.12", { 1, 12, 0 } },
            };
            bool ok = false;
            for (size_t k = 0; k < sizeof ps / sizeof ps[0]; k++)
                if (!strcmp(ps[k].n, s)) { memcpy(A->priv_spec, ps[k].v, 3); ok = true; }
            if (!ok) { fprintf(stderr, "zl-as: unknown -mpriv-spec=%s\n", s); return 1; }
        } else if (!strcmp(a, "-fpic") || !strcmp(a, "-fPIC")) {
            pic = true;
        } else if (!strcmp(a, "-fno-pic")) {
            pic = false;
        } else if (!strcmp(a, "-mrelax") || !strcmp(a, "-mno-relax") ||
                   !strcmp(a, "-mcsr-check") || !strcmp(a, "-mno-csr-check") ||
                   !strcmp(a, "-mlittle-endian") || !strcmp(a, "-g") || !strcmp(a, "--gdwarf") ||
                   !strncmp(a, "--gdwarf-", 9) || !strcmp(a, "--traditional-format") ||
                   !strcmp(a, "-K") || !strcmp(a, "-Q")) {
            /* accepted */
        } else if (!strcmp(a, "-mbig-endian")) {
            fputs("zl-as: big-endian RISC-V is not supported\n", stderr);
            return 1;
        } else if (!strcmp(a, "-mno-arch-attr")) {
            A->no_arch_attr = true;
        } else if (!strcmp(a, "-march-attr")) {
            A->no_arch_attr = false;
        } else if (!strcmp(a, "-I")) {
            if (++i >= argc) { fputs("zl-as: -I needs a directory\n", stderr); return 1; }
            incdirs[nincdirs++] = argv[i];
        } else if (!strncmp(a, "-I", 2)) {
            incdirs[nincdirs++] = a + 2;
        } else if (!strcmp(a, "-W") || !strcmp(a, "--no-warn")) {
            A->no_warnings = true;
        } else if (!strcmp(a, "--fatal-warnings")) {
            A->fatal_warnings = true;
        } else if (!strcmp(a, "--warn")) {
            A->no_warnings = false;
        } else if (!strcmp(a, "--version") || !strcmp(a, "-v")) {
            puts(ZL_VERSION_LINE("zl-as") " — RISC-V assembler for RV32, RV64 and RV128");
            if (!strcmp(a, "--version")) return 0;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "zl-as: unrecognized option `%s'\n", a);
            usage(stderr);
            return 1;
        } else {
            files[nfiles++] = a;
        }
    }
    for (int i = 0; i < nfiles; i++)
        if (zl_same_file(files[i], out)) {
            fprintf(stderr, "zl-as: fatal error: input file '%s' is the same as output file\n", files[i]);
            return 1;
        }
    char err[256];
    if (march) {
        if (!march_parse(march, &A->march, err, sizeof err)) {
            fprintf(stderr, "zl-as: %s\n", err);
            return 1;
        }
    } else {
        char def[32];
        snprintf(def, sizeof def, "rv%dimafdc", mx);
        march_parse(def, &A->march, err, sizeof err);
    }
    A->float_abi = (A->march.exts & EXT_D) ? 2 : (A->march.exts & EXT_F) ? 1 : 0;
    if (A->march.xlen == 128 && A->float_abi == 1) A->float_abi = 0;
    if (mabi && parse_abi(mabi, A->march.xlen, &A->float_abi) != 0) return 1;
    A->incdirs = incdirs;
    A->nincdirs = (usize)nincdirs;

    as_begin(A);
    A->opt.pic = pic;
    A->header_file = nfiles ? files[0] : "{standard input}";
    if (nfiles == 0) files[nfiles++] = "-";
    /* the files form one source; push them last-first so the first is read first */
    for (int i = nfiles - 1; i >= 0; i--) input_push_file(A, files[i], false);
    input_run(A);
    as_end(A);

    u8 *img = NULL;
    usize size = 0;
    if (A->nerrors == 0) as_image(A, &img, &size);
    int status = 0;
    if (A->nerrors == 0 && img) {
        int werr = zl_write_file(out, img, size, 0666);
        if (werr) {
            fprintf(stderr, "zl-as: error: cannot write %s: %s\n", out, strerror(werr));
            status = 1;
        }
    } else {
        /* as GNU as: no stale object after errors (a device such as /dev/null stays) */
        struct stat st;
        if (A->nerrors && stat(out, &st) == 0 && S_ISREG(st.st_mode)) unlink(out);
        status = 1;
    }
    free(img);
    return status;
}

int main(int argc, char **argv)
{
    struct as *A = as_new();
    const char **files = calloc((size_t)argc + 1, sizeof *files);
    const char **incdirs = calloc((size_t)argc + 1, sizeof *incdirs);
    int status = 1;
    if (!A || !files || !incdirs) fputs("zl-as: out of memory\n", stderr);
    else status = as_main(argc, argv, A, files, incdirs);
    free(files);
    free(incdirs);
    if (A) as_free(A);
    return status;
}
