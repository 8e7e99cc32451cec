/* F and D handlers, included into exec_tmpl.h's run function.
 *
 * Arithmetic is src/fp (bit-exact RISC-V semantics, no host FP state).  Singles live
 * NaN-boxed in the 64-bit registers: a read of a single that is not properly boxed sees
 * the canonical NaN, and every single written is boxed with ones. */
#define F(off) FREG(off)
#define FS(r) ((F(r) >> 32) == 0xffffffffu ? (u32)F(r) : F32_NAN)
#define BOX(v) (0xffffffff00000000ull | (u64)(u32)(v))
/* The effective rounding mode; dynamic with an invalid frm is an illegal instruction. */
#define RM_OR_ILLEGAL(var)                                                   \
    int var = i->rm == 7 ? (int)h->frm : i->rm;                              \
    if (ZL_UNLIKELY(var > 4)) goto illegal
#define FPOP(stmt)                                                           \
    do {                                                                     \
        u8 fl_ = 0;                                                          \
        u8 *flags = &fl_;                                                    \
        stmt;                                                                \
        h->fflags |= fl_;                                                    \
        NEXT;                                                                \
    } while (0)

L_FLW: LOAD_FAST(u32, F(i->rd), BOX, S_FLW); NEXT;
L_FSW: STORE_FAST(u32, F(i->rs2), S_FSW); NEXT;
/* The slow paths of the FP loads and stores.  FLD and FSD themselves are simple
 * operations in exec_tmpl.h, where they can be fused. */
S_FLW: LOAD_SLOW(u32, F(i->rd), BOX); NEXT;
S_FLD: LOAD_SLOW(u64, F(i->rd), (u64)); NEXT;
S_FSW: STORE_SLOW(u32, F(i->rs2)); NEXT;
S_FSD: STORE_SLOW(u64, F(i->rs2)); NEXT;

#define FMA_PAIR(S, D, kind)                                                                 \
L_##S: { RM_OR_ILLEGAL(rm); FPOP(F(i->rd) = BOX(f32_fma(FS(i->rs1), FS(i->rs2), FS(i->rs3), kind, rm, flags))); } \
L_##D: { RM_OR_ILLEGAL(rm); FPOP(F(i->rd) = f64_fma(F(i->rs1), F(i->rs2), F(i->rs3), kind, rm, flags)); }
    FMA_PAIR(FMADD_S, FMADD_D, FP_FMADD)
    FMA_PAIR(FMSUB_S, FMSUB_D, FP_FMSUB)
    FMA_PAIR(FNMSUB_S, FNMSUB_D, FP_FNMSUB)
    FMA_PAIR(FNMADD_S, FNMADD_D, FP_FNMADD)
#undef FMA_PAIR

#define BIN_PAIR(S, D, fn)                                                                   \
L_##S: { RM_OR_ILLEGAL(rm); FPOP(F(i->rd) = BOX(f32_##fn(FS(i->rs1), FS(i->rs2), rm, flags))); } \
L_##D: { RM_OR_ILLEGAL(rm); FPOP(F(i->rd) = f64_##fn(F(i->rs1), F(i->rs2), rm, flags)); }
    BIN_PAIR(FADD_S, FADD_D, add)
    BIN_PAIR(FSUB_S, FSUB_D, sub)
    BIN_PAIR(FMUL_S, FMUL_D, mul)
    BIN_PAIR(FDIV_S, FDIV_D, div)
#undef BIN_PAIR
L_FSQRT_S: { RM_OR_ILLEGAL(rm); FPOP(F(i->rd) = BOX(f32_sqrt(FS(i->rs1), rm, flags))); }
L_FSQRT_D: { RM_OR_ILLEGAL(rm); FPOP(F(i->rd) = f64_sqrt(F(i->rs1), rm, flags)); }

L_FSGNJ_S:  F(i->rd) = BOX((FS(i->rs1) & ~F32_SIGN) | (FS(i->rs2) & F32_SIGN)); NEXT;
L_FSGNJN_S: F(i->rd) = BOX((FS(i->rs1) & ~F32_SIGN) | (~FS(i->rs2) & F32_SIGN)); NEXT;
L_FSGNJX_S: F(i->rd) = BOX(FS(i->rs1) ^ (FS(i->rs2) & F32_SIGN)); NEXT;
L_FSGNJ_D:  F(i->rd) = (F(i->rs1) & ~F64_SIGN) | (F(i->rs2) & F64_SIGN); NEXT;
L_FSGNJN_D: F(i->rd) = (F(i->rs1) & ~F64_SIGN) | (~F(i->rs2) & F64_SIGN); NEXT;
L_FSGNJX_D: F(i->rd) = F(i->rs1) ^ (F(i->rs2) & F64_SIGN); NEXT;

