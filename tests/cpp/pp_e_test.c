/* Preprocess-only driver for the shared preprocessor (src/cpp), used by
 * tests/cpp/gcc_e_test.sh to compare with `gcc -E`.  zl-cc -E calls the same printer.
 *
 *   pp_e_test -E [-P | -dM] [-Idir] [-iquote dir] [-isystem dir] [-DNAME[=VAL]] [-UNAME]
 *             [-intmax=BITS] [-include file] [-fixed-time=SECONDS] file
 *
 * Without arguments it runs a self-check of the driver (PASS/FAIL protocol), so the
 * test runner can execute it like every other unit test.  Exit status with -E: 0 when
 * no error was reported, 1 otherwise. */
#include "cpp/cpp.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/check.h"

static int usage(void)
{
    fputs("usage: pp_e_test -E [-P | -dM] [-I dir] [-iquote dir] [-isystem dir] [-D def] [-U name]\n"
          "                 [-intmax=BITS] [-include file] [-fixed-time=SECONDS] file\n",
          stderr);
    return 2;
}

/* Value of an option spelled "-Xvalue" or "-X value". */
static const char *optval(int argc, char **argv, int *i, const char *opt)
{
    size_t n = strlen(opt);
    if (strncmp(argv[*i], opt, n) != 0) return NULL;
    if (argv[*i][n]) return argv[*i] + n;
    if (*i + 1 < argc) return argv[++*i];
    return NULL;
}

static int driver(int argc, char **argv)
{
    struct cpp_options o = {0};
    bool markers = true, dm = false;
    const char *file = NULL;
    const char *incs[16];
    int nincs = 0;
    /* first pass: options that must be known before cpp_new */
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], "-intmax=", 8) == 0) o.intmax_bits = (unsigned)atoi(argv[i] + 8);
        if (strncmp(argv[i], "-fixed-time=", 12) == 0) o.fixed_time = atoll(argv[i] + 12);
        if (strcmp(argv[i], "-trigraphs") == 0) o.trigraphs = true;
        if (strcmp(argv[i], "-dD") == 0) o.keep_defines = true;
    }
    struct cpp *pp = cpp_new(&o);
    const char *v;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-E") || !strncmp(a, "-intmax=", 8) || !strncmp(a, "-fixed-time=", 12) ||
            !strcmp(a, "-trigraphs") || !strcmp(a, "-dD"))
            continue;
        if (!strcmp(a, "-P"))
            markers = false;
        else if (!strcmp(a, "-dM"))
            dm = true;
        else if ((v = optval(argc, argv, &i, "-iquote")))
            cpp_add_dir(pp, v, CPP_DIR_QUOTE);
        else if ((v = optval(argc, argv, &i, "-isystem")))
            cpp_add_dir(pp, v, CPP_DIR_SYSTEM);
        else if ((v = optval(argc, argv, &i, "-include"))) {
            if (nincs < 16) incs[nincs++] = v;
        } else if ((v = optval(argc, argv, &i, "-I")))
            cpp_add_dir(pp, v, CPP_DIR_ANGLE);
        else if ((v = optval(argc, argv, &i, "-D")))
            cpp_define(pp, v);
        else if ((v = optval(argc, argv, &i, "-U")))
            cpp_undef(pp, v);
        else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "pp_e_test: unknown option %s\n", a);
            cpp_free(pp);
            return usage();
        } else
            file = a;
    }
    if (!file) {
        cpp_free(pp);
        return usage();
    }
    if (!cpp_push_file(pp, file)) {
        cpp_free(pp);
        return 1;
    }
    /* -include files are read before the main file, as if #included at its top */
    for (int k = nincs - 1; k >= 0; k--) cpp_push_include(pp, incs[k]);
    bool ok;
    if (dm) {
        struct cpp_token t;
        while (cpp_get(pp, &t)) {
        }
        cpp_print_macros(pp, stdout);
        ok = cpp_errors(pp) == 0;
    } else
        ok = cpp_print(pp, stdout, markers);
    fflush(stdout);
    cpp_free(pp);
    return ok ? 0 : 1;
}

/* Self-check: the printer on a small text. */
TEST(driver_prints)
{
    char path[] = "/tmp/zl-pp-e-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd < 0) return;
    const char *src = "#define f(x) x+1\nint a = f(2);\n";
    CHECK(write(fd, src, strlen(src)) == (ssize_t)strlen(src));
    close(fd);
    struct cpp *pp = cpp_new(NULL);
    CHECK(cpp_push_file(pp, path));
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    CHECK(cpp_print(pp, f, false));
    fclose(f);
    CHECK_STR(buf, "int a = 2 +1;\n");
    free(buf);
    cpp_free(pp);
    unlink(path);
}

int main(int argc, char **argv)
{
    if (argc > 1) return driver(argc, argv);
    RUN(driver_prints);
    return check_done();
}
