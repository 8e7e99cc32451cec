/* src/as/as.h — internals of zl-as, the ZettaLinux RISC-V assembler.
 *
 * One assembly run is one `struct as` (no global state, so the fuzz target and the unit
 * tests can run many in one process).  The pipeline:
 *
 *   as.c      the run: setup, input, layout, image
 *   input.c   source lines: files, .include, macros, .rept/.irp, conditionals, comments
 *   stmt.c    one statement: labels, then a directive, a macro call or an instruction
 *   dir.c     directives (.section, .word, .align, .macro, …); option.c: .option and
 *             .attribute
 *   insn.c    instructions: operand parsing against the ISA table, compression (RVC)
 *   pseudo.c  pseudo-instructions (li, la, call, beqz, csrr, …); insn.h is shared by both
 *   expr.c    expressions: parsed into trees, evaluated now or after layout
 *   lex.c     symbol names, strings, registers
 *   sym.c     symbols, local labels (1: 1b 1f)
 *   frag.c    sections made of fragments (fixed bytes + a variable tail), fixups
 *   layout.c  relaxation (branch lengths, alignment), then fixups -> bytes or relocations
 *   output.c  the ELF object (class from XLEN) through src/elf's writer, attributes
 *   march.c   ISA strings: -march, Tag_RISCV_arch
 *   dwarf.c   .file N / .loc: DWARF .debug_line and a compile unit
 *   diag.c    GNU-style diagnostics "file:line: Error: …", memory helpers
 *   main.c    the command line
 * docs/as.md describes the behaviour. */
#ifndef ZL_AS_AS_H
#define ZL_AS_AS_H

#include <stdbool.h>
#include <stdio.h>
#include <zl/types.h>

#include "elf/elf.h"
#include "isa/isa.h"

struct as;
struct sym;
struct section;
struct frag;

/* ---- Diagnostics and memory (diag.c) ---------------------------------------------- */

struct srcloc {
    const char *file;           /* owned by the run (interned) */
    u32 line;
};

/* printf-format checking where the compiler offers it */
#if defined(__GNUC__)
#define AS_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define AS_PRINTF(f, a)
#endif
void as_error(struct as *A, const char *fmt, ...) AS_PRINTF(2, 3);
void as_warn(struct as *A, const char *fmt, ...) AS_PRINTF(2, 3);
void diag_finish(struct as *A);   /* says how many repeated messages were hidden */
void as_error_at(struct as *A, struct srcloc at, const char *fmt, ...) AS_PRINTF(3, 4);
void as_warn_at(struct as *A, struct srcloc at, const char *fmt, ...) AS_PRINTF(3, 4);
void as_info_at(struct as *A, struct srcloc at, const char *fmt, ...) AS_PRINTF(3, 4);
struct srcloc as_here(struct as *A);

/* Arena memory: zeroed, freed all at once at the end of the run.  Out of memory is
 * fatal (message and exit status 1), like GNU as. */
void *as_alloc(struct as *A, usize n);
char *as_strdup(struct as *A, const char *s);
char *as_strndup(struct as *A, const char *s, usize n);
const char *as_intern_file(struct as *A, const char *name);
void *xrealloc(void *p, usize n);
u32 as_hash(const char *s, usize n);   /* FNV-1a: symbol names, messages */
void arena_free_all(struct as *A);
/* Scratch memory of one statement (expression trees): released after each input line,
 * so a long run keeps only what it stores, not every expression it parsed. */
void *as_scratch_alloc(struct as *A, usize n);
void as_scratch_release(struct as *A);

/* Growable byte buffer (malloc'd). */
struct bytes {
    u8 *p;
    usize len, cap;
};
void bytes_put(struct bytes *b, const void *p, usize n);
void bytes_free(struct bytes *b);

/* ---- Lexical helpers (lex.c) ------------------------------------------------------- */

bool is_sym_start(int c);
bool is_sym_char(int c);
const char *skip_ws(const char *p);
/* Symbol name at p (letters, digits, _ . $; or a "quoted name"); returns its length
 * (0 if none) and, for quoted names, the unquoted text in *out (arena). */
