/* src/elf/dwarf.h — DWARF line-number information of an ELF file of any class.
 *
 * Two layers:
 *   dwarf_line.c  the .debug_line reader: a unit's header (versions 2 to 5, 32- and
 *                 64-bit DWARF, DWARF 5 directory/file entry formats) and a stepper that
 *                 decodes the line-number program one opcode at a time, keeping the state
 *                 machine's registers (zl-readelf -wl prints each opcode, the lookup
 *                 below collects the rows).
 *   dwarf_info.c  an address -> (file, line, function) index over a whole file: the debug
 *                 sections (relocated, in a relocatable object), the compile units of
 *                 .debug_info (DW_AT_stmt_list, DW_AT_comp_dir), their subprograms and
 *                 inlined subroutines, and the rows of their line tables.
 *   dwarf_sym.c   the function around an address from the symbol table, for code
 *                 without DWARF subprograms.
 *
 * Addresses are u128 throughout: DW_LNE_set_address and DW_FORM_addr take the operand
 * size the producer wrote (16 bytes in ELFCLASS128 files).  Every read is bounds-checked;
 * malformed input gives -1 and a message in struct elf_err ("DWARF error: ..."), never a
 * read outside the section.
 */
#ifndef ZL_ELF_DWARF_H
#define ZL_ELF_DWARF_H

#include "elf/elf.h"

/* A cursor over section bytes.  Reads past `end` set `bad` and return 0. */
struct dwarf_cur {
    const u8 *base;          /* start of the section (offsets are relative to it) */
    usize pos, end;
    bool bad;
};
u64 dwarf_u(struct dwarf_cur *c, unsigned n);       /* n-byte little-endian, n <= 8 */
u128 dwarf_addr(struct dwarf_cur *c, unsigned n);   /* n-byte little-endian, n <= 16 */
u64 dwarf_uleb(struct dwarf_cur *c);                /* bad if it does not fit 64 bits */
i64 dwarf_sleb(struct dwarf_cur *c);
const char *dwarf_cstr(struct dwarf_cur *c);        /* NUL-terminated inside the cursor */

/* A string of a string section (.debug_str, .debug_line_str) at `off`, or NULL. */
const char *dwarf_strp(const u8 *sec, usize size, u64 off);

/* ---- .debug_line ---- */

struct dwarf_sect {
    const u8 *data;
    usize size;
};

struct dwarf_line_file {
    const char *name;        /* never NULL ("" when absent) */
    u64 dir, mtime, size;
    bool has_md5;
    u8 md5[16];
};

/* DWARF 5 entry format: content type (DW_LNCT_*) and form (DW_FORM_*) pairs. */
struct dwarf_lnct {
    u64 type, form;
};

struct dwarf_line_hdr {
    usize off;               /* offset of the unit in .debug_line */
    u64 unit_length;
    bool dwarf64;
    u16 version;
    u8 addr_size, seg_size;  /* version 5 only; 0 before */
    u64 header_length;
    u8 min_insn, max_ops, default_is_stmt;
    i8 line_base;
    u8 line_range, opcode_base;
    u8 oplen[256];           /* standard_opcode_lengths[1 .. opcode_base - 1] */
    /* Directories and files as numbered by the version: before 5, dirs[0] is the
     * compilation directory (name "") and files[0] is unused, so that dirs[i] and
     * files[i] are entries i of the tables in every version. */
    u32 ndirs, nfiles;
    const char **dirs;
    struct dwarf_line_file *files;
    /* for zl-readelf: the entry formats (version 5; at most 8 each) and the offsets in
     * .debug_line of the first directory and file entries (every version) */
    u32 ndir_fmt, nfile_fmt;
    struct dwarf_lnct dir_fmt[8], file_fmt[8];
    usize dir_table, file_table;
    usize prog, end;         /* the line-number program: [prog, end) */
};

/* Parse the header of the unit at `off` of .debug_line.  `line_str` and `str` are the
 * string sections for DW_FORM_line_strp and DW_FORM_strp (may be empty).  Returns 0, or
 * -1 with err filled.  dwarf_line_hdr_free releases dirs and files. */
int dwarf_line_hdr_read(const struct dwarf_sect *line, usize off, const struct dwarf_sect *str,
                        const struct dwarf_sect *line_str, struct dwarf_line_hdr *h,
                        struct elf_err *err);
void dwarf_line_hdr_free(struct dwarf_line_hdr *h);

/* The line-number state machine's registers. */
struct dwarf_line_regs {
    u128 addr;
    u64 file, op_index, isa;
    u32 line, col, disc;
    bool is_stmt, basic_block, end_seq, prologue_end, epilogue_begin;
};

/* One decoded opcode.  `kind` tells which: a special opcode (op >= opcode_base), a
 * standard one (DW_LNS_*, op), or an extended one (op == 0, ext = DW_LNE_*). */
