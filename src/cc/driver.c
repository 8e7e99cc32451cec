/* The driver: GCC-style command line; preprocess -> compile -> zl-as -> zl-ld, with
 * temporary files that are always removed and no half-written outputs on errors. */
#include "cc/cc.h"
#include "cc/ir_text.h"
#include "common/outfile.h"
#include "common/version.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

struct strv {
    char **v;
    int n, cap;
};

static void sv_push(struct strv *s, const char *x)
{
    if (s->n + 2 > s->cap) {
        s->cap = s->cap ? s->cap * 2 : 16;
        s->v = realloc(s->v, sizeof *s->v * (size_t)s->cap);
        if (!s->v) {
            fputs("zl-cc: out of memory\n", stderr);
            exit(1);
        }
    }
    s->v[s->n++] = strdup(x);
    s->v[s->n] = NULL;
}

static void sv_free(struct strv *s)
{
    for (int i = 0; i < s->n; i++) free(s->v[i]);
    free(s->v);
    memset(s, 0, sizeof *s);
}

static struct strv temps;
static char bindir[PATH_MAX];
static bool opt_v, opt_dry;

static void cleanup(void)
{
    for (int i = 0; i < temps.n; i++) unlink(temps.v[i]);
    sv_free(&temps);
}

static void on_signal(int sig)
{
    for (int i = 0; i < temps.n; i++) unlink(temps.v[i]);
    signal(sig, SIG_DFL);
    raise(sig);
}

static char *make_temp(const char *suffix)
{
    const char *dir = getenv("TMPDIR");
    if (!dir || !*dir) dir = "/tmp";
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/zlccXXXXXX%s", dir, suffix);
    int fd = mkstemps(path, (int)strlen(suffix));
    if (fd < 0) {
        fprintf(stderr, "zl-cc: error: cannot create temporary file: %s\n", strerror(errno));
        exit(1);
    }
    close(fd);
    sv_push(&temps, path);
    return temps.v[temps.n - 1];
}

static void find_bindir(const char *argv0)
{
    char buf[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n > 0) buf[n] = 0;
    else snprintf(buf, sizeof buf, "%s", argv0);
    char *s = strrchr(buf, '/');
    if (s) *s = 0;
    else strcpy(buf, ".");
    snprintf(bindir, sizeof bindir, "%s", buf);
}

/* Called by a target-prefixed name (riscv64-unknown-linux-zl-gcc, installed by `make
 * install`), zl-cc targets that XLEN unless -m/-march say otherwise, as a cross gcc
 * targets its triple; 0 for any other name. */
static int xlen_of_name(const char *argv0)
{
    const char *b = strrchr(argv0, '/');
    b = b ? b + 1 : argv0;
    if (!strncmp(b, "riscv128-", 9)) return 128;
    if (!strncmp(b, "riscv64-", 8)) return 64;
    if (!strncmp(b, "riscv32-", 8)) return 32;
    return 0;
}

static int run(struct strv *args)
{
    if (opt_v || opt_dry) {
        for (int i = 0; i < args->n; i++) fprintf(stderr, "%s\"%s\"", i ? " " : " ", args->v[i]);
        fputc('\n', stderr);
    }
    if (opt_dry) return 0;
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "zl-cc: error: fork: %s\n", strerror(errno));
        return 1;
    }
    if (pid == 0) {
        execv(args->v[0], args->v);
        fprintf(stderr, "zl-cc: error: cannot run '%s': %s\n", args->v[0], strerror(errno));
        _exit(127);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) return 1;
    if (WIFSIGNALED(st)) {
        fprintf(stderr, "zl-cc: error: %s terminated by signal %d\n", args->v[0], WTERMSIG(st));
        return 1;
    }
    return WEXITSTATUS(st);
}

struct opts {
    int xlen, olevel;
    char mode;          /* 'E', 'S', 'c', 0 = link */
    const char *out;
    struct strv cpp_args;   /* -D/-U in order, as "D..." / "U..." */
    struct strv incdirs, sysdirs, quotedirs, includes;
    struct strv ld_args;    /* -L, -l, objects in order */
    bool nostdlib, nostartfiles, nodefaultlibs, nostdinc, freestanding, pic, static_pie;
    struct strv inputs;
    char *as_arch;
    bool asm_cpp;           /* preprocessing a .S file */
    /* dependency output (-MD/-MMD/-MF/-MT/-MQ/-MP) */
    bool dep, dep_user_only, dep_phony;
    const char *dep_file, *dep_target;
    struct strv deps;       /* files read by the last compilation */
    bool dep_only;          /* -M/-MM: the dependencies instead of the output */
    bool dump_macros;       /* -dM with -E: the macros defined at the end */
    bool keep_defines;      /* -dD with -E: the output keeps the #define/#undef lines */
    bool ir_input;          /* the input being compiled is IR text (-x ir, .ir) */
    bool save_temps;        /* -save-temps: keep x.i, x.s, x.o in the current directory */
    long std_version;       /* __STDC_VERSION__ (-std=); 0: not defined (C90) */
    bool strict_ansi;       /* -std=cNN rather than gnuNN: __STRICT_ANSI__ */
    struct strv as_args;    /* -Wa, and -Xassembler */
    bool no_linemarkers;    /* -P */
    char *wp_dep_file;      /* the FILE of -Wp,-MD,FILE */
};

/* linker arguments travel among the inputs with a marker prefix */
#define LDARG "\001"
static const char *cc_linker_arg(const char *w)
{
    static char buf[PATH_MAX + 8];
    snprintf(buf, sizeof buf, LDARG "%s", w);
    return buf;
}

static void usage(void)
{
    fputs("Usage: zl-cc [options] file...\n"
          "Compiles C11 for RISC-V rv128 (LP128), rv64 (LP64) or rv32 (ILP32) and links with zlibc.\n"
          "Options:\n"
          "  --help                   Display this information.\n"
          "  --version                Display compiler version information.\n"
          "  -v                       Show the commands run (alone: the version).\n"
          "  -###                     Like -v but do not run the commands.\n"
          "  -dumpmachine             Display the compiler's target triple.\n"
          "  -dumpversion, -dumpfullversion  Display the version of the compiler.\n"
          "  -print-file-name=<lib>   Display the full path to library <lib>.\n"
          "  -print-prog-name=<prog>  Display the full path to tool <prog>.\n"
          "  -print-search-dirs       Display the directories in the search path.\n"
          "  -print-libgcc-file-name  Display the compiler's runtime library (libzlrt.a).\n"
          "  -m128 | -m64 | -m32      Target rv128 (default), rv64 or rv32.\n"
          "  -march=<isa> -mabi=<abi> GCC's spellings: rv128imafdc/lp128d, rv64gc/lp64d, rv32gc/ilp32d.\n"
          "  -E                       Preprocess only; -P without line markers, -dM the macros, -dD with them.\n"
          "  -M, -MM                  Print the make dependencies (-MM without system headers).\n"
          "  -MD, -MMD, -MF <file>, -MT <target>, -MQ <target>, -MP   Dependency files.\n"
          "  -fsyntax-only            Check the code, write nothing.\n"
          "  -S                       Compile only; do not assemble or link.\n"
          "  -c                       Compile and assemble, but do not link.\n"
          "  -o <file>                Place the output into <file>.\n"
          "  -save-temps              Keep x.i, x.s and x.o in the current directory.\n"
          "  -x <language>            c, c-header, assembler, assembler-with-cpp, ir or none.\n"
          "  -std=<standard>          c89/c90/c99/c11/c17/c18/c2x or gnu*: sets __STDC_VERSION__.\n"
          "  -I <dir>, -iquote <dir>, -isystem <dir>, -idirafter <dir>, -include <file>, -nostdinc\n"
          "  -D <name>[=<value>], -U <name>\n"
          "  -O0, -O1, -O2, -O3, -Os, -Og, -Oz  Optimisation level (-O2 and up are -O2).\n"
          "  -g                       Line-number information (DWARF .debug_line).\n"
          "  -w, -W<name>, -Wno-<name>, -Wall, -Wextra, -Werror, -Werror=<name>, -Wno-error=<name>\n"
          "  -fmax-errors=<n>, -Wfatal-errors   Stop after <n> errors, after the first.\n"
          "  -ffreestanding, -fno-builtin, -fstack-protector[-strong|-all]\n"
          "  -fdump-ir[=STAGE[=stderr]]  Write the IR after STAGE (lower, a pass, final) to SRC.STAGE.ir.\n"
          "  -fpass=<pass>            With -x ir -S: run only that pass, write IR text.\n"
          "  -Wa,<opts>, -Xassembler <arg>   Pass options to zl-as.\n"
          "  -Wl,<opts>, -Xlinker <arg>      Pass options to zl-ld.\n"
          "  -Wp,<opts>               Preprocessor options (-D, -U, -I, -MD <file>, -MMD <file>).\n"
          "  -L <dir>, -l <name>, -static, -static-pie, -nostdlib, -nostartfiles, -nodefaultlibs\n"
          "Options that change nothing in zl-cc's output and options it refuses: docs/cc.md.\n", stdout);
}

