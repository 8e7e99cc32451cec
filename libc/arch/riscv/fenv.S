/* unsigned __zl_fcsr(unsigned set, unsigned mask): returns the old fcsr and replaces the
 * bits under mask with those of set (mask 0: read only). */
    .text
    .globl  __zl_fcsr
    .type   __zl_fcsr, @function
__zl_fcsr:
    frcsr   t0
    not     t1, a1
    and     t1, t0, t1
    and     a0, a0, a1
    or      t1, t1, a0
    fscsr   t1
    mv      a0, t0
    ret
    .size   __zl_fcsr, . - __zl_fcsr
    .section .note.GNU-stack, "", @progbits
