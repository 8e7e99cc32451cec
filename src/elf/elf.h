/* src/elf/elf.h — the ELF module shared by every ZettaLinux tool.
 *
 * Reads and writes ELF files of class 32, 64 and 128 (little endian) through ONE
 * class-neutral in-memory model: every address, offset and size is a u128, and the class
 * is a value (`cls`, one of ELFCLASS32/64/128), so a tool never switches on the class to
 * read a field.  On-disk layouts: ELF32/ELF64 are the gABI ones; ELFCLASS128 is the
 * ZettaLinux layout (docs/abi.md §8; field offsets in elf_codec.c, sizes in elf_class.c):
 *   Ehdr 96, Phdr 112, Shdr 112, Sym 48, Rel 32, Rela 48, Dyn 32 bytes,
 *   r_info = (u128)sym << 64 | type.
 *
 * Parts (one .c file each):
 *   elf_class.c   per-class geometry (entry sizes, word size), r_info packing
 *   elf_codec.c   encode/decode one on-disk structure <-> model struct
 *   elf_read.c    validating parser of an untrusted memory buffer + accessors
 *   elf_open.c    convenience: read a whole file from a path and parse it
 *   elf_write.c   writer: model -> complete ELF image (layout done here)
 *   elf_strtab.c  string-table builder (deduplicating), used by the writer
 *   elf_names.c   value -> name tables (ET_, PT_, SHT_, SHF_, ST*, DT_, R_RISCV_)
 *   elf_fmt.c     text of flag sets, e_flags, 128-bit numbers
 *   elf_reserved.c  ELFCLASS128 reserved bytes that are not zero (for zl-readelf)
 *   elf_err.c     error-message helper
 *   elf_ar.c      the `ar` archive reader; elf_arwrite.c the writer (zl-ar, zl-ranlib)
 *   elf_input.c   a binutils-style tool's input (file or archive) with GNU's messages
 *
 * Do not include the host <elf.h> together with this header: the constant names are the
 * standard ones.
 *
 * Error reporting: functions that can fail fill a `struct elf_err` whose `msg` is a short
 * lower-case reason meant to be printed as "zl-tool: FILE: <msg>".
 */
#ifndef ZL_ELF_ELF_H
#define ZL_ELF_ELF_H

#include <stdbool.h>
#include <stdio.h>
#include <zl/types.h>

/* ---------------------------------------------------------------------------------- */
/* Constants: the standard names, shared with zlibc's <elf.h> (include/zl/elfconst.h)  */
/* ---------------------------------------------------------------------------------- */
#include <zl/elfconst.h>

/* st_info/st_other are one byte in every class. */
#define ELF_ST_BIND(i)       ((u8)(i) >> 4)
#define ELF_ST_TYPE(i)       ((u8)(i) & 0xf)
#define ELF_ST_INFO(b, t)    ((u8)(((b) << 4) | ((t) & 0xf)))
#define ELF_ST_VISIBILITY(o) ((u8)(o) & 0x3)

/* r_info packing per class (see also elf_r_sym/elf_r_type/elf_r_info below). */
#define ELF32_R_SYM(i)      ((u32)(i) >> 8)
#define ELF32_R_TYPE(i)     ((u32)(i) & 0xff)
#define ELF32_R_INFO(s, t)  (((u32)(s) << 8) | ((u32)(t) & 0xff))
#define ELF64_R_SYM(i)      ((u32)((u64)(i) >> 32))
#define ELF64_R_TYPE(i)     ((u32)(u64)(i))
#define ELF64_R_INFO(s, t)  (((u64)(s) << 32) | (u64)(u32)(t))
#define ELF128_R_SYM(i)     ((u64)((u128)(i) >> 64))
#define ELF128_R_TYPE(i)    ((u64)(u128)(i))
#define ELF128_R_INFO(s, t) (((u128)(u64)(s) << 64) | (u128)(u64)(t))

/* ---------------------------------------------------------------------------------- */
/* Class-neutral model                                                                */
/* ---------------------------------------------------------------------------------- */

