/* _Noreturn void __zl_unmap_exit(void *base, size_t len)      (every XLEN)
 * munmap(base, len), then SYS_exit(0), using registers only: a detached thread frees the
 * mapping that holds its own stack (libc/src/thread/exit.c; signals are blocked and the
 * clear-tid address is reset before). */
#include "asm.h"
    .text
    .globl  __zl_unmap_exit
    .hidden __zl_unmap_exit
    .type   __zl_unmap_exit, @function
__zl_unmap_exit:
    lla     t0, __zl_nr_munmap
    REG_L   a7, 0(t0)
    ecall
    lla     t0, __zl_nr_exit
    REG_L   a7, 0(t0)
1:  li      a0, 0
    ecall
    j       1b
    .size   __zl_unmap_exit, . - __zl_unmap_exit
    .section .note.GNU-stack, "", @progbits
