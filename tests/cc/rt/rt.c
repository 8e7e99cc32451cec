/* tests/cc minimal runtime: the C part (stdio output, string, stdlib, math).
 *
 * Used to run the zl-cc test programs until zlibc lands. It is compiled by
 * the compiler under test (zl-cc -m128/-m64/-m32) and, to validate it, by
 * riscv64-linux-gnu-gcc for rv64 and rv32. It must stay portable across the
 * LP128, LP64 and ILP32 data models and must not need compiler runtime
 * helpers: number formatting divides by shifting and subtracting, so rv32 does
 * not need __udivdi3 and rv64 no __udivti3.
 *
 * Output goes to fd 1 through a line buffer that is flushed at '\n', when it
 * fills, and by exit()/abort().
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

long __zlrt_syscall(long nr, long a0, long a1, long a2);

#define SYS_write 64
#define SYS_exit_group 94
#define SYS_getpid 172
#define SYS_kill 129
#define SIGABRT 6

/* ---- output ------------------------------------------------------------ */

static char outbuf[512];
static size_t outlen;

static void flush_stdout(void)
{
    size_t done = 0;
    while (done < outlen) {
        long r = __zlrt_syscall(SYS_write, 1, (long)(outbuf + done), (long)(outlen - done));
        if (r <= 0)
            break;
        done += (size_t)r;
    }
    outlen = 0;
}

static void stdout_char(char c)
{
    outbuf[outlen++] = c;
    if (c == '\n' || outlen == sizeof outbuf)
        flush_stdout();
}

struct sink {
    char *buf;      /* NULL: stdout */
    size_t cap;     /* bytes available in buf, including the final NUL */
    size_t len;     /* characters produced so far (also beyond cap) */
};

static void put(struct sink *s, char c)
{
    if (!s->buf)
        stdout_char(c);
    else if (s->len + 1 < s->cap)
        s->buf[s->len] = c;
    s->len++;
}

static void put_n(struct sink *s, char c, int n)
{
    while (n-- > 0)
        put(s, c);
}

/* The widest standard unsigned type: 128 bits in LP128, 64 otherwise. */
typedef unsigned long long umax;

/* *v /= base, returns the remainder; bit-serial, so no division helper is needed. */
static unsigned divmod(umax *v, unsigned base)
{
    umax q = 0;
    unsigned r = 0;
    for (int i = (int)(sizeof(umax) * 8) - 1; i >= 0; i--) {
        r = (r << 1) | (unsigned)((*v >> i) & 1);
        q <<= 1;
        if (r >= base) {
            r -= base;
            q |= 1;
        }
    }
    *v = q;
    return r;
}

enum { F_MINUS = 1, F_PLUS = 2, F_SPACE = 4, F_HASH = 8, F_ZERO = 16 };

static void fmt_int(struct sink *s, umax v, int neg, unsigned base, int upper, int flags,
                    int width, int prec)
{
    char digits[140];
    int nd = 0;
    const char *dig = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    umax t = v;
    while (t != 0)
        digits[nd++] = dig[divmod(&t, base)];
    /* precision: minimum digit count; an explicit 0 precision with value 0 prints nothing */
    int zeros = 0;
    if (prec >= 0) {
        if (prec > nd)
            zeros = prec - nd;
        flags &= ~F_ZERO;
    } else if (nd == 0) {
        zeros = 1;
    }
    const char *prefix = "";
    if (neg)
        prefix = "-";
    else if (flags & F_PLUS)
        prefix = "+";
    else if (flags & F_SPACE)
        prefix = " ";
    if ((flags & F_HASH) && base == 16 && v != 0)
        prefix = upper ? "0X" : "0x";
    if ((flags & F_HASH) && base == 8 && zeros == 0 && (nd == 0 || digits[nd - 1] != '0'))
        zeros = 1;
    int plen = (int)strlen(prefix);
    int total = plen + zeros + nd;
    int pad = width > total ? width - total : 0;
    if (!(flags & F_MINUS) && !(flags & F_ZERO))
        put_n(s, ' ', pad);
    for (int i = 0; i < plen; i++)
        put(s, prefix[i]);
    if (!(flags & F_MINUS) && (flags & F_ZERO))
        put_n(s, '0', pad);
    put_n(s, '0', zeros);
    while (nd > 0)
        put(s, digits[--nd]);
    if (flags & F_MINUS)
        put_n(s, ' ', pad);
}