usize lex_symbol(struct as *A, const char *p, const char **name, usize *namelen);
/* A string literal "…" with C/GNU escapes at p.  Returns the position after it, or
 * NULL (error reported) when malformed.  The bytes go to *out. */
const char *lex_string(struct as *A, const char *p, struct bytes *out);
const char *lex_escape(struct as *A, const char *p, u8 *out);
/* Register names: x0–x31, ABI names, fp; f0–f31, FP ABI names.  Returns the length of
 * the name at p, 0 if there is none; *reg receives the number. */
usize lex_xreg(const char *p, unsigned *reg);
usize lex_freg(const char *p, unsigned *reg);

/* ---- Expressions (expr.c) ---------------------------------------------------------- */

enum eop {
    E_NUM, E_SYM, E_NEG, E_NOT, E_LNOT, E_ADD, E_SUB, E_MUL, E_DIV, E_MOD, E_SHL, E_SHR,
    E_AND, E_OR, E_XOR, E_ORNOT, E_EQ, E_NE, E_LT, E_GT, E_LE, E_GE, E_LAND, E_LOR,
};

struct enode {
    u8 op;
    u32 depth;                  /* height of the tree (bounded, so evaluation is too) */
    struct enode *l, *r;
    i128 num;
    struct sym *sym;
};

/* The value of an expression: add - sub + k, where add/sub are label or undefined
 * symbols (NULL when absent). */
struct value {
    struct sym *add, *sub;
    i128 k;
};

/* Parse an expression at *p (advanced past it).  NULL + error when there is none. */
struct enode *expr_parse(struct as *A, const char **p);

enum ev_mode {
    EV_NOW,        /* while assembling: labels fold only at a known distance */
    EV_FINAL,      /* after layout: same-section differences fold, except in code sections */
    EV_FOLD,       /* after layout: every same-section difference folds (.size, .uleb128) */
};
/* Evaluate; returns false (and reports at `at` unless quiet) when the expression is not
 * of the form sym - sym + constant. */
bool expr_eval(struct as *A, const struct enode *e, enum ev_mode mode, struct value *out,
               struct srcloc at, bool quiet);
/* Parse and evaluate an absolute constant now (directive arguments, immediates). */
bool expr_const(struct as *A, const char **p, i128 *out);
bool value_is_const(const struct value *v);
struct enode *expr_freeze(struct as *A, const struct enode *e);
struct enode *expr_num(struct as *A, i128 v);
struct enode *expr_sym(struct as *A, struct sym *s);
struct enode *expr_binary(struct as *A, u8 op, struct enode *l, struct enode *r);

/* ---- Symbols (sym.c) --------------------------------------------------------------- */

enum symkind { SK_UNDEF, SK_LABEL, SK_ABS, SK_EQU, SK_COMMON };

struct sym {
    char *name;
    struct sym *hnext, *next;
    u8 kind;
    u8 bind;                    /* STB_LOCAL / STB_GLOBAL / STB_WEAK */
    u8 type, other;             /* STT_*, st_other */
    bool bind_set;              /* .globl/.weak/.local seen */
    bool used_in_reloc;
    bool tls_reloc;             /* a TLS relocation refers to it: STT_TLS */
    bool referenced;
    bool fake;                  /* assembler-made label (".L0 "), not in the table unless a
                                   relocation needs it */
    bool mapping;               /* $x / $d */
    bool evaluating;            /* cycle guard for SK_EQU */
    bool size_set;
    struct section *sec;        /* SK_LABEL */
    struct frag *frag;
    u32 off;                    /* offset in frag */
    i128 value;                 /* SK_ABS */
    struct enode *equ;          /* SK_EQU */
    struct enode *size;
    u128 common_size, common_align;
    u32 elf_index;
    struct srcloc loc;
};

