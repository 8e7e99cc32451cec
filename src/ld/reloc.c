/* reloc.c — RISC-V static relocations (psABI, plus ZettaLinux's 128-bit data relocations
 * of docs/abi.md section 8.5), computed in 128-bit arithmetic.
 *
 * Values: S = symbol address, A = addend, P = place, G/GOT = GOT slot address.  For rv32
 * and rv64, an address computation wraps modulo 2^XLEN and is then read as a signed
 * XLEN-bit number (so rv32 reaches its whole address space with auipc); rv128 needs no
 * wrap.  Every field is range-checked; a value that does not fit is an error naming the
 * relocation, the symbol and the place — never truncated:
 *   BRANCH ±4 KiB, JAL ±1 MiB, RVC_BRANCH ±256 B, RVC_JUMP ±2 KiB (all even);
 *   HI20 / PCREL_HI20 / CALL / GOT_HI20 / TPREL_HI20: (value + 0x800) must be a signed
 *   32-bit number (not checked for rv32, where lui/auipc wrap like the address space);
 *   32 / 64: fits signed or unsigned; 32_PCREL / PLT32: signed 32-bit;
 *   SET_ULEB128/SUB_ULEB128: the result fits the bytes the assembler reserved.
 * Label arithmetic (ADD*, SUB*, SET*) wraps in its field, as in GNU ld. */
#include <string.h>
#include "ld.h"
#include "common/le.h"
#include "isa/isa.h"

#define TLS_DTV_OFFSET 0x800

const char *ld_reloc_name(u32 type)
{
    static char buf[4][32];
    static int k;
    const char *n = elf_reloc_name(EM_RISCV, type);
    if (n)
        return n;
    k = (k + 1) & 3;
    snprintf(buf[k], sizeof buf[k], "relocation type %u", type);
    return buf[k];
}

void ld_add_dynrel(struct ld *L, u128 off, u32 type, i128 addend)
{
    if (L->ndynrels >= L->nrela)
        ld_fatal(L, "internal error: more dynamic relocations than counted (%u)", L->nrela);
    struct rel_out *r = &L->dynrels[L->ndynrels++];
    r->off = off;
    r->type = type;
    r->sym = 0;
    r->addend = addend;
}

/* ---------------------------------------------------------------------------------- */

struct rctx {
    struct ld *L;
    struct isec *s;
    u8 *buf;                 /* output bytes of s (outsize) */
    u128 addr;               /* address of s */
    int alloc;
    const struct rel *r;
    const struct sym *sym;
};

static i128 sx(u128 v, unsigned bits)
{
    if (bits >= 128)
        return (i128)v;
    u128 m = (u128)1 << (bits - 1);
    v &= ((u128)1 << bits) - 1;
    return (i128)((v ^ m) - m);
}

/* An address computation read as a signed XLEN-bit number. */
static i128 sxl(const struct ld *L, u128 v)
{
    return sx(v, L->xlen);
}

static int fits_s(i128 v, unsigned bits)
{
    i128 lim = (i128)1 << (bits - 1);
    return v >= -lim && v < lim;
}

static void overflow(struct rctx *c, i128 v, const char *range)
{
    struct ld *L = c->L;
    ld_error(L, "%s: relocation %s out of range: %s is not in %s; references `%s'",
             ld_where(L, c->s, c->r->off), ld_reloc_name(c->r->type), ld_dec(L, v), range,
             c->sym ? ld_sym_name(c->sym) : "?");
}

static void bad(struct rctx *c, const char *why)
{
    struct ld *L = c->L;
    ld_error(L, "%s: relocation %s against `%s': %s", ld_where(L, c->s, c->r->off),
             ld_reloc_name(c->r->type), c->sym ? ld_sym_name(c->sym) : "?", why);
}

/* Pointer to `n` bytes of the field at input offset off, or NULL (reported). */
static u8 *field(struct rctx *c, u128 off, u128 n)
{
    const struct isec *s = c->s;
    if (off > s->size || n > s->size - off) {
        bad(c, "the field extends beyond the end of the section");
        return NULL;
    }
    u128 o = ld_map_off(s, off);
    if (ld_off_deleted(s, off) || (n && ld_map_off(s, off + n - 1) != o + n - 1)) {
        bad(c, "the field lies in deleted alignment padding");
        return NULL;
    }
    return c->buf + (usize)o;
}

