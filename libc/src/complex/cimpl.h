/* The complex functions of <complex.h> for one real type, included by cdouble.c (T =
 * double) and cldouble.c (T = long double) with
 *   T        the real type,        CT  its complex type,
 *   F(name)  the real function of T (exp or expl ...),
 *   C(name)  the complex function being defined (cexp or cexpl ...),
 *   LOGMAX   a bound below log(T_MAX) - 1 (exp of more overflows when halved twice),
 *   TANHBIG  |x| beyond which tanh(x) rounds to +-1,
 *   TMAX, TMIN the largest finite and the smallest normal T,
 *   SCL, USCL  2^(2k) and 2^-k lifting subnormal operands of csqrt to normal ones.
 * Special values follow C11 Annex G (G.6); the finite cases use formulas that avoid
 * cancellation and intermediate overflow (Kahan's for the inverse functions). */

#define CX(a, b) __builtin_complex((T)(a), (T)(b))
#define RE(z) __real__(z)
#define IM(z) __imag__(z)

static T C(inf_)(void) { return (T)HUGE_VAL; }
static int C(isinf_)(T x) { return F(fabs)(x) == C(inf_)(); }
static int C(isnan_)(T x) { return x != x; }
static int C(isfin_)(T x) { return !C(isnan_)(x) && !C(isinf_)(x); }
static T C(nan_)(void) { return C(inf_)() - C(inf_)(); }
static T C(pi_)(void) { return F(atan2)((T)0, (T)-1); }

T C(creal)(CT z) { return RE(z); }
T C(cimag)(CT z) { return IM(z); }
CT C(conj)(CT z) { return CX(RE(z), -IM(z)); }
T C(cabs)(CT z) { return F(hypot)(RE(z), IM(z)); }
T C(carg)(CT z) { return F(atan2)(IM(z), RE(z)); }

CT C(cproj)(CT z)
{
    if (C(isinf_)(RE(z)) || C(isinf_)(IM(z))) return CX(C(inf_)(), F(copysign)((T)0, IM(z)));
    return z;
}

CT C(cexp)(CT z)
{
    T x = RE(z), y = IM(z);
    if (y == 0) return CX(F(exp)(x), y);            /* also NaN + i0 */
    if (C(isinf_)(x)) {
        if (x > 0) {
            if (!C(isfin_)(y)) return CX(x, y - y);  /* +inf + iNaN */
            return CX(x * F(cos)(y), x * F(sin)(y));
        }
        if (!C(isfin_)(y)) return CX(0, F(copysign)((T)0, y));
        return CX(0 * F(cos)(y), 0 * F(sin)(y));
    }
    if (C(isnan_)(x) || !C(isfin_)(y)) return CX(C(nan_)(), C(nan_)());
    T c = F(cos)(y), s = F(sin)(y);
    if (x > LOGMAX) {                               /* exp(x) alone may overflow */
        T e = F(exp)(x / 2);
        return CX(e * c * e, e * s * e);
    }
    T e = F(exp)(x);
    return CX(e * c, e * s);
}

CT C(clog)(CT z)
{
    T x = RE(z), y = IM(z), ax = F(fabs)(x), ay = F(fabs)(y), re;
    if (ax < ay) {
        T t = ax;
        ax = ay;
        ay = t;
    }
    if (ax >= (T)0.70710678118654752440 && ax <= (T)1.41421356237309504880 && C(isfin_)(ay)) {
        /* near the unit circle: log|z| = log1p(x^2 + y^2 - 1) / 2 with the squares exact */
        T p = ax * ax, pe = F(fma)(ax, ax, -p), q = ay * ay, qe = F(fma)(ay, ay, -q);
        re = F(log1p)(((p - 1) + q) + (pe + qe)) / 2;
    } else {
        re = F(log)(F(hypot)(x, y));
    }
    return CX(re, F(atan2)(y, x));
}

CT C(csqrt)(CT z)
{
    T x = RE(z), y = IM(z);
    if (C(isinf_)(y)) return CX(C(inf_)(), y);
    if (C(isnan_)(x)) return CX(x, x + y);
    if (C(isinf_)(x)) {
        if (x > 0) return CX(x, C(isnan_)(y) ? y : F(copysign)((T)0, y));
        return CX(C(isnan_)(y) ? y : (T)0, F(copysign)(C(inf_)(), y));
    }
    if (C(isnan_)(y)) return CX(y, y);
    if (x == 0 && y == 0) return CX(0, y);
    /* Kahan: t = sqrt((|x| + |z|) / 2), scaled so that |x| + |z| cannot overflow */
    T ax = F(fabs)(x), ay = F(fabs)(y), t;
    if (ax < 4 * TMIN && ay < 4 * TMIN) {
        /* |x| + |z| would lose bits in the subnormal range: scale by 4^k, unscale by 2^k */
        t = F(sqrt)((ax * SCL + F(hypot)(ax * SCL, ay * SCL)) / 2) * USCL;
    } else if (ax > TMAX / 8 || ay > TMAX / 8)
        t = 2 * F(sqrt)((ax / 4 + F(hypot)(ax / 4, ay / 4)) / 2);
    else
        t = F(sqrt)((ax + F(hypot)(ax, ay)) / 2);
    if (x >= 0) return CX(t, y / (2 * t));
    return CX(ay / (2 * t), F(copysign)(t, y));
}