struct sym *sym_lookup(struct as *A, const char *name, usize len);   /* NULL if absent */
struct sym *sym_get(struct as *A, const char *name, usize len);      /* creates */
/* Define a label at the current location; reports redefinitions. */
void sym_define_label(struct as *A, struct sym *s);
/* Local numeric labels "N:" and references "Nb"/"Nf". */
struct sym *sym_local_define(struct as *A, u64 n);
struct sym *sym_local_ref(struct as *A, u64 n, bool forward);
/* A fresh assembler label at the current location (named ".L0 " like GNU's). */
struct sym *sym_fake_here(struct as *A);
/* Address of a label after layout (offset within its section). */
u128 sym_addr(const struct sym *s);

/* ---- Sections, fragments, fixups (frag.c) ------------------------------------------ */

enum vkind { VK_NONE, VK_ALIGN, VK_BRANCH, VK_LEB };

struct frag {
    struct frag *next;
    struct section *sec;
    u8 *data;                   /* fixed part (variable tail is produced at layout) */
    u32 len, cap;
    u32 epoch;                  /* number of variable frags before this one in its section */
    u128 base;                  /* offset of data[0] from the start of its epoch */
    u128 addr;                  /* offset in the section (layout) */
    u32 pass;                   /* relaxation pass that last placed it */
    u8 vk;
    u32 vsize;                  /* current size of the variable tail */
    struct srcloc loc;
    union {
        struct { u8 pow; bool code; u8 fill_size; bool has_fill; u64 fill; u32 max; } al;
        struct {
            struct isa_inst inst;     /* BEQ…/JAL with registers filled in */
            struct enode *target;
            bool rvc;                 /* a compressed form may be used */
            bool jump;
            u8 fixed;                 /* 2 or 4: exactly this length (explicit c.j, jal rd) */
        } br;
        struct { struct enode *e; bool sign; } leb;
    } v;
    u8 *vdata;                  /* variable tail bytes once laid out */
};

/* A fixup: bytes at (frag, where) of a fixed part that depend on an expression.  Data
 * fixups (rtype 0) become bytes or R_RISCV_32/64/128 (ADD/SUB pairs for differences);
 * instruction fixups carry their relocation type.  (Branches in variable tails make
 * their relocations at layout.) */
struct fixup {
    struct fixup *next;
    struct frag *frag;
    u32 where;
    u8 size;                    /* data bytes / instruction length */
    u16 rtype;                  /* 0 = data; else R_RISCV_* */
    struct enode *e;
    struct srcloc loc;
};

struct section {
    char *name;
    struct section *next;
    u32 type;
    u64 flags;
    u64 entsize;
    u128 align;                 /* bytes */
    struct frag *first, *last;
    struct fixup *fixups, **fixtail;
    u32 epoch;
    u128 epoch_off;             /* offset in the current epoch of the current frag's end */
    u32 index;                  /* ELF section index */
    u32 sym_index;
    int map;                    /* mapping state: 0 none, 'x', 'd' */
    bool used;                  /* something was put in it / it was named */
    u128 size;                  /* after layout */
    u128 fixed_bytes;           /* bytes in the fixed parts of its fragments */
    bool too_large;             /* the size limit was reached (and reported) */
    struct elf_rel *rels;
    usize nrels, caprels;
    char *group;                /* SHF_GROUP signature */
    bool comdat;
};

struct section *sect_find(struct as *A, const char *name);
struct section *sect_get(struct as *A, const char *name, u32 type, u64 flags, u64 entsize,
                         bool explicit_flags);
void sect_switch(struct as *A, struct section *s);
bool sect_is_code(const struct section *s);

/* Append bytes to the current section (errors for non-zero bytes in NOBITS). */
void emit_bytes(struct as *A, const void *p, usize n);
void emit_zeros(struct as *A, u128 n);
void emit_pattern(struct as *A, const u8 *pat, unsigned patlen, unsigned phase, u128 n);
/* Current frag and offset in it (for labels and fixups). */
struct frag *cur_frag(struct as *A);
u32 cur_off(struct as *A);
/* Start a variable frag of kind vk at the current location; returns it (caller fills
 * the union).  The next bytes go to a new frag. */
struct frag *frag_var(struct as *A, u8 vk, u32 initial_size);
void fixup_add(struct as *A, struct frag *f, u32 where, u8 size, u16 rtype,
               struct enode *e);
