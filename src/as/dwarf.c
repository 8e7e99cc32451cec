/* DWARF line-number information from `.file N "name"` and `.loc N line [column]`.
 *
 * Each .loc records a row (file, line, column) at an assembler label placed where the
 * next instruction goes.  At the end of the input (dwarf_finish, before layout) the rows
 * become, for each section that has any, one sequence of a DWARF version 3 line-number
 * program in .debug_line.  Every row starts with DW_LNE_set_address, whose operand is a
 * data fixup on its label: a relocation (R_RISCV_32/64/128 by XLEN), so the table stays
 * right whatever linker relaxation or section placement does with the code.  A minimal
 * .debug_info compile unit (DW_TAG_compile_unit with DW_AT_stmt_list, DW_AT_ranges over
 * the sections with rows, DW_AT_name, DW_AT_comp_dir, DW_AT_producer, DW_AT_language)
 * and its .debug_abbrev/.debug_ranges are added, since consumers such as addr2line find
 * line tables through the compile units — unless the input has a .debug_info of its own
 * (a compiler's, which refers to the start of .debug_line).  docs/as.md describes the
 * choices. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "as/as.h"

struct dw_row {
    struct section *sec;
    struct sym *label;
    u32 file, line, col;
};

struct dwarf {
    char **files;               /* files[N] = name of .file N (1-based; [0] unused) */
    u32 nfiles;
    struct dw_row *rows;
    usize nrows, cap;
};

static struct dwarf *dw(struct as *A)
{
    if (!A->dwarf) A->dwarf = as_alloc(A, sizeof *A->dwarf);
    return A->dwarf;
}

void dwarf_free(struct as *A)
{
    if (A->dwarf) free(A->dwarf->rows);
    A->dwarf = NULL;
}

/* .file N "name" or .file N "dir" "name" (the DWARF 5 form): entry N of the file table */
void dwarf_file(struct as *A, const char *args)
{
    const char *p = skip_ws(args);
    i128 n;
    if (!expr_const(A, &p, &n)) return;
    if (n < 0 || n > 65535) { as_error(A, "file number %lld out of range", (long long)n); return; }
    p = skip_ws(p);
    struct bytes a = { 0 }, b = { 0 };
    if (*p != '"') { as_error(A, "expected string"); return; }
    p = lex_string(A, p, &a);
    if (!p) { bytes_free(&a); return; }
    p = skip_ws(p);
    if (*p == '"') {
        p = lex_string(A, p, &b);
        if (!p) { bytes_free(&a); bytes_free(&b); return; }
        p = skip_ws(p);
    }
    if (*p && *p != '#') {
        /* an MD5 or source option (DWARF 5): not recorded */
    }
    char *name;
    if (b.len) {
        bool abs = b.p[0] == '/' || !a.len;
        name = as_alloc(A, a.len + b.len + 2);
        if (!abs) {
            memcpy(name, a.p, a.len);
            name[a.len] = '/';
            memcpy(name + a.len + 1, b.p, b.len);
        } else {
            memcpy(name, b.p, b.len);
        }
    } else {
        name = as_strndup(A, a.p ? (const char *)a.p : "", a.len);
    }
    bytes_free(&a);
    bytes_free(&b);
    if (n == 0) return;          /* DWARF 5's primary file: file 1 serves (version 3) */
    struct dwarf *d = dw(A);
    if ((u32)n >= d->nfiles) {
        u32 nn = (u32)n + 1;
        char **f = as_alloc(A, nn * sizeof *f);
        if (d->nfiles) memcpy(f, d->files, d->nfiles * sizeof *f);
        d->files = f;
        d->nfiles = nn;
    }
    if (d->files[n] && strcmp(d->files[n], name))
        as_error(A, "file number %u already allocated", (unsigned)n);
    d->files[n] = name;
}

