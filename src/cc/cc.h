/* zl-cc: a C11 compiler for RISC-V rv128 (LP128/lp128d), rv64 (LP64/lp64d) and rv32
 * (ILP32/ilp32d).
 *
 * Files:
 *   main.c        entry point: calls the driver
 *   driver.c      command line, temporary files, running zl-as and zl-ld
 *   compile.c     one translation unit: tokens -> AST -> IR -> registers -> assembly
 *   predef.c      per-target predefined macros
 *   token.c       pulls preprocessed tokens from src/cpp, keywords (kw.def)
 *   literal.c     integer and floating constants, character constants, string literals
 *   scope.c       block scopes: ordinary identifiers and tags
 *   types.c       type constructors, sizes/alignment per data model, struct layout
 *   type_name.c   types in diagnostics, in C declarator syntax as GCC writes them
 *   complex.c     _Complex types: conversions, casts, __real__/__imag__, folding
 *   conv.c        integer promotions, usual arithmetic conversions, implicit casts
 *   parse_*.c     recursive descent parser producing a typed AST
 *   format.c      -Wformat: printf-family format strings against their arguments
 *   init.c        initializers (designated, nested, strings), static data images
 *   eval.c        integer constant expressions and address constants
 *   tf_fold.c     long double (binary128) constant folding with libzlrt's soft-float
 *   lower*.c      typed AST -> IR (ir.h) with virtual registers: lower.c (state, common
 *                 helpers, the function), lower_conv.c, lower_expr.c, lower_init.c,
 *                 lower_call.c, lower_atomic.c, lower_builtin.c, lower_complex.c,
 *                 lower_stmt.c; lower.h is their private header
 *   ir.def        every IR opcode: name and operand facts (enum irop, ir_ops[])
 *   ir.c          IR containers, operand access (ir_uses/ir_defs)
 *   ir_write.c    the IR as text; ir_read.c reads it back (-x ir); ir_dump.c -fdump-ir=STAGE
 *   ir_opt.c      the pass list; opt/ one file per pass: unreachable, copyprop, fold, dce
 *   abi_riscv.c   calling conventions (argument classification) for the three models
 *   regalloc.c    liveness and linear-scan register allocation with spilling
 *   emit_riscv.c  IR + allocation -> GNU assembly text for zl-as
 *   recover.c     error recovery: resuming after an error at the next statement/declaration
 *   sign_compare.c -Wsign-compare
 *   unused.c      -Wunused-function and static functions used but never defined
 *   diag.c        diagnostics (file:line:col: error: ... with source line and caret)
 *   rt/           libzlrt, the run-time helpers compiled for the target (docs/cc.md)
 *   include/      the freestanding headers (stddef.h, stdarg.h, float.h, ...)
 *
 * The data model is a run-time parameter (struct target); there is one code path for
 * all three XLENs.
 */
#ifndef ZL_CC_H
#define ZL_CC_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <zl/types.h>

#include "cpp/cpp.h"

/* ---------------------------------------------------------------- target */

struct target {
    int xlen;       /* 32, 64, 128 */
    int regsize;    /* xlen / 8 */
    int long_size;  /* 4, 8, 16 */
    int ptr_size;
    int llong_size; /* 8 or 16 */
};
extern struct target tgt;
void target_set(int xlen);

/* ---------------------------------------------------------------- memory, diagnostics */

void *cc_alloc(size_t n);           /* zeroed arena memory, freed by cc_arena_free */
char *cc_strdup(const char *s);
char *cc_strndup(const char *s, size_t n);
#define CC_PRINTF(f, a) __attribute__((format(printf, f, a)))
char *cc_printf(const char *fmt, ...) CC_PRINTF(1, 2);
void cc_arena_free(void);

struct srcpos {
    const char *file;
    u32 line, col;
};

/* An error unwinds (longjmp) to cc_error_jmp: the innermost recovery point of the parser
 * (parse_guarded), which skips the erroneous construct and goes on, or the compilation's.
 * Fatal errors and GCC's limits (-Wfatal-errors, -fmax-errors=N: the Nth error ends the
 * compilation with "compilation terminated due to ...") unwind to cc_abort_jmp. */
