/* sha256: SHA-256 (FIPS 180-4) over a 16 KiB buffer, chained.
 *
 * Checks the implementation against known answers first, then per
 * iteration hashes the whole buffer and XORs the digest back into the
 * buffer at a moving offset, so every iteration depends on the last.
 * Exercises 32-bit rotates, shifts, adds and big-endian loads (on rv64:
 * the *w instructions and zero/sign extension).
 *
 * usage: sha256 [iterations]
 */
#include "bench.h"

#define NAME          "sha256"
#define DEFAULT_ITERS 9000
#define EXPECTED      0xdb131b499dd8f12dULL  /* at DEFAULT_ITERS; from a native x86-64 build */

#define BUFSZ 16384

static uint8_t buf[BUFSZ];

static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static inline uint32_t ror(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

static void compress(uint32_t h[8], const uint8_t *p)
{
    uint32_t w[64];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
               (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
    uint32_t e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int i = 0; i < 64; i++) {
        uint32_t S1 = ror(e, 6) ^ ror(e, 11) ^ ror(e, 25);
        uint32_t ch = (e & f) ^ (~e & g);
        uint32_t t1 = hh + S1 + ch + K[i] + w[i];
        uint32_t S0 = ror(a, 2) ^ ror(a, 13) ^ ror(a, 22);
        uint32_t maj = (a & b) ^ (a & c) ^ (b & c);
        uint32_t t2 = S0 + maj;
        hh = g; g = f; f = e; e = d + t1;
        d = c; c = b; b = a; a = t1 + t2;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d;
    h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
}

static void sha256(const uint8_t *msg, uint32_t len, uint8_t out[32])
{
    uint32_t h[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                      0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
    uint8_t tail[128];
    uint32_t full = len & ~63u, rest = len - full;

    for (uint32_t off = 0; off < full; off += 64)
        compress(h, msg + off);
    memset(tail, 0, sizeof tail);
    memcpy(tail, msg + full, rest);
    tail[rest] = 0x80;
    uint32_t tlen = rest + 9 <= 64 ? 64 : 128;
    uint64_t bits = (uint64_t)len * 8;
    for (int i = 0; i < 8; i++)
        tail[tlen - 1 - i] = (uint8_t)(bits >> (8 * i));
    compress(h, tail);
    if (tlen == 128)
        compress(h, tail + 64);
    for (int i = 0; i < 8; i++) {
        out[4 * i] = (uint8_t)(h[i] >> 24);
        out[4 * i + 1] = (uint8_t)(h[i] >> 16);
        out[4 * i + 2] = (uint8_t)(h[i] >> 8);
        out[4 * i + 3] = (uint8_t)h[i];
    }
}

static void put_digest(const uint8_t d[32])
{
    static const char hex[] = "0123456789abcdef";
    char s[65];
    for (int i = 0; i < 32; i++) {
        s[2 * i] = hex[d[i] >> 4];
        s[2 * i + 1] = hex[d[i] & 15];
    }
    s[64] = 0;
    put_str(s);
}

static int hex_eq(const uint8_t d[32], const char *want)
{
    static const char hex[] = "0123456789abcdef";
    for (int i = 0; i < 32; i++)
        if (want[2 * i] != hex[d[i] >> 4] || want[2 * i + 1] != hex[d[i] & 15])
            return 0;
    return 1;
}

/* Known answers from FIPS 180-2 appendix B / common test vectors. */
static void known_answers(void)
{
    uint8_t d[32];
    static const char abc_want[] =
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
    static const char empty_want[] =
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    static const char two_want[] =
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1";
    static const char two[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";

    sha256((const uint8_t *)"abc", 3, d);
    if (!hex_eq(d, abc_want))
        bench_fail(NAME, "known answer 'abc'");
    sha256((const uint8_t *)"", 0, d);
    if (!hex_eq(d, empty_want))
        bench_fail(NAME, "known answer ''");
    sha256((const uint8_t *)two, (uint32_t)strlen(two), d);
    if (!hex_eq(d, two_want))
        bench_fail(NAME, "known answer (448-bit message)");
}

int main(int argc, char **argv)
{
    uint64_t iters = guest_iters(argc, argv, DEFAULT_ITERS);
    uint32_t seed = 0xc0ffee11u;
    uint8_t d[32] = { 0 };

    bench_header(NAME, iters);
    known_answers();
    for (int i = 0; i < BUFSZ; i++)
        buf[i] = (uint8_t)rng32(&seed);

    for (uint64_t n = 0; n < iters; n++) {
        /* lengths vary so every padding path runs */
        uint32_t len = BUFSZ - (uint32_t)(n % 64);
        sha256(buf, len, d);
        uint32_t off = (uint32_t)((n * 32) % (BUFSZ - 32));
        for (int i = 0; i < 32; i++)
            buf[off + (uint32_t)i] ^= d[i];
    }

    put_str(NAME ": digest ");
    put_digest(d);
    put_char('\n');
    uint64_t sum = 0;
    for (int i = 0; i < 8; i++)
        sum = sum << 8 | d[i];
    return bench_finish(NAME, iters, DEFAULT_ITERS, sum, EXPECTED);
}
