/* The F and D operations, defined once for every engine: each is a function of the
 * operand registers' raw 64-bit contents (a, b, c = rs1, rs2, rs3), the effective
 * rounding mode and the fflags accumulator, built on src/fp (bit-exact RISC-V semantics,
 * no host FP state).  The interpreter (interp_fp.h) makes a handler of each line; the
 * translator (jit_tmpl.h) calls the function.
 *
 * Singles live NaN-boxed in the 64-bit registers: a read of a single that is not properly
 * boxed sees the canonical NaN, and every single written is boxed with ones.  Integer
 * results are what the register receives at RV64 (W results sign-extended from bit 31);
 * RV32 keeps their low half.  The 128-bit conversions (RV128) are the interpreter's. */
#ifndef ZL_EXEC_FP_OPS_H
#define ZL_EXEC_FP_OPS_H

#include <zl/types.h>

#include "fp/fp.h"

static inline u32 fpreg_unbox(u64 v) { return (v >> 32) == 0xffffffffu ? (u32)v : F32_NAN; }
static inline u64 fpreg_box(u32 v) { return 0xffffffff00000000ull | v; }

/* OP(op, dest, src1, rm, expr): dest and src1 are FPR (an FP register) or GPR (an
 * integer register); rm is RM when the instruction has a rounding mode (a dynamic mode that is
 * not valid makes it illegal) and NORM when not. */
