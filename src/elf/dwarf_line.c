/* dwarf_line.c — the .debug_line reader: byte cursor, unit header (DWARF 2 to 5), and
 * the line-number program decoded one opcode at a time (DWARF 5 §6.2). */
#include <stdlib.h>
#include <string.h>

#include "elf/dwarf.h"

/* ---------------------------------------------------------------- cursor */

static bool need(struct dwarf_cur *c, usize n)
{
    if (c->bad || c->end - c->pos < n) {
        c->bad = true;
        return false;
    }
    return true;
}

u128 dwarf_addr(struct dwarf_cur *c, unsigned n)
{
    if (n > 16 || !need(c, n)) {
        c->bad = true;
        return 0;
    }
    u128 v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (u128)c->base[c->pos + i] << (8 * i);
    c->pos += n;
    return v;
}

u64 dwarf_u(struct dwarf_cur *c, unsigned n)
{
    if (n > 8) {
        c->bad = true;
        return 0;
    }
    return (u64)dwarf_addr(c, n);
}

u64 dwarf_uleb(struct dwarf_cur *c)
{
    u64 v = 0;
    unsigned shift = 0;
    for (;;) {
        if (!need(c, 1))
            return 0;
        u8 b = c->base[c->pos++];
        if (shift < 64)
            v |= (u64)(b & 0x7f) << shift;
        else if (b & 0x7f)
            c->bad = true;      /* does not fit 64 bits */
        shift += 7;
        if (!(b & 0x80))
            return c->bad ? 0 : v;
    }
}

i64 dwarf_sleb(struct dwarf_cur *c)
{
    u64 v = 0;
    unsigned shift = 0;
    u8 b;
    do {
        if (!need(c, 1))
            return 0;
        b = c->base[c->pos++];
        if (shift < 64)
            v |= (u64)(b & 0x7f) << shift;
        shift += 7;
    } while (b & 0x80);
    if (shift < 64 && (b & 0x40))
        v |= ~(u64)0 << shift;
    return (i64)v;
}

const char *dwarf_cstr(struct dwarf_cur *c)
{
    if (c->bad || c->pos >= c->end) {
        c->bad = true;
        return NULL;
    }
    const u8 *s = c->base + c->pos;
    const u8 *z = memchr(s, 0, c->end - c->pos);
    if (!z) {
        c->bad = true;
        return NULL;
    }
    c->pos += (usize)(z - s) + 1;
    return (const char *)s;
}

const char *dwarf_strp(const u8 *sec, usize size, u64 off)
{
    if (!sec || off >= size || !memchr(sec + off, 0, size - (usize)off))
        return NULL;
    return (const char *)sec + off;
}

/* ---------------------------------------------------------------- header */

enum {
    DW_LNCT_path = 1, DW_LNCT_directory_index, DW_LNCT_timestamp, DW_LNCT_size, DW_LNCT_MD5,
};
enum {
    DW_FORM_block2 = 0x03, DW_FORM_block4 = 0x04, DW_FORM_data2 = 0x05, DW_FORM_data4 = 0x06,
    DW_FORM_data8 = 0x07, DW_FORM_string = 0x08, DW_FORM_block = 0x09, DW_FORM_block1 = 0x0a,
    DW_FORM_data1 = 0x0b, DW_FORM_strp = 0x0e, DW_FORM_udata = 0x0f, DW_FORM_data16 = 0x1e,
    DW_FORM_line_strp = 0x1f,
};

static int fail(struct elf_err *err, const char *msg, usize off)
{
    snprintf(err->msg, sizeof err->msg, "DWARF error: %s at offset 0x%zx of .debug_line", msg,
             off);
    return -1;
}

