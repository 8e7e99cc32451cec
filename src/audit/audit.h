/* zl-audit: finds code that checks for, or silently relies on, 64-bit integers and
 * pointers, for the LP128 port (docs/audit.md). */
#ifndef ZL_AUDIT_H
#define ZL_AUDIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <zl/types.h>

enum audit_rule {
    R_WIDTH_TEST,
    R_CONFIG_64BIT,
    R_PTR_CAST_64,
    R_LONG_MASK_64,
    R_DO_DIV_LONG,
    R_HASH_LONG,
    R_LLONG_64,
    R_FORMAT_U64_LL,
    R_FORMAT_VIA_64,
    R_UAPI_U64_PTR,
    R_COMPAT_ONE_WIDTH,
    R_LITERAL_WIDTH,
    R_INT_PTR_64,
    R_BIT63_FLAG,
    R_TYPEDEF_LL_64,
    R_SIZE_LITERAL,
    R_WIDTH_NO_BRANCH,
    R_STRUCT_SIZE,
    R_COUNT
};

struct audit_rule_info {
    const char *id;
    const char *desc; /* one line */
    const char *why;  /* why it breaks under LP128 */
    const char *fix;  /* suggested fix */
    bool optin;       /* not in the default set (below 90% precision on Linux, see
                         docs/audit.md 4): runs only when --rules names it */
};

/* The rules that run without --rules: every rule that is not opt-in. */
u32 audit_default_rules(void);

extern const struct audit_rule_info audit_rules[R_COUNT];
/* Rule index of an id, or -1. */
int audit_rule_find(const char *id, size_t len);

/* A suggested replacement (a fix-it): the bytes [off, off + len) of the file, lines and
 * columns 1-based with the end exclusive (clang's -fdiagnostics-parseable-fixits). */
struct audit_fixit {
    u32 line, col, eline, ecol;
    u64 off, len;
    char *text;
};

struct audit_finding {
    u32 line, col;
    u16 rule;
    u8 mode;                 /* enum audit_mode: which pass found it */
    char *msg;
    struct audit_fixit *fix; /* NULL: no mechanical fix */
};

/* The token rules on the file as written (every run), or the same rules with the
 * declarations of the preprocessed translation unit known (--tu, --compile-commands):
 * a finding is "tu" only when the token pass did not report it. */
enum audit_mode { MODE_TOKEN, MODE_TU };

/* How to preprocess a file in TU mode: the preprocessor part of its compiler command
 * line (tu.c).  Shared by the files of one command. */
struct audit_tu {
    char *dir;     /* working directory of the command; NULL: the current one */
    char **arg;    /* in command-line order: "D<def>", "U<name>", "I<dir>" (-I),
                      "Q<dir>" (-iquote), "S<dir>" (-isystem, -idirafter), "F<file>"
                      (-include, -imacros), paths already joined with dir */
    u32 narg, caparg;
    bool nostdinc; /* -nostdinc: no system directories of our own */
};
/* Parse a compiler command line (argv[0] is not skipped: pass from the first
 * argument).  Non-option arguments are the input files: appended to *files (malloc'ed
 * and joined with dir).  Unknown options are ignored as gcc's own options would be. */
struct audit_tu *audit_tu_parse(char **argv, int argc, const char *dir, char ***files,
                                u32 *nfiles, u32 *capfiles);
void audit_tu_free(struct audit_tu *tu);

/* A struct field of a 64-bit type in a uapi-like structure, resolved after all files
 * are scanned (its evidence may be in another file). */
struct audit_field {
    u32 line, col;
    char *name;
    char *sname;   /* struct name or "" */
    bool by_name;  /* the name alone says "user pointer" (uapi path) */
};

/* A finding that needs evidence from other files: literal-width on an array of
 * unsigned long declared elsewhere, reported when some file uses the array as a
 * BITS_PER_LONG bitmap (DECLARE_BITMAP, BITS_TO_LONGS, bitops); typedef-ll-64, reported
 * when some file of the run uses the type. */
struct audit_pending {
    u32 line, col;
    u16 rule;
    char *name;    /* the array / the typedef */
    char *msg;
};