#define FP_OPS(OP) \
    OP(FMADD_S, FPR, FPR, RM, fpreg_box(f32_fma(fpreg_unbox(a), fpreg_unbox(b), fpreg_unbox(c), FP_FMADD, rm, fl))) \
    OP(FMSUB_S, FPR, FPR, RM, fpreg_box(f32_fma(fpreg_unbox(a), fpreg_unbox(b), fpreg_unbox(c), FP_FMSUB, rm, fl))) \
    OP(FNMSUB_S, FPR, FPR, RM, fpreg_box(f32_fma(fpreg_unbox(a), fpreg_unbox(b), fpreg_unbox(c), FP_FNMSUB, rm, fl))) \
    OP(FNMADD_S, FPR, FPR, RM, fpreg_box(f32_fma(fpreg_unbox(a), fpreg_unbox(b), fpreg_unbox(c), FP_FNMADD, rm, fl))) \
    OP(FMADD_D, FPR, FPR, RM, f64_fma(a, b, c, FP_FMADD, rm, fl)) \
    OP(FMSUB_D, FPR, FPR, RM, f64_fma(a, b, c, FP_FMSUB, rm, fl)) \
    OP(FNMSUB_D, FPR, FPR, RM, f64_fma(a, b, c, FP_FNMSUB, rm, fl)) \
    OP(FNMADD_D, FPR, FPR, RM, f64_fma(a, b, c, FP_FNMADD, rm, fl)) \
    OP(FADD_S, FPR, FPR, RM, fpreg_box(f32_add(fpreg_unbox(a), fpreg_unbox(b), rm, fl))) \
    OP(FSUB_S, FPR, FPR, RM, fpreg_box(f32_sub(fpreg_unbox(a), fpreg_unbox(b), rm, fl))) \
    OP(FMUL_S, FPR, FPR, RM, fpreg_box(f32_mul(fpreg_unbox(a), fpreg_unbox(b), rm, fl))) \
    OP(FDIV_S, FPR, FPR, RM, fpreg_box(f32_div(fpreg_unbox(a), fpreg_unbox(b), rm, fl))) \
    OP(FADD_D, FPR, FPR, RM, f64_add(a, b, rm, fl)) \
    OP(FSUB_D, FPR, FPR, RM, f64_sub(a, b, rm, fl)) \
    OP(FMUL_D, FPR, FPR, RM, f64_mul(a, b, rm, fl)) \
    OP(FDIV_D, FPR, FPR, RM, f64_div(a, b, rm, fl)) \
    OP(FSQRT_S, FPR, FPR, RM, fpreg_box(f32_sqrt(fpreg_unbox(a), rm, fl))) \
    OP(FSQRT_D, FPR, FPR, RM, f64_sqrt(a, rm, fl)) \
    OP(FSGNJ_S, FPR, FPR, NORM, fpreg_box((fpreg_unbox(a) & ~F32_SIGN) | (fpreg_unbox(b) & F32_SIGN))) \
    OP(FSGNJN_S, FPR, FPR, NORM, fpreg_box((fpreg_unbox(a) & ~F32_SIGN) | (~fpreg_unbox(b) & F32_SIGN))) \
    OP(FSGNJX_S, FPR, FPR, NORM, fpreg_box(fpreg_unbox(a) ^ (fpreg_unbox(b) & F32_SIGN))) \
    OP(FSGNJ_D, FPR, FPR, NORM, (a & ~F64_SIGN) | (b & F64_SIGN)) \
    OP(FSGNJN_D, FPR, FPR, NORM, (a & ~F64_SIGN) | (~b & F64_SIGN)) \
    OP(FSGNJX_D, FPR, FPR, NORM, a ^ (b & F64_SIGN)) \
    OP(FMIN_S, FPR, FPR, NORM, fpreg_box(f32_min(fpreg_unbox(a), fpreg_unbox(b), fl))) \
    OP(FMAX_S, FPR, FPR, NORM, fpreg_box(f32_max(fpreg_unbox(a), fpreg_unbox(b), fl))) \
    OP(FMIN_D, FPR, FPR, NORM, f64_min(a, b, fl)) \
    OP(FMAX_D, FPR, FPR, NORM, f64_max(a, b, fl)) \
    OP(FEQ_S, GPR, FPR, NORM, (u64)f32_eq(fpreg_unbox(a), fpreg_unbox(b), fl)) \
    OP(FLT_S, GPR, FPR, NORM, (u64)f32_lt(fpreg_unbox(a), fpreg_unbox(b), fl)) \
    OP(FLE_S, GPR, FPR, NORM, (u64)f32_le(fpreg_unbox(a), fpreg_unbox(b), fl)) \
    OP(FEQ_D, GPR, FPR, NORM, (u64)f64_eq(a, b, fl)) \
    OP(FLT_D, GPR, FPR, NORM, (u64)f64_lt(a, b, fl)) \
    OP(FLE_D, GPR, FPR, NORM, (u64)f64_le(a, b, fl)) \
    OP(FCLASS_S, GPR, FPR, NORM, (u64)f32_class(fpreg_unbox(a))) \
    OP(FCLASS_D, GPR, FPR, NORM, (u64)f64_class(a)) \
    OP(FCVT_W_S, GPR, FPR, RM, (u64)(i64)f32_to_i32(fpreg_unbox(a), rm, fl)) \
    OP(FCVT_WU_S, GPR, FPR, RM, (u64)(i64)(i32)f32_to_u32(fpreg_unbox(a), rm, fl)) \
    OP(FCVT_L_S, GPR, FPR, RM, (u64)f32_to_i64(fpreg_unbox(a), rm, fl)) \
    OP(FCVT_LU_S, GPR, FPR, RM, f32_to_u64(fpreg_unbox(a), rm, fl)) \
    OP(FCVT_W_D, GPR, FPR, RM, (u64)(i64)f64_to_i32(a, rm, fl)) \
    OP(FCVT_WU_D, GPR, FPR, RM, (u64)(i64)(i32)f64_to_u32(a, rm, fl)) \
    OP(FCVT_L_D, GPR, FPR, RM, (u64)f64_to_i64(a, rm, fl)) \
    OP(FCVT_LU_D, GPR, FPR, RM, f64_to_u64(a, rm, fl)) \
    OP(FCVT_S_W, FPR, GPR, RM, fpreg_box(f32_from_i32((i32)a, rm, fl))) \
    OP(FCVT_S_WU, FPR, GPR, RM, fpreg_box(f32_from_u32((u32)a, rm, fl))) \
    OP(FCVT_S_L, FPR, GPR, RM, fpreg_box(f32_from_i64((i64)a, rm, fl))) \
    OP(FCVT_S_LU, FPR, GPR, RM, fpreg_box(f32_from_u64(a, rm, fl))) \
    OP(FCVT_D_W, FPR, GPR, RM, f64_from_i32((i32)a, rm, fl)) \
    OP(FCVT_D_WU, FPR, GPR, RM, f64_from_u32((u32)a, rm, fl)) \
    OP(FCVT_D_L, FPR, GPR, RM, f64_from_i64((i64)a, rm, fl)) \
    OP(FCVT_D_LU, FPR, GPR, RM, f64_from_u64(a, rm, fl)) \
    OP(FCVT_S_D, FPR, FPR, RM, fpreg_box(f64_to_f32(a, rm, fl))) \
    OP(FCVT_D_S, FPR, FPR, RM, f32_to_f64(fpreg_unbox(a), fl)) \
    OP(FMV_X_W, GPR, FPR, NORM, (u64)(i64)(i32)(u32)a) \
    OP(FMV_W_X, FPR, GPR, NORM, fpreg_box((u32)a)) \
    OP(FMV_X_D, GPR, FPR, NORM, a) \
    OP(FMV_D_X, FPR, GPR, NORM, a)

/* fpop_FADD_S(a, b, c, rm, fl) ... */
#define FP_OP_FN(op, dest, src1, userm, expr)                                        \
    static inline u64 fpop_##op(u64 a, u64 b, u64 c, int rm, u8 *fl)                 \
    {                                                                                \
        (void)a; (void)b; (void)c; (void)rm; (void)fl;                               \
        return expr;                                                                 \
    }
FP_OPS(FP_OP_FN)
#undef FP_OP_FN

#endif
