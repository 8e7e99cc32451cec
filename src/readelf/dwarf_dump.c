/* dwarf_dump.c — zl-readelf --debug-dump=line (-wl): the raw line-number programs of
 * .debug_line in GNU readelf's layout, one line per opcode; --debug-dump=decodedline
 * (-wL): the rows they make.  Decoded by the reader of src/elf/dwarf_line.c.  In a
 * relocatable object the section is shown relocated, with every symbol at its own
 * value, as GNU readelf shows it. */
#include <string.h>

#include "elf/dwarf.h"
#include "readelf.h"

enum {
    DW_FORM_block2 = 0x03, DW_FORM_block4 = 0x04, DW_FORM_data2 = 0x05, DW_FORM_data4 = 0x06,
    DW_FORM_data8 = 0x07, DW_FORM_string = 0x08, DW_FORM_block = 0x09, DW_FORM_block1 = 0x0a,
    DW_FORM_data1 = 0x0b, DW_FORM_strp = 0x0e, DW_FORM_udata = 0x0f, DW_FORM_data16 = 0x1e,
    DW_FORM_line_strp = 0x1f,
};

/* GNU readelf's "%#x" style: 0x and hex digits, but a bare 0 for zero (buf >= 40) */
static const char *hex(u128 v, char *buf)
{
    if (!v)
        return strcpy(buf, "0");
    buf[0] = '0';
    buf[1] = 'x';
    elf_u128_hex(v, buf + 2, 38);
    return buf;
}

/* A DWARF 5 directory or file table: entry formats, then one line an entry with the
 * name column last, as GNU readelf lays it out. */
static int v5_table(FILE *out, const struct dwarf_line_hdr *h, bool files,
                    const struct dwarf_sect *line, const struct dwarf_sect *str,
                    const struct dwarf_sect *line_str)
{
    const char *what = files ? "File Name Table" : "Directory Table";
    u32 n = files ? h->nfiles : h->ndirs, nfmt = files ? h->nfile_fmt : h->ndir_fmt;
    const struct dwarf_lnct *fmt = files ? h->file_fmt : h->dir_fmt;
    if (n == 0) {
        fprintf(out, "\n The %s is empty.\n", what);
        return 0;
    }
    fprintf(out, "\n The %s (offset 0x%zx, lines %u, columns %u):\n  Entry", what,
            files ? h->file_table : h->dir_table, n, nfmt);
    for (int pass = 0; pass < 2; pass++)
        for (u32 k = 0; k < nfmt; k++) {
            if ((fmt[k].type == 1) != (pass == 1))
                continue;
            switch (fmt[k].type) {
            case 1: fputs("\tName", out); break;
            case 2: fputs("\tDir", out); break;
            case 3: fputs("\tTime", out); break;
            case 4: fputs("\tSize", out); break;
            case 5: fputs("\tMD5\t\t\t", out); break;
            default: fprintf(out, "\t(Unknown format content type %llu)",
                             (unsigned long long)fmt[k].type);
            }
        }
    fputc('\n', out);
    struct dwarf_cur c = { line->data, files ? h->file_table : h->dir_table, h->prog, false };
    unsigned offsz = h->dwarf64 ? 8 : 4;
    for (u32 e = 0; e < n; e++) {
        fprintf(out, "  %u", e);
        usize start = c.pos, end = c.pos;
        for (int pass = 0; pass < 2; pass++) {
            c.pos = start;
            for (u32 k = 0; k < nfmt; k++) {
                bool show = (fmt[k].type == 1) == (pass == 1);
                u64 form = fmt[k].form, off;
                const char *s;
                switch (form) {
                case DW_FORM_string:
                    s = dwarf_cstr(&c);
                    if (show && s)
                        fprintf(out, "\t%s", s);
                    break;
                case DW_FORM_strp:
                case DW_FORM_line_strp: {
                    const struct dwarf_sect *ss = form == DW_FORM_strp ? str : line_str;
                    char b[40];
                    off = dwarf_u(&c, offsz);
                    s = dwarf_strp(ss->data, ss->size, off);
                    if (show)
                        fprintf(out, "\t(indirect %sstring, offset: %s): %s",
                                form == DW_FORM_strp ? "" : "line ", hex(off, b),
                                s ? s : "<no string>");
                    break;
                }
                case DW_FORM_data16:
                    if (show) {
                        fputs("\t0x", out);
                        for (int b = 15; b >= 0 && c.pos + 16 <= c.end; b--)
                            fprintf(out, "%02x", c.base[c.pos + (usize)b]);
                    }
                    dwarf_addr(&c, 16);
                    break;
                case DW_FORM_udata: case DW_FORM_data1: case DW_FORM_data2:
                case DW_FORM_data4: case DW_FORM_data8: {
                    u64 v = form == DW_FORM_udata ? dwarf_uleb(&c)
                            : dwarf_u(&c, form == DW_FORM_data1 ? 1 : form == DW_FORM_data2 ? 2
                                          : form == DW_FORM_data4 ? 4 : 8);
                    if (show)
                        fprintf(out, "\t%llu", (unsigned long long)v);
                    break;
                }
                default: {      /* the block forms: the only others the reader accepts */
                    u64 len = form == DW_FORM_block ? dwarf_uleb(&c)
                              : dwarf_u(&c, form == DW_FORM_block1 ? 1
                                            : form == DW_FORM_block2 ? 2 : 4);
                    if (!c.bad && len <= c.end - c.pos)
                        c.pos += (usize)len;
                    else
                        c.bad = true;
                    if (show)
                        fprintf(out, "\t%llu byte block", (unsigned long long)len);
                }
                }
            }
            if (c.pos > end)
                end = c.pos;
        }
        c.pos = end;
        fputc('\n', out);
        if (c.bad)
            return -1;
    }
    return 0;
}