struct audit_file {
    char *path;
    u32 root_len;        /* bytes of the command-line root prefix (for the summary) */
    struct audit_finding *f;
    u32 nf, capf;
    struct audit_field *fields;
    u32 nfields, capfields;
    char **ptr_members; /* member names converted to user pointers in this file */
    u32 *ptr_line;      /* line of the first such conversion of each */
    u32 nptr, capptr;
    struct audit_alias {
        char *dst, *src; /* "tag.member" keys: dst = src (through READ_ONCE(), copies) */
        u32 line;
    } *alias;
    u32 nalias, capalias;
    char **carriers;    /* "tag ioctl NAME" / "tag syscall NAME": what carries struct tag */
    u32 ncar, capcar;
    char **bitmaps;     /* names used as BITS_PER_LONG bitmaps in this file */
    u32 nbm, capbm;
    char **names64;     /* identifiers whose name says 64 bits, and how often each occurs */
    u32 *count64;       /* (typedef-ll-64: is the typedef used anywhere in the run?) */
    u32 n64, cap64;
    struct audit_pending *pend;
    u32 npend, cappend;
    u32 suppressed;
    u32 lex_errors;
    u64 size;            /* bytes scanned (--apply refuses a file that changed since) */
    char *note;          /* skipped/lexer problem, reported on stderr */
    bool error;          /* could not be read */
    const struct audit_tu *tu; /* TU mode: how to preprocess it; NULL: token mode */
    char *tu_diag;       /* TU mode: the preprocessor's messages, one per line */
    u32 tu_errors;       /* ... and how many were errors */
};

/* Per-thread scratch space (token arrays, symbol table), reused across files. */
struct audit_scratch;
struct audit_scratch *audit_scratch_new(void);
void audit_scratch_free(struct audit_scratch *s);

/* Scan one buffer.  rules: bit mask of enabled rules.  Findings of uapi-u64-ptr are
 * only candidates here (fields/ptr_members); audit_resolve_fields adds them. */
void audit_scan(struct audit_scratch *s, const char *path, const char *buf, size_t len,
                u32 rules, struct audit_file *out);
/* TU mode (tu.c): audit_scan, then the file preprocessed with out->tu and the rules run
 * again on buf with its declarations known; the new findings are added as MODE_TU. */
void audit_scan_tu(struct audit_scratch *s, const char *buf, size_t len, u32 rules,
                   struct audit_file *out);
/* --compile-commands=FILE (ccjson.c): one audit_file per entry, each with its own
 * audit_tu (stored in *tus for freeing).  Returns false with a message in err. */
bool audit_compile_commands(const char *path, struct audit_file **files, size_t *n,
                            struct audit_tu ***tus, u32 *ntus, char *err, size_t errlen);
/* Cross-file step: report candidate fields whose names are user pointers, and
 * pending findings whose evidence is in another file. */
void audit_resolve_fields(struct audit_file *files, size_t n, u32 rules);
void audit_file_clear(struct audit_file *f);
void audit_add(struct audit_file *f, u32 line, u32 col, int rule, const char *fmt, ...);
/* Sort findings by position and drop duplicates. */
void audit_sort(struct audit_file *f);

/* Output (output.c). */
enum audit_format { FMT_GCC, FMT_JSON, FMT_SARIF, FMT_UAPI };
struct audit_run {
    struct audit_file *files;
    size_t nfiles;
    u32 rules;
    bool fixits;         /* gcc format: a fix-it: line after each finding that has one */
    u32 nerrors;
    char **errors;       /* messages for files/dirs that could not be read */
    u32 nerrmsg;
    bool tu;             /* TU mode: each finding says which mode found it */
};
void audit_write(FILE *out, const struct audit_run *run, enum audit_format fmt);
void audit_write_summary(FILE *out, const struct audit_run *run, unsigned top_files);
/* --apply (fixit.c): write every fix-it into its file, each file through a temporary
 * file in its directory and a rename.  Messages go to err; returns the number of
 * files that could not be rewritten.  *applied counts the fixes written. */
u32 audit_apply(const struct audit_run *run, FILE *err, u32 *applied);
/* --format=uapi (rule_uapi.c): the user-pointer fields of uapi headers (include/uapi,
 * arch/x/include/uapi) with their conversion sites and carriers, as JSON. */
void audit_write_uapi(FILE *out, const struct audit_run *run);
/* s as a JSON string (output.c). */
void audit_json_str(FILE *o, const char *s);
/* Top-level directory of a path for the summary ("." for files at the top). */
size_t audit_topdir(const char *path, const char **start);

#endif