enum { L_NONE, L_HH, L_H, L_L, L_LL, L_Z, L_J, L_T, L_W8, L_W16, L_W32, L_W64 };

static int format(struct sink *s, const char *f, va_list ap)
{
    while (*f) {
        if (*f != '%') {
            put(s, *f++);
            continue;
        }
        f++;
        int flags = 0;
        for (;; f++) {
            if (*f == '-') flags |= F_MINUS;
            else if (*f == '+') flags |= F_PLUS;
            else if (*f == ' ') flags |= F_SPACE;
            else if (*f == '#') flags |= F_HASH;
            else if (*f == '0') flags |= F_ZERO;
            else break;
        }
        int width = 0;
        if (*f == '*') {
            width = va_arg(ap, int);
            if (width < 0) {
                flags |= F_MINUS;
                width = -width;
            }
            f++;
        } else {
            while (*f >= '0' && *f <= '9')
                width = width * 10 + (*f++ - '0');
        }
        int prec = -1;
        if (*f == '.') {
            f++;
            prec = 0;
            if (*f == '*') {
                prec = va_arg(ap, int);
                f++;
            } else {
                while (*f >= '0' && *f <= '9')
                    prec = prec * 10 + (*f++ - '0');
            }
        }
        int len = L_NONE;
        if (*f == 'h') {
            f++;
            len = L_H;
            if (*f == 'h') { f++; len = L_HH; }
        } else if (*f == 'l') {
            f++;
            len = L_L;
            if (*f == 'l') { f++; len = L_LL; }
        } else if (*f == 'z') { f++; len = L_Z; }
        else if (*f == 'j') { f++; len = L_J; }
        else if (*f == 't') { f++; len = L_T; }
        else if (*f == 'w') {
            /* C23 wN (PRId64 is "w64d" in LP128) */
            int n = 0;
            f++;
            while (*f >= '0' && *f <= '9')
                n = n * 10 + (*f++ - '0');
            len = n == 8 ? L_W8 : n == 16 ? L_W16 : n == 32 ? L_W32 : L_W64;
        }
        char c = *f ? *f++ : 0;
        switch (c) {
        case 'd': case 'i': {
            long long v;
            switch (len) {
            case L_HH: v = (signed char)va_arg(ap, int); break;
            case L_H: v = (short)va_arg(ap, int); break;
            case L_L: v = va_arg(ap, long); break;
            case L_LL: v = va_arg(ap, long long); break;
            case L_Z: v = (__PTRDIFF_TYPE__)va_arg(ap, size_t); break; /* ssize_t: same size */
            case L_J: v = va_arg(ap, __INTMAX_TYPE__); break;
            case L_T: v = va_arg(ap, __PTRDIFF_TYPE__); break;
            case L_W8: v = (signed char)va_arg(ap, int); break;
            case L_W16: v = (short)va_arg(ap, int); break;
            case L_W32: v = va_arg(ap, int); break;
#ifdef __INT64_TYPE__
            case L_W64: v = va_arg(ap, __INT64_TYPE__); break;
#else
            case L_W64: v = va_arg(ap, long long); break;
#endif
            default: v = va_arg(ap, int); break;
            }
            umax m = v < 0 ? -(umax)v : (umax)v;
            fmt_int(s, m, v < 0, 10, 0, flags, width, prec);
            break;
        }
        case 'u': case 'x': case 'X': case 'o': {
            umax v;
            switch (len) {
            case L_HH: v = (unsigned char)va_arg(ap, unsigned); break;
            case L_H: v = (unsigned short)va_arg(ap, unsigned); break;
            case L_L: v = va_arg(ap, unsigned long); break;
            case L_LL: v = va_arg(ap, unsigned long long); break;
            case L_Z: v = va_arg(ap, size_t); break;
            case L_J: v = va_arg(ap, unsigned __INTMAX_TYPE__); break;
            case L_T: v = (unsigned __PTRDIFF_TYPE__)va_arg(ap, __PTRDIFF_TYPE__); break;
            case L_W8: v = (unsigned char)va_arg(ap, unsigned); break;
            case L_W16: v = (unsigned short)va_arg(ap, unsigned); break;
            case L_W32: v = va_arg(ap, unsigned); break;
#ifdef __INT64_TYPE__
            case L_W64: v = va_arg(ap, unsigned __INT64_TYPE__); break;
#else
            case L_W64: v = va_arg(ap, unsigned long long); break;
#endif
            default: v = va_arg(ap, unsigned); break;
            }
            unsigned base = c == 'u' ? 10 : c == 'o' ? 8 : 16;
            fmt_int(s, v, 0, base, c == 'X', flags & ~(F_PLUS | F_SPACE), width, prec);
            break;
        }
        case 'p': {
            void *p = va_arg(ap, void *);
            /* glibc style: "0x..." in lowercase hex, "(nil)" for NULL */
            if (!p) {
                const char *n = "(nil)";
                int pad = width > 5 ? width - 5 : 0;
                if (!(flags & F_MINUS)) put_n(s, ' ', pad);
                while (*n) put(s, *n++);
                if (flags & F_MINUS) put_n(s, ' ', pad);
            } else {
                fmt_int(s, (umax)(__SIZE_TYPE__)p, 0, 16, 0, (flags & (F_MINUS | F_PLUS | F_SPACE)) | F_HASH,
                        width, prec);
            }
            break;
        }
        case 'c': {
            int pad = width > 1 ? width - 1 : 0;
            if (!(flags & F_MINUS)) put_n(s, ' ', pad);
            put(s, (char)va_arg(ap, int));
            if (flags & F_MINUS) put_n(s, ' ', pad);
            break;
        }
        case 's': {
            const char *str = va_arg(ap, const char *);
            if (!str)
                str = "(null)";
            int n = 0;
            while (str[n] && (prec < 0 || n < prec))
                n++;
            int pad = width > n ? width - n : 0;
            if (!(flags & F_MINUS)) put_n(s, ' ', pad);
            for (int i = 0; i < n; i++)
                put(s, str[i]);
            if (flags & F_MINUS) put_n(s, ' ', pad);
            break;
        }
        case '%':
            put(s, '%');
            break;
        default:
            /* unsupported conversion: print it verbatim so the failure is visible */
            put(s, '%');
            if (c)
                put(s, c);
            break;
        }
    }
    return (int)s->len;
}

