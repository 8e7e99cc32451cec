/* Named warnings: the one table of the warnings zl-cc emits, their GCC option names and
 * default states, and the -W options that switch them (-Wname, -Wno-name, -Werror,
 * -Werror=name, -Wno-error=name, -Wall, -Wextra, -w).  GCC warning options zl-cc does
 * not implement are known by name, so `-Wshadow` is accepted and `-Wbogus` is not. */
#include "cc/cc.h"

#include <stdlib.h>
#include <string.h>

/* when a warning is on without being named: by default, with -Wall, with -Wextra */
enum { ON, WALL, WEXTRA };

static const struct {
    const char *name;   /* as in [-Wname]; NULL: GCC has no option for it */
    unsigned char when;
} wtab[CW_COUNT] = {
    [CW_NONE] = {NULL, ON},
    [CW_IMPLICIT_FUNCTION_DECLARATION] = {"implicit-function-declaration", ON},
    [CW_IMPLICIT_INT] = {"implicit-int", WALL},
    [CW_INCOMPATIBLE_POINTER_TYPES] = {"incompatible-pointer-types", ON},
    [CW_DISCARDED_QUALIFIERS] = {"discarded-qualifiers", ON},
    [CW_INT_CONVERSION] = {"int-conversion", ON},
    [CW_FORMAT] = {"format=", ON},
    [CW_FORMAT_EXTRA_ARGS] = {"format-extra-args", ON},
    [CW_DIV_BY_ZERO] = {"div-by-zero", ON},
    [CW_RETURN_TYPE] = {"return-type", ON},
    [CW_MULTICHAR] = {"multichar", ON},
    [CW_UNUSED_VARIABLE] = {"unused-variable", WALL},
    [CW_UNUSED_PARAMETER] = {"unused-parameter", WEXTRA},
    [CW_UNUSED_FUNCTION] = {"unused-function", WALL},
    [CW_SIGN_COMPARE] = {"sign-compare", WEXTRA},
    [CW_CPP] = {"cpp", ON},
};

/* GCC warning options (C and common ones, GCC 12) that zl-cc accepts without emitting
 * their warnings; a name here may also be given as -Wno-name or -Wname=value. */