/* Versions 2 to 4: NUL-terminated lists. */
static void v2_tables(FILE *out, const struct dwarf_line_hdr *h)
{
    if (h->ndirs <= 1) {
        fputs("\n The Directory Table is empty.\n", out);
    } else {
        fprintf(out, "\n The Directory Table (offset 0x%zx):\n", h->dir_table);
        for (u32 i = 1; i < h->ndirs; i++)
            fprintf(out, "  %u\t%s\n", i, h->dirs[i]);
    }
    if (h->nfiles <= 1) {
        fputs("\n The File Name Table is empty.\n", out);
    } else {
        fprintf(out, "\n The File Name Table (offset 0x%zx):\n", h->file_table);
        fputs("  Entry\tDir\tTime\tSize\tName\n", out);
        for (u32 i = 1; i < h->nfiles; i++) {
            const struct dwarf_line_file *fe = &h->files[i];
            fprintf(out, "  %u\t%llu\t%llu\t%llu\t%s\n", i, (unsigned long long)fe->dir,
                    (unsigned long long)fe->mtime, (unsigned long long)fe->size, fe->name);
        }
    }
}

static void print_header(FILE *out, const struct dwarf_line_hdr *h)
{
    if (h->off)
        fprintf(out, "  Offset:                      0x%zx\n", h->off);
    else
        fputs("  Offset:                      0\n", out);
    fprintf(out, "  Length:                      %llu\n", (unsigned long long)h->unit_length);
    fprintf(out, "  DWARF Version:               %u\n", h->version);
    if (h->version >= 5) {
        fprintf(out, "  Address size (bytes):        %u\n", h->addr_size);
        fprintf(out, "  Segment selector (bytes):    %u\n", h->seg_size);
    }
    fprintf(out, "  Prologue Length:             %d\n", (int)h->header_length);
    fprintf(out, "  Minimum Instruction Length:  %u\n", h->min_insn);
    if (h->version >= 4)
        fprintf(out, "  Maximum Ops per Instruction: %u\n", h->max_ops);
    fprintf(out, "  Initial value of 'is_stmt':  %u\n", h->default_is_stmt);
    fprintf(out, "  Line Base:                   %d\n", h->line_base);
    fprintf(out, "  Line Range:                  %u\n", h->line_range);
    fprintf(out, "  Opcode Base:                 %u\n", h->opcode_base);
    fputs("\n Opcodes:\n", out);
    for (unsigned i = 1; i < h->opcode_base; i++)
        fprintf(out, "  Opcode %u has %u arg%s\n", i, h->oplen[i], h->oplen[i] == 1 ? "" : "s");
}