int vprintf(const char *fmt, va_list ap)
{
    struct sink s = { 0, 0, 0 };
    return format(&s, fmt, ap);
}

int printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vprintf(fmt, ap);
    va_end(ap);
    return n;
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
    struct sink s = { buf, size, 0 };
    int n = format(&s, fmt, ap);
    if (size > 0)
        buf[s.len < size ? s.len : size - 1] = 0;
    return n;
}

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, size, fmt, ap);
    va_end(ap);
    return n;
}

int vsprintf(char *buf, const char *fmt, va_list ap)
{
    return vsnprintf(buf, (size_t)-1 / 2, fmt, ap);
}

int sprintf(char *buf, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsprintf(buf, fmt, ap);
    va_end(ap);
    return n;
}

int putchar(int c)
{
    stdout_char((char)c);
    return (unsigned char)c;
}

int puts(const char *str)
{
    while (*str)
        stdout_char(*str++);
    stdout_char('\n');
    return 1;
}

/* ---- process ------------------------------------------------------------ */

void _Exit(int status)
{
    for (;;)
        __zlrt_syscall(SYS_exit_group, status, 0, 0);
}

void exit(int status)
{
    flush_stdout();
    _Exit(status);
}

void abort(void)
{
    flush_stdout();
    __zlrt_syscall(SYS_kill, __zlrt_syscall(SYS_getpid, 0, 0, 0), SIGABRT, 0);
    _Exit(134);
}

