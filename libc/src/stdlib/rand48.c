/* The XSI 48-bit linear congruential generators: X = (a X + c) mod 2^48 with
 * a = 0x5DEECE66D and c = 0xB until lcong48 changes them.  The *rand48 functions keep X
 * in the library, the e/n/j forms in the caller's three 16-bit words (least significant
 * first). */
#include <stdlib.h>
#include <stdint.h>

#define MASK48 (((uint64_t)1 << 48) - 1)
static unsigned short state[3] = { 0x330e, 0, 0 };   /* X (srand48(0)'s value) */
static uint64_t mult = 0x5deece66dull;
static unsigned short addend = 0xb;

static uint64_t get48(const unsigned short x[3])
{
    return x[0] | (uint64_t)x[1] << 16 | (uint64_t)x[2] << 32;
}

static void put48(unsigned short x[3], uint64_t v)
{
    x[0] = (unsigned short)v;
    x[1] = (unsigned short)(v >> 16);
    x[2] = (unsigned short)(v >> 32);
}

static uint64_t step(unsigned short x[3])
{
    uint64_t v = (mult * get48(x) + addend) & MASK48;
    put48(x, v);
    return v;
}

double erand48(unsigned short x[3]) { return (double)step(x) / (double)((uint64_t)1 << 48); }
double drand48(void) { return erand48(state); }
long nrand48(unsigned short x[3]) { return (long)(step(x) >> 17); }
long lrand48(void) { return nrand48(state); }
long jrand48(unsigned short x[3]) { return (long)(int32_t)(uint32_t)(step(x) >> 16); }
long mrand48(void) { return jrand48(state); }

void srand48(long seed)
{
    unsigned short x[3] = { 0x330e, (unsigned short)seed, (unsigned short)((unsigned long)seed >> 16) };
    seed48(x);
}

/* Sets X and restores the default a and c; returns the previous X (static storage). */
unsigned short *seed48(unsigned short x[3])
{
    static unsigned short prev[3];
    prev[0] = state[0];
    prev[1] = state[1];
    prev[2] = state[2];
    state[0] = x[0];
    state[1] = x[1];
    state[2] = x[2];
    mult = 0x5deece66dull;
    addend = 0xb;
    return prev;
}

/* p[0..2]: X, p[3..5]: a, p[6]: c. */
void lcong48(unsigned short p[7])
{
    state[0] = p[0];
    state[1] = p[1];
    state[2] = p[2];
    mult = get48(p + 3);
    addend = p[6];
}