/* One field of a DWARF 5 directory or file entry: a string (*s) or a number (*v). */
static int entry_field(struct dwarf_cur *c, const struct dwarf_line_hdr *h, u64 form,
                       const struct dwarf_sect *str, const struct dwarf_sect *line_str,
                       const char **s, u64 *v, u8 *md5, struct elf_err *err)
{
    usize at = c->pos;
    unsigned offsz = h->dwarf64 ? 8 : 4;
    *s = NULL;
    *v = 0;
    switch (form) {
    case DW_FORM_string: *s = dwarf_cstr(c); break;
    case DW_FORM_strp:
    case DW_FORM_line_strp: {
        const struct dwarf_sect *ss = form == DW_FORM_strp ? str : line_str;
        u64 off = dwarf_u(c, offsz);
        if (c->bad)
            break;
        *s = dwarf_strp(ss->data, ss->size, off);
        if (!*s)
            return fail(err, form == DW_FORM_strp ? "bad .debug_str offset"
                                                 : "bad .debug_line_str offset", at);
        break;
    }
    case DW_FORM_udata: *v = dwarf_uleb(c); break;
    case DW_FORM_data1: *v = dwarf_u(c, 1); break;
    case DW_FORM_data2: *v = dwarf_u(c, 2); break;
    case DW_FORM_data4: *v = dwarf_u(c, 4); break;
    case DW_FORM_data8: *v = dwarf_u(c, 8); break;
    case DW_FORM_data16:
        if (need(c, 16)) {
            if (md5)
                memcpy(md5, c->base + c->pos, 16);
            c->pos += 16;
        }
        break;
    case DW_FORM_block1: case DW_FORM_block2: case DW_FORM_block4: case DW_FORM_block: {
        u64 n = form == DW_FORM_block ? dwarf_uleb(c)
                : dwarf_u(c, form == DW_FORM_block1 ? 1 : form == DW_FORM_block2 ? 2 : 4);
        if (!c->bad && need(c, n))
            c->pos += (usize)n;
        break;
    }
    default:
        return fail(err, "unsupported form in a directory or file entry", at);
    }
    if (c->bad)
        return fail(err, "truncated directory or file entry", at);
    return 0;
}

/* DWARF 5: an entry-format description and the entries after it. */
static int v5_table(struct dwarf_cur *c, struct dwarf_line_hdr *h, bool files,
                    const struct dwarf_sect *str, const struct dwarf_sect *line_str,
                    struct elf_err *err)
{
    usize at = c->pos;
    u32 nfmt = (u32)dwarf_u(c, 1);
    struct dwarf_lnct *fmt = files ? h->file_fmt : h->dir_fmt;
    if (nfmt > 8)
        return fail(err, "too many entry formats", at);
    for (u32 i = 0; i < nfmt; i++) {
        fmt[i].type = dwarf_uleb(c);
        fmt[i].form = dwarf_uleb(c);
    }
    u64 n = dwarf_uleb(c);
    if (c->bad)
        return fail(err, "truncated header", at);
    /* every entry takes at least one byte unless the format is empty */
    if (n > (nfmt ? c->end - c->pos : 0) || n > 0xffffffu)
        return fail(err, "too many directory or file entries", at);
    if (files) {
        h->nfile_fmt = nfmt;
        h->file_table = c->pos;
        h->files = calloc(n ? n : 1, sizeof *h->files);
        if (!h->files)
            return fail(err, "out of memory", at);
    } else {
        h->ndir_fmt = nfmt;
        h->dir_table = c->pos;
        h->dirs = calloc(n ? n : 1, sizeof *h->dirs);
        if (!h->dirs)
            return fail(err, "out of memory", at);
    }
    for (u64 e = 0; e < n; e++) {
        struct dwarf_line_file fe = { .name = "" };
        for (u32 i = 0; i < nfmt; i++) {
            const char *s;
            u64 v;
            u8 md5[16];
            if (entry_field(c, h, fmt[i].form, str, line_str, &s, &v, md5, err) < 0)
                return -1;
            switch (fmt[i].type) {
            case DW_LNCT_path: fe.name = s ? s : ""; break;
            case DW_LNCT_directory_index: fe.dir = v; break;
            case DW_LNCT_timestamp: fe.mtime = v; break;
            case DW_LNCT_size: fe.size = v; break;
            case DW_LNCT_MD5:
                fe.has_md5 = fmt[i].form == DW_FORM_data16;
                memcpy(fe.md5, md5, 16);
                break;
            default: break;     /* vendor content: skipped */
            }
        }
        if (files)
            h->files[h->nfiles++] = fe;
        else
            h->dirs[h->ndirs++] = fe.name;
    }
    return 0;
}

