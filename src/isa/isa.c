/* Decode, encode and format, all driven by insns.def and the operand kinds below. */
#include "isa/isa.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const struct isa_insn isa_table[] = {
#define OP(op, name, match, mask, xl, ext, args, imp, fl) \
    { name, match, mask, ISA_##op, xl, ext, fl, args, imp },
#define VAR OP
#include "isa/insns.def"
#undef OP
#undef VAR
};
const size_t isa_table_len = sizeof isa_table / sizeof isa_table[0];

const char *const isa_xreg_names[32] = {
    "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2",
    "a3", "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9",
    "s10", "s11", "t3", "t4", "t5", "t6",
};
const char *const isa_freg_names[32] = {
    "ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7", "fs0", "fs1", "fa0", "fa1",
    "fa2", "fa3", "fa4", "fa5", "fa6", "fa7", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7",
    "fs8", "fs9", "fs10", "fs11", "ft8", "ft9", "ft10", "ft11",
};

const char *isa_op_name(unsigned op)
{
    const struct isa_insn *d = isa_line(op);
    return d ? d->name : "?";
}

/* ---- Operand kinds ---------------------------------------------------------------
 * An immediate is a list of segments: `width` bits of the value starting at value bit
 * `vlo` live in the instruction starting at bit `ilo`.  Extraction and insertion both
 * walk the same list, so a scramble is written exactly once. */
struct seg { u8 vlo, width, ilo; };

enum slot { S_NONE, S_RD, S_RS1, S_RS2, S_RS3, S_RDRS1, S_IMM, S_RM, S_SP };
enum rclass { R_NONE, R_X, R_F };

struct kind {
    char code[3];               /* "d", "Cj", … */
    enum slot slot;
    enum rclass rclass;         /* for registers: integer or FP (printing, assembler) */
    u8 reg_lo;                  /* register field: lowest instruction bit */
    u8 reg_prime;               /* 3-bit x8–x15 field */
    u8 is_signed, nonzero;
    u8 nseg;
    struct seg seg[8];
    u8 shift_rule;              /* 1: C.SLLI amount, 2: C.SRLI/C.SRAI amount */
    u8 mem_offset;              /* printed as offset before "(reg)" */
    u8 pcrel;                   /* branch/jump target */
};

#define REG(c, sl, cls, lo) { c, sl, cls, lo, 0, 0, 0, 0, {{0}}, 0, 0, 0 }
#define PRIME(c, sl, cls, lo) { c, sl, cls, lo, 1, 0, 0, 0, {{0}}, 0, 0, 0 }
#define IMM(c, sg, nz, mo, pc, n, ...) { c, S_IMM, R_NONE, 0, 0, sg, nz, n, { __VA_ARGS__ }, 0, mo, pc }

static const struct kind kinds[] = {
    REG("d", S_RD, R_X, 7),   REG("s", S_RS1, R_X, 15), REG("t", S_RS2, R_X, 20),
    REG("D", S_RD, R_F, 7),   REG("S", S_RS1, R_F, 15), REG("T", S_RS2, R_F, 20),
    REG("R", S_RS3, R_F, 27),
    { "m", S_RM, R_NONE, 12, 0, 0, 0, 0, {{0}}, 0, 0, 0 },
    { "Z", S_RS1, R_NONE, 15, 0, 0, 0, 0, {{0}}, 0, 0, 0 },  /* CSR uimm5 (kept in rs1) */
    IMM("j", 1, 0, 0, 0, 1, {0, 12, 20}),
    IMM("o", 1, 0, 1, 0, 1, {0, 12, 20}),
    IMM("q", 1, 0, 1, 0, 2, {0, 5, 7}, {5, 7, 25}),
    IMM("p", 1, 0, 0, 1, 4, {1, 4, 8}, {5, 6, 25}, {11, 1, 7}, {12, 1, 31}),
    IMM("a", 1, 0, 0, 1, 4, {1, 10, 21}, {11, 1, 20}, {12, 8, 12}, {20, 1, 31}),
    IMM("u", 1, 0, 0, 0, 1, {12, 20, 12}),
    IMM(">", 0, 0, 0, 0, 1, {0, 7, 20}),
    IMM("E", 0, 0, 0, 0, 1, {0, 12, 20}),
    IMM("P", 0, 0, 0, 0, 1, {0, 8, 20}),
    /* compressed registers */
    REG("Cd", S_RDRS1, R_X, 7), REG("CV", S_RS2, R_X, 2),
    PRIME("Cr", S_RD, R_X, 2),  PRIME("Ct", S_RS2, R_X, 2), PRIME("C7", S_RS1, R_X, 7),
    PRIME("CA", S_RDRS1, R_X, 7),
    PRIME("CF", S_RD, R_F, 2),  PRIME("CG", S_RS2, R_F, 2),
    REG("CH", S_RD, R_F, 7),    REG("CI", S_RS2, R_F, 2),
    { "CU", S_RDRS1, R_X, 7, 0, 0, 1, 0, {{0}}, 0, 0, 0 },  /* rd/rs1 != x0 */
    { "Cx", S_SP, R_X, 0, 0, 0, 0, 0, {{0}}, 0, 0, 0 },     /* the literal "sp" */
    /* compressed immediates */
    IMM("Cj", 1, 0, 0, 0, 2, {0, 5, 2}, {5, 1, 12}),
    IMM("Ci", 1, 1, 0, 0, 2, {0, 5, 2}, {5, 1, 12}),     /* Cj, not zero (c.nop's HINT) */
    IMM("Cu", 1, 1, 0, 0, 2, {12, 5, 2}, {17, 1, 12}),
    IMM("CK", 0, 1, 0, 0, 4, {4, 2, 11}, {6, 4, 7}, {2, 1, 6}, {3, 1, 5}),
    IMM("CL", 1, 1, 0, 0, 5, {9, 1, 12}, {4, 1, 6}, {6, 1, 5}, {7, 2, 3}, {5, 1, 2}),
    IMM("Cw", 0, 0, 1, 0, 3, {3, 3, 10}, {2, 1, 6}, {6, 1, 5}),
    IMM("Cl", 0, 0, 1, 0, 2, {3, 3, 10}, {6, 2, 5}),
    IMM("Cq", 0, 0, 1, 0, 4, {5, 1, 12}, {4, 1, 11}, {8, 1, 10}, {6, 2, 5}),
    IMM("Cm", 0, 0, 1, 0, 3, {5, 1, 12}, {2, 3, 4}, {6, 2, 2}),
    IMM("Cn", 0, 0, 1, 0, 3, {5, 1, 12}, {3, 2, 5}, {6, 3, 2}),
    IMM("Co", 0, 0, 1, 0, 3, {5, 1, 12}, {4, 1, 6}, {6, 4, 2}),
    IMM("CM", 0, 0, 1, 0, 2, {2, 4, 9}, {6, 2, 7}),
    IMM("CN", 0, 0, 1, 0, 2, {3, 3, 10}, {6, 3, 7}),
    IMM("CO", 0, 0, 1, 0, 2, {4, 2, 11}, {6, 4, 7}),
    IMM("Cp", 1, 0, 0, 1, 5, {8, 1, 12}, {3, 2, 10}, {6, 2, 5}, {1, 2, 3}, {5, 1, 2}),
    IMM("Ca", 1, 0, 0, 1, 8, {11, 1, 12}, {4, 1, 11}, {8, 2, 9}, {10, 1, 8}, {6, 1, 7},
        {7, 1, 6}, {1, 3, 3}, {5, 1, 2}),
    { "C>", S_IMM, R_NONE, 0, 0, 0, 0, 2, {{0, 5, 2}, {5, 1, 12}}, 1, 0, 0 },
    { "C}", S_IMM, R_NONE, 0, 0, 0, 0, 2, {{0, 5, 2}, {5, 1, 12}}, 2, 0, 0 },
};

