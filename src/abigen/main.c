/* zl-abigen: generate every personality's system-call layer from abi/NAME.abi. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abigen/abigen.h"
#include "common/version.h"

static void usage(FILE *f)
{
    fputs("usage: zl-abigen [--spec DIR] --out DIR\n"
          "       zl-abigen [--spec DIR] --docs FILE\n"
          "       zl-abigen [--spec DIR] --check kernel|glibc rv32|rv64 FILE\n"
          "       zl-abigen [--spec DIR] --list rv32|rv64|rv128\n"
          "Read the ABI specification (default directory: abi) and write:\n"
          "  --out DIR    DIR/include/rv{32,64,128}/zl/uapi.h, DIR/include/bits/abi_SET.h,\n"
          "               DIR/run/zl_abi.h, DIR/run/zl_systab_rv{32,64,128}.c,\n"
          "               DIR/run/zl_abi_data.c, DIR/run/zl_conv.c, DIR/run/zl_sys_enosys.c\n"
          "               and DIR/docs/syscalls.md\n"
          "  --docs FILE  only the Markdown tables (docs/syscalls.md)\n"
          "  --check      a C file of static assertions comparing the layouts and numbers\n"
          "               with the Linux UAPI (kernel) or glibc headers of that personality\n"
          "  --list       'NUMBER NAME' of every system call of a personality\n"
          "       zl-abigen --help | --version\n"
          "Nothing is written unless the whole specification is valid; errors are\n"
          "reported as FILE:LINE: error: MESSAGE.\n", f);
}

static int pers_arg(const char *s, bool allow128)
{
    for (int p = 0; p < AG_NPERS; p++)
        if (!strcmp(s, ag_pers_name[p]) && (allow128 || p != AG_RV128))
            return p;
    fprintf(stderr, "zl-abigen: unknown personality '%s'\n", s);
    exit(2);
}

static char *join(const char *dir, const char *rest)
{
    size_t n = strlen(dir) + strlen(rest) + 2;
    char *p = ag_alloc(n);
    snprintf(p, n, "%s/%s", dir, rest);
    return p;
}

int main(int argc, char **argv)
{
    const char *spec = "abi", *out = NULL, *docs = NULL, *check = NULL, *check_file = NULL;
    int check_pers = -1, list_pers = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--version")) {
            puts(ZL_VERSION_LINE("zl-abigen") " — the system-call layer of every personality from one ABI spec");
            return 0;
        } else if (!strcmp(a, "--spec") && i + 1 < argc) {
            spec = argv[++i];
        } else if (!strcmp(a, "--out") && i + 1 < argc) {
            out = argv[++i];
        } else if (!strcmp(a, "--docs") && i + 1 < argc) {
            docs = argv[++i];
        } else if (!strcmp(a, "--check") && i + 3 < argc) {
            check = argv[++i];
            if (strcmp(check, "kernel") && strcmp(check, "glibc")) {
                fprintf(stderr, "zl-abigen: --check takes kernel or glibc\n");
                return 2;
            }
            check_pers = pers_arg(argv[++i], false);
            check_file = argv[++i];
        } else if (!strcmp(a, "--list") && i + 1 < argc) {
            list_pers = pers_arg(argv[++i], true);
        } else {
            fprintf(stderr, "zl-abigen: bad argument '%s'\n", a);
            usage(stderr);
            return 2;
        }
    }
    if (!out && !docs && !check && list_pers < 0) {
        usage(stderr);
        return 2;
    }
    struct ag_spec s;
    memset(&s, 0, sizeof s);
    if (ag_load(&s, spec) != 0) {
        fprintf(stderr, "zl-abigen: %d error%s in %s; nothing written\n", s.errors,
                s.errors == 1 ? "" : "s", spec);
        ag_free_all();
        return 1;
    }
    struct ag_out o;
    memset(&o, 0, sizeof o);
    if (out) {
        for (int p = 0; p < AG_NPERS; p++) {
            char rel[64];
            snprintf(rel, sizeof rel, "include/%s/zl/uapi.h", ag_pers_name[p]);
            char *path = join(out, rel);
            ag_emit_uapi(&s, p, ag_out_file(&o, path));
            ag_free(path);
            snprintf(rel, sizeof rel, "run/zl_systab_%s.c", ag_pers_name[p]);
            path = join(out, rel);
            ag_emit_systab(&s, p, ag_out_file(&o, path));
            ag_free(path);
        }
        for (int i = 0; i < s.nsets; i++) {
            char rel[96];
            snprintf(rel, sizeof rel, "include/bits/abi_%s.h", s.sets[i]->name);
            char *path = join(out, rel);
            ag_emit_libc_consts(&s, s.sets[i], ag_out_file(&o, path));
            ag_free(path);
        }
        char *path = join(out, "include/bits/abi_ioctl.h");
        ag_emit_libc_ioctls(&s, ag_out_file(&o, path));
        ag_free(path);
        path = join(out, "run/zl_abi.h");
        ag_emit_run_header(&s, ag_out_file(&o, path));
        ag_free(path);
        path = join(out, "run/zl_abi_data.c");
        ag_emit_data(&s, ag_out_file(&o, path));
        ag_free(path);
        path = join(out, "run/zl_conv.c");
        ag_emit_conv(&s, ag_out_file(&o, path));
        ag_free(path);
        path = join(out, "run/zl_sys_enosys.c");
        ag_emit_enosys(&s, ag_out_file(&o, path));
        ag_free(path);
        path = join(out, "docs/syscalls.md");
        ag_emit_docs(&s, ag_out_file(&o, path));
        ag_free(path);
    }
    if (docs)
        ag_emit_docs(&s, ag_out_file(&o, docs));
    if (check)
        ag_emit_check(&s, check, check_pers, ag_out_file(&o, check_file));
    int rc = ag_out_commit(&o) == 0 ? 0 : 1;
    ag_out_free(&o);
    if (list_pers >= 0) {
        struct ag_buf b = { 0 };
        ag_emit_list(&s, list_pers, &b);
        fputs(b.p ? b.p : "", stdout);
        ag_buf_free(&b);
    }
    ag_free_all();
    return rc;
}
