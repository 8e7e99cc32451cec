/* An x86-64 machine-code emitter: the instructions the translator needs, encoded by hand
 * (Intel SDM vol. 2).  Operands are registers, immediates and [base + disp32] memory;
 * that is all a translated block addresses (the hart, the TLB, the stack).  Writing
 * past the buffer sets `full` instead of overflowing; the translator then flushes the
 * code cache and translates again. */
#ifndef ZL_EXEC_X86EMIT_H
#define ZL_EXEC_X86EMIT_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <zl/types.h>

enum x86_reg {
    RAX, RCX, RDX, RBX, RSP, RBP, RSI, RDI, R8, R9, R10, R11, R12, R13, R14, R15
};

/* condition codes (the low nibble of Jcc / SETcc) */
enum x86_cc {
    CC_O = 0, CC_NO, CC_B, CC_AE, CC_E, CC_NE, CC_BE, CC_A,
    CC_S, CC_NS, CC_P, CC_NP, CC_L, CC_GE, CC_LE, CC_G
};

/* the /digit of the group-1 ALU instructions (81 /n, 83 /n) and their r, r/m opcodes */
enum x86_alu { ALU_ADD = 0, ALU_OR = 1, ALU_ADC = 2, ALU_SBB = 3, ALU_AND = 4, ALU_SUB = 5,
               ALU_XOR = 6, ALU_CMP = 7 };
/* the /digit of the group-2 shifts (C1 /n, D3 /n) */
enum x86_shift { SH_SHL = 4, SH_SHR = 5, SH_SAR = 7 };

struct x86 {
    u8 *p, *end;
    bool full;
};

static inline void x86_byte(struct x86 *e, unsigned b)
{
    if (e->p < e->end) *e->p++ = (u8)b;
    else e->full = true;
}
static inline void x86_u32(struct x86 *e, u32 v)
{
    for (int k = 0; k < 4; k++) x86_byte(e, (v >> (8 * k)) & 0xff);
}
static inline void x86_u64(struct x86 *e, u64 v)
{
    x86_u32(e, (u32)v);
    x86_u32(e, (u32)(v >> 32));
}

/* REX prefix; emitted only when a bit is set or `force` (byte registers sil/dil). */
static inline void x86_rex(struct x86 *e, bool w, unsigned r, unsigned x, unsigned b, bool force)
{
    unsigned v = 0x40 | (w ? 8 : 0) | ((r >> 3) & 1) << 2 | ((x >> 3) & 1) << 1 | ((b >> 3) & 1);
    if (v != 0x40 || force) x86_byte(e, v);
}

/* ModRM (+ SIB + displacement) for [base + disp]. */
static inline void x86_modrm_mem(struct x86 *e, unsigned reg, unsigned base, i32 disp)
{
    unsigned mod = disp == 0 && (base & 7) != RBP ? 0 : (disp >= -128 && disp <= 127) ? 1 : 2;
    x86_byte(e, mod << 6 | (reg & 7) << 3 | (base & 7));
    if ((base & 7) == RSP) x86_byte(e, 0x24);             /* SIB: no index, base */
    if (mod == 1) x86_byte(e, (u8)disp);
    else if (mod == 2) x86_u32(e, (u32)disp);
}
/* ModRM + SIB + displacement for [base + index + disp] (scale 1; index is not RSP). */
static inline void x86_modrm_idx(struct x86 *e, unsigned reg, unsigned base, unsigned index, i32 disp)
{
    unsigned mod = disp == 0 && (base & 7) != RBP ? 0 : (disp >= -128 && disp <= 127) ? 1 : 2;
    x86_byte(e, mod << 6 | (reg & 7) << 3 | 4);
    x86_byte(e, (index & 7) << 3 | (base & 7));
    if (mod == 1) x86_byte(e, (u8)disp);
    else if (mod == 2) x86_u32(e, (u32)disp);
}
static inline void x86_modrm_reg(struct x86 *e, unsigned reg, unsigned rm)
{
    x86_byte(e, 0xc0 | (reg & 7) << 3 | (rm & 7));
}

/* A memory operand's base register may carry an index register: X86_IDX(base, index)
 * addresses [base + index + disp] (scale 1; index is not RSP) wherever a base is taken
 * (x86_op_mem and what uses it, x86_store8). */
