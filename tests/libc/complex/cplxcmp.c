/* Compares two outputs of cplx.c line by line (host program): zlibc's against glibc's.
 * Per part: NaN matches NaN of any sign; infinities and zeros must match exactly (sign
 * included, except a zero or infinity whose other part is NaN, where Annex G leaves the
 * sign unspecified); finite values may differ by at most MAXULP units in the last place
 * (argv[3], default 4; for cpow, whose exp(w log z) magnifies the error, 16 times that,
 * in ulps of the larger part).  Prints "FAIL name: ..." for the first few mismatches per
 * function, then one summary line per function: "name max-ulp count".  Exit status 1 on
 * any mismatch. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zl/types.h>

struct part { int bits; u128 v; };

static u128 hex(const char *s, int *digits)
{
    u128 v = 0;
    *digits = 0;
    for (; *s; s++, (*digits)++) {
        int c = *s;
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0) break;
        v = v << 4 | (u128)d;
    }
    return v;
}

/* exponent-field width and sign position by format */
static void fmt(int bits, int *eb, int *mb) { *eb = bits == 32 ? 8 : bits == 64 ? 11 : 15; *mb = bits - 1 - *eb; }
static int isnan_(u128 v, int bits) { int eb, mb; fmt(bits, &eb, &mb); u128 m = v & ~((u128)1 << (bits - 1)); return m > ((((u128)1 << eb) - 1) << mb); }
static int isinf_(u128 v, int bits) { int eb, mb; fmt(bits, &eb, &mb); u128 m = v & ~((u128)1 << (bits - 1)); return m == ((((u128)1 << eb) - 1) << mb); }
static int iszero_(u128 v, int bits) { return (v & ~((u128)1 << (bits - 1))) == 0; }
/* ordered integer of a finite value: ulp distance = difference */
static i128 ord(u128 v, int bits)
{
    u128 s = (u128)1 << (bits - 1);
    return v & s ? -(i128)(v & ~s) : (i128)v;
}

int main(int argc, char **argv)
{
    if (argc < 3) return 2;
    FILE *a = fopen(argv[1], "r"), *b = fopen(argv[2], "r");
    double maxulp = argc > 3 ? atof(argv[3]) : 4;
    if (!a || !b) { perror("open"); return 2; }
    char la[256], lb[256], cur[32] = "";
    double worst = 0;
    int fails = 0, nfail_fn = 0, n = 0, status = 0;
    for (;;) {
        char *ra = fgets(la, sizeof la, a), *rb = fgets(lb, sizeof lb, b);
        if (!ra || !rb) {
            if (ra != rb) { printf("FAIL cplx: outputs differ in length\n"); status = 1; }
            break;
        }
        char na[32], nb[32], ta[4], tb[4], x1[40], y1[40], x2[40], y2[40];
        int ia, ib;
        if (sscanf(la, "%31s %d %3s %39s %39s", na, &ia, ta, x1, y1) != 5 ||
            sscanf(lb, "%31s %d %3s %39s %39s", nb, &ib, tb, x2, y2) != 5 || strcmp(na, nb) || ia != ib || strcmp(ta, tb)) {
            printf("FAIL cplx: lines differ: %s", lb);
            return 1;
        }
        if (strcmp(cur, na)) {
            if (cur[0]) printf("%s max %.0f ulp over %d results%s\n", cur, worst, n, nfail_fn ? " (FAILED)" : "");
            snprintf(cur, sizeof cur, "%s", na);
            worst = 0; n = 0; nfail_fn = 0;
        }
        n++;
        int d;
        u128 p[2] = {hex(x1, &d), hex(y1, &d)}, q[2] = {hex(x2, &d), hex(y2, &d)};
        int bits = d * 4;
        for (int k = 0; k < 2; k++) {
            u128 u = p[k], v = q[k];
            const char *bad = NULL;
            double ulp = 0;
            int other_nan = isnan_(p[1 - k], bits) && isnan_(q[1 - k], bits);
            double lim = strcmp(na, "cpow") ? maxulp : 16 * maxulp; /* exp(w log z) magnifies */
            if (isnan_(u, bits) || isnan_(v, bits)) {
                if (!(isnan_(u, bits) && isnan_(v, bits))) bad = "NaN vs number";
            } else if (isinf_(u, bits) || isinf_(v, bits)) {
                if (u != v && !(other_nan && isinf_(u, bits) && isinf_(v, bits))) bad = "infinity differs";
            } else if (iszero_(u, bits) && iszero_(v, bits)) {
                if (u != v && !other_nan) bad = "sign of zero differs";
            } else {
                i128 dd = ord(u, bits) - ord(v, bits);
                ulp = (double)(dd < 0 ? -dd : dd);
                if (!strcmp(na, "cpow")) {
                    /* cpow: measured in ulps of the larger part (a part much smaller than
                     * the other comes out of cancellation in exp(w log z)) */
                    int eb, mb;
                    fmt(bits, &eb, &mb);
                    int e0 = (int)(p[k] >> mb) & ((1 << eb) - 1), e1 = (int)(p[1 - k] >> mb) & ((1 << eb) - 1);
                    if (e1 > e0 && !isnan_(p[1 - k], bits) && !isinf_(p[1 - k], bits))
                        for (int q2 = e0; q2 < e1 && ulp > 0; q2++) ulp /= 2;
                }
                if (ulp > lim) bad = "too far";
            }
            if (ulp > worst) worst = ulp;
            if (bad) {
                status = 1;
                if (nfail_fn++ < 3 && fails++ < 40)
                    printf("FAIL %s %d %s part %d: %s (%.0f ulp): glibc %s %s, zlibc %s %s\n", na, ia, ta, k, bad, ulp, x1, y1, x2, y2);
            }
        }
    }
    if (cur[0]) printf("%s max %.0f ulp over %d results%s\n", cur, worst, n, nfail_fn ? " (FAILED)" : "");
    return status;
}