extern jmp_buf *cc_error_jmp, *cc_abort_jmp;
extern int cc_nerrors, cc_nwarnings;
extern int cc_max_errors;       /* -fmax-errors=N; 0: no limit */
extern bool cc_fatal_errors;    /* -Wfatal-errors */
extern bool cc_terminated;      /* a limit ended the compilation (GCC then says no more) */
extern bool cc_werror;
extern bool cc_wall;
extern bool cc_quiet;
extern bool cc_nowarn;    /* -w */     /* no diagnostics output (fuzzing) */
_Noreturn void cc_error_at(struct srcpos p, const char *fmt, ...) CC_PRINTF(2, 3);
void cc_error_report(struct srcpos p, const char *fmt, ...) CC_PRINTF(2, 3); /* no unwinding */
_Noreturn void cc_fatal_at(struct srcpos p, const char *fmt, ...) CC_PRINTF(2, 3);
/* unwind as an error does, without a message: the error was reported before */
_Noreturn void cc_error_again(void);
_Noreturn void cc_abort(void);
/* "file:l:c: note: text": what an error or warning just reported refers to */
void cc_note_at(struct srcpos p, const char *fmt, ...) CC_PRINTF(2, 3);

/* Every warning zl-cc emits has one of these; the names and defaults are in warn.c. */
enum cc_warn {
    CW_NONE,    /* a warning GCC has no option for (only -w and -Werror act on it) */
    CW_IMPLICIT_FUNCTION_DECLARATION,
    CW_IMPLICIT_INT,
    CW_INCOMPATIBLE_POINTER_TYPES,
    CW_DISCARDED_QUALIFIERS,
    CW_INT_CONVERSION,
    CW_FORMAT,
    CW_FORMAT_EXTRA_ARGS,
    CW_DIV_BY_ZERO,
    CW_RETURN_TYPE,
    CW_MULTICHAR,
    CW_UNUSED_VARIABLE,
    CW_UNUSED_PARAMETER,
    CW_UNUSED_FUNCTION,
    CW_SIGN_COMPARE,
    CW_CPP,     /* #warning, reported by the preprocessor */
    CW_COUNT
};
extern int cc_nwarn_errors;     /* warnings reported as errors (-Werror, -Werror=name) */
/* A warning: "file:l:c: warning: text [-Wname]", nothing if the warning is off, an
 * error "[-Werror=name]" if it is one. */
void cc_warn_at(enum cc_warn w, struct srcpos p, const char *fmt, ...) CC_PRINTF(3, 4);
bool cc_warn_enabled(enum cc_warn w);
bool cc_warn_is_error(enum cc_warn w);
const char *cc_warn_name(enum cc_warn w);
/* a -W option (not -Wl,/-Wa,/-Wp,) or -w; prints GCC's message and returns 1 if invalid */
int cc_warn_option(const char *arg);
/* after a translation unit with diagnostics: a note for each unknown -Wno-name, as GCC */
void cc_warn_unknown_notes(void);
_Noreturn void cc_fatal(const char *fmt, ...) CC_PRINTF(1, 2);
void cc_diag_reset(void);

/* ---------------------------------------------------------------- tokens */

enum tk { TK_EOF, TK_IDENT, TK_KEYWORD, TK_NUM, TK_CHAR, TK_STR, TK_PUNCT };

struct token {
    enum tk kind;
    int sub;             /* punct: enum cpp_punct; keyword: enum kw; char/str: enc */
    const char *p;
    u32 len;
    struct srcpos pos;
    u8 pack;             /* the #pragma pack value in effect at the token, 0: none */
};

enum kw {
    KW_NONE,
#define KW(id, s) id,
#include "kw.def"
#undef KW
    KW_COUNT
};

struct tokstream {
    struct token *v;
    size_t n, cap, pos;
};
/* Read every token of the preprocessed translation unit. */
void tok_read_all(struct cpp *pp, struct tokstream *ts);

/* ---------------------------------------------------------------- types */

enum tkind {
    TY_VOID, TY_BOOL, TY_CHAR, TY_SCHAR, TY_UCHAR, TY_SHORT, TY_USHORT, TY_INT, TY_UINT,
    TY_LONG, TY_ULONG, TY_LLONG, TY_ULLONG, TY_INT64, TY_UINT64, TY_INT128, TY_UINT128,
    TY_FLOAT, TY_DOUBLE, TY_LDOUBLE, TY_ENUM, TY_PTR, TY_ARRAY, TY_FUNC, TY_STRUCT,
    TY_UNION,
    TY_COMPLEX,   /* float/double/long double _Complex: base = element type (complex.c) */
};