/* ---- -f and -m options that zl-cc does not implement.  Either they change nothing in
 * what zl-cc produces (or ask for what it always does) and are accepted, or they ask for
 * something it cannot do and are refused, so that a configure probe "does $CC accept -fX?"
 * answers no.  These lists are the only place; docs/cc.md ("Options: implemented,
 * accepted and ignored, refused") explains each group.  An entry "name=" takes any
 * value; "name-" is a prefix. */
static const char *const f_ignored[] = {
    /* position independence: zl-cc's code is PC-relative (medany) either way */
    "pic", "PIC", "pie", "PIE", "plt", "semantic-interposition", "visibility=",
    /* zl-cc has no optimisation these could change */
    "strict-aliasing", "strict-overflow", "delete-null-pointer-checks",
    "inline", "inline-functions",
    "inline-small-functions", "inline-functions-called-once", "unroll-loops",
    "unroll-all-loops", "peephole", "peephole2", "gcse", "jump-tables", "merge-constants",
    "merge-all-constants", "zero-initialized-in-bss", "keep-inline-functions",
    "keep-static-consts", "prefetch-loop-arrays", "reorder-blocks", "reorder-functions",
    "schedule-insns", "schedule-insns2", "split-wide-types", "stack-clash-protection",
    "align-functions", "align-functions=", "align-loops", "align-loops=", "align-jumps",
    "align-jumps=", "align-labels", "align-labels=", "builtin-", "tree-", "ipa-",
    "common", "function-sections", "data-sections", "stack-check",
    /* floating point: zl-cc never contracts or reassociates; errno as the library does */
    "fp-contract=", "math-errno", "rounding-math", "signaling-nans", "trapping-math",
    "signed-zeros", "finite-math-only", "excess-precision=",
    /* no unwind tables or exceptions in C */
    "asynchronous-unwind-tables", "unwind-tables", "exceptions", "non-call-exceptions",
    /* diagnostics and output decoration */
    "diagnostics-color", "diagnostics-color=", "diagnostics-show-option",
    "diagnostics-show-caret", "diagnostics-urls=", "message-length=", "show-column",
    "ident", "verbose-asm", "record-gcc-switches", "debug-prefix-map=",
    "file-prefix-map=", "macro-prefix-map=", "input-charset=", "dollars-in-identifiers",
    "extended-identifiers", "asm", "gnu-keywords", "unsigned-char",
    "sanitize-recover", "sanitize-recover=",
    NULL,
};

/* refused: NAME (with any "=value") and why; their -fno- forms are accepted */
static const struct {
    const char *name, *why;
} f_unsupported[] = {
    {"sanitize=", "zl-cc has no sanitizers"},
    {"sanitize-coverage=", "zl-cc has no sanitizers"},
    {"lto", "zl-cc has no link-time optimisation"},
    {"profile-arcs", "zl-cc has no profiling or coverage instrumentation"},
    {"test-coverage", "zl-cc has no profiling or coverage instrumentation"},
    {"profile-generate", "zl-cc has no profiling or coverage instrumentation"},
    {"profile-use", "zl-cc has no profiling or coverage instrumentation"},
    {"instrument-functions", "zl-cc has no profiling or coverage instrumentation"},
    {"openmp", "zl-cc has no OpenMP"},
    {"openacc", "zl-cc has no OpenACC"},
    {"split-stack", "zl-cc has no split stacks"},
    {"cf-protection", "control-flow protection is not supported for this target"},
    {"trapv", "zl-cc does not trap on signed overflow"},
    {"signed-char", "'char' is unsigned on RISC-V and zl-cc cannot change it"},
    {"short-enums", "it changes the ABI"},
    {"short-wchar", "it changes the ABI"},
    {"pack-struct", "it changes the ABI"},
    {"pack-struct=", "it changes the ABI"},
    {"exec-charset=", "the execution character set is UTF-8"},
    {"gnu89-inline", "zl-cc implements C99 inline semantics only"},
    {"patchable-function-entry=", "zl-cc cannot emit patchable function entries"},
    {"stack-usage", "zl-cc cannot write stack-usage files"},
    {"fast-math", "zl-cc has no fast-math mode"},
    {NULL, NULL},
};

static const char *const m_ignored[] = {
    "relax", "strict-align", "save-restore", "plt", "explicit-relocs", "riscv-attribute",
    "div", "fdiv", "shorten-memrefs", "csr-check", "tune=", "cpu=", "isa-spec=",
    "small-data-limit=", "align-data=", "cmodel=medany", "cmodel=medlow", NULL,
};

/* does option NAME (without -f/-m/-fno-) match list entry E ("x=": any value, "x-": prefix) */
static bool opt_match(const char *name, const char *e)
{
    size_t n = strlen(e);
    if (e[n - 1] == '-' || e[n - 1] == '=') return !strncmp(name, e, n);
    return !strcmp(name, e);
}

static bool in_list(const char *name, const char *const *list)
{
    for (int i = 0; list[i]; i++)
        if (opt_match(name, list[i])) return true;
    return false;
}

