/* Self-test of the guest runtime (start.S + guest.c), run by guest_test.sh
 * under qemu-riscv64 and qemu-riscv32 (and usable under zl-run the same way).
 *
 * Expects: argv = { prog, "one", "", "three four" }, ZL_GUEST_TEST=1 in the
 * environment.  Prints check.h-style "PASS name" / "FAIL name: why" lines,
 * "FMT name text" lines that the script compares with expected text, writes
 * "stderr ok" to fd 2, and exits with status 7.
 */
#include "guest.h"

static int failed;

static void check(const char *name, int ok, const char *why)
{
    put_str(ok ? "PASS " : "FAIL ");
    put_str(name);
    if (!ok) {
        put_str(": ");
        put_str(why);
        failed = 1;
    }
    put_char('\n');
}

static int str_eq(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }

/* --------------------------------------------------------- entry/ABI */
static void test_entry(int argc, char **argv, char **envp)
{
    check("argc", argc == 4, "argc != 4");
    check("argv", argc == 4 && str_eq(argv[1], "one") && str_eq(argv[2], "") &&
                      str_eq(argv[3], "three four") && argv[4] == 0,
          "argv contents");
    int found = 0;
    for (char **e = envp; *e; e++)
        if (str_eq(*e, "ZL_GUEST_TEST=1"))
            found = 1;
    check("envp", found, "ZL_GUEST_TEST=1 not in envp");

#if defined(__x86_64__)
    /* No stack check on the host: gcc realigns this main's frame (its locals want 32
     * bytes), so nothing main can see tells whether start_x86_64.S aligned the stack. */
#else
    uintptr_t sp, gp, gp_want;
    __asm__ volatile("mv %0, sp" : "=r"(sp));
    __asm__ volatile("mv %0, gp" : "=r"(gp));
    __asm__ volatile(".option push\n.option norelax\nla %0, __global_pointer$\n.option pop"
                     : "=r"(gp_want));
    check("stack_aligned", (sp & 15) == 0, "sp not 16-byte aligned in main");
    check("gp", gp == gp_want, "gp != __global_pointer$");
#endif
}

/* -------------------------------------------------- memory functions */
static unsigned char src[160], dst[160], ref[160];

static void fill(unsigned char *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (unsigned char)(seed + i * 7u + (i >> 3));
}

/* call through volatile pointers so the real functions run, not builtins */
static void *(*volatile p_memcpy)(void *restrict, const void *restrict, size_t) = memcpy;
static void *(*volatile p_memmove)(void *, const void *, size_t) = memmove;
static void *(*volatile p_memset)(void *, int, size_t) = memset;
static int (*volatile p_memcmp)(const void *, const void *, size_t) = memcmp;
static size_t (*volatile p_strlen)(const char *) = strlen;

static void test_memory(void)
{
    int ok = 1;
    for (size_t so = 0; so < 8; so++)
        for (size_t doff = 0; doff < 8; doff++)
            for (size_t n = 0; n < 70; n += (n < 20 ? 1 : 7)) {
                fill(src, sizeof src, (unsigned)(so + n));
                fill(dst, sizeof dst, 0x55);
                for (size_t i = 0; i < sizeof ref; i++)
                    ref[i] = dst[i];
                for (size_t i = 0; i < n; i++)
                    ref[doff + i] = src[so + i];
                if (p_memcpy(dst + doff, src + so, n) != dst + doff)
                    ok = 0;
                for (size_t i = 0; i < sizeof ref; i++)
                    if (dst[i] != ref[i])
                        ok = 0;
            }
    check("memcpy", ok, "wrong bytes or return value");

    ok = 1;
    for (int shift = -9; shift <= 9; shift++)
        for (size_t n = 0; n < 40; n += 3) {
            fill(dst, sizeof dst, 3);
            for (size_t i = 0; i < sizeof ref; i++)
                ref[i] = dst[i];
            size_t from = 60, to = (size_t)(60 + shift);
            unsigned char tmp[64];
            for (size_t i = 0; i < n; i++)
                tmp[i] = ref[from + i];
            for (size_t i = 0; i < n; i++)
                ref[to + i] = tmp[i];
            p_memmove(dst + to, dst + from, n);
            for (size_t i = 0; i < sizeof ref; i++)
                if (dst[i] != ref[i])
                    ok = 0;
        }
    check("memmove_overlap", ok, "wrong bytes");

    ok = 1;
    for (size_t off = 0; off < 8; off++)
        for (size_t n = 0; n < 50; n++) {
            fill(dst, sizeof dst, 9);
            for (size_t i = 0; i < sizeof ref; i++)
                ref[i] = dst[i];
            for (size_t i = 0; i < n; i++)
                ref[off + i] = 0xa5;
            if (p_memset(dst + off, 0x1a5, n) != dst + off)   /* only the low byte counts */
                ok = 0;
            for (size_t i = 0; i < sizeof ref; i++)
                if (dst[i] != ref[i])
                    ok = 0;
        }
    check("memset", ok, "wrong bytes or return value");

    static const unsigned char a[] = { 1, 2, 3, 0x80 }, b[] = { 1, 2, 3, 0x7f };
    check("memcmp", p_memcmp(a, b, 3) == 0 && p_memcmp(a, b, 4) > 0 && p_memcmp(b, a, 4) < 0 &&
                        p_memcmp(a, b, 0) == 0,
          "wrong sign (bytes compare unsigned)");
    check("strlen", p_strlen("") == 0 && p_strlen("hello") == 5, "wrong length");
    check("strcmp", strcmp("abc", "abc") == 0 && strcmp("abc", "abd") < 0 &&
                        strcmp("ab", "abc") < 0 && strcmp("\x90", "a") > 0,
          "wrong sign");
}

