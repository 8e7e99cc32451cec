/* zl-audit TU mode: a file preprocessed the way its compiler sees it, so declarations
 * made in headers (struct members, typedefs, function results, globals) are known to
 * the rules.
 *
 * The compiler's command line (-I, -D, -U, -include, -isystem, ...) drives the shared
 * preprocessor of src/cpp; every token of the translation unit goes through the
 * declaration collector of symtab.c (au_scan_typed), and then the token rules run on
 * the file as written, because the macro-based rules (BITS_PER_LONG == 64,
 * CONFIG_64BIT) need the unexpanded text.  The findings of that typed pass that the
 * plain token pass does not make are added as MODE_TU. */
#include "audit/scan.h"

#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---------------------------------------------------------------- command line */

static char *join_dir(const char *dir, const char *p)
{
    if (!dir || !*dir || p[0] == '/') return au_xstrndup(p, strlen(p));
    size_t dl = strlen(dir), pl = strlen(p);
    char *r = au_xrealloc(NULL, dl + pl + 2);
    memcpy(r, dir, dl);
    r[dl] = '/';
    memcpy(r + dl + 1, p, pl + 1);
    return r;
}

static void tu_add(struct audit_tu *tu, char kind, const char *dir, const char *v)
{
    if (tu->narg == tu->caparg) {
        tu->caparg = tu->caparg ? tu->caparg * 2 : 16;
        tu->arg = au_xrealloc(tu->arg, tu->caparg * sizeof *tu->arg);
    }
    /* directories and files are relative to the command's directory; definitions not */
    char *body = kind == 'D' || kind == 'U' ? au_xstrndup(v, strlen(v)) : join_dir(dir, v);
    size_t n = strlen(body);
    char *a = au_xrealloc(NULL, n + 2);
    a[0] = kind;
    memcpy(a + 1, body, n + 1);
    free(body);
    tu->arg[tu->narg++] = a;
}

/* Options of gcc/clang whose value is the next argument and which do not concern the
 * preprocessor's view of declarations. */
static const char *const skip_with_arg[] = {
    "-o", "-MF", "-MT", "-MQ", "-x", "-Xlinker", "-Xassembler", "-Xpreprocessor", "-Xclang",
    "-T", "-aux-info", "--param", "-arch", "-target", "-L", "-l", "-u", "-z", "-e",
    "-iprefix", "-iwithprefix", "-iwithprefixbefore", "-isysroot", "--sysroot", "-imultilib",
    "-dumpbase", "-dumpdir", NULL};

struct audit_tu *audit_tu_parse(char **argv, int argc, const char *dir, char ***files,
                                u32 *nfiles, u32 *capfiles)
{
    struct audit_tu *tu = au_xrealloc(NULL, sizeof *tu);
    memset(tu, 0, sizeof *tu);
    tu->dir = dir ? au_xstrndup(dir, strlen(dir)) : NULL;
    static const struct {
        const char *opt;
        char kind;
    } with_val[] = {{"-isystem", 'S'}, {"-idirafter", 'S'}, {"-iquote", 'Q'},
                    {"-include", 'F'}, {"-imacros", 'F'}, {"-I", 'I'}, {"-D", 'D'},
                    {"-U", 'U'}};
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || !a[1]) {
            if (a[0] == '-') continue; /* "-": standard input, nothing to audit */
            if (*nfiles == *capfiles) {
                *capfiles = *capfiles ? *capfiles * 2 : 8;
                *files = au_xrealloc(*files, *capfiles * sizeof **files);
            }
            (*files)[(*nfiles)++] = join_dir(dir, a);
            continue;
        }
        bool done = false;
        for (size_t k = 0; k < sizeof with_val / sizeof *with_val && !done; k++) {
            size_t n = strlen(with_val[k].opt);
            if (strncmp(a, with_val[k].opt, n) != 0) continue;
            const char *v = a[n] ? a + n : i + 1 < argc ? argv[++i] : NULL;
            if (v) tu_add(tu, with_val[k].kind, dir, v);
            done = true;
        }
        if (done) continue;
        if (!strcmp(a, "-nostdinc")) {
            tu->nostdinc = true;
        } else if (a[1] == 'O' && a[2] && a[2] != '0') {
            tu_add(tu, 'D', dir, "__OPTIMIZE__"); /* as gcc: headers test it */
        } else {
            for (int k = 0; skip_with_arg[k]; k++)
                if (!strcmp(a, skip_with_arg[k])) {
                    i++;
                    break;
                }
            /* everything else (-W..., -f..., -m..., -std=, -c, -g, -Wp,...) is about
               code generation or diagnostics: ignored, as the make C=1 needs */
        }
    }
    return tu;
}

