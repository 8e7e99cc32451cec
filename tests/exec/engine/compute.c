/* Deterministic work across the translated operations: integer and W arithmetic,
 * multiply/divide corner cases, loads and stores of every width, indirect calls, and F/D
 * arithmetic with the exception flags and rounding modes.  Output must equal
 * qemu-riscv64's, and the instruction count (--stats) must be the same under every
 * engine (tests/exec/engine_test.sh). */
#include <fenv.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static volatile int64_t vals[] = { 0, 1, -1, 7, -7, INT64_MIN, INT64_MAX, INT32_MIN, INT32_MAX,
                                   0x123456789abcdefLL, -0x123456789abcdefLL, 3, 64, 63 };
#define NV (sizeof vals / sizeof vals[0])

/* The divisions on the operands where x86 would fault or C is undefined: the hardware
 * instructions themselves, by inline assembly. */
#define DIVOP(name)                                                          \
    static int64_t op_##name(int64_t a, int64_t b)                           \
    {                                                                        \
        int64_t r;                                                           \
        __asm__ volatile(#name " %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));    \
        return r;                                                            \
    }
DIVOP(div) DIVOP(divu) DIVOP(rem) DIVOP(remu) DIVOP(divw) DIVOP(divuw) DIVOP(remw) DIVOP(remuw)
DIVOP(mulh) DIVOP(mulhu) DIVOP(mulhsu) DIVOP(mulw)
static int64_t (*const divops[])(int64_t, int64_t) = {
    op_div, op_divu, op_rem, op_remu, op_divw, op_divuw, op_remw, op_remuw,
    op_mulh, op_mulhu, op_mulhsu, op_mulw,
};

int main(void)
{
    uint64_t h = 1469598103934665603ull;
#define MIX(v) (h = (h ^ (uint64_t)(v)) * 1099511628211ull)
    for (size_t i = 0; i < NV; i++)
        for (size_t j = 0; j < NV; j++) {
            int64_t a = vals[i], b = vals[j];
            MIX(a + b); MIX(a - b); MIX(a * b); MIX(a & b); MIX(a | b); MIX(a ^ b);
            MIX(a < b); MIX((uint64_t)a < (uint64_t)b);
            MIX((__int128)a * b >> 64); MIX((unsigned __int128)(uint64_t)a * (uint64_t)b >> 64);
            MIX(b ? (a == INT64_MIN && b == -1 ? a : a / b) : -1);
            MIX(b ? (uint64_t)a / (uint64_t)b : 0);
            MIX(b ? (a == INT64_MIN && b == -1 ? 0 : a % b) : a);
            MIX((int32_t)a + (int32_t)b); MIX((int32_t)((uint32_t)a * (uint32_t)b));
            MIX((int32_t)b ? ((int32_t)a == INT32_MIN && (int32_t)b == -1 ? (int32_t)a : (int32_t)a / (int32_t)b) : -1);
            MIX((uint32_t)b ? (uint32_t)a % (uint32_t)b : (uint32_t)a);
            MIX(a << (b & 63)); MIX((uint64_t)a >> (b & 63)); MIX(a >> (b & 63));
            MIX((int32_t)((uint32_t)a << (b & 31))); MIX((int32_t)a >> (b & 31));
        }
    printf("integer: %016llx\n", (unsigned long long)h);
    for (size_t k = 0; k < sizeof divops / sizeof divops[0]; k++) {
        h = 0;
        for (size_t i = 0; i < NV; i++)
            for (size_t j = 0; j < NV; j++) MIX(divops[k](vals[i], vals[j]));
        printf("M operation %zu: %016llx\n", k, (unsigned long long)h);
    }

    unsigned char *mem = malloc(4096 + 64);
    for (int i = 0; i < 4096 + 64; i++) mem[i] = (unsigned char)(i * 37 + 11);
    h = 0;
    for (int off = 0; off < 4096; off += 3) {
        int8_t b; int16_t s; int32_t w; int64_t d; uint16_t us; uint32_t uw;
        memcpy(&b, mem + off, 1); memcpy(&s, mem + off, 2); memcpy(&w, mem + off, 4);
        memcpy(&d, mem + off, 8); memcpy(&us, mem + off, 2); memcpy(&uw, mem + off, 4);
        MIX(b); MIX(s); MIX(w); MIX(d); MIX(us); MIX(uw);
        memcpy(mem + off + 1, &d, 8);
    }
    printf("memory: %016llx\n", (unsigned long long)h);

    uint32_t arr[2000];
    uint32_t x = 12345;
    for (int i = 0; i < 2000; i++) arr[i] = x = x * 1103515245u + 12345u;
    qsort(arr, 2000, sizeof arr[0], cmp_u32);
    h = 0;
    for (int i = 0; i < 2000; i++) MIX(arr[i]);
    printf("qsort: %016llx\n", (unsigned long long)h);

    static const int modes[] = { FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD };
    for (int m = 0; m < 4; m++) {
        fesetround(modes[m]);
        feclearexcept(FE_ALL_EXCEPT);
        volatile double d = 1.0, e = 3.0;
        volatile float f = 1.0f, g = 3.0f;
        double acc = 0;
        float facc = 0;
        for (int i = 1; i < 200; i++) {
            acc += d / (e * i) - (double)i * 1e-3;
            facc = facc * 0.5f + f / (g + (float)i);
            acc += (double)(int64_t)(acc * 1000.0) + (double)(float)acc;
            acc = acc > 1e6 ? acc / 1e6 : acc;
        }
        volatile double z = 0.0;
        double inf = 1.0 / z;
        long li = (long)acc;
        unsigned ui = (unsigned)facc;
        printf("fp mode %d: %.17g %.9g %ld %u %d flags %#x\n", m, acc, (double)facc, li, ui,
               inf > 0, fetestexcept(FE_ALL_EXCEPT));
    }
    free(mem);
    return 0;
}
