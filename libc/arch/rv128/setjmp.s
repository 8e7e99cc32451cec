/* setjmp/longjmp/sigsetjmp, rv128.  jmp_buf (libc/include/setjmp.h): W-byte words
 * ra, sp, s0..s11 at 0..13*W, then the 12 doubles fs0..fs11 at 14*W. */
    .text
    .globl  setjmp, _setjmp, sigsetjmp, __sigsetjmp, longjmp, _longjmp, __zl_longjmp
    .type   setjmp, @function
    .type   sigsetjmp, @function
    .type   longjmp, @function
setjmp:
_setjmp:
    li      a1, 0
sigsetjmp:
__sigsetjmp:
    sq      ra, 0(a0)
    sq      sp, 16(a0)
    sq      s0, 32(a0)
    sq      s1, 48(a0)
    sq      s2, 64(a0)
    sq      s3, 80(a0)
    sq      s4, 96(a0)
    sq      s5, 112(a0)
    sq      s6, 128(a0)
    sq      s7, 144(a0)
    sq      s8, 160(a0)
    sq      s9, 176(a0)
    sq      s10, 192(a0)
    sq      s11, 208(a0)
    fsd     fs0, 224(a0)
    fsd     fs1, 232(a0)
    fsd     fs2, 240(a0)
    fsd     fs3, 248(a0)
    fsd     fs4, 256(a0)
    fsd     fs5, 264(a0)
    fsd     fs6, 272(a0)
    fsd     fs7, 280(a0)
    fsd     fs8, 288(a0)
    fsd     fs9, 296(a0)
    fsd     fs10, 304(a0)
    fsd     fs11, 312(a0)
    tail    __zl_sigsetjmp_save     /* (env, savemask): records the mask, returns 0 */
    .size   sigsetjmp, . - setjmp
longjmp:
_longjmp:
__zl_longjmp:
    lq      ra, 0(a0)
    lq      sp, 16(a0)
    lq      s0, 32(a0)
    lq      s1, 48(a0)
    lq      s2, 64(a0)
    lq      s3, 80(a0)
    lq      s4, 96(a0)
    lq      s5, 112(a0)
    lq      s6, 128(a0)
    lq      s7, 144(a0)
    lq      s8, 160(a0)
    lq      s9, 176(a0)
    lq      s10, 192(a0)
    lq      s11, 208(a0)
    fld     fs0, 224(a0)
    fld     fs1, 232(a0)
    fld     fs2, 240(a0)
    fld     fs3, 248(a0)
    fld     fs4, 256(a0)
    fld     fs5, 264(a0)
    fld     fs6, 272(a0)
    fld     fs7, 280(a0)
    fld     fs8, 288(a0)
    fld     fs9, 296(a0)
    fld     fs10, 304(a0)
    fld     fs11, 312(a0)
    seqz    a0, a1                  /* longjmp(env, 0) returns 1 */
    add     a0, a0, a1
    ret
    .size   longjmp, . - longjmp
    .section .note.GNU-stack, "", @progbits
