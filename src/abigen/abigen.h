/* zl-abigen — the system-call / UAPI generator.
 *
 * One specification (abi/NAME.abi, format in docs/abigen.md) describes every system call and
 * every structure that crosses the user/kernel boundary.  zl-abigen reads it, computes the
 * layout of each structure for every personality (rv32 ILP32, rv64 LP64, rv128 LP128 with
 * 32-byte __ptr_t slots) and writes:
 *
 *   gen/include/rv{32,64,128}/zl/uapi.h   libc headers (numbers, structures, static asserts)
 *   gen/run/zl_abi.h, zl_systab_rv*.c,     zl-run's tables and guest<->host converters
 *     zl_abi_data.c, zl_conv.c
 *   docs/syscalls.md                       the human-readable tables
 *   conformance sources for the tests (--check)
 *
 * The program is organised as: main.c (command line), spec.c (reader and checker),
 * resolve.c (name resolution and consistency checks), layout.c (sizes, offsets,
 * variants), emit_*.c (one file per output family), util.c (diagnostics, memory, buffers
 * and atomic writes).
 */
#ifndef ZL_ABIGEN_H
#define ZL_ABIGEN_H

#include <stdbool.h>
#include <stddef.h>
#include <zl/types.h>

#include "abi/abi_rt.h"

/* Personalities, in table order. */
enum { AG_RV32, AG_RV64, AG_RV128, AG_NPERS };
#define AG_PERS_ALL 7u
#define AG_BIT(p) (1u << (p))

extern const char *const ag_pers_name[AG_NPERS];   /* "rv32", "rv64", "rv128" */
extern const unsigned ag_xlen_bytes[AG_NPERS];     /* 4, 8, 16 */

struct ag_loc {
    const char *file;   /* as given on the command line, e.g. "abi/syscalls.abi" */
    int line;
};

/* ---- types ------------------------------------------------------------------------- */

enum ag_tclass {
    AG_SIGNED,      /* two's complement integer */
    AG_UNSIGNED,    /* unsigned integer */
    AG_CHAR,        /* plain char (string bytes) */
    AG_OPAQUE,      /* unsigned bits with alignment below size (kernel sigset_t on rv32) */
    AG_PTR,         /* user pointer: plain pointer on rv32/rv64, __ptr_t slot on rv128 */
    AG_PTR64,       /* user address kept in a u64 on rv32/rv64 (clone_args), slot on rv128 */
    AG_STRUCT,
    AG_UNION,
};

struct ag_type;

struct ag_field {
    char *name;                 /* NULL: anonymous struct/union member */
    char *tname;                /* type as written */
    bool tagged;                /* written as "struct X" / "union X" */
    bool tag_union;             /* ... with "union" */
    struct ag_type *type;
    bool array;
    int count[AG_NPERS];        /* array length per personality (1 if not an array) */
    unsigned pers;              /* personalities that have the member (only=) */
    unsigned align;             /* explicit minimum alignment (align=), 0 if none */
    bool flex;                  /* flexible array member (last, length 0) */
    char *host;                 /* host member path; NULL = same name; "-" = none */
    char *kpath;                /* member path in the reference C type; NULL = name; "-" skip */
    u32 off[AG_NPERS], size[AG_NPERS];  /* computed; size = whole member (all elements) */
    struct ag_loc loc;
};

struct ag_type {
    char *name;
    struct ag_loc loc;
    enum ag_tclass tclass;
    bool is_alias;
    char *alias_name;           /* alias target as written */
    struct ag_type *target;     /* alias: the resolved scalar */
    unsigned pers;              /* personalities in which the type exists */
    u32 size[AG_NPERS], align[AG_NPERS];
    /* struct / union only */
    struct ag_field *fields;
    int nfields;
    u32 minsize;                /* minsize=N: padded to at least N bytes */
    char *kernel;               /* reference type in the Linux UAPI headers (kernel=) */
    char *glibc;                /* reference type in the glibc headers (glibc=) */
    char *host;                 /* host (x86-64) C type converted to/from (host=) */
    char *doc;                  /* one-line description (doc="...") */
    bool cookie;                /* union of scalars only: handled as one value */
    bool fixed;                 /* same bytes in every personality that has it, no slots */
    int nvariants;              /* number of union-arm selections (1 if no unions) */
    int state;                  /* resolution/layout state (0 new, 1 busy, 2 done) */
    int id;                     /* index in spec.types */
};

