/* Micro-benchmark of src/fp: nanoseconds per call of each arithmetic operation, the
 * public function (fast path where there is one) and the integer-only reference
 * (*_soft), on operands like those of ordinary numeric code (normal values within a
 * few hundred binades of 1, fma addends near the product's magnitude; "add near":
 * operands within 3 binades of each other).
 *
 * Not part of `make check` (timings are no test), nor of `make bench`.  Build and run
 * from the repo root:
 *   cc -std=c11 -D_GNU_SOURCE -O2 -Iinclude -Isrc -Itests bench/fp_bench.c \
 *      src/fp/fp_arith.c src/fp/fp_cvt.c src/fp/fp_cmp.c -lm -o /tmp/fp_bench
 *   /tmp/fp_bench [rm]          (rm: 0..4, default 0 = RNE)
 * Each figure is the best of 5 passes over the operand table, in thread CPU time (the
 * machine is shared); calls are independent (throughput), results are folded into a
 * checksum so that none is optimised away.  The table (64K operand sets) is larger
 * than a branch predictor can learn, so data-dependent branches cost what they cost
 * in a real program (with a few thousand entries the predictor memorises the
 * sequence and hides mispredictions).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <fp/fp_impl.h>
#include "fp/fp_gen.h"

#define NOPS 65536
#define REPS 16

static u64 A64[NOPS], B64[NOPS], C64[NOPS], N64[NOPS];
static u32 A32[NOPS], B32[NOPS], C32[NOPS], N32[NOPS];
static volatile u64 g_sink;

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);   /* not counting preemption */
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static u64 ordinary(int M, int EB, int spread)
{
    const int bias = (1 << (EB - 1)) - 1;
    return tg_make((int)(tg_next() & 1), bias + tg_range(-spread, spread),
                   tg_next() & (((u64)1 << M) - 1), M, EB);
}

/* An operand within 3 binades of a, for additions like those of numeric code. */
static u64 near(u64 a, int M, int EB)
{
    return tg_make((int)(tg_next() & 1), tg_exp_of(a, M, EB) + tg_range(-3, 3),
                   tg_next() & (((u64)1 << M) - 1), M, EB);
}

static u64 addend(u64 a, u64 b, int M, int EB)
{
    const int bias = (1 << (EB - 1)) - 1;
    int ep = tg_exp_of(a, M, EB) + tg_exp_of(b, M, EB) - bias + tg_range(-4, 4);
    return tg_make((int)(tg_next() & 1), ep, tg_next() & (((u64)1 << M) - 1), M, EB);
}

#define BENCH(label, expr)                                                              \
    do {                                                                                \
        double best = 1e30;                                                             \
        u64 acc = 0;                                                                    \
        for (int pass = 0; pass < 5; pass++) {                                          \
            double t0 = now_ns();                                                       \
            for (int rep = 0; rep < REPS; rep++)                                        \
                for (int i = 0; i < NOPS; i++) {                                        \
                    u8 fl = 0;                                                          \
                    acc += (u64)(expr) + fl;                                            \
                }                                                                       \
            double t = (now_ns() - t0) / ((double)REPS * NOPS);                         \
            if (t < best) best = t;                                                     \
        }                                                                               \
        g_sink += acc;                                                                  \
        printf("  %-10s %7.2f ns\n", label, best);                                     \
    } while (0)

int main(int argc, char **argv)
{
    int rm = argc > 1 ? atoi(argv[1]) : FP_RNE;
    if (rm < 0 || rm > 4) {
        fprintf(stderr, "usage: fp_bench [rm 0..4]\n");
        return 2;
    }
    tg_seed(12345);
    for (int i = 0; i < NOPS; i++) {
        A64[i] = ordinary(52, 11, 300);
        B64[i] = ordinary(52, 11, 300);
        C64[i] = addend(A64[i], B64[i], 52, 11);
        N64[i] = near(A64[i], 52, 11);
        A32[i] = (u32)ordinary(23, 8, 40);
        B32[i] = (u32)ordinary(23, 8, 40);
        C32[i] = (u32)addend(A32[i], B32[i], 23, 8);
        N32[i] = (u32)near(A32[i], 23, 8);
    }
    printf("ns per call, rm=%d (fast = public function, soft = reference)\n", rm);
    printf("binary64\n");
    BENCH("add", f64_add(A64[i], B64[i], rm, &fl));
    BENCH("add soft", f64_add_soft(A64[i], B64[i], rm, &fl));
    BENCH("add near", f64_add(A64[i], N64[i], rm, &fl));
    BENCH("  soft", f64_add_soft(A64[i], N64[i], rm, &fl));
    BENCH("mul", f64_mul(A64[i], B64[i], rm, &fl));
    BENCH("mul soft", f64_mul_soft(A64[i], B64[i], rm, &fl));
    BENCH("div", f64_div(A64[i], B64[i], rm, &fl));
    BENCH("div soft", f64_div_soft(A64[i], B64[i], rm, &fl));
    BENCH("sqrt", f64_sqrt(A64[i] & ~F64_SIGN, rm, &fl));
    BENCH("sqrt soft", f64_sqrt_soft(A64[i] & ~F64_SIGN, rm, &fl));
    BENCH("fma", f64_fma(A64[i], B64[i], C64[i], i & 3, rm, &fl));
    BENCH("fma soft", f64_fma_soft(A64[i], B64[i], C64[i], i & 3, rm, &fl));
    printf("binary32\n");
    BENCH("add", f32_add(A32[i], B32[i], rm, &fl));
    BENCH("add soft", f32_add_soft(A32[i], B32[i], rm, &fl));
    BENCH("add near", f32_add(A32[i], N32[i], rm, &fl));
    BENCH("  soft", f32_add_soft(A32[i], N32[i], rm, &fl));
    BENCH("mul", f32_mul(A32[i], B32[i], rm, &fl));
    BENCH("mul soft", f32_mul_soft(A32[i], B32[i], rm, &fl));
    BENCH("div", f32_div(A32[i], B32[i], rm, &fl));
    BENCH("div soft", f32_div_soft(A32[i], B32[i], rm, &fl));
    BENCH("sqrt", f32_sqrt(A32[i] & ~F32_SIGN, rm, &fl));
    BENCH("sqrt soft", f32_sqrt_soft(A32[i] & ~F32_SIGN, rm, &fl));
    BENCH("fma", f32_fma(A32[i], B32[i], C32[i], i & 3, rm, &fl));
    BENCH("fma soft", f32_fma_soft(A32[i], B32[i], C32[i], i & 3, rm, &fl));
    return 0;
}
