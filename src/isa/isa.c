/* Decode, encode and format, all driven by insns.def and the operand kinds below. */
#include "isa/isa.h"

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
    for (size_t i = 0; i < isa_table_len; i++)
        if (isa_table[i].op == op) return isa_table[i].name;
    return "?";
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

static bool decode_with(const struct isa_insn *d, int xlen, u32 w, struct isa_inst *o)
{
    memset(o, 0, sizeof *o);
    o->desc = d;
    o->op = d->op;
    o->len = (u8)((d->match & 3) == 3 ? 4 : 2);
    const char *p = d->args;
    const struct kind *k;
    while ((k = next_kind(&p)) != NULL)
        if (!extract(k, w, xlen, o)) return false;
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

unsigned isa_freg_mask(const struct isa_insn *d)
{
    unsigned m = 0;
    const char *p = d->args;
    const struct kind *k;
    while ((k = next_kind(&p)) != NULL) {
        if (k->rclass != R_F) continue;
        switch (k->slot) {
        case S_RD: m |= ISA_FREG_RD; break;
        case S_RS1: m |= ISA_FREG_RS1; break;
        case S_RS2: m |= ISA_FREG_RS2; break;
        case S_RS3: m |= ISA_FREG_RS3; break;
        case S_RDRS1: m |= ISA_FREG_RD | ISA_FREG_RS1; break;
        default: break;
        }
    }
    return m;
}

bool isa_rd_is_freg(const struct isa_insn *d)
{
    return (isa_freg_mask(d) & ISA_FREG_RD) != 0;
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

void isa_format(const struct isa_inst *in, int xlen, u128 pc, char *buf, size_t size)
{
    (void)xlen;
    const struct isa_insn *d = in->desc;
    size_t n = 0;
#define PUT(...) do { int r_ = snprintf(buf + n, n < size ? size - n : 0, __VA_ARGS__); \
                      if (r_ > 0) n += (size_t)r_; } while (0)
    if (!d) { PUT("(invalid)"); return; }
    PUT("%s", d->name);
    if (d->flags & ISA_F_AQRL) PUT("%s", (const char *[]){ "", ".rl", ".aq", ".aqrl" }[in->aqrl & 3]);
    const char *p = d->args;
    bool first = true;
    while (*p) {
        char c = *p;
        if (c == ',' || c == '(' || c == ')') { PUT("%c", c); p++; continue; }
        if (first) { PUT(" "); first = false; }
        const struct kind *k = next_kind(&p);
        if (!k) break;
        if (k->slot == S_IMM) {
            if (k->pcrel) {
                u128 t = pc + (u128)(i128)in->imm;
                if ((u64)(t >> 64)) PUT("0x%llx%016llx", (unsigned long long)(u64)(t >> 64), (unsigned long long)(u64)t);
                else PUT("0x%llx", (unsigned long long)(u64)t);
            } else if (k->code[0] == 'u' || !strcmp(k->code, "Cu")) {
                PUT("0x%x", ((u32)in->imm >> 12) & 0xfffff);
            } else if (k->code[0] == 'E') {
                PUT("0x%x", (unsigned)in->imm);
            } else if (k->code[0] == 'P') {
                char a[5], b[5];
                fence_set(a, ((unsigned)in->imm >> 4) & 15);
                fence_set(b, (unsigned)in->imm & 15);
                PUT("%s,%s", a, b);
            } else {
                PUT("%d", in->imm);
            }
        } else if (k->slot == S_RM) {
            PUT("%s", rm_names[in->rm & 7]);
        } else if (k->slot == S_SP) {
            PUT("sp");
        } else if (k->code[0] == 'Z') {
            PUT("%u", in->rs1);
        } else {
            unsigned r = k->slot == S_RS1 ? in->rs1 : k->slot == S_RS2 ? in->rs2
                       : k->slot == S_RS3 ? in->rs3 : k->slot == S_RDRS1 ? rdrs1_value(d, in)
                       : in->rd;
            PUT("%s", k->rclass == R_F ? isa_freg_names[r & 31] : isa_xreg_names[r & 31]);
        }
    }
#undef PUT
}