/* One opcode; *view is GNU readelf's view number (rows at one address). */
static void print_op(FILE *out, const struct dwarf_line_vm *vm, const struct dwarf_line_op *op,
                     const struct dwarf_sect *line, unsigned *view)
{
    const struct dwarf_line_hdr *h = vm->h;
    char b[40], b2[40];
    fprintf(out, "  [0x%08zx]", op->off);
    if (op->op >= h->opcode_base) {
        if (op->addr_delta)
            *view = 0;
        fprintf(out, "  Special opcode %u: advance Address by %s to %s and Line by %lld to %d",
                op->op - h->opcode_base, elf_u128_dec(op->addr_delta, b, sizeof b),
                hex(vm->r.addr, b2), (long long)op->line_delta,
                (int)vm->r.line);
    }
    switch (op->op >= h->opcode_base ? 256 : op->op) {
    case 256: break;
    case 0:
        fprintf(out, "  Extended opcode %u: ", op->ext);
        switch (op->ext) {
        case 1: fputs("End of Sequence\n\n", out); *view = 0; return;
        case 2:
            fprintf(out, "set Address to %s\n", hex(op->addr, b));
            *view = 0;
            return;
        case 3:
            fprintf(out, "define new File Table entry\n  Entry\tDir\tTime\tSize\tName\n"
                         "   %u\t%llu\t%llu\t%llu\t%s\n\n", vm->h->nfiles,
                    (unsigned long long)op->define[0], (unsigned long long)op->define[1],
                    (unsigned long long)op->define[2], op->define_name ? op->define_name : "");
            return;
        case 4: fprintf(out, "set Discriminator to %llu\n", (unsigned long long)op->uarg); return;
        default:
            fprintf(out, "%slength %llu [", op->ext >= 0x80 ? "user defined: " : "UNKNOWN: ",
                    (unsigned long long)op->ext_len - 1);
            for (u64 i = 0; i + 1 < op->ext_len; i++)
                fprintf(out, " %02x", line->data[op->ext_data + (usize)i]);
            fputs("]\n", out);
            return;
        }
        return;
    case 1: fputs("  Copy", out); break;
    case 2:
        if (op->addr_delta)
            *view = 0;
        fprintf(out, "  Advance PC by %s to %s\n", elf_u128_dec(op->addr_delta, b, sizeof b),
                hex(vm->r.addr, b2));
        return;
    case 3:
        fprintf(out, "  Advance Line by %lld to %d\n", (long long)op->sarg, (int)vm->r.line);
        return;
    case 4:
        fprintf(out, "  Set File Name to entry %llu in the File Name Table\n",
                (unsigned long long)op->uarg);
        return;
    case 5: fprintf(out, "  Set column to %llu\n", (unsigned long long)op->uarg); return;
    case 6: fprintf(out, "  Set is_stmt to %d\n", vm->r.is_stmt); return;
    case 7: fputs("  Set basic block\n", out); return;
    case 8:
        if (op->addr_delta)
            *view = 0;
        fprintf(out, "  Advance PC by constant %s to %s\n",
                elf_u128_dec(op->addr_delta, b, sizeof b), hex(vm->r.addr, b2));
        return;
    case 9:
        fprintf(out, "  Advance PC by fixed size amount %llu to %s\n",
                (unsigned long long)op->uarg, hex(vm->r.addr, b));
        return;
    case 10: fputs("  Set prologue_end to true\n", out); return;
    case 11: fputs("  Set epilogue_begin to true\n", out); return;
    case 12: fprintf(out, "  Set ISA to %llu\n", (unsigned long long)op->uarg); return;
    default: {
        fprintf(out, "  Unknown opcode %u with operands: ", op->op);
        struct dwarf_cur c = { line->data, op->off + 1, vm->h->end, false };
        for (unsigned i = h->oplen[op->op]; i > 0; i--)
            fprintf(out, "0x%llx%s", (unsigned long long)dwarf_uleb(&c), i == 1 ? "" : ", ");
        fputc('\n', out);
        return;
    }
    }
    /* a row: special opcode or DW_LNS_copy */
    if (*view)
        fprintf(out, " (view %u)\n", *view);
    else
        fputc('\n', out);
    ++*view;
}