/* ----------------------------- 64-bit arithmetic (libgcc helpers on rv32) */
static volatile uint64_t un[] = { 10000000000000000007ULL, UINT64_MAX, UINT64_MAX,
                                  123456789012345678ULL, 1099511627776ULL, 7 };
static volatile uint64_t ud[] = { 3, 4294967297ULL, 9223372036854775808ULL,
                                  987654321, 1099511627777ULL, 8589934592ULL };
static const uint64_t uq[] = { 3333333333333333335ULL, 4294967295ULL, 1, 124999998, 0, 0 };
static const uint64_t ur[] = { 2, 0, 9223372036854775807ULL, 862654320, 1099511627776ULL, 7 };
static volatile int64_t sn[] = { -9223372036854775807LL, -123456789012345LL, 987654321987654321LL, -5 };
static volatile int64_t sd[] = { 10, -1000003, -77, 3 };
static const int64_t sq[] = { -922337203685477580LL, 123456418, -12826679506333173LL, -1 };
static const int64_t sr[] = { -7, -643091, 0, -2 };

static uint64_t bits(double d)
{
    union { double d; uint64_t u; } b = { d };
    return b.u;
}

static void test_int64(void)
{
    int ok = 1;
    for (int i = 0; i < 6; i++)
        if (un[i] / ud[i] != uq[i] || un[i] % ud[i] != ur[i])
            ok = 0;
    check("udiv64", ok, "unsigned 64-bit / or % wrong");
    ok = 1;
    for (int i = 0; i < 4; i++)
        if (sn[i] / sd[i] != sq[i] || sn[i] % sd[i] != sr[i])
            ok = 0;
    check("sdiv64", ok, "signed 64-bit / or % wrong");

    volatile double d1 = -1e18, d2 = 123456789.987, d3 = -2.5, d4 = 1.8e19, d5 = 9.5;
    check("double_to_int64",
          (int64_t)d1 == -1000000000000000000LL && (int64_t)d2 == 123456789 &&
              (int64_t)d3 == -2 && (uint64_t)d4 == 18000000000000000000ULL && (uint64_t)d5 == 9,
          "conversion wrong");
    volatile int64_t i1 = -9007199254740993LL, i2 = INT64_MIN, i3 = 123456789012345678LL;
    volatile uint64_t u1 = UINT64_MAX, u2 = 0x8000000000000401ULL;
    check("int64_to_double",
          bits((double)i1) == 0xc340000000000000ULL && bits((double)i2) == 0xc3e0000000000000ULL &&
              bits((double)i3) == 0x437b69b4ba630f35ULL && bits((double)u1) == 0x43f0000000000000ULL &&
              bits((double)u2) == 0x43e0000000000001ULL,
          "conversion or rounding wrong");
    check("sqrt", bits(guest_sqrt(2.0)) == 0x3ff6a09e667f3bcdULL && guest_sqrt(0.25) == 0.5,
          "fsqrt.d result");
}

/* ----------------------------------------------------------- formatting */
static void test_format(void)
{
    put_str("FMT u64 "); put_u64(0); put_char(' '); put_u64(UINT64_MAX); put_char('\n');
    put_str("FMT i64 "); put_i64(INT64_MIN); put_char(' '); put_i64(-1); put_char(' ');
    put_i64(42); put_char('\n');
    put_str("FMT hex "); put_hex64(0x0123456789abcdefULL); put_char(' ');
    put_hex32(0xdeadbeef); put_char(' '); put_hexn(0xabc, 2); put_char('\n');
    put_str("FMT fixed "); put_fixed(3.14159265, 4); put_char(' '); put_fixed(-0.0004, 3);
    put_char(' '); put_fixed(-2.5, 0); put_char(' '); put_fixed(1234.5, 2); put_char('\n');
    put_kv_u64("FMT kv", 99);
    put_kv_hex64("FMT kvhex", 0xff);
    put_str("FMT parse "); put_u64(parse_u64("18446744073709551615", 1)); put_char(' ');
    put_u64(parse_u64("18446744073709551616", 1)); put_char(' ');
    put_u64(parse_u64("12x", 2)); put_char(' '); put_u64(parse_u64(0, 3)); put_char('\n');
    put_str_fd(2, "stderr ok\n");
}

int main(int argc, char **argv, char **envp)
{
    test_entry(argc, argv, envp);
    test_memory();
    test_int64();
    test_format();
    return failed ? 1 : 7;
}
