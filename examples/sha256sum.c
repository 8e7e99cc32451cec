/* sha256sum: print SHA-256 digests (FIPS 180-4), in the format of GNU coreutils.
 *
 *   sha256sum [FILE...]
 *
 * Prints "<64 hex digits>  NAME" per FILE (NAME "-" for standard input, which is read
 * when no FILE is given).  As coreutils does, a name holding a backslash or a newline is
 * printed with those escaped ("\\", "\n") and the line starts with a backslash.
 *
 * Exit status: 0, or 1 if any FILE could not be read.
 *
 * The hash is computed here with uint32_t words and a uint64_t bit length — no
 * assumption on the width of long (128 bits under LP128). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

struct sha256 {
    uint32_t h[8];
    uint64_t bytes;         /* message length so far */
    unsigned char block[64];
    size_t fill;            /* bytes in block */
};

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

static uint32_t rotr(uint32_t x, unsigned n)
{
    return (x >> n) | (x << (32 - n));
}

static void sha256_init(struct sha256 *s)
{
    static const uint32_t h0[8] = {
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    };
    memcpy(s->h, h0, sizeof h0);
    s->bytes = 0;
    s->fill = 0;
}

static void sha256_block(struct sha256 *s, const unsigned char *p)
{
    uint32_t w[64];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
               (uint32_t)p[4 * i + 2] << 8 | (uint32_t)p[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = s->h[0], b = s->h[1], c = s->h[2], d = s->h[3];
    uint32_t e = s->h[4], f = s->h[5], g = s->h[6], h = s->h[7];
    for (int i = 0; i < 64; i++) {
        uint32_t t1 = h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i];
        uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        h = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    s->h[0] += a; s->h[1] += b; s->h[2] += c; s->h[3] += d;
    s->h[4] += e; s->h[5] += f; s->h[6] += g; s->h[7] += h;
}

static void sha256_update(struct sha256 *s, const unsigned char *p, size_t n)
{
    s->bytes += n;
    if (s->fill) {
        size_t take = 64 - s->fill < n ? 64 - s->fill : n;
        memcpy(s->block + s->fill, p, take);
        s->fill += take;
        p += take;
        n -= take;
        if (s->fill < 64) return;
        sha256_block(s, s->block);
        s->fill = 0;
    }
    for (; n >= 64; p += 64, n -= 64) sha256_block(s, p);
    memcpy(s->block, p, n);
    s->fill = n;
}

static void sha256_final(struct sha256 *s, unsigned char out[32])
{
    uint64_t bits = s->bytes * 8;
    unsigned char pad[72] = {0x80};
    size_t padlen = (s->fill < 56 ? 56 : 120) - s->fill;
    for (int i = 0; i < 8; i++) pad[padlen + (size_t)i] = (unsigned char)(bits >> (56 - 8 * i));
    sha256_update(s, pad, padlen + 8);
    for (int i = 0; i < 8; i++) {
        out[4 * i] = (unsigned char)(s->h[i] >> 24);
        out[4 * i + 1] = (unsigned char)(s->h[i] >> 16);
        out[4 * i + 2] = (unsigned char)(s->h[i] >> 8);
        out[4 * i + 3] = (unsigned char)s->h[i];
    }
}

static int hash_fd(int fd, unsigned char out[32])
{
    static unsigned char buf[65536];
    struct sha256 s;
    sha256_init(&s);
    for (;;) {
        ssize_t n = read(fd, buf, sizeof buf);
        if (n < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        if (n == 0) break;
        sha256_update(&s, buf, (size_t)n);
    }
    sha256_final(&s, out);
    return 0;
}

static void print_line(const unsigned char d[32], const char *name)
{
    int escape = strpbrk(name, "\\\n") != NULL;
    if (escape) putchar('\\');
    for (int i = 0; i < 32; i++) printf("%02x", d[i]);
    fputs("  ", stdout);
    for (const char *p = name; *p; p++) {
        if (escape && *p == '\\') fputs("\\\\", stdout);
        else if (escape && *p == '\n') fputs("\\n", stdout);
        else putchar(*p);
    }
    putchar('\n');
}

int main(int argc, char **argv)
{
    static char *dash[] = {"-", NULL};
    char **names = argc > 1 ? argv + 1 : dash;
    int status = 0;
    if (argc > 1 && strcmp(argv[1], "--") == 0) names++;
    for (; *names; names++) {
        const char *name = *names;
        int fd = strcmp(name, "-") == 0 ? 0 : open(name, O_RDONLY);
        unsigned char d[32];
        if (fd < 0 || hash_fd(fd, d) < 0) {
            fprintf(stderr, "sha256sum: %s: %s\n", name, strerror(errno));
            status = 1;
        } else {
            print_line(d, name);
        }
        if (fd > 0) close(fd);
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("sha256sum: write error");
        return 1;
    }
    return status;
}