static u32 rd32(const u8 *p) { return get_le32(p); }
static void wr32(u8 *p, u32 v) { put_le32(p, v); }

/* Immediates are placed through the instruction table (src/isa): the operand codes of
 * its args strings name the fields.  "u" takes the upper 20 bits in place. */
static void patch(u8 *p, const char *code, u32 value)
{
    bool c16 = code[0] == 'C';
    u32 w = c16 ? get_le16(p) : rd32(p);
    isa_imm_patch(code, &w, value);
    if (c16) put_le16(p, (u16)w);
    else wr32(p, w);
}

static void set_i(u8 *p, u32 imm) { patch(p, "j", imm); }
static void set_s(u8 *p, u32 imm) { patch(p, "q", imm); }
static void set_u(u8 *p, u32 hi20) { patch(p, "u", hi20 << 12); }

/* A whole instruction, for the rewrites of relaxation: op with in's operands. */
static void put_insn(struct rctx *c, u8 *p, unsigned op, struct isa_inst in)
{
    u32 w;
    if (!isa_encode_op(op, (int)c->L->xlen, &in, &w)) {
        bad(c, "internal error: cannot encode a rewritten instruction");
        return;
    }
    wr32(p, w);
}

static u32 hi20(i128 v)
{
    return (u32)((((u128)v + 0x800) >> 12) & 0xfffff);
}

static u32 lo12(i128 v)
{
    return (u32)((u128)v & 0xfff);
}

/* (v + 0x800) must be a signed 32-bit number, except on rv32. */
static int check_hi(struct rctx *c, i128 v)
{
    if (c->L->xlen == 32)
        return 1;
    if (!fits_s(v + 0x800, 32)) {
        overflow(c, v, "[-2^31 - 0x800, 2^31 - 0x800)");
        return 0;
    }
    return 1;
}

static int check_pc(struct rctx *c, i128 v, unsigned bits)
{
    if (v & 1) {
        overflow(c, v, "the even numbers (the target is misaligned)");
        return 0;
    }
    if (!fits_s(v, bits)) {
        const char *r = bits == 13 ? "[-4096, 4094]" : bits == 21 ? "[-1048576, 1048574]"
                        : bits == 9 ? "[-256, 254]" : "[-2048, 2046]";
        overflow(c, v, r);
        return 0;
    }
    return 1;
}

/* S + A, mapping offsets through deletions of the target section. */
static u128 sym_target(struct ld *L, const struct sym *g, i128 a)
{
    if (g->kind == SYM_DEFINED && g->sec && g->sec->pieces) {
        u128 t = g->value + (u128)a;
        if (t <= g->sec->size && !(a < 0 && (u128)(-a) > g->value))
            return ld_isec_addr(g->sec) + ld_map_off(g->sec, t);
    }
    return ld_sym_addr(L, g) + (u128)a;
}

static int is_tls_sym(const struct sym *g)
{
    /* a defined symbol is thread-local by its section (an STT_TLS symbol elsewhere is not) */
    if (g->kind == SYM_DEFINED && g->sec)
        return (g->sec->flags & SHF_TLS) && (g->type == STT_TLS || g->type == STT_SECTION);
    return g->type == STT_TLS || (g->kind == SYM_UNDEF && g->ref_tls);
}

static int need_tls(struct rctx *c)
{
    if (!is_tls_sym(c->sym)) {
        bad(c, "the symbol is not a thread-local variable");
        return 0;
    }
    if (!c->L->have_tls && c->sym->kind != SYM_UNDEF) {
        bad(c, "the output has no TLS segment");
        return 0;
    }
    return 1;
}

/* The dead-target rule for sections that are not loaded (debug info): a reference to
 * a discarded or garbage-collected section gets 0 (1 in .debug_ranges/.debug_loc, where
 * 0 would end the list), as in GNU ld. */
static int dead_target(const struct sym *g)
{
    if (g->in_discarded)
        return 1;
    return g->kind == SYM_DEFINED && g->sec && !g->sec->out;
}