void audit_tu_free(struct audit_tu *tu)
{
    if (!tu) return;
    for (u32 i = 0; i < tu->narg; i++) free(tu->arg[i]);
    free(tu->arg);
    free(tu->dir);
    free(tu);
}

/* ---------------------------------------------------------------- preprocessing */

/* GCC's view of an LP64 Linux target, what headers test before they declare anything.
 * Architecture macros are not guessed: kbuild passes them to checkers (CHECKFLAGS). */
static const char *const predefined[] = {
    "__STDC__=1", "__STDC_VERSION__=201112L", "__STDC_HOSTED__=1", "__GNUC__=12",
    "__GNUC_MINOR__=2", "__GNUC_PATCHLEVEL__=0", "__CHAR_BIT__=8", "__SIZEOF_INT__=4",
    "__SIZEOF_LONG__=8", "__SIZEOF_LONG_LONG__=8", "__SIZEOF_POINTER__=8",
    "__SIZEOF_SHORT__=2", "__SIZEOF_SIZE_T__=8", "__LP64__=1", "_LP64=1", "__ELF__=1",
    "__linux__=1", "__linux=1", "__unix__=1", "__unix=1", "__ORDER_LITTLE_ENDIAN__=1234",
    "__ORDER_BIG_ENDIAN__=4321", "__BYTE_ORDER__=__ORDER_LITTLE_ENDIAN__",
    "__SIZE_TYPE__=long unsigned int", "__PTRDIFF_TYPE__=long int", "__WCHAR_TYPE__=int",
    "__INTMAX_TYPE__=long int", "__UINTMAX_TYPE__=long unsigned int",
    "__INTPTR_TYPE__=long int", "__UINTPTR_TYPE__=long unsigned int",
    "__INT64_TYPE__=long int", "__UINT64_TYPE__=long unsigned int",
    "__INT32_TYPE__=int", "__UINT32_TYPE__=unsigned int", "__INT16_TYPE__=short int",
    "__UINT16_TYPE__=short unsigned int", "__INT8_TYPE__=signed char",
    "__UINT8_TYPE__=unsigned char", "__CHAR16_TYPE__=short unsigned int",
    "__CHAR32_TYPE__=unsigned int", "__WINT_TYPE__=unsigned int", NULL};

struct tu_diag {
    struct audit_file *f;
    struct cpp *pp;
    size_t len, cap;
    u32 shown;
};

static void tu_note(void *ctx, enum cpp_level lv, u32 file, u32 line, u32 col, const char *msg)
{
    struct tu_diag *d = ctx;
    if (lv < CPP_ERROR) return; /* the compiler's warnings are not ours to repeat */
    d->f->tu_errors++;
    if (d->shown >= 20) return;
    d->shown++;
    char b[1024];
    int n = snprintf(b, sizeof b, "%s:%u:%u: %s: %s (TU mode)\n",
                     d->pp ? cpp_file_name(d->pp, file) : d->f->path, line, col,
                     lv == CPP_FATAL ? "fatal error" : "error", msg);
    if (n < 0) return;
    size_t m = (size_t)n < sizeof b ? (size_t)n : sizeof b - 1;
    if (d->len + m + 1 > d->cap) {
        d->cap = (d->len + m + 1) * 2;
        d->f->tu_diag = au_xrealloc(d->f->tu_diag, d->cap);
    }
    memcpy(d->f->tu_diag + d->len, b, m + 1);
    d->len += m;
}

/* zl-cc's own headers (stddef.h, the libc of ZettaLinux) when zl-audit runs from a
 * build or an installation that has them, else the host's /usr/include. */