#define X86_IDX(base, index) ((base) | ((index) + 1) << 4)
#define X86_IDX_OF(m) (((m) >> 4) & 31)
/* ... and a GS segment override: X86_GS | base addresses gs:[base + disp] (the prefix
 * comes first, before an SSE instruction's mandatory prefix) */
#define X86_GS 0x1000u
static inline unsigned x86_seg(struct x86 *e, unsigned m)
{
    if (m & X86_GS) x86_byte(e, 0x65);
    return m & ~X86_GS;
}
static inline void x86_rex_m(struct x86 *e, bool w, unsigned r, unsigned m, bool force)
{
    m = x86_seg(e, m);
    x86_rex(e, w, r, X86_IDX_OF(m) ? X86_IDX_OF(m) - 1 : 0, m & 15, force);
}
static inline void x86_modrm_m(struct x86 *e, unsigned reg, unsigned m, i32 disp)
{
    m &= ~X86_GS;
    if (X86_IDX_OF(m)) x86_modrm_idx(e, reg, m & 15, X86_IDX_OF(m) - 1, disp);
    else x86_modrm_mem(e, reg, m, disp);
}

/* op reg, [base + disp] (or the reverse direction, by opcode) with optional 0F escape */
static inline void x86_op_mem(struct x86 *e, bool w, unsigned op, unsigned reg, unsigned base,
                              i32 disp)
{
    x86_rex_m(e, w, reg, base, false);
    if (op > 0xff) x86_byte(e, op >> 8);
    x86_byte(e, op & 0xff);
    x86_modrm_m(e, reg, base, disp);
}
static inline void x86_op_reg(struct x86 *e, bool w, unsigned op, unsigned reg, unsigned rm)
{
    x86_rex(e, w, reg, 0, rm, false);
    if (op > 0xff) x86_byte(e, op >> 8);
    x86_byte(e, op & 0xff);
    x86_modrm_reg(e, reg, rm);
}

/* loads: mov r64,[m]; mov r32,[m] (zero-extends); movsxd r64,[m32]; movsx/movzx bytes, words */
static inline void x86_load64(struct x86 *e, unsigned r, unsigned base, i32 d) { x86_op_mem(e, true, 0x8b, r, base, d); }
static inline void x86_load32(struct x86 *e, unsigned r, unsigned base, i32 d) { x86_op_mem(e, false, 0x8b, r, base, d); }
static inline void x86_load_s32(struct x86 *e, unsigned r, unsigned base, i32 d) { x86_op_mem(e, true, 0x63, r, base, d); }
static inline void x86_load_s16(struct x86 *e, unsigned r, unsigned base, i32 d) { x86_op_mem(e, true, 0x0fbf, r, base, d); }
static inline void x86_load_s8(struct x86 *e, unsigned r, unsigned base, i32 d) { x86_op_mem(e, true, 0x0fbe, r, base, d); }
static inline void x86_load_u16(struct x86 *e, unsigned r, unsigned base, i32 d) { x86_op_mem(e, false, 0x0fb7, r, base, d); }
static inline void x86_load_u8(struct x86 *e, unsigned r, unsigned base, i32 d) { x86_op_mem(e, false, 0x0fb6, r, base, d); }
/* stores of the low 8, 4, 2 or 1 bytes of r */
static inline void x86_store64(struct x86 *e, unsigned r, unsigned base, i32 d) { x86_op_mem(e, true, 0x89, r, base, d); }
static inline void x86_store32(struct x86 *e, unsigned r, unsigned base, i32 d) { x86_op_mem(e, false, 0x89, r, base, d); }
static inline void x86_store16(struct x86 *e, unsigned r, unsigned base, i32 d)
{
    base = x86_seg(e, base);
    x86_byte(e, 0x66);
    x86_op_mem(e, false, 0x89, r, base, d);
}
static inline void x86_store8(struct x86 *e, unsigned r, unsigned base, i32 d)
{
    x86_rex_m(e, false, r, base, r >= RSP && r <= RDI);    /* spl..dil need a REX */
    x86_byte(e, 0x88);
    x86_modrm_m(e, r, base, d);
}

