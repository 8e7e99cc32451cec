/* Pseudo-instructions: the GNU as set for RISC-V, plus the RV128 ones (sext.d, negd,
 * li of any 128-bit constant).
 *
 * li: a constant that fits 12 signed bits is `addi rd,x0,imm` (c.li when it fits);
 * otherwise build(v):
 *   v fits 32 signed bits:  lui rd,%hi(v) (when the upper part is not 0), then
 *                           addiw rd,rd,lo (addi on RV32; addiw rd,x0,lo without lui)
 *                           when the low 12 bits are not 0 or no lui was needed;
 *   otherwise:              lo = sign-extended low 12 bits, hi = v - lo,
 *                           s = the lowest set bit of hi (>= 12);
 *                           build(hi >> s) (arithmetic shift); slli rd,rd,s;
 *                           addi rd,rd,lo when lo != 0.
 * This is GNU as's algorithm for RV64; at XLEN 128 the same recursion runs on 128-bit
 * values (ADDIW sign-extends from bit 31 to bit 127, so the 32-bit base case holds),
 * which materialises every 128-bit constant in at most 2 + 3 * 10 instructions. */
#include <string.h>

#include "as/as.h"
#include "as/insn.h"

enum pk {
    P_LI, P_LA, P_LLA, P_LA_TLS_IE, P_LA_TLS_GD, P_LOAD_SYM, P_STORE_SYM, P_FLOAD_SYM,
    P_FSTORE_SYM, P_CALL, P_CALL_RD, P_TAIL, P_JUMP, P_MV, P_NOT, P_NEG, P_NEGW, P_NEGD,
    P_SEXTW, P_SEXTD, P_SEQZ, P_SNEZ, P_SLTZ, P_SGTZ, P_BZ, P_BSWAP, P_J, P_JAL, P_JR,
    P_JALR, P_RET, P_NOP, P_FENCE, P_CSRR, P_CSRW, P_CSRWI, P_RDCTR, P_FRCSR, P_FSCSR,
    P_FSCSRI, P_FMV, P_FMVX, P_FCMPSWAP, P_UNIMP, P_ECALL, P_EBREAK, P_ZEXTB, P_EXTH,
    P_ZEXTW, P_ZEXTD, P_SEXTB, P_TPREL_ADD, P_SGT,
};

struct pseudo {
    const char *name;
    const char *args;
    unsigned xl;
    enum pk kind;
    const char *base;           /* the real instruction it becomes (when one) */
    int arg;                    /* kind-specific */
};

