# rv128 check of zlibc's assembly (libc/arch/riscv at XLEN 128): linked with crt1.o, syscall.o and
# setjmp.o, this stands in for the C __libc_start_main.  It reads argc from the initial
# stack, writes a message through __zl_syscall using an address stored in data (an
# R_RISCV_RELATIVE relocation in a static PIE, applied by crt1), does setjmp/longjmp, and
# exits with argc + the longjmp value (2) through __zl_syscall(exit_group).
    .text
    .globl  __libc_start_main
__libc_start_main:
    lq      s1, 0(a0)               # argc
    # write(1, msgptr, len)
    lla     t0, msgptr
    lq      a1, 0(t0)               # absolute address: relocated in a PIE
    li      a0, 1
    li      a2, 13
    li      a3, 0
    li      a4, 0
    li      a5, 0
    li      a6, 64                  # __NR_write
    call    __zl_syscall
    li      t1, 13
    bne     a0, t1, fail
    # setjmp / longjmp
    lla     a0, jb
    call    setjmp
    bnez    a0, after
    li      s2, 77                  # callee-saved value must survive
    lla     a0, jb
    li      a1, 2
    call    longjmp
after:
    li      t1, 2
    bne     a0, t1, fail
    add     a0, s1, a0              # argc + 2
    j       out
fail:
    li      a0, 99
out:
    li      a1, 0
    li      a2, 0
    li      a3, 0
    li      a4, 0
    li      a5, 0
    li      a6, 94                  # __NR_exit_group
    call    __zl_syscall
    ebreak
__zl_sigsetjmp_save:
    .globl  __zl_sigsetjmp_save
    li      a0, 0
    ret
    .data
    .balign 16
msgptr:
    .octa   msg
msg:
    .ascii  "hello rv128!\n"
    .bss
    .balign 16
jb:
    .zero   512
