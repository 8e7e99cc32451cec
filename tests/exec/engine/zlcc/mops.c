/* The M operations at the operands where x86 would fault or C is undefined, at the
 * build's XLEN (zl-cc -m32 / -m64): the instructions themselves, by inline assembly.
 * Output must equal qemu's under every zl-run engine (tests/exec/engine_test.sh). */
#include <limits.h>
#include <stdio.h>

#define OP(name)                                                             \
    static long op_##name(long a, long b)                                    \
    {                                                                        \
        long r;                                                              \
        __asm__ volatile(#name " %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));    \
        return r;                                                            \
    }
OP(div) OP(divu) OP(rem) OP(remu) OP(mul) OP(mulh) OP(mulhu) OP(mulhsu)
static long (*const ops[])(long, long) = {
    op_div, op_divu, op_rem, op_remu, op_mul, op_mulh, op_mulhu, op_mulhsu,
};
static const char *const names[] = {
    "div", "divu", "rem", "remu", "mul", "mulh", "mulhu", "mulhsu",
};
static volatile long vals[] = { 0, 1, -1, 2, -2, 7, -7, LONG_MIN, LONG_MAX, LONG_MIN + 1,
                                (long)0x12345678, -(long)0x12345678 };
#define NV (sizeof vals / sizeof vals[0])

int main(void)
{
    for (unsigned k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        unsigned long h = 5381;
        for (unsigned i = 0; i < NV; i++)
            for (unsigned j = 0; j < NV; j++) h = h * 33 ^ (unsigned long)ops[k](vals[i], vals[j]);
        printf("%s %lx\n", names[k], h);
    }
    return 0;
}
