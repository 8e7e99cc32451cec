/* long __zl_syscall(long a0, long a1, long a2, long a3, long a4, long a5, long nr):
 * the raw system call of docs/abi.md section 4 (every XLEN): number in a7, result in a0. */
    .text
    .globl  __zl_syscall
    .type   __zl_syscall, @function
__zl_syscall:
    mv      a7, a6
    ecall
    ret
    .size   __zl_syscall, . - __zl_syscall
    .section .note.GNU-stack, "", @progbits