/* an -f option: 0 = handled, 1 = error (reported) */
static int f_option(struct opts *o, const char *a)
{
    const char *f = a + 2;
    bool no = !strncmp(f, "no-", 3);
    const char *name = no ? f + 3 : f;
    if (!strcmp(f, "freestanding")) o->freestanding = ccopt.no_builtin = true;
    else if (!strcmp(f, "hosted")) o->freestanding = false;
    else if (!strcmp(name, "builtin")) ccopt.no_builtin = ccopt.no_builtin_mem = no;
    else if (!strcmp(name, "wrapv")) ccopt.wrapv = !no;
    else if (!strcmp(name, "omit-frame-pointer")) ccopt.omit_fp = no ? -1 : 1;
    else if (!strcmp(name, "optimize-sibling-calls")) ccopt.sibcalls = no ? -1 : 1;
    else if (no && (!strcmp(name, "builtin-fma") || !strcmp(name, "builtin-fmaf"))) ccopt.no_builtin = true;
    else if (!strcmp(f, "stack-protector")) ccopt.ssp = 1;
    else if (!strcmp(f, "stack-protector-strong")) ccopt.ssp = 2;
    else if (!strcmp(f, "stack-protector-all")) ccopt.ssp = 3;
    else if (!strcmp(f, "no-stack-protector")) ccopt.ssp = 0;
    else if (!strcmp(f, "syntax-only")) o->mode = 'y';
    else if (!strcmp(f, "dump-ir")) ir_dump_request("final=stderr");
    else if (!strncmp(f, "pass=", 5)) {
        if (!ir_pass_known(f + 5)) {
            fprintf(stderr, "zl-cc: error: unknown IR pass in '%s'\n", a);
            return 1;
        }
        cc_ir_pass = f + 5;
    }
    else if (!strncmp(f, "dump-ir=", 8)) {
        if (!ir_dump_request(f + 8)) {
            fprintf(stderr, "zl-cc: error: unknown IR stage in '%s' (stages: lower, the passes of docs/cc.md, final; STAGE=stderr for standard error)\n", a);
            return 1;
        }
    }
    else if (!strncmp(f, "max-errors=", 11)) {
        char *end;
        const char *v = f + 11;
        long n = strtol(v, &end, 10);
        if (*v < '0' || *v > '9' || *end || n > INT_MAX) {
            fprintf(stderr, "zl-cc: error: argument to '-fmax-errors=' should be a non-negative integer\n");
            return 1;
        }
        cc_max_errors = (int)n;
    }
    else if (in_list(name, f_ignored)) {
    } else {
        for (int i = 0; f_unsupported[i].name; i++)
            if (opt_match(name, f_unsupported[i].name) ||
                (!strncmp(name, f_unsupported[i].name, strlen(f_unsupported[i].name)) &&
                 name[strlen(f_unsupported[i].name)] == '=')) {   /* -flto=auto */
                if (no) return 0;   /* turning it off asks for nothing */
                fprintf(stderr, "zl-cc: error: unsupported option '%s': %s\n", a, f_unsupported[i].why);
                return 1;
            }
        fprintf(stderr, "zl-cc: error: unrecognized command-line option '%s'\n", a);
        return 1;
    }
    return 0;
}

/* -std=: C standards set __STDC_VERSION__ (and __STRICT_ANSI__ for the ISO ones) */
static int std_option(struct opts *o, const char *a)
{
    static const struct {
        const char *name;
        long version;
    } stds[] = {
        {"c89", 0}, {"c90", 0}, {"iso9899:1990", 0}, {"iso9899:199409", 199409L},
        {"c99", 199901L}, {"c9x", 199901L}, {"iso9899:1999", 199901L}, {"iso9899:199x", 199901L},
        {"c11", 201112L}, {"c1x", 201112L}, {"iso9899:2011", 201112L},
        {"c17", 201710L}, {"c18", 201710L}, {"iso9899:2017", 201710L}, {"iso9899:2018", 201710L},
        {"c2x", 202000L},
        {"gnu89", 0}, {"gnu90", 0}, {"gnu99", 199901L}, {"gnu9x", 199901L}, {"gnu11", 201112L},
        {"gnu1x", 201112L}, {"gnu17", 201710L}, {"gnu18", 201710L}, {"gnu2x", 202000L},
    };
    const char *s = a + 5;
    for (size_t i = 0; i < sizeof stds / sizeof stds[0]; i++)
        if (!strcmp(s, stds[i].name)) {
            o->std_version = stds[i].version;
            o->strict_ansi = s[0] != 'g';
            return 0;
        }
    if (!strncmp(s, "c++", 3) || !strncmp(s, "gnu++", 5)) {
        fprintf(stderr, "zl-cc: warning: command-line option '%s' is valid for C++/ObjC++ but not for C\n", a);
        return 0;
    }
    fprintf(stderr, "zl-cc: error: unrecognized command-line option '%s'\n", a);
    return 1;
}

/* -O<level>: 0, a number (3 and up are 2), s, z, g, fast */
static int o_option(struct opts *o, const char *a)
{
    const char *l = a + 2;
    int v;
    if (!*l) v = 1;
    else if (!strcmp(l, "s") || !strcmp(l, "z") || !strcmp(l, "g")) v = 1;
    else if (!strcmp(l, "fast")) v = 2;
    else if (strspn(l, "0123456789") == strlen(l)) v = atoi(l) > 2 ? 2 : atoi(l);
    else {
        fprintf(stderr, "zl-cc: error: argument to '-O' should be a non-negative integer, 'g', 's', 'z' or 'fast'\n");
        return 1;
    }
    o->olevel = ccopt.opt = v;
    return 0;
}

/* -march=rv{32,64,128}{i,g}[m][a][f][d][q][c]…[_ext…]: the XLEN, whether the extensions
 * zl-cc's code needs (M, A, F, D) are there, and C.  0 = ok, 1 = error (reported). */
static int march_option(const char *a, int *xlen, bool *has_c)
{
    const char *s = a + 7;
    if (!strncmp(s, "rv128", 5)) *xlen = 128, s += 5;
    else if (!strncmp(s, "rv64", 4)) *xlen = 64, s += 4;
    else if (!strncmp(s, "rv32", 4)) *xlen = 32, s += 4;
    else {
        fprintf(stderr, "zl-cc: error: '%s': ISA string must begin with rv32, rv64 or rv128\n", a);
        return 1;
    }
    bool has[26] = {0};
    if (*s == 'g') {
        has['i' - 'a'] = has['m' - 'a'] = has['a' - 'a'] = has['f' - 'a'] = has['d' - 'a'] = true;
    } else if (*s == 'i' || *s == 'e') {
        has[*s - 'a'] = true;
    } else {
        fprintf(stderr, "zl-cc: error: '%s': first ISA subset must be 'e', 'i' or 'g'\n", a);
        return 1;
    }
    for (s++; *s && *s != '_'; s++) {
        if (*s >= '0' && *s <= '9') continue;   /* versions: 2p0 */
        if (*s == 'p' && s[1] >= '0' && s[1] <= '9' && s[-1] >= '0' && s[-1] <= '9') continue;
        if (!strchr("imafdqlcbkjtpvhn", *s) || *s == 'i') {
            fprintf(stderr, "zl-cc: error: '%s': unsupported ISA subset '%c'\n", a, *s);
            return 1;
        }
        has[*s - 'a'] = true;
    }
    while (*s == '_') {   /* multi-letter extensions: z*, s*, x* */
        s++;
        size_t n = strcspn(s, "_");
        if (!n || !strchr("zsx", *s)) {
            fprintf(stderr, "zl-cc: error: '%s': invalid ISA string\n", a);
            return 1;
        }
        s += n;
    }
    if (has['e' - 'a']) {
        fprintf(stderr, "zl-cc: error: '%s': unsupported: the E base (zl-cc uses all 32 integer registers)\n", a);
        return 1;
    }
    if (!has['m' - 'a'] || !has['a' - 'a'] || !has['f' - 'a'] || !has['d' - 'a']) {
        fprintf(stderr, "zl-cc: error: '%s': unsupported: zl-cc's code needs the M, A, F and D extensions "
                        "(rv%dimafd or rv%dgc)\n", a, *xlen, *xlen);
        return 1;
    }
    *has_c = has['c' - 'a'];
    return 0;
}

static const char *ext_of(const char *f)
{
    const char *d = strrchr(f, '.');
    const char *s = strrchr(f, '/');
    if (!d || (s && d < s)) return "";
    return d + 1;
}

/* Assembly with C preprocessing (.S): a line whose first token is '#' followed by
 * something that is not a directive is an assembler comment, as with GCC's
 * assembler-with-cpp mode; it becomes an empty line (line numbers are kept). */