/* Next operand kind in an args string; punctuation is skipped (it is syntax only). */
static const struct kind *next_kind(const char **p)
{
    while (**p) {
        char c = **p;
        if (c == ',' || c == '(' || c == ')') { (*p)++; continue; }
        size_t n = (c == 'C') ? 2 : 1;
        for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
            if (strncmp(kinds[i].code, *p, n) == 0 && kinds[i].code[n] == 0) {
                *p += n;
                return &kinds[i];
            }
        }
        return NULL;   /* unknown letter: a table bug, caught by the table test */
    }
    return NULL;
}

static u32 imm_extract(const struct kind *k, u32 w)
{
    u32 v = 0;
    for (int i = 0; i < k->nseg; i++)
        v |= ((w >> k->seg[i].ilo) & ((1u << k->seg[i].width) - 1)) << k->seg[i].vlo;
    return v;
}

static u32 imm_insert(const struct kind *k, u32 v)
{
    u32 w = 0;
    for (int i = 0; i < k->nseg; i++)
        w |= ((v >> k->seg[i].vlo) & ((1u << k->seg[i].width) - 1)) << k->seg[i].ilo;
    return w;
}

static int imm_top_bit(const struct kind *k)
{
    int top = 0;
    for (int i = 0; i < k->nseg; i++)
        if (k->seg[i].vlo + k->seg[i].width > top) top = k->seg[i].vlo + k->seg[i].width;
    return top - 1;
}

static bool set_slot(struct isa_inst *o, enum slot s, unsigned v)
{
    switch (s) {
    case S_RD: o->rd = (u8)v; break;
    case S_RS1: o->rs1 = (u8)v; break;
    case S_RS2: o->rs2 = (u8)v; break;
    case S_RS3: o->rs3 = (u8)v; break;
    case S_RDRS1: o->rd = o->rs1 = (u8)v; break;
    case S_RM: o->rm = (u8)v; break;
    case S_SP: o->rs1 = 2; break;
    default: return false;
    }
    return true;
}

static bool extract(const struct kind *k, u32 w, int xlen, struct isa_inst *o)
{
    if (k->slot == S_IMM) {
        u32 v = imm_extract(k, w);
        if (k->is_signed) {
            int top = imm_top_bit(k);
            if (v & (1u << top)) v |= ~0u << top;
        }
        if (k->shift_rule) {
            if (xlen == 32 && (v & 32)) return false;       /* reserved in RV32C */
            if (xlen == 128) {
                if (v == 0) v = 64;
                else if (k->shift_rule == 2 && (v & 32)) v |= 64;   /* 32–63 -> 96–127 */
            }
        }
        if (k->nonzero && v == 0) return false;
        o->imm = (i32)v;
        return true;
    }
    if (k->slot == S_SP) return set_slot(o, S_SP, 2);
    if (k->slot == S_RM) {
        unsigned rm = (w >> 12) & 7;
        if (rm == 5 || rm == 6) return false;               /* reserved rounding modes */
        return set_slot(o, S_RM, rm);
    }
    unsigned r = k->reg_prime ? ((w >> k->reg_lo) & 7) + 8 : (w >> k->reg_lo) & 31;
    if (k->nonzero && r == 0) return false;
    return set_slot(o, k->slot, r);
}

static bool apply_implicit(const char *imp, struct isa_inst *o)
{
    for (; imp[0] && imp[1]; imp += 2) {
        unsigned v = (unsigned)(imp[1] - '0');
        switch (imp[0]) {
        case 'd': o->rd = (u8)v; break;
        case 's': o->rs1 = (u8)v; break;
        case 't': o->rs2 = (u8)v; break;
        default: return false;
        }
    }
    return true;
}

/* The operand kinds of every table line, parsed from its args string once: decoding runs
 * for every instruction a translator, interpreter or disassembler meets.  Entry i lists
 * line i's kinds as indices into kinds[] plus one, ending at 0; a line with more operands
 * than fit (none today) is marked LINE_KINDS_PARSE and parsed each time. */
enum { MAX_LINE_KINDS = 8, LINE_KINDS_PARSE = 0xff };
static u8 line_kinds[sizeof isa_table / sizeof isa_table[0]][MAX_LINE_KINDS];
static u8 line_fregs[sizeof isa_table / sizeof isa_table[0]];
static bool line_kinds_built;

static unsigned freg_bits(const struct kind *k)
{
    if (k->rclass != R_F) return 0;
    switch (k->slot) {
    case S_RD: return ISA_FREG_RD;
    case S_RS1: return ISA_FREG_RS1;
    case S_RS2: return ISA_FREG_RS2;
    case S_RS3: return ISA_FREG_RS3;
    case S_RDRS1: return ISA_FREG_RD | ISA_FREG_RS1;
    default: return 0;
    }
}

static void build_line_kinds(void)
{
    for (size_t i = 0; i < isa_table_len; i++) {
        const char *p = isa_table[i].args;
        const struct kind *k;
        unsigned n = 0, fregs = 0;
        while ((k = next_kind(&p)) != NULL) {
            fregs |= freg_bits(k);
            if (n < MAX_LINE_KINDS - 1) line_kinds[i][n] = (u8)(k - kinds + 1);
            n++;
        }
        if (n >= MAX_LINE_KINDS) line_kinds[i][0] = LINE_KINDS_PARSE;
        else line_kinds[i][n] = 0;
        line_fregs[i] = (u8)fregs;
    }
    line_kinds_built = true;
}

/* Index of a table line, or -1 for a descriptor from elsewhere. */
static long line_of(const struct isa_insn *d)
{
    if (d < isa_table || d >= isa_table + isa_table_len) return -1;
    return (long)(d - isa_table);
}

static bool decode_with(const struct isa_insn *d, int xlen, u32 w, struct isa_inst *o)
{
    memset(o, 0, sizeof *o);
    o->desc = d;
    o->op = d->op;
    o->len = (u8)((d->match & 3) == 3 ? 4 : 2);
    const u8 *lk = line_kinds[d - isa_table];
    if (lk[0] != LINE_KINDS_PARSE) {
        for (; *lk; lk++)
            if (!extract(&kinds[*lk - 1], w, xlen, o)) return false;
    } else {
        const char *p = d->args;
        const struct kind *k;
        while ((k = next_kind(&p)) != NULL)
            if (!extract(k, w, xlen, o)) return false;
    }
    if (d->flags & ISA_F_AQRL) o->aqrl = (u8)((w >> 25) & 3);
    return apply_implicit(d->implicit, o);
}

/* Decode index: for each XLEN, 32 buckets for 32-bit words (opcode bits 6:2) and 24 for
 * 16-bit words (quadrant × funct3), each listing table lines with the most specific
 * mask first. */
enum { NBUCKET = 32 + 24 };
static struct {
    bool built;
    u16 start[NBUCKET + 1];
    u16 *lines;
} idx[3];