#define ALL XALL
#define W64 (X64 | X128)
static const struct pseudo pseudos[] = {
    { "li", "d,I", ALL, P_LI, NULL, 0 },
    { "add", "d,s,t,X", ALL, P_TPREL_ADD, NULL, 0 },
    { "la", "d,A", ALL, P_LA, NULL, 0 },
    { "lla", "d,A", ALL, P_LLA, NULL, 0 },
    { "la.tls.ie", "d,A", ALL, P_LA_TLS_IE, NULL, 0 },
    { "la.tls.gd", "d,A", ALL, P_LA_TLS_GD, NULL, 0 },
    { "lb", "d,A", ALL, P_LOAD_SYM, "lb", 0 },
    { "lh", "d,A", ALL, P_LOAD_SYM, "lh", 0 },
    { "lw", "d,A", ALL, P_LOAD_SYM, "lw", 0 },
    { "ld", "d,A", W64, P_LOAD_SYM, "ld", 0 },
    { "lbu", "d,A", ALL, P_LOAD_SYM, "lbu", 0 },
    { "lhu", "d,A", ALL, P_LOAD_SYM, "lhu", 0 },
    { "lwu", "d,A", W64, P_LOAD_SYM, "lwu", 0 },
    { "ldu", "d,A", X128, P_LOAD_SYM, "ldu", 0 },
    { "lq", "d,A", X128, P_LOAD_SYM, "lq", 0 },
    { "sb", "t,A,s", ALL, P_STORE_SYM, "sb", 0 },
    { "sh", "t,A,s", ALL, P_STORE_SYM, "sh", 0 },
    { "sw", "t,A,s", ALL, P_STORE_SYM, "sw", 0 },
    { "sd", "t,A,s", W64, P_STORE_SYM, "sd", 0 },
    { "sq", "t,A,s", X128, P_STORE_SYM, "sq", 0 },
    { "flw", "D,A,s", ALL, P_FLOAD_SYM, "flw", 0 },
    { "fld", "D,A,s", ALL, P_FLOAD_SYM, "fld", 0 },
    { "fsw", "T,A,s", ALL, P_FSTORE_SYM, "fsw", 0 },
    { "fsd", "T,A,s", ALL, P_FSTORE_SYM, "fsd", 0 },
    { "call", "c", ALL, P_CALL, NULL, 0 },
    { "call", "d,c", ALL, P_CALL_RD, NULL, 0 },
    { "tail", "c", ALL, P_TAIL, NULL, 0 },
    { "jump", "c,s", ALL, P_JUMP, NULL, 0 },
    { "mv", "d,s", ALL, P_MV, NULL, 0 },
    { "move", "d,s", ALL, P_MV, NULL, 0 },
    { "not", "d,s", ALL, P_NOT, NULL, 0 },
    { "neg", "d,t", ALL, P_NEG, NULL, 0 },
    { "negw", "d,t", W64, P_NEGW, NULL, 0 },
    { "negd", "d,t", X128, P_NEGD, NULL, 0 },
    { "sext.w", "d,s", W64, P_SEXTW, NULL, 0 },
    { "sext.d", "d,s", X128, P_SEXTD, NULL, 0 },
    { "seqz", "d,s", ALL, P_SEQZ, NULL, 0 },
    { "snez", "d,t", ALL, P_SNEZ, NULL, 0 },
    { "sltz", "d,s", ALL, P_SLTZ, NULL, 0 },
    { "sgtz", "d,t", ALL, P_SGTZ, NULL, 0 },
    { "sgt", "d,s,t", ALL, P_SGT, "slt", 0 },
    { "sgtu", "d,s,t", ALL, P_SGT, "sltu", 0 },
    { "beqz", "s,p", ALL, P_BZ, "beq", 0 },
    { "bnez", "s,p", ALL, P_BZ, "bne", 0 },
    { "bltz", "s,p", ALL, P_BZ, "blt", 0 },
    { "bgez", "s,p", ALL, P_BZ, "bge", 0 },
    { "blez", "t,p", ALL, P_BZ, "bge", 1 },
    { "bgtz", "t,p", ALL, P_BZ, "blt", 1 },
    { "bgt", "s,t,p", ALL, P_BSWAP, "blt", 0 },
    { "ble", "s,t,p", ALL, P_BSWAP, "bge", 0 },
    { "bgtu", "s,t,p", ALL, P_BSWAP, "bltu", 0 },
    { "bleu", "s,t,p", ALL, P_BSWAP, "bgeu", 0 },
    { "j", "a", ALL, P_J, NULL, 0 },
    { "jal", "a", ALL, P_JAL, NULL, 0 },
    { "jr", "s", ALL, P_JR, NULL, 0 },
    { "jr", "o(s)", ALL, P_JR, NULL, 1 },
    { "jr", "s,j", ALL, P_JR, NULL, 1 },
    { "jalr", "s", ALL, P_JALR, NULL, 0 },
    { "jalr", "o(s)", ALL, P_JALR, NULL, 1 },
    { "jalr", "s,j", ALL, P_JALR, NULL, 1 },
    { "jalr", "d,s", ALL, P_JALR, NULL, 2 },
    { "jalr", "d,s,j", ALL, P_JALR, NULL, 3 },
    { "ret", "", ALL, P_RET, NULL, 0 },
    { "nop", "", ALL, P_NOP, NULL, 0 },
    { "fence", "", ALL, P_FENCE, NULL, 0 },
    { "csrr", "d,E", ALL, P_CSRR, NULL, 0 },
    { "csrw", "E,s", ALL, P_CSRW, "csrrw", 0 },
    { "csrs", "E,s", ALL, P_CSRW, "csrrs", 0 },
    { "csrc", "E,s", ALL, P_CSRW, "csrrc", 0 },
    { "csrw", "E,Z", ALL, P_CSRWI, "csrrwi", 0 },
    { "csrs", "E,Z", ALL, P_CSRWI, "csrrsi", 0 },
    { "csrc", "E,Z", ALL, P_CSRWI, "csrrci", 0 },
    { "csrwi", "E,Z", ALL, P_CSRWI, "csrrwi", 0 },
    { "csrsi", "E,Z", ALL, P_CSRWI, "csrrsi", 0 },
    { "csrci", "E,Z", ALL, P_CSRWI, "csrrci", 0 },
    { "csrrw", "d,E,Z", ALL, P_CSRWI, "csrrwi", 1 },
    { "csrrs", "d,E,Z", ALL, P_CSRWI, "csrrsi", 1 },
    { "csrrc", "d,E,Z", ALL, P_CSRWI, "csrrci", 1 },
    { "rdcycle", "d", ALL, P_RDCTR, NULL, 0xc00 },
    { "rdtime", "d", ALL, P_RDCTR, NULL, 0xc01 },
    { "rdinstret", "d", ALL, P_RDCTR, NULL, 0xc02 },
    { "rdcycleh", "d", X32, P_RDCTR, NULL, 0xc80 },
    { "rdtimeh", "d", X32, P_RDCTR, NULL, 0xc81 },
    { "rdinstreth", "d", X32, P_RDCTR, NULL, 0xc82 },
    { "frcsr", "d", ALL, P_FRCSR, NULL, 3 },
    { "frrm", "d", ALL, P_FRCSR, NULL, 2 },
    { "frflags", "d", ALL, P_FRCSR, NULL, 1 },
    { "fscsr", "d,s", ALL, P_FSCSR, NULL, 3 },
    { "fscsr", "s", ALL, P_FSCSR, NULL, 3 + 16 },
    { "fsrm", "d,s", ALL, P_FSCSR, NULL, 2 },
    { "fsrm", "s", ALL, P_FSCSR, NULL, 2 + 16 },
    { "fsflags", "d,s", ALL, P_FSCSR, NULL, 1 },
    { "fsflags", "s", ALL, P_FSCSR, NULL, 1 + 16 },
    { "fsrmi", "d,Z", ALL, P_FSCSRI, NULL, 2 },
    { "fsrmi", "Z", ALL, P_FSCSRI, NULL, 2 + 16 },
    { "fsflagsi", "d,Z", ALL, P_FSCSRI, NULL, 1 },
    { "fsflagsi", "Z", ALL, P_FSCSRI, NULL, 1 + 16 },
    { "fmv.s", "D,S", ALL, P_FMV, "fsgnj.s", 0 },
    { "fneg.s", "D,S", ALL, P_FMV, "fsgnjn.s", 0 },
    { "fabs.s", "D,S", ALL, P_FMV, "fsgnjx.s", 0 },
    { "fmv.d", "D,S", ALL, P_FMV, "fsgnj.d", 0 },
    { "fneg.d", "D,S", ALL, P_FMV, "fsgnjn.d", 0 },
    { "fabs.d", "D,S", ALL, P_FMV, "fsgnjx.d", 0 },
    { "fmv.x.s", "d,S", ALL, P_FMVX, "fmv.x.w", 0 },
    { "fmv.s.x", "D,s", ALL, P_FMVX, "fmv.w.x", 0 },
    { "fgt.s", "d,S,T", ALL, P_FCMPSWAP, "flt.s", 0 },
    { "fge.s", "d,S,T", ALL, P_FCMPSWAP, "fle.s", 0 },
    { "fgt.d", "d,S,T", ALL, P_FCMPSWAP, "flt.d", 0 },
    { "fge.d", "d,S,T", ALL, P_FCMPSWAP, "fle.d", 0 },
    { "unimp", "", ALL, P_UNIMP, NULL, 0 },
    { "c.unimp", "", ALL, P_UNIMP, NULL, 1 },
    { "scall", "", ALL, P_ECALL, NULL, 0 },
    { "sbreak", "", ALL, P_EBREAK, NULL, 0 },
    { "zext.b", "d,s", ALL, P_ZEXTB, NULL, 0 },
    { "zext.h", "d,s", ALL, P_EXTH, "srli", 16 },
    { "sext.h", "d,s", ALL, P_EXTH, "srai", 16 },
    { "sext.b", "d,s", ALL, P_EXTH, "srai", 8 },
    { "zext.w", "d,s", W64, P_EXTH, "srli", 32 },
    { "zext.d", "d,s", X128, P_EXTH, "srli", 64 },
};