/* File header.  Reader: counts are the real ones (extended numbering through section 0
 * resolved).  Writer (elf_writer_new): only cls, type, machine, flags, entry and
 * ident[EI_OSABI]/ident[EI_ABIVERSION] are used; the rest is computed. */
struct elf_ehdr {
    int cls;                 /* ELFCLASS32, ELFCLASS64 or ELFCLASS128 */
    u8 ident[EI_NIDENT];
    u16 type, machine;
    u32 version, flags;
    u16 ehsize, phentsize, shentsize;
    u128 entry, phoff, shoff;
    u32 phnum, shnum, shstrndx;
};

struct elf_phdr {
    u32 type, flags;
    u128 offset, vaddr, paddr, filesz, memsz, align;
};

/* Section header.  `name` points into the file's string table (reader) or is the name to
 * store (writer); never NULL from the reader ("" when unnamed). */
struct elf_shdr {
    const char *name;
    u32 name_off;            /* sh_name */
    u32 type, link, info;
    u128 flags, addr, offset, size, addralign, entsize;
};

/* Symbol.  `shndx` is the real section index: SHN_XINDEX resolved through
 * SHT_SYMTAB_SHNDX by the reader.  The writer uses name, info, other, shndx, value, size. */
struct elf_sym {
    const char *name;        /* never NULL from the reader */
    u32 name_off;            /* st_name */
    u8 info, other;          /* use ELF_ST_BIND/TYPE/VISIBILITY */
    u32 shndx;
    u128 value, size;
};

/* Relocation, REL or RELA.  Reader fills every field (info = raw r_info); the writer uses
 * offset, sym, type and addend (addend must be 0 in a REL section). */
struct elf_rel {
    u128 offset;
    u128 info;
    u32 sym;
    u64 type;                /* ELF128: the low 64 bits of r_info */
    i128 addend;
    int has_addend;          /* 1 if it came from SHT_RELA */
};

struct elf_dyn {
    i128 tag;
    u128 val;
};

/* Compression header at the start of a SHF_COMPRESSED section. */
struct elf_chdr {
    u32 type;                /* ELFCOMPRESS_* */
    u128 size, addralign;
};
#define ELFCOMPRESS_ZLIB 1
#define ELFCOMPRESS_ZSTD 2

struct elf_err {
    char msg[160];
};

/* ---------------------------------------------------------------------------------- */
/* Class geometry and r_info (elf_class.c)                                            */
/* ---------------------------------------------------------------------------------- */

/* On-disk sizes of one class.  elf_geom() returns NULL for an unknown class. */
struct elf_geom {
    int cls;
    unsigned bits;           /* 32, 64, 128 */
    unsigned word;           /* address/offset size in bytes: 4, 8, 16 */
    unsigned ehsize, phentsize, shentsize, symsize, relsize, relasize, dynsize, chdrsize;
};
const struct elf_geom *elf_geom(int cls);
int elf_class_valid(int cls);
unsigned elf_class_bits(int cls);                /* 32/64/128, 0 if unknown */
int elf_class_from_bits(unsigned bits);          /* 32/64/128 -> ELFCLASS*, 0 if unknown */
u128 elf_class_max(int cls);                     /* largest address/offset of the class */

u64 elf_r_sym(int cls, u128 info);
u64 elf_r_type(int cls, u128 info);
u128 elf_r_info(int cls, u64 sym, u64 type);     /* caller checks elf_r_info_fits */
int elf_r_info_fits(int cls, u64 sym, u64 type);

/* ---------------------------------------------------------------------------------- */
/* Encode / decode one on-disk entry (elf_codec.c)                                    */
/* ---------------------------------------------------------------------------------- */
/* `p` must hold the class's entry size (elf_geom).  Decoders cannot fail and leave
 * name pointers NULL / has_addend as given.  Encoders return 0, or -1 if a value does not
 * fit the class (e.g. an address >= 2^32 in ELF32); reserved bytes are written as 0. */