struct member {
    struct member *next;
    const char *name;    /* NULL: anonymous struct/union member or unnamed bit-field */
    struct type *ty;
    long offset;
    int bit_width;       /* -1: not a bit-field */
    int bit_off;         /* bit offset inside the storage unit at `offset` */
    struct srcpos pos;
};

struct param {
    struct param *next;
    const char *name;
    struct type *ty;
    struct srcpos pos;
};

struct node;
struct type {
    enum tkind kind;
    long size;
    int align;
    bool is_unsigned;
    bool is_const, is_volatile, is_atomic;
    struct type *base;     /* pointer target, array element, function return */
    int depth;             /* levels of pointer, array, function and struct/union members
                              below this type (at most CC_MAX_DEPTH, checked by the parser) */
    struct type *origin;   /* unqualified type this is a qualified copy of */
    struct type *next_copy;/* struct/union not yet defined: in the origin, the first copy
                              made of it (const, _Atomic, typedef alignment ...), in a
                              copy, the next; ty_layout completes them with the origin */
    long len;              /* array length; -1 incomplete */
    struct node *vla_len;  /* variably modified array: length expression (or a constant
                              N_NUM when only the element type is variable) */
    struct obj *vla_size;  /* variably modified array: hidden local holding its size in
                              bytes, assigned where the type is reached (NULL for [*]) */
    struct node *vm_params;/* function: size computations of its variably modified
                              parameters, run on entry to its definition */
    /* struct/union */
    struct member *members;
    const char *tag;
    bool complete, packed, flexible;
    u8 pack;             /* #pragma pack(N) at its definition: members aligned to at most N */
    /* function */
    struct param *params;
    bool variadic, oldstyle;
    /* enum */
    struct type *enum_base;
    struct srcpos def_pos; /* struct/union/enum with a tag: where it is defined */
};

extern struct type *ty_void, *ty_bool, *ty_char, *ty_schar, *ty_uchar, *ty_short,
    *ty_ushort, *ty_int, *ty_uint, *ty_long, *ty_ulong, *ty_llong, *ty_ullong, *ty_int64,
    *ty_uint64, *ty_int128, *ty_uint128, *ty_float, *ty_double, *ty_ldouble;
extern struct type *ty_auto; /* __auto_type placeholder */
void types_init(void);
struct type *ty_ptr(struct type *base);
struct type *ty_array(struct type *base, long len);
struct type *ty_func(struct type *ret);
struct type *ty_qual(struct type *t, bool c, bool v);
struct type *ty_unqual(struct type *t);
struct type *ty_copy(struct type *t);
bool ty_is_integer(struct type *t);
bool ty_is_float(struct type *t);      /* float, double, long double */
bool ty_is_arith(struct type *t);
bool ty_is_scalar(struct type *t);
bool ty_is_ptr(struct type *t);
bool ty_is_aggr(struct type *t);       /* struct, union, array */
bool ty_is_signed(struct type *t);
int ty_rank(struct type *t);
struct type *ty_to_unsigned(struct type *t);
bool ty_compatible(struct type *a, struct type *b);
const char *ty_name(struct type *t);
void ty_layout(struct type *t, struct srcpos pos); /* struct/union member offsets */
struct type *ty_intptr(void);  /* ptrdiff_t */
struct type *ty_size_t(void);

/* ---------------------------------------------------------------- AST */

enum nk {
    /* expressions */
    N_NUM, N_FNUM, N_STR, N_VAR, N_FUNCNAME,
    N_ADD, N_SUB, N_MUL, N_DIV, N_MOD, N_SHL, N_SHR, N_BAND, N_BOR, N_BXOR,
    N_EQ, N_NE, N_LT, N_LE, N_GT, N_GE, N_LAND, N_LOR,
    N_NEG, N_BNOT, N_LNOT, N_ADDR, N_DEREF, N_MEMBER,
    N_ASSIGN, N_OPASSIGN,          /* op in n->op: N_ADD ... */
    N_PREINC, N_PREDEC, N_POSTINC, N_POSTDEC, /* n->val = step */
    N_COND, N_COMMA, N_CAST, N_CALL, N_COMPOUND_LIT, N_STMT_EXPR,
    N_VA_START, N_VA_ARG, N_VA_END, N_VA_COPY, N_BUILTIN, N_ZERO_INIT, N_LABEL_ADDR,
    /* statements */
    N_BLOCK, N_EXPR_STMT, N_DECL, N_IF, N_WHILE, N_DO, N_FOR, N_SWITCH, N_CASE, N_DEFAULT,
    N_BREAK, N_CONTINUE, N_RETURN, N_GOTO, N_LABEL, N_ASM, N_NOP, N_COMPUTED_GOTO,
    N_VREG,         /* lowering only: an already computed value (val = vreg) */
};

