/* The .debug_line reader of src/elf (dwarf_line.c) on hand-made units: a version 3
 * header and program with every standard opcode, a version 5 header with entry
 * formats, a 16-byte DW_LNE_set_address (ELFCLASS128), 64-bit DWARF, and broken units
 * that must fail with a message, never read outside the section. */
#include <stdlib.h>

#include "lib/check.h"
#include "elf/dwarf.h"

struct buf {
    u8 b[512];
    usize n;
};

static void put(struct buf *b, const void *p, usize n)
{
    memcpy(b->b + b->n, p, n);
    b->n += n;
}
static void u8p(struct buf *b, unsigned v) { u8 c = (u8)v; put(b, &c, 1); }
static void u16p(struct buf *b, unsigned v) { u8p(b, v & 0xff); u8p(b, v >> 8); }
static void u32p(struct buf *b, u32 v) { for (int i = 0; i < 4; i++) u8p(b, (v >> (8 * i)) & 0xff); }
static void uleb(struct buf *b, u64 v)
{
    do {
        u8p(b, (v & 0x7f) | (v >> 7 ? 0x80 : 0));
        v >>= 7;
    } while (v);
}
static void strp(struct buf *b, const char *s) { put(b, s, strlen(s) + 1); }

/* Version 3 header (zl-as's choices: line_base -5, line_range 14, opcode_base 13) with
 * directory "inc" and files "a.c" (dir 0) and "b.h" (dir 1).  Returns the offset of the
 * header_length field, patched by finish(). */
static usize v3_header(struct buf *b)
{
    u32p(b, 0);
    u16p(b, 3);
    usize hl = b->n;
    u32p(b, 0);
    u8p(b, 1); u8p(b, 1); u8p(b, (u8)-5); u8p(b, 14); u8p(b, 13);
    static const u8 oplen[12] = { 0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1 };
    put(b, oplen, sizeof oplen);
    strp(b, "inc"); u8p(b, 0);
    strp(b, "a.c"); uleb(b, 0); uleb(b, 0); uleb(b, 0);
    strp(b, "b.h"); uleb(b, 1); uleb(b, 7); uleb(b, 9);
    u8p(b, 0);
    u32 h = (u32)(b->n - hl - 4);
    memcpy(b->b + hl, &h, 4);
    return hl;
}

static void finish(struct buf *b, usize start)
{
    u32 len = (u32)(b->n - start - 4);
    memcpy(b->b + start, &len, 4);
}

static void set_address(struct buf *b, u128 a, unsigned size)
{
    u8p(b, 0);
    uleb(b, 1 + size);
    u8p(b, 2);
    for (unsigned i = 0; i < size; i++)
        u8p(b, (unsigned)(a >> (8 * i)) & 0xff);
}
static void end_sequence(struct buf *b) { u8p(b, 0); uleb(b, 1); u8p(b, 1); }

/* Run the unit at 0 and collect its rows. */
struct rowv {
    u128 addr;
    u64 file;
    u32 line, col, disc;
    bool stmt, end;
};
static int rows(const struct buf *b, struct rowv *out, int max, struct elf_err *err)
{
    struct dwarf_sect line = { b->b, b->n }, none = { NULL, 0 };
    struct dwarf_line_hdr h;
    if (dwarf_line_hdr_read(&line, 0, &none, &none, &h, err) < 0)
        return -1;
    struct dwarf_line_vm vm;
    struct dwarf_line_op op;
    int n = 0, s;
    dwarf_line_start(&vm, &h, &line);
    while ((s = dwarf_line_step(&vm, &op, err)) > 0)
        if (op.row && n < max)
            out[n++] = (struct rowv){ vm.row.addr, vm.row.file, vm.row.line, vm.row.col,
                                      vm.row.disc, vm.row.is_stmt, vm.row.end_seq };
    dwarf_line_hdr_free(&h);
    return s < 0 ? -1 : n;
}

TEST(v3_header_tables)
{
    struct buf b = { .n = 0 };
    v3_header(&b);
    end_sequence(&b);
    finish(&b, 0);
    struct dwarf_sect line = { b.b, b.n }, none = { NULL, 0 };
    struct dwarf_line_hdr h;
    struct elf_err err;
    CHECK(dwarf_line_hdr_read(&line, 0, &none, &none, &h, &err) == 0);
    CHECK_EQ_U(h.version, 3);
    CHECK(h.line_base == -5);
    CHECK_EQ_U(h.opcode_base, 13);
    CHECK_EQ_U(h.ndirs, 2);         /* [0] the compilation directory, [1] "inc" */
    CHECK_STR(h.dirs[1], "inc");
    CHECK_EQ_U(h.nfiles, 3);        /* [0] unused */
    CHECK_STR(h.files[1].name, "a.c");
    CHECK_STR(h.files[2].name, "b.h");
    CHECK_EQ_U(h.files[2].dir, 1);
    CHECK_EQ_U(h.files[2].mtime, 7);
    CHECK_EQ_U(h.files[2].size, 9);
    CHECK_EQ_U(h.end, b.n);
    dwarf_line_hdr_free(&h);
}