/* register moves and constants */
static inline void x86_mov(struct x86 *e, bool w, unsigned dst, unsigned src) { x86_op_reg(e, w, 0x8b, dst, src); }
static inline void x86_mov_imm(struct x86 *e, unsigned r, u64 v)
{
    if (v <= 0xffffffffu) {                        /* mov r32, imm32 zero-extends */
        x86_rex(e, false, 0, 0, r, false);
        x86_byte(e, 0xb8 + (r & 7));
        x86_u32(e, (u32)v);
    } else if ((i64)v >= INT32_MIN && (i64)v <= INT32_MAX) {  /* mov r/m64, simm32 */
        x86_rex(e, true, 0, 0, r, false);
        x86_byte(e, 0xc7);
        x86_modrm_reg(e, 0, r);
        x86_u32(e, (u32)v);
    } else {                                       /* movabs */
        x86_rex(e, true, 0, 0, r, false);
        x86_byte(e, 0xb8 + (r & 7));
        x86_u64(e, v);
    }
}
/* mov qword [base + d], simm32 */
static inline void x86_store_imm64(struct x86 *e, unsigned base, i32 d, i32 v)
{
    x86_op_mem(e, true, 0xc7, 0, base, d);
    x86_u32(e, (u32)v);
}

/* ALU: op reg, [m]; op reg, reg; op reg/[m], imm */
static inline void x86_alu_mem(struct x86 *e, bool w, enum x86_alu op, unsigned r, unsigned base, i32 d)
{
    x86_op_mem(e, w, (unsigned)op * 8 + 3, r, base, d);
}
/* op [base + d], simm (the memory operand's own width w) */
static inline void x86_alu_mem_imm(struct x86 *e, bool w, enum x86_alu op, unsigned base, i32 d,
                                   i32 v)
{
    bool small = v >= -128 && v <= 127;
    x86_op_mem(e, w, small ? 0x83 : 0x81, (unsigned)op, base, d);
    if (small) x86_byte(e, (u8)v);
    else x86_u32(e, (u32)v);
}
/* op r, [base + index + d] */
static inline void x86_alu_mem_idx(struct x86 *e, bool w, enum x86_alu op, unsigned r, unsigned base,
                                   unsigned index, i32 d)
{
    x86_rex(e, w, r, index, base, false);
    x86_byte(e, (unsigned)op * 8 + 3);
    x86_modrm_idx(e, r, base, index, d);
}
static inline void x86_alu_reg(struct x86 *e, bool w, enum x86_alu op, unsigned dst, unsigned src)
{
    x86_op_reg(e, w, (unsigned)op * 8 + 3, dst, src);
}
static inline void x86_alu_imm(struct x86 *e, bool w, enum x86_alu op, unsigned r, i32 v)
{
    x86_rex(e, w, 0, 0, r, false);
    if (v >= -128 && v <= 127) {
        x86_byte(e, 0x83);
        x86_modrm_reg(e, op, r);
        x86_byte(e, (u8)v);
    } else {
        x86_byte(e, 0x81);
        x86_modrm_reg(e, op, r);
        x86_u32(e, (u32)v);
    }
}