/* .loc FILE LINE [COLUMN] [options]: a row at the current location */
void dwarf_loc(struct as *A, const char *args)
{
    const char *p = skip_ws(args);
    i128 file, line, col = 0;
    if (!expr_const(A, &p, &file)) return;
    p = skip_ws(p);
    if (!expr_const(A, &p, &line)) return;
    p = skip_ws(p);
    if (*p >= '0' && *p <= '9') {
        if (!expr_const(A, &p, &col)) return;
    }
    /* basic_block, prologue_end, epilogue_begin, is_stmt N, isa N, discriminator N, view
     * V: accepted, not recorded */
    struct dwarf *d = dw(A);
    if (file < 1 || (u32)file >= d->nfiles || !d->files[file]) {
        as_error(A, "unassigned file number %lld", (long long)file);
        return;
    }
    if (line < 0 || line > 0xffffffff || col < 0 || col > 0xffffffff) {
        as_error(A, "line or column number out of range");
        return;
    }
    if (d->nrows == d->cap) {
        d->cap = d->cap ? 2 * d->cap : 256;
        d->rows = xrealloc(d->rows, d->cap * sizeof *d->rows);
    }
    struct dw_row *r = &d->rows[d->nrows++];
    r->sec = A->cur;
    r->label = sym_fake_here(A);
    r->file = (u32)file;
    r->line = (u32)line;
    r->col = (u32)col;
}

/* ---- building the sections ---- */

/* A section's contents as bytes plus address-sized (or 4-byte) fields on symbols. */
struct piece { usize off; struct sym *sym; unsigned size; };
struct dbuf { struct bytes b; struct piece *pc; usize npc, cap; };

static void db_u8(struct dbuf *d, unsigned v) { u8 c = (u8)v; bytes_put(&d->b, &c, 1); }
static void db_u16(struct dbuf *d, unsigned v) { db_u8(d, v & 0xff); db_u8(d, (v >> 8) & 0xff); }
static void db_u32(struct dbuf *d, u32 v) { for (int i = 0; i < 4; i++) db_u8(d, (v >> (8 * i)) & 0xff); }
static void db_str(struct dbuf *d, const char *s) { bytes_put(&d->b, s, strlen(s) + 1); }
static void db_uleb(struct dbuf *d, u64 v)
{
    do {
        u8 c = v & 0x7f;
        v >>= 7;
        db_u8(d, c | (v ? 0x80 : 0));
    } while (v);
}
static void db_sleb(struct dbuf *d, i64 v)
{
    for (;;) {
        u8 c = v & 0x7f;
        v >>= 7;   /* arithmetic shift of a negative value: what every C11 compiler we use does */
        bool done = (v == 0 && !(c & 0x40)) || (v == -1 && (c & 0x40));
        db_u8(d, c | (done ? 0 : 0x80));
        if (done) break;
    }
}
/* a field of `size` bytes holding the address of sym (relocated) */
static void db_sym(struct dbuf *d, struct sym *s, unsigned size)
{
    if (d->npc == d->cap) {
        d->cap = d->cap ? 2 * d->cap : 64;
        d->pc = xrealloc(d->pc, d->cap * sizeof *d->pc);
    }
    d->pc[d->npc++] = (struct piece){ d->b.len, s, size };
    static const u8 zero[16];
    bytes_put(&d->b, zero, size);
}
static void db_patch32(struct dbuf *d, usize off, u32 v)
{
    for (int i = 0; i < 4; i++) d->b.p[off + (usize)i] = (u8)(v >> (8 * i));
}

/* Put the buffer into section `name` (a new non-alloc PROGBITS section); returns the
 * label at its start. */
static struct sym *db_emit(struct as *A, const char *name, struct dbuf *d)
{
    struct section *s = sect_get(A, name, SHT_PROGBITS, 0, 0, true);
    sect_switch(A, s);
    struct sym *start = sym_fake_here(A);
    usize at = 0;
    for (usize i = 0; i < d->npc; i++) {
        if (d->pc[i].off > at) emit_bytes(A, d->b.p + at, d->pc[i].off - at);
        emit_data_expr(A, expr_sym(A, d->pc[i].sym), d->pc[i].size);
        at = d->pc[i].off + d->pc[i].size;
    }
    if (d->b.len > at) emit_bytes(A, d->b.p + at, d->b.len - at);
    bytes_free(&d->b);
    free(d->pc);
    return start;
}