TEST(v3_program_opcodes)
{
    struct buf b = { .n = 0 };
    v3_header(&b);
    set_address(&b, 0x1000, 8);
    u8p(&b, 1);                     /* copy: row 0x1000 line 1 */
    u8p(&b, 13 + 2 * 14 + 7);       /* special: addr += 2, line += -5 + 7 = 2 -> 3 */
    u8p(&b, 3); uleb(&b, 0x7e);     /* advance_line -2 (sleb 0x7e) -> 1 */
    u8p(&b, 3); uleb(&b, 9);        /* -> 10 */
    u8p(&b, 2); uleb(&b, 6);        /* advance_pc 6 -> 0x1008 */
    u8p(&b, 4); uleb(&b, 2);        /* file 2 */
    u8p(&b, 5); uleb(&b, 17);       /* column 17 */
    u8p(&b, 6);                     /* is_stmt off */
    u8p(&b, 0); uleb(&b, 2); u8p(&b, 4); uleb(&b, 5);   /* discriminator 5 */
    u8p(&b, 1);                     /* copy: row 0x1008 line 10 file 2 col 17 disc 5 */
    u8p(&b, 8);                     /* const_add_pc: (255 - 13) / 14 = 17 -> 0x1019 */
    u8p(&b, 9); u16p(&b, 0x100);    /* fixed_advance_pc -> 0x1119 */
    u8p(&b, 7); u8p(&b, 10); u8p(&b, 11);
    u8p(&b, 12); uleb(&b, 3);       /* set_isa */
    u8p(&b, 1);                     /* copy: disc back to 0 */
    end_sequence(&b);
    finish(&b, 0);
    struct rowv r[8];
    struct elf_err err;
    int n = rows(&b, r, 8, &err);
    CHECK_EQ_U(n, 5);
    if (n != 5)
        return;
    CHECK_EQ_U(r[0].addr, 0x1000); CHECK_EQ_U(r[0].line, 1); CHECK(r[0].stmt);
    CHECK_EQ_U(r[1].addr, 0x1002); CHECK_EQ_U(r[1].line, 3);
    CHECK_EQ_U(r[2].addr, 0x1008); CHECK_EQ_U(r[2].line, 10); CHECK_EQ_U(r[2].file, 2);
    CHECK_EQ_U(r[2].col, 17); CHECK_EQ_U(r[2].disc, 5); CHECK(!r[2].stmt);
    CHECK_EQ_U(r[3].addr, 0x1119); CHECK_EQ_U(r[3].disc, 0);
    CHECK_EQ_U(r[4].addr, 0x1119); CHECK(r[4].end);
}

TEST(set_address_16_bytes)
{
    struct buf b = { .n = 0 };
    v3_header(&b);
    u128 a = ((u128)0x0123456789abcdefULL << 64) | 0xfedcba9876543210ULL;
    set_address(&b, a, 16);
    u8p(&b, 1);
    u8p(&b, 2); uleb(&b, 4);
    end_sequence(&b);
    finish(&b, 0);
    struct rowv r[4];
    struct elf_err err;
    CHECK_EQ_U(rows(&b, r, 4, &err), 2);
    CHECK_EQ_U(r[0].addr, a);
    CHECK_EQ_U(r[1].addr, a + 4);
    CHECK(r[1].end);
}

TEST(v5_entry_formats)
{
    /* strings in .debug_line_str: "/src" at 0, "x.c" at 5 */
    static const u8 lstr[] = "/src\0x.c";
    struct buf b = { .n = 0 };
    u32p(&b, 0);
    u16p(&b, 5);
    u8p(&b, 8); u8p(&b, 0);         /* address size, segment selector size */
    usize hl = b.n;
    u32p(&b, 0);
    u8p(&b, 1); u8p(&b, 1); u8p(&b, 1); u8p(&b, (u8)-5); u8p(&b, 14); u8p(&b, 13);
    static const u8 oplen[12] = { 0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1 };
    put(&b, oplen, sizeof oplen);
    u8p(&b, 1); uleb(&b, 1); uleb(&b, 0x1f);            /* dirs: path line_strp */
    uleb(&b, 1); u32p(&b, 0);
    u8p(&b, 3);                                         /* files: path, dir, MD5 */
    uleb(&b, 1); uleb(&b, 0x1f); uleb(&b, 2); uleb(&b, 0x0b); uleb(&b, 5); uleb(&b, 0x1e);
    uleb(&b, 1);
    usize fpath = b.n;
    u32p(&b, 5); u8p(&b, 0);
    for (int i = 0; i < 16; i++)
        u8p(&b, (unsigned)i);
    u32 h32 = (u32)(b.n - hl - 4);
    memcpy(b.b + hl, &h32, 4);
    end_sequence(&b);
    finish(&b, 0);
    struct dwarf_sect line = { b.b, b.n }, none = { NULL, 0 }, ls = { lstr, sizeof lstr };
    struct dwarf_line_hdr h;
    struct elf_err err;
    CHECK(dwarf_line_hdr_read(&line, 0, &none, &ls, &h, &err) == 0);
    CHECK_EQ_U(h.addr_size, 8);
    CHECK_EQ_U(h.ndirs, 1);
    CHECK_EQ_U(h.nfiles, 1);
    if (h.ndirs == 1 && h.nfiles == 1) {
        CHECK_STR(h.dirs[0], "/src");
        CHECK_STR(h.files[0].name, "x.c");
        CHECK(h.files[0].has_md5);
        CHECK_EQ_U(h.files[0].md5[15], 15);
    }
    dwarf_line_hdr_free(&h);
    /* a .debug_line_str offset outside the section */
    b.b[fpath] = 0x40;
    CHECK(dwarf_line_hdr_read(&line, 0, &none, &ls, &h, &err) < 0);
    CHECK(strstr(err.msg, "DWARF error: bad .debug_line_str offset") != NULL);
}