/* ---- -wL: the decoded rows ---- */

enum { NAME_WIDTH = 35 };       /* file names are cut to their last 35 bytes unless -W */

/* GNU's view of the tables: file_table[k] is file entry k (k + 1 before version 5). */
static u32 n_files(const struct dwarf_line_hdr *h)
{
    return h->version >= 5 ? h->nfiles : h->nfiles - 1;
}
static u32 n_dirs(const struct dwarf_line_hdr *h)
{
    return h->version >= 5 ? h->ndirs : h->ndirs - 1;
}
static const struct dwarf_line_file *file_entry(const struct dwarf_line_hdr *h, u64 k)
{
    return k < n_files(h) ? &h->files[h->version >= 5 ? k : k + 1] : NULL;
}
static const char *dir_entry(const struct dwarf_line_hdr *h, u64 k)   /* GNU's dir k */
{
    return k < n_dirs(h) ? h->dirs[h->version >= 5 ? k : k + 1] : NULL;
}

static void decoded_header(FILE *out, const struct dwarf_line_hdr *h, bool wide)
{
    const struct dwarf_line_file *f0 = file_entry(h, 0);
    if (!f0) {
        fputs("CU: No directory table\n", out);
    } else if (!n_dirs(h)) {
        fprintf(out, "CU: %s:\n", f0->name);
    } else if (!wide) {
        fprintf(out, "%s:\n", f0->name);
    } else {
        u64 ix = f0->dir;
        const char *dir = ix == 0 && h->version < 5 ? "."
                          : (h->version >= 5 ? dir_entry(h, ix) : dir_entry(h, ix - 1));
        fprintf(out, "CU: %s/%s:\n", dir ? dir : "<corrupt>", f0->name);
    }
    if (n_files(h))
        fputs("File name                            Line number    Starting address    View    Stmt\n",
              out);
    else
        fputs("CU: Empty file name table\n", out);
}

/* The header GNU prints when DW_LNS_set_file switches files. */
static void decoded_set_file(FILE *out, const struct dwarf_line_hdr *h, u64 reg)
{
    u64 file = h->version < 5 ? reg - 1 : reg;
    const struct dwarf_line_file *fe = file_entry(h, file);
    if (!n_files(h))
        fprintf(out, "\n [Use file table entry %d]\n", (int)file);
    else if (!fe)
        fprintf(out, "\n <over large file table index %u>", (unsigned)file);
    else if (fe->dir == 0)
        fprintf(out, "\n./%s:[++]\n", fe->name);
    else if (!n_dirs(h))
        fprintf(out, "\n [Use file %s in directory table entry %d]\n", fe->name, (int)fe->dir);
    else if (fe->dir >= h->ndirs)
        fprintf(out, "\n <over large directory table entry %u>\n", (unsigned)fe->dir);
    else
        fprintf(out, "\n%s/%s:\n", h->dirs[fe->dir], fe->name);   /* directory fe->dir */
}

static void decoded_row(FILE *out, const struct dwarf_line_vm *vm, unsigned view, bool wide)
{
    const struct dwarf_line_hdr *h = vm->h;
    const struct dwarf_line_regs *r = &vm->row;
    const char *name = "<unknown>";
    if (n_files(h)) {
        const struct dwarf_line_file *fe = file_entry(h, h->version < 5 ? r->file - 1 : r->file);
        name = fe ? fe->name : "<corrupt>";
    }
    usize len = strlen(name);
    if (len > NAME_WIDTH && !wide)
        name += len - NAME_WIDTH;
    char line[16], b[40];
    snprintf(line, sizeof line, "%u", r->line);
    fprintf(out, len <= NAME_WIDTH || !wide ? "%-35s  %11s  %18s" : "%s  %11s  %18s", name,
            r->end_seq ? "-" : line, hex(r->addr, b));
    if (!r->end_seq) {
        if (view)
            fprintf(out, "  %6u", view);
        else
            fputs("        ", out);
        if (r->is_stmt)
            fputs("       x", out);
    }
    fputc('\n', out);
    if (r->end_seq)
        fputc('\n', out);
}