static inline void x86_shift_imm(struct x86 *e, bool w, enum x86_shift op, unsigned r, unsigned n)
{
    x86_rex(e, w, 0, 0, r, false);
    x86_byte(e, 0xc1);
    x86_modrm_reg(e, op, r);
    x86_byte(e, n);
}
/* shift [base + disp] by an immediate */
static inline void x86_shift_mem_imm(struct x86 *e, bool w, enum x86_shift op, unsigned base,
                                     i32 disp, unsigned n)
{
    x86_op_mem(e, w, 0xc1, op, base, disp);
    x86_byte(e, n);
}
static inline void x86_shift_cl(struct x86 *e, bool w, enum x86_shift op, unsigned r)
{
    x86_rex(e, w, 0, 0, r, false);
    x86_byte(e, 0xd3);
    x86_modrm_reg(e, op, r);
}
static inline void x86_movsxd(struct x86 *e, unsigned dst, unsigned src) { x86_op_reg(e, true, 0x63, dst, src); }
static inline void x86_lea(struct x86 *e, unsigned r, unsigned base, i32 d) { x86_op_mem(e, true, 0x8d, r, base, d); }
/* setcc r8 then movzx r32, r8: r = condition ? 1 : 0 */
static inline void x86_setcc(struct x86 *e, enum x86_cc cc, unsigned r)
{
    x86_rex(e, false, 0, 0, r, r >= RSP && r <= RDI);
    x86_byte(e, 0x0f);
    x86_byte(e, 0x90 + cc);
    x86_modrm_reg(e, 0, r);
    x86_rex(e, false, r, 0, r, r >= RSP && r <= RDI);
    x86_byte(e, 0x0f);
    x86_byte(e, 0xb6);
    x86_modrm_reg(e, r, r);
}
static inline void x86_push(struct x86 *e, unsigned r)
{
    x86_rex(e, false, 0, 0, r, false);
    x86_byte(e, 0x50 + (r & 7));
}
static inline void x86_pop(struct x86 *e, unsigned r)
{
    x86_rex(e, false, 0, 0, r, false);
    x86_byte(e, 0x58 + (r & 7));
}
static inline void x86_ret(struct x86 *e) { x86_byte(e, 0xc3); }
/* call / jmp through a register */
static inline void x86_call_reg(struct x86 *e, unsigned r)
{
    x86_rex(e, false, 0, 0, r, false);
    x86_byte(e, 0xff);
    x86_modrm_reg(e, 2, r);
}
static inline void x86_jmp_reg(struct x86 *e, unsigned r)
{
    x86_rex(e, false, 0, 0, r, false);
    x86_byte(e, 0xff);
    x86_modrm_reg(e, 4, r);
}
/* jmp qword [base + d] */
static inline void x86_jmp_mem(struct x86 *e, unsigned base, i32 d) { x86_op_mem(e, false, 0xff, 4, base, d); }

/* cmovcc r, r (0F 40+cc) */
static inline void x86_cmov(struct x86 *e, bool w, enum x86_cc cc, unsigned dst, unsigned src)
{
    x86_op_reg(e, w, 0x0f40 + cc, dst, src);
}
/* cmp dword [base + d], simm8; test byte [base + d], imm8; or byte [base + d], imm8 */
static inline void x86_cmp_mem32_imm8(struct x86 *e, unsigned base, i32 d, i8 v)
{
    x86_op_mem(e, false, 0x83, ALU_CMP, base, d);
    x86_byte(e, (u8)v);
}
static inline void x86_test_mem8_imm(struct x86 *e, unsigned base, i32 d, u8 v)
{
    x86_op_mem(e, false, 0xf6, 0, base, d);
    x86_byte(e, v);
}
static inline void x86_or_mem8_imm(struct x86 *e, unsigned base, i32 d, u8 v)
{
    x86_op_mem(e, false, 0x80, ALU_OR, base, d);
    x86_byte(e, v);
}
/* mov dword [base + d], imm32 */
static inline void x86_store_imm32(struct x86 *e, unsigned base, i32 d, u32 v)
{
    x86_op_mem(e, false, 0xc7, 0, base, d);
    x86_u32(e, v);
}

/* SSE scalar instructions: a mandatory prefix (0x66, 0xf2, 0xf3 or 0: none), then REX,
 * then 0F op.  xmm registers are numbered 0-15 as the general ones.  `w` is REX.W (the
 * 64-bit general operand of movq and the conversions). */
