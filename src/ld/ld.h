/* src/ld/ld.h — internals of zl-ld, the ZettaLinux static linker (see docs/ld.md).
 *
 * One link is one `struct ld`; every allocation of the link comes from its arena and is
 * released by ld_free(), so a link (or a fuzz run) never leaks, even when a fatal error
 * unwinds it with longjmp.  Pipeline (ld.c):
 *
 *   opts.c    command line (GNU ld compatible subset) -> struct ld_opts
 *   input.c   objects and archives (ar.c) -> struct obj, struct isec, symbol resolution
 *   gc.c      --gc-sections marking, undefined-symbol check; ehframe.c: .eh_frame
 *             records (pruning of removed code, .eh_frame_hdr)
 *   scan.c    relocation scan: GOT slots, dynamic relocations, R_RISCV_ALIGN deletions
 *   layout.c  output sections, segments, addresses, linker-defined symbols
 *   reloc.c   RISC-V relocation arithmetic with a range check on every field
 *   output.c  section contents, symbol table, the ELF image, atomic file write
 *   attrs.c   .riscv.attributes merging        map.c  the -Map file
 *   util.c    arena, errors, hash map, string table
 */
#ifndef ZL_LD_LD_H
#define ZL_LD_LD_H

#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <zl/types.h>
#include "elf/elf.h"

struct ld;
struct obj;
struct isec;
struct osec;
struct sym;
struct archive;

/* ---------------------------------------------------------------------------------- */
/* util.c                                                                             */
/* ---------------------------------------------------------------------------------- */

struct ld_chunk {
    struct ld_chunk *next;
    usize used, cap;
    max_align_t data[];
};

/* An input file mapped by ld_read_file; unmapped by ld_free. */
struct ld_mapping {
    struct ld_mapping *next;
    void *addr;
    usize len;
};

#if defined(__GNUC__)
#define LD_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define LD_PRINTF(a, b)
#endif

#define LD_MAX_ERRORS 50       /* error messages printed; later ones are counted only */

void *ld_alloc(struct ld *L, usize n);                 /* zeroed; fatal when out of memory */
void *ld_alloc_array(struct ld *L, usize n, usize size);
char *ld_strdup(struct ld *L, const char *s);
char *ld_strndup(struct ld *L, const char *s, usize n);
char *ld_sprintf(struct ld *L, const char *fmt, ...) LD_PRINTF(2, 3);
void ld_error(struct ld *L, const char *fmt, ...) LD_PRINTF(2, 3);
void ld_warn(struct ld *L, const char *fmt, ...) LD_PRINTF(2, 3);
_Noreturn void ld_fatal(struct ld *L, const char *fmt, ...) LD_PRINTF(2, 3);
/* Text of v: hex with 0x and at least `digits` digits; decimal. Arena strings. */
const char *ld_hex(struct ld *L, u128 v, int digits);
const char *ld_dec(struct ld *L, i128 v);
/* A whole file, mapped (or read into the arena); valid until ld_free; NULL and *why set
 * on failure. */
u8 *ld_read_file(struct ld *L, const char *path, usize *size, const char **why);

/* Growable array of pointers. */
struct vec {
    void **v;
    u32 n, cap;
};
void vec_push(struct ld *L, struct vec *v, void *p);

/* String -> pointer hash map (keys are not copied). */
struct strmap_ent {
    const char *key;
    u32 hash;
    void *val;
};
struct strmap {
    struct strmap_ent *tab;
    u32 cap, n;
};
u32 ld_hash(const char *s);
void *strmap_get(const struct strmap *m, const char *key);
/* Slot for key (created with val NULL if absent; *created says so). */
void **strmap_slot(struct ld *L, struct strmap *m, const char *key, int *created);

/* Deduplicating string table (offset 0 is ""). */
struct strtab {
    char *buf;
    usize len, cap;
    struct strmap map;
};
void strtab_init(struct ld *L, struct strtab *t);
u32 strtab_add(struct ld *L, struct strtab *t, const char *s);

