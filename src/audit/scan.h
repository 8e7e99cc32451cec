/* zl-audit scanner internals, shared by the driver (scan.c), the symbol table
 * (symtab.c), the expression helpers (expr.c) and the rule families (rule_*.c).
 *
 * A file is lexed once into a token array; each token carries its directive group
 * (0 = code, else the id of its # line) and the kind of that line.  One forward pass
 * keeps a symbol table and calls the rules on each token; a rule looks at a window of
 * tokens around its trigger and asks the table about operands.  Not part of the
 * zl-audit API (audit.h). */
#ifndef ZL_AUDIT_SCAN_H
#define ZL_AUDIT_SCAN_H

#include "audit/audit.h"
#include "cpp/cpp.h"

#include <string.h>

/* ---------------------------------------------------------------- state */

/* Class of a declared name. */
enum cls { C_NONE, C_PTR, C_W64, C_LONG, C_LLONG, C_OTHER };

struct sym {
    const char *p;
    u32 len;
    u8 cls;
    bool array;       /* declared with [] : subscripts keep the class */
    bool sized;       /* an array declared here with its size (not "extern x[]") */
    const char *tag;  /* struct/union tag of its type, if any (of a function: of the
                         struct its result points to) */
    u32 tlen;
    u8 pointee;       /* for pointers: class of *name (a pointer for T **, else T's) */
    u8 tsize[2];      /* TU mode, a typedef of a scalar type: its size under LP64 and
                         LP128 (layout.c; 0: unknown) */
    const char *src;  /* "tag.member" this local was last assigned from, or NULL */
    bool uptr;        /* declared uintptr_t / intptr_t: an address held as an integer */
    bool func;        /* a function (TU mode; cls is C_NONE) */
    u8 ret;           /* TU mode: class of a call's result, for functions and function
                         pointers (C_NONE: unknown) */
    bool tdef;        /* a typedef name: cls/tag/pointee describe the type (TU mode) */
};

enum dirkind { D_CODE, D_IF, D_DEFINE, D_OTHER };

/* The layout of a struct or union under LP64 ([0]) and LP128 ([1]) (layout.c). */
#define AU_LAYOUT_NAMES 9
struct au_layout {
    u32 size[2], align[2];   /* sizeof and _Alignof */
    u32 end[2];              /* end of the last member: the size before tail padding */
    u8 nword;                /* the first nword members are one pointer or long each, so
                                member k <= nword is at 8 * k under LP64, 16 * k under LP128 */
    u8 nmembers;
    bool uni;                /* a union */
    const char *mname[AU_LAYOUT_NAMES]; /* the first members' names (NULL: anonymous) */
    u32 mlen[AU_LAYOUT_NAMES];
};

/* A named struct or union body the pass has closed (layout.c). */
struct au_body {
    const char *tag;
    u32 tlen;
    u32 open, close;         /* its braces, in the tokens of the pass that saw it */
    u8 state;                /* not computed, being computed, known, unknown */
    bool uni;
    struct au_layout lay;
};

struct cond {
    bool pending, has_pending;
    u32 line, col;
    /* width-no-branch (rule_nobranch.c), per data model (ILP32, LP64, LP128): whether
       a branch of the chain so far is the one compiled (1), none is (0) or that is
       unknown (-1), and the same for the current branch */
    i8 taken[3], cur[3];
    bool widthy;   /* a condition of the chain mentions the word size */
    u32 if_tok;    /* the "if" of the chain */
    u32 wi, w64;   /* its first word-size operand (0: none) and that operand's LP64 value */
    u32 ca, cb;    /* tokens of the condition that holds it (quoted in messages) */
};

struct supp {
    u32 from, to;  /* lines */
    u32 mask;      /* rules; all bits = every rule */
};

