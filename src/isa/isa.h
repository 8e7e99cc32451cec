/* RISC-V instruction set: the table (insns.def) and the operations built on it.
 *
 * isa_decode() turns an instruction word into a struct isa_inst (operation + operands);
 * compressed words come out already expanded to the operation they stand for, so the
 * emulator has one handler per operation.  isa_encode() is the inverse for the
 * assembler, isa_format() prints GNU-style disassembly.  All three read the same table.
 */
#ifndef ZL_ISA_H
#define ZL_ISA_H

#include <stdbool.h>
#include <stddef.h>
#include <zl/types.h>

enum { X32 = 1, X64 = 2, X128 = 4, XALL = 7 };

/* Map an XLEN (32/64/128) to its X* bit. */
static inline unsigned isa_xbit(int xlen) { return xlen == 32 ? X32 : xlen == 64 ? X64 : X128; }

enum isa_ext {
    EXT_I = 1 << 0, EXT_M = 1 << 1, EXT_A = 1 << 2, EXT_F = 1 << 3, EXT_D = 1 << 4,
    EXT_C = 1 << 5, EXT_ZICSR = 1 << 6, EXT_ZIFENCEI = 1 << 7,
};

enum isa_flags {
    ISA_F_BRANCH = 1 << 0,  /* conditional branch: ends a basic block */
    ISA_F_JUMP   = 1 << 1,  /* unconditional jump: ends a basic block */
    ISA_F_TRAP   = 1 << 2,  /* ecall/ebreak: ends a basic block */
    ISA_F_FENCEI = 1 << 3,  /* fence.i: code may have changed, ends a basic block */
    ISA_F_CSR    = 1 << 4,  /* CSR access */
    ISA_F_AQRL   = 1 << 5,  /* accepts .aq/.rl/.aqrl suffixes (bits 26:25) */
    ISA_F_HINT   = 1 << 6,  /* a compressed HINT: disassembled under its own name */
};
#define ISA_F_ENDS_BLOCK (ISA_F_BRANCH | ISA_F_JUMP | ISA_F_TRAP | ISA_F_FENCEI)

enum isa_op {
    ISA_OP_INVALID = 0,
#define OP(op, ...) ISA_##op,
#define VAR(...)
#include "isa/insns.def"
#undef OP
#undef VAR
    ISA_OP_COUNT
};

struct isa_insn {
    const char *name;
    u32 match, mask;
    u16 op;
    u8 xlens;
    u16 ext;
    u8 flags;
    const char *args;
    const char *implicit;
};

/* One decoded instruction.  Registers are numbers 0–31 (integer or FP as the operand
 * letter says).  imm holds the sign-extended immediate (U-type: already shifted left
 * by 12), the CSR number for CSR instructions, pred<<4|succ for fence; CSR immediate
 * forms keep their 5-bit uimm in rs1. */
struct isa_inst {
    const struct isa_insn *desc;
    u16 op;
    u8 len;                     /* 2 or 4 */
    u8 rd, rs1, rs2, rs3;
    u8 rm;                      /* rounding-mode field (7 = dynamic) */
    u8 aqrl;                    /* bits 26:25 of A-extension instructions */
    i32 imm;
};

extern const struct isa_insn isa_table[];
extern const size_t isa_table_len;

/* Length of the instruction whose first 16-bit parcel is `lo`: 2, 4, or 0 when the
 * encoding is longer than 32 bits (not supported). */
static inline int isa_insn_len(u16 lo)
{
    if ((lo & 3) != 3) return 2;
    if ((lo & 0x1c) != 0x1c) return 4;
    return 0;
}

/* Decode `word` (a 16-bit parcel in the low half when compressed) for the given XLEN
 * and enabled extensions.  Returns false for an illegal or reserved encoding. */
bool isa_decode(int xlen, unsigned exts, u32 word, struct isa_inst *out);

/* Encode `in` with the table line `desc`.  Returns false when an operand does not fit
 * the encoding (range, alignment, register class, implicit register mismatch);
 * the result is verified by decoding it again. */
bool isa_encode(const struct isa_insn *desc, int xlen, const struct isa_inst *in, u32 *word);

/* The defining table line of op (its first line), or NULL.  isa_encode_op encodes with
 * it: the instruction word of op with in's operands. */
const struct isa_insn *isa_line(unsigned op);
/* The table line with this mnemonic ("c.nop", "addi") that exists at xlen, or NULL. */
const struct isa_insn *isa_line_named(const char *name, int xlen);
bool isa_encode_op(unsigned op, int xlen, const struct isa_inst *in, u32 *word);

/* For linkers: replace the immediate of operand code `code` in an instruction word with
 * the low bits of value, keeping every other bit.  Codes as in the table's args strings:
 * "j" I-type, "q" S-type, "p" B-type (value = the byte offset), "a" J-type, "u" U-type
 * (value = the upper 20 bits in place, as isa_inst.imm holds them), "Cp" c.beqz/c.bnez,
 * "Ca" c.j/c.jal (16-bit words).  No range check: the caller has checked its value.
 * Returns false when the code is not an immediate. */