static void system_dirs(struct cpp *pp)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 64);
    bool zl = false;
    if (n > 0) {
        exe[n] = 0;
        char *sl = strrchr(exe, '/');
        if (sl) {
            struct stat st;
            strcpy(sl, "/../lib/zl/include");
            if (stat(exe, &st) == 0 && S_ISDIR(st.st_mode)) {
                cpp_add_dir(pp, exe, CPP_DIR_SYSTEM);
                strcpy(sl, "/../lib/zl/rv64/include");
                cpp_add_dir(pp, exe, CPP_DIR_SYSTEM);
                zl = true;
            }
        }
    }
    if (!zl) {
        cpp_add_dir(pp, "/usr/local/include", CPP_DIR_SYSTEM);
        cpp_add_dir(pp, "/usr/include", CPP_DIR_SYSTEM);
    }
}

/* 256 MiB of tokens; Linux's largest translation units have a few hundred thousand */
#define MAX_TU_TOKENS (8u << 20)

struct tokvec {
    struct cpp_token *v;
    u32 n, cap;
};
static void tok_push(struct tokvec *tv, const struct cpp_token *t);

/* Preprocess f with its command line; every token of the translation unit into *tv.
 * Returns the preprocessor (its spellings back the tokens), or NULL. */
static struct cpp *preprocess(struct audit_file *f, struct tu_diag *d, struct tokvec *tv)
{
    const struct audit_tu *tu = f->tu;
    struct cpp_options co = {0};
    co.intmax_bits = 64;
    co.diag = tu_note;
    co.diag_ctx = d;
    co.no_warnings = true;
    co.max_expanded_tokens = 200000000ull; /* a runaway expansion ends the file, not the run */
    struct cpp *pp = cpp_new(&co);
    d->pp = pp;
    for (int k = 0; predefined[k]; k++) cpp_define(pp, predefined[k]);
    static const struct {
        char kind;
        enum cpp_dir_kind dir;
    } dirs[] = {{'Q', CPP_DIR_QUOTE}, {'I', CPP_DIR_ANGLE}, {'S', CPP_DIR_SYSTEM}};
    for (u32 i = 0; i < tu->narg; i++) {
        const char *a = tu->arg[i];
        if (a[0] == 'D') cpp_define(pp, a + 1);
        else if (a[0] == 'U') cpp_undef(pp, a + 1);
    }
    for (size_t k = 0; k < sizeof dirs / sizeof *dirs; k++)
        for (u32 i = 0; i < tu->narg; i++)
            if (tu->arg[i][0] == dirs[k].kind) cpp_add_dir(pp, tu->arg[i] + 1, dirs[k].dir);
    if (!tu->nostdinc) system_dirs(pp);
    if (!cpp_push_file(pp, f->path)) {
        if (!f->tu_errors) tu_note(d, CPP_FATAL, 0, 0, 0, "cannot be preprocessed");
        return pp;
    }
    for (u32 i = tu->narg; i-- > 0;) /* -include: the last is pushed first */
        if (tu->arg[i][0] == 'F' && !cpp_push_include(pp, tu->arg[i] + 1)) break;
    struct cpp_token t;
    while (cpp_get(pp, &t)) {
        if (tv->n >= MAX_TU_TOKENS) {
            tu_note(d, CPP_ERROR, t.file, t.line, t.col, "the translation unit has more than "
                    "8M tokens: declarations after this point are not read");
            break;
        }
        tok_push(tv, &t);
    }
    return pp;
}

/* ---------------------------------------------------------------- type-name macros */

static void tok_push(struct tokvec *tv, const struct cpp_token *t)
{
    if (tv->n == tv->cap) {
        tv->cap = tv->cap ? tv->cap * 2 : 65536;
        tv->v = au_xrealloc(tv->v, tv->cap * sizeof *tv->v);
    }
    tv->v[tv->n++] = *t;
}

static int cmp_tok_name(const void *a, const void *b)
{
    const struct cpp_token *x = a, *y = b;
    u32 n = x->len < y->len ? x->len : y->len;
    int c = memcmp(x->p, y->p, n);
    return c ? c : (int)x->len - (int)y->len;
}