static unsigned bucket_of(u32 w)
{
    if ((w & 3) == 3) return (w >> 2) & 31;
    return 32 + (w & 3) * 8 + ((w >> 13) & 7);
}

static int popcount32(u32 v) { int n = 0; for (; v; v &= v - 1) n++; return n; }

static u16 line_storage[3][sizeof isa_table / sizeof isa_table[0]];

static void build_index(int xi, unsigned xbit)
{
    u16 *lines = line_storage[xi];
    size_t n = 0;
    if (!line_kinds_built) build_line_kinds();
    for (unsigned b = 0; b < NBUCKET; b++) {
        idx[xi].start[b] = (u16)n;
        for (size_t i = 0; i < isa_table_len; i++) {
            const struct isa_insn *d = &isa_table[i];
            if (!(d->xlens & xbit) || bucket_of(d->match) != b) continue;
            /* insertion sort by mask specificity, stable otherwise */
            size_t j = n++;
            while (j > idx[xi].start[b] &&
                   popcount32(isa_table[lines[j - 1]].mask) < popcount32(d->mask)) {
                lines[j] = lines[j - 1];
                j--;
            }
            lines[j] = (u16)i;
        }
    }
    idx[xi].start[NBUCKET] = (u16)n;
    idx[xi].lines = lines;
    idx[xi].built = true;
}

bool isa_decode(int xlen, unsigned exts, u32 w, struct isa_inst *out)
{
    int xi = xlen == 32 ? 0 : xlen == 64 ? 1 : 2;
    if (!idx[xi].built) build_index(xi, isa_xbit(xlen));
    if ((w & 3) != 3) w &= 0xffff;
    else if ((w & 0x1c) == 0x1c) return false;   /* 48-bit and longer encodings */
    unsigned b = bucket_of(w);
    for (unsigned i = idx[xi].start[b]; i < idx[xi].start[b + 1]; i++) {
        const struct isa_insn *d = &isa_table[idx[xi].lines[i]];
        if ((w & d->mask) != d->match) continue;
        if (!(d->ext & exts)) return false;
        return decode_with(d, xlen, w, out);
    }
    memset(out, 0, sizeof *out);
    return false;
}

/* A field that fills both rd and rs1 is read back from whichever of the two the line's
 * implicit registers leave alone (c.jr fixes rd, c.li fixes rs1). */
static unsigned rdrs1_value(const struct isa_insn *d, const struct isa_inst *in)
{
    return strchr(d->implicit, 'd') ? in->rs1 : in->rd;
}

static bool insert(const struct isa_insn *d, const struct kind *k, const struct isa_inst *in,
                   u32 *w)
{
    if (k->slot == S_IMM) {
        u32 v = (u32)in->imm;
        if (k->shift_rule && v == 64) v = 0;
        if (k->shift_rule == 2 && (v & 96) == 96) v &= 63;
        *w |= imm_insert(k, v);
        return true;
    }
    if (k->slot == S_SP) return in->rs1 == 2;
    if (k->slot == S_RM) { *w |= (u32)(in->rm & 7) << 12; return true; }
    unsigned r;
    switch (k->slot) {
    case S_RD: r = in->rd; break;
    case S_RDRS1: r = rdrs1_value(d, in); break;
    case S_RS1: r = in->rs1; break;
    case S_RS2: r = in->rs2; break;
    case S_RS3: r = in->rs3; break;
    default: return false;
    }
    if (k->reg_prime) {
        if (r < 8 || r > 15) return false;
        r -= 8;
    } else if (r > 31 || (k->nonzero && r == 0)) {
        return false;
    }
    *w |= r << k->reg_lo;
    return true;
}

bool isa_encode(const struct isa_insn *d, int xlen, const struct isa_inst *in, u32 *word)
{
    if (!(d->xlens & isa_xbit(xlen))) return false;
    u32 w = d->match;
    const char *p = d->args;
    const struct kind *k;
    while ((k = next_kind(&p)) != NULL)
        if (!insert(d, k, in, &w)) return false;
    if (d->flags & ISA_F_AQRL) w |= (u32)(in->aqrl & 3) << 25;
    if ((w & d->mask) != d->match) return false;           /* an operand spilled over */
    /* Decode what we built: this catches every range, alignment and tied-register
     * violation with the decoder's own rules instead of a second copy of them. */
    struct isa_inst chk;
    if (!isa_decode(xlen, ~0u, w, &chk)) return false;
    /* the same line — or, for 32-bit words, an alias line of the same operation
     * (fence w,0 is pause) */
    if (chk.desc != d && (chk.op != d->op || chk.len != 4)) return false;
    if (chk.desc == d && (chk.rd != in->rd || chk.rs1 != in->rs1 || chk.rs2 != in->rs2 ||
        chk.rs3 != in->rs3 || chk.imm != in->imm || chk.rm != in->rm))
        return false;
    *word = w;
    return true;
}

bool isa_imm_patch(const char *code, u32 *word, u32 value)
{
    const char *p = code;
    const struct kind *k = next_kind(&p);
    if (!k || *p || k->slot != S_IMM) return false;
    *word = (*word & ~imm_insert(k, ~0u)) | imm_insert(k, value);
    return true;
}

const struct isa_insn *isa_line(unsigned op)
{
    for (size_t i = 0; i < isa_table_len; i++)
        if (isa_table[i].op == op) return &isa_table[i];
    return NULL;
}

const struct isa_insn *isa_line_named(const char *name, int xlen)
{
    unsigned xb = isa_xbit(xlen);
    for (size_t i = 0; i < isa_table_len; i++)
        if ((isa_table[i].xlens & xb) && !strcmp(isa_table[i].name, name)) return &isa_table[i];
    return NULL;
}

bool isa_encode_op(unsigned op, int xlen, const struct isa_inst *in, u32 *word)
{
    const struct isa_insn *d = isa_line(op);
    return d && isa_encode(d, xlen, in, word);
}

unsigned isa_freg_mask(const struct isa_insn *d)
{
    long i = line_of(d);
    if (i >= 0 && line_kinds_built) return line_fregs[i];
    unsigned m = 0;
    const char *p = d->args;
    const struct kind *k;
    while ((k = next_kind(&p)) != NULL) m |= freg_bits(k);
    return m;
}

bool isa_rd_is_freg(const struct isa_insn *d)
{
    return (isa_freg_mask(d) & ISA_FREG_RD) != 0;
}

/* ---- Operands, for assemblers and disassemblers ---------------------------------- */

