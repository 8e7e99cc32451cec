/* zlibc process entry, every XLEN (docs/libc.md, docs/abi.md section 9).
 *
 * sp -> argc, argv[], 0, envp[], 0, auxv pairs.  gp is loaded first (with relaxation off,
 * so the pair is not itself relaxed into a gp-relative access).  In a static PIE (zl-ld -pie,
 * docs/ld.md 3.3) the R_RISCV_RELATIVE entries of .rela.dyn are applied before any C code
 * runs: base = run-time address of __ehdr_start; *(base + r_offset) = base + r_addend.  In a
 * position-dependent executable _DYNAMIC is an undefined weak symbol (0) and nothing is done.
 * Then __libc_start_main(sp) never returns. */
#include "asm.h"
#define DT_RELA 7
#define DT_RELASZ 8
#define R_RISCV_RELATIVE 3
    .weak   _DYNAMIC
    .hidden _DYNAMIC
    .weak   __ehdr_start
    .hidden __ehdr_start
    .section .text._start, "ax", @progbits
    .globl  _start
    .type   _start, @function
_start:
    .option push
    .option norelax
    lla     gp, __global_pointer$
    .option pop
    mv      s0, sp                  /* the initial stack */
    lla     t0, _DYNAMIC
    beqz    t0, 6f
    lla     s1, __ehdr_start        /* load base (linked at 0) */
    li      s2, 0                   /* rela start */
    li      s3, 0                   /* rela size */
1:  REG_L   t1, 0(t0)
    beqz    t1, 3f
    REG_L   t2, W(t0)
    li      t3, DT_RELA
    bne     t1, t3, 2f
    add     s2, s1, t2
2:  li      t3, DT_RELASZ
    bne     t1, t3, 4f
    mv      s3, t2
4:  addi    t0, t0, 2 * W
    j       1b
3:  add     s3, s2, s3              /* rela end */
5:  bgeu    s2, s3, 6f
    REG_L   t1, W(s2)               /* r_info: symbol 0, type RELATIVE */
    li      t3, R_RISCV_RELATIVE
    bne     t1, t3, 7f
    REG_L   t1, 0(s2)               /* r_offset */
    REG_L   t2, 2 * W(s2)           /* r_addend */
    add     t1, t1, s1
    add     t2, t2, s1
    REG_S   t2, 0(t1)
7:  addi    s2, s2, 3 * W
    j       5b
6:  mv      ra, zero
    mv      a0, s0
    andi    sp, sp, -16
    mv      s0, zero
    call    __libc_start_main
    ebreak                          /* not reached */
    .size   _start, . - _start
    .section .note.GNU-stack, "", @progbits