void elf_decode_ehdr(int cls, const u8 *p, struct elf_ehdr *out);   /* raw 16-bit counts */
void elf_decode_phdr(int cls, const u8 *p, struct elf_phdr *out);
void elf_decode_shdr(int cls, const u8 *p, struct elf_shdr *out);
void elf_decode_sym(int cls, const u8 *p, struct elf_sym *out);     /* shndx raw */
void elf_decode_rel(int cls, const u8 *p, int rela, struct elf_rel *out);  /* sym/type truncated */
void elf_decode_dyn(int cls, const u8 *p, struct elf_dyn *out);
void elf_decode_chdr(int cls, const u8 *p, struct elf_chdr *out);
int elf_encode_ehdr(int cls, const struct elf_ehdr *h, u8 *p);      /* writes ident too */
int elf_encode_phdr(int cls, const struct elf_phdr *ph, u8 *p);
int elf_encode_shdr(int cls, const struct elf_shdr *sh, u8 *p);
int elf_encode_sym(int cls, const struct elf_sym *s, u8 *p);
int elf_encode_rel(int cls, const struct elf_rel *r, int rela, u8 *p);  /* info from sym/type */
int elf_encode_dyn(int cls, const struct elf_dyn *d, u8 *p);
int elf_encode_chdr(int cls, const struct elf_chdr *c, u8 *p);

/* ---------------------------------------------------------------------------------- */
/* Reader (elf_read.c)                                                                */
/* ---------------------------------------------------------------------------------- */

/* Parse `size` bytes at `data` (untrusted).  Everything is validated up front, so the
 * accessors below cannot fail on a file that opened.  The buffer is not copied: keep it
 * alive and unchanged until elf_close().  Returns NULL and fills *err on failure.
 *
 * flags: ELF_READ_PHDRS_ONLY — the loader's path: validate the header and program
 * headers only; the file then shows 0 sections (section headers are not even looked at,
 * except section 0 when e_phnum == PN_XNUM). */
#define ELF_READ_PHDRS_ONLY 0x1u
struct elf_file;
struct elf_file *elf_read(const void *data, usize size, unsigned flags, struct elf_err *err);
void elf_close(struct elf_file *f);

/* Read a whole file (at most ELF_OPEN_MAX bytes) and parse it; elf_close frees both
 * (elf_open.c). */
#define ELF_OPEN_MAX ((usize)1 << 32)
struct elf_file *elf_open(const char *path, unsigned flags, struct elf_err *err);
/* Read all of fp (at most ELF_OPEN_MAX bytes) into a malloc'd buffer (elf_open.c). */
u8 *elf_slurp(FILE *fp, usize *size, struct elf_err *err);

/* The file image the reader looks at. */
const u8 *elf_data(const struct elf_file *f);
usize elf_size(const struct elf_file *f);

const struct elf_ehdr *elf_header(const struct elf_file *f);
int elf_cls(const struct elf_file *f);

u32 elf_phnum(const struct elf_file *f);
const struct elf_phdr *elf_phdr(const struct elf_file *f, u32 i);    /* NULL if i >= phnum */
/* File bytes of segment i ([p_offset, p_offset + p_filesz)); *size may be 0. */
int elf_segment_data(const struct elf_file *f, u32 i, const u8 **data, usize *size);

u32 elf_shnum(const struct elf_file *f);                              /* includes section 0 */
const struct elf_shdr *elf_shdr(const struct elf_file *f, u32 i);    /* NULL if i >= shnum */
u32 elf_section_by_name(const struct elf_file *f, const char *name); /* 0 if none */
u32 elf_section_by_type(const struct elf_file *f, u32 type);         /* first one, 0 if none */
/* Contents of section i.  SHT_NOBITS, empty sections, section 0: *data = NULL, *size = 0.
 * Returns 0, or -1 if i is out of range. */
int elf_section_data(const struct elf_file *f, u32 i, const u8 **data, usize *size);