static const char *const known_only[] = {
    "abi", "address", "aggregate-return", "aggressive-loop-optimizations", "alloc-zero",
    "alloca", "array-bounds", "array-parameter", "attributes", "bad-function-cast",
    "bool-compare", "bool-operation", "builtin-declaration-mismatch", "builtin-macro-redefined",
    "c11-c2x-compat", "c90-c99-compat", "c99-c11-compat", "cast-align", "cast-function-type",
    "cast-qual", "char-subscripts", "clobbered", "comment", "comments", "conversion",
    "dangling-else", "dangling-pointer", "date-time", "declaration-after-statement",
    "deprecated", "deprecated-declarations", "designated-init", "disabled-optimization",
    "discarded-array-qualifiers", "double-promotion", "duplicate-decl-specifier",
    "duplicated-branches", "duplicated-cond", "empty-body", "endif-labels", "enum-compare",
    "enum-conversion", "expansion-to-defined", "float-conversion",
    "float-equal", "format-nonliteral", "format-overflow", "format-security",
    "format-signedness", "format-truncation", "format-y2k", "format-zero-length",
    "frame-address", "frame-larger-than", "free-nonheap-object", "ignored-attributes",
    "ignored-qualifiers", "implicit", "implicit-fallthrough",
    "init-self", "inline", "int-in-bool-context", "int-to-pointer-cast", "invalid-memory-model",
    "jump-misses-init", "larger-than", "logical-not-parentheses", "logical-op", "long-long",
    "main", "maybe-uninitialized", "memset-elt-size", "memset-transposed-args",
    "misleading-indentation", "missing-attributes", "missing-braces", "missing-declarations",
    "missing-field-initializers", "missing-format-attribute", "missing-include-dirs",
    "missing-noreturn", "missing-parameter-type", "missing-prototypes", "multistatement-macros",
    "narrowing", "nested-externs", "nonnull", "nonnull-compare", "null-dereference",
    "old-style-declaration", "old-style-definition", "overflow", "overlength-strings",
    "override-init", "packed", "packed-bitfield-compat", "padded", "parentheses", "pedantic",
    "pointer-arith", "pointer-compare", "pointer-sign", "pointer-to-int-cast", "pragmas",
    "redundant-decls", "restrict", "return-local-addr", "sequence-point", "shadow",
    "shadow=global", "shadow=local", "shadow=compatible-local", "shift-count-negative",
    "shift-count-overflow", "shift-negative-value", "shift-overflow",
    "sign-conversion", "sizeof-array-argument", "sizeof-pointer-div", "sizeof-pointer-memaccess",
    "stack-protector", "stack-usage", "strict-aliasing", "strict-overflow", "strict-prototypes",
    "string-compare", "stringop-overflow", "stringop-overread", "stringop-truncation",
    "switch", "switch-bool", "switch-default", "switch-enum",
    "switch-unreachable", "system-headers", "tautological-compare", "traditional",
    "traditional-conversion", "trampolines", "trigraphs", "type-limits", "undef",
    "uninitialized", "unknown-pragmas", "unreachable-code", "unsafe-loop-optimizations",
    "unused-but-set-parameter", "unused-but-set-variable", "unused-const-variable",
    "unused-label", "unused-local-typedefs", "unused-macros",
    "unused-parameter", "unused-result", "unused-value", "unused-variable", "use-after-free",
    "variadic-macros", "vla", "vla-larger-than", "vla-parameter", "volatile-register-var",
    "write-strings", "zero-length-bounds", "c++-compat", "address-of-packed-member",
    "array-compare", "arith-conversion", "attribute-warning", "bidi-chars",
    "coverage-mismatch", "format-contains-nul", "format-diag",
    "infinite-recursion", "invalid-pch", "lto-type-mismatch", "mismatched-dealloc",
    "missing-profile", "odr", "openmp-simd", "override-init-side-effects",
    "packed-not-aligned", "psabi", "scalar-storage-order", "sizeof-array-div",
    "switch-outside-range", "sync-nand", "tsan", "unsuffixed-float-constants", "varargs",
    "vector-operation-performance", "alloc-size-larger-than",
    "alloca-larger-than", NULL,
};

/* per warning: 0 = not given, 1 = off, 2 = on (-Wname / -Werror=name and their -Wno- forms) */
static unsigned char wset[CW_COUNT], werr[CW_COUNT];
static bool wextra;

const char *cc_warn_name(enum cc_warn w) { return wtab[w].name; }

bool cc_warn_enabled(enum cc_warn w)
{
    if (cc_nowarn) return false;
    /* the -Wformat family follows -Wformat/-Wno-format */
    if (w == CW_FORMAT_EXTRA_ARGS && !wset[w]) w = CW_FORMAT;
    if (wset[w]) return wset[w] == 2;
    return wtab[w].when == ON || (wtab[w].when == WALL && cc_wall) || (wtab[w].when == WEXTRA && wextra);
}

bool cc_warn_is_error(enum cc_warn w)
{
    return werr[w] ? werr[w] == 2 : cc_werror;
}

/* the table entry for NAME (without "-W"), or -1; "format" is "format=" */
static int find(const char *name, size_t n)
{
    for (int i = 1; i < CW_COUNT; i++) {
        const char *t = wtab[i].name;
        size_t tl = strlen(t);
        if (tl && t[tl - 1] == '=') tl--;
        if (n == tl && !strncmp(name, t, n)) return i;
    }
    return -1;
}

static bool in_list(const char *const *list, const char *name, size_t n)
{
    for (int i = 0; list[i]; i++)
        if (strlen(list[i]) == n && !strncmp(name, list[i], n)) return true;
    return false;
}

static bool known(const char *name, size_t n)
{
    static const char *const groups[] = {"all", "fatal-errors", "unused", NULL};   /* set() */
    return find(name, n) >= 0 || in_list(known_only, name, n) || in_list(groups, name, n);
}