struct obj;
struct init;

struct asm_operand {
    const char *constraint;
    struct node *e;
};

struct node {
    enum nk kind;
    struct type *ty;
    struct srcpos pos;
    struct node *l, *r, *cond, *then, *els, *init, *inc, *body, *next;
    int op;                /* N_OPASSIGN: arithmetic node kind; N_BUILTIN: which;
                              N_COND: 1 for GNU `a ?: b` (then is cond, converted) */
    i128 val;              /* N_NUM, steps */
    double fval;
    u128 ldbits;           /* N_FNUM of type long double: its exact binary128 bits ... */
    bool ld_exact;         /* ... when set (else it is fval widened) */
    const char *str;       /* N_STR bytes (with terminator), N_LABEL/N_GOTO name, asm */
    long strlen;           /* N_STR size in bytes including terminator */
    struct obj *var;       /* N_VAR, N_DECL, N_COMPOUND_LIT */
    struct member *mem;    /* N_MEMBER */
    struct node *args;     /* N_CALL arguments (linked by next) */
    struct type *fty;      /* N_CALL: function type */
    struct init *ini;      /* N_DECL / N_COMPOUND_LIT initializer */
    /* switch/case */
    struct node *cases;    /* N_SWITCH: list of N_CASE/N_DEFAULT (linked by els) */
    i128 lo, hi;           /* N_CASE range */
    int label;             /* lowering: block id */
    /* inline asm */
    struct asm_operand *outs, *ins;
    int nouts, nins;
    const char **clobbers;
    int nclob;
    bool is_volatile;
};

struct init {
    /* A flattened initializer: a list of (offset, scalar expression) or
     * (offset, string bytes) items; the rest of the object is zero. */
    struct init_item *items;
    int n, cap;
    long size; /* bytes the items reach: beyond the type's size when a static object
                * initializes its flexible array member (GNU C) */
};
struct init_item {
    long offset;
    struct type *ty;        /* scalar type, or char array for strings */
    struct node *e;         /* expression (NULL for string bytes) */
    const char *bytes;      /* string initializer bytes */
    long nbytes;
    int bit_width, bit_off; /* bit-field member (bit_width >= 0) */
};

struct namelist {
    struct namelist *next;
    const char *name;
};

enum storage { ST_NONE, ST_EXTERN, ST_STATIC, ST_AUTO, ST_REGISTER, ST_TYPEDEF };

struct obj {
    const char *name;      /* C name */
    const char *asm_name;  /* symbol (local statics get a unique one) */
    struct type *ty;
    struct srcpos pos;
    bool is_local;         /* automatic storage */
    bool is_func, is_defined, is_static, is_extern, is_tentative, is_inline;
    bool addr_taken;
    bool weak, used, is_tls;
    bool referenced;       /* named in an expression (-Wunused-variable/-parameter) */
    bool attr_unused;      /* __attribute__((unused)) on one of its declarations */
    bool warn_unused;      /* a declared automatic variable or parameter without
                              __attribute__((unused)): warned about if never referenced */
    const char *section;
    const char *asm_reg;   /* register asm("reg") local */
    const char *alias_of;  /* alias attribute target */
    int format_idx, format_first;
    const char *visibility;
    int align;             /* effective alignment */
    int ctor, dtor;        /* constructor/destructor attribute (priority + 1) */
    struct init *ini;      /* static initializer */
    /* function definition */
    struct node *body;
    int body_order;        /* its place among the unit's definitions, from 1 */
    struct obj *params;    /* linked by next_param */
    struct obj *next_param;
    struct obj *locals;    /* all locals, linked by next_local */
    struct obj *next_local;
    bool variadic_def;
    bool has_label_addr;   /* uses &&label */
    bool noreturn;
    bool noinline;         /* __attribute__((noinline)) */
    struct namelist *undeclared; /* identifiers reported undeclared in the function */
    struct node *cleanup;  /* automatic variable with __attribute__((cleanup(f))): the call
                              f(&var), run when its scope is left (lower_stmt.c) */
    /* lowering */
    int vreg;              /* register-promoted local: its vreg (0 = in memory) */
    int slot;              /* frame slot id (-1 none) */
    bool emitted;
    struct obj *next;      /* global list */
};

