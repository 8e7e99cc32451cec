/* ulpcmp REF TEST [-v]: compares the output of a math ulp program (a .c file of tests/libc/ulp) built
 * against zlibc (TEST) with the same program built against glibc (REF).  Host C, built by
 * tests/libc/math_ulp_test.sh.
 *
 * Line format (tests/libc/ulp/README in docs/libc.md, "Math tests"):
 *     <type> <func> <maxulp> <arg1-hex> [<arg2-hex>...] = <result-hex> [<aux-hex>...]
 * type is f32, f64 or f128; hex digits are the raw IEEE bits (f128: 32 digits, high first).
 * The two files must have the same lines up to the result: same type, function, bound and
 * inputs.  A result matches when both are NaN, or both are infinite or both finite, with the
 * same sign (also for zeros), and they differ by at most maxulp units in the last place
 * (counted as steps between adjacent representable values of that sign, so 0 and the
 * smallest subnormal are 1 ulp apart, like the smallest normal and the largest subnormal).  aux values (frexp exponent,
 * lgamma sign, remquo quotient bits, ...) must be identical.
 * Exit 0 when everything matches, 1 otherwise; prints the first mismatches (at most 3 per
 * function), and with -v the largest ulp distance seen per type+function. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zl/types.h>

#define MAXTOK 12

struct line {
    char type[8], func[40];
    double maxulp;
    int nargs, naux;
    char args[MAXTOK][40];
    char res[40];
    char aux[MAXTOK][40];
};

/* Returns 1 on success, 0 on a malformed line. */
static int parse(char *s, struct line *l)
{
    char *tok[2 * MAXTOK + 8];
    int n = 0;
    for (char *t = strtok(s, " \t\r\n"); t && n < (int)(sizeof tok / sizeof *tok); t = strtok(NULL, " \t\r\n"))
        tok[n++] = t;
    if (n < 6 || strlen(tok[0]) >= sizeof l->type || strlen(tok[1]) >= sizeof l->func)
        return 0;
    strcpy(l->type, tok[0]);
    strcpy(l->func, tok[1]);
    char *end;
    l->maxulp = strtod(tok[2], &end);
    if (*end || l->maxulp < 0)
        return 0;
    int i = 3;
    l->nargs = 0;
    while (i < n && strcmp(tok[i], "=") != 0) {
        if (l->nargs == MAXTOK || strlen(tok[i]) >= 40)
            return 0;
        strcpy(l->args[l->nargs++], tok[i++]);
    }
    if (i + 1 >= n || strlen(tok[i + 1]) >= 40)
        return 0;
    strcpy(l->res, tok[i + 1]);
    l->naux = 0;
    for (i += 2; i < n; i++) {
        if (l->naux == MAXTOK || strlen(tok[i]) >= 40)
            return 0;
        strcpy(l->aux[l->naux++], tok[i]);
    }
    return 1;
}

/* The value's bits as a u128 (f32/f64 in the low bits); width in bits, 0 on a bad hex. */
static int getbits(const char *type, const char *hex, u128 *v)
{
    int w = !strcmp(type, "f32") ? 32 : !strcmp(type, "f64") ? 64 : !strcmp(type, "f128") ? 128 : 0;
    if (!w || (int)strlen(hex) != w / 4)
        return 0;
    u128 r = 0;
    for (const char *p = hex; *p; p++) {
        int d = *p >= '0' && *p <= '9' ? *p - '0' : *p >= 'a' && *p <= 'f' ? *p - 'a' + 10
              : *p >= 'A' && *p <= 'F' ? *p - 'A' + 10 : -1;
        if (d < 0)
            return 0;
        r = r << 4 | (u128)d;
    }
    *v = r;
    return w;
}

enum { C_FINITE, C_INF, C_NAN };

static int classify(u128 v, int w, int *neg)
{
    int ebits = w == 32 ? 8 : w == 64 ? 11 : 15;
    int mbits = w - 1 - ebits;
    u128 mag = v & (((u128)1 << (w - 1)) - 1);
    u128 emask = ((u128)1 << ebits) - 1;
    u128 e = mag >> mbits, m = mag & (((u128)1 << mbits) - 1);
    *neg = (int)(v >> (w - 1) & 1);
    if (e == emask)
        return m ? C_NAN : C_INF;
    return C_FINITE;
}

/* Steps between two finite values of the same sign: difference of the magnitudes' bits. */
static double ulps(u128 a, u128 b, int w)
{
    u128 mask = ((u128)1 << (w - 1)) - 1;
    a &= mask;
    b &= mask;
    u128 d = a > b ? a - b : b - a;
    return (double)d;
}