struct dwarf_line_op {
    usize off;               /* offset of the opcode in .debug_line */
    u8 op, ext;
    u64 ext_len;             /* extended: length after the length field */
    usize ext_data;          /* extended: offset of the operands */
    u64 uarg;                /* unsigned operand (advance_pc, set_file, ...) */
    i64 sarg;                /* signed operand (advance_line) */
    u128 addr;               /* set_address's operand */
    unsigned addr_len;       /* its size in bytes */
    u128 addr_delta;         /* special, advance_pc, const_add_pc, fixed_advance_pc */
    i64 line_delta;          /* special, advance_line */
    bool row;                /* a row was appended (special, copy, end_sequence) */
    const char *define_name; /* DW_LNE_define_file (version < 5): name, */
    u64 define[3];           /* directory, time, size */
};

struct dwarf_line_vm {
    const struct dwarf_line_hdr *h;
    struct dwarf_cur c;
    struct dwarf_line_regs r;   /* after the opcode just decoded */
    struct dwarf_line_regs row; /* the row appended by it, when op.row */
};
void dwarf_line_start(struct dwarf_line_vm *vm, const struct dwarf_line_hdr *h,
                      const struct dwarf_sect *line);
/* Decode the next opcode: 1, 0 at the end of the program, or -1 with err filled. */
int dwarf_line_step(struct dwarf_line_vm *vm, struct dwarf_line_op *op, struct elf_err *err);

/* ---- address lookup over a whole file (dwarf_info.c) ---- */

struct dwarf_loc {
    const char *file;        /* NULL when unknown */
    const char *func;        /* NULL when no subprogram covers the address */
    u32 line, disc;
    usize inl;               /* for dwarf_inliner: 0, or the inlined subroutine + 1 */
};

struct dwarf;
/* Index the debug information of f (which must stay open).  A file without
 * .debug_info/.debug_line gives an empty index, not an error.  Returns NULL with err
 * filled on malformed DWARF or unsupported relocations in a relocatable object.
 * flags DWARF_OPEN_RAW: only load the debug sections, relocated (in a relocatable
 * object) with every section at its own address, as GNU readelf shows them; no index
 * (dwarf_lookup finds nothing). */
#define DWARF_OPEN_RAW 0x1u
struct dwarf *dwarf_open(const struct elf_file *f, unsigned flags, struct elf_err *err);
void dwarf_close(struct dwarf *d);
/* The row covering addr: 1 with *loc filled, 0 if no line table covers it.  loc->func
 * comes from the smallest subprogram or inlined subroutine covering addr (NULL if
 * none); it is looked up even when no row is found. */
int dwarf_lookup(const struct dwarf *d, u128 addr, struct dwarf_loc *loc);
/* After dwarf_lookup, when loc->func is an inlined subroutine: step out to the code
 * it was inlined in: loc->file and loc->line become the place of the call
 * (DW_AT_call_file, DW_AT_call_line), loc->func the caller.  Returns 1, or 0 (loc
 * unchanged) when there is no caller.  Like GNU addr2line -i. */
int dwarf_inliner(const struct dwarf *d, struct dwarf_loc *loc);
/* What GNU BFD's find_nearest_line answers for offset `off` of section `sec`: the line
 * of the DWARF line tables (address dwarf_section_vma(sec) + off) and the function of
 * the DWARF subprograms; when no subprogram covers it, the function from the symbol
 * table (elf_find_function, through a cache kept in d), and when no line table does
 * either, the file name of that function's STT_FILE symbol and line 0.  Returns 1, or 0
 * when neither the line tables nor the symbols know the address. */
int dwarf_find_line(struct dwarf *d, u32 sec, u128 off, struct dwarf_loc *loc);
/* The address the debug information gives section `sec`: sh_addr, except in a
 * relocatable object, where the allocated sections are placed one after the other
 * from 0 (each at its alignment) before the debug sections are relocated. */
u128 dwarf_section_vma(const struct dwarf *d, u32 sec);
/* Relocated contents of the named section (the file's own bytes when nothing applies);
 * data NULL, size 0 when absent. */
struct dwarf_sect dwarf_section(const struct dwarf *d, const char *name);

/* ---- functions from the symbol table (dwarf_sym.c) ---- */

/* The last answer of elf_find_function, reused while the offsets stay inside the
 * chosen symbol's [value, value + size) in the same section, as BFD's cache is (which
 * makes the answers depend on the order of the queries, as GNU's do).  Zero it first. */
struct elf_func_cache {
    u32 sec;
    u128 lo, hi;
    const char *name, *file;
};
/* The function symbol of `symtab` around `off` (a symbol value: an address, or an
 * offset in a relocatable object) in section `sec`, by the rules of GNU BFD's
 * _bfd_elf_find_function; NULL if none.  *file is set to the name of the STT_FILE
 * symbol before it when the symbol is local or no other symbol came between, else
 * NULL. */
const char *elf_find_function(const struct elf_file *f, u32 symtab, u32 sec, u128 off,
                              struct elf_func_cache *cache, const char **file);

#endif /* ZL_ELF_DWARF_H */