/* Emit a real instruction by name with the given fields; internal errors are reported
 * as illegal operands of the source statement. */
static bool emit(struct as *A, const char *name, unsigned rd, unsigned rs1, unsigned rs2,
                 i32 imm, const char *compress_as)
{
    const struct isa_insn *d = insn_line(A, name);
    if (!d) {
        as_error(A, "`%s' is not available at XLEN %d", name, A->opt.arch.xlen);
        return false;
    }
    struct isa_inst in;
    memset(&in, 0, sizeof in);
    in.rd = (u8)rd;
    in.rs1 = (u8)rs1;
    in.rs2 = (u8)rs2;
    in.imm = imm;
    if (line_has_rm(d)) in.rm = (u8)isa_default_rm(d);
    if (!insn_emit(A, d, &in, compress_as)) {
        as_error(A, "illegal operands for `%s' (immediate %d)", name, (int)imm);
        return false;
    }
    return true;
}

static u32 encode(struct as *A, const char *name, unsigned rd, unsigned rs1, unsigned rs2,
                  i32 imm)
{
    const struct isa_insn *d = insn_line(A, name);
    struct isa_inst in;
    memset(&in, 0, sizeof in);
    in.rd = (u8)rd;
    in.rs1 = (u8)rs1;
    in.rs2 = (u8)rs2;
    in.imm = imm;
    u32 w = 0;
    if (!d || !isa_encode(d, A->opt.arch.xlen, &in, &w))
        as_error(A, "internal error: cannot encode %s", name);
    return w;
}