/* Before version 5: include_directories and file_names, each ended by an empty string. */
static int v2_tables(struct dwarf_cur *c, struct dwarf_line_hdr *h, struct elf_err *err)
{
    usize at = c->pos;
    u32 cap = 8;
    h->dirs = malloc(cap * sizeof *h->dirs);
    if (!h->dirs)
        return fail(err, "out of memory", at);
    h->dirs[h->ndirs++] = "";
    h->dir_table = c->pos;
    for (;;) {
        const char *s = dwarf_cstr(c);
        if (!s)
            return fail(err, "truncated directory table", at);
        if (!*s)
            break;
        if (h->ndirs == cap) {
            const char **n = realloc(h->dirs, 2 * cap * sizeof *n);
            if (!n)
                return fail(err, "out of memory", at);
            h->dirs = n;
            cap *= 2;
        }
        h->dirs[h->ndirs++] = s;
    }
    cap = 8;
    h->files = calloc(cap, sizeof *h->files);
    if (!h->files)
        return fail(err, "out of memory", at);
    h->files[h->nfiles++].name = "";
    h->file_table = c->pos;
    for (;;) {
        struct dwarf_line_file fe = { 0 };
        fe.name = dwarf_cstr(c);
        if (!fe.name)
            return fail(err, "truncated file name table", at);
        if (!*fe.name)
            break;
        fe.dir = dwarf_uleb(c);
        fe.mtime = dwarf_uleb(c);
        fe.size = dwarf_uleb(c);
        if (c->bad)
            return fail(err, "truncated file name table", at);
        if (h->nfiles == cap) {
            struct dwarf_line_file *n = realloc(h->files, 2 * cap * sizeof *n);
            if (!n)
                return fail(err, "out of memory", at);
            h->files = n;
            cap *= 2;
        }
        h->files[h->nfiles++] = fe;
    }
    return 0;
}

void dwarf_line_hdr_free(struct dwarf_line_hdr *h)
{
    free(h->dirs);
    free(h->files);
    h->dirs = NULL;
    h->files = NULL;
    h->ndirs = h->nfiles = 0;
}