/* ---- flag and value sets (strace names) --------------------------------------------- */

struct ag_flag {
    u64 mask, value;            /* bit: mask == value; enum/field value: mask selects */
    char *name;
    struct ag_loc loc;
};

struct ag_flagset {
    char *name;
    bool is_enum;
    int ref;                    /* names checked against: 1 UAPI, 2 glibc, 3 both (ref=) */
    struct ag_flag *v;
    int n;
    struct ag_loc loc;
    int id;
};

/* ---- system calls ------------------------------------------------------------------ */

/* Argument kinds: enum zl_ak of the runtime header, so both sides number them alike. */
typedef enum zl_ak ag_kind;
struct ag_kindinfo {
    const char *name;       /* spelling in the spec and in the generated enum (upper-cased) */
    const char *deftype;    /* register type (abi/types.abi name) */
    bool pointer;           /* the register holds a user address */
    int nparams;            /* parameters in (...) : 0, 1 (LEN/T/SET), 2 (T,LEN or SET,TYPE) */
    const char *doc;
};
extern const struct ag_kindinfo ag_kinds[ZL_AK__COUNT];

struct ag_arg {
    char *name;
    ag_kind kind;
    struct ag_type *rtype;      /* type of the register value */
    struct ag_type *obj;        /* sin/sout/sio/ain/aout/aio: the pointed-to type */
    struct ag_flagset *set;     /* flags/enum */
    char *p1, *p2;              /* parameters as written */
    int len;                    /* index of the length argument, -1 if none */
    bool len_deref;             /* the length argument points at the length */
    int count;                  /* fixed element/byte count, 0 if none */
};

#define AG_MAXARGS 6

struct ag_sys {
    int nr;
    char *name;
    char *handler;
    unsigned pers;              /* personalities that have the number */
    unsigned enosys;            /* ... of which these answer -ENOSYS by definition */
    struct ag_arg ret;
    struct ag_arg args[AG_MAXARGS];
    int nargs;
    bool noreturn;
    int linux_ver;              /* @linux=X.Y: the kernel version that added it (X*256+Y), 0 */
    int nregs[AG_NPERS];
    int reg[AG_NPERS][AG_MAXARGS];  /* first register of each argument */
    int handler_id;
    char *comment;              /* trailing "# ..." of the line, for the docs */
    struct ag_loc loc;
};

struct ag_ioctl {
    u32 cmd;
    char *name;
    int dir;                    /* 0 none, 1 in, 2 out, 3 inout, 4 value (int by value) */
    struct ag_type *type;       /* pointed-to type for in/out/inout */
    char *tname;
    struct ag_loc loc;
};

/* ---- the whole specification ------------------------------------------------------- */

struct ag_spec {
    const char *dir;
    struct ag_type **types;  int ntypes, captypes;
    struct ag_flagset **sets; int nsets, capsets;
    struct ag_sys *sys;      int nsys, capsys;
    struct ag_ioctl *ioctls; int nioctls, capioctls;
    char **handlers;         int nhandlers, caphandlers;   /* sorted, unique */
    char **kinc, **ginc, **hinc;
    int nkinc, nginc, nhinc;
    int errors;
};

/* Diagnostics: "FILE:LINE: error: MSG" on stderr; counts spec->errors. */
void ag_error(struct ag_spec *s, const struct ag_loc *loc, const char *fmt, ...);
_Noreturn void ag_fatal(const char *fmt, ...);

/* Memory helpers (abort with a message on exhaustion).  Every block is recorded; release
 * single blocks with ag_free and everything (the whole specification) with ag_free_all. */
void *ag_alloc(size_t n);
void *ag_realloc(void *p, size_t n);
void ag_free(void *p);
void ag_free_all(void);
void *ag_grow(void *p, int *cap, int need, size_t elem);
char *ag_strdup(const char *s);
char *ag_strndup(const char *s, size_t n);