/* ---- li ---------------------------------------------------------------------------- */

static i128 sext_bits(i128 v, int bits)
{
    if (bits >= 128) return v;
    u128 m = (u128)1 << (bits - 1);
    u128 u = (u128)v & (((u128)1 << bits) - 1);
    return (i128)((u ^ m) - m);
}

static bool fits_signed(i128 v, int bits) { return sext_bits(v, bits) == v; }

static void li_build(struct as *A, unsigned rd, i128 v, int depth)
{
    int xlen = A->opt.arch.xlen;
    if (xlen == 32 || fits_signed(v, 32)) {
        i128 lo = sext_bits(v, 12);
        i128 hi = v - lo;
        unsigned base = 0;
        if (hi != 0) {
            emit(A, "lui", rd, 0, 0, (i32)(u32)(((u128)hi >> 12 & 0xfffff) << 12), "lui");
            base = rd;
        }
        if (lo != 0 || base == 0)
            emit(A, xlen == 32 ? "addi" : "addiw", rd, base, 0, (i32)lo,
                 xlen == 32 ? "addi" : "addiw");
        return;
    }
    i128 lo = sext_bits(v, 12);
    /* v - lo wraps at XLEN bits, as GNU's 64-bit arithmetic does */
    i128 hi = sext_bits((i128)((u128)v - (u128)lo), xlen);
    int s = 12;
    while (s < 127 && !(((u128)hi >> s) & 1)) s++;
    li_build(A, rd, hi >> s, depth + 1);
    emit(A, "slli", rd, rd, 0, s, "slli");
    if (lo != 0) emit(A, "addi", rd, rd, 0, (i32)lo, "addi");
}

