/* strtod/strtof/strtold against glibc: printing random doubles exactly (%.17g, %a, %.40e),
 * reading them back (round trip), and parsing random decimal strings — all printed as
 * bit patterns so any difference in rounding shows. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <inttypes.h>
#include <errno.h>

static uint64_t s = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void)
{
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return s;
}

static uint64_t bits(double d)
{
    uint64_t b;
    memcpy(&b, &d, 8);
    return b;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1500;
    char buf[200], *end;
    int bad = 0;
    for (int i = 0; i < n; i++) {
        uint64_t b = rnd();
        if ((b >> 52 & 0x7ff) == 0x7ff)
            continue;
        double d;
        memcpy(&d, &b, 8);
        snprintf(buf, sizeof buf, "%.17g", d);
        double back = strtod(buf, &end);
        if (bits(back) != b || *end)
            bad++;
        printf("%s ", buf);
        snprintf(buf, sizeof buf, "%a", d);
        back = strtod(buf, &end);
        if (bits(back) != b || *end)
            bad++;
        printf("%s %.20e %.8g\n", buf, d, d);
    }
    printf("round-trip failures: %d\n", bad);
    /* random decimal strings: digits, point, exponent */
    for (int i = 0; i < n; i++) {
        char str[120];
        int len = 1 + (int)(rnd() % 40), k = 0;
        if (rnd() % 4 == 0)
            str[k++] = '-';
        int point = (int)(rnd() % (unsigned)(len + 1));
        for (int j = 0; j < len; j++) {
            if (j == point)
                str[k++] = '.';
            str[k++] = (char)('0' + rnd() % 10);
        }
        int e = (int)(rnd() % 700) - 350;
        if (rnd() % 8 == 0)
            e = (int)(rnd() % 40) - 345;   /* near the subnormal boundary */
        k += snprintf(str + k, sizeof str - (size_t)k, "e%d", e);
        errno = 0;
        double d = strtod(str, &end);
        int e1 = errno;
        errno = 0;
        float f = strtof(str, NULL);
        int e2 = errno;
        long double ld = strtold(str, NULL);
        uint32_t fb;
        memcpy(&fb, &f, 4);
        unsigned char lb[16];
        memcpy(lb, &ld, 16);
        printf("%s -> %016" PRIx64 " %d %08" PRIx32 " %d ", str, bits(d), e1 == ERANGE, fb, e2 == ERANGE);
        for (int j = 15; j >= 0; j--)
            printf("%02x", lb[j]);
        printf(" %td\n", end - str);
    }
    /* halfway cases and hard inputs */
    const char *hard[] = { "2.2250738585072011e-308", "2.2250738585072012e-308", "4.9406564584124654e-324",
                           "2.4703282292062327e-324", "2.4703282292062328e-324", "1.7976931348623157e308",
                           "1.7976931348623158e308", "1.7976931348623159e308", "9007199254740993",
                           "9007199254740992.5", "9007199254740993.0000000000000000000000000000001",
                           "0.1", "1e23", "8.589973e9", "1e-400", "1e400", "-0", "0x1.fffffffffffff8p1023",
                           "0x1p-1074", "0x1.8p-1075", "0x.8p-1073", "inf", "-Infinity", "nan", "nan(123)",
                           "  +12.5e+1xyz", "1e", "1e+", ".e5", ".", "0x", "0x.p1", "1.e2", "00000000000000001",
                           "123456789012345678901234567890e-30",
                           "0.000000000000000000000000000000000000000000000000000000000000001e61" };
    for (size_t i = 0; i < sizeof hard / sizeof *hard; i++) {
        errno = 0;
        double d = strtod(hard[i], &end);
        int e1 = errno;
        long double ld = strtold(hard[i], NULL);
        printf("[%s] %016" PRIx64 " %d end=%td %.36Le\n", hard[i], bits(d), e1 == ERANGE, end - hard[i], ld);
    }
    return 0;
}