static int find_hi(struct rctx *c, const struct sym *label, i128 addend, const struct rel **hi,
                   int tlsdesc)
{
    struct isec *s = c->s;
    if (label->kind != SYM_DEFINED || label->sec != s) {
        bad(c, "the %pcrel_lo label is not in the same section as its %pcrel_hi");
        return 0;
    }
    u128 off = label->value + (u128)addend;
    u32 lo = 0, h = s->nrels;
    while (lo < h) {
        u32 mid = lo + (h - lo) / 2;
        if (s->rels[mid].off < off)
            lo = mid + 1;
        else
            h = mid;
    }
    for (u32 i = lo; i < s->nrels && s->rels[i].off == off; i++) {
        u32 t = s->rels[i].type;
        if (tlsdesc ? t == R_RISCV_TLSDESC_HI20
                    : (t == R_RISCV_PCREL_HI20 || t == R_RISCV_GOT_HI20 ||
                       t == R_RISCV_TLS_GOT_HI20 || t == R_RISCV_TLS_GD_HI20)) {
            *hi = &s->rels[i];
            return 1;
        }
    }
    bad(c, tlsdesc ? "no matching R_RISCV_TLSDESC_HI20 at its label"
                   : "dangerous relocation: %pcrel_lo missing matching %pcrel_hi");
    return 0;
}

/* Value of a HI20-class relocation at P_hi (shared with its LO12 partners).  *absolute is
 * set when an auipc to an undefined weak symbol became `lui rd, 0`. */
static int hi_value(struct rctx *c, const struct rel *r, i128 *v, int *absolute)
{
    struct ld *L = c->L;
    const struct sym *g = c->s->obj->syms[r->sym];
    u128 P = c->addr + ld_map_off(c->s, r->off);
    *absolute = 0;
    if (!g) {
        bad(c, "bad symbol");
        return 0;
    }
    switch (r->type) {
    case R_RISCV_PCREL_HI20:
        if (g->kind == SYM_UNDEF && !g->is_local) {
            *absolute = 1;
            *v = (i128)r->addend;
            return 1;
        }
        *v = sxl(L, sym_target(L, g, r->addend) - P);
        return 1;
    case R_RISCV_GOT_HI20:
    case R_RISCV_TLS_GOT_HI20:
    case R_RISCV_TLS_GD_HI20: {
        /* slots exist for relocations of loaded sections (scan.c) */
        int have = r->type == R_RISCV_GOT_HI20 ? g->needs_got : r->type == R_RISCV_TLS_GOT_HI20
                                                                   ? g->needs_ie : g->needs_gd;
        if (!have || !L->got) {
            bad(c, "GOT-relative relocation in a section that is not loaded");
            return 0;
        }
        u32 slot = r->type == R_RISCV_GOT_HI20 ? g->got : r->type == R_RISCV_TLS_GOT_HI20
                                                             ? g->ie : g->gd;
        *v = sxl(L, ld_got_addr(L, slot) + (u128)r->addend - P);
        return 1;
    }
    default:
        return 0;
    }
}

static int write_uleb(struct rctx *c, u8 *p, u128 avail, u128 v)
{
    u32 n = 0;
    while (n < avail && n < 19 && (p[n] & 0x80))
        n++;
    if (n >= avail || n >= 19) {
        bad(c, "the ULEB128 field is not terminated");
        return 0;
    }
    n++;                                     /* bytes of the reserved encoding */
    if (n < 19 && (v >> (7 * n)) != 0) {
        ld_error(c->L, "%s: relocation %s: value %s does not fit the %u-byte ULEB128 field",
                 ld_where(c->L, c->s, c->r->off), ld_reloc_name(c->r->type),
                 ld_dec(c->L, (i128)v), n);
        return 0;
    }
    for (u32 i = 0; i < n; i++) {
        p[i] = (u8)((v & 0x7f) | (i + 1 < n ? 0x80 : 0));
        v >>= 7;
    }
    return 1;
}

static void put_word(u8 *p, unsigned bytes, u128 v)
{
    for (unsigned i = 0; i < bytes; i++)
        p[i] = (u8)(v >> (8 * i));
}

