/* Internals shared by the preprocessor's files (pp.c, expr.c, print.c). */
#ifndef ZL_CPP_PP_INTERNAL_H
#define ZL_CPP_PP_INTERNAL_H

#include "cpp/cpp.h"

#include <sys/types.h>

/* Bump allocator for spellings and other data that lives as long as the preprocessor. */
struct pp_arena_chunk {
    struct pp_arena_chunk *next;
    size_t used, cap;
    char data[];
};

struct tokvec {
    struct cpp_token *v;
    u32 n, cap;
};

enum pp_builtin {
    B_NONE, B_FILE, B_LINE, B_COUNTER, B_DATE, B_TIME, B_INCLUDE_LEVEL, B_PRAGMA,
    B_HAS_INCLUDE, B_HAS_INCLUDE_NEXT, B_BASE_FILE, B_FILE_NAME, B_HAS_ATTRIBUTE,
    B_HAS_C_ATTRIBUTE, B_HAS_BUILTIN, B_TIMESTAMP, B_POISON,
};

/* Padding tokens (CPP_PADDING, sub): where GCC's -E output puts spaces.  A padding
 * stands for a "source" token whose leading white space decides the spacing of the
 * next real token; PAD_NULL has none (only "avoid pasting"). */
enum { PAD_NULL, PAD_NOWHITE, PAD_WHITE };
/* Marker tokens (CPP_MARKER, sub) for the -E printer. */
enum { MK_LINE, MK_ENTER, MK_LEAVE, MK_RENAME };
/* Marker flags: the position is in a system header (-E flag 3), one that is not
 * C++-aware (-isystem: flags 3 4). */
#define MK_SYS_FLAG CPP_TF_STRINGIFY_ARG
#define MK_SYS4_FLAG CPP_TF_PASTE_LEFT
/* Token flags (internal): spelled in a system header; TF_SYS4 too: a non-C++-aware
 * one (-E flags 3 4). */
#define TF_SYS CPP_TF_STRINGIFY_ARG
#define TF_SYS4 (1u << 12)
static inline u32 tf_sys(unsigned sys)
{
    return (sys ? TF_SYS : 0) | (sys > 1 ? TF_SYS4 : 0);
}
/* Pragma token flag (internal): a pragma GCC -E prints as a token (pack, message, ...). */
#define TF_PRAGMA_DEFERRED CPP_TF_PASTE_LEFT
static inline u32 mk_sys_flags(unsigned sys)
{
    return (sys ? MK_SYS_FLAG : 0) | (sys > 1 ? MK_SYS4_FLAG : 0);
}

struct pp_macro {
    struct pp_macro *next;  /* hash chain */
    const char *name;
    u32 nlen, hash;
    struct cpp_token *body; /* parameter uses: kind CPP_IDENT, sub = index + 1 */
    u32 nbody;
    const char **params;    /* interned in the arena; variadic: last is __VA_ARGS__ */
    u32 *plen;
    u32 nparams;
    bool func, variadic, disabled, vaopt;
    u32 busy;               /* arguments being collected: not freed by #undef */
    u8 builtin;             /* enum pp_builtin */
    u32 file, line;
};

/* A loaded file (shared by all inclusions of the same dev/inode). */
struct pp_file {
    char *path;
    char *data;
    size_t len;
    dev_t dev;
    ino_t ino;
    bool once;
    char *guard;            /* whole file is #ifndef guard ... #endif */
    u32 guard_len;
};

enum { MI_START, MI_INSIDE, MI_AFTER, MI_NONE };

/* Recursion limits that keep the C stack bounded (a few MB) on hostile input. */
#define PP_MAX_ARG_NESTING 2000   /* f(f(f(...))) argument pre-expansions */
#define PP_MAX_EXPR_NESTING 1000  /* ( and unary operators in #if (C11 asks for 63) */
/* Tokens held at once by the argument lists of the invocations being expanded: nested
 * invocations, f(f(f(...))), each copy the rest of the nest, so memory grows with the
 * square of its length; 2^23 tokens are 256 MB. */
#define PP_MAX_ARG_TOKENS (1u << 23)