static char *read_asm_for_cpp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 8192, n = 0;
    char *buf = malloc(cap + 1);
    size_t r;
    while (buf && (r = fread(buf + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap) buf = realloc(buf, (cap *= 2) + 1);
    }
    fclose(f);
    if (!buf) return NULL;
    buf[n] = 0;
    static const char *const dirs[] = {"define", "undef", "include", "include_next", "if", "ifdef",
                                       "ifndef", "elif", "else", "endif", "error", "warning",
                                       "pragma", "line", "import", NULL};
    for (char *line = buf; line < buf + n;) {
        char *end = memchr(line, '\n', (size_t)(buf + n - line));
        if (!end) end = buf + n;
        char *p = line;
        while (p < end && (*p == ' ' || *p == '\t')) p++;
        if (p < end && *p == '#') {
            char *w = p + 1;
            while (w < end && (*w == ' ' || *w == '\t')) w++;
            bool keep = w == end || (*w >= '0' && *w <= '9');
            for (int k = 0; dirs[k] && !keep; k++) {
                size_t l = strlen(dirs[k]);
                if ((size_t)(end - w) >= l && !memcmp(w, dirs[k], l) &&
                    (w + l == end || !((w[l] >= 'a' && w[l] <= 'z') || w[l] == '_')))
                    keep = true;
            }
            bool cont = end > line && end[-1] == '\\';
            if (!keep && !cont)
                for (char *q = p; q < end; q++) *q = ' ';
        }
        line = end + 1;
    }
    *len = n;
    return buf;
}

static struct cpp *make_pp(struct opts *o, const char *input)
{
    struct cpp_options co = {0};
    co.intmax_bits = o->xlen == 128 ? 128 : 64;
    co.no_warnings = cc_nowarn;
    co.werror = cc_werror;
    co.no_wcpp = !cc_warn_enabled(CW_CPP);
    co.wcpp_error = cc_warn_is_error(CW_CPP);
    co.keep_defines = o->keep_defines && o->mode == 'E';   /* as GCC, ignored otherwise */
    struct cpp *pp = cpp_new(&co);
    predef_add(pp);
    if (o->olevel) cpp_define(pp, "__OPTIMIZE__");
    if (o->std_version != 201112L) {
        cpp_undef(pp, "__STDC_VERSION__");
        if (o->std_version) {
            char d[40];
            snprintf(d, sizeof d, "__STDC_VERSION__=%ldL", o->std_version);
            cpp_define(pp, d);
        }
    }
    if (o->strict_ansi) cpp_define(pp, "__STRICT_ANSI__");
    if (ccopt.ssp) cpp_define(pp, ccopt.ssp == 1 ? "__SSP__=1" : ccopt.ssp == 2 ? "__SSP_STRONG__=2" : "__SSP_ALL__=3");
    if (o->freestanding) {
        cpp_undef(pp, "__STDC_HOSTED__");
        cpp_define(pp, "__STDC_HOSTED__=0");
    }
    for (int i = 0; i < o->cpp_args.n; i++) {
        const char *a = o->cpp_args.v[i];
        if (a[0] == 'D') cpp_define(pp, a + 1);
        else cpp_undef(pp, a + 1);
    }
    for (int i = 0; i < o->quotedirs.n; i++) cpp_add_dir(pp, o->quotedirs.v[i], CPP_DIR_QUOTE);
    for (int i = 0; i < o->incdirs.n; i++) cpp_add_dir(pp, o->incdirs.v[i], CPP_DIR_ANGLE);
    for (int i = 0; i < o->sysdirs.n; i++) cpp_add_dir(pp, o->sysdirs.v[i], CPP_DIR_SYSTEM);
    if (!o->nostdinc) {
        char d[PATH_MAX + 64];
        snprintf(d, sizeof d, "%s/../lib/zl/include", bindir);
        cpp_add_dir(pp, d, CPP_DIR_SYSTEM);
        snprintf(d, sizeof d, "%s/../lib/zl/rv%d/include", bindir, o->xlen);
        cpp_add_dir(pp, d, CPP_DIR_SYSTEM);
    }
    if (!strcmp(input, "-")) {
        /* standard input */
        size_t cap = 4096, n = 0;
        char *buf = malloc(cap);
        size_t r;
        while (buf && (r = fread(buf + n, 1, cap - n, stdin)) > 0) {
            n += r;
            if (n == cap) buf = realloc(buf, cap *= 2);
        }
        if (!buf) {
            fputs("zl-cc: out of memory\n", stderr);
            exit(1);
        }
        cpp_push_string(pp, "<stdin>", buf, n);
        free(buf);
    } else if (o->asm_cpp) {
        size_t n;
        char *text = read_asm_for_cpp(input, &n);
        if (!text) {
            fprintf(stderr, "zl-cc: error: %s: %s\n", input, strerror(errno ? errno : ENOENT));
            cpp_free(pp);
            return NULL;
        }
        cpp_push_string(pp, input, text, n);
        free(text);
    } else if (!cpp_push_file(pp, input)) {
        fprintf(stderr, "zl-cc: error: %s: %s\n", input, strerror(errno ? errno : ENOENT));
        cpp_free(pp);
        return NULL;
    }
    for (int i = o->includes.n - 1; i >= 0; i--) {
        char *t = malloc(strlen(o->includes.v[i]) + 32);
        sprintf(t, "#include \"%s\"\n", o->includes.v[i]);
        cpp_push_string(pp, "<command-line>", t, strlen(t));
        free(t);
    }
    return pp;
}

/* Put a finished temporary in place: a rename, or, across file systems and onto a device
 * (-o /dev/null), a copy that leaves no half-written file (src/common/outfile.h). */
static bool move_output(const char *from, const char *to)
{
    struct stat st;
    if ((stat(to, &st) != 0 || S_ISREG(st.st_mode)) && rename(from, to) == 0) return true;
    FILE *in = fopen(from, "rb");
    char *buf = NULL;
    size_t n = 0;
    int err = in ? 0 : errno;
    if (in) {
        size_t cap = 0;
        for (;;) {
            if (n == cap) {
                char *nb = realloc(buf, cap = cap ? cap * 2 : 65536);
                if (!nb) { err = ENOMEM; break; }
                buf = nb;
            }
            size_t r = fread(buf + n, 1, cap - n, in);
            n += r;
            if (r == 0) break;
        }
        if (!err && ferror(in)) err = EIO;
        fclose(in);
    }
    if (!err) err = zl_write_file(to, buf, n, 0666);
    free(buf);
    if (err) fprintf(stderr, "zl-cc: error: cannot write %s: %s\n", to, strerror(err));
    return !err;
}

static bool cat_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) fwrite(buf, 1, n, stdout);
    fclose(f);
    return fflush(stdout) == 0;
}

/* Close (or flush, for stdout) a written stream; a write error (full disk, file size
 * limit) is reported with its reason. */
static bool finish_output(FILE *f, const char *path)
{
    bool ok = !ferror(f);
    int err = errno;
    if (f == stdout ? fflush(f) != 0 : fclose(f) != 0) {
        ok = false;
        err = errno;
    }
    if (!ok) fprintf(stderr, "zl-cc: error: cannot write %s: %s\n", path, strerror(err ? err : EIO));
    return ok;
}

/* the files `pp` read (every file name it saw that names an existing file), for -M and -MD */
static void collect_deps(struct opts *o, struct cpp *pp)
{
    sv_free(&o->deps);
    for (u32 id = 0;; id++) {
        const char *n = cpp_file_name(pp, id);
        if (!strcmp(n, "<unknown>")) break;
        struct stat st;
        if (n[0] == '<' || stat(n, &st) != 0 || !S_ISREG(st.st_mode)) continue;
        bool sys = false;
        if (o->dep_user_only) {
            for (int k = 0; k < o->sysdirs.n; k++)
                if (!strncmp(n, o->sysdirs.v[k], strlen(o->sysdirs.v[k]))) sys = true;
            if (strstr(n, "/lib/zl/")) sys = true;
        }
        bool dup = false;
        for (int k = 0; k < o->deps.n; k++)
            if (!strcmp(o->deps.v[k], n)) dup = true;
        if (!sys && !dup) sv_push(&o->deps, n);
    }
}