/* ---------------------------------------------------------------- parser */

struct tu {
    struct obj *globals;   /* in the order of their first declarations */
    struct obj **gtail;
    int nbodies;           /* function definitions so far (obj.body_order) */
    struct strlit *strs;
    bool undeclared_explained;  /* the note after the first undeclared identifier */
};
extern struct tu tu;

struct node *new_node(enum nk k, struct srcpos pos);
void parse_tu(struct tokstream *ts);
void check_unused_functions(void);  /* unused.c: at the end of the unit */

/* parser internals shared by parse_*.c, init.c */
extern struct tokstream *P;
struct token *peek(void);
struct token *peekn(int n);
struct token *next(void);
bool is_punct(struct token *t, int p);
bool is_kw(struct token *t, int k);
bool accept(int punct);
bool accept_kw(int kw);
/* the next token must be punct, else "expected 'p' before ..." (what: GCC's list of
 * what may come instead of 'p', reported at the next token) */
void expect(int punct, const char *what);
const char *tok_before(struct token *t);
const char *tok_str(struct token *t);
const char *expect_ident(void);
bool is_typename(struct token *t);
bool unknown_type_name(void);   /* at an undeclared identifier used as a type name */

struct declspec {
    struct type *ty;
    enum storage st;
    bool is_inline, is_noreturn, is_tls;
    const char *tls_kw;    /* "_Thread_local" or "__thread" as written (is_tls) */
    struct srcpos tls_pos;
    int align;             /* _Alignas */
    struct attrs *attr;
};
struct attrs {
    bool packed, noreturn, weak, used, unused;
    bool noinline;            /* __attribute__((noinline)): the inline pass leaves its calls */
    int aligned;
    const char *section;
    int ctor, dtor;
    const char *alias;        /* asm("name") label */
    const char *alias_of;     /* __attribute__((alias("target"))) */
    int format_idx, format_first; /* __attribute__((format(printf, m, n))) */
    const char *visibility;   /* __attribute__((visibility("hidden"))) */
    const char *cleanup;      /* __attribute__((cleanup(fn))): fn's name ... */
    struct srcpos cleanup_pos;/* ... and where it is written */
    const char *mode;         /* __attribute__((mode(TI))): the machine mode's name ... */
    struct srcpos mode_pos;   /* ... and where it is written */
};
/* The declared type `t` under the mode attributes of the specifiers and the declarator
 * (mode_attr.c); `t` itself when neither has one. */
struct type *ty_apply_mode(struct type *t, const struct attrs *spec, const struct attrs *decl);
bool parse_declspec(struct declspec *ds);
struct type *parse_declarator(struct type *base, const char **name, struct srcpos *pos,
                              struct obj **params);
struct type *parse_typename(void);
void parse_attributes(struct attrs *a);
struct node *parse_expr(void);
struct node *parse_assign(void);
struct node *parse_cond_expr(void);
i128 parse_const_int(void);
struct node *parse_stmt(void);
struct node *parse_compound(void);
void parse_local_decl(struct node **tail_out, struct node ***tail);
struct init *parse_initializer(struct type **ty, bool is_static);
struct init *init_single(struct type *t, struct node *e);
/* variably modified types: queued size computations (parse_decl.c) */
int vla_mark(void);
struct node *vla_take(int mark);   /* the computations queued since mark, as one expression */
struct node *vla_size_ref(struct type *t, struct srcpos pos); /* sizeof a VM array type */

/* scopes */
void scope_push(void);
void scope_pop(void);
void scope_pop_params(void);
struct obj *scope_find_var(const char *name);
struct type *scope_find_typedef(const char *name);
bool scope_find_enum_const(const char *name, i128 *val, struct type **ty);
void scope_add_var(const char *name, struct obj *o);
void scope_add_typedef(const char *name, struct type *t, struct srcpos pos);
void scope_add_enum_const(const char *name, i128 val, struct type *ty);
struct type *scope_find_tag(const char *tag, bool current_only);
void scope_add_tag(const char *tag, struct type *t);
void scope_reset(void);
/* "previous declaration/definition of 'x' with type 'T'" at o's position */
void note_previous(const struct obj *o);

