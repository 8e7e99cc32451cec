/* setjmp/longjmp/sigsetjmp, every XLEN.  jmp_buf (libc/include/setjmp.h): W-byte words
 * ra, sp, s0..s11 at 0..13*W, then the 12 doubles fs0..fs11 at 14*W. */
#include "asm.h"
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
    REG_S   ra, 0*W(a0)
    REG_S   sp, 1*W(a0)
    REG_S   s0, 2*W(a0)
    REG_S   s1, 3*W(a0)
    REG_S   s2, 4*W(a0)
    REG_S   s3, 5*W(a0)
    REG_S   s4, 6*W(a0)
    REG_S   s5, 7*W(a0)
    REG_S   s6, 8*W(a0)
    REG_S   s7, 9*W(a0)
    REG_S   s8, 10*W(a0)
    REG_S   s9, 11*W(a0)
    REG_S   s10, 12*W(a0)
    REG_S   s11, 13*W(a0)
    fsd     fs0, 14*W+0(a0)
    fsd     fs1, 14*W+8(a0)
    fsd     fs2, 14*W+16(a0)
    fsd     fs3, 14*W+24(a0)
    fsd     fs4, 14*W+32(a0)
    fsd     fs5, 14*W+40(a0)
    fsd     fs6, 14*W+48(a0)
    fsd     fs7, 14*W+56(a0)
    fsd     fs8, 14*W+64(a0)
    fsd     fs9, 14*W+72(a0)
    fsd     fs10, 14*W+80(a0)
    fsd     fs11, 14*W+88(a0)
    tail    __zl_sigsetjmp_save     /* (env, savemask): records the mask, returns 0 */
    .size   sigsetjmp, . - setjmp
longjmp:
_longjmp:
__zl_longjmp:
    REG_L   ra, 0*W(a0)
    REG_L   sp, 1*W(a0)
    REG_L   s0, 2*W(a0)
    REG_L   s1, 3*W(a0)
    REG_L   s2, 4*W(a0)
    REG_L   s3, 5*W(a0)
    REG_L   s4, 6*W(a0)
    REG_L   s5, 7*W(a0)
    REG_L   s6, 8*W(a0)
    REG_L   s7, 9*W(a0)
    REG_L   s8, 10*W(a0)
    REG_L   s9, 11*W(a0)
    REG_L   s10, 12*W(a0)
    REG_L   s11, 13*W(a0)
    fld     fs0, 14*W+0(a0)
    fld     fs1, 14*W+8(a0)
    fld     fs2, 14*W+16(a0)
    fld     fs3, 14*W+24(a0)
    fld     fs4, 14*W+32(a0)
    fld     fs5, 14*W+40(a0)
    fld     fs6, 14*W+48(a0)
    fld     fs7, 14*W+56(a0)
    fld     fs8, 14*W+64(a0)
    fld     fs9, 14*W+72(a0)
    fld     fs10, 14*W+80(a0)
    fld     fs11, 14*W+88(a0)
    seqz    a0, a1                  /* longjmp(env, 0) returns 1 */
    add     a0, a0, a1
    ret
    .size   longjmp, . - longjmp
    .section .note.GNU-stack, "", @progbits