static void do_li(struct as *A, unsigned rd, i128 v)
{
    int xlen = A->opt.arch.xlen;
    i128 raw = xlen <= 64 ? sext_bits(v, 64) : v;      /* GNU's 64-bit view of it */
    /* the constant as an XLEN-bit register value */
    if (xlen == 32) {
        if (v < -(i128)0x80000000ll || v > 0xffffffffll) {
            as_error(A, "li: constant does not fit in 32 bits");
            return;
        }
        v = sext_bits(v, 32);
    } else if (xlen == 64) {
        if (v < -((i128)1 << 63) || v > (i128)(((u128)1 << 64) - 1)) {
            as_error(A, "li: constant does not fit in 64 bits");
            return;
        }
        v = sext_bits(v, 64);
    }
    if (fits_signed(v, 12)) {
        /* GNU as tries c.li with the constant as written, before sign-extending it
         * from XLEN bits (so RV32 `li a0,0xffffffff' is a 4-byte addi) */
        emit(A, "addi", rd, 0, 0, (i32)v, raw == v ? "li" : NULL);
        return;
    }
    li_build(A, rd, v, 0);
}

/* ---- pc-relative address sequences ------------------------------------------------- */

/* auipc rt, %<hi>(target) at a fresh label; then `lo_insn rd, %pcrel_lo(label)(rt)`. */
static void pcrel_pair(struct as *A, u16 hi_type, unsigned rt, struct enode *target,
                       const char *lo_insn, unsigned rd, bool store)
{
    struct sym *l = sym_fake_here(A);
    insn_emit_reloc(A, encode(A, "auipc", rt, 0, 0, 0), 4, hi_type, target);
    const struct isa_insn *d = insn_line(A, lo_insn);
    struct isa_inst in;
    memset(&in, 0, sizeof in);
    if (store) { in.rs2 = (u8)rd; in.rs1 = (u8)rt; }
    else { in.rd = (u8)rd; in.rs1 = (u8)rt; }
    u32 w = 0;
    if (!d || !isa_encode(d, A->opt.arch.xlen, &in, &w)) {
        as_error(A, "internal error: cannot encode %s", lo_insn);
        return;
    }
    insn_emit_reloc(A, w, 4, store ? R_RISCV_PCREL_LO12_S : R_RISCV_PCREL_LO12_I,
                    expr_sym(A, l));
}

static const char *xlen_load(struct as *A)
{
    return A->opt.arch.xlen == 32 ? "lw" : A->opt.arch.xlen == 64 ? "ld" : "lq";
}

static void call_seq(struct as *A, unsigned link, unsigned tmp, struct enode *target)
{
    insn_emit_reloc(A, encode(A, "auipc", tmp, 0, 0, 0), 4, R_RISCV_CALL_PLT, target);
    insn_emit_word(A, encode(A, "jalr", link, tmp, 0, 0), 4);
}