bool isa_operand_at(const char *p, struct isa_operand *out, size_t *len)
{
    size_t n = (p[0] == 'C') ? 2 : 1;
    const struct kind *k = NULL;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if (strncmp(kinds[i].code, p, n) == 0 && kinds[i].code[n] == 0) {
            k = &kinds[i];
            break;
        }
    }
    if (!k) return false;
    memset(out, 0, sizeof *out);
    memcpy(out->code, k->code, sizeof out->code);
    static const u8 slot_map[] = {
        [S_NONE] = ISA_SLOT_NONE, [S_RD] = ISA_SLOT_RD, [S_RS1] = ISA_SLOT_RS1,
        [S_RS2] = ISA_SLOT_RS2, [S_RS3] = ISA_SLOT_RS3, [S_RDRS1] = ISA_SLOT_RDRS1,
        [S_IMM] = ISA_SLOT_IMM, [S_RM] = ISA_SLOT_RM, [S_SP] = ISA_SLOT_SP,
    };
    out->slot = slot_map[k->slot];
    out->rclass = k->rclass == R_X ? ISA_RC_X : k->rclass == R_F ? ISA_RC_F : ISA_RC_NONE;
    out->prime = k->reg_prime;
    out->nonzero = k->nonzero;
    out->is_signed = k->is_signed;
    out->pcrel = k->pcrel;
    out->mem = k->mem_offset;
    out->kind = ISA_OPK_PLAIN;
    if (k->slot == S_IMM) {
        int lo = 31;
        for (int i = 0; i < k->nseg; i++)
            if (k->seg[i].vlo < lo) lo = k->seg[i].vlo;
        out->bits = (u8)(imm_top_bit(k) + 1);
        out->align = (u8)lo;
        if (k->shift_rule) out->kind = ISA_OPK_CSHIFT;
        else if (!strcmp(k->code, ">")) out->kind = ISA_OPK_SHAMT;
        else if (!strcmp(k->code, "E")) out->kind = ISA_OPK_CSR;
        else if (!strcmp(k->code, "P")) out->kind = ISA_OPK_FENCE;
        else if (!strcmp(k->code, "u") || !strcmp(k->code, "Cu")) out->kind = ISA_OPK_UPPER;
    } else if (!strcmp(k->code, "Z")) {
        out->kind = ISA_OPK_UIMM5;
        out->bits = 5;
    }
    *len = n;
    return true;
}

/* ---- CSR names -----------------------------------------------------------------------
 * Numbers and names of the unprivileged, supervisor, hypervisor, machine, debug and
 * vector CSRs, as the privileged specification (v1.11/1.12) numbers them; the set is the
 * one GNU binutils 2.40 knows, so the disassembly names the same registers. */