static u128 get_word(const u8 *p, unsigned bytes)
{
    u128 v = 0;
    for (unsigned i = bytes; i-- > 0;)
        v = v << 8 | p[i];
    return v;
}

static unsigned word_bytes(u32 t)
{
    switch (t) {
    case R_RISCV_ADD8: case R_RISCV_SUB8: case R_RISCV_SET8: return 1;
    case R_RISCV_ADD16: case R_RISCV_SUB16: case R_RISCV_SET16: return 2;
    case R_RISCV_ADD32: case R_RISCV_SUB32: case R_RISCV_SET32: case R_RISCV_32:
    case R_RISCV_32_PCREL: case R_RISCV_PLT32: case R_RISCV_GOT32_PCREL:
    case R_RISCV_TLS_DTPMOD32: case R_RISCV_TLS_DTPREL32: case R_RISCV_TLS_TPREL32:
        return 4;
    case R_RISCV_ADD64: case R_RISCV_SUB64: case R_RISCV_64: case R_RISCV_TLS_DTPMOD64:
    case R_RISCV_TLS_DTPREL64: case R_RISCV_TLS_TPREL64:
        return 8;
    case R_RISCV_128: case R_RISCV_ADD128: case R_RISCV_SUB128:
        return 16;
    default:
        return 0;
    }
}

