/* sieve: Sieve of Eratosthenes over odd numbers below 2,000,000.
 *
 * One byte per odd number (1 MB of .bss), so the kernel is dominated by
 * strided byte stores and a sequential scan: memory traffic and simple
 * loops.  Every iteration re-sieves up to a limit that varies a little,
 * counts the primes and sums them.  The counts are checked against the
 * prime-counting function at a few known points.
 *
 * usage: sieve [iterations]
 */
#include "bench.h"

#define NAME          "sieve"
#define DEFAULT_ITERS 400
#define EXPECTED      0x39f60041cef164c5ULL  /* at DEFAULT_ITERS; from a native x86-64 build */

#define LIMIT 2000000u                  /* sieve numbers < LIMIT */

static uint8_t composite[LIMIT / 2];    /* composite[i] <=> 2i+1 is composite */

/* Sieve [0, limit); returns the number of primes below limit, *sum their sum. */
static uint32_t sieve(uint32_t limit, uint64_t *sum)
{
    uint32_t half = limit / 2;
    memset(composite, 0, half);
    composite[0] = 1;                   /* 1 is not prime */
    for (uint32_t i = 1; (2 * i + 1) * (2 * i + 1) < limit; i++) {
        if (composite[i])
            continue;
        uint32_t p = 2 * i + 1;
        for (uint32_t j = (p * p) / 2; j < half; j += p)
            composite[j] = 1;
    }
    uint32_t count = limit > 2 ? 1 : 0;  /* the prime 2 */
    uint64_t s = limit > 2 ? 2 : 0;
    for (uint32_t i = 1; i < half; i++)
        if (!composite[i]) {
            count++;
            s += 2 * i + 1;
        }
    *sum = s;
    return count;
}

int main(int argc, char **argv)
{
    uint64_t iters = guest_iters(argc, argv, DEFAULT_ITERS);
    uint64_t h = 0, sum;
    uint32_t count = 0;

    bench_header(NAME, iters);

    /* known values of pi(x) and of the sum of primes below x */
    if (sieve(100, &sum) != 25 || sum != 1060)
        bench_fail(NAME, "primes below 100");
    if (sieve(1000000, &sum) != 78498 || sum != 37550402023ULL)
        bench_fail(NAME, "primes below 1000000");
    if (sieve(LIMIT, &sum) != 148933 || sum != 142913828922ULL)
        bench_fail(NAME, "primes below 2000000");

    for (uint64_t n = 0; n < iters; n++) {
        uint32_t limit = LIMIT - (uint32_t)(n % 7) * 1000u;
        count = sieve(limit, &sum);
        h = mix64(h, count);
        h = mix64(h, sum);
    }
    put_str(NAME ": last count ");
    put_u64(count);
    put_str(" sum ");
    put_u64(sum);
    put_char('\n');
    return bench_finish(NAME, iters, DEFAULT_ITERS, h, EXPECTED);
}