/* ---------------------------------------------------------------------------------- */
/* Options (opts.c)                                                                   */
/* ---------------------------------------------------------------------------------- */

enum { IN_FILE, IN_LIB };

struct ld_input_arg {
    int kind;                /* IN_FILE path, IN_LIB -lNAME / -l:FILE */
    const char *name;
    int whole_archive;
    u32 pos;                 /* command-line position (orders sections) */
};

struct ld_defsym {
    const char *name, *expr;
};

enum { BUILD_ID_NONE, BUILD_ID_SHA1, BUILD_ID_MD5, BUILD_ID_UUID, BUILD_ID_HEX };

struct ld_opts {
    const char *output;
    const char *entry;
    const char *map;
    const char *sysroot;
    struct vec libdirs;              /* const char * */
    struct ld_input_arg *inputs;
    u32 ninputs, capinputs;
    struct vec undefs;               /* -u names */
    struct ld_defsym *defsyms;
    u32 ndefsyms, capdefsyms;
    int pie;
    int gc_sections, print_gc_sections;
    int strip_all, strip_debug, discard_all, discard_locals;
    int emul_cls;                    /* -m elf32lriscv/elf64lriscv/elf128lriscv, 0 = any */
    int have_image_base;
    u128 image_base;
    u128 page_size;                  /* -z max-page-size */
    int separate_code;               /* 1 by default */
    int execstack;
    int relro;
    int build_id;
    u8 build_id_hex[64];
    u32 build_id_len;
    int eh_frame_hdr;
    int fatal_warnings;
    int trace;
    int print_map_stdout;
    int muldefs;
    u128 max_output;                 /* largest output file (0: 4 GiB) */
};

/* Parse argv into L->opt.  Returns 0 to link, 1 if the command was fully handled
 * (--help, --version), -1 on a usage error (already reported). */
int ld_parse_args(struct ld *L, int argc, char **argv);
int ld_parse_u128(const char *s, u128 *out);

/* ---------------------------------------------------------------------------------- */
/* Inputs                                                                             */
/* ---------------------------------------------------------------------------------- */

/* One relocation of an input section, decoded. */
struct rel {
    u128 off;
    i128 addend;
    u32 type;
    u32 sym;
};

/* Kept byte ranges of an input section whose contents shrink (R_RISCV_ALIGN deletion,
 * .eh_frame pruning): [old, old + len) -> [new, new + len), sorted. */
struct piece {
    u128 old, len, new_;
};

/* Nop fill written after copying (R_RISCV_ALIGN padding that is kept). */
struct nopfill {
    u128 off, len;           /* output-relative offset within the section */
};

struct isec {
    struct obj *obj;
    u32 idx;                 /* section index in obj */
    const char *name;
    u32 type;
    u64 flags;
    u128 size;               /* input size */
    u128 align;
    u128 entsize;
    const u8 *data;          /* NULL for NOBITS / synthetic zero */
    u32 relsec;              /* index of its SHT_RELA section, 0 if none */
    struct rel *rels;        /* decoded relocations (scan.c), sorted by offset */
    u32 nrels;
    struct piece *pieces;    /* NULL: identity mapping */
    u32 npieces;
    struct nopfill *nops;
    u32 nnops;
    u128 outsize;            /* size after deletions */
    struct osec *out;        /* output section, NULL while unassigned or when dropped */
    u128 off;                /* offset within out */
    u32 sortkey;             /* ordering inside the output section (layout.c) */
    u32 seq;                 /* global sequence number (stable sort) */
    u8 live;                 /* kept by --gc-sections (1 when gc is off) */
    u8 discarded;            /* COMDAT duplicate or excluded */
    u8 is_ehframe;
    u8 eh_parsed;            /* ehframe.c parsed the records */
    struct ehrec *eh;        /* .eh_frame records */
    u32 neh;
    u8 has_align_relocs;
    u8 scanned;
    struct isec *gc_next;    /* gc worklist */
    struct sym *common_sym;  /* COMMON allocation: its symbol */
    struct obj *order_obj;   /* COMMON allocation: object that placed it */
};