int dwarf_line_hdr_read(const struct dwarf_sect *line, usize off, const struct dwarf_sect *str,
                        const struct dwarf_sect *line_str, struct dwarf_line_hdr *h,
                        struct elf_err *err)
{
    memset(h, 0, sizeof *h);
    h->off = off;
    struct dwarf_cur c = { line->data, off, line->size, false };
    u64 len = dwarf_u(&c, 4);
    if (len >= 0xfffffff0u) {
        if (len != 0xffffffffu)
            return fail(err, "reserved unit length", off);
        h->dwarf64 = true;
        len = dwarf_u(&c, 8);
    }
    if (c.bad || len > c.end - c.pos)
        return fail(err, "unit length runs past the end of the section", off);
    h->unit_length = len;
    c.end = h->end = c.pos + (usize)len;
    h->version = (u16)dwarf_u(&c, 2);
    if (c.bad)
        return fail(err, "truncated header", off);
    if (h->version < 2 || h->version > 5)
        return fail(err, "unsupported line table version", off);
    if (h->version >= 5) {
        h->addr_size = (u8)dwarf_u(&c, 1);
        h->seg_size = (u8)dwarf_u(&c, 1);
    }
    h->header_length = dwarf_u(&c, h->dwarf64 ? 8 : 4);
    if (c.bad || h->header_length > c.end - c.pos)
        return fail(err, "header length runs past the end of the unit", off);
    h->prog = c.pos + (usize)h->header_length;
    c.end = h->prog;
    h->min_insn = (u8)dwarf_u(&c, 1);
    h->max_ops = h->version >= 4 ? (u8)dwarf_u(&c, 1) : 1;
    h->default_is_stmt = (u8)dwarf_u(&c, 1);
    h->line_base = (i8)(u8)dwarf_u(&c, 1);
    h->line_range = (u8)dwarf_u(&c, 1);
    h->opcode_base = (u8)dwarf_u(&c, 1);
    for (unsigned i = 1; i < h->opcode_base; i++)
        h->oplen[i] = (u8)dwarf_u(&c, 1);
    if (c.bad)
        return fail(err, "truncated header", off);
    if (h->opcode_base == 0)
        return fail(err, "opcode base of 0", off);
    int rc = h->version >= 5 ? v5_table(&c, h, false, str, line_str, err) : v2_tables(&c, h, err);
    if (rc == 0 && h->version >= 5)
        rc = v5_table(&c, h, true, str, line_str, err);
    if (rc < 0) {
        dwarf_line_hdr_free(h);
        return -1;
    }
    return 0;
}

/* ---------------------------------------------------------------- program */

enum {
    DW_LNS_copy = 1, DW_LNS_advance_pc, DW_LNS_advance_line, DW_LNS_set_file,
    DW_LNS_set_column, DW_LNS_negate_stmt, DW_LNS_set_basic_block, DW_LNS_const_add_pc,
    DW_LNS_fixed_advance_pc, DW_LNS_set_prologue_end, DW_LNS_set_epilogue_begin,
    DW_LNS_set_isa,
};
enum {
    DW_LNE_end_sequence = 1, DW_LNE_set_address, DW_LNE_define_file, DW_LNE_set_discriminator,
};

static void reset(struct dwarf_line_vm *vm)
{
    memset(&vm->r, 0, sizeof vm->r);
    vm->r.file = 1;
    vm->r.line = 1;
    vm->r.is_stmt = vm->h->default_is_stmt != 0;
}

void dwarf_line_start(struct dwarf_line_vm *vm, const struct dwarf_line_hdr *h,
                      const struct dwarf_sect *line)
{
    vm->h = h;
    vm->c = (struct dwarf_cur){ line->data, h->prog, h->end, false };
    reset(vm);
    memset(&vm->row, 0, sizeof vm->row);
}

/* Advance by `adv` operations (DWARF 5 §6.2.5.1, VLIW op_index included). */
static u128 advance(struct dwarf_line_vm *vm, u64 adv)
{
    const struct dwarf_line_hdr *h = vm->h;
    u64 maxops = h->max_ops ? h->max_ops : 1;
    u128 before = vm->r.addr;
    vm->r.addr += (u128)h->min_insn * ((vm->r.op_index + (u128)adv) / maxops);
    vm->r.op_index = (u64)((vm->r.op_index + (u128)adv) % maxops);
    return vm->r.addr - before;
}

static void emit(struct dwarf_line_vm *vm, struct dwarf_line_op *op)
{
    vm->row = vm->r;
    op->row = true;
    vm->r.disc = 0;
    vm->r.basic_block = vm->r.prologue_end = vm->r.epilogue_begin = false;
}