/* Symbols of a SHT_SYMTAB/SHT_DYNSYM section (count 0 for any other section). */
u32 elf_sym_count(const struct elf_file *f, u32 sec);
int elf_sym(const struct elf_file *f, u32 sec, u32 i, struct elf_sym *out);  /* 0 or -1 */

/* Relocations of a SHT_REL/SHT_RELA section (count 0 for any other section).  `sym` is
 * an index into the symbol table of section sh_link (0 when sh_link is 0). */
u32 elf_rel_count(const struct elf_file *f, u32 sec);
int elf_rel(const struct elf_file *f, u32 sec, u32 i, struct elf_rel *out);  /* 0 or -1 */

/* Entries of a SHT_DYNAMIC section. */
u32 elf_dyn_count(const struct elf_file *f, u32 sec);
int elf_dyn(const struct elf_file *f, u32 sec, u32 i, struct elf_dyn *out);  /* 0 or -1 */

/* NUL-terminated string at offset `off` of string-table section `strsec`, or NULL if
 * strsec is not a SHT_STRTAB or the string is not fully inside it. */
const char *elf_string(const struct elf_file *f, u32 strsec, u128 off);

/* ELFCLASS128 reserved bytes (Ehdr 88..95, Phdr 8..15, Sym 8..15; docs/abi.md: written
 * as zero, ignored by readers) that are not zero: returns how many structures have some,
 * and describes the first in where[n] ("ELF header", "program header 2", "symbol 5 in
 * section 7").  Always 0 for ELF32/ELF64.  (elf_reserved.c) */
u32 elf_reserved_nonzero(const struct elf_file *f, char *where, usize n);

/* ---------------------------------------------------------------------------------- */
/* Writer (elf_write.c)                                                               */
/* ---------------------------------------------------------------------------------- */
/* Build an ELF image of any class.  Section indices are final as returned: user
 * sections (and relocation sections) are numbered 1, 2, ... in the order added; the
 * writer appends .symtab and .strtab (when there are symbols or relocation sections)
 * and .shstrtab after them.  Errors are sticky: a failing add returns 0 and the message
 * is reported by elf_writer_finish / elf_writer_write.
 *
 * Layout: ELF header, program headers (if any segments), section contents in order (each
 * at a multiple of sh_addralign; a SHF_ALLOC section inside a PT_LOAD segment at a file
 * offset congruent to its address modulo p_align, keeping the address gaps of the
 * segment), then the section header table. */
struct elf_writer;

struct elf_writer *elf_writer_new(const struct elf_ehdr *proto);  /* NULL: out of memory */
void elf_writer_free(struct elf_writer *w);

/* Add a section.  Uses sh->name, type, flags, addr, size, link, info, addralign, entsize.
 * `data` holds sh->size bytes (copied); NULL for SHT_NOBITS, or to get zero bytes.
 * entsize 0 for table types (SYMTAB, REL, RELA, DYNAMIC, ...) is filled in.
 * sh_link (and sh_info of REL/RELA/SHF_INFO_LINK sections) may be ELF_WRITER_SYMTAB or
 * ELF_WRITER_STRTAB, replaced by the index of .symtab/.strtab at finish (e.g. SHT_GROUP).
 * Returns the section index or 0. */
#define ELF_WRITER_SYMTAB 0xffffffffu
#define ELF_WRITER_STRTAB 0xfffffffeu
u32 elf_writer_add_section(struct elf_writer *w, const struct elf_shdr *sh, const void *data);

/* Add a symbol to .symtab (symbol 0, the null symbol, exists already).  All STB_LOCAL
 * symbols must come before the others.  Copies the name.  Returns the index, or 0. */
u32 elf_writer_add_symbol(struct elf_writer *w, const struct elf_sym *sym);

/* Add a relocation section ".rel<target name>" / ".rela<target name>" (name may be
 * overridden with `name` != NULL) for section `target` (0 = none, e.g. dynamic relocs),
 * linked to .symtab, flags SHF_INFO_LINK when target != 0.  Entries are copied.
 * Returns the section index or 0. */
