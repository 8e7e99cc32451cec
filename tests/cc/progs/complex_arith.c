// _Complex: types, conversions, arithmetic (with GCC's real-operand rules), NaN/inf
// products and quotients (libzlrt __mul?c3/__div?c3), comparisons, lvalue parts,
// calls, varargs, static initializers.  Values are printed as bit patterns (NaN as "nan").
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef uint64_t u64;
static u64 db(double d) { u64 u = 0; memcpy(&u, &d, 8); return u; }
static unsigned fb(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
static void pdd(double d) { if (d != d) printf(" nan"); else printf(" %016llx", (unsigned long long)db(d)); }
static void pff(float f) { if (f != f) printf(" nan"); else printf(" %08x", fb(f)); }
static void pll(long double l)
{
    u64 w[2];
    memcpy(w, &l, 16);
    if (l != l) printf(" nan");
    else printf(" %016llx%016llx", (unsigned long long)w[1], (unsigned long long)w[0]);
}
static void pd(const char *n, double _Complex z) { printf("%-8s", n); pdd(__real__ z); pdd(__imag__ z); printf("\n"); }
static void pf(const char *n, float _Complex z) { printf("%-8s", n); pff(__real__ z); pff(__imag__ z); printf("\n"); }
static void pl(const char *n, long double _Complex z) { printf("%-8s", n); pll(__real__ z); pll(__imag__ z); printf("\n"); }

struct S { char c; double _Complex z; float _Complex f; };
static double _Complex gd = 1.5 + 2.5i;
static float _Complex gf[3] = {1.0f, 2.0fi, 3.0f - 4.0fi};
static long double _Complex gl = -0.5L + 0.25Li;
static struct S gs = {'x', 3.0 - 0.0i, -1.0fi};
static double _Complex gc = (1.0 + 2.0i) * (3.0 - 1.0i) + 0.5;
static _Complex double gplain = 2;

static double _Complex add_d(double _Complex a, double _Complex b) { return a + b; }
static float _Complex conj_f(float _Complex a) { return ~a; }
static long double _Complex mul_l(long double _Complex a, long double _Complex b) { return a * b; }
static double _Complex vsum(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    double _Complex s = 0;
    for (int i = 0; i < n; i++) s += va_arg(ap, double _Complex);
    va_end(ap);
    return s;
}
static double _Complex many(double a, double b, double c, double d, double e, double f, double _Complex z, double _Complex w)
{
    return z * w + (a + b + c + d + e + f);
}

int main(void)
{
    printf("sizes %d %d %d align %d %d %d\n", (int)sizeof(float _Complex), (int)sizeof(double _Complex),
           (int)sizeof(long double _Complex), (int)_Alignof(float _Complex), (int)_Alignof(double _Complex),
           (int)_Alignof(long double _Complex));
    volatile double _Complex z = 1.0 + 2.0i, w = 3.0 - 1.0i;
    volatile double x = 2.0, zero = 0.0;
    double inf = 1.0 / zero, nan = zero / zero;
    printf("generic %d %d %d %d\n", _Generic(z * w, double _Complex: 1, default: 0),
           _Generic(1.0fi, float _Complex: 1, default: 0), _Generic(x + 1.0i, double _Complex: 1, default: 0),
           _Generic(1.0fi * 2.0L, long double _Complex: 1, default: 0));
    pd("z+w", z + w); pd("z-w", z - w); pd("z*w", z * w); pd("z/w", z / w);
    pd("x+z", x + z); pd("z+x", z + x); pd("x-z", x - z); pd("z-x", z - x);
    pd("x*z", x * z); pd("z*x", z * x); pd("x/z", x / z); pd("z/x", z / x);
    pd("-z", -z); pd("~z", ~z); pd("+z", +z);
    pd("i*i", 1.0i * 1.0i);
    pd("int*z", 3 * z);
    /* signed zeros: a real operand's imaginary part is absent, not +0 */
    volatile double _Complex nz = 1.0 - 0.0i;
    pd("nz+x", nz + x); pd("x-nz", x - nz); pd("nz*x", nz * x);
    /* infinities and NaNs */
    volatile double _Complex zi = inf + 1.0i, zn = nan + nan * 1.0i, zni = nan + inf * 1.0i;
    double _Complex cinf = __builtin_complex(inf, nan), cnan = __builtin_complex(nan, nan);
    pd("inf*1", cinf * z); pd("z*inf", z * cinf); pd("zi*zi", zi * zi);
    pd("zni*z", zni * z); pd("zn*z", zn * z);
    pd("big*big", __builtin_complex(1e300, 1e300) * __builtin_complex(1e300, -1e300));
    pd("z/0", z / __builtin_complex(0.0, 0.0)); pd("inf/z", cinf / z); pd("z/inf", z / cinf);
    pd("nan/z", cnan / z); pd("z/zi", z / zi);
    /* run-time operands: GCC folds constant quotients exactly (MPC), not by __divdc3 */
    volatile double _Complex t1 = __builtin_complex(1e-310, 2e-310), t2 = __builtin_complex(3e-310, 1e-320);
    volatile double _Complex h1 = __builtin_complex(1e308, 1e308), h2 = __builtin_complex(1e308, 1e307);
    volatile double _Complex m1 = __builtin_complex(1.0, 2.0), m2 = __builtin_complex(1e-300, 1e300);
    pd("tiny", t1 / t2); pd("huge", h1 / h2); pd("mix", m1 / m2);
    /* float and long double */
    volatile float _Complex f = 1.5f - 2.0fi, g = -0.5f + 4.0fi;
    pf("f*g", f * g); pf("f/g", f / g); pf("f+g", f + g); pf("f/big", f / __builtin_complex(3e38f, 1e38f));
    pf("finf", __builtin_complex(__builtin_inff(), 0.0f) * g);
    volatile long double _Complex l = 1.0L + 3.0Li, m = 0.5L - 2.0Li;
    pl("l*m", l * m); pl("l/m", l / m); pl("l-m", l - m); pl("-l", -l);
    pl("linf", __builtin_complex(__builtin_infl(), (long double)nan) * m);
    pl("l/0", l / (long double _Complex)0);
    /* conversions */
    double _Complex c = f;
    pd("f->d", c);
    float _Complex fc = z / w;
    pf("d->f", fc);
    long double _Complex lc = z;
    pl("d->l", lc);
    pd("l->d", l);
    printf("to int %d to double %016llx to bool %d %d %d %d\n", (int)(z * 3.7), (unsigned long long)db((double)w),
           (_Bool)(0.0 + 1.0i), (_Bool)(0.0 + 0.0i), (_Bool)f, !z);
    double _Complex fromint = 7;
    pd("int->c", fromint);
    /* comparisons */
    printf("eq %d %d %d %d %d %d\n", z == z, z == w, z != w, z == 1.0 + 2.0i, x == x + 0.0i, cnan == cnan);
    if (z) printf("z is true\n");
    if (!(0.0 + 0.0i)) printf("0 is false\n");
    printf("?: %d\n", z && w ? 1 : 2);
    /* lvalue parts, compound assignment, pointers, arrays, structs */
    double _Complex v = 1.0;
    __real__ v = 4.0;
    __imag__ v += 3.0;
    double *pv = &__imag__ v;
    *pv *= 2;
    pd("parts", v);
    v += z; pd("v+=z", v);
    v -= 1; pd("v-=1", v);
    v *= w; pd("v*=w", v);
    v /= w; pd("v/=w", v);
    v *= 2.0; pd("v*=2", v);
    double d = 10; d += z; printf("d+=z %016llx\n", (unsigned long long)db(d));
    double _Complex arr[3] = {1, 2.0i, z};
    double _Complex *pa = arr;
    pa[1] *= pa[2];
    pd("arr1", arr[1]); pd("arr2", *(pa + 2));
    struct S s = {'a', 2.0 + 0.5i, 1.0f + 1.0fi};
    s.z = s.z * s.f;
    pd("s.z", s.z); pf("s.f", s.f);
    struct S t = s;
    pd("t.z", t.z);
    /* static data */
    pd("gd", gd); pf("gf0", gf[0]); pf("gf1", gf[1]); pf("gf2", gf[2]); pl("gl", gl);
    pd("gs.z", gs.z); pf("gs.f", gs.f); pd("gc", gc); pd("gplain", gplain);
    /* calls */
    pd("add", add_d(z, w)); pf("conj", conj_f(f)); pl("mul_l", mul_l(l, m));
    pd("vsum", vsum(3, z, w, 1.0i));
    pd("many", many(1, 2, 3, 4, 5, 6, z, w));
    double _Complex (*fp)(double _Complex, double _Complex) = add_d;
    pd("fp", fp(w, w));
    return 0;
}