static const struct { u16 num; const char *name; } csr_names[] = {
    { 0x000, "ustatus" }, { 0x001, "fflags" }, { 0x002, "frm" }, { 0x003, "fcsr" },
    { 0x004, "uie" }, { 0x005, "utvec" }, { 0x008, "vstart" }, { 0x009, "vxsat" },
    { 0x00a, "vxrm" }, { 0x00f, "vcsr" }, { 0x015, "seed" }, { 0x040, "uscratch" },
    { 0x041, "uepc" }, { 0x042, "ucause" }, { 0x043, "utval" }, { 0x044, "uip" },
    { 0x100, "sstatus" }, { 0x102, "sedeleg" }, { 0x103, "sideleg" }, { 0x104, "sie" },
    { 0x105, "stvec" }, { 0x106, "scounteren" }, { 0x10c, "sstateen0" },
    { 0x10d, "sstateen1" }, { 0x10e, "sstateen2" }, { 0x10f, "sstateen3" },
    { 0x114, "sieh" }, { 0x140, "sscratch" }, { 0x141, "sepc" }, { 0x142, "scause" },
    { 0x143, "stval" }, { 0x144, "sip" }, { 0x14d, "stimecmp" }, { 0x150, "siselect" },
    { 0x151, "sireg" }, { 0x154, "siph" }, { 0x15c, "stopei" }, { 0x15d, "stimecmph" },
    { 0x180, "satp" }, { 0x200, "vsstatus" }, { 0x204, "vsie" }, { 0x205, "vstvec" },
    { 0x214, "vsieh" }, { 0x240, "vsscratch" }, { 0x241, "vsepc" }, { 0x242, "vscause" },
    { 0x243, "vstval" }, { 0x244, "vsip" }, { 0x24d, "vstimecmp" }, { 0x250, "vsiselect" },
    { 0x251, "vsireg" }, { 0x254, "vsiph" }, { 0x25c, "vstopei" }, { 0x25d, "vstimecmph" },
    { 0x280, "vsatp" }, { 0x300, "mstatus" }, { 0x301, "misa" }, { 0x302, "medeleg" },
    { 0x303, "mideleg" }, { 0x304, "mie" }, { 0x305, "mtvec" }, { 0x306, "mcounteren" },
    { 0x308, "mvien" }, { 0x309, "mvip" }, { 0x30c, "mstateen0" }, { 0x30d, "mstateen1" },
    { 0x30e, "mstateen2" }, { 0x30f, "mstateen3" }, { 0x313, "midelegh" },
    { 0x314, "mieh" }, { 0x318, "mvienh" }, { 0x319, "mviph" }, { 0x31c, "mstateen0h" },
    { 0x31d, "mstateen1h" }, { 0x31e, "mstateen2h" }, { 0x31f, "mstateen3h" },
    { 0x320, "mcountinhibit" }, { 0x323, "mhpmevent3" }, { 0x324, "mhpmevent4" },
    { 0x325, "mhpmevent5" }, { 0x326, "mhpmevent6" }, { 0x327, "mhpmevent7" },
    { 0x328, "mhpmevent8" }, { 0x329, "mhpmevent9" }, { 0x32a, "mhpmevent10" },
    { 0x32b, "mhpmevent11" }, { 0x32c, "mhpmevent12" }, { 0x32d, "mhpmevent13" },
    { 0x32e, "mhpmevent14" }, { 0x32f, "mhpmevent15" }, { 0x330, "mhpmevent16" },
    { 0x331, "mhpmevent17" }, { 0x332, "mhpmevent18" }, { 0x333, "mhpmevent19" },
    { 0x334, "mhpmevent20" }, { 0x335, "mhpmevent21" }, { 0x336, "mhpmevent22" },
    { 0x337, "mhpmevent23" }, { 0x338, "mhpmevent24" }, { 0x339, "mhpmevent25" },
    { 0x33a, "mhpmevent26" }, { 0x33b, "mhpmevent27" }, { 0x33c, "mhpmevent28" },
    { 0x33d, "mhpmevent29" }, { 0x33e, "mhpmevent30" }, { 0x33f, "mhpmevent31" },
    { 0x340, "mscratch" }, { 0x341, "mepc" }, { 0x342, "mcause" }, { 0x343, "mtval" },
    { 0x344, "mip" }, { 0x350, "miselect" }, { 0x351, "mireg" }, { 0x354, "miph" },
    { 0x35c, "mtopei" }, { 0x3a0, "pmpcfg0" }, { 0x3a1, "pmpcfg1" }, { 0x3a2, "pmpcfg2" },
    { 0x3a3, "pmpcfg3" }, { 0x3b0, "pmpaddr0" }, { 0x3b1, "pmpaddr1" },
    { 0x3b2, "pmpaddr2" }, { 0x3b3, "pmpaddr3" }, { 0x3b4, "pmpaddr4" },
    { 0x3b5, "pmpaddr5" }, { 0x3b6, "pmpaddr6" }, { 0x3b7, "pmpaddr7" },
    { 0x3b8, "pmpaddr8" }, { 0x3b9, "pmpaddr9" }, { 0x3ba, "pmpaddr10" },
    { 0x3bb, "pmpaddr11" }, { 0x3bc, "pmpaddr12" }, { 0x3bd, "pmpaddr13" },
    { 0x3be, "pmpaddr14" }, { 0x3bf, "pmpaddr15" }, { 0x5a8, "scontext" },
    { 0x600, "hstatus" }, { 0x602, "hedeleg" }, { 0x603, "hideleg" }, { 0x604, "hie" },
    { 0x605, "htimedelta" }, { 0x606, "hcounteren" }, { 0x607, "hgeie" },
    { 0x608, "hvien" }, { 0x609, "hvictl" }, { 0x60a, "henvcfg" }, { 0x60c, "hstateen0" },
    { 0x60d, "hstateen1" }, { 0x60e, "hstateen2" }, { 0x60f, "hstateen3" },
    { 0x613, "hidelegh" }, { 0x615, "htimedeltah" }, { 0x618, "hvienh" },
    { 0x61a, "henvcfgh" }, { 0x61c, "hstateen0h" }, { 0x61d, "hstateen1h" },
    { 0x61e, "hstateen2h" }, { 0x61f, "hstateen3h" }, { 0x643, "htval" }, { 0x644, "hip" },
    { 0x645, "hvip" }, { 0x646, "hviprio1" }, { 0x647, "hviprio2" }, { 0x64a, "htinst" },
    { 0x655, "hviph" }, { 0x656, "hviprio1h" }, { 0x657, "hviprio2h" }, { 0x680, "hgatp" },
    { 0x6a8, "hcontext" }, { 0x723, "mhpmevent3h" }, { 0x724, "mhpmevent4h" },
    { 0x725, "mhpmevent5h" }, { 0x726, "mhpmevent6h" }, { 0x727, "mhpmevent7h" },
    { 0x728, "mhpmevent8h" }, { 0x729, "mhpmevent9h" }, { 0x72a, "mhpmevent10h" },
    { 0x72b, "mhpmevent11h" }, { 0x72c, "mhpmevent12h" }, { 0x72d, "mhpmevent13h" },
    { 0x72e, "mhpmevent14h" }, { 0x72f, "mhpmevent15h" }, { 0x730, "mhpmevent16h" },
    { 0x731, "mhpmevent17h" }, { 0x732, "mhpmevent18h" }, { 0x733, "mhpmevent19h" },
    { 0x734, "mhpmevent20h" }, { 0x735, "mhpmevent21h" }, { 0x736, "mhpmevent22h" },
    { 0x737, "mhpmevent23h" }, { 0x738, "mhpmevent24h" }, { 0x739, "mhpmevent25h" },
    { 0x73a, "mhpmevent26h" }, { 0x73b, "mhpmevent27h" }, { 0x73c, "mhpmevent28h" },
    { 0x73d, "mhpmevent29h" }, { 0x73e, "mhpmevent30h" }, { 0x73f, "mhpmevent31h" },
    { 0x7a0, "tselect" }, { 0x7a1, "tdata1" }, { 0x7a2, "tdata2" }, { 0x7a3, "tdata3" },
    { 0x7a4, "tinfo" }, { 0x7a5, "tcontrol" }, { 0x7a8, "mcontext" },
    { 0x7aa, "mscontext" }, { 0x7b0, "dcsr" }, { 0x7b1, "dpc" }, { 0x7b2, "dscratch0" },
    { 0x7b3, "dscratch1" }, { 0xb00, "mcycle" }, { 0xb02, "minstret" },
    { 0xb03, "mhpmcounter3" }, { 0xb04, "mhpmcounter4" }, { 0xb05, "mhpmcounter5" },
    { 0xb06, "mhpmcounter6" }, { 0xb07, "mhpmcounter7" }, { 0xb08, "mhpmcounter8" },
    { 0xb09, "mhpmcounter9" }, { 0xb0a, "mhpmcounter10" }, { 0xb0b, "mhpmcounter11" },
    { 0xb0c, "mhpmcounter12" }, { 0xb0d, "mhpmcounter13" }, { 0xb0e, "mhpmcounter14" },
    { 0xb0f, "mhpmcounter15" }, { 0xb10, "mhpmcounter16" }, { 0xb11, "mhpmcounter17" },
    { 0xb12, "mhpmcounter18" }, { 0xb13, "mhpmcounter19" }, { 0xb14, "mhpmcounter20" },
    { 0xb15, "mhpmcounter21" }, { 0xb16, "mhpmcounter22" }, { 0xb17, "mhpmcounter23" },
    { 0xb18, "mhpmcounter24" }, { 0xb19, "mhpmcounter25" }, { 0xb1a, "mhpmcounter26" },
    { 0xb1b, "mhpmcounter27" }, { 0xb1c, "mhpmcounter28" }, { 0xb1d, "mhpmcounter29" },
    { 0xb1e, "mhpmcounter30" }, { 0xb1f, "mhpmcounter31" }, { 0xb80, "mcycleh" },
    { 0xb82, "minstreth" }, { 0xb83, "mhpmcounter3h" }, { 0xb84, "mhpmcounter4h" },
    { 0xb85, "mhpmcounter5h" }, { 0xb86, "mhpmcounter6h" }, { 0xb87, "mhpmcounter7h" },
    { 0xb88, "mhpmcounter8h" }, { 0xb89, "mhpmcounter9h" }, { 0xb8a, "mhpmcounter10h" },
    { 0xb8b, "mhpmcounter11h" }, { 0xb8c, "mhpmcounter12h" }, { 0xb8d, "mhpmcounter13h" },
    { 0xb8e, "mhpmcounter14h" }, { 0xb8f, "mhpmcounter15h" }, { 0xb90, "mhpmcounter16h" },
    { 0xb91, "mhpmcounter17h" }, { 0xb92, "mhpmcounter18h" }, { 0xb93, "mhpmcounter19h" },
    { 0xb94, "mhpmcounter20h" }, { 0xb95, "mhpmcounter21h" }, { 0xb96, "mhpmcounter22h" },
    { 0xb97, "mhpmcounter23h" }, { 0xb98, "mhpmcounter24h" }, { 0xb99, "mhpmcounter25h" },
    { 0xb9a, "mhpmcounter26h" }, { 0xb9b, "mhpmcounter27h" }, { 0xb9c, "mhpmcounter28h" },
    { 0xb9d, "mhpmcounter29h" }, { 0xb9e, "mhpmcounter30h" }, { 0xb9f, "mhpmcounter31h" },
    { 0xc00, "cycle" }, { 0xc01, "time" }, { 0xc02, "instret" }, { 0xc03, "hpmcounter3" },
    { 0xc04, "hpmcounter4" }, { 0xc05, "hpmcounter5" }, { 0xc06, "hpmcounter6" },
    { 0xc07, "hpmcounter7" }, { 0xc08, "hpmcounter8" }, { 0xc09, "hpmcounter9" },
    { 0xc0a, "hpmcounter10" }, { 0xc0b, "hpmcounter11" }, { 0xc0c, "hpmcounter12" },
    { 0xc0d, "hpmcounter13" }, { 0xc0e, "hpmcounter14" }, { 0xc0f, "hpmcounter15" },
    { 0xc10, "hpmcounter16" }, { 0xc11, "hpmcounter17" }, { 0xc12, "hpmcounter18" },
    { 0xc13, "hpmcounter19" }, { 0xc14, "hpmcounter20" }, { 0xc15, "hpmcounter21" },
    { 0xc16, "hpmcounter22" }, { 0xc17, "hpmcounter23" }, { 0xc18, "hpmcounter24" },
    { 0xc19, "hpmcounter25" }, { 0xc1a, "hpmcounter26" }, { 0xc1b, "hpmcounter27" },
    { 0xc1c, "hpmcounter28" }, { 0xc1d, "hpmcounter29" }, { 0xc1e, "hpmcounter30" },
    { 0xc1f, "hpmcounter31" }, { 0xc20, "vl" }, { 0xc21, "vtype" }, { 0xc22, "vlenb" },
    { 0xc80, "cycleh" }, { 0xc81, "timeh" }, { 0xc82, "instreth" },
    { 0xc83, "hpmcounter3h" }, { 0xc84, "hpmcounter4h" }, { 0xc85, "hpmcounter5h" },
    { 0xc86, "hpmcounter6h" }, { 0xc87, "hpmcounter7h" }, { 0xc88, "hpmcounter8h" },
    { 0xc89, "hpmcounter9h" }, { 0xc8a, "hpmcounter10h" }, { 0xc8b, "hpmcounter11h" },
    { 0xc8c, "hpmcounter12h" }, { 0xc8d, "hpmcounter13h" }, { 0xc8e, "hpmcounter14h" },
    { 0xc8f, "hpmcounter15h" }, { 0xc90, "hpmcounter16h" }, { 0xc91, "hpmcounter17h" },
    { 0xc92, "hpmcounter18h" }, { 0xc93, "hpmcounter19h" }, { 0xc94, "hpmcounter20h" },
    { 0xc95, "hpmcounter21h" }, { 0xc96, "hpmcounter22h" }, { 0xc97, "hpmcounter23h" },
    { 0xc98, "hpmcounter24h" }, { 0xc99, "hpmcounter25h" }, { 0xc9a, "hpmcounter26h" },
    { 0xc9b, "hpmcounter27h" }, { 0xc9c, "hpmcounter28h" }, { 0xc9d, "hpmcounter29h" },
    { 0xc9e, "hpmcounter30h" }, { 0xc9f, "hpmcounter31h" }, { 0xda0, "scountovf" },
    { 0xdb0, "stopi" }, { 0xe12, "hgeip" }, { 0xeb0, "vstopi" }, { 0xf11, "mvendorid" },
    { 0xf12, "marchid" }, { 0xf13, "mimpid" }, { 0xf14, "mhartid" }, { 0xfb0, "mtopi" },
};