static int decoded_unit(FILE *out, struct dwarf_line_hdr *h, const struct dwarf_sect *line,
                        bool wide, struct elf_err *e)
{
    decoded_header(out, h, wide);
    struct dwarf_line_vm vm;
    struct dwarf_line_op op;
    unsigned view = 0;
    int s;
    dwarf_line_start(&vm, h, line);
    while ((s = dwarf_line_step(&vm, &op, e)) > 0) {
        if ((op.addr_delta && op.op != 9) || (op.op == 0 && op.ext == 2))
            view = 0;           /* a new address (not by DW_LNS_fixed_advance_pc: GNU's rule) */
        if (op.op == 4)
            decoded_set_file(out, h, op.uarg);
        if (op.row) {
            decoded_row(out, &vm, view, wide);
            view = vm.row.end_seq ? 0 : view + 1;
        }
    }
    fputc('\n', out);
    return s < 0 ? -1 : 0;
}

int readelf_debug_line(FILE *out, FILE *err, const char *name, const struct elf_file *f,
                       bool raw, bool decoded, bool wide)
{
    if (!elf_section_by_name(f, ".debug_line"))
        return 0;
    struct elf_err e = { "" };
    struct dwarf *d = dwarf_open(f, DWARF_OPEN_RAW, &e);
    if (!d) {
        fprintf(err, "zl-readelf: Error: %s: %s\n", name, e.msg);
        return 1;
    }
    struct dwarf_sect line = dwarf_section(d, ".debug_line");
    struct dwarf_sect str = dwarf_section(d, ".debug_str");
    struct dwarf_sect line_str = dwarf_section(d, ".debug_line_str");
    int rc = 0;
    if (raw)
        fputs("Raw dump of debug contents of section .debug_line:\n\n", out);
    for (usize off = 0; raw && off < line.size && !rc;) {
        struct dwarf_line_hdr h;
        if (dwarf_line_hdr_read(&line, off, &str, &line_str, &h, &e) < 0) {
            fflush(out);
            fprintf(err, "zl-readelf: Error: %s: %s\n", name, e.msg);
            rc = 1;
            break;
        }
        print_header(out, &h);
        if (h.version >= 5) {
            if (v5_table(out, &h, false, &line, &str, &line_str) < 0 ||
                v5_table(out, &h, true, &line, &str, &line_str) < 0) {
                fflush(out);
                fprintf(err, "zl-readelf: Error: %s: DWARF error: truncated directory or file "
                             "table at offset 0x%zx of .debug_line\n", name, h.off);
                rc = 1;
            }
        } else {
            v2_tables(out, &h);
        }
        fputs("\n Line Number Statements:\n", out);
        struct dwarf_line_vm vm;
        struct dwarf_line_op op;
        unsigned view = 0;
        int s;
        dwarf_line_start(&vm, &h, &line);
        while ((s = dwarf_line_step(&vm, &op, &e)) > 0)
            print_op(out, &vm, &op, &line, &view);
        if (s < 0) {
            fflush(out);
            fprintf(err, "zl-readelf: Error: %s: %s\n", name, e.msg);
            rc = 1;
        }
        fputc('\n', out);
        off = h.end;
        dwarf_line_hdr_free(&h);
    }
    if (decoded && !rc)
        fputs("Contents of the .debug_line section:\n\n", out);
    for (usize off = 0; decoded && off < line.size && !rc;) {
        struct dwarf_line_hdr h;
        if (dwarf_line_hdr_read(&line, off, &str, &line_str, &h, &e) < 0 ||
            decoded_unit(out, &h, &line, wide, &e) < 0) {
            fflush(out);
            fprintf(err, "zl-readelf: Error: %s: %s\n", name, e.msg);
            rc = 1;
        }
        off = h.end;
        dwarf_line_hdr_free(&h);
    }
    dwarf_close(d);
    return rc;
}