struct stat_ent {
    char key[48];
    double max;
    long n, bad;
};

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: ulpcmp REF TEST [-v]\n");
        return 2;
    }
    int verbose = argc > 3 && !strcmp(argv[3], "-v");
    FILE *fr = fopen(argv[1], "r"), *ft = fopen(argv[2], "r");
    if (!fr || !ft) {
        fprintf(stderr, "ulpcmp: cannot open %s\n", !fr ? argv[1] : argv[2]);
        return 2;
    }
    static struct stat_ent st[512];
    int nst = 0;
    char br[1024], bt[1024];
    long lineno = 0, bad = 0, total = 0;
    for (;;) {
        char *a = fgets(br, sizeof br, fr), *b = fgets(bt, sizeof bt, ft);
        lineno++;
        if (!a && !b)
            break;
        if (!a || !b) {
            printf("line %ld: %s has fewer lines\n", lineno, !a ? "glibc output" : "zlibc output");
            bad++;
            break;
        }
        char sr[1024], stt[1024];
        strcpy(sr, br);
        strcpy(stt, bt);
        struct line lr, lt;
        if (!parse(br, &lr) || !parse(bt, &lt)) {
            /* Not a result line: must be identical (e.g. "exit 0"). */
            if (strcmp(sr, stt) != 0) {
                if (bad++ < 10)
                    printf("line %ld differs: glibc '%.*s' zlibc '%.*s'\n", lineno, (int)strcspn(sr, "\n"), sr,
                           (int)strcspn(stt, "\n"), stt);
            }
            continue;
        }
        int same = !strcmp(lr.type, lt.type) && !strcmp(lr.func, lt.func) && lr.maxulp == lt.maxulp &&
                   lr.nargs == lt.nargs && lr.naux == lt.naux;
        for (int i = 0; same && i < lr.nargs; i++)
            same = !strcmp(lr.args[i], lt.args[i]);
        if (!same) {
            printf("line %ld: inputs differ (the programs are out of step)\n", lineno);
            bad++;
            break;
        }
        total++;
        u128 vr, vt;
        int w = getbits(lr.type, lr.res, &vr);
        if (!w || !getbits(lt.type, lt.res, &vt)) {
            printf("line %ld: bad result hex\n", lineno);
            bad++;
            continue;
        }
        int nr, nt, cr = classify(vr, w, &nr), ct = classify(vt, w, &nt);
        double d = 0;
        int ok;
        if (cr == C_NAN || ct == C_NAN)
            ok = cr == ct;
        else if (cr != ct || nr != nt)
            ok = 0, d = -1;
        else
            d = cr == C_FINITE ? ulps(vr, vt, w) : 0, ok = d <= lr.maxulp;
        for (int i = 0; ok && i < lr.naux; i++)
            ok = !strcmp(lr.aux[i], lt.aux[i]);
        char key[48];
        snprintf(key, sizeof key, "%s %s", lr.type, lr.func);
        int k;
        for (k = 0; k < nst && strcmp(st[k].key, key); k++)
            ;
        if (k == nst && nst < (int)(sizeof st / sizeof *st)) {
            strcpy(st[nst].key, key);
            st[nst].max = 0;
            st[nst].bad = 0;
            st[nst++].n = 0;
        }
        if (k < nst) {
            st[k].n++;
            if (d > st[k].max || d < 0)
                st[k].max = d < 0 ? 1e30 : d > st[k].max ? d : st[k].max;
        }
        if (!ok && k < nst)
            st[k].bad++;
        if (!ok && bad++ < 40 && (k == nst || st[k].bad <= 3)) {
            printf("%s %s(", lr.type, lr.func);
            for (int i = 0; i < lr.nargs; i++)
                printf("%s%s", i ? ", " : "", lr.args[i]);
            printf("): glibc %s", lr.res);
            for (int i = 0; i < lr.naux; i++)
                printf(" %s", lr.aux[i]);
            printf(", zlibc %s", lt.res);
            for (int i = 0; i < lt.naux; i++)
                printf(" %s", lt.aux[i]);
            if (d < 0)
                printf(" (class or sign differs)\n");
            else
                printf(" (%.0f ulp, bound %g)\n", d, lr.maxulp);
        }
    }
    if (verbose)
        for (int k = 0; k < nst; k++) {
            if (st[k].max >= 1e30)
                printf("max %-16s class/sign mismatch (%ld values)\n", st[k].key, st[k].n);
            else
                printf("max %-16s %.0f ulp (%ld values%s)\n", st[k].key, st[k].max, st[k].n,
                       st[k].bad ? ", OUT OF BOUNDS" : "");
        }
    if (bad)
        printf("%ld of %ld results differ\n", bad, total);
    return bad ? 1 : 0;
}