extern struct obj *cur_func;
struct obj *new_local(const char *name, struct type *ty, struct srcpos pos);
struct obj *new_global(const char *name, struct type *ty, struct srcpos pos);
const char *new_label_name(void);
/* assembler name of a C label of the current function (labels as values) */
const char *label_asm_name(const char *fn, const char *label);

/* conv.c */
struct type *promote(struct type *t);
struct type *usual_arith(struct type *a, struct type *b);
struct node *cast_to(struct node *e, struct type *t);
struct node *convert_assign(struct node *e, struct type *t, const char *ctx);
struct node *decay(struct node *e);
struct node *rvalue(struct node *e);
bool is_null_ptr_const(struct node *e);
bool is_lvalue(struct node *e);

/* eval.c */
bool eval_int(struct node *e, i128 *out);
/* address constant: symbol (may be NULL) + offset */
bool eval_addr(struct node *e, const char **sym, i128 *off);
extern struct obj *eval_tls_refused; /* eval_addr: the thread-local object last refused */
bool eval_float(struct node *e, double *out);
i128 wrap_int(i128 v, struct type *t);

/* string literals collected for .rodata */
struct strlit {
    struct strlit *next;
    const char *label;
    const char *bytes;
    long len;
};
const char *strlit_label(const char *bytes, long len);

/* ---------------------------------------------------------------- back end */

struct cc_options {
    int opt;            /* -O level */
    bool pic;
    int ssp;            /* stack protector: 0 off, 1 -fstack-protector, 2 -strong, 3 -all */
    bool no_builtin;    /* -fno-builtin, -ffreestanding: calls of fma/fmaf stay calls */
    bool no_builtin_mem; /* -fno-builtin: calls of memcpy/memset stay calls (not
                          * -ffreestanding: GCC requires a freestanding environment's
                          * memcpy and memset to be the standard ones, and so does zl-cc) */
    bool debug;         /* -g: .file/.loc line information */
    bool wrapv;         /* -fwrapv: signed + and - wrap (no add/sub is marked nsw) */
    int omit_fp;        /* 1 -fomit-frame-pointer, -1 -fno-omit-frame-pointer, 0 by -O
                         * (omitted at -O1 and above, as GCC does) */
    int sibcalls;       /* 1 -foptimize-sibling-calls, -1 -fno-..., 0 by -O (on at -O2
                         * and above, as GCC does) */
};
enum fpclass_op { FPC_ISNAN = 1, FPC_ISINF, FPC_ISINF_SIGN, FPC_ISFINITE, FPC_ISNORMAL,
                  FPC_SIGNBIT, FPC_FPCLASSIFY };
extern struct cc_options ccopt;

/* Compile a preprocessed token stream to assembly on `out`. Returns false on error. */
bool cc_compile(struct cpp *pp, FILE *out, const char *src_name);
bool cc_compile_ir(const char *path, FILE *out);   /* an IR text file (-x ir) */
extern const char *cc_ir_pass;   /* -fpass=NAME: cc_compile_ir runs only it and writes IR */
void emit_unit(FILE *out);
/* -g: start the .file table of a translation unit (file 1 = the source) */
void emit_debug_begin(FILE *out, const char *src_name);
void predef_add(struct cpp *pp);


/* format.c: -Wformat for printf-like calls */
void check_format(const char *fname, struct node *fmt, struct node *args, int argno, struct srcpos pos);

/* sign_compare.c: -Wsign-compare on a comparison (operands before the usual arithmetic
 * conversions to `common`) and on the operands of ?: */
void warn_sign_compare(enum nk k, struct node *l, struct node *r, struct type *common,
                       struct srcpos pos);
void warn_cond_signedness(struct node *a, struct node *b, struct type *result);

/* literal.c */
struct node *parse_number(struct token *t);
struct node *parse_char_const(struct token *t);
struct node *parse_string_lits(void);