struct audit_scratch {
    struct cpp_token *t;
    u32 *grp;       /* 0 = code, else directive line number id */
    u8 *dk;         /* enum dirkind of the token's line */
    u8 *done;       /* token already reported by a more specific rule */
    u32 n, cap;
    struct sym *tab;
    u32 tcap, tused;
    struct cond *conds;
    u32 nconds, capconds;
    struct supp *supp;
    u32 nsupp, capsupp;
    char **owned;   /* clean spellings of spliced tokens */
    u32 nowned, capowned;
    /* current file */
    struct audit_file *out;
    const char *buf; /* its text (fix-its copy source spellings from it) */
    size_t len;
    u32 rules;
    bool uapi_path, header;
    bool typed;      /* TU mode: typedef names, function results and casts to typedef
                        names are classified through the table (au_scan_typed) */
    bool preload;    /* TU mode, first pass: file-scope declarations and struct members
                        of the preprocessed translation unit only */
    struct {
        int depth;        /* brace depth of a struct body being scanned, -1 if none */
        const char *name;
        u32 nlen;
        u32 open;         /* index of its '{' */
    } sstack[32];
    int nsstack;
    /* TU mode: the struct body closed last ("typedef struct { ... } name;") */
    u32 last_open, last_close, last_snlen;
    const char *last_sname;
    u32 nanon;             /* TU mode: anonymous outermost structs named so far */
    int brace;
    int paren;             /* parenthesis depth in code */
    bool decl_active;      /* inside "T a = 1, b" : later declarators share the type */
    u8 decl_base;
    int decl_paren;
    const char *decl_tag;
    u32 decl_tlen;
    bool decl_tdef;
    /* format-u64-ll: indices of the string tokens holding a '%', in order (lex_file),
       and the first one the pass has not gone past (au_rule_format_call) */
    u32 *pct;
    u32 npct, cappct, pctcur;
    /* lex_file also lists the few tokens two whole-file walks would look for: the names
       followed by '(' or '[' (au_bitmap_evidence) and the '~' followed by a number (~0UL,
       au_rule_ulong_max) */
    u32 *named, *tilde;
    u32 nnamed, capnamed, ntilde, captilde;
    /* the named struct and union bodies seen in this file (TU mode: in the translation
       unit), for their layouts (layout.c) */
    struct au_body *bodies;
    u32 nbodies, capbodies;
    u32 *bslot, *bgen;     /* tag -> index + 1 of its last body, valid where bgen == gen */
    u32 nbslot, gen;
    /* bit63-flag: name tokens of "#define NAME <bit 63 of a long>" in this file */
    u32 *flag_name;
    u32 nflag, capflag;
};

/* ---------------------------------------------------------------- token predicates */

#define T(i) (&s->t[(i)])

static inline bool eq(const struct cpp_token *t, const char *w)
{
    if (t->p[0] != w[0]) return false;
    size_t n = strlen(w);
    return t->len == n && memcmp(t->p, w, n) == 0;
}

static inline bool is_id(const struct audit_scratch *s, u32 i, const char *w)
{
    return i < s->n && s->t[i].kind == CPP_IDENT && eq(&s->t[i], w);
}

static inline bool is_p(const struct audit_scratch *s, u32 i, enum cpp_punct p)
{
    return i < s->n && s->t[i].kind == CPP_PUNCT && s->t[i].sub == p;
}

/* Is the token spelled w (a NUL-terminated string not known at compile time)?  No
 * strlen: the bytes are compared until the token's end, where w must end too (a NUL in
 * w stops the loop as a mismatch, since no token of interest holds a NUL byte). */
static inline bool eq_str(const struct cpp_token *t, const char *w)
{
    const char *p = t->p;
    for (u32 k = 0; k < t->len; k++)
        if (w[k] != p[k] || !w[k]) return false;
    return w[t->len] == 0;
}

static inline bool in_set(const struct cpp_token *t, const char *const *set)
{
    char c0 = t->p[0];
    for (; *set; set++)
        if ((*set)[0] == c0 && eq_str(t, *set)) return true;
    return false;
}

