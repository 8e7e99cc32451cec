// Loops reading a[i + c] next to a[i] (the ivsr pass, src/cc/opt/ivsr.c, addresses them
// from the pointer it steps for a[i], at offset c * element size): negative and positive
// offsets, counting down, element sizes 1 to 8, a long index, an unsigned index (left to
// ivsr's ext.Wu rule), and offsets too large for an immediate.
#include <stdint.h>
#include <stdio.h>

static uint32_t w[80];
static int16_t s[300];
static int8_t b[64];
static int64_t l[40];
static int32_t big[3000];

static void schedule(void)   // as SHA-256's message schedule
{
    for (int i = 16; i < 80; i++)
        w[i] = (w[i - 2] >> 3 ^ w[i - 2] << 5) + w[i - 7] + (w[i - 15] >> 7) + w[i - 16];
}

static int32_t down(void)
{
    int32_t acc = 0;
    for (int i = 298; i >= 1; i--) {
        s[i] = (int16_t)(s[i - 1] + s[i + 1] / 2);
        acc += s[i];
    }
    return acc;
}

static int bytes(void)
{
    int acc = 0;
    for (int i = 3; i < 60; i += 2) acc += b[i - 3] * b[i + 4] - b[i];
    return acc;
}

static int64_t longs(long n)
{
    int64_t acc = 0;
    for (long i = 1; i < n - 1; i++) acc += l[i - 1] * 3 - l[i + 1] + l[i];
    return acc;
}

static uint32_t unsig(unsigned n)
{
    uint32_t acc = 0;
    for (unsigned i = 2; i < n; i++) acc = acc * 31 + w[i - 2] + w[i];
    return acc;
}

static int64_t far(void)
{
    int64_t acc = 0;
    for (int i = 0; i < 2000; i++) acc += big[i + 900] - big[i] + big[i + 511];
    return acc;
}

int main(void)
{
    for (int i = 0; i < 16; i++) w[i] = 0x9e3779b9u * (unsigned)(i + 1);
    for (int i = 0; i < 300; i++) s[i] = (int16_t)(i * 37 % 211 - 100);
    for (int i = 0; i < 64; i++) b[i] = (int8_t)(i * 13 - 300);
    for (int i = 0; i < 40; i++) l[i] = (int64_t)i * 1000000007LL - 5;
    for (int i = 0; i < 3000; i++) big[i] = i * i - 7 * i;
    schedule();
    uint32_t hw = 0;
    for (int i = 0; i < 80; i++) hw = hw * 33 ^ w[i];
    int32_t d = down();
    printf("%08x %d %d %lld %08x %lld\n", hw, (int)d, bytes(), (long long)longs(40), unsig(80),
           (long long)far());
    return 0;
}
