/* src/readelf/readelf.h — zl-readelf internals (see docs/ld.md, "zl-readelf").
 *
 * Prints ELF files of class 32, 64 and 128 in GNU readelf's layout: for ELF32/ELF64 the
 * output of -h -l -S -s -r -d (with or without -W) matches riscv64-linux-gnu-readelf's
 * for well-formed files; ELFCLASS128 uses the same layout with 32-digit address fields
 * and r_info split 64/64 (docs/abi.md section 8.4). */
#ifndef ZL_READELF_READELF_H
#define ZL_READELF_READELF_H

#include <stdbool.h>
#include <stdio.h>
#include <zl/types.h>

struct re_opts {
    int header;              /* -h */
    int segments;            /* -l */
    int sections;            /* -S */
    int symbols;             /* -s */
    int relocs;              /* -r */
    int dynamic;             /* -d */
    int wide;                /* -W */
    int debug_line;          /* -wl, --debug-dump=line */
    int debug_decoded;       /* -wL, --debug-dump=decodedline */
    int multi;               /* print "File: NAME" before each file */
};

/* Print `data` (the contents of file `name`).  Diagnostics go to `err` as
 * "zl-readelf: Error: NAME: reason" / "zl-readelf: Warning: NAME: ...".  Returns 0 on
 * success, 1 if the file could not be read as ELF. */
int readelf_buffer(FILE *out, FILE *err, const char *name, const u8 *data, usize size,
                   const struct re_opts *o);

/* -wl (raw) and -wL (decoded): the line-number programs of .debug_line (dwarf_dump.c).
 * Returns 0, or 1 after an error message when the section is malformed. */
struct elf_file;
int readelf_debug_line(FILE *out, FILE *err, const char *name, const struct elf_file *f,
                       bool raw, bool decoded, bool wide);

/* Parse options and print every file; returns the exit status. */
int readelf_main(int argc, char **argv);

#endif
