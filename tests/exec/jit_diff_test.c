/* Random-sequence differential of the translator against the interpreter, in process, at
 * every XLEN: fuzz_jit.c's comparison driven by a seeded generator instead of libFuzzer
 * (so it runs in the ordinary build and in make check).  Each case is a random list of
 * valid encodings with random registers, run on two harts, one per engine, to an ecall
 * or a trap; registers, pc, instret, trap state and data pages must agree.
 *
 *   jit_diff_test                       default batch (make check)
 *   jit_diff_test --count N --seed S    long runs (make fuzz-diff N=...)
 *   jit_diff_test --xlen 128 ...        one XLEN only
 */
#include <stdio.h>
#include <stdlib.h>

#include "exec/jit.h"
#include "lib/check.h"

static bool g_mismatch;
#define JIT_DIFF_MISMATCH() (g_mismatch = true)
#include "fuzz_jit.c"

static u64 rs;
static u64 rnd(void)
{
    rs ^= rs << 13;
    rs ^= rs >> 7;
    rs ^= rs << 17;
    return rs;
}
/* register values that reach the edge cases of shifts, division and comparisons */
static u64 interesting(void)
{
    static const u64 edge[] = { 0, 1, 2, 63, 64, 127, 128, ~0ull, 0x8000000000000000ull,
                                0x7fffffffffffffffull, 0x80000000ull, 0xffffffff80000000ull,
                                0x7fffffffull, 0xffffffffull, 0x1000 };
    u64 r = rnd();
    switch (r % 4) {
    case 0: return edge[(r >> 8) % (sizeof edge / sizeof edge[0])];
    case 1: return (r >> 8) & 0xff;
    default: return rnd();
    }
}

static size_t g_count = 3000;
static u64 g_seed = 1;
static int g_xlen;          /* --xlen: only this XLEN's batch */

static void run_batch(int xlen, u64 seed)
{
    if (g_xlen && g_xlen != xlen) return;
    static u8 buf[1 + 32 * 8 + 6 * 120];
    for (size_t n = 0; n < g_count; n++) {
        rs = (seed + n) * 0x9e3779b97f4a7c15ull | 1;
        for (int k = 0; k < 4; k++) rnd();
        buf[0] = xlen == 64 ? 1 : xlen == 128 ? 2 : 0;
        for (int r = 0; r < 32; r++) {
            u64 v = interesting();
            memcpy(buf + 1 + 8 * r, &v, 8);
        }
        size_t ninsn = 1 + rnd() % 120, size = 1 + 32 * 8 + 6 * ninsn;
        for (size_t k = 1 + 32 * 8; k < size; k++) buf[k] = (u8)rnd();
        g_mismatch = false;
        LLVMFuzzerTestOneInput(buf, size);
        if (g_mismatch) {
            printf("# rv%d: engines differ for seed %llu (case %zu of the batch)\n", xlen,
                   (unsigned long long)(seed + n), n);
            check_fail(__FILE__, __LINE__, "translator and interpreter differ");
            return;
        }
    }
}

TEST(rv32_jit_vs_interp) { run_batch(32, g_seed); }
TEST(rv64_jit_vs_interp) { run_batch(64, g_seed + 1000000); }
TEST(rv128_jit_vs_interp) { run_batch(128, g_seed + 2000000); }

int main(int argc, char **argv)
{
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--count")) g_count = strtoull(argv[i + 1], NULL, 0);
        else if (!strcmp(argv[i], "--seed")) g_seed = strtoull(argv[i + 1], NULL, 0);
        else if (!strcmp(argv[i], "--xlen")) g_xlen = atoi(argv[i + 1]);
    }
    if (!jit_host_supported()) {
        printf("SKIP rv32_jit_vs_interp: no translator on this host\n");
        printf("SKIP rv64_jit_vs_interp: no translator on this host\n");
        printf("SKIP rv128_jit_vs_interp: no translator on this host\n");
        return 0;
    }
    RUN(rv32_jit_vs_interp);
    RUN(rv64_jit_vs_interp);
    RUN(rv128_jit_vs_interp);
    return check_done();
}
