/* F and D handlers, included into interp_tmpl.h's run function: the loads and stores,
 * and a handler for each operation of exec/fp_ops.h, which defines them for every
 * engine. */
#define F(off) FREG(off)
#define FS(r) fpreg_unbox(F(r))
#define BOX(v) fpreg_box((u32)(v))
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
 * operations in interp_tmpl.h, where they can be fused. */
S_FLW: LOAD_SLOW(u32, F(i->rd), BOX); NEXT;
S_FLD: LOAD_SLOW(u64, F(i->rd), (u64)); NEXT;
S_FSW: STORE_SLOW(u32, F(i->rs2)); NEXT;
S_FSD: STORE_SLOW(u64, F(i->rs2)); NEXT;

/* Every other F and D operation: one handler per line of FP_OPS (exec/fp_ops.h).  An
 * operand an operation does not have is read from a register it ignores (the offset is
 * kept inside the FP file); the compiler drops the read. */
#define FP_RM_RM RM_OR_ILLEGAL(rm)
#define FP_RM_NORM const int rm = 0
#define FP_SRC_FPR(off) F(off)
#define FP_SRC_GPR(off) ((u64)X(off))
#define FP_STORE_FPR(off, v) F(off) = (v)
#define FP_STORE_GPR(off, v) X(off) = SEXT64(v)  /* results are RV64's (fp_ops.h) */
#define FP_HANDLER(op, dest, src1, userm, expr)                                         \
L_##op: {                                                                               \
        FP_RM_##userm;                                                                  \
        FPOP(FP_STORE_##dest(i->rd, fpop_##op(FP_SRC_##src1(i->rs1), F(i->rs2 & 0xf8),  \
                                               F(i->rs3 & 0xf8), rm, flags)));          \
    }
    FP_OPS(FP_HANDLER)
#undef FP_HANDLER
#undef FP_RM_RM
#undef FP_RM_NORM
#undef FP_SRC_FPR
#undef FP_SRC_GPR
#undef FP_STORE_FPR
#undef FP_STORE_GPR

/* the 128-bit conversions (RV128) */
#define TOINT_PAIR(S, D, fn, conv)                                                           \
L_##S: { RM_OR_ILLEGAL(rm); FPOP(X(i->rd) = conv(f32_##fn(FS(i->rs1), rm, flags))); }       \
L_##D: { RM_OR_ILLEGAL(rm); FPOP(X(i->rd) = conv(f64_##fn(F(i->rs1), rm, flags))); }
    TOINT_PAIR(FCVT_T_S, FCVT_T_D, to_i128, ZEXT)
    TOINT_PAIR(FCVT_TU_S, FCVT_TU_D, to_u128, ZEXT)
#undef TOINT_PAIR
#define FROMINT_PAIR(S, D, fn, type)                                                         \
L_##S: { RM_OR_ILLEGAL(rm); FPOP(F(i->rd) = BOX(f32_##fn((type)X(i->rs1), rm, flags))); }  \
L_##D: { RM_OR_ILLEGAL(rm); FPOP(F(i->rd) = f64_##fn((type)X(i->rs1), rm, flags)); }
    FROMINT_PAIR(FCVT_S_T, FCVT_D_T, from_i128, i128)
    FROMINT_PAIR(FCVT_S_TU, FCVT_D_TU, from_u128, u128)
#undef FROMINT_PAIR

#undef F
#undef FS
#undef BOX
#undef RM_OR_ILLEGAL
#undef FPOP