static bool preprocess_to(struct opts *o, const char *input, const char *outpath)
{
    struct cpp *pp = make_pp(o, input);
    if (!pp) return false;
    FILE *f = outpath ? fopen(outpath, "w") : stdout;
    if (!f) {
        fprintf(stderr, "zl-cc: error: cannot open %s: %s\n", outpath, strerror(errno));
        cpp_free(pp);
        return false;
    }
    bool ok;
    if (o->dump_macros || o->dep_only) {
        /* -dM: the macros defined at the end; -M: only the files read */
        struct cpp_token t;
        while (cpp_get(pp, &t)) {
        }
        ok = cpp_errors(pp) == 0;
        if (o->dump_macros) cpp_print_macros(pp, f);
        if (o->dep_only) collect_deps(o, pp);
    } else {
        ok = cpp_print(pp, f, !o->no_linemarkers);
    }
    if (!finish_output(f, outpath ? outpath : "standard output")) ok = false;
    ok = ok && cpp_errors(pp) == 0;
    cpp_free(pp);
    return ok;
}

static bool compile_ir_to_asm(const char *input, const char *outpath)
{
    FILE *f = fopen(outpath, "w");
    if (!f) {
        fprintf(stderr, "zl-cc: error: cannot open %s: %s\n", outpath, strerror(errno));
        return false;
    }
    cc_diag_reset();
    bool ok = cc_compile_ir(input, f);
    if (!finish_output(f, outpath)) ok = false;
    cc_arena_free();
    return ok;
}

static bool compile_to_asm(struct opts *o, const char *input, const char *outpath)
{
    if (opt_dry) {
        fprintf(stderr, " \"%s/zl-cc\" \"-cc1\" \"-m%d\" \"%s\" \"-o\" \"%s\"\n", bindir, o->xlen, input, outpath);
        return true;
    }
    if (o->ir_input) return compile_ir_to_asm(input, outpath);
    struct cpp *pp = make_pp(o, input);
    if (!pp) return false;
    FILE *f = fopen(outpath, "w");
    if (!f) {
        fprintf(stderr, "zl-cc: error: cannot open %s: %s\n", outpath, strerror(errno));
        cpp_free(pp);
        return false;
    }
    cc_diag_reset();
    bool ok = cc_compile(pp, f, input);
    cc_warn_unknown_notes();
    if (!finish_output(f, outpath)) ok = false;
    if (cpp_errors(pp)) ok = false;
    if (o->dep) collect_deps(o, pp);
    cpp_free(pp);
    cc_arena_free();
    return ok;
}

/* make-style dependency file for `target` */
static bool write_deps(struct opts *o, const char *target, const char *objpath)
{
    char def[PATH_MAX + 8];
    const char *path = o->dep_file;
    if (!path) {
        snprintf(def, sizeof def, "%s", objpath);
        char *dot = strrchr(def, '.');
        char *sl = strrchr(def, '/');
        if (dot && (!sl || dot > sl)) strcpy(dot, ".d");
        else strcat(def, ".d");
        path = def;
    }
    FILE *f = strcmp(path, "-") ? fopen(path, "w") : stdout;
    if (!f) {
        fprintf(stderr, "zl-cc: error: cannot write %s: %s\n", path, strerror(errno));
        return false;
    }
    fprintf(f, "%s:", o->dep_target ? o->dep_target : target);
    for (int i = 0; i < o->deps.n; i++) fprintf(f, " \\\n  %s", o->deps.v[i]);
    fputc('\n', f);
    if (o->dep_phony)
        for (int i = 1; i < o->deps.n; i++) fprintf(f, "\n%s:\n", o->deps.v[i]);
    return finish_output(f, f == stdout ? "standard output" : path);
}

static bool assemble(struct opts *o, const char *input, const char *outpath)
{
    struct strv a = {0};
    char p[PATH_MAX + 16];
    snprintf(p, sizeof p, "%s/zl-as", bindir);
    sv_push(&a, p);
    sv_push(&a, o->xlen == 128 ? "-m128" : o->xlen == 64 ? "-m64" : "-m32");
    sv_push(&a, o->xlen == 128 ? "-mabi=lp128d" : o->xlen == 64 ? "-mabi=lp64d" : "-mabi=ilp32d");
    if (o->as_arch) sv_push(&a, o->as_arch);
    for (int i = 0; i < o->as_args.n; i++) sv_push(&a, o->as_args.v[i]);
    sv_push(&a, "-o");
    sv_push(&a, outpath);
    sv_push(&a, input);
    int r = run(&a);
    sv_free(&a);
    return r == 0;
}

/* a failed step removes an older output of that name, as GCC does */
static void remove_stale(const char *path)
{
    struct stat st;
    if (path && strcmp(path, "-") && stat(path, &st) == 0 && S_ISREG(st.st_mode)) unlink(path);
}

static bool file_exists(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0;
}

static bool link_all(struct opts *o, struct strv *objs_in_order, const char *outpath)
{
    struct strv a = {0};
    char p[PATH_MAX + 64];
    snprintf(p, sizeof p, "%s/zl-ld", bindir);
    sv_push(&a, p);
    sv_push(&a, "-m");
    sv_push(&a, o->xlen == 128 ? "elf128lriscv" : o->xlen == 64 ? "elf64lriscv" : "elf32lriscv");
    sv_push(&a, o->static_pie ? "-static-pie" : "-static");
    sv_push(&a, "-o");
    sv_push(&a, outpath);
    char libdir[PATH_MAX + 32];
    snprintf(libdir, sizeof libdir, "%s/../lib/zl/rv%d/lib", bindir, o->xlen);
    bool startfiles = !o->nostdlib && !o->nostartfiles;
    bool deflibs = !o->nostdlib && !o->nodefaultlibs;
    if (startfiles) {
        snprintf(p, sizeof p, "%s/crt1.o", libdir);
        if (!file_exists(p) && !opt_dry) {
            fprintf(stderr, "zl-cc: error: %s: not found (zlibc for rv%d is not built; use -nostdlib "
                            "to link without the C library)\n", p, o->xlen);
            sv_free(&a);
            return false;
        }
        sv_push(&a, p);
    }
    for (int i = 0; i < objs_in_order->n; i++) sv_push(&a, objs_in_order->v[i]);
    if (deflibs) {
        const char *libs[] = {"libc.a", "libzlrt.a"};
        for (int i = 0; i < 2; i++) {
            snprintf(p, sizeof p, "%s/%s", libdir, libs[i]);
            if (!file_exists(p) && !opt_dry) {
                fprintf(stderr, "zl-cc: error: %s: not found (%s for rv%d is not built; use -nostdlib "
                                "or -nodefaultlibs)\n", p, i ? "the zl-cc runtime" : "zlibc", o->xlen);
                sv_free(&a);
                return false;
            }
        }
        sv_push(&a, "-L");
        sv_push(&a, libdir);
        sv_push(&a, "--start-group");
        sv_push(&a, "-lc");
        sv_push(&a, "-lzlrt");
        sv_push(&a, "--end-group");
    }
    int r = run(&a);
    sv_free(&a);
    return r == 0;
}

static void version(FILE *f)
{
    fputs(ZL_VERSION_LINE("zl-cc") " — C11 compiler for rv128, rv64 and rv32\n", f);
}

