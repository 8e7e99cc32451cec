/* long __zl_clone(int (*fn)(void *), void *stack, unsigned long flags, void *arg,
 *                 int *ptid, void *tls, int *ctid)     (every XLEN)
 * The raw clone(flags, stack, ptid, tls, ctid) of a new thread.  fn and arg are stored at
 * the top of the child's stack (64 bytes, so a 64-aligned stack stays 16-aligned); the
 * child loads them, calls fn(arg) and ends with SYS_exit (this thread only) of its result.
 * The parent returns the raw result (tid or -errno).  The system-call numbers come from
 * libc/src/thread/sysnr.c (the generated <zl/uapi.h>). */
#include "asm.h"
    .text
    .globl  __zl_clone
    .hidden __zl_clone
    .type   __zl_clone, @function
__zl_clone:
    addi    a1, a1, -64
    REG_S   a0, 0(a1)               /* fn */
    REG_S   a3, W(a1)               /* arg */
    mv      a0, a2                  /* flags */
    mv      a2, a4                  /* ptid */
    mv      a3, a5                  /* tls */
    mv      a4, a6                  /* ctid */
    lla     t0, __zl_nr_clone
    REG_L   a7, 0(t0)
    ecall
    beqz    a0, 1f
    ret                             /* parent: tid or -errno */
1:  mv      fp, zero                /* child: on the new stack, tp set by the kernel */
    mv      ra, zero
    REG_L   t1, 0(sp)
    REG_L   a0, W(sp)
    jalr    t1
    lla     t0, __zl_nr_exit
    REG_L   a7, 0(t0)
2:  ecall                           /* exit(fn's result) */
    j       2b
    .size   __zl_clone, . - __zl_clone
    .section .note.GNU-stack, "", @progbits