u32 elf_writer_add_relocs(struct elf_writer *w, const char *name, u32 target, int rela,
                          const struct elf_rel *rels, usize n);

/* Add a program header.  With nsec > 0 the segment covers sections [first, first+nsec)
 * and the writer computes p_offset, p_vaddr, p_paddr (= p_vaddr), p_filesz, p_memsz from
 * them (ph->type, flags, align are used; align 0 = largest section alignment).  Flags:
 *   ELF_SEG_HEADERS  the segment also maps the ELF header and program headers
 *                    (p_offset 0); the first section's address must leave room for them
 *                    (see elf_headers_size).
 * With nsec == 0: type PT_PHDR is computed from the segment that maps the headers;
 * any other type is written exactly as given in *ph.
 * Only PT_LOAD segments steer the file layout.  Returns the segment index (from 1), or 0. */
#define ELF_SEG_HEADERS 0x1u
u32 elf_writer_add_segment(struct elf_writer *w, const struct elf_phdr *ph, u32 first,
                           u32 nsec, unsigned flags);

/* Size of ELF header + program header table for `nseg` segments of class cls. */
u128 elf_headers_size(int cls, u32 nseg);

/* Lay out and encode.  On success *out is a malloc'd image of *size bytes (caller frees)
 * and 0 is returned; on failure -1 with *err filled.  finish may be called again (after
 * adding more); a writer that failed stays failed. */
int elf_writer_finish(struct elf_writer *w, u8 **out, usize *size, struct elf_err *err);
int elf_writer_write(struct elf_writer *w, FILE *fp, struct elf_err *err);

/* Deduplicating string-table builder: starts with the empty string at offset 0.
 * elf_strtab.c */
struct elf_strtab {
    char *buf;
    usize len, cap;
    u32 *slots;              /* open addressing: string offset + 1, 0 = empty */
    usize nslots, used;
};
void elf_strtab_init(struct elf_strtab *st);
void elf_strtab_free(struct elf_strtab *st);
/* Offset of s in the table (added if new); -1 if out of memory or beyond 4 GiB. */
int elf_strtab_add(struct elf_strtab *st, const char *s, u32 *off);

/* ---------------------------------------------------------------------------------- */
/* Names (elf_names.c).  Short names without prefix ("EXEC", "LOAD", "PROGBITS",       */
/* "GLOBAL", "FUNC", "DEFAULT", "NEEDED"), NULL when unknown.                           */
/* ---------------------------------------------------------------------------------- */
const char *elf_class_name(int cls);          /* "ELF32", "ELF64", "ELF128" */
const char *elf_osabi_name(u8 osabi);          /* "UNIX - System V", ... */
const char *elf_et_name(u16 type);             /* "REL", "EXEC", "DYN", ... */
const char *elf_et_desc(u16 type);             /* "Relocatable file", ... */
const char *elf_em_name(u16 machine);          /* "RISC-V", ... */
const char *elf_pt_name(u32 type);
const char *elf_sht_name(u32 type);
const char *elf_shf_name(u128 flag);           /* one bit: "WRITE", "ALLOC", ... */
const char *elf_stb_name(u8 bind);
const char *elf_stt_name(u8 type);
const char *elf_stv_name(u8 vis);
const char *elf_shn_name(u32 shndx);           /* "UND", "ABS", "COM", NULL otherwise */
const char *elf_dt_name(i128 tag);
/* "R_RISCV_HI20", ... for EM_RISCV; NULL when unknown. */
const char *elf_reloc_name(u16 machine, u64 type);

