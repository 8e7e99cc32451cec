/* ZettaLinux guest runtime: see guest.h. */
#define GUEST_IMPL 1
#include "guest.h"

/* These functions implement memcpy & co., so gcc must not turn their loops
 * back into calls to themselves (-ftree-loop-distribute-patterns, on at -O2). */
#define NO_LIBCALL __attribute__((optimize("no-tree-loop-distribute-patterns")))

/* ------------------------------------------------------------ system calls */
void sys_exit(int code)
{
    for (;;)
        guest_syscall1(SYS_exit, code);
}

void sys_exit_group(int code)
{
    for (;;)
        guest_syscall1(SYS_exit_group, code);
}

/* ------------------------------------------------------- memory / strings */
/* memcpy's word: `long`, but 8 bytes at rv128 (16-byte long), where data aligned alike
 * only to 8 (structs of 64-bit fields, 8-byte records) would otherwise copy byte by
 * byte and an rv128 build would retire several times the instructions of the same
 * program at rv64.  The same word at rv64 and rv128 keeps their instruction counts
 * equal. */
#if __SIZEOF_LONG__ > 8
typedef uint64_t copy_word;
#else
typedef unsigned long copy_word;
#endif

NO_LIBCALL void *memcpy(void *restrict dst, const void *restrict src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    uintptr_t skew = (uintptr_t)d ^ (uintptr_t)s;
    /* word copy when both are aligned alike; bytes otherwise */
    if ((skew & (sizeof(copy_word) - 1)) == 0) {
        while (n && ((uintptr_t)d & (sizeof(copy_word) - 1))) {
            *d++ = *s++;
            n--;
        }
        while (n >= sizeof(copy_word)) {
            *(copy_word *)(void *)d = *(const copy_word *)(const void *)s;
            d += sizeof(copy_word);
            s += sizeof(copy_word);
            n -= sizeof(copy_word);
        }
    }
    while (n--)
        *d++ = *s++;
    return dst;
}

NO_LIBCALL void *memmove(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    if (d == s || n == 0)
        return dst;
    if (d < s || d >= s + n)
        return memcpy(dst, src, n);
    while (n--)            /* overlapping, dst above src: copy backwards */
        d[n] = s[n];
    return dst;
}

NO_LIBCALL void *memset(void *dst, int c, size_t n)
{
    unsigned char *d = dst;
    unsigned long w = (unsigned long)-1 / 255 * (unsigned char)c;   /* c in every byte */
    while (n && ((uintptr_t)d & (sizeof(long) - 1))) {
        *d++ = (unsigned char)c;
        n--;
    }
    while (n >= sizeof(long)) {
        *(unsigned long *)(void *)d = w;
        d += sizeof(long);
        n -= sizeof(long);
    }
    while (n--)
        *d++ = (unsigned char)c;
    return dst;
}

NO_LIBCALL int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *p = a, *q = b;
    for (; n; n--, p++, q++)
        if (*p != *q)
            return *p < *q ? -1 : 1;
    return 0;
}

NO_LIBCALL size_t strlen(const char *s)
{
    const char *p = s;
    while (*p)
        p++;
    return (size_t)(p - s);
}

int strcmp(const char *a, const char *b)
{
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return (unsigned char)*a - (unsigned char)*b;
}

/* ------------------------------------------------------------------ output */
void put_strn_fd(int fd, const char *s, size_t n)
{
    while (n) {
        long r = sys_write(fd, s, n);
        if (r <= 0)
            return;            /* nothing sensible to do about it */
        s += r;
        n -= (size_t)r;
    }
}

void put_str_fd(int fd, const char *s) { put_strn_fd(fd, s, strlen(s)); }
void put_str(const char *s) { put_strn_fd(1, s, strlen(s)); }
void put_char(char c) { put_strn_fd(1, &c, 1); }