struct obj {
    const char *name;        /* for messages: "a.o" or "libc.a(printf.o)" */
    const char *file_name;   /* STT_FILE name for the output symbol table */
    struct elf_file *ef;
    struct dwarf *dwarf;     /* its line tables, for messages (ld_where): opened on demand */
    int dwarf_tried;
    const u8 *data;
    usize size;
    int cls;
    u32 eflags;
    u64 order;               /* command-line position << 32 | load sequence */
    u32 nsec;
    struct isec **secs;      /* by section index; NULL for non-content sections */
    u8 *sec_discarded;       /* by section index: 1 = COMDAT duplicate member */
    u32 symsec;
    u32 nsym;
    struct sym **syms;       /* by symbol index; [0] = NULL */
    u8 *sym_weak;            /* by symbol index: the object's own binding is STB_WEAK */
    u32 attrs_sec;           /* .riscv.attributes section index, 0 if none */
    int is_crtbegin, is_crtend;
    int is_linker;           /* the linker's own pseudo object */
};

enum {
    SYM_UNDEF,               /* referenced, not (yet) defined */
    SYM_LAZY,                /* defined by an archive member not loaded yet */
    SYM_DEFINED,             /* in an input section (sec) or absolute (sec NULL) */
    SYM_COMMON,              /* common block: size, value = alignment */
    SYM_LINKER,              /* linker-defined: osec-relative or absolute */
};

struct sym {
    const char *name;
    u8 kind;
    u8 bind, type, other;
    u8 is_local;
    u8 strong_ref;           /* some object references it non-weakly */
    u8 in_discarded;         /* defined in a discarded (COMDAT/excluded) section */
    u8 used;                 /* referenced by a relocation of a live section */
    u8 provide;              /* SYM_LINKER: define only if referenced */
    u8 wanted;               /* SYM_LINKER: will be emitted */
    u8 needs_got, needs_ie, needs_gd;
    u8 in_symtab;
    u8 pull_ref;             /* a non-weak reference (or -u/-e): pulls archive members */
    u8 ref_tls, ref_nontls;  /* types seen in references */
    struct obj *file;        /* defining object, or first referencing one */
    struct obj *ref_file;    /* first object with a non-weak reference */
    struct isec *sec;
    u128 value, size;
    /* SYM_LINKER: value is an absolute address when osec is NULL, else osec-relative */
    struct osec *osec;
    /* SYM_LAZY */
    struct archive *ar;
    u32 member;
    /* SYM_LINKER */
    struct sym *alias;       /* --defsym SYM=OTHER[+-N]: value of OTHER plus alias_add */
    i128 alias_add;
    u8 lk;                   /* which linker-defined symbol (layout.c) */
    u8 lk_rel;               /* its value moves with the load address */
    const char *lk_sec;      /* __start_SEC / __stop_SEC: SEC */
    /* GOT slots (index into the GOT, in words) */
    u32 got, ie, gd;
};

/* ---------------------------------------------------------------------------------- */
/* Archives (ar.c)                                                                    */
/* ---------------------------------------------------------------------------------- */

struct ar_member {
    const char *name;
    const u8 *data;          /* NULL for a thin member not read yet */
    usize size;
    const char *path;        /* thin archive: member file */
    u8 loaded;
    u8 indexed;              /* named by the archive symbol index */
};

struct archive {
    const char *path;
    const u8 *data;
    usize size;
    int thin;
    struct ar_member *mem;
    u32 nmem;
    u32 pos;                 /* command-line position */
    int whole;
    void *scan;              /* ar.c private */
};

/* Parse an archive held in memory.  NULL on error (reported). */
struct archive *ar_parse(struct ld *L, const char *path, const u8 *data, usize size);
/* Names of (name, member) symbol index entries, including members scanned because the
 * index does not cover them; calls fn for each defined global. */