/* Writers of text into buf (always NUL-terminated, truncated to n); return buf. */
/* readelf-style flag letters: W A X M S I L O G T C E, 'x' unknown, 'o' OS, 'p' proc. */
char *elf_shf_letters(u128 flags, char *buf, usize n);
/* p_flags as 3 columns, readelf style: "R E", "RW ", "RWE". */
char *elf_pf_string(u32 flags, char *buf, usize n);
/* e_flags decoding: "RVC, double-float ABI" / ", RVE, TSO"; unknown bits as hex. */
char *elf_eflags_string(u16 machine, u32 flags, char *buf, usize n);
/* Decimal / hexadecimal (no 0x, no leading zeros) text of a 128-bit value. */
char *elf_u128_dec(u128 v, char *buf, usize n);
char *elf_u128_hex(u128 v, char *buf, usize n);

/* ---------------------------------------------------------------------------------- */
/* `ar` archives (elf_ar.c): the one reader, for the linker and readelf.                */
/* ---------------------------------------------------------------------------------- */
#define AR_MAGIC_LEN 8
bool ar_is_archive(const u8 *data, usize size);     /* "!<arch>\n" or thin "!<thin>\n" */

enum ar_kind {
    AR_MEMBER,          /* an ordinary member */
    AR_SYMTAB,          /* "/": the GNU symbol index, 32-bit big-endian count and offsets */
    AR_SYMTAB64,        /* "/SYM64/": the same with 64-bit fields */
    AR_LONGNAMES,       /* "//": the long-name table */
    AR_BSD_SYMDEF,      /* "__.SYMDEF": a BSD index (not interpreted) */
};
struct ar_entry {
    enum ar_kind kind;
    usize hdr_off;      /* offset of the member's header (what a symbol index names) */
    const char *name;   /* members: name_len bytes inside the archive, not NUL-terminated */
    usize name_len;
    const u8 *data;     /* the data; NULL for the members of a thin archive */
    u64 size;           /* bytes of data (without a BSD name) */
};
struct ar_walk {
    const u8 *data;
    usize size, pos;
    bool thin;
    const u8 *longnames;
    usize longnames_size;
};
void ar_walk_init(struct ar_walk *w, const u8 *data, usize size);
/* The next entry: 1, or 0 at the end, or -1 for a malformed archive, with *why a static
 * message and e->hdr_off the offset of the header at fault. */
int ar_walk_next(struct ar_walk *w, struct ar_entry *e, const char **why);

/* Writer (elf_arwrite.c): a GNU archive of n members in order, with the "/" symbol
 * index when `index` (members that are not ELF add no symbols).  *out is malloc'd.
 * Returns 0, or -1 when out of memory. */
struct ar_out_member {
    const char *name;   /* NUL-terminated, without directory */
    const u8 *data;
    u64 size;
    unsigned mode;      /* st_mode; the header stores mode & 07777 in octal */
};
int ar_build(const struct ar_out_member *m, usize n, bool index, u8 **out, usize *size);

/* ---------------------------------------------------------------------------------- */
/* Inputs of the binutils-style tools (elf_input.c): a path that names an ELF file or   */
/* an archive of them, with GNU binutils' messages.                                     */
/* ---------------------------------------------------------------------------------- */
/* Called once per object.  `member` is NULL for a plain file, else the member's name
 * (NUL-terminated copy).  For an archive, the callback is first called once with
 * f == NULL and member == NULL (the archive itself).  A nonzero return stops the walk
 * and is returned. */
typedef int (*elf_input_fn)(void *ctx, const char *path, const char *member,
                            struct elf_file *f);
/* Open `path` and call fn for it (or for each archive member).  Problems are reported
 * on stderr as "TOOL: 'x': No such file", "TOOL: Warning: 'x' is a directory",
 * "TOOL: x: file format not recognized", "TOOL: x: file truncated", ... and give 1; an archive member
 * that is not ELF is reported and skipped (as GNU nm does).  Returns 0 on success.
 * *is_archive (may be NULL) tells whether path was an archive. */
int elf_input_each(const char *tool, const char *path, elf_input_fn fn, void *ctx,
                   bool *is_archive);
/* The whole file, for tools that also need the raw bytes; same messages. NULL on error. */
u8 *elf_input_load(const char *tool, const char *path, usize *size);

#endif /* ZL_ELF_ELF_H */