enum {
    SSE_SD = 0xf2, SSE_SS = 0xf3, SSE_PD = 0x66, SSE_PS = 0,
    /* with SSE_SD / SSE_SS: */
    SSE_SQRT = 0x51, SSE_ADD = 0x58, SSE_MUL = 0x59, SSE_CVT = 0x5a /* to the other width */,
    SSE_SUB = 0x5c, SSE_DIV = 0x5e,
    SSE_CVTSI = 0x2a /* xmm <- r/m int */, SSE_CVTT = 0x2c /* r <- xmm, truncating */,
    SSE_CVTI = 0x2d /* r <- xmm, rounded by MXCSR */,
    /* with SSE_PD (double) / SSE_PS (single): */
    SSE_UCOMI = 0x2e,
};
static inline void x86_sse_mem(struct x86 *e, unsigned pfx, bool w, unsigned op, unsigned reg,
                               unsigned base, i32 d)
{
    base = x86_seg(e, base);
    if (pfx) x86_byte(e, pfx);
    x86_op_mem(e, w, 0x0f00 | op, reg, base, d);
}
static inline void x86_sse_reg(struct x86 *e, unsigned pfx, bool w, unsigned op, unsigned reg,
                               unsigned rm)
{
    if (pfx) x86_byte(e, pfx);
    x86_op_reg(e, w, 0x0f00 | op, reg, rm);
}
/* movq xmm, [m64] (F3 0F 7E) and movd xmm, [m32] (66 0F 6E): the upper bits cleared */
static inline void x86_movq_load(struct x86 *e, unsigned x, unsigned base, i32 d) { x86_sse_mem(e, 0xf3, false, 0x7e, x, base, d); }
static inline void x86_movd_load(struct x86 *e, unsigned x, unsigned base, i32 d) { x86_sse_mem(e, 0x66, false, 0x6e, x, base, d); }
/* movq r64, xmm / movd r32, xmm (66 REX.W 0F 7E, the xmm in the reg field) */
static inline void x86_movq_from_xmm(struct x86 *e, bool w, unsigned r, unsigned x) { x86_sse_reg(e, 0x66, w, 0x7e, x, r); }
/* movq [m64], xmm (66 0F D6) */
static inline void x86_movq_store(struct x86 *e, unsigned x, unsigned base, i32 d) { x86_sse_mem(e, 0x66, false, 0xd6, x, base, d); }
/* movq xmm, r64 (66 REX.W 0F 6E) */
static inline void x86_movq_to_xmm(struct x86 *e, unsigned x, unsigned r) { x86_sse_reg(e, 0x66, true, 0x6e, x, r); }
/* movapd xmm, xmm (66 0F 28): the whole register, so no dependence on the destination's
 * previous value (a scalar op merges into it) */
static inline void x86_movapd(struct x86 *e, unsigned dst, unsigned src) { x86_sse_reg(e, 0x66, false, 0x28, dst, src); }

/* The FMA3 scalar double forms, VEX.LIG.66.0F38.W1 (op 213: x = v * x + [m]); the
 * caller checks the host has FMA and AVX (jit_host_fma). */
enum { FMA_MADD213 = 0xa9, FMA_MSUB213 = 0xab, FMA_NMADD213 = 0xad, FMA_NMSUB213 = 0xaf };
static inline void x86_fma_sd_mem(struct x86 *e, unsigned op, unsigned x, unsigned v,
                                  unsigned base, i32 d)
{
    x86_byte(e, 0xc4);
    x86_byte(e, (~x >> 3 & 1) << 7 | 1 << 6 | (~base >> 3 & 1) << 5 | 0x02);  /* R X B, 0F38 */
    x86_byte(e, 1u << 7 | (~v & 15) << 3 | 0x01);                              /* W vvvv L=0 pp=66 */
    x86_byte(e, op);
    x86_modrm_mem(e, x, base, d);
}

/* ... x = v * x + rm, the third operand an xmm register */
static inline void x86_fma_sd_reg(struct x86 *e, unsigned op, unsigned x, unsigned v, unsigned rm)
{
    x86_byte(e, 0xc4);
    x86_byte(e, (~x >> 3 & 1) << 7 | 1 << 6 | (~rm >> 3 & 1) << 5 | 0x02);    /* R X B, 0F38 */
    x86_byte(e, 1u << 7 | (~v & 15) << 3 | 0x01);                              /* W vvvv L=0 pp=66 */
    x86_byte(e, op);
    x86_modrm_reg(e, x, rm);
}

/* Relative jumps.  Each returns the address of its rel32 field for x86_patch(). */
static inline u8 *x86_jmp(struct x86 *e)
{
    x86_byte(e, 0xe9);
    u8 *at = e->p;
    x86_u32(e, 0);
    return at;
}
static inline u8 *x86_jcc(struct x86 *e, enum x86_cc cc)
{
    x86_byte(e, 0x0f);
    x86_byte(e, 0x80 + cc);
    u8 *at = e->p;
    x86_u32(e, 0);
    return at;
}
/* Point the rel32 field at `at` (in the buffer written through `wr`, executed at `rx`) to
 * the target address `to`, both as the code executes them. */
static inline void x86_patch_rel32(u8 *at_wr, const u8 *at_rx, const u8 *to)
{
    i32 rel = (i32)(to - (at_rx + 4));
    memcpy(at_wr, &rel, 4);
}

#endif