/* Read every abi/NAME.abi file of dir (sorted by name), resolve and check it, compute layouts.
 * Returns 0, or the number of errors (already reported). */
int ag_load(struct ag_spec *s, const char *dir);

/* Parse one file's text (tests use this with in-memory text). */
void ag_parse_text(struct ag_spec *s, const char *file, const char *text);
/* After all files: resolve names, check and lay out.  Returns the error count. */
int ag_finish(struct ag_spec *s);

struct ag_type *ag_find_type(const struct ag_spec *s, const char *name);
struct ag_flagset *ag_find_set(const struct ag_spec *s, const char *name);
const struct ag_sys *ag_find_sys(const struct ag_spec *s, const char *name, int pers);
const struct ag_field *ag_find_field(const struct ag_type *t, const char *path,
                                     int pers, u32 *off);

/* layout.c */
void ag_layout(struct ag_spec *s);
struct ag_type *ag_base(struct ag_type *t);     /* alias -> target */
bool ag_is_scalar(const struct ag_type *t);
bool ag_is_pointer(const struct ag_type *t);     /* AG_PTR or AG_PTR64 */
/* Call fn for every scalar leaf member of t (arrays once, unions: every arm), with the
 * dotted C path (anonymous members skipped) and offset in personality p. */
typedef void (*ag_leaf_fn)(void *ctx, const struct ag_type *top, const char *path,
                           const struct ag_field *f, u32 off);
void ag_walk_leaves(const struct ag_type *t, int pers, ag_leaf_fn fn, void *ctx);
/* Name of variant v of t ("sigfault_addr_bnd"), into buf. */
void ag_variant_name(const struct ag_type *t, int v, char *buf, size_t n);
/* Neutral (host-side) C scalar type of a scalar: "i128", "u32", "char", "u128" (address). */
const char *ag_neutral_ctype(const struct ag_type *t);

/* ---- output ---------------------------------------------------------------------- */

struct ag_buf {
    char *p;
    size_t n, cap;
};
void ag_printf(struct ag_buf *b, const char *fmt, ...);
void ag_puts(struct ag_buf *b, const char *s);
void ag_buf_free(struct ag_buf *b);

/* A set of output files, written together only when every one was produced. */
struct ag_out {
    char **path;
    struct ag_buf *buf;
    int n, cap;
};
struct ag_buf *ag_out_file(struct ag_out *o, const char *path);
/* Write every file atomically (temporary + rename), creating directories; files whose
 * content is unchanged are not touched.  Returns 0 or -1 (message printed). */
int ag_out_commit(struct ag_out *o);
void ag_out_free(struct ag_out *o);

/* emitters */
void ag_emit_uapi(const struct ag_spec *s, int pers, struct ag_buf *b);
void ag_emit_run_header(const struct ag_spec *s, struct ag_buf *b);
void ag_emit_systab(const struct ag_spec *s, int pers, struct ag_buf *b);
void ag_emit_data(const struct ag_spec *s, struct ag_buf *b);
void ag_emit_conv(const struct ag_spec *s, struct ag_buf *b);
void ag_emit_enosys(const struct ag_spec *s, struct ag_buf *b);
void ag_emit_docs(const struct ag_spec *s, struct ag_buf *b);
/* zlibc's bits/abi_SET.h for one flag or value set (emit_consts.c). */
void ag_emit_libc_consts(const struct ag_spec *s, const struct ag_flagset *fs, struct ag_buf *b);
void ag_emit_libc_ioctls(const struct ag_spec *s, struct ag_buf *b);
/* Conformance sources: which = "kernel" (UAPI headers) or "glibc"; pers AG_RV32/AG_RV64. */
void ag_emit_check(const struct ag_spec *s, const char *which, int pers, struct ag_buf *b);
/* "nr name" lines of one personality (tests compare them with <asm/unistd.h>). */
void ag_emit_list(const struct ag_spec *s, int pers, struct ag_buf *b);

#endif /* ZL_ABIGEN_H */