/* -Wall / -Wextra switch groups; named warnings of a group keep an explicit setting */
static void set(const char *name, size_t n, bool on)
{
    int i = find(name, n);
    if (i >= 0) {
        wset[i] = on ? 2 : 1;
        return;
    }
    if (n == 3 && !strncmp(name, "all", 3)) cc_wall = on;
    else if (n == 5 && !strncmp(name, "extra", 5)) wextra = on;
    else if (n == 12 && !strncmp(name, "fatal-errors", 12)) cc_fatal_errors = on;
    else if (n == 6 && !strncmp(name, "unused", 6)) {
        /* as GCC: -Wunused-parameter needs -Wextra as well to come on */
        wset[CW_UNUSED_VARIABLE] = wset[CW_UNUSED_FUNCTION] = on ? 2 : 1;
        if (!on) wset[CW_UNUSED_PARAMETER] = 1;
    }
    else if (n == 8 && !strncmp(name, "implicit", 8)) {
        wset[CW_IMPLICIT_INT] = wset[CW_IMPLICIT_FUNCTION_DECLARATION] = on ? 2 : 1;
    }
}

static const char *unknown[16];
static unsigned n_unknown;

void cc_warn_unknown_notes(void)
{
    if (!cc_nwarnings && !cc_nerrors) return;
    for (unsigned i = 0; i < n_unknown; i++)
        fprintf(stderr, "zl-cc: note: unrecognized command-line option '%s' may have been intended "
                        "to silence earlier diagnostics\n", unknown[i]);
}

int cc_warn_option(const char *a)
{
    if (!strcmp(a, "-w")) {
        cc_nowarn = true;
        return 0;
    }
    const char *w = a + 2;
    if (!*w || !strcmp(w, "extra")) {   /* -W is GCC's old name of -Wextra */
        wextra = true;
        return 0;
    }
    if (!strcmp(w, "error") || !strcmp(w, "no-error")) {
        cc_werror = w[0] == 'e';
        return 0;
    }
    if (!strncmp(w, "error=", 6) || !strncmp(w, "no-error=", 9)) {
        bool on = w[0] == 'e';
        const char *name = strchr(w, '=') + 1;
        size_t n = strcspn(name, "=");
        if (!known(name, n) && !(n == 5 && !strncmp(name, "extra", 5))) {
            fprintf(stderr, "zl-cc: error: '%s': no option '-W%s'\n", a, name);
            return 1;
        }
        int i = find(name, n);
        if (i >= 0) {
            werr[i] = on ? 2 : 1;
            if (on) wset[i] = 2;   /* as GCC: -Werror=name also enables -Wname */
            if (i == CW_FORMAT) werr[CW_FORMAT_EXTRA_ARGS] = werr[i];
        }
        return 0;
    }
    bool no = !strncmp(w, "no-", 3);
    if (no) w += 3;
    size_t n = strcspn(w, "=");
    const char *val = w[n] == '=' ? w + n + 1 : NULL;
    if (!known(w, n) && !(n == 5 && !strncmp(w, "extra", 5)) &&
        !(n == 8 && !strncmp(w, "pedantic", 8))) {
        if (no) {   /* GCC accepts an unknown -Wno-name, and names it only after diagnostics */
            if (n_unknown < sizeof unknown / sizeof unknown[0]) unknown[n_unknown++] = a;
            return 0;
        }
        fprintf(stderr, "zl-cc: error: unrecognized command-line option '%s'\n", a);
        return 1;
    }
    if (n == 6 && !strncmp(w, "format", 6) && val) {
        char *end;
        long lv = strtol(val, &end, 10);
        if (no || *end || end == val || lv < 0 || lv > 2) {
            fprintf(stderr, "zl-cc: error: argument to '-Wformat=' is not between 0 and 2\n");
            return 1;
        }
        set(w, n, lv != 0);
        return 0;
    }
    set(w, n, !no);
    return 0;
}
