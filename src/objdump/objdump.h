/* zl-objdump internals: an ELF file of class 32/64/128 opened through src/elf, its
 * symbols, and the output formats of GNU objdump (-h -t -r -s -d -l -S). */
#ifndef ZL_OBJDUMP_OBJDUMP_H
#define ZL_OBJDUMP_OBJDUMP_H

#include <stdbool.h>
#include <stdio.h>
#include <zl/types.h>

#include "elf/elf.h"

struct od_opts {
    bool headers;       /* -h */
    bool syms;          /* -t */
    bool relocs;        /* -r */
    bool contents;      /* -s */
    bool disasm;        /* -d */
    bool disasm_all;    /* -D */
    bool file_header;   /* -f */
    bool private_headers; /* -p */
    bool archive_header;  /* -a (-x): the file name line */
    bool no_aliases;    /* -M no-aliases */
    bool numeric;       /* -M numeric */
    bool zeroes;        /* -z */
    bool line_numbers;  /* -l */
    bool source;        /* -S (implies -d) */
    bool inlines;       /* --inlines: with -l, the places code was inlined at */
    const char **only;  /* -j NAME… */
    usize nonly;
};

struct od_sym {
    const char *name;
    u128 value, size;
    u32 shndx;
    u8 info, other;
    u32 index;          /* in the symbol table */
};

struct od_file {
    const char *path;
    struct elf_file *f;
    int cls;
    int xlen;
    unsigned addr_digits;          /* 8, 16, 32 */
    struct od_sym *syms;
    u32 nsyms;
    u32 symtab;                    /* section index of .symtab (0 = none) */
    unsigned exts;                 /* extensions for disassembly */
    FILE *out;
};

int od_open(struct od_file *F, const char *path, FILE *out);
void od_close(struct od_file *F);
bool od_section_selected(const struct od_opts *o, const char *name);
const char *od_format_name(const struct od_file *F);

void od_file_header(struct od_file *F);
void od_private_headers(struct od_file *F);
void od_headers(struct od_file *F, const struct od_opts *o);
void od_symbols(struct od_file *F);
void od_relocs(struct od_file *F, const struct od_opts *o);
void od_contents(struct od_file *F, const struct od_opts *o);
/* Returns 0, or 1 when the line information (-l, -S) could not be read. */
int od_disassemble(struct od_file *F, const struct od_opts *o);

/* -l and -S (lines.c): NULL when neither is asked for, or (after a message, *status
 * set to 1) when the DWARF cannot be read; od_lines_show then does nothing.  Call
 * od_lines_show before each instruction or data word, with its offset in section sec. */
struct od_lines;
struct od_lines *od_lines_open(struct od_file *F, const struct od_opts *o, int *status);
void od_lines_show(struct od_lines *L, u32 sec, u128 off);
void od_lines_close(struct od_lines *L);

/* "%0*x" of a 128-bit value with `digits` hex digits; returns buf. */
char *od_hex(u128 v, unsigned digits, char *buf);
/* Name a relocation's symbol as GNU objdump does (section symbols by their section). */
const char *od_sym_name(const struct od_file *F, u32 symidx);
bool od_has_relocs(const struct od_file *F, u32 sec);
void od_put_name(FILE *out, const char *name);

#endif