int dwarf_line_step(struct dwarf_line_vm *vm, struct dwarf_line_op *op, struct elf_err *err)
{
    struct dwarf_cur *c = &vm->c;
    const struct dwarf_line_hdr *h = vm->h;
    memset(op, 0, sizeof *op);
    if (c->pos >= c->end)
        return 0;
    op->off = c->pos;
    op->op = (u8)dwarf_u(c, 1);
    if (op->op >= h->opcode_base) {
        if (!h->line_range)
            return fail(err, "special opcode with a line range of 0", op->off);
        unsigned adj = op->op - h->opcode_base;
        op->addr_delta = advance(vm, adj / h->line_range);
        op->line_delta = h->line_base + (i64)(adj % h->line_range);
        vm->r.line = (u32)(vm->r.line + op->line_delta);
        emit(vm, op);
        return 1;
    }
    switch (op->op) {
    case 0: {
        op->ext_len = dwarf_uleb(c);
        if (c->bad || op->ext_len > c->end - c->pos)
            return fail(err, "extended opcode runs past the end of the unit", op->off);
        if (op->ext_len == 0)
            return fail(err, "extended opcode of length 0", op->off);
        usize next = c->pos + (usize)op->ext_len;
        struct dwarf_cur ec = { c->base, c->pos, next, false };
        op->ext = (u8)dwarf_u(&ec, 1);
        op->ext_data = ec.pos;
        switch (op->ext) {
        case DW_LNE_end_sequence:
            vm->r.end_seq = true;
            emit(vm, op);
            reset(vm);
            break;
        case DW_LNE_set_address:
            op->addr_len = (unsigned)(op->ext_len - 1);
            if (op->addr_len > 16)
                return fail(err, "address wider than 16 bytes", op->off);
            op->addr = vm->r.addr = dwarf_addr(&ec, op->addr_len);
            vm->r.op_index = 0;
            break;
        case DW_LNE_define_file:
            op->define_name = dwarf_cstr(&ec);
            for (int i = 0; i < 3; i++)
                op->define[i] = dwarf_uleb(&ec);
            break;
        case DW_LNE_set_discriminator:
            op->uarg = dwarf_uleb(&ec);
            vm->r.disc = (u32)op->uarg;
            break;
        default: break;         /* unknown: skipped by its length */
        }
        if (ec.bad)
            return fail(err, "truncated extended opcode", op->off);
        c->pos = next;
        return 1;
    }
    case DW_LNS_copy: emit(vm, op); break;
    case DW_LNS_advance_pc:
        op->uarg = dwarf_uleb(c);
        op->addr_delta = advance(vm, op->uarg);
        break;
    case DW_LNS_advance_line:
        op->sarg = op->line_delta = dwarf_sleb(c);
        vm->r.line = (u32)((u64)vm->r.line + (u64)op->sarg);   /* wraps, as in GNU's */
        break;
    case DW_LNS_set_file: vm->r.file = op->uarg = dwarf_uleb(c); break;
    case DW_LNS_set_column: op->uarg = dwarf_uleb(c); vm->r.col = (u32)op->uarg; break;
    case DW_LNS_negate_stmt: vm->r.is_stmt = !vm->r.is_stmt; break;
    case DW_LNS_set_basic_block: vm->r.basic_block = true; break;
    case DW_LNS_const_add_pc:
        if (!h->line_range)
            return fail(err, "DW_LNS_const_add_pc with a line range of 0", op->off);
        op->addr_delta = advance(vm, (255u - h->opcode_base) / h->line_range);
        break;
    case DW_LNS_fixed_advance_pc:
        op->uarg = dwarf_u(c, 2);
        vm->r.addr += op->uarg;
        vm->r.op_index = 0;
        op->addr_delta = op->uarg;
        break;
    case DW_LNS_set_prologue_end: vm->r.prologue_end = true; break;
    case DW_LNS_set_epilogue_begin: vm->r.epilogue_begin = true; break;
    case DW_LNS_set_isa: vm->r.isa = op->uarg = dwarf_uleb(c); break;
    default:                    /* an opcode this reader does not know: skip its operands */
        for (unsigned i = 0; i < h->oplen[op->op]; i++)
            dwarf_uleb(c);
        break;
    }
    if (c->bad)
        return fail(err, "truncated opcode", op->off);
    return 1;
}