/* CSRs that privileged specification 1.12 added (state enable, PMP entries 16-63, ...).
 * The assembler accepts them whatever -mpriv-spec says, as GNU as 2.40 does; the
 * disassembly names only the table above, GNU objdump's names for the default spec
 * (1.11), so these print as numbers. */
static const struct { u16 num; const char *name; } csr_names_112[] = {
    { 0x10a, "senvcfg" }, { 0x30a, "menvcfg" }, { 0x310, "mstatush" },
    { 0x31a, "menvcfgh" }, { 0x34a, "mtinst" }, { 0x34b, "mtval2" }, { 0x3a4, "pmpcfg4" },
    { 0x3a5, "pmpcfg5" }, { 0x3a6, "pmpcfg6" }, { 0x3a7, "pmpcfg7" }, { 0x3a8, "pmpcfg8" },
    { 0x3a9, "pmpcfg9" }, { 0x3aa, "pmpcfg10" }, { 0x3ab, "pmpcfg11" },
    { 0x3ac, "pmpcfg12" }, { 0x3ad, "pmpcfg13" }, { 0x3ae, "pmpcfg14" },
    { 0x3af, "pmpcfg15" }, { 0x3c0, "pmpaddr16" }, { 0x3c1, "pmpaddr17" },
    { 0x3c2, "pmpaddr18" }, { 0x3c3, "pmpaddr19" }, { 0x3c4, "pmpaddr20" },
    { 0x3c5, "pmpaddr21" }, { 0x3c6, "pmpaddr22" }, { 0x3c7, "pmpaddr23" },
    { 0x3c8, "pmpaddr24" }, { 0x3c9, "pmpaddr25" }, { 0x3ca, "pmpaddr26" },
    { 0x3cb, "pmpaddr27" }, { 0x3cc, "pmpaddr28" }, { 0x3cd, "pmpaddr29" },
    { 0x3ce, "pmpaddr30" }, { 0x3cf, "pmpaddr31" }, { 0x3d0, "pmpaddr32" },
    { 0x3d1, "pmpaddr33" }, { 0x3d2, "pmpaddr34" }, { 0x3d3, "pmpaddr35" },
    { 0x3d4, "pmpaddr36" }, { 0x3d5, "pmpaddr37" }, { 0x3d6, "pmpaddr38" },
    { 0x3d7, "pmpaddr39" }, { 0x3d8, "pmpaddr40" }, { 0x3d9, "pmpaddr41" },
    { 0x3da, "pmpaddr42" }, { 0x3db, "pmpaddr43" }, { 0x3dc, "pmpaddr44" },
    { 0x3dd, "pmpaddr45" }, { 0x3de, "pmpaddr46" }, { 0x3df, "pmpaddr47" },
    { 0x3e0, "pmpaddr48" }, { 0x3e1, "pmpaddr49" }, { 0x3e2, "pmpaddr50" },
    { 0x3e3, "pmpaddr51" }, { 0x3e4, "pmpaddr52" }, { 0x3e5, "pmpaddr53" },
    { 0x3e6, "pmpaddr54" }, { 0x3e7, "pmpaddr55" }, { 0x3e8, "pmpaddr56" },
    { 0x3e9, "pmpaddr57" }, { 0x3ea, "pmpaddr58" }, { 0x3eb, "pmpaddr59" },
    { 0x3ec, "pmpaddr60" }, { 0x3ed, "pmpaddr61" }, { 0x3ee, "pmpaddr62" },
    { 0x3ef, "pmpaddr63" }, { 0x747, "mseccfg" }, { 0x757, "mseccfgh" },
    { 0xf15, "mconfigptr" },
};

const char *isa_csr_name(unsigned csr)
{
    for (size_t i = 0; i < sizeof csr_names / sizeof csr_names[0]; i++)
        if (csr_names[i].num == csr) return csr_names[i].name;
    return NULL;
}

int isa_csr_lookup(const char *name)
{
    for (size_t i = 0; i < sizeof csr_names / sizeof csr_names[0]; i++)
        if (!strcmp(csr_names[i].name, name)) return csr_names[i].num;
    for (size_t i = 0; i < sizeof csr_names_112 / sizeof csr_names_112[0]; i++)
        if (!strcmp(csr_names_112[i].name, name)) return csr_names_112[i].num;
    return -1;
}

/* ---- Formatting -------------------------------------------------------------------- */

unsigned isa_default_rm(const struct isa_insn *d)
{
    /* Conversions that are always exact: GNU as encodes them with rm = RNE (0) and
     * objdump leaves that rounding mode out; everything else defaults to DYN (7). */
    switch (d->op) {
    case ISA_FCVT_D_W: case ISA_FCVT_D_WU: case ISA_FCVT_D_S:
        return 0;
    default:
        return 7;
    }
}

static const char *rm_names[8] = { "rne", "rtz", "rdn", "rup", "rmm", "", "", "dyn" };

static void fence_set(char *b, unsigned v)
{
    int n = 0;
    if (v & 8) b[n++] = 'i';
    if (v & 4) b[n++] = 'o';
    if (v & 2) b[n++] = 'r';
    if (v & 1) b[n++] = 'w';
    if (!n) b[n++] = '0';
    b[n] = 0;
}

struct fmt {
    char *buf;
    size_t size, n;
    unsigned flags;
    u128 pc;
    bool has_target;
    u128 target;
};