L_FMIN_S: FPOP(F(i->rd) = BOX(f32_min(FS(i->rs1), FS(i->rs2), flags)));
L_FMAX_S: FPOP(F(i->rd) = BOX(f32_max(FS(i->rs1), FS(i->rs2), flags)));
L_FMIN_D: FPOP(F(i->rd) = f64_min(F(i->rs1), F(i->rs2), flags));
L_FMAX_D: FPOP(F(i->rd) = f64_max(F(i->rs1), F(i->rs2), flags));
L_FEQ_S: FPOP(X(i->rd) = (uxlen)f32_eq(FS(i->rs1), FS(i->rs2), flags));
L_FLT_S: FPOP(X(i->rd) = (uxlen)f32_lt(FS(i->rs1), FS(i->rs2), flags));
L_FLE_S: FPOP(X(i->rd) = (uxlen)f32_le(FS(i->rs1), FS(i->rs2), flags));
L_FEQ_D: FPOP(X(i->rd) = (uxlen)f64_eq(F(i->rs1), F(i->rs2), flags));
L_FLT_D: FPOP(X(i->rd) = (uxlen)f64_lt(F(i->rs1), F(i->rs2), flags));
L_FLE_D: FPOP(X(i->rd) = (uxlen)f64_le(F(i->rs1), F(i->rs2), flags));
L_FCLASS_S: X(i->rd) = f32_class(FS(i->rs1)); NEXT;
L_FCLASS_D: X(i->rd) = f64_class(F(i->rs1)); NEXT;

/* float -> integer: W results sign-extend from 31, L from 63 (docs/isa.md), T is XLEN */
#define TOINT_PAIR(S, D, fn, conv)                                                           \
L_##S: { RM_OR_ILLEGAL(rm); FPOP(X(i->rd) = conv(f32_##fn(FS(i->rs1), rm, flags))); }       \
L_##D: { RM_OR_ILLEGAL(rm); FPOP(X(i->rd) = conv(f64_##fn(F(i->rs1), rm, flags))); }
    TOINT_PAIR(FCVT_W_S, FCVT_W_D, to_i32, SEXT32)
    TOINT_PAIR(FCVT_WU_S, FCVT_WU_D, to_u32, SEXT32)
    TOINT_PAIR(FCVT_L_S, FCVT_L_D, to_i64, SEXT64)
    TOINT_PAIR(FCVT_LU_S, FCVT_LU_D, to_u64, SEXT64)
    TOINT_PAIR(FCVT_T_S, FCVT_T_D, to_i128, ZEXT)
    TOINT_PAIR(FCVT_TU_S, FCVT_TU_D, to_u128, ZEXT)
#undef TOINT_PAIR

/* integer -> float */
#define FROMINT_PAIR(S, D, fn, type)                                                         \
L_##S: { RM_OR_ILLEGAL(rm); FPOP(F(i->rd) = BOX(f32_##fn((type)X(i->rs1), rm, flags))); }  \
L_##D: { RM_OR_ILLEGAL(rm); FPOP(F(i->rd) = f64_##fn((type)X(i->rs1), rm, flags)); }
    FROMINT_PAIR(FCVT_S_W, FCVT_D_W, from_i32, i32)
    FROMINT_PAIR(FCVT_S_WU, FCVT_D_WU, from_u32, u32)
    FROMINT_PAIR(FCVT_S_L, FCVT_D_L, from_i64, i64)
    FROMINT_PAIR(FCVT_S_LU, FCVT_D_LU, from_u64, u64)
    FROMINT_PAIR(FCVT_S_T, FCVT_D_T, from_i128, i128)
    FROMINT_PAIR(FCVT_S_TU, FCVT_D_TU, from_u128, u128)
#undef FROMINT_PAIR

L_FCVT_S_D: { RM_OR_ILLEGAL(rm); FPOP(F(i->rd) = BOX(f64_to_f32(F(i->rs1), rm, flags))); }
L_FCVT_D_S: { RM_OR_ILLEGAL(rm); (void)rm; FPOP(F(i->rd) = f32_to_f64(FS(i->rs1), flags)); }
L_FMV_X_W: X(i->rd) = SEXT32((u32)F(i->rs1)); NEXT;
L_FMV_W_X: F(i->rd) = BOX((u32)X(i->rs1)); NEXT;
L_FMV_X_D: X(i->rd) = SEXT64(F(i->rs1)); NEXT;
L_FMV_D_X: F(i->rd) = (u64)X(i->rs1); NEXT;

#undef F
#undef FS
#undef BOX
#undef RM_OR_ILLEGAL
#undef FPOP