/* Mapping symbols: note that instructions ('x') or data ('d') follow. */
void map_state(struct as *A, int state);
void record_align(struct section *s, u128 bytes);

/* ---- Instructions (insn.c, pseudo.c) ----------------------------------------------- */

void insn_assemble(struct as *A, const char *mnemonic, usize mlen, const char *ops);
/* Emit a finished 32- or 16-bit instruction word. */
void insn_emit_word(struct as *A, u32 word, unsigned len);
/* Build a line's instruction from decoded fields and emit it, compressing it when the
 * given source mnemonic allows (compress_as NULL: never). */
bool insn_emit(struct as *A, const struct isa_insn *d, struct isa_inst *in,
               const char *compress_as);
const struct isa_insn *insn_line(struct as *A, const char *name);    /* for this XLEN */
bool pseudo_assemble(struct as *A, const char *mn, const char *ops, bool *matched);
bool insn_ready(struct as *A);    /* C extension currently enabled */
bool line_has_rm(const struct isa_insn *d);

/* Operand helpers shared by insn.c and pseudo.c */
enum rmod {
    RM_NONE, RM_HI, RM_LO, RM_PCREL_HI, RM_PCREL_LO, RM_TPREL_HI, RM_TPREL_LO,
    RM_TPREL_ADD, RM_GOT_PCREL_HI, RM_TLS_IE_PCREL_HI, RM_TLS_GD_PCREL_HI,
};
struct operand_imm {
    enum rmod mod;
    struct enode *e;
    bool is_const;
    i128 k;
};
/* Parse an immediate operand that may carry a %modifier(...). */
bool parse_imm(struct as *A, const char **p, struct operand_imm *out);
/* Emit an instruction whose immediate field depends on a relocation. */
void insn_emit_reloc(struct as *A, u32 word, unsigned len, u16 rtype, struct enode *e);
/* Branch / jump to a symbolic target, relaxed at layout (fixed: exactly 2 or 4 bytes). */
void insn_emit_branch(struct as *A, const struct isa_inst *in, struct enode *target,
                      bool rvc_ok, bool jump, unsigned fixed);

/* ---- Directives (dir.c), statements (stmt.c), input (input.c) ---------------------- */

bool directive(struct as *A, const char *name, usize nlen, const char *args);
bool option_directive(struct as *A, const char *args);       /* option.c */
bool attribute_directive(struct as *A, const char *args);
/* `name = expr', .set, .equ, .equiv (no_redefine) */
void assign_symbol(struct as *A, const char *name, usize nlen, const char *expr,
                   bool no_redefine);
/* One data value of `size' bytes: bytes now when constant, else a fixup. */
void emit_data_expr(struct as *A, struct enode *e, unsigned size);
unsigned leb_size(i128 v, bool sign);
/* LEB128 of v in exactly len bytes (continuation bits set on all but the last). */
void leb_encode(u8 *out, i128 v, bool sign, unsigned len);
void statement(struct as *A, char *line);
void input_push_file(struct as *A, const char *path, bool is_include);
void input_push_text(struct as *A, const char *name, const char *text, usize len,
                     bool own);
void input_run(struct as *A);
void input_report_context(struct as *A, FILE *out);
/* Directives that read raw lines (macro bodies, .rept) take them from the input. */
bool input_collect(struct as *A, const char *const *open, const char *const *close,
                   struct bytes *body);
void macro_define(struct as *A, const char *args);
bool macro_call(struct as *A, const char *name, usize nlen, const char *args);
void rept_start(struct as *A, const char *kind, const char *args);
bool cond_directive(struct as *A, const char *name, usize nlen, const char *args);
bool cond_active(struct as *A);
void macro_free_all(struct as *A);
void macro_exit(struct as *A);                                /* .exitm */
bool macro_purge(struct as *A, const char *name, usize nl);  /* .purgem */

/* ---- DWARF line information (dwarf.c) ---------------------------------------------- */

