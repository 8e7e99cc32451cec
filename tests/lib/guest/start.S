/* ZettaLinux guest runtime: process entry for freestanding RISC-V Linux programs.
 *
 * Linux starts a static executable at _start with
 *     sp -> argc, argv[0..argc-1], NULL, envp[...], NULL, auxv...
 * and every other register unspecified (a0 may hold an atexit pointer,
 * which a freestanding program ignores).  We set up gp, call
 *     int main(int argc, char **argv, char **envp)
 * and pass its return value to exit_group(2).
 *
 * Works for rv64 (lp64/lp64d) and rv32 (ilp32/ilp32d), and for rv128 built by zl-cc -m128
 * (bench/README.md, "RV128").
 */
#if __riscv_xlen == 64
#define REG_L  ld
#define REG_S  sd
#define SZREG  8
#define LGREG  3
#elif __riscv_xlen == 128
#define REG_L  lq
#define REG_S  sq
#define SZREG  16
#define LGREG  4
#elif __riscv_xlen == 32
#define REG_L  lw
#define REG_S  sw
#define SZREG  4
#define LGREG  2
#else
#error "unsupported __riscv_xlen"
#endif

#define SYS_exit_group 94

    .section .text._start, "ax", @progbits
    .globl  _start
    .type   _start, @function
_start:
    /* gp must be set before any gp-relative (relaxed) access, and this
       very sequence must not itself be relaxed into one. */
    .option push
    .option norelax
    la      gp, __global_pointer$
    .option pop

    mv      ra, zero                /* terminate frame chains */
    mv      s0, zero

    REG_L   a0, 0(sp)               /* argc */
    addi    a1, sp, SZREG           /* argv */
    addi    t0, a0, 1
    slli    t0, t0, LGREG
    add     a2, a1, t0              /* envp = argv + argc + 1 */
    andi    sp, sp, -16             /* psABI: 16-byte aligned stack */

    call    main

    li      a7, SYS_exit_group      /* a0 = main's return value */
    ecall
1:  j       1b                      /* not reached */
    .size   _start, . - _start

    .section .note.GNU-stack, "", @progbits