int abs(int x) { return x < 0 ? -x : x; }
long labs(long x) { return x < 0 ? -x : x; }
long long llabs(long long x) { return x < 0 ? -x : x; }

int atoi(const char *str)
{
    int neg = 0, v = 0;
    while (*str == ' ' || (*str >= '\t' && *str <= '\r'))
        str++;
    if (*str == '-' || *str == '+')
        neg = *str++ == '-';
    while (*str >= '0' && *str <= '9')
        v = v * 10 + (*str++ - '0');
    return neg ? -v : v;
}

static _Alignas(16) unsigned char arena[1 << 20];
static size_t arena_used, arena_last;

void *malloc(size_t n)
{
    size_t start = (arena_used + 15) & ~(size_t)15;
    if (n > sizeof arena - start)
        return NULL;
    arena_last = start;
    arena_used = start + n;
    return arena + start;
}

void *calloc(size_t n, size_t size)
{
    if (size != 0 && n > (size_t)-1 / size)
        return NULL;
    void *p = malloc(n * size);
    if (p)
        memset(p, 0, n * size);
    return p;
}

void free(void *p)
{
    if (p && (unsigned char *)p == arena + arena_last)
        arena_used = arena_last;
}

/* ---- string ------------------------------------------------------------- */

size_t strlen(const char *str)
{
    size_t n = 0;
    while (str[n])
        n++;
    return n;
}

void *memcpy(void *restrict dst, const void *restrict src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *sp = src;
    while (n--)
        *d++ = *sp++;
    return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *sp = src;
    if (d < sp) {
        while (n--)
            *d++ = *sp++;
    } else {
        while (n--)
            d[n] = sp[n];
    }
    return dst;
}

void *memset(void *dst, int c, size_t n)
{
    unsigned char *d = dst;
    while (n--)
        *d++ = (unsigned char)c;
    return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *x = a, *y = b;
    for (; n; n--, x++, y++)
        if (*x != *y)
            return *x < *y ? -1 : 1;
    return 0;
}

int strcmp(const char *a, const char *b)
{
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    while (*x && *x == *y)
        x++, y++;
    return *x < *y ? -1 : *x > *y;
}

int strncmp(const char *a, const char *b, size_t n)
{
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    for (; n; n--, x++, y++) {
        if (*x != *y)
            return *x < *y ? -1 : 1;
        if (!*x)
            break;
    }
    return 0;
}

char *strcpy(char *restrict dst, const char *restrict src)
{
    char *d = dst;
    while ((*d++ = *src++))
        ;
    return dst;
}

char *strchr(const char *str, int c)
{
    for (;; str++) {
        if (*str == (char)c)
            return (char *)str;
        if (!*str)
            return NULL;
    }
}

/* ---- math (what Csmith's safe_math.h calls) ----------------------------- */

double fabs(double x) { return x < 0 ? -x : x == 0 ? 0.0 : x; }
float fabsf(float x) { return x < 0 ? -x : x == 0 ? 0.0f : x; }

double ldexp(double x, int e)
{
    /* steps of at most 2^±500 keep every intermediate finite and normal
     * for the inputs Csmith produces (normal x, |e| small) */
    while (e > 500) { x *= 0x1p500; e -= 500; }
    while (e < -500) { x *= 0x1p-500; e += 500; }
    double m = 1.0;
    if (e >= 0) while (e--) m *= 2.0;
    else while (e++) m *= 0.5;
    return x * m;
}

float ldexpf(float x, int e)
{
    return (float)ldexp((double)x, e);
}