static inline bool tok_in_grp(const struct audit_scratch *s, u32 i, u32 g)
{
    return i < s->n && s->grp[i] == g;
}

/* Is the rule enabled for this run? */
static inline bool on(const struct audit_scratch *s, int rule)
{
    return (s->rules >> rule) & 1;
}

/* ---------------------------------------------------------------- scan.c */

void *au_xrealloc(void *p, size_t n);
/* Append x to the array *v of *n entries (capacity *cap). */
void au_push_u32(u32 **v, u32 *n, u32 *cap, u32 x);
char *au_xstrndup(const char *s, size_t n);
/* Is line suppressed for rule by a "zl-audit: ignore" comment? */
bool au_suppressed(const struct audit_scratch *s, u32 line, int rule);
/* Report rule at token i (unless suppressed) and mark the token done; true if added. */
bool au_report(struct audit_scratch *s, u32 i, int rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* A finding at i that waits for evidence from the other files of the run about `name`
 * (audit_resolve_fields decides): reported then, or never. */
void au_pend(struct audit_scratch *s, u32 i, int rule, const struct cpp_token *name,
             const char *msg);
/* Attach to the finding just added the fix-it "replace tokens [a, b) with text". */
void au_fix(struct audit_scratch *s, u32 a, u32 b, const char *text);
/* The source text of tokens [a, b) as written, spaces collapsed, quoted-safe, into
 * buf (truncated with "..." when longer than n - 1). */
const char *au_spell(const struct audit_scratch *s, u32 a, u32 b, char *buf, size_t n);

/* TU mode: enter the declarations of the preprocessed translation unit (decl, every
 * token, headers included) into the symbol table, then run the rules on the file as
 * written (buf) with them known.  Spellings in decl must live until the next file. */
void au_scan_typed(struct audit_scratch *s, const char *path, const char *buf, size_t len,
                   u32 rules, struct audit_file *out, const struct cpp_token *decl, u32 ndecl);

/* ---------------------------------------------------------------- symtab.c */

extern const char *const au_w64_types[], *const au_long_types[], *const au_addrspace_types[],
    *const au_qualifiers[],
    *const au_type_kw[], *const au_not_type_kw[];
void au_tab_reset(struct audit_scratch *s, u32 ntok);
/* Keep p (malloc'ed) until the next file; returns p. */
char *au_own(struct audit_scratch *s, char *p);
struct sym *au_tab_set(struct audit_scratch *s, const struct cpp_token *t, u8 cls);
u8 au_tab_get(struct audit_scratch *s, const struct cpp_token *t);
struct sym *au_tab_find(struct audit_scratch *s, const struct cpp_token *t);
struct sym *au_tab_find_member(struct audit_scratch *s, const char *tag, u32 tlen,
                               const struct cpp_token *m);
struct sym *au_tab_set_member(struct audit_scratch *s, const char *tag, u32 tlen,
                              const struct cpp_token *m, u8 cls, bool array, const char *mtag,
                              u32 mtlen);
/* Class of a type whose last token is at j. */
u8 au_type_class_at(struct audit_scratch *s, u32 j);
/* TU mode: the typedef named by the identifier at j, or NULL. */
const struct sym *au_typedef_at(struct audit_scratch *s, u32 j);
/* If the identifier at i is being declared, record its class. */
void au_maybe_decl(struct audit_scratch *s, u32 i);

/* ---------------------------------------------------------------- layout.c */

/* Before a file: no bodies. */
void au_layout_reset(struct audit_scratch *s);
/* At the '}' (close) of a struct or union body named tag whose '{' is at open. */
void au_layout_record(struct audit_scratch *s, u32 open, u32 close, const char *tag, u32 tlen);
/* TU mode: the typedef e whose type words end at j: its size when it is a scalar. */
void au_typedef_layout(struct audit_scratch *s, u32 j, struct sym *e);
/* The layout of the struct or union tag last declared, or NULL when it is unknown. */
const struct au_layout *au_struct_layout(struct audit_scratch *s, const char *tag, u32 tlen);

/* ---------------------------------------------------------------- expr.c */

/* Index after the ')' matching the '(' at i (same line group), or i if unmatched. */
u32 au_match_paren(struct audit_scratch *s, u32 i);
/* Index of the '(' left open before token i in its statement, or i if none. */
u32 au_open_paren_before(struct audit_scratch *s, u32 i);

enum castk { K_NONE, K_PTR, K_W64, K_LL, K_LONG };
/* Classify "( type )" at i; *after = index after ')'.  chained: the '(' may follow a
 * ')' or a name (an inner cast of a cast chain). */
enum castk au_cast_at2(struct audit_scratch *s, u32 i, u32 *after, bool chained);
enum castk au_cast_at(struct audit_scratch *s, u32 i, u32 *after);

enum opk { O_UNKNOWN, O_PTR, O_W64, O_LONG, O_LLONG, O_LONGCAST, O_W64CAST, O_LITERAL, O_OTHER };

struct operand {
    enum opk k;
    u32 end;       /* index after the operand (best effort) */
    u32 last;      /* index of the last name of a name chain, or the start */
    bool chain;    /* a plain name / member chain */
    const char *otag; /* struct tag owning the last member, if known */
    u32 otlen;
};
/* Start of the name chain (a, a.b, a->b[i].c) that ends at token e (inclusive). */
u32 au_chain_start(struct audit_scratch *s, u32 e);
/* name, name->m, name.m[i], ... */
struct operand au_name_chain(struct audit_scratch *s, u32 i);
struct operand au_operand_at(struct audit_scratch *s, u32 i, int depth);
/* Is o a member of a structure whose layout hardware or a boot protocol fixes at 64 bits
 * (au_fixed_layout_structs in symtab.c)? */
bool au_fixed_layout(const struct operand *o);

/* Integer value of a pp-number (false if not an integer literal); suffix flags. */
bool au_int_value(const struct cpp_token *t, u128 *v, int *longs, bool *uns);
bool au_num_is(const struct cpp_token *t, u64 want);
bool au_is_cmp(struct audit_scratch *s, u32 i);
/* The comparison operator op with its operands swapped: K op W is W au_cmp_flip(op) K. */
int au_cmp_flip(int op);
/* The value of "w op k" for a comparison operator op (==, !=, <, >, <=, >=). */
bool au_cmp_value(int op, u64 w, u64 k);
const char *au_opname(int op);
/* Does the name say it holds an address (addr, *_addr, ptr, pc, ip, sp, ...)? */
bool au_address_name(const struct cpp_token *t);

/* ---------------------------------------------------------------- rule families */

/* rule_width.c: width-test, config-64bit, llong-64 on width names */
void au_rule_width_ident(struct audit_scratch *s, u32 i);
void au_rule_sizeof(struct audit_scratch *s, u32 i);
u8 au_sizeof_class(struct audit_scratch *s, u32 i, u32 *end);
void au_rule_config(struct audit_scratch *s, u32 i);
/* rule_nobranch.c: width-no-branch; au_nobranch_cond at each #if, #ifdef, #ifndef,
   #elif, #else, #endif (before the chain is popped) and #error, with the conditional on
   top of s->conds; au_rule_no_branch_assert at a call's name */
void au_nobranch_cond(struct audit_scratch *s, u32 i);
void au_rule_no_branch_assert(struct audit_scratch *s, u32 i);
/* rule_compat.c: compat-one-width */
void au_rule_compat(struct audit_scratch *s, u32 i);
/* rule_divhash.c: do-div-long, hash-long */
void au_rule_do_div_hash(struct audit_scratch *s, u32 i);
/* rule_mask.c: long-mask-64 */
const struct cpp_token *au_long_partner(struct audit_scratch *s, u32 a, u32 b);
const struct cpp_token *au_long_reader(struct audit_scratch *s, u32 a, u32 b);
void au_rule_bits(struct audit_scratch *s, u32 i);
void au_rule_ulong_max(struct audit_scratch *s, u32 i);
/* rule_llong.c: llong-64 on LLONG_MAX and friends */
void au_rule_llong_limits(struct audit_scratch *s, u32 i);
/* rule_literal.c: literal-width and the numeric cases of long-mask-64 / llong-64 */
void au_bitmap_evidence(struct audit_scratch *s);
void au_rule_number(struct audit_scratch *s, u32 i);
void au_rule_memcpy_size(struct audit_scratch *s, u32 i);
void au_resolve_bitmaps(struct audit_file *files, size_t n);
/* rule_cast.c: ptr-cast-64 */
void au_rule_cast(struct audit_scratch *s, u32 i);
/* rule_uapi.c: uapi-u64-ptr */
void au_rule_evidence(struct audit_scratch *s, u32 i);
void au_uapi_field(struct audit_scratch *s, u32 i);
/* The "tag.member" keys converted to user pointers in the run, directly or through
 * copies, sorted (the strings belong to the files); *k = their number. */
char **au_uapi_evidence(const struct audit_file *files, size_t n, size_t *k);
/* at '=': "x = READ_ONCE(s->f)" makes x (a local or a member) a copy of s.f */
void au_uapi_assign(struct audit_scratch *s, u32 i);
/* at an identifier: _IOWR(..., struct t) in a #define, SYSCALL_DEFINEn(..., struct t ...) */
void au_uapi_carrier(struct audit_scratch *s, u32 i);
/* rule_format.c: format-u64-ll, format-via-64 */
void au_rule_format_call(struct audit_scratch *s, u32 i);
/* rule_intptr.c: int-ptr-64, at the '(' of a cast */
void au_rule_int_ptr(struct audit_scratch *s, u32 i);
/* rule_flag.c: bit63-flag; au_flag_macro records flag macros at "# define" */
void au_flag_macro(struct audit_scratch *s, u32 i);
void au_rule_bit63_flag(struct audit_scratch *s, u32 i);
/* rule_typedef.c: typedef-ll-64, at "typedef" */
void au_rule_typedef(struct audit_scratch *s, u32 i);
/* at an identifier: counts it when its name says 64 bits (evidence of typedef use) */
void au_note_name64(struct audit_scratch *s, u32 i);
void au_resolve_typedefs(struct audit_file *files, size_t n);
/* rule_size.c: size-literal and struct-size-literal, at a call's name */
void au_rule_size(struct audit_scratch *s, u32 i);
/* An allocation or memory call as rule_size.c reads it. */
struct au_alloc_call {
    u32 name, end;          /* the function's name; the index after its ')' */
    u32 args[8], n;         /* argument k is [args[k], args[k + 1] - 1) */
    int size_arg, elem_arg; /* the byte count's argument, or the element size's (-1: none) */
    u32 dest, dest_end;     /* the destination as written, [dest, dest_end) (0, 0: none) */
    bool dest_addr;         /* it is "&x" (an object, not a pointer to one) */
    bool copy;              /* memset, memcpy, memmove: the size covers existing objects */
    const char *cast_tag;   /* "(struct TAG *)f(...)": TAG */
    u32 cast_tlen;
};
/* rule_structsize.c: struct-size-literal */
void au_rule_struct_size(struct audit_scratch *s, const struct au_alloc_call *c);

/* scan.c: the names every file of the run collected (ptr_members if members, else
 * bitmaps), sorted for bsearch with au_cmp_str; *k = their number.  The caller frees
 * the array, not the names. */
char **au_name_set(const struct audit_file *files, size_t n, bool members, size_t *k);
int au_cmp_str(const void *a, const void *b);

#endif