void dwarf_file(struct as *A, const char *args);   /* .file N "name" */
void dwarf_loc(struct as *A, const char *args);    /* .loc N line [column] */
/* .debug_line/.debug_info/.debug_abbrev/.debug_ranges from the rows (before layout) */
void dwarf_finish(struct as *A);
void dwarf_free(struct as *A);

/* ---- Layout and output (layout.c, output.c, march.c) ------------------------------- */

void layout(struct as *A);
int output_write(struct as *A, const char *path);

struct march {
    int xlen;
    unsigned exts;              /* EXT_* */
    bool zihintpause;
    bool e;                     /* rv32e/rv64e: not supported, rejected */
};
/* Parse an ISA string; false + message in err when invalid/unsupported. */
bool march_parse(const char *s, struct march *m, char *err, usize errn);
/* The canonical arch string for Tag_RISCV_arch ("rv64i2p1_m2p0_…") of an ISA spec. */
void march_canonical(const struct march *m, int isa_spec, char *buf, usize n);
/* The canonical form of an ISA string as written (its explicit versions kept). */
bool march_canonical_str(const char *s, int isa_spec, char *buf, usize n, char *err,
                         usize errn);
enum { SPEC_2P2, SPEC_20190608, SPEC_20191213 };

/* ---- The run ----------------------------------------------------------------------- */

struct opt_state {               /* .option push/pop */
    bool pic, relax;
    struct march arch;          /* current ISA: XLEN, extensions (C on = compress) */
};

struct attr {
    unsigned tag;
    bool is_str;
    u64 ival;
    char *sval;
};

struct as {
    /* options */
    struct march march;         /* from the command line */
    int isa_spec;
    int float_abi;              /* 0 soft, 1 single, 2 double, 3 quad */
    bool rve;
    FILE *diag;                 /* NULL: discard diagnostics */
    bool fatal_warnings, no_warnings;
    bool emit_attributes;
    const char **incdirs;
    usize nincdirs;

    /* state */
    struct opt_state opt;       /* current .option state */
    struct opt_state optstack[32];
    int optdepth;
    struct section *sections, **sectail, *cur, *prev;
    struct section *sectstack[64], *prevstack[64];
    int sectdepth;
    struct section *text, *data, *bss;
    struct sym **symhash;
    usize symhash_n, nsyms;
    struct sym *syms, **symtail;
    u64 *local_counts;          /* numeric local labels 0..local_max */
    usize local_max;
    u32 fake_count;
    char *file_sym;             /* .file "name" */
    struct dwarf *dwarf;        /* .file N / .loc rows (dwarf.c) */
    struct attr *attrs;
    usize nattrs;
    bool arch_attr_set;         /* .attribute arch given */
    bool no_arch_attr;          /* -mno-arch-attr */
    bool rvc_used;              /* .option rvc / arch with C: EF_RISCV_RVC */
    bool csr_used;              /* a CSR instruction: priv-spec attributes (GNU as) */
    u8 priv_spec[3];            /* -mpriv-spec: major, minor, revision */

    /* input */
    struct input *in;
    int depth;
    struct srcloc loc;          /* current statement */
    struct cond *conds;
    struct macro *macros;
    u64 macro_count;            /* \@ */
    bool stop;                  /* .end */
    int expr_depth;

    /* diagnostics */
    unsigned nerrors, nwarnings;
    bool said_header;
    const char *header_file;
    char **diag_seen;           /* messages printed (open addressing, by text) */
    u32 diag_nseen;
    u64 diag_hidden;            /* repeats of them not printed */

    /* memory */
    struct arena *arena;
    struct arena *scratch;      /* the current statement's expression trees */
    int expr_keep;              /* > 0: expression nodes go to the arena (expr_freeze) */
    struct interned *files;
};

struct as *as_new(void);
void as_free(struct as *A);
/* Assemble `text` (named `name` in messages) into an ELF image in *out (malloc'd).
 * Returns the number of errors. */
unsigned as_assemble_buffer(struct as *A, const char *name, const char *text, usize len,
                            u8 **out, usize *size);
void as_begin(struct as *A);     /* default sections, option state from the CLI */
void as_end(struct as *A);       /* layout */
int as_image(struct as *A, u8 **out, usize *size);

#endif