/* The typed pass reads the file as written, where a type can be named by an object-like
 * macro (the kernel's "Elf_Shdr *shdr" for Elf64_Shdr).  For every name of the file
 * used the way a type is ("NAME *x", "NAME x") that the configuration defines as a
 * macro expanding to type words only, "typedef EXPANSION NAME;" is added to the
 * translation unit's tokens, so the name resolves like the typedef it stands for.
 * Runs after the translation unit is read: each name is expanded as a string of its
 * own. */
static void type_macros(struct cpp *pp, const char *buf, size_t len, struct tokvec *tv)
{
    struct cpp_lexer lx;
    cpp_lex_init(&lx, buf, len, 0, CPP_LEX_QUIET);
    struct tokvec cand = {0};
    struct cpp_token prev = {0}, t;
    bool have = false;
    while (cpp_lex(&lx, &t)) {
        if (have && prev.kind == CPP_IDENT && !(t.flags & CPP_TF_BOL) &&
            (t.kind == CPP_IDENT || (t.kind == CPP_PUNCT && t.sub == CPP_P_STAR)) &&
            !(prev.flags & CPP_TF_SPLICED) && prev.len < 128)
            tok_push(&cand, &prev);
        prev = t;
        have = true;
    }
    if (cand.n > 1) qsort(cand.v, cand.n, sizeof *cand.v, cmp_tok_name);
    static const struct cpp_token kw_typedef = {"typedef", 7, CPP_IDENT, 0, 0, 1, 1, 0};
    static const struct cpp_token semi = {";", 1, CPP_PUNCT, CPP_P_SEMI, 0, 1, 1, 0};
    for (u32 i = 0; i < cand.n; i++) {
        if (i && cmp_tok_name(&cand.v[i - 1], &cand.v[i]) == 0) continue;
        char name[128];
        memcpy(name, cand.v[i].p, cand.v[i].len);
        name[cand.v[i].len] = 0;
        if (!cpp_is_defined(pp, name)) continue;
        cpp_push_string(pp, "<type macro>", name, cand.v[i].len);
        u32 start = tv->n;
        tok_push(tv, &kw_typedef);
        bool type_words = true;
        while (cpp_get(pp, &t)) {
            type_words = type_words && (t.kind == CPP_IDENT ||
                                        (t.kind == CPP_PUNCT && t.sub == CPP_P_STAR)) &&
                         !cpp_tok_is(&t, name);
            tok_push(tv, &t);
        }
        if (!type_words || tv->n == start + 1) {
            tv->n = start; /* empty, an attribute, an expression, a function-like macro */
            continue;
        }
        tok_push(tv, &cand.v[i]);
        tok_push(tv, &semi);
    }
    free(cand.v);
}

/* ---------------------------------------------------------------- the two passes */

static bool same_place(const struct audit_finding *a, const struct audit_finding *b)
{
    return a->line == b->line && a->col == b->col && a->rule == b->rule;
}

void audit_scan_tu(struct audit_scratch *s, const char *buf, size_t len, u32 rules,
                   struct audit_file *out)
{
    audit_scan(s, out->path, buf, len, rules, out);
    struct tu_diag d = {out, NULL, 0, 0, 0};
    struct tokvec tv = {0};
    struct cpp *pp = preprocess(out, &d, &tv);
    if (!out->tu_errors) type_macros(pp, buf, len, &tv);
    struct audit_file typed = {0};
    au_scan_typed(s, out->path, buf, len, rules, &typed, tv.v, tv.n);
    /* both lists are sorted by position: keep what only the typed pass found */
    u32 k = 0, before = out->nf;
    for (u32 i = 0; i < typed.nf; i++) {
        struct audit_finding *x = &typed.f[i];
        while (k < before && (out->f[k].line < x->line ||
                              (out->f[k].line == x->line && (out->f[k].col < x->col ||
                               (out->f[k].col == x->col && out->f[k].rule < x->rule)))))
            k++;
        if (k < before && same_place(&out->f[k], x)) continue;
        audit_add(out, x->line, x->col, x->rule, "%s", x->msg);
        out->f[out->nf - 1].mode = MODE_TU;
        out->f[out->nf - 1].fix = x->fix;
        x->fix = NULL;
    }
    audit_file_clear(&typed);
    audit_sort(out);
    free(tv.v);
    cpp_free(pp);
}