TEST(dwarf64_unit)
{
    struct buf b = { .n = 0 };
    u32p(&b, 0xffffffffu);
    u32p(&b, 0); u32p(&b, 0);        /* 64-bit unit_length, patched */
    u16p(&b, 3);
    usize hl = b.n;
    u32p(&b, 0); u32p(&b, 0);        /* 64-bit header_length */
    u8p(&b, 1); u8p(&b, 1); u8p(&b, (u8)-5); u8p(&b, 14); u8p(&b, 13);
    static const u8 oplen[12] = { 0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1 };
    put(&b, oplen, sizeof oplen);
    u8p(&b, 0);
    strp(&b, "a.c"); uleb(&b, 0); uleb(&b, 0); uleb(&b, 0);
    u8p(&b, 0);
    u32 h32 = (u32)(b.n - hl - 8);
    memcpy(b.b + hl, &h32, 4);
    set_address(&b, 0x40, 8);
    u8p(&b, 1);
    end_sequence(&b);
    u32 len = (u32)(b.n - 12);
    memcpy(b.b + 4, &len, 4);
    struct rowv r[4];
    struct elf_err err;
    CHECK_EQ_U(rows(&b, r, 4, &err), 2);
    CHECK_EQ_U(r[0].addr, 0x40);
}

/* Every broken unit fails with a message; every cut of a good one is read safely. */
TEST(broken_units)
{
    struct buf good = { .n = 0 };
    v3_header(&good);
    usize prog = good.n;
    set_address(&good, 0x1000, 8);
    u8p(&good, 13 + 20);
    end_sequence(&good);
    finish(&good, 0);
    struct rowv r[8];
    struct elf_err err;
    static const struct { usize at; u8 v; const char *msg; } bad[] = {
        { 3, 0xff, "unit length runs past the end of the section" },
        { 4, 9, "unsupported line table version" },
        { 6, 0xff, "header length runs past the end of the unit" },
        { 14, 0, "opcode base of 0" },
    };
    for (usize i = 0; i < sizeof bad / sizeof *bad; i++) {
        struct buf b = good;
        b.b[bad[i].at] = bad[i].v;
        err.msg[0] = 0;
        CHECK(rows(&b, r, 8, &err) < 0);
        CHECK(strstr(err.msg, bad[i].msg) != NULL);
    }
    struct buf b = good;
    memcpy(b.b, "\xf5\xff\xff\xff", 4);
    CHECK(rows(&b, r, 8, &err) < 0);
    CHECK(strstr(err.msg, "reserved unit length") != NULL);
    /* cut short: the unit claims more than the section holds, or the program stops
     * inside an opcode */
    for (usize cut = 0; cut < good.n; cut++) {
        u8 *copy = malloc(cut ? cut : 1);
        memcpy(copy, good.b, cut);
        struct dwarf_sect line = { copy, cut }, none = { NULL, 0 };
        struct dwarf_line_hdr h;
        if (dwarf_line_hdr_read(&line, 0, &none, &none, &h, &err) == 0) {
            struct dwarf_line_vm vm;
            struct dwarf_line_op op;
            dwarf_line_start(&vm, &h, &line);
            while (dwarf_line_step(&vm, &op, &err) > 0)
                ;
            dwarf_line_hdr_free(&h);
        } else {
            CHECK(strncmp(err.msg, "DWARF error: ", 13) == 0);
        }
        free(copy);
    }
    /* an extended opcode longer than the unit, and a special opcode with line_range 0 */
    b = good;
    b.b[prog + 1] = 0x7f;               /* the set_address's length */
    CHECK(rows(&b, r, 8, &err) < 0);
    CHECK(strstr(err.msg, "extended opcode runs past the end of the unit") != NULL);
    b = good;
    b.b[13] = 0;
    CHECK(rows(&b, r, 8, &err) < 0);
    CHECK(strstr(err.msg, "line range of 0") != NULL);
}

int main(void)
{
    RUN(v3_header_tables);
    RUN(v3_program_opcodes);
    RUN(set_address_16_bytes);
    RUN(v5_entry_formats);
    RUN(dwarf64_unit);
    RUN(broken_units);
    return check_done();
}