/* -dumpmachine, -print-file-name=… and the other queries: one line on stdout */
static int answer_query(const struct opts *o, const char *q)
{
    char lib[PATH_MAX + 64], p[2 * PATH_MAX + 80], real[PATH_MAX];
    snprintf(lib, sizeof lib, "%s/../lib/zl/rv%d/lib", bindir, o->xlen);
    if (realpath(lib, real)) snprintf(lib, sizeof lib, "%s", real);
    if (!strcmp(q, "-dumpmachine")) {
        printf("riscv%d-unknown-linux-zl\n", o->xlen);
    } else if (!strcmp(q, "-dumpversion") || !strcmp(q, "-dumpfullversion")) {
        puts(ZL_VERSION);
    } else if (!strcmp(q, "-print-search-dirs")) {
        snprintf(p, sizeof p, "%s/../lib/zl", bindir);
        printf("install: %s/\nprograms: =%s/\nlibraries: =%s/\n", realpath(p, real) ? real : p, bindir, lib);
    } else if (!strcmp(q, "-print-libgcc-file-name")) {
        printf("%s/libzlrt.a\n", lib);
    } else if (!strncmp(q, "-print-file-name=", 17)) {
        /* the library directory of the target, then zl-cc's own (include: its headers) */
        const char *name = q + 17;
        snprintf(p, sizeof p, "%s/%s", lib, name);
        if (!*name || !file_exists(p)) snprintf(p, sizeof p, "%s/../lib/zl/%s", bindir, name);
        puts(*name && file_exists(p) && realpath(p, real) ? real : name);
    } else if (!strncmp(q, "-print-prog-name=", 17)) {
        const char *name = q + 17;
        snprintf(p, sizeof p, "%s/zl-%s", bindir, name);
        if (!*name || access(p, X_OK) != 0) snprintf(p, sizeof p, "%s/%s", bindir, name);
        puts(*name && access(p, X_OK) == 0 ? p : name);
    } else if (!strcmp(q, "-print-multiarch") || !strcmp(q, "-print-sysroot")) {
        putchar('\n');
    } else if (!strcmp(q, "-print-multi-lib")) {
        puts(".;");
    } else {   /* -print-multi-directory, -print-multi-os-directory */
        puts(".");
    }
    return fflush(stdout) == 0 ? 0 : 1;
}

static char *default_out(const char *input, const char *newext)
{
    const char *base = strrchr(input, '/');
    base = base ? base + 1 : input;
    const char *dot = strrchr(base, '.');
    size_t n = dot ? (size_t)(dot - base) : strlen(base);
    char *r = malloc(n + strlen(newext) + 2);
    memcpy(r, base, n);
    sprintf(r + n, ".%s", newext);
    return r;
}