bool isa_imm_patch(const char *code, u32 *word, u32 value);

/* GNU objdump -M no-aliases text ("addi a0,a0,1", CSRs by name, shift amounts and
 * U-type fields in hex, default rounding modes left out); pc resolves pc-relative
 * targets. */
void isa_format(const struct isa_inst *in, int xlen, u128 pc, char *buf, size_t size);

/* isa_format with options (isa_format is isa_format_ex with flags 0, the base forms of
 * `objdump -M no-aliases`):
 *   ISA_FMT_ALIASES      print GNU objdump's pseudo-instructions (li, mv, ret, j, beqz,
 *                        csrr, fmv.d, …) and compressed instructions under the name of
 *                        the instruction they expand to (c.addi a0,1 -> addi a0,a0,1)
 *   ISA_FMT_BARE_TARGET  branch/jump targets as bare hex ("1c"), as objdump prints them
 * Returns true when the text ends with a pc-relative target, stored in *target (if not
 * NULL) so a disassembler can append " <symbol+off>". */
enum { ISA_FMT_ALIASES = 1, ISA_FMT_BARE_TARGET = 2 };
bool isa_format_ex(const struct isa_inst *in, int xlen, u128 pc, unsigned flags,
                   char *buf, size_t size, u128 *target);

/* The rounding mode an assembler uses when the operand is left out, and that the
 * disassembler does not print: 0 (RNE) for the always-exact conversions fcvt.d.w,
 * fcvt.d.wu and fcvt.d.s (GNU binutils' choice), 7 (DYN) for everything else. */
unsigned isa_default_rm(const struct isa_insn *desc);

/* ---- Operands, for assemblers and disassemblers --------------------------------------
 * A line's args string is a sequence of operand codes separated by literal punctuation
 * (',' '(' ')').  isa_operand_at() describes the operand code at p (not punctuation):
 * what field it fills and what values it accepts; *len is the length of the code. */
enum isa_slot { ISA_SLOT_NONE, ISA_SLOT_RD, ISA_SLOT_RS1, ISA_SLOT_RS2, ISA_SLOT_RS3,
                ISA_SLOT_RDRS1, ISA_SLOT_IMM, ISA_SLOT_RM, ISA_SLOT_SP };
enum isa_rclass { ISA_RC_NONE, ISA_RC_X, ISA_RC_F };
enum isa_opkind {
    ISA_OPK_PLAIN,      /* register, or immediate of `bits` bits (signed if is_signed)
                           whose low `align` bits are zero */
    ISA_OPK_SHAMT,      /* '>' shift amount: the width is set by the line's mask */
    ISA_OPK_CSHIFT,     /* compressed shift amount (RV128: 0 encodes 64, c.srli/c.srai
                           32–63 encode 96–127) */
    ISA_OPK_CSR,        /* 12-bit CSR number (isa_csr_name/isa_csr_lookup) */
    ISA_OPK_FENCE,      /* fence pred,succ: written as two sets ("iorw,iorw") */
    ISA_OPK_UPPER,      /* U-type: written as the 20-bit field, stored shifted (imm<<12) */
    ISA_OPK_UIMM5,      /* CSR immediate 0–31, kept in rs1 */
};
struct isa_operand {
    char code[3];       /* "d", "Cj", … */
    u8 slot;            /* enum isa_slot */
    u8 rclass;          /* enum isa_rclass */
    u8 kind;            /* enum isa_opkind */
    u8 prime;           /* 3-bit register field: x8–x15 / f8–f15 only */
    u8 nonzero;         /* register other than x0 / immediate other than 0 */
    u8 is_signed;
    u8 bits, align;     /* immediates: significant bits, log2 of the required alignment */
    u8 pcrel;           /* branch/jump target (offset from the instruction) */
    u8 mem;             /* offset written before "(reg)" */
};
bool isa_operand_at(const char *p, struct isa_operand *out, size_t *len);

/* CSR names of the privileged specification.  isa_csr_name returns NULL for a number
 * without a name, isa_csr_lookup -1 for an unknown name. */
const char *isa_csr_name(unsigned csr);
int isa_csr_lookup(const char *name);

/* True when the line's destination register is an FP register (so rd = 0 is f0,
 * not the hard-wired x0). */
bool isa_rd_is_freg(const struct isa_insn *desc);

/* Which register operands of the line are FP registers: ISA_FREG_RD | _RS1 | _RS2 | _RS3. */
enum { ISA_FREG_RD = 1, ISA_FREG_RS1 = 2, ISA_FREG_RS2 = 4, ISA_FREG_RS3 = 8 };
unsigned isa_freg_mask(const struct isa_insn *desc);

extern const char *const isa_xreg_names[32];   /* ABI names: zero ra sp gp … */
extern const char *const isa_freg_names[32];   /* ft0 … ft11 */
const char *isa_op_name(unsigned op);           /* name of the defining line */

#endif