enum {
    DW_LNS_copy = 1, DW_LNS_advance_line = 3, DW_LNS_set_file = 4, DW_LNS_set_column = 5,
    DW_LNE_end_sequence = 1, DW_LNE_set_address = 2,
};

void dwarf_finish(struct as *A)
{
    struct dwarf *d = A->dwarf;
    if (!d || !d->nrows) {
        if (d) free(d->rows);
        return;
    }
    struct section *save = A->cur;
    unsigned asz = (unsigned)A->march.xlen / 8;
    /* the sections with rows, in order of first row, and a label at the end of each */
    struct section **secs = as_alloc(A, d->nrows * sizeof *secs);
    struct sym **ends = as_alloc(A, d->nrows * sizeof *ends);
    struct sym **starts = as_alloc(A, d->nrows * sizeof *starts);
    usize nsec = 0;
    for (usize i = 0; i < d->nrows; i++) {
        usize k = 0;
        while (k < nsec && secs[k] != d->rows[i].sec) k++;
        if (k == nsec) {
            secs[nsec] = d->rows[i].sec;
            starts[nsec++] = d->rows[i].label;
        }
    }
    for (usize k = 0; k < nsec; k++) {
        sect_switch(A, secs[k]);
        ends[k] = sym_fake_here(A);
    }

    /* .debug_line: version 3 header, then one sequence per section */
    struct dbuf L = { 0 };
    db_u32(&L, 0);                       /* unit_length, patched */
    db_u16(&L, 3);                       /* version */
    usize hl = L.b.len;
    db_u32(&L, 0);                       /* header_length, patched */
    db_u8(&L, 1);                        /* minimum_instruction_length */
    db_u8(&L, 1);                        /* default_is_stmt */
    db_u8(&L, (u8)-5);                   /* line_base */
    db_u8(&L, 14);                       /* line_range */
    db_u8(&L, 13);                       /* opcode_base */
    static const u8 oplen[12] = { 0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1 };
    bytes_put(&L.b, oplen, sizeof oplen);
    db_u8(&L, 0);                        /* include_directories: none */
    for (u32 f = 1; f < d->nfiles; f++) {
        db_str(&L, d->files[f] ? d->files[f] : "");
        db_uleb(&L, 0);                  /* directory: the compilation directory */
        db_uleb(&L, 0);                  /* modification time */
        db_uleb(&L, 0);                  /* length */
    }
    db_u8(&L, 0);
    db_patch32(&L, hl, (u32)(L.b.len - hl - 4));
    for (usize k = 0; k < nsec; k++) {
        u32 file = 1, line = 1, col = 0;
        for (usize i = 0; i < d->nrows; i++) {
            struct dw_row *r = &d->rows[i];
            if (r->sec != secs[k]) continue;
            db_u8(&L, 0);
            db_uleb(&L, 1 + asz);
            db_u8(&L, DW_LNE_set_address);
            db_sym(&L, r->label, asz);
            if (r->file != file) {
                db_u8(&L, DW_LNS_set_file);
                db_uleb(&L, r->file);
                file = r->file;
            }
            if (r->col != col) {
                db_u8(&L, DW_LNS_set_column);
                db_uleb(&L, r->col);
                col = r->col;
            }
            if (r->line != line) {
                db_u8(&L, DW_LNS_advance_line);
                db_sleb(&L, (i64)r->line - (i64)line);
                line = r->line;
            }
            db_u8(&L, DW_LNS_copy);
        }
        db_u8(&L, 0);
        db_uleb(&L, 1 + asz);
        db_u8(&L, DW_LNE_set_address);
        db_sym(&L, ends[k], asz);
        db_u8(&L, 0);
        db_uleb(&L, 1);
        db_u8(&L, DW_LNE_end_sequence);
    }
    db_patch32(&L, 0, (u32)(L.b.len - 4));
    struct sym *line_start = db_emit(A, ".debug_line", &L);

    /* a compiler's own compile unit (gcc -g) refers to .debug_line itself: then only the
     * line program is added, as GNU as does */
    if (sect_find(A, ".debug_info")) {
        sect_switch(A, save);
        free(d->rows);
        d->rows = NULL;
        d->nrows = 0;
        return;
    }

    /* .debug_ranges: the sections' extents, base address 0 */
    struct dbuf R = { 0 };
    for (usize k = 0; k < nsec; k++) {
        db_sym(&R, starts[k], asz);
        db_sym(&R, ends[k], asz);
    }
    for (unsigned i = 0; i < 2 * asz; i++) db_u8(&R, 0);
    struct sym *ranges_start = db_emit(A, ".debug_ranges", &R);

    /* .debug_abbrev: abbreviation 1, a compile unit without children */
    struct dbuf Ab = { 0 };
    db_uleb(&Ab, 1);
    db_uleb(&Ab, 0x11);                  /* DW_TAG_compile_unit */
    db_u8(&Ab, 0);                       /* DW_CHILDREN_no */
    static const u8 attrs[][2] = {
        { 0x10, 0x06 },                  /* DW_AT_stmt_list, DW_FORM_data4 */
        { 0x11, 0x01 },                  /* DW_AT_low_pc, DW_FORM_addr (0: ranges base) */
        { 0x55, 0x06 },                  /* DW_AT_ranges, DW_FORM_data4 */
        { 0x03, 0x08 },                  /* DW_AT_name, DW_FORM_string */
        { 0x1b, 0x08 },                  /* DW_AT_comp_dir, DW_FORM_string */
        { 0x25, 0x08 },                  /* DW_AT_producer, DW_FORM_string */
        { 0x13, 0x05 },                  /* DW_AT_language, DW_FORM_data2 */
    };
    for (usize i = 0; i < sizeof attrs / sizeof *attrs; i++) {
        db_uleb(&Ab, attrs[i][0]);
        db_uleb(&Ab, attrs[i][1]);
    }
    db_u8(&Ab, 0);
    db_u8(&Ab, 0);
    db_u8(&Ab, 0);
    struct sym *abbrev_start = db_emit(A, ".debug_abbrev", &Ab);

    /* .debug_info: one compile unit */
    const char *name = d->nfiles > 1 && d->files[1] ? d->files[1] : A->file_sym ? A->file_sym : "";
    usize nl = strlen(name);
    bool c = nl > 2 && name[nl - 2] == '.' && (name[nl - 1] == 'c' || name[nl - 1] == 'h');
    char cwd[4096];
    if (!getcwd(cwd, sizeof cwd)) strcpy(cwd, ".");
    struct dbuf I = { 0 };
    db_u32(&I, 0);                       /* unit_length, patched */
    db_u16(&I, 3);                       /* version */
    db_sym(&I, abbrev_start, 4);         /* debug_abbrev_offset */
    db_u8(&I, asz);                      /* address_size */
    db_uleb(&I, 1);
    db_sym(&I, line_start, 4);
    for (unsigned i = 0; i < asz; i++) db_u8(&I, 0);
    db_sym(&I, ranges_start, 4);
    db_str(&I, name);
    db_str(&I, cwd);
    db_str(&I, "zl-as (ZettaLinux)");
    db_u16(&I, c ? 0x0c : 0x8001);       /* DW_LANG_C99 or DW_LANG_Mips_Assembler */
    db_patch32(&I, 0, (u32)(I.b.len - 4));
    db_emit(A, ".debug_info", &I);

    sect_switch(A, save);
    free(d->rows);
    d->rows = NULL;
    d->nrows = 0;
}