/* Formats v in decimal right-aligned in buf[0..len); returns start index. */
static size_t fmt_u64(char *buf, size_t len, uint64_t v)
{
    size_t i = len;
    do {
        buf[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    return i;
}

void put_u64(uint64_t v)
{
    char b[24];
    size_t i = fmt_u64(b, sizeof b, v);
    put_strn_fd(1, b + i, sizeof b - i);
}

void put_i64(int64_t v)
{
    char b[24];
    uint64_t m = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    size_t i = fmt_u64(b, sizeof b, m);
    if (v < 0)
        b[--i] = '-';
    put_strn_fd(1, b + i, sizeof b - i);
}

void put_hexn(uint64_t v, int digits)
{
    static const char hex[] = "0123456789abcdef";
    char b[16];
    if (digits < 1)
        digits = 1;
    if (digits > 16)
        digits = 16;
    for (int i = digits - 1; i >= 0; i--) {
        b[i] = hex[v & 15];
        v >>= 4;
    }
    put_strn_fd(1, b, (size_t)digits);
}

void put_hex64(uint64_t v) { put_hexn(v, 16); }
void put_hex32(uint32_t v) { put_hexn(v, 8); }

void put_fixed(double v, int decimals)
{
    char b[48];
    uint64_t scale = 1;
    int neg = v < 0;
    if (decimals < 0)
        decimals = 0;
    if (decimals > 18)
        decimals = 18;
    for (int k = 0; k < decimals; k++)
        scale *= 10;
    if (neg)
        v = -v;
    /* round half away from zero at the last printed digit */
    uint64_t m = (uint64_t)(v * (double)scale + 0.5);
    uint64_t ip = m / scale, fp = m % scale;
    size_t i = sizeof b;
    for (int k = 0; k < decimals; k++) {
        b[--i] = (char)('0' + fp % 10);
        fp /= 10;
    }
    if (decimals)
        b[--i] = '.';
    i = fmt_u64(b, i, ip);
    if (neg && m)
        b[--i] = '-';
    put_strn_fd(1, b + i, sizeof b - i);
}

void put_kv_u64(const char *label, uint64_t v)
{
    put_str(label);
    put_char(' ');
    put_u64(v);
    put_char('\n');
}

void put_kv_hex64(const char *label, uint64_t v)
{
    put_str(label);
    put_str(" 0x");
    put_hex64(v);
    put_char('\n');
}

/* -------------------------------------------------------------------- misc */
uint64_t parse_u64(const char *s, uint64_t def)
{
    uint64_t v = 0;
    if (!s || !*s)
        return def;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return def;
        uint64_t d = (uint64_t)(*s - '0');
        if (v > (UINT64_MAX - d) / 10)
            return def;
        v = v * 10 + d;
    }
    return v;
}

uint64_t guest_iters(int argc, char **argv, uint64_t def)
{
    uint64_t n = argc > 1 ? parse_u64(argv[1], def) : def;
    return n ? n : def;
}

void guest_fail(const char *msg, int code)
{
    put_str_fd(2, "FATAL: ");
    put_str_fd(2, msg);
    put_str_fd(2, "\n");
    sys_exit_group(code);
}

/* ------------------------------------------------- rv32 libgcc replacements
 * riscv64-linux-gnu-gcc ships no rv32 libgcc, and -nostdlib drops libgcc
 * anyway, so rv32 guests get the few helpers gcc calls for 64-bit integer
 * division and double<->64-bit-integer conversion from here.  Only the
 * names gcc actually uses on rv32gc are provided. */
#if __riscv_xlen == 32
uint64_t __udivmoddi4(uint64_t n, uint64_t d, uint64_t *rem);
uint64_t __udivdi3(uint64_t n, uint64_t d);
uint64_t __umoddi3(uint64_t n, uint64_t d);
int64_t __divdi3(int64_t n, int64_t d);
int64_t __moddi3(int64_t n, int64_t d);
uint64_t __fixunsdfdi(double x);
int64_t __fixdfdi(double x);
double __floatundidf(uint64_t v);
double __floatdidf(int64_t v);

uint64_t __udivmoddi4(uint64_t n, uint64_t d, uint64_t *rem)
{
    uint64_t q = 0;
    if (d == 0) {                       /* RISC-V semantics: q = all ones, r = n */
        if (rem)
            *rem = n;
        return UINT64_MAX;
    }
    if ((n >> 32) == 0 && (d >> 32) == 0) {
        uint32_t n32 = (uint32_t)n, d32 = (uint32_t)d;
        if (rem)
            *rem = n32 % d32;
        return n32 / d32;
    }
    if (d > n) {
        if (rem)
            *rem = n;
        return 0;
    }
    /* shift-subtract: align d under n's top bit, then one bit per step */
    int shift = 0;
    while (!(d & (1ULL << 63)) && (d << 1) <= n) {
        d <<= 1;
        shift++;
    }
    for (; shift >= 0; shift--) {
        q <<= 1;
        if (n >= d) {
            n -= d;
            q |= 1;
        }
        d >>= 1;
    }
    if (rem)
        *rem = n;
    return q;
}

uint64_t __udivdi3(uint64_t n, uint64_t d) { return __udivmoddi4(n, d, 0); }

uint64_t __umoddi3(uint64_t n, uint64_t d)
{
    uint64_t r;
    __udivmoddi4(n, d, &r);
    return r;
}

int64_t __divdi3(int64_t n, int64_t d)
{
    uint64_t un = n < 0 ? 0 - (uint64_t)n : (uint64_t)n;
    uint64_t ud = d < 0 ? 0 - (uint64_t)d : (uint64_t)d;
    uint64_t q = __udivmoddi4(un, ud, 0);
    return (int64_t)(((n < 0) != (d < 0)) ? 0 - q : q);
}

int64_t __moddi3(int64_t n, int64_t d)
{
    uint64_t un = n < 0 ? 0 - (uint64_t)n : (uint64_t)n;
    uint64_t ud = d < 0 ? 0 - (uint64_t)d : (uint64_t)d;
    uint64_t r;
    __udivmoddi4(un, ud, &r);
    return (int64_t)(n < 0 ? 0 - r : r);
}

/* Truncating double -> uint64; NaN and negatives give 0, overflow saturates. */
uint64_t __fixunsdfdi(double x)
{
    union { double d; uint64_t u; } b = { x };
    int exp = (int)((b.u >> 52) & 0x7ff) - 1023;
    uint64_t mant = (b.u & ((1ULL << 52) - 1)) | (1ULL << 52);
    if ((b.u >> 63) || exp < 0)
        return 0;
    if (exp == 1024 && (b.u & ((1ULL << 52) - 1)))
        return 0;                       /* NaN */
    if (exp >= 64)
        return UINT64_MAX;
    return exp >= 52 ? mant << (exp - 52) : mant >> (52 - exp);
}

int64_t __fixdfdi(double x)
{
    if (x != x)
        return 0;
    if (x >= 9223372036854775808.0)
        return INT64_MAX;
    if (x <= -9223372036854775808.0)
        return INT64_MIN;
    return x < 0 ? -(int64_t)__fixunsdfdi(-x) : (int64_t)__fixunsdfdi(x);
}

/* hi * 2^32 is exact; the single addition rounds once, so this is correctly rounded. */
double __floatundidf(uint64_t v)
{
    return (double)(uint32_t)(v >> 32) * 4294967296.0 + (double)(uint32_t)v;
}

double __floatdidf(int64_t v)
{
    if (v < 0)
        return -__floatundidf(0 - (uint64_t)v);
    return __floatundidf((uint64_t)v);
}
#endif /* __riscv_xlen == 32 */
