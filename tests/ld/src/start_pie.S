/* Entry point for static-PIE test programs linked by zl-ld -pie (rv32 and rv64).
 *
 * The program is linked at 0 and loaded anywhere, with no dynamic linker: before any
 * relocated data is used, apply the R_RISCV_RELATIVE entries of .rela.dyn, found
 * through _DYNAMIC (DT_RELA, DT_RELASZ), as glibc's static-pie start code does:
 *     *(base + r_offset) = base + r_addend
 * where base = the run-time address of __ehdr_start (its link-time address is 0).
 * Then set gp and call main(argc, argv, envp) as tests/lib/guest/start.S does. */
#if __riscv_xlen == 64
#define REG_L  ld
#define REG_S  sd
#define SZREG  8
#define LGREG  3
#else
#define REG_L  lw
#define REG_S  sw
#define SZREG  4
#define LGREG  2
#endif
#define DT_NULL 0
#define DT_RELA 7
#define DT_RELASZ 8
#define R_RISCV_RELATIVE 3

    .section .text._start, "ax", @progbits
    .globl  _start
    .type   _start, @function
_start:
    .option push
    .option norelax
    lla     s1, __ehdr_start        /* load base */
    lla     t0, _DYNAMIC
    li      s2, 0                   /* rela start */
    li      s3, 0                   /* rela size */
1:  REG_L   t1, 0(t0)
    beqz    t1, 3f
    REG_L   t2, SZREG(t0)
    li      t3, DT_RELA
    bne     t1, t3, 2f
    add     s2, s1, t2
2:  li      t3, DT_RELASZ
    bne     t1, t3, 4f
    mv      s3, t2
4:  addi    t0, t0, 2 * SZREG
    j       1b
3:  add     s3, s2, s3              /* rela end */
5:  bgeu    s2, s3, 6f
    REG_L   t1, SZREG(s2)           /* r_info */
    andi    t1, t1, 0xff
    li      t3, R_RISCV_RELATIVE
    bne     t1, t3, 7f
    REG_L   t1, 0(s2)               /* r_offset */
    REG_L   t2, 2 * SZREG(s2)       /* r_addend */
    add     t1, t1, s1
    add     t2, t2, s1
    REG_S   t2, 0(t1)
7:  addi    s2, s2, 3 * SZREG
    j       5b
6:  lla     gp, __global_pointer$
    .option pop
    mv      ra, zero
    mv      s0, zero
    REG_L   a0, 0(sp)
    addi    a1, sp, SZREG
    addi    t0, a0, 1
    slli    t0, t0, LGREG
    add     a2, a1, t0
    andi    sp, sp, -16
    call    main
    li      a7, 94
    ecall
8:  j       8b
    .size   _start, . - _start

    .section .note.GNU-stack, "", @progbits