/* An active input on the include stack. */
struct pp_src {
    struct cpp_lexer lx;
    struct pp_file *f;      /* NULL for strings pushed with cpp_push_string */
    char *text;             /* owned text of a string input */
    char *dir;              /* directory for "..." lookups ("" = current) */
    u32 file_id;            /* presumed name id */
    i64 line_delta;         /* presumed line = physical line + delta */
    int dir_index;          /* index in the search chain it was found at, -1 otherwise */
    u32 cond_base;          /* conditional stack depth when entered */
    u32 inc_file, inc_line; /* presumed position of the #include that entered it */
    bool at_eof;            /* end reported once (soft EOF) */
    u8 sys;                 /* system header: 1 (#pragma GCC system_header, flag 3),
                               2 (found in a system directory, flags 3 4) */
    u8 mi_state;            /* include guard detection: MI_* */
    const char *mi_name;    /* the guard macro */
    u32 mi_len;
    bool enter_pending;     /* the -E "enter" marker is still to be returned */
    bool cmdline;           /* a -include file (entered from "<command-line>") */
};

/* #pragma push_macro stack entry. */
struct pp_pushed {
    struct pp_pushed *next;
    char *name;
    struct pp_macro *m;     /* NULL: was undefined */
};

enum { COND_TAKING, COND_LOOKING, COND_DONE };
struct pp_cond {
    u8 state;               /* COND_* */
    bool seen_else;
    u32 file, line;         /* position of the #if for messages */
    const char *name;       /* "if", "ifdef" or "ifndef" */
};

struct pp_ctx {
    struct cpp_token *toks;
    u32 n, pos;
    struct pp_macro *macro; /* disabled while the context is live */
    bool barrier;           /* end of context reads as EOF (argument / directive scans) */
    bool owns;
    bool pad;               /* its end yields an "avoid paste" padding (macro contexts) */
};

struct pp_dir {
    char *path;
    enum cpp_dir_kind kind;
};

struct cpp {
    struct cpp_options opt;
    unsigned lex_opts;
    struct pp_arena_chunk *arena;

    struct pp_macro **mtab;
    u32 mcap, mcount;
    struct pp_macro *orphans; /* #undef'd while in use */

    struct pp_file **files;
    u32 nfiles, capfiles;

    char **names;           /* presumed file names by id */
    u32 nnames, capnames;

    struct pp_src *srcs;
    u32 nsrcs, capsrcs;

    struct pp_cond *conds;
    u32 nconds, capconds;

    struct pp_ctx *ctxs;
    u32 nctx, capctx;
    struct tokvec pend;     /* pushed-back tokens, read (last first) before the contexts */

    struct pp_dir *dirs;    /* search chain: quote dirs, then angle, then system */
    u32 ndirs, capdirs;

    u32 errors, warnings;
    u32 counter;
    u32 cur_file, cur_line; /* presumed position of the last token read from a file */
    unsigned cur_depth;
    bool in_if;             /* expanding a #if line: handle defined/__has_include */
    unsigned in_directive;  /* expanding a directive line: no paddings */
    unsigned parsing_args;  /* looking for '(' or collecting arguments: no line changes */
    u32 xfile, xline, xcol; /* position of the outermost macro invocation (-E lines) */
    bool xsys;              /* ... which is in a system header */
    u32 line_col;           /* column of the first token of the current source line */
    u32 base_file;          /* presumed name id of the main file */
    u32 cmdline_file;       /* name id of "<command-line>" (0: none yet) */
    bool fatal;             /* a fatal error stopped preprocessing: all input reads as EOF */
    bool tagged;            /* the diagnostic being reported names its own -W option */
    unsigned long long nexpanded; /* tokens produced by macro expansion */
    unsigned expand_depth;  /* nesting of argument pre-expansions */
    unsigned long long arg_tokens; /* tokens of the argument lists being expanded */
    const char *mi_name;    /* guard candidate of the directive being run */
    u32 mi_len;
    struct pp_pushed *pushed;
    const struct pp_src *diag_src; /* include stack last shown by the default sink */
    u32 diag_depth;
    char date[16], time[16];
};

void *cppi_alloc(struct cpp *pp, size_t n);
/* "#define NAME(params) body" of m, GCC's spelling (print.c) */
void cppi_print_macro(FILE *out, const struct pp_macro *m);
char *cppi_strndup(struct cpp *pp, const char *s, size_t n);
void cppi_diag(struct cpp *pp, enum cpp_level lv, u32 file, u32 line, u32 col, const char *fmt,
             ...);
void cppi_diag_tok(struct cpp *pp, enum cpp_level lv, const struct cpp_token *t, const char *fmt,
                 ...);
void cppi_tv_push(struct tokvec *tv, const struct cpp_token *t);
/* Next token for the -E printer: like cpp_get, but paddings and markers included. */
bool cppi_get_raw(struct cpp *pp, struct cpp_token *t);

/* #if expression over fully expanded tokens (defined already replaced).  Returns the
 * truth value; on a syntax error reports it and returns false. */
bool cppi_eval_if(struct cpp *pp, const struct cpp_token *toks, u32 n,
                const struct cpp_token *where);

#endif