static bool run(struct as *A, const struct pseudo *ps, struct ops *o)
{
    struct isa_inst *in = &o->in;
    unsigned rd = in->rd, rs1 = in->rs1, rs2 = in->rs2;
    switch (ps->kind) {
    case P_LI: do_li(A, rd, o->big); return true;
    case P_TPREL_ADD:
        insn_emit_reloc(A, encode(A, "add", rd, rs1, rs2, 0), 4, R_RISCV_TPREL_ADD, o->imm.e);
        return true;
    case P_LA:
        if (o->target_const) { struct value v; expr_eval(A, o->target, EV_NOW, &v, as_here(A), true); do_li(A, rd, v.k); return true; }
        if (A->opt.pic) pcrel_pair(A, R_RISCV_GOT_HI20, rd, o->target, xlen_load(A), rd, false);
        else pcrel_pair(A, R_RISCV_PCREL_HI20, rd, o->target, "addi", rd, false);
        return true;
    case P_LLA:
        if (o->target_const) { struct value v; expr_eval(A, o->target, EV_NOW, &v, as_here(A), true); do_li(A, rd, v.k); return true; }
        pcrel_pair(A, R_RISCV_PCREL_HI20, rd, o->target, "addi", rd, false);
        return true;
    case P_LA_TLS_IE:
        pcrel_pair(A, R_RISCV_TLS_GOT_HI20, rd, o->target, xlen_load(A), rd, false);
        return true;
    case P_LA_TLS_GD:
        pcrel_pair(A, R_RISCV_TLS_GD_HI20, rd, o->target, "addi", rd, false);
        return true;
    case P_LOAD_SYM:
        pcrel_pair(A, R_RISCV_PCREL_HI20, rd, o->target, ps->base, rd, false);
        return true;
    case P_FLOAD_SYM:
        pcrel_pair(A, R_RISCV_PCREL_HI20, rs1, o->target, ps->base, rd, false);
        return true;
    case P_STORE_SYM:
    case P_FSTORE_SYM:
        pcrel_pair(A, R_RISCV_PCREL_HI20, rs1, o->target, ps->base, rs2, true);
        return true;
    case P_CALL: call_seq(A, 1, 1, o->target); return true;
    case P_CALL_RD: call_seq(A, rd, 6, o->target); return true;
    case P_TAIL: call_seq(A, 0, 6, o->target); return true;
    case P_JUMP: call_seq(A, 0, rs1, o->target); return true;
    case P_MV: return emit(A, "addi", rd, rs1, 0, 0, "mv");
    case P_NOT: return emit(A, "xori", rd, rs1, 0, -1, NULL);
    case P_NEG: return emit(A, "sub", rd, 0, rs2, 0, NULL);
    case P_NEGW: return emit(A, "subw", rd, 0, rs2, 0, NULL);
    case P_NEGD: return emit(A, "subd", rd, 0, rs2, 0, NULL);
    case P_SEXTW: return emit(A, "addiw", rd, rs1, 0, 0, "sext.w");
    case P_SEXTD: return emit(A, "addid", rd, rs1, 0, 0, NULL);
    case P_SEQZ: return emit(A, "sltiu", rd, rs1, 0, 1, NULL);
    case P_SNEZ: return emit(A, "sltu", rd, 0, rs2, 0, NULL);
    case P_SLTZ: return emit(A, "slt", rd, rs1, 0, 0, NULL);
    case P_SGTZ: return emit(A, "slt", rd, 0, rs2, 0, NULL);
    case P_SGT: return emit(A, ps->base, rd, rs2, rs1, 0, NULL);
    case P_BZ:
    case P_BSWAP: {
        struct isa_inst b;
        memset(&b, 0, sizeof b);
        const struct isa_insn *d = insn_line(A, ps->base);
        b.desc = d;
        b.op = d->op;
        if (ps->kind == P_BSWAP) { b.rs1 = (u8)rs2; b.rs2 = (u8)rs1; }
        else if (ps->arg) { b.rs1 = 0; b.rs2 = (u8)rs2; }
        else { b.rs1 = (u8)rs1; b.rs2 = 0; }
        bool rvc = (!strcmp(ps->name, "beqz") || !strcmp(ps->name, "bnez")) &&
                   b.rs1 >= 8 && b.rs1 <= 15;
        insn_emit_branch(A, &b, o->target, rvc, false, 0);
        return true;
    }
    case P_J:
    case P_JAL: {
        struct isa_inst b;
        memset(&b, 0, sizeof b);
        const struct isa_insn *d = insn_line(A, "jal");
        b.desc = d;
        b.op = d->op;
        b.rd = ps->kind == P_JAL ? 1 : 0;
        bool rvc = ps->kind == P_J;     /* GNU as never turns `jal sym' into c.jal */
        insn_emit_branch(A, &b, o->target, rvc, true, rvc ? 0 : 4);
        return true;
    }
    case P_JR:
    case P_JALR: {
        unsigned link = ps->kind == P_JR ? 0 : 1;
        i32 imm = 0;
        if (ps->arg == 1 || ps->arg == 3) {
            if (o->imm.mod != RM_NONE || !o->imm.is_const) {
                as_error(A, "jalr offset must be a constant");
                return true;
            }
            if (o->imm.k < -2048 || o->imm.k > 2047) {
                as_error(A, "immediate value %lld out of range (-2048..2047)", (long long)o->imm.k);
                return true;
            }
            imm = (i32)o->imm.k;
        }
        if (ps->arg >= 2) link = rd;
        const char *cas = ps->arg == 0 ? (ps->kind == P_JR ? "jr" : "jalr1") : NULL;
        return emit(A, "jalr", link, rs1, 0, imm, cas);
    }
    case P_RET: return emit(A, "jalr", 0, 1, 0, 0, "ret");
    case P_NOP: return emit(A, "addi", 0, 0, 0, 0, "nop");
    case P_FENCE: return emit(A, "fence", 0, 0, 0, 0xff, NULL);
    case P_CSRR: return emit(A, "csrrs", rd, 0, 0, in->imm, NULL);
    case P_CSRW: return emit(A, ps->base, 0, rs1, 0, in->imm, NULL);
    case P_CSRWI: return emit(A, ps->base, ps->arg ? rd : 0, rs1, 0, in->imm, NULL);
    case P_RDCTR: return emit(A, "csrrs", rd, 0, 0, ps->arg, NULL);
    case P_FRCSR: return emit(A, "csrrs", rd, 0, 0, ps->arg, NULL);
    case P_FSCSR: return emit(A, "csrrw", ps->arg & 16 ? 0 : rd, rs1, 0, ps->arg & 15, NULL);
    case P_FSCSRI: return emit(A, "csrrwi", ps->arg & 16 ? 0 : rd, rs1, 0, ps->arg & 15, NULL);
    case P_FMV: return emit(A, ps->base, rd, rs1, rs1, 0, NULL);
    case P_FMVX: return emit(A, ps->base, rd, rs1, 0, 0, NULL);
    case P_FCMPSWAP: return emit(A, ps->base, rd, rs2, rs1, 0, NULL);
    case P_UNIMP:
        if (ps->arg && !insn_ready(A)) {
            as_error(A, "unrecognized opcode `c.unimp', extension `c' required");
            return true;
        }
        if (insn_ready(A)) insn_emit_word(A, 0x0000, 2);
        else insn_emit_word(A, 0xc0001073, 4);
        return true;
    case P_ECALL: return emit(A, "ecall", 0, 0, 0, 0, NULL);
    case P_EBREAK: return emit(A, "ebreak", 0, 0, 0, 0, NULL);
    case P_ZEXTB: return emit(A, "andi", rd, rs1, 0, 255, NULL);
    case P_EXTH:
    case P_ZEXTW:
    case P_ZEXTD:
    case P_SEXTB: {
        int sh = A->opt.arch.xlen - ps->arg;
        if (!emit(A, "slli", rd, rs1, 0, sh, "slli")) return true;
        return emit(A, ps->base, rd, rd, 0, sh, ps->base);
    }
    }
    return false;
}

bool pseudo_assemble(struct as *A, const char *mn, const char *ops, bool *matched)
{
    unsigned xb = isa_xbit(A->opt.arch.xlen);
    *matched = false;
    for (usize i = 0; i < sizeof pseudos / sizeof pseudos[0]; i++) {
        const struct pseudo *ps = &pseudos[i];
        if (strcmp(ps->name, mn) != 0 || !(ps->xl & xb)) continue;
        struct ops o;
        if (!insn_parse_args(A, ps->args, ops, &o)) continue;
        /* the instructions it expands to must be enabled */
        if ((ps->kind == P_FMV || ps->kind == P_FMVX || ps->kind == P_FCMPSWAP ||
             ps->kind == P_FLOAD_SYM || ps->kind == P_FSTORE_SYM)) {
            const char *b = ps->base;
            bool dbl = b[strlen(b) - 1] == 'd';
            unsigned need = dbl ? EXT_D : EXT_F;
            if (!(A->opt.arch.exts & need)) {
                as_error(A, "unrecognized opcode `%s %s', extension `%s' required", mn,
                         skip_ws(ops), dbl ? "d" : "f");
                *matched = true;
                return true;
            }
        }
        *matched = true;
        run(A, ps, &o);
        return true;
    }
    return false;
}
