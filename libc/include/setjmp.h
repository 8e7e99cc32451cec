#ifndef _ZL_SETJMP_H
#define _ZL_SETJMP_H
#include <bits/zl_config.h>
__ZL_BEGIN
/* libc/arch/riscv/setjmp.S: XLEN-bit words ra, sp, s0..s11, then fs0..fs11 (64-bit),
 * then the signal mask for sigsetjmp. */
typedef struct __zl_jmp_buf {
    unsigned long __regs[14];
    double __fregs[12];
    int __mask_saved;
    unsigned long __mask[128 / sizeof(long)];
} jmp_buf[1], sigjmp_buf[1];
int setjmp(jmp_buf);
int _setjmp(jmp_buf);
int sigsetjmp(sigjmp_buf, int);
__ZL_NORETURN void longjmp(jmp_buf, int);
__ZL_NORETURN void _longjmp(jmp_buf, int);
__ZL_NORETURN void siglongjmp(sigjmp_buf, int);
#define setjmp setjmp
__ZL_END
#endif
