/* ZettaLinux guest runtime: process entry for the host (x86-64) build of the same
 * freestanding programs, so bench/run.sh can time them natively.
 *
 * Linux starts a static executable at _start with
 *     rsp -> argc, argv[0..argc-1], NULL, envp[...], NULL, auxv...
 * We call  int main(int argc, char **argv, char **envp)  with a 16-byte aligned
 * stack (the psABI wants rsp + 8 aligned at a function's entry, i.e. aligned at the
 * call) and pass its return value to exit_group(2).
 */
#define SYS_exit_group 231

    .text
    .globl  _start
    .type   _start, @function
_start:
    xorl    %ebp, %ebp              /* terminate frame chains */
    movq    (%rsp), %rdi            /* argc */
    leaq    8(%rsp), %rsi           /* argv */
    leaq    8(%rsi,%rdi,8), %rdx    /* envp = argv + argc + 1 */
    andq    $-16, %rsp
    call    main
    movl    %eax, %edi
    movl    $SYS_exit_group, %eax
    syscall
    hlt                             /* not reached */
    .size   _start, . - _start

    .section .note.GNU-stack, "", @progbits
