/* queens: count N-queens solutions by recursive backtracking, two ways.
 *
 *   bitmask - columns and both diagonals as bit sets; the next free square
 *             is isolated with x & -x (tight ALU code, deep recursion);
 *   arrays  - classic placement with byte arrays for columns and diagonals
 *             (loads, stores, compare-and-branch).
 * Each iteration solves N = 4..10 both ways (and N = 11 with the bitmask
 * solver) and checks the counts against the known sequence (OEIS A000170).
 *
 * usage: queens [iterations]
 */
#include "bench.h"

#define NAME          "queens"
#define DEFAULT_ITERS 240
#define EXPECTED      0x087d8d95119f152fULL  /* at DEFAULT_ITERS; from a native x86-64 build */

static const uint32_t known[] = { 1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200 };

static uint32_t solve_bits(uint32_t all, uint32_t cols, uint32_t ld, uint32_t rd)
{
    if (cols == all)
        return 1;
    uint32_t count = 0;
    uint32_t free = all & ~(cols | ld | rd);
    while (free) {
        uint32_t bit = free & (0u - free);
        free -= bit;
        count += solve_bits(all, cols | bit, ((ld | bit) << 1) & all, (rd | bit) >> 1);
    }
    return count;
}

static uint8_t col_used[16], d1_used[32], d2_used[32];
static uint8_t placed[16];

static uint32_t solve_arrays(int row, int n)
{
    if (row == n)
        return 1;
    uint32_t count = 0;
    for (int c = 0; c < n; c++) {
        if (col_used[c] || d1_used[row + c] || d2_used[row - c + n - 1])
            continue;
        col_used[c] = d1_used[row + c] = d2_used[row - c + n - 1] = 1;
        placed[row] = (uint8_t)c;
        count += solve_arrays(row + 1, n);
        col_used[c] = d1_used[row + c] = d2_used[row - c + n - 1] = 0;
    }
    return count;
}

int main(int argc, char **argv)
{
    uint64_t iters = guest_iters(argc, argv, DEFAULT_ITERS);
    uint64_t h = 0;

    bench_header(NAME, iters);
    for (uint64_t it = 0; it < iters; it++) {
        for (int n = 4; n <= 11; n++) {
            uint32_t a = solve_bits((1u << n) - 1, 0, 0, 0);
            uint32_t b = n <= 10 ? solve_arrays(0, n) : a;
            if (a != known[n] || b != known[n]) {
                bench_fail(NAME, "wrong solution count");
                put_str(NAME ": n ");
                put_u64((uint64_t)n);
                put_str(" bitmask ");
                put_u64(a);
                put_str(" arrays ");
                put_u64(b);
                put_char('\n');
            }
            h = mix64(h, (uint64_t)a << 32 | b);
        }
        h = mix64(h, placed[0]);
    }
    put_str(NAME ": solutions n=11 ");
    put_u64(solve_bits((1u << 11) - 1, 0, 0, 0));
    put_char('\n');
    return bench_finish(NAME, iters, DEFAULT_ITERS, h, EXPECTED);
}