CT C(cpow)(CT z, CT w) { return C(cexp)(w * C(clog)(z)); }

CT C(csinh)(CT z)
{
    T x = RE(z), y = IM(z);
    if (C(isfin_)(x) && C(isfin_)(y)) {
        if (y == 0) return CX(F(sinh)(x), y);
        T c = F(cos)(y), s = F(sin)(y);
        if (F(fabs)(x) > LOGMAX) {
            T e = F(exp)(F(fabs)(x) / 2);
            return CX(F(copysign)(e / 2, x) * c * e, e / 2 * s * e);
        }
        return CX(F(sinh)(x) * c, F(cosh)(x) * s);
    }
    if (x == 0) return CX(x, y - y);                 /* +-0 + iNaN */
    if (y == 0) return CX(x, y);                     /* +-inf + i0, NaN + i0 */
    if (C(isinf_)(x)) {
        if (!C(isfin_)(y)) return CX(x, y - y);
        return CX(x * F(cos)(y), C(inf_)() * F(sin)(y));
    }
    return CX(C(nan_)(), C(nan_)());
}

CT C(ccosh)(CT z)
{
    T x = RE(z), y = IM(z);
    if (C(isfin_)(x) && C(isfin_)(y)) {
        if (y == 0) return CX(F(cosh)(x), F(copysign)((T)0, x) * y);
        T c = F(cos)(y), s = F(sin)(y);
        if (F(fabs)(x) > LOGMAX) {
            T e = F(exp)(F(fabs)(x) / 2);
            return CX(e / 2 * c * e, F(copysign)(e / 2, x) * s * e);
        }
        return CX(F(cosh)(x) * c, F(sinh)(x) * s);
    }
    if (x == 0) return CX(y - y, F(copysign)((T)0, x));                  /* NaN +- i0 */
    if (y == 0) return CX(x * x, F(copysign)((T)0, x) * y);                           /* +inf/NaN +- i0 */
    if (C(isinf_)(x)) {
        if (!C(isfin_)(y)) return CX(x * x, x * (y - y));
        return CX(C(inf_)() * F(cos)(y), x * F(sin)(y));
    }
    return CX(C(nan_)(), C(nan_)());
}

CT C(ctanh)(CT z)
{
    T x = RE(z), y = IM(z);
    if (C(isinf_)(x))
        return CX(F(copysign)((T)1, x), C(isfin_)(y) ? F(copysign)((T)0, F(sin)(2 * y)) : F(copysign)((T)0, y));
    if (C(isnan_)(x)) return CX(x, y == 0 ? y : x);
    if (!C(isfin_)(y)) return CX(x == 0 ? x : y - y, y - y);
    if (F(fabs)(x) > TANHBIG) {
        /* tanh(x) rounds to +-1; the imaginary part 4 sin y cos y e^(-2|x|) */
        T e = F(exp)(-F(fabs)(x));
        return CX(F(copysign)((T)1, x), 4 * F(sin)(y) * F(cos)(y) * e * e);
    }
    /* Kahan: t = tan y, b = 1 + t^2, s = sinh x, r = sqrt(1 + s^2) */
    T t = F(tan)(y), b = 1 + t * t, s = F(sinh)(x), r = F(sqrt)(1 + s * s), d = 1 + b * s * s;
    return CX(b * r * s / d, t / d);
}

/* Kahan's casin on finite x + iy: xi + i eta */
static CT C(casin_fin)(T x, T y)
{
    CT a = C(csqrt)(CX(1 - x, -y)), b = C(csqrt)(CX(1 + x, y));   /* sqrt(1-z), sqrt(1+z) */
    T xi = F(atan2)(x, RE(a) * RE(b) - IM(a) * IM(b));
    T eta = F(asinh)(RE(a) * IM(b) - IM(a) * RE(b));                /* Im(conj(a) b) */
    return CX(xi, eta);
}