void ar_symbols(struct ld *L, struct archive *a,
                void (*fn)(struct ld *L, struct archive *a, u32 member, const char *name));
/* Member contents (reads thin members). NULL on error (reported). */
const u8 *ar_member_data(struct ld *L, struct archive *a, u32 i, usize *size);

/* ---------------------------------------------------------------------------------- */
/* Output                                                                             */
/* ---------------------------------------------------------------------------------- */

enum { SEG_NONE, SEG_R, SEG_RX, SEG_RW };

enum {
    SYN_NONE, SYN_GOT, SYN_RELA_DYN, SYN_DYNAMIC, SYN_DYNSYM, SYN_DYNSTR, SYN_BUILD_ID,
    SYN_ATTRS, SYN_EH_FRAME_HDR, SYN_COMMENT,
};

struct osec {
    const char *name;
    u32 type;
    u64 flags;
    u128 align;
    u128 entsize;
    u32 link, info;
    int seg;
    int synth;
    int rank;                /* position in the layout */
    struct vec in;           /* struct isec * in output order */
    u128 addr, off, size;
    u8 *data;                /* file contents (size bytes) unless NOBITS */
    u32 shndx;
    int is_tls;
    int relro;
    u32 first_seq;           /* orders orphans of the same rank */
    u32 name_off;            /* in .shstrtab */
};

/* The link. */
struct ld {
    struct ld_chunk *arena;
    struct ld_mapping *mappings;
    jmp_buf *fatal;
    FILE *err;
    const char *prog;
    int nerr, nwarn;
    struct ld_opts opt;

    /* Output class (from the first object) */
    int cls;
    unsigned xlen;           /* 32, 64, 128 */
    unsigned word;           /* bytes of a class word: 4, 8, 16 */
    const char *cls_file;    /* object that fixed the class */
    u32 eflags;
    const char *fabi_file;   /* object that fixed the float ABI */
    int have_eflags;

    struct vec elf_files;    /* struct elf_file * to close */
    struct vec objs;         /* struct obj * in load order */
    struct vec archives;
    struct strmap globals;   /* name -> struct sym */
    struct vec global_list;  /* struct sym * in creation order */
    struct vec pull_queue;   /* archive members to load */
    struct strmap comdats;   /* signature -> struct obj */
    struct vec warnings;     /* struct gnu_warning * */
    struct vec pulled;       /* map: struct pull_note * */
    struct obj *linker_obj;
    void *gc_state;
    u32 seq;
    u32 cur_pos;

    /* Sections */
    struct vec isecs;        /* every content isec (struct isec *) */
    struct vec osecs;        /* output sections in layout order */
    struct strmap osec_by_name;

    /* Synthetic */
    struct osec *got, *rela_dyn, *dynamic, *dynsym, *dynstr, *build_id, *attrs,
        *eh_frame_hdr, *eh_frame;
    u32 ngot;                /* words */
    u32 nrela;               /* dynamic relocations */
    int textrel;
    struct vec got_syms;     /* order of GOT users */
    u8 *attrs_data;
    usize attrs_size;

    /* Layout results */
    u32 build_id_len;
    u32 ndyn;                /* entries of .dynamic */
    u128 got_input;          /* bytes of input .got sections before the linker's slots */
    int have_relro;
    u128 tls_file_end;
    struct elf_phdr **loads;
    u32 nloads;
    u128 file_cursor;        /* file offset after the last loaded byte */
    u128 base;
    u128 hdr_size;
    u32 nphdr;
    struct elf_phdr *phdrs;
    u128 tls_start, tls_end, tls_align;
    int have_tls;
    u128 entry;
    u128 gp;
    u128 image_end;

    /* Dynamic relocations (static PIE) */
    struct rel_out *dynrels;
    u32 ndynrels;
};