static void put(struct fmt *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vsnprintf(f->buf + f->n, f->n < f->size ? f->size - f->n : 0, fmt, ap);
    va_end(ap);
    if (r > 0) f->n += (size_t)r;
    if (f->size && f->n >= f->size) f->n = f->size - 1;
}

static void put_xreg(struct fmt *f, unsigned r) { put(f, "%s", isa_xreg_names[r & 31]); }

static void put_target(struct fmt *f, i32 off)
{
    u128 t = f->pc + (u128)(i128)off;
    const char *pre = (f->flags & ISA_FMT_BARE_TARGET) ? "" : "0x";
    if ((u64)(t >> 64))
        put(f, "%s%llx%016llx", pre, (unsigned long long)(u64)(t >> 64), (unsigned long long)(u64)t);
    else
        put(f, "%s%llx", pre, (unsigned long long)(u64)t);
    f->has_target = true;
    f->target = t;
}

static void put_csr(struct fmt *f, unsigned csr)
{
    const char *nm = isa_csr_name(csr);
    if (nm) put(f, "%s", nm);
    else put(f, "0x%x", csr);
}

/* Print the operands of line d with the values of in (d may be the base line of a
 * compressed instruction: operands are read from the decoded fields). */
static void put_operands(struct fmt *f, const struct isa_insn *d, const struct isa_inst *in)
{
    const char *p = d->args;
    bool first = true;
    usize alen = strlen(d->args);
    bool rm_default = alen >= 2 && d->args[alen - 1] == 'm' && d->args[alen - 2] == ',' &&
                      in->rm == isa_default_rm(d);
    while (*p) {
        char c = *p;
        if (c == ',' || c == '(' || c == ')') {
            /* a trailing rounding mode that is the default is left out with its comma */
            if (c == ',' && p[1] == 'm' && p[2] == 0 && rm_default) break;
            put(f, "%c", c);
            p++;
            continue;
        }
        if (first) { put(f, " "); first = false; }
        const struct kind *k = next_kind(&p);
        if (!k) break;
        if (k->slot == S_IMM) {
            if (k->pcrel) {
                put_target(f, in->imm);
            } else if (k->code[0] == 'u' || !strcmp(k->code, "Cu")) {
                put(f, "0x%x", ((u32)in->imm >> 12) & 0xfffff);
            } else if (k->code[0] == 'E') {
                put_csr(f, (unsigned)in->imm & 0xfff);
            } else if (k->code[0] == 'P') {
                char a[5], b[5];
                fence_set(a, ((unsigned)in->imm >> 4) & 15);
                fence_set(b, (unsigned)in->imm & 15);
                put(f, "%s,%s", a, b);
            } else if (k->code[0] == '>' || k->shift_rule) {
                put(f, "0x%x", (unsigned)in->imm);
            } else {
                put(f, "%d", in->imm);
            }
        } else if (k->slot == S_RM) {
            put(f, "%s", rm_names[in->rm & 7]);
        } else if (k->slot == S_SP) {
            put(f, "sp");
        } else if (k->code[0] == 'Z') {
            put(f, "%u", in->rs1);
        } else {
            unsigned r = k->slot == S_RS1 ? in->rs1 : k->slot == S_RS2 ? in->rs2
                       : k->slot == S_RS3 ? in->rs3 : k->slot == S_RDRS1 ? rdrs1_value(d, in)
                       : in->rd;
            put(f, "%s", k->rclass == R_F ? isa_freg_names[r & 31] : isa_xreg_names[r & 31]);
        }
    }
}

static void put_name(struct fmt *f, const struct isa_insn *d, const struct isa_inst *in)
{
    put(f, "%s", d->name);
    if (d->flags & ISA_F_AQRL)
        put(f, "%s", (const char *[]){ "", ".rl", ".aq", ".aqrl" }[in->aqrl & 3]);
}

/* The 32-bit line that defines the operation of a compressed instruction at this XLEN. */
static const struct isa_insn *base_line(const struct isa_inst *in, int xlen)
{
    const struct isa_insn *d = in->desc;
    if (!(d->ext & EXT_C)) return d;
    unsigned xb = isa_xbit(xlen);
    for (size_t i = 0; i < isa_table_len; i++) {
        const struct isa_insn *b = &isa_table[i];
        if (b->op == in->op && (b->xlens & xb) && !(b->ext & EXT_C) && (b->match & 3) == 3 &&
            (b->op != ISA_FENCE || !strcmp(b->name, "fence")))
            return b;
    }
    return d;
}

/* GNU objdump's pseudo-instruction names (its default output).  Returns true when
 * the instruction was printed as an alias. */