static void apply_one(struct rctx *c, u32 idx)
{
    struct ld *L = c->L;
    struct isec *s = c->s;
    const struct rel *r = &s->rels[idx];
    c->r = r;
    const struct sym *g = s->obj->syms[r->sym];
    c->sym = g;
    u32 t = r->type;
    if (t == R_RISCV_RELAX || t == R_RISCV_ALIGN || t == R_RISCV_NONE || t == R_RISCV_TPREL_ADD)
        return;
    if (!g) {
        if (r->sym == 0) {
            static const struct sym none = { .name = "", .kind = SYM_DEFINED };
            g = c->sym = &none;
        } else {
            return;                  /* symbol failed to load; already reported */
        }
    }
    u128 P = c->addr + ld_map_off(s, r->off);
    i128 A = r->addend;
    unsigned wb = word_bytes(t);
    if (!c->alloc && dead_target(g)) {
        if (wb && t != R_RISCV_ADD8 && t != R_RISCV_ADD16 && t != R_RISCV_ADD32 &&
            t != R_RISCV_ADD64 && t != R_RISCV_ADD128 && t != R_RISCV_SUB8 &&
            t != R_RISCV_SUB16 && t != R_RISCV_SUB32 && t != R_RISCV_SUB64 &&
            t != R_RISCV_SUB128) {
            u8 *p = field(c, r->off, wb);
            if (p) {
                int one = !strcmp(s->name, ".debug_ranges") || !strcmp(s->name, ".debug_loc");
                put_word(p, wb, one ? 1 : 0);
            }
        }
        return;
    }
    if (c->alloc && g->type == STT_TLS && !g->is_local && t != R_RISCV_TPREL_HI20 &&
        t != R_RISCV_TPREL_LO12_I && t != R_RISCV_TPREL_LO12_S && t != R_RISCV_TLS_GOT_HI20 &&
        t != R_RISCV_TLS_GD_HI20 && t != R_RISCV_TLSDESC_HI20 &&
        t != R_RISCV_TLS_DTPREL32 && t != R_RISCV_TLS_DTPREL64 &&
        t != R_RISCV_TLS_TPREL32 && t != R_RISCV_TLS_TPREL64 &&
        t != R_RISCV_TLS_DTPMOD32 && t != R_RISCV_TLS_DTPMOD64) {
        bad(c, "a thread-local symbol cannot be used with this relocation");
        return;
    }
    u8 *p;
    switch (t) {
    case R_RISCV_32:
    case R_RISCV_64: {
        unsigned bits = t == R_RISCV_32 ? 32 : 64;
        if (!(p = field(c, r->off, bits / 8)))
            return;
        u128 v = sym_target(L, g, A);
        if (L->opt.pie && c->alloc && !ld_sym_is_abs(g) && bits == L->xlen)
            ld_add_dynrel(L, P, R_RISCV_RELATIVE, (i128)v);
        if (bits > L->xlen) {                /* .quad sym on rv32: the address, zero-extended */
            put_word(p, bits / 8, v & (((u128)1 << L->xlen) - 1));
            return;
        }
        i128 sv = sxl(L, v);
        if (bits < L->xlen && !(fits_s(sv, bits) || (sv >= 0 && sv < (i128)1 << bits))) {
            overflow(c, sv, bits == 32 ? "[-2^31, 2^32)" : "[-2^63, 2^64)");
            return;
        }
        put_word(p, bits / 8, (u128)sv);
        return;
    }
    case R_RISCV_128:
        if (L->xlen != 128) {
            bad(c, "R_RISCV_128 exists only in ELFCLASS128 objects");
            return;
        }
        if (!(p = field(c, r->off, 16)))
            return;
        {
            u128 v = sym_target(L, g, A);
            if (L->opt.pie && c->alloc && !ld_sym_is_abs(g))
                ld_add_dynrel(L, P, R_RISCV_RELATIVE, (i128)v);
            put_word(p, 16, v);
        }
        return;
    case R_RISCV_ADD8: case R_RISCV_ADD16: case R_RISCV_ADD32: case R_RISCV_ADD64:
    case R_RISCV_ADD128:
    case R_RISCV_SUB8: case R_RISCV_SUB16: case R_RISCV_SUB32: case R_RISCV_SUB64:
    case R_RISCV_SUB128: {
        if ((t == R_RISCV_ADD128 || t == R_RISCV_SUB128) && L->xlen != 128) {
            bad(c, "128-bit label arithmetic exists only in ELFCLASS128 objects");
            return;
        }
        if (!(p = field(c, r->off, wb)))
            return;
        u128 v = get_word(p, wb), x = sym_target(L, g, A);
        int add = t == R_RISCV_ADD8 || t == R_RISCV_ADD16 || t == R_RISCV_ADD32 ||
                  t == R_RISCV_ADD64 || t == R_RISCV_ADD128;
        put_word(p, wb, add ? v + x : v - x);
        return;
    }
    case R_RISCV_SET8: case R_RISCV_SET16: case R_RISCV_SET32:
        if (!(p = field(c, r->off, wb)))
            return;
        put_word(p, wb, sym_target(L, g, A));
        return;
    case R_RISCV_SET6:
    case R_RISCV_SUB6:
        if (!(p = field(c, r->off, 1)))
            return;
        {
            u8 x = (u8)sym_target(L, g, A);
            u8 v = t == R_RISCV_SET6 ? x : (u8)(p[0] - x);
            p[0] = (u8)((p[0] & 0xc0) | (v & 0x3f));
        }
        return;
    case R_RISCV_SET_ULEB128: {
        const struct rel *sub = idx + 1 < s->nrels ? &s->rels[idx + 1] : NULL;
        if (!sub || sub->type != R_RISCV_SUB_ULEB128 || sub->off != r->off) {
            bad(c, "R_RISCV_SET_ULEB128 is not followed by R_RISCV_SUB_ULEB128");
            return;
        }
        const struct sym *g2 = s->obj->syms[sub->sym];
        if (!g2)
            return;
        if (!(p = field(c, r->off, 1)))
            return;
        u128 v = sym_target(L, g, A) - sym_target(L, g2, sub->addend);
        u128 avail = s->outsize - ld_map_off(s, r->off);
        write_uleb(c, p, avail, v);
        return;
    }
    case R_RISCV_SUB_ULEB128:
        if (idx == 0 || s->rels[idx - 1].type != R_RISCV_SET_ULEB128 ||
            s->rels[idx - 1].off != r->off)
            bad(c, "R_RISCV_SUB_ULEB128 without a preceding R_RISCV_SET_ULEB128");
        return;                      /* applied with its SET_ULEB128 */
    case R_RISCV_32_PCREL:
    case R_RISCV_PLT32: {
        if (!(p = field(c, r->off, 4)))
            return;
        i128 v = sxl(L, sym_target(L, g, A) - P);
        if (!fits_s(v, 32)) {
            overflow(c, v, "[-2^31, 2^31)");
            return;
        }
        put_le32(p, (u32)v);
        return;
    }
    case R_RISCV_GOT32_PCREL: {
        if (!(p = field(c, r->off, 4)))
            return;
        if (!g->needs_got || !L->got) {
            bad(c, "GOT-relative relocation in a section that is not loaded");
            return;
        }
        i128 v = sxl(L, ld_got_addr(L, g->got) + (u128)A - P);
        if (!fits_s(v, 32)) {
            overflow(c, v, "[-2^31, 2^31)");
            return;
        }
        put_le32(p, (u32)v);
        return;
    }
    case R_RISCV_BRANCH: case R_RISCV_JAL: case R_RISCV_RVC_BRANCH: case R_RISCV_RVC_JUMP: {
        unsigned n = (t == R_RISCV_RVC_BRANCH || t == R_RISCV_RVC_JUMP) ? 2 : 4;
        if (!(p = field(c, r->off, n)))
            return;
        i128 v = sxl(L, sym_target(L, g, A) - P);
        unsigned bits = t == R_RISCV_BRANCH ? 13 : t == R_RISCV_JAL ? 21
                        : t == R_RISCV_RVC_BRANCH ? 9 : 12;
        if (!check_pc(c, v, bits))
            return;
        patch(p, t == R_RISCV_BRANCH ? "p" : t == R_RISCV_JAL ? "a"
                 : t == R_RISCV_RVC_BRANCH ? "Cp" : "Ca", (u32)v);
        return;
    }
    case R_RISCV_CALL:
    case R_RISCV_CALL_PLT: {
        if (!(p = field(c, r->off, 8)))
            return;
        i128 v = sxl(L, sym_target(L, g, A) - P);
        if (!check_hi(c, v))
            return;
        set_u(p, hi20(v));
        set_i(p + 4, lo12(v));
        return;
    }
    case R_RISCV_PCREL_HI20:
    case R_RISCV_GOT_HI20:
    case R_RISCV_TLS_GOT_HI20:
    case R_RISCV_TLS_GD_HI20: {
        if (!(p = field(c, r->off, 4)))
            return;
        if ((t == R_RISCV_TLS_GOT_HI20 || t == R_RISCV_TLS_GD_HI20) && !need_tls(c))
            return;
        i128 v;
        int absolute;
        if (!hi_value(c, r, &v, &absolute))
            return;
        if (absolute) {
            /* undefined weak: auipc rd -> lui rd, 0 (the address 0 on any load base) */
            put_insn(c, p, ISA_LUI, (struct isa_inst){ .rd = (u8)((rd32(p) >> 7) & 31) });
            if (!check_hi(c, v))
                return;
            set_u(p, hi20(v));
            return;
        }
        if (!check_hi(c, v))
            return;
        set_u(p, hi20(v));
        return;
    }
    case R_RISCV_PCREL_LO12_I:
    case R_RISCV_PCREL_LO12_S: {
        if (!(p = field(c, r->off, 4)))
            return;
        const struct rel *hi;
        if (!find_hi(c, g, A, &hi, 0))
            return;
        i128 v;
        int absolute;
        if (!hi_value(c, hi, &v, &absolute))
            return;
        if (t == R_RISCV_PCREL_LO12_I)
            set_i(p, lo12(v));
        else
            set_s(p, lo12(v));
        return;
    }
    case R_RISCV_HI20:
    case R_RISCV_LO12_I:
    case R_RISCV_LO12_S: {
        if (!(p = field(c, r->off, 4)))
            return;
        i128 v = sxl(L, sym_target(L, g, A));
        if (t == R_RISCV_HI20) {
            if (!check_hi(c, v))
                return;
            set_u(p, hi20(v));
        } else if (t == R_RISCV_LO12_I) {
            set_i(p, lo12(v));
        } else {
            set_s(p, lo12(v));
        }
        return;
    }
    case R_RISCV_TPREL_HI20:
    case R_RISCV_TPREL_LO12_I:
    case R_RISCV_TPREL_LO12_S: {
        if (!(p = field(c, r->off, 4)))
            return;
        if (!need_tls(c))
            return;
        i128 v = g->kind == SYM_UNDEF ? 0 : (i128)(sym_target(L, g, A) - L->tls_start);
        if (t == R_RISCV_TPREL_HI20) {
            if (!fits_s(v + 0x800, 32)) {
                overflow(c, v, "[-2^31 - 0x800, 2^31 - 0x800)");
                return;
            }
            set_u(p, hi20(v));
        } else if (t == R_RISCV_TPREL_LO12_I) {
            set_i(p, lo12(v));
        } else {
            set_s(p, lo12(v));
        }
        return;
    }
    case R_RISCV_TLS_DTPREL32:
    case R_RISCV_TLS_DTPREL64:
    case R_RISCV_TLS_TPREL32:
    case R_RISCV_TLS_TPREL64: {
        if (!(p = field(c, r->off, wb)))
            return;
        if (!need_tls(c))
            return;
        int dtp = t == R_RISCV_TLS_DTPREL32 || t == R_RISCV_TLS_DTPREL64;
        i128 v = (i128)(sym_target(L, g, A) - L->tls_start) - (dtp ? TLS_DTV_OFFSET : 0);
        if (!fits_s(v, wb * 8)) {
            overflow(c, v, wb == 4 ? "[-2^31, 2^31)" : "[-2^63, 2^63)");
            return;
        }
        put_word(p, wb, (u128)v);
        return;
    }
    case R_RISCV_TLS_DTPMOD32:
    case R_RISCV_TLS_DTPMOD64:
        if (!(p = field(c, r->off, wb)))
            return;
        put_word(p, wb, 1);          /* the executable is TLS module 1 */
        return;
    case R_RISCV_TLSDESC_HI20:
    case R_RISCV_TLSDESC_LOAD_LO12:
    case R_RISCV_TLSDESC_ADD_LO12:
    case R_RISCV_TLSDESC_CALL: {
        /* static link: relax the descriptor call to local exec:
         *   auipc tX, ...   -> nop          l[dwq] tY, ... -> nop
         *   addi a0, tX, .. -> lui a0, %tprel_hi(sym)
         *   jalr t0, tY     -> addi a0, a0, %tprel_lo(sym) */
        if (!(p = field(c, r->off, 4)))
            return;
        if (t == R_RISCV_TLSDESC_HI20 || t == R_RISCV_TLSDESC_LOAD_LO12) {
            if (t == R_RISCV_TLSDESC_HI20 && !need_tls(c))
                return;
            put_insn(c, p, ISA_ADDI, (struct isa_inst){ .imm = 0 });     /* nop */
            return;
        }
        const struct rel *hi;
        if (!find_hi(c, g, A, &hi, 1))
            return;
        const struct sym *ts = s->obj->syms[hi->sym];
        if (!ts)
            return;
        i128 v = (i128)(sym_target(L, ts, hi->addend) - L->tls_start);
        if (!fits_s(v + 0x800, 32)) {
            overflow(c, v, "[-2^31 - 0x800, 2^31 - 0x800)");
            return;
        }
        enum { A0 = 10 };
        if (t == R_RISCV_TLSDESC_ADD_LO12)                     /* lui a0, hi */
            put_insn(c, p, ISA_LUI, (struct isa_inst){ .rd = A0, .imm = (i32)(hi20(v) << 12) });
        else                                                   /* addi a0, a0, lo */
            put_insn(c, p, ISA_ADDI, (struct isa_inst){ .rd = A0, .rs1 = A0,
                                                         .imm = (i32)(lo12(v) << 20) >> 20 });
        return;
    }
    default:
        bad(c, "unsupported relocation type");
        return;
    }
}

void ld_apply_relocs(struct ld *L, struct isec *s, u8 *buf)
{
    struct rctx c;
    memset(&c, 0, sizeof c);
    c.L = L;
    c.s = s;
    c.buf = buf;
    c.addr = ld_isec_addr(s);
    c.alloc = (s->flags & SHF_ALLOC) != 0;
    for (u32 i = 0; i < s->nrels; i++) {
        if (ld_off_deleted(s, s->rels[i].off) && s->rels[i].type != R_RISCV_ALIGN)
            continue;
        apply_one(&c, i);
    }
}