CT C(casinh)(CT z)
{
    T x = RE(z), y = IM(z), pi = C(pi_)();
    if (C(isnan_)(x)) {
        if (y == 0) return CX(x, y);
        if (C(isinf_)(y)) return CX(C(inf_)(), x);
        return CX(x, x);
    }
    if (C(isnan_)(y)) return CX(C(isinf_)(x) ? x : y, y);
    if (C(isinf_)(x) || C(isinf_)(y)) {
        T im = C(isinf_)(x) ? (C(isinf_)(y) ? pi / 4 : 0) : pi / 2;
        return CX(F(copysign)(C(inf_)(), x), F(copysign)(im, y));
    }
    /* casinh(z) = -i casin(iz) */
    CT w = C(casin_fin)(-y, x);
    return CX(IM(w), -RE(w));
}

CT C(casin)(CT z)
{
    /* casin(z) = -i casinh(iz) */
    CT w = C(casinh)(CX(-IM(z), RE(z)));
    return CX(IM(w), -RE(w));
}

CT C(cacos)(CT z)
{
    T x = RE(z), y = IM(z), pi = C(pi_)();
    if (C(isnan_)(x)) {
        if (C(isinf_)(y)) return CX(x, -y);
        return CX(x, x);
    }
    if (C(isnan_)(y)) {
        if (C(isinf_)(x)) return CX(y, C(inf_)());
        if (x == 0) return CX(pi / 2, y);
        return CX(y, y);
    }
    if (C(isinf_)(x) || C(isinf_)(y)) {
        T re;
        if (C(isinf_)(x)) re = C(isinf_)(y) ? (x < 0 ? 3 * pi / 4 : pi / 4) : (x < 0 ? pi : 0);
        else re = pi / 2;
        return CX(re, -F(copysign)(C(inf_)(), y));
    }
    /* Kahan: cacos z = 2 atan2(Re sqrt(1-z), Re sqrt(1+z)) + i asinh(Im(conj(sqrt(1+z)) sqrt(1-z))) */
    CT a = C(csqrt)(CX(1 - x, -y)), b = C(csqrt)(CX(1 + x, y));
    T xi = 2 * F(atan2)(RE(a), RE(b));
    T eta = F(asinh)(RE(b) * IM(a) - IM(b) * RE(a));
    return CX(xi, eta);
}

CT C(cacosh)(CT z)
{
    /* cacosh(z) = |Im cacos(z)| + i copysign(Re cacos(z), Im z) */
    CT w = C(cacos)(z);
    T re = IM(w), im = RE(w);
    if (!C(isnan_)(re)) re = F(fabs)(re);
    if (!C(isnan_)(im)) im = F(copysign)(im, IM(z));
    return CX(re, im);
}

CT C(catanh)(CT z)
{
    T x = RE(z), y = IM(z), pi = C(pi_)();
    if (C(isnan_)(x)) {
        if (C(isinf_)(y)) return CX(F(copysign)((T)0, x), F(copysign)(pi / 2, y));
        return CX(x, x);
    }
    if (C(isnan_)(y)) {
        if (C(isinf_)(x)) return CX(F(copysign)((T)0, x), y);
        if (x == 0) return CX(x, y);
        return CX(y, y);
    }
    if (C(isinf_)(x) || C(isinf_)(y)) return CX(F(copysign)((T)0, x), F(copysign)(pi / 2, y));
    T ax = F(fabs)(x), ay = F(fabs)(y), re, im;
    if (ax > (T)1e30 || ay > (T)1e30) {
        /* |z| huge: atanh z ~ 1/z, imaginary part pi/2 */
        T h = F(hypot)(ax, ay);
        re = ax / h / h;
        im = pi / 2;
    } else {
        T d = (1 - ax) * (1 - ax) + ay * ay;
        if (d < (T)1e-100) /* z near +-1: the quotient's denominator lost its bits */
            re = (F(log)(F(hypot)(1 + ax, ay)) - F(log)(F(hypot)(1 - ax, ay))) / 2;
        else
            re = F(log1p)(4 * ax / d) / 4;
        im = F(atan2)(2 * ay, (1 - ax) * (1 + ax) - ay * ay) / 2;
    }
    return CX(F(copysign)(re, x), F(copysign)(im, y));
}

CT C(catan)(CT z)
{
    /* catan(z) = -i catanh(iz) */
    CT w = C(catanh)(CX(-IM(z), RE(z)));
    return CX(IM(w), -RE(w));
}

CT C(csin)(CT z)
{
    /* csin(z) = -i csinh(iz) */
    CT w = C(csinh)(CX(-IM(z), RE(z)));
    return CX(IM(w), -RE(w));
}

CT C(ccos)(CT z) { return C(ccosh)(CX(-IM(z), RE(z))); }

CT C(ctan)(CT z)
{
    /* ctan(z) = -i ctanh(iz) */
    CT w = C(ctanh)(CX(-IM(z), RE(z)));
    return CX(IM(w), -RE(w));
}