static bool put_alias(struct fmt *f, const struct isa_inst *in, int xlen)
{
    unsigned rd = in->rd, rs1 = in->rs1, rs2 = in->rs2;
    i32 imm = in->imm;
    const char *n = NULL;
    switch (in->op) {
    case ISA_ADDI:
        if (rd == 0 && rs1 == 0 && imm == 0) { put(f, "nop"); return true; }
        if (rs1 == 0) { put(f, "li "); put_xreg(f, rd); put(f, ",%d", imm); return true; }
        if (imm == 0 && in->len == 4) n = "mv";       /* c.addi rd,0 stays "add rd,rd,0" */
        break;
    case ISA_ADDIW: if (imm == 0) n = "sext.w"; break;
    case ISA_ADDID: if (imm == 0) n = "sext.d"; break;
    case ISA_XORI: if (imm == -1) n = "not"; break;
    case ISA_ANDI: if (imm == 255) n = "zext.b"; break;
    case ISA_ADD:
        /* c.mv is add rd,x0,rs; a 32-bit add with x0 stays an add */
        if (rs1 == 0 && in->len == 2) { n = "mv"; rs1 = rs2; }
        break;
    case ISA_SLTIU: if (imm == 1) n = "seqz"; break;
    case ISA_SLTU: if (rs1 == 0) { n = "snez"; rs1 = rs2; } break;
    case ISA_SLT:
        if (rs2 == 0) n = "sltz";
        else if (rs1 == 0) { n = "sgtz"; rs1 = rs2; }
        break;
    case ISA_SUB: if (rs1 == 0) { n = "neg"; rs1 = rs2; } break;
    case ISA_SUBW: if (rs1 == 0) { n = "negw"; rs1 = rs2; } break;
    case ISA_SUBD: if (rs1 == 0) { n = "negd"; rs1 = rs2; } break;
    case ISA_JAL:
        if (rd == 0 || rd == 1) {
            put(f, rd ? "jal " : "j ");
            put_target(f, imm);
            return true;
        }
        return false;
    case ISA_JALR:
        if (rd == 0 && rs1 == 1 && imm == 0) { put(f, "ret"); return true; }
        if (rd == 0 || rd == 1) {
            put(f, rd ? "jalr " : "jr ");
            if (imm) put(f, "%d(", imm);
            put_xreg(f, rs1);
            if (imm) put(f, ")");
            return true;
        }
        if (imm == 0) {
            put(f, "jalr "); put_xreg(f, rd); put(f, ","); put_xreg(f, rs1);
            return true;
        }
        return false;
    case ISA_BEQ: case ISA_BNE: case ISA_BLT: case ISA_BGE: {
        unsigned r;
        if (rs1 == 0 && rs2 == 0 && in->op == ISA_BGE) {
            r = 0;
            n = "blez";  /* GNU objdump's choice for bge zero, zero (its table order) */
        } else if (rs2 == 0) {
            r = rs1;
            n = in->op == ISA_BEQ ? "beqz" : in->op == ISA_BNE ? "bnez"
              : in->op == ISA_BLT ? "bltz" : "bgez";
        } else if (rs1 == 0 && (in->op == ISA_BLT || in->op == ISA_BGE)) {
            r = rs2;
            n = in->op == ISA_BLT ? "bgtz" : "blez";
        } else {
            return false;
        }
        put(f, "%s ", n); put_xreg(f, r); put(f, ","); put_target(f, imm);
        return true;
    }
    case ISA_FSGNJ_S: case ISA_FSGNJ_D: case ISA_FSGNJN_S: case ISA_FSGNJN_D:
    case ISA_FSGNJX_S: case ISA_FSGNJX_D: {
        if (rs1 != rs2) return false;
        const char *b = (in->op == ISA_FSGNJ_S || in->op == ISA_FSGNJ_D) ? "fmv"
                      : (in->op == ISA_FSGNJN_S || in->op == ISA_FSGNJN_D) ? "fneg" : "fabs";
        bool dbl = in->op == ISA_FSGNJ_D || in->op == ISA_FSGNJN_D || in->op == ISA_FSGNJX_D;
        put(f, "%s.%s %s,%s", b, dbl ? "d" : "s", isa_freg_names[rd], isa_freg_names[rs1]);
        return true;
    }
    case ISA_FENCE:
        if (in->desc && !strcmp(in->desc->name, "fence") && imm == 0xff) {
            put(f, "fence");
            return true;
        }
        return false;
    case ISA_CSRRS: case ISA_CSRRW: case ISA_CSRRC:
    case ISA_CSRRSI: case ISA_CSRRWI: case ISA_CSRRCI: {
        if (in->len == 2) return false;
        unsigned csr = (unsigned)imm & 0xfff;
        bool uimm = in->op == ISA_CSRRSI || in->op == ISA_CSRRWI || in->op == ISA_CSRRCI;
        const char *fp = csr == 1 ? "flags" : csr == 2 ? "rm" : csr == 3 ? "csr" : NULL;
        if (in->op == ISA_CSRRS && rs1 == 0) {
            static const char *const rdn[3] = { "cycle", "time", "instret" };
            if (fp) { put(f, "fr%s ", fp); put_xreg(f, rd); return true; }
            if (csr >= 0xc00 && csr <= 0xc02) {
                put(f, "rd%s ", rdn[csr - 0xc00]); put_xreg(f, rd); return true;
            }
            if (xlen == 32 && csr >= 0xc80 && csr <= 0xc82) {
                put(f, "rd%sh ", rdn[csr - 0xc80]); put_xreg(f, rd); return true;
            }
            put(f, "csrr "); put_xreg(f, rd); put(f, ","); put_csr(f, csr);
            return true;
        }
        if (in->op == ISA_CSRRW && rd == 0 && rs1 == 0 && csr == 0xc00) {
            put(f, "unimp");
            return true;
        }
        if (in->op == ISA_CSRRW && fp) {
            put(f, "fs%s ", fp);
            if (rd) { put_xreg(f, rd); put(f, ","); }
            put_xreg(f, rs1);
            return true;
        }
        if (in->op == ISA_CSRRWI && (csr == 1 || csr == 2)) {
            put(f, "fs%si ", fp);                  /* always with rd, as binutils 2.40 */
            put_xreg(f, rd);
            put(f, ",%u", rs1);
            return true;
        }
        if (rd == 0) {
            const char *b = (in->op == ISA_CSRRW || in->op == ISA_CSRRWI) ? "csrw"
                          : (in->op == ISA_CSRRS || in->op == ISA_CSRRSI) ? "csrs" : "csrc";
            put(f, "%s ", b); put_csr(f, csr); put(f, ",");
            if (uimm) put(f, "%u", rs1);
            else put_xreg(f, rs1);
            return true;
        }
        if (uimm) {
            /* binutils 2.40: csrrwi a0,csr,1 shows as csrrw a0,csr,1 */
            const char *b = in->op == ISA_CSRRWI ? "csrrw" : in->op == ISA_CSRRSI ? "csrrs" : "csrrc";
            put(f, "%s ", b); put_xreg(f, rd); put(f, ","); put_csr(f, csr); put(f, ",%u", rs1);
            return true;
        }
        return false;
    }
    default:
        break;
    }
    if (!n) {
        /* binutils 2.40 shows these I-type instructions under their R-type mnemonic
           (its "add d,s,j" style alias lines): addi a0,a0,1 -> add a0,a0,1 */
        static const struct { u16 op; const char *name; } rname[] = {
            { ISA_ADDI, "add" }, { ISA_ANDI, "and" }, { ISA_ORI, "or" }, { ISA_XORI, "xor" },
            { ISA_SLLI, "sll" }, { ISA_SRLI, "srl" }, { ISA_SRAI, "sra" },
            { ISA_ADDIW, "addw" }, { ISA_SLLIW, "sllw" }, { ISA_SRLIW, "srlw" },
            { ISA_SRAIW, "sraw" }, { ISA_ADDID, "addd" }, { ISA_SLLID, "slld" },
            { ISA_SRLID, "srld" }, { ISA_SRAID, "srad" },
        };
        for (size_t i = 0; i < sizeof rname / sizeof rname[0]; i++) {
            if (rname[i].op != in->op) continue;
            const struct isa_insn *b = base_line(in, xlen);
            put(f, "%s", rname[i].name);
            put_operands(f, b, in);
            return true;
        }
        return false;
    }
    put(f, "%s ", n); put_xreg(f, rd); put(f, ","); put_xreg(f, rs1);
    return true;
}

bool isa_format_ex(const struct isa_inst *in, int xlen, u128 pc, unsigned flags,
                   char *buf, size_t size, u128 *target)
{
    struct fmt f = { buf, size, 0, flags, pc, false, 0 };
    if (size) buf[0] = 0;
    const struct isa_insn *d = in->desc;
    if (!d) {
        put(&f, "(invalid)");
        return false;
    }
    if (flags & ISA_FMT_ALIASES) {
        if (d->flags & ISA_F_HINT) {   /* GNU objdump: c.slli64 a0 */
            put_name(&f, d, in);
            put_operands(&f, d, in);
        } else if (!put_alias(&f, in, xlen)) {
            const struct isa_insn *b = base_line(in, xlen);
            put_name(&f, b, in);
            put_operands(&f, b, in);
        }
    } else if (in->op == ISA_CSRRW && in->rd == 0 && in->rs1 == 0 && in->imm == 0xc00) {
        put(&f, "unimp");              /* csrrw zero,cycle,zero: GNU's unimp */
    } else if (!strcmp(d->name, "c.nop")) {
        put(&f, "c.addi zero,%d", in->imm);    /* GNU objdump -M no-aliases (HINTs too) */
    } else {
        put_name(&f, d, in);
        put_operands(&f, d, in);
    }
    if (f.has_target && target) *target = f.target;
    return f.has_target;
}

void isa_format(const struct isa_inst *in, int xlen, u128 pc, char *buf, size_t size)
{
    isa_format_ex(in, xlen, pc, 0, buf, size, NULL);
}