struct node *make_binary(enum nk k, struct node *l, struct node *r, struct srcpos pos);
/* __attribute__((cleanup(fname))) on var: the call fname(&var) */
struct node *cleanup_call(const char *fname, struct srcpos pos, struct obj *var);
struct node *make_deref(struct node *e, struct srcpos pos);
struct node *make_member(struct node *e, const char *name, struct srcpos pos);
enum builtin_id {
    B_EXPECT = 1, B_CLZ, B_CTZ, B_POPCOUNT, B_BSWAP, B_UNREACHABLE, B_TRAP, B_CONSTANT_P,
    B_OFFSETOF, B_ALLOCA, B_FRAME_ADDRESS, B_ASSUME_ALIGNED, B_FFS,
    /* floating point: n->l, n->r, n->cond operands; B_FPCLASS: n->val = enum fpclass_op,
     * fpclassify's five results in n->args */
    B_FMA, B_SQRT, B_FABS, B_COPYSIGN, B_FPCLASS,
    /* atomics: n->l = pointer, n->r = value, n->cond = expected/desired operand */
    B_ATOMIC_LOAD, B_ATOMIC_STORE, B_ATOMIC_RMW, B_ATOMIC_RMW_NEW, B_ATOMIC_CAS_VAL,
    B_ATOMIC_CAS_BOOL, B_ATOMIC_CMPXCHG, B_FENCE,
    B_COMPLEX,      /* __builtin_complex(n->l, n->r), imaginary constants (complex.c) */
};

void parse_stmt_reset(void);

/* error recovery (recover.c): fn(arg) parses one construct; after an error in it the
 * parser's state is put back as it was before the construct, its tokens are skipped — to
 * the end of the statement (RECOVER_STMT: a ';' or block outside brackets, or up to the
 * '}' ending the enclosing block) or of the external declaration (RECOVER_EXTERNAL) — and
 * parse_guarded returns false */
enum recover_at { RECOVER_STMT, RECOVER_EXTERNAL };
bool parse_guarded(enum recover_at at, void (*fn)(void *), void *arg);
void recover_syntax_error(void);   /* the error about to be reported is one of syntax */
struct stmt_state { struct node *sw; int loops, switches; };
void stmt_state_save(struct stmt_state *s);
void stmt_state_restore(const struct stmt_state *s);
int scope_depth(void);
void scope_pop_to(int depth);
/* nesting guard: expressions, statements, declarators, struct/union definitions and
 * initializers nest at most CC_MAX_DEPTH levels together (the parser and the later stages
 * recurse over the tree; 2000 levels take well under 1 MB of stack, also under ASan); a
 * deeper input is the error "WHAT nested too deeply" at the token that goes too deep */
#define CC_MAX_DEPTH 2000
extern int parse_depth;
void depth_enter(struct srcpos pos, const char *what);
static inline void depth_leave(void) { parse_depth--; }

bool eval_addr_expr(struct node *e, const char **sym, i128 *off);
bool eval_const(struct node *e, const char **sym, i128 *v);
u128 dbl_to_tf_bits(double d);
bool eval_ld_bits(struct node *e, u128 *out);

/* tf_fold.c: libzlrt's binary128 soft-float (src/cc/rt/tf.c) built for the host */
u128 cc_tf_add(u128 a, u128 b);
u128 cc_tf_sub(u128 a, u128 b);
u128 cc_tf_mul(u128 a, u128 b);
u128 cc_tf_div(u128 a, u128 b);
u128 cc_tf_from_double(double d);
double cc_tf_to_double(u128 a);
float cc_tf_to_float(u128 a);
i128 cc_tf_fixti(u128 a);
u128 cc_tf_floatti(i128 v);
u128 cc_tf_floatunti(u128 v);

/* complex.c: _Complex types (C11 6.2.5p11, 6.3.1.6-8) */
extern struct type *ty_cfloat, *ty_cdouble, *ty_cldouble;
void complex_types_init(void);
bool ty_is_complex(struct type *t);
bool ty_is_arith_c(struct type *t);          /* arithmetic, complex included */
struct type *ty_complex(struct type *real);   /* float/double/long double -> its complex type */
struct type *ty_real_of(struct type *t);      /* complex -> element type, else t */
struct node *cplx_binary(enum nk k, struct node *l, struct node *r, struct srcpos pos);
struct node *cplx_unary(enum nk k, struct node *e, struct srcpos pos);
struct node *cplx_part(struct node *e, bool imag, struct srcpos pos);  /* __real__/__imag__ */
struct node *cplx_make(struct node *re, struct node *im, struct srcpos pos);
struct node *cplx_cast(struct node *e, struct type *t, struct srcpos pos); /* NULL: not complex */
struct type *cplx_common(struct type *a, struct type *b); /* ?: of arithmetic/complex operands */
/* the constant parts of a complex (or real) expression, converted to type et; false when
 * not constant */
bool cplx_const_parts(struct node *e, struct type *et, struct node **re, struct node **im);
#endif