int cc_driver_main(int argc, char **argv)
{
    find_bindir(argv[0]);
    atexit(cleanup);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    struct opts o = {0};
    o.xlen = 128;
    o.std_version = 201112L;
    const char *forced_lang = NULL;
    int m_xlen = 0, march_xlen = 0, abi_xlen = 0;
    const char *m_flag = NULL, *march = NULL, *query = NULL;
    bool any_error = false;
#define NEEDARG() do { if (i + 1 >= argc) { fprintf(stderr, "zl-cc: error: missing argument to '%s'\n", a); return 1; } } while (0)
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || !strcmp(a, "-")) {
            if (forced_lang) {
                char *t = malloc(strlen(a) + 16);
                sprintf(t, "\002%s\002%s", forced_lang, a);
                sv_push(&o.inputs, t);
                free(t);
            } else {
                sv_push(&o.inputs, a);
            }
            continue;
        }
        if (!strcmp(a, "-x")) {
            NEEDARG();
            const char *l = argv[++i];
            if (!strcmp(l, "c") || !strcmp(l, "c-header")) forced_lang = "c";
            else if (!strcmp(l, "assembler")) forced_lang = "s";
            else if (!strcmp(l, "assembler-with-cpp")) forced_lang = "S";
            else if (!strcmp(l, "ir")) forced_lang = "ir";
            else if (!strcmp(l, "none")) forced_lang = NULL;
            else {
                fprintf(stderr, "zl-cc: error: language %s not recognized\n", l);
                return 1;
            }
            continue;
        }
        if (!strcmp(a, "-m128") || !strcmp(a, "-m64") || !strcmp(a, "-m32")) {
            m_xlen = atoi(a + 2);
            m_flag = a;
        } else if (!strncmp(a, "-march=", 7)) {
            bool has_c;
            if (march_option(a, &march_xlen, &has_c)) return 1;
            march = a + 7;
            /* zl-as gets the part it acts on: compressed instructions or not */
            free(o.as_arch);
    free(o.wp_dep_file);
            o.as_arch = malloc(32);
            snprintf(o.as_arch, 32, "-march=rv%dimafd%s", march_xlen, has_c ? "c" : "");
        } else if (!strncmp(a, "-mabi=", 6)) {
            const char *abi = a + 6;
            if (!strcmp(abi, "lp128d")) abi_xlen = 128;
            else if (!strcmp(abi, "lp64d")) abi_xlen = 64;
            else if (!strcmp(abi, "ilp32d")) abi_xlen = 32;
            else {
                fprintf(stderr, "zl-cc: error: unsupported ABI '%s' (lp128d, lp64d, ilp32d)\n", abi);
                return 1;
            }
        } else if (!strncmp(a, "-mcmodel=", 9) && !in_list(a + 2, m_ignored)) {
            fprintf(stderr, "zl-cc: error: unrecognized argument in option '%s'\n", a);
            return 1;
        } else if (!strncmp(a, "-m", 2)) {
            if (!in_list(a + 2, m_ignored) && !(!strncmp(a, "-mno-", 5) && in_list(a + 5, m_ignored))) {
                fprintf(stderr, "zl-cc: error: unrecognized command-line option '%s'\n", a);
                return 1;
            }
        } else if (!strcmp(a, "-c") || !strcmp(a, "-S") || !strcmp(a, "-E")) o.mode = a[1];
        else if (!strcmp(a, "-o")) { NEEDARG(); o.out = argv[++i]; }
        else if (!strncmp(a, "-o", 2)) o.out = a + 2;
        else if (!strcmp(a, "-I")) { NEEDARG(); sv_push(&o.incdirs, argv[++i]); }
        else if (!strncmp(a, "-I", 2)) sv_push(&o.incdirs, a + 2);
        else if (!strcmp(a, "-iquote")) { NEEDARG(); sv_push(&o.quotedirs, argv[++i]); }
        else if (!strcmp(a, "-isystem")) { NEEDARG(); sv_push(&o.sysdirs, argv[++i]); }
        else if (!strcmp(a, "-idirafter")) { NEEDARG(); sv_push(&o.sysdirs, argv[++i]); }
        else if (!strcmp(a, "-include")) { NEEDARG(); sv_push(&o.includes, argv[++i]); }
        else if (!strcmp(a, "-D") || !strcmp(a, "-U")) {
            NEEDARG();
            char *t = malloc(strlen(argv[i + 1]) + 2);
            sprintf(t, "%c%s", a[1], argv[++i]);
            sv_push(&o.cpp_args, t);
            free(t);
        } else if (!strncmp(a, "-D", 2) || !strncmp(a, "-U", 2)) sv_push(&o.cpp_args, a + 1);
        else if (!strncmp(a, "-O", 2)) {
            if (o_option(&o, a)) return 1;
        } else if (!strcmp(a, "-g") || !strncmp(a, "-g", 2)) {
            ccopt.debug = strcmp(a, "-g0") != 0;
        } else if (!strcmp(a, "-static") || !strcmp(a, "-rdynamic")) {
        } else if (!strcmp(a, "-static-pie") || !strcmp(a, "-pie")) o.static_pie = true;
        else if (!strcmp(a, "-shared")) {
            fprintf(stderr, "zl-cc: error: unsupported option '-shared': zl-cc links static executables only\n");
            return 1;
        } else if (!strcmp(a, "-L")) { NEEDARG(); sv_push(&o.ld_args, "-L"); sv_push(&o.ld_args, argv[++i]); }
        else if (!strncmp(a, "-L", 2)) { sv_push(&o.ld_args, "-L"); sv_push(&o.ld_args, a + 2); }
        else if (!strcmp(a, "-l")) { NEEDARG(); char t[PATH_MAX]; snprintf(t, sizeof t, "-l%s", argv[++i]); sv_push(&o.inputs, t); }
        else if (!strncmp(a, "-l", 2)) sv_push(&o.inputs, a);
        else if (!strncmp(a, "-Wl,", 4) || !strncmp(a, "-Wa,", 4) || !strncmp(a, "-Wp,", 4)) {
            /* options for a later step, split at commas, in command-line order */
            char *t = strdup(a + 4), *save = NULL;
            for (char *w = strtok_r(t, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
                if (a[2] == 'l') sv_push(&o.inputs, cc_linker_arg(w));
                else if (a[2] == 'a') sv_push(&o.as_args, w);
                else if (w[0] == '-' && w[1] && strchr("DUI", w[1]) && w[2]) {
                    if (w[1] == 'I') sv_push(&o.incdirs, w + 2);
                    else sv_push(&o.cpp_args, w + 1);
                } else if (!strcmp(w, "-MD") || !strcmp(w, "-MMD")) {
                    /* -Wp,-MD,file: the dependency file */
                    char *file = strtok_r(NULL, ",", &save);
                    o.dep = true;
                    o.dep_user_only = w[2] == 'M';
                    if (file) {
                        free(o.wp_dep_file);
                        o.dep_file = o.wp_dep_file = strdup(file);
                    }
                } else {
                    fprintf(stderr, "zl-cc: error: unsupported preprocessor option '%s' in '%s'\n", w, a);
                    free(t);
                    return 1;
                }
            }
            free(t);
        } else if (!strcmp(a, "-Xlinker") || !strcmp(a, "-Xassembler")) {
            NEEDARG();
            if (a[2] == 'l') sv_push(&o.inputs, cc_linker_arg(argv[++i]));
            else sv_push(&o.as_args, argv[++i]);
        } else if (!strcmp(a, "-MD") || !strcmp(a, "-MMD")) {
            o.dep = true;
            o.dep_user_only = a[2] == 'M';
        } else if (!strcmp(a, "-M") || !strcmp(a, "-MM")) {
            o.dep_only = true;
            o.dep_user_only = a[2] == 'M';
        } else if (!strcmp(a, "-MP")) o.dep_phony = true;
        else if (!strcmp(a, "-MF") || !strcmp(a, "-MT") || !strcmp(a, "-MQ")) {
            NEEDARG();
            if (a[2] == 'F') o.dep_file = argv[++i];
            else o.dep_target = argv[++i];
        } else if (!strcmp(a, "-nostdlib")) o.nostdlib = true;
        else if (!strcmp(a, "-nostartfiles")) o.nostartfiles = true;
        else if (!strcmp(a, "-nodefaultlibs")) o.nodefaultlibs = true;
        else if (!strcmp(a, "-nostdinc")) o.nostdinc = true;
        else if (!strncmp(a, "-f", 2)) {
            if (f_option(&o, a)) return 1;
        } else if (!strcmp(a, "-w") || !strncmp(a, "-W", 2)) {
            if (cc_warn_option(a)) return 1;
        } else if (!strncmp(a, "-std=", 5)) {
            if (std_option(&o, a)) return 1;
        } else if (!strcmp(a, "-ansi")) {
            o.std_version = 0;
            o.strict_ansi = true;
        } else if (!strcmp(a, "-pedantic") || !strcmp(a, "-pedantic-errors")) {
        } else if (!strcmp(a, "-P")) o.no_linemarkers = true;
        else if (!strcmp(a, "-dD")) o.keep_defines = true;
        else if (!strcmp(a, "-save-temps") || !strcmp(a, "-save-temps=cwd")) o.save_temps = true;
        else if (!strcmp(a, "-dM")) o.dump_macros = true;
        else if (!strcmp(a, "-dumpmachine") || !strcmp(a, "-dumpversion") || !strcmp(a, "-dumpfullversion") ||
                 !strncmp(a, "-print-", 7)) {
            if (!strncmp(a, "-dump", 5) || !strcmp(a, "-print-search-dirs") ||
                !strcmp(a, "-print-libgcc-file-name") || !strncmp(a, "-print-file-name=", 17) ||
                !strncmp(a, "-print-prog-name=", 17) || !strcmp(a, "-print-multi-directory") ||
                !strcmp(a, "-print-multi-lib") || !strcmp(a, "-print-multi-os-directory") ||
                !strcmp(a, "-print-multiarch") || !strcmp(a, "-print-sysroot")) {
                if (!query) query = a;   /* the first query is answered */
            } else {
                fprintf(stderr, "zl-cc: error: unrecognized command-line option '%s'\n", a);
                return 1;
            }
        } else if (!strcmp(a, "-v")) opt_v = true;
        else if (!strcmp(a, "-###")) opt_dry = true;
        else if (!strcmp(a, "--help")) { usage(); return 0; }
        else if (!strcmp(a, "--version")) { version(stdout); return 0; }
        else if (!strcmp(a, "-pipe") || !strcmp(a, "-s") || !strcmp(a, "-pthread")) {   /* -pthread: threads are in libc.a */
        } else {
            fprintf(stderr, "zl-cc: error: unrecognized command-line option '%s'\n", a);
            return 1;
        }
    }
    /* the target: -mNN, -march= and -mabi= must agree (docs/cc.md "Driver") */
    if (m_xlen && march_xlen && m_xlen != march_xlen) {
        fprintf(stderr, "zl-cc: error: '%s' conflicts with '-march=%s'\n", m_flag, march);
        return 1;
    }
    int name_xlen = xlen_of_name(argv[0]);
    o.xlen = march_xlen ? march_xlen : m_xlen ? m_xlen : abi_xlen ? abi_xlen
           : name_xlen ? name_xlen : 128;
    if (abi_xlen && abi_xlen != o.xlen) {
        fprintf(stderr, "zl-cc: error: ABI requires '-march=rv%d'\n", abi_xlen);
        return 1;
    }
    if (query) return answer_query(&o, query);
    if (opt_v) {   /* as gcc -v: the version and target first (alone, only those) */
        version(stderr);
        fprintf(stderr, "Target: riscv%d-unknown-linux-zl\n", o.xlen);
        if (!o.inputs.n) return 0;
    }
    if (!o.inputs.n) {
        fprintf(stderr, "zl-cc: fatal error: no input files\n");
        return 1;
    }
    if (o.dump_macros && o.mode != 'E') {
        fprintf(stderr, "zl-cc: error: '-dM' is only valid with '-E'\n");
        return 1;
    }
    if (o.dep_only) o.mode = 'E';
    target_set(o.xlen);
    int nsrc = 0;
    for (int i = 0; i < o.inputs.n; i++)
        if (strncmp(o.inputs.v[i], "-l", 2) && o.inputs.v[i][0] != LDARG[0]) nsrc++;
    if (o.out && o.mode && o.mode != 'E' && nsrc > 1) {
        fprintf(stderr, "zl-cc: fatal error: cannot specify '-o' with '-c' or '-S' with multiple files\n");
        return 1;
    }
    /* as gcc: never overwrite an input with the output (compared by device and inode) */
    const char *final_out = o.out ? o.out : o.mode ? NULL : "a.out";
    for (int i = 0; final_out && strcmp(final_out, "-") && i < o.inputs.n; i++) {
        const char *in = o.inputs.v[i];
        if (in[0] == '\002') in = strchr(in + 1, '\002') + 1;
        else if (in[0] == LDARG[0] || !strncmp(in, "-l", 2)) continue;
        if (zl_same_file(in, final_out)) {
            fprintf(stderr, "zl-cc: fatal error: input file '%s' is the same as output file\n", in);
            return 1;
        }
    }
    struct strv objs = {0}, kept = {0};
    for (int i = 0; i < o.ld_args.n; i++) sv_push(&objs, o.ld_args.v[i]);
    for (int i = 0; i < o.inputs.n && !any_error; i++) {
        const char *in = o.inputs.v[i];
        if (!strncmp(in, "-l", 2)) {
            sv_push(&objs, in);
            continue;
        }
        if (in[0] == LDARG[0]) {
            sv_push(&objs, in + 1);
            continue;
        }
        const char *e = !strcmp(in, "-") ? "c" : ext_of(in);
        char forced[8];
        if (in[0] == '\002') {
            const char *q = strchr(in + 1, '\002');
            snprintf(forced, sizeof forced, "%.*s", (int)(q - in - 1), in + 1);
            e = forced;
            in = q + 1;
        }
        if (strcmp(in, "-") && !file_exists(in)) {
            fprintf(stderr, "zl-cc: error: %s: No such file or directory\n", in);
            any_error = true;
            break;
        }
        if (o.mode == 'E' && o.dep_only) {
            /* -M/-MM: "x.o: x.c headers…" on stdout, or into -MF or -o */
            o.asm_cpp = !strcmp(e, "S") || !strcmp(e, "sx");
            char *target = default_out(in, "o");
            const char *saved = o.dep_file;
            if (!o.dep_file) o.dep_file = o.out ? o.out : "-";
            if (!preprocess_to(&o, in, "/dev/null") || !write_deps(&o, target, target)) any_error = true;
            o.dep_file = saved;
            o.asm_cpp = false;
            free(target);
            continue;
        }
        if (o.mode == 'E') {
            o.asm_cpp = !strcmp(e, "S") || !strcmp(e, "sx");
            if (o.out && strcmp(o.out, "-")) {
                /* into a temporary, moved into place when complete */
                char *tmp = make_temp(".i");
                if (!preprocess_to(&o, in, tmp) || !move_output(tmp, o.out)) {
                    remove_stale(o.out);
                    any_error = true;
                }
            } else if (!preprocess_to(&o, in, NULL)) {
                any_error = true;
            }
            o.asm_cpp = false;
            continue;
        }
        o.ir_input = !strcmp(e, "ir");
        bool is_c = !strcmp(e, "c") || !strcmp(e, "i") || !strcmp(e, "h") || o.ir_input;
        bool is_S = !strcmp(e, "S") || !strcmp(e, "sx");
        bool is_s = !strcmp(e, "s");
        if (o.mode == 'y') {   /* -fsyntax-only: C is compiled to nothing, the rest skipped */
            if (is_c && !compile_to_asm(&o, in, "/dev/null")) any_error = true;
            continue;
        }
        if (is_c) {
            if (o.save_temps && !o.ir_input) {
                char *ipath = default_out(in, "i");
                if (!preprocess_to(&o, in, ipath)) any_error = true;
                free(ipath);
                if (any_error) break;
            }
            if (o.mode == 'S') {
                char *dst = o.out ? strdup(o.out) : default_out(in, "s");
                char *tmp = make_temp(".s");
                bool ok = compile_to_asm(&o, in, tmp) && (opt_dry || (!strcmp(dst, "-") ? cat_file(tmp) : move_output(tmp, dst)));
                if (!ok && !opt_dry) remove_stale(dst);
                free(dst);
                if (!ok) any_error = true;
                continue;
            }
            char *s = make_temp(".s");
            char *obj = make_temp(".o");
            if (o.save_temps) {   /* x.s and x.o are kept (with -c, x.o is the output anyway) */
                char *keep_s = default_out(in, "s");
                sv_push(&kept, keep_s);
                free(keep_s);
                s = kept.v[kept.n - 1];
                if (!o.mode) {
                    char *keep_o = default_out(in, "o");
                    sv_push(&kept, keep_o);
                    free(keep_o);
                    obj = kept.v[kept.n - 1];
                }
            }
            if (!compile_to_asm(&o, in, s) || !assemble(&o, s, obj)) {
                if (o.mode == 'c' && !opt_dry) {
                    char *dst = o.out ? strdup(o.out) : default_out(in, "o");
                    remove_stale(dst);
                    free(dst);
                }
                any_error = true;
                break;
            }
            if (o.mode == 'c') {
                char *dst = o.out ? strdup(o.out) : default_out(in, "o");
                if (!opt_dry && !move_output(obj, dst)) any_error = true;
                if (!any_error && !opt_dry && o.dep && !write_deps(&o, dst, dst)) any_error = true;
                free(dst);
            } else {
                sv_push(&objs, obj);
            }
            continue;
        }
        if (is_S || is_s) {
            const char *asmin = in;
            if (is_S) {
                char *pre = make_temp(".s");
                /* quote includes relative to the file's directory */
                char dir[PATH_MAX];
                snprintf(dir, sizeof dir, "%s", in);
                char *sl = strrchr(dir, '/');
                if (sl) *sl = 0;
                else strcpy(dir, ".");
                sv_push(&o.quotedirs, dir);
                o.asm_cpp = true;
                bool pok = preprocess_to(&o, in, pre);
                o.asm_cpp = false;
                free(o.quotedirs.v[--o.quotedirs.n]);
                o.quotedirs.v[o.quotedirs.n] = NULL;
                if (!pok) { any_error = true; break; }
                asmin = pre;
                if (o.mode == 'S') {
                    char *dst = o.out ? strdup(o.out) : default_out(in, "s");
                    if (!move_output(pre, dst)) any_error = true;
                    free(dst);
                    continue;
                }
            }
            if (o.mode == 'S') continue;
            char *obj = make_temp(".o");
            if (!assemble(&o, asmin, obj)) { any_error = true; break; }
            if (o.mode == 'c') {
                char *dst = o.out ? strdup(o.out) : default_out(in, "o");
                if (!opt_dry && !move_output(obj, dst)) any_error = true;
                free(dst);
            } else {
                sv_push(&objs, obj);
            }
            continue;
        }
        /* objects, archives, anything else: to the linker */
        if (o.mode == 'c' || o.mode == 'S') continue;
        sv_push(&objs, in);
    }
    if (!any_error && !o.mode) {
        const char *dst = o.out ? o.out : "a.out";
        if (!link_all(&o, &objs, dst)) any_error = true;
    }
    if (cc_nwarn_errors && !cc_terminated)
        fprintf(stderr, "zl-cc: %s warnings being treated as errors\n", cc_werror ? "all" : "some");
    sv_free(&objs);
    sv_free(&kept);
    sv_free(&o.as_args);
    free(o.as_arch);
    free(o.wp_dep_file);
    sv_free(&o.inputs);
    sv_free(&o.cpp_args);
    sv_free(&o.incdirs);
    sv_free(&o.sysdirs);
    sv_free(&o.quotedirs);
    sv_free(&o.includes);
    sv_free(&o.ld_args);
    sv_free(&o.deps);
    return any_error ? 1 : 0;
}