/* ld.c */
/* Link with the options in L->opt; returns 0 on success. */
int ld_link(struct ld *L);
void ld_init(struct ld *L, FILE *err);
void ld_free(struct ld *L);
/* Whole command: parse, link, write; returns the exit status. */
int ld_main(int argc, char **argv);
/* Link in memory (fuzzing): `n` objects/archives as buffers; output image (arena) in
 * *out.  Returns 0 on success. */
int ld_link_buffers(struct ld *L, const u8 *const *bufs, const usize *sizes, u32 n,
                    u8 **out, usize *out_size);

/* input.c */
void ld_load_inputs(struct ld *L);
/* an error for every input (file or -l library) that is the output file itself; non-zero
 * when there is one, so the link stops before anything is written or removed */
int ld_check_inputs_not_output(struct ld *L);
void ld_add_buffer(struct ld *L, const char *name, const u8 *data, usize size, u32 pos);
struct sym *ld_sym_lookup(struct ld *L, const char *name);
struct sym *ld_sym_ref(struct ld *L, const char *name, int strong);
void ld_resolve_commons(struct ld *L);
void ld_gnu_warnings(struct ld *L);
int ld_is_c_ident(const char *s);
struct isec *ld_new_synth_isec(struct ld *L, const char *name, u32 type, u64 flags,
                               u128 size, u128 align);

/* gc.c */
void ld_gc(struct ld *L);
void ld_check_undefined(struct ld *L);

/* ehframe.c */
struct ehrec {
    u128 off, len;           /* record [off, off+len) in the input section */
    int is_cie;
    u128 cie_off;            /* FDE: offset of its CIE */
    struct isec *target;     /* FDE: section of pc_begin (NULL: unknown) */
    u8 keep;
    u8 dead_target;          /* FDE: pc_begin names a discarded section */
    u8 marked;               /* FDE: its references were marked by gc */
};
void eh_parse(struct ld *L, struct isec *s);
void eh_prune(struct ld *L, struct isec *s);
u32 eh_mark(struct ld *L, struct isec *s, void (*mark)(struct ld *, struct isec *));
void eh_fix(struct isec *s, u8 *buf);
i64 eh_hdr_count(struct ld *L);
void eh_build_hdr(struct ld *L);

/* scan.c */
void ld_decode_relocs(struct ld *L, struct isec *s);
void ld_scan_relocs(struct ld *L);
void ld_align_deletions(struct ld *L, struct isec *s);
u128 ld_map_off(const struct isec *s, u128 off);
int ld_off_deleted(const struct isec *s, u128 off);

/* layout.c */
void ld_define_linker_syms(struct ld *L);
void ld_layout(struct ld *L);
u128 ld_sym_addr(struct ld *L, const struct sym *s);
u128 ld_isec_addr(const struct isec *s);
int ld_sym_is_abs(const struct sym *s);
u128 ld_got_addr(struct ld *L, u32 slot);
const char *ld_sym_name(const struct sym *s);

/* reloc.c */
struct rel_out {
    u128 off;
    u32 type;
    u32 sym;
    i128 addend;
};
void ld_apply_relocs(struct ld *L, struct isec *s, u8 *buf);
const char *ld_reloc_name(u32 type);
void ld_add_dynrel(struct ld *L, u128 off, u32 type, i128 addend);

/* output.c */
void ld_build_contents(struct ld *L);
int ld_write_output(struct ld *L, u8 **img, usize *size);
int ld_write_file(struct ld *L, const char *path, const u8 *img, usize size);

/* attrs.c */
void ld_merge_attributes(struct ld *L);

/* map.c */
void ld_write_map(struct ld *L);
struct pull_note {
    const char *member;
    const char *by;
    const char *sym;
};

/* Where a reference is made, for messages: "a.o:(.text+0x12)". */
const char *ld_where(struct ld *L, const struct isec *s, u128 off);

static inline u128 ld_align_up(u128 v, u128 a)
{
    return a <= 1 ? v : (v + a - 1) & ~(a - 1);
}

#endif
