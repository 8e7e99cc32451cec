/* zl-cc runtime: IEEE binary128 (long double) in software, the libgcc soft-fp interface
 * (__addtf3, __multf3, __lttf2, __extenddftf2, __fixtfdi, ...).  A long double travels
 * like a 128-bit integer (docs/abi.md §3.2: one GPR on rv128, a GPR pair on rv64, by
 * reference on rv32 as the ilp32 psABI passes scalars wider than 2*XLEN), so the helpers
 * take and return its bit pattern as an unsigned 128-bit integer; the same code serves
 * every XLEN because zl-cc passes a 128-bit integer exactly like a long double.
 * Rounding is round-to-nearest-even; exception flags are not raised. */
#if __riscv_xlen >= 32 || defined(ZL_TF_HOST_TEST) || defined(ZL_TF_HOST)

#if defined(ZL_TF_HOST_TEST) || defined(ZL_TF_HOST)
typedef unsigned __int128 u128_t;
typedef __int128 i128_t;
typedef unsigned long long u64_t;
typedef long long i64_t;
#elif __riscv_xlen == 128
typedef unsigned long u128_t;
typedef long i128_t;
typedef unsigned __int64 u64_t;
typedef __int64 i64_t;
#elif __riscv_xlen == 32
typedef unsigned __int128 u128_t;
typedef __int128 i128_t;
typedef unsigned long long u64_t;
typedef long long i64_t;
#else
typedef unsigned __int128 u128_t;
typedef __int128 i128_t;
typedef unsigned long u64_t;
typedef long i64_t;
#endif
typedef unsigned int u32_t;
typedef int i32_t;

#define BIAS 16383
#define EMAX 0x7fff
#define ONE ((u128_t)1)
#define FRAC_MASK ((ONE << 112) - 1)
#define QUIET (ONE << 111)

u128_t __addtf3(u128_t a, u128_t b);
u128_t __subtf3(u128_t a, u128_t b);
u128_t __multf3(u128_t a, u128_t b);
u128_t __divtf3(u128_t a, u128_t b);
u128_t __negtf2(u128_t a);
int __eqtf2(u128_t a, u128_t b);
int __netf2(u128_t a, u128_t b);
int __lttf2(u128_t a, u128_t b);
int __letf2(u128_t a, u128_t b);
int __gttf2(u128_t a, u128_t b);
int __getf2(u128_t a, u128_t b);
int __unordtf2(u128_t a, u128_t b);
u128_t __extenddftf2(double d);
u128_t __extendsftf2(float f);
double __trunctfdf2(u128_t a);
float __trunctfsf2(u128_t a);
i32_t __fixtfsi(u128_t a);
i64_t __fixtfdi(u128_t a);
i128_t __fixtfti(u128_t a);
u32_t __fixunstfsi(u128_t a);
u64_t __fixunstfdi(u128_t a);
u128_t __fixunstfti(u128_t a);
u128_t __floatsitf(i32_t v);
u128_t __floatditf(i64_t v);
u128_t __floattitf(i128_t v);
u128_t __floatunsitf(u32_t v);
u128_t __floatunditf(u64_t v);
u128_t __floatuntitf(u128_t v);

static int sign_of(u128_t a) { return (int)(a >> 127); }
static int exp_of(u128_t a) { return (int)(a >> 112) & EMAX; }
static u128_t frac_of(u128_t a) { return a & FRAC_MASK; }
static int is_nan(u128_t a) { return exp_of(a) == EMAX && frac_of(a) != 0; }
static u128_t inf_of(int s) { return ((u128_t)s << 127) | ((u128_t)EMAX << 112); }
static u128_t qnan(void) { return ((u128_t)EMAX << 112) | QUIET; }

/* shift right keeping a sticky bit */
static u128_t shr_sticky(u128_t m, int n)
{
    if (n <= 0) return m;
    if (n >= 127) return m != 0;
    return (m >> n) | ((m & ((ONE << n) - 1)) != 0);
}

static int lead(u128_t m)
{
    int n = 127;
    while (n > 0 && !((m >> n) & 1)) n--;
    return n;
}

/* m has its leading 1 at bit fbits + 3 (three rounding bits below the fraction) when e
 * is a normal biased exponent; round to nearest even and pack sign|exp|fraction into a
 * format with fbits fraction bits and maximum exponent emax. */
static u128_t round_pack(int s, int e, u128_t m, int fbits, int emax)
{
    if (m == 0) return (u128_t)s << (fbits + (emax == EMAX ? 15 : emax == 0x7ff ? 11 : 8));
    int top = lead(m), want = fbits + 3;
    if (top > want) {
        m = shr_sticky(m, top - want);
        e += top - want;
    } else if (top < want && e > 1) {
        int sh = want - top;
        if (sh > e - 1) sh = e - 1;
        m <<= sh;
        e -= sh;
    }
    int ebits = emax == EMAX ? 15 : emax == 0x7ff ? 11 : 8;
    u128_t signbit = (u128_t)s << (fbits + ebits);
    if (e >= emax) return signbit | ((u128_t)emax << fbits);
    if (e <= 0) {
        m = shr_sticky(m, 1 - e);
        e = 0;
    } else if (!((m >> want) & 1)) {
        e = 0; /* subnormal already (e was 1 and the value is below the normal range) */
    }
    unsigned rnd = (unsigned)(m & 7);
    m >>= 3;
    if (rnd > 4 || (rnd == 4 && (m & 1))) m++;
    if (e == 0) {
        if ((m >> fbits) & 1) e = 1;
    } else if ((m >> (fbits + 1)) & 1) {
        m >>= 1;
        e++;
        if (e >= emax) return signbit | ((u128_t)emax << fbits);
    }
    return signbit | ((u128_t)e << fbits) | (m & ((ONE << fbits) - 1));
}

static u128_t pack_tf(int s, int e, u128_t m) { return round_pack(s, e, m, 112, EMAX); }

/* significand with the implicit bit (at 112) and an exponent usable for arithmetic */
static u128_t sig(u128_t a, int *e)
{
    int ex = exp_of(a);
    u128_t f = frac_of(a);
    if (ex == 0) {
        *e = 1;
        return f;
    }
    *e = ex;
    return f | (ONE << 112);
}

u128_t __addtf3(u128_t a, u128_t b)
{
    if (is_nan(a) || is_nan(b)) return qnan();
    int sa = sign_of(a), sb = sign_of(b);
    if (exp_of(a) == EMAX) {
        if (exp_of(b) == EMAX && sa != sb) return qnan();
        return a;
    }
    if (exp_of(b) == EMAX) return b;
    if ((a << 1) == 0) return (b << 1) == 0 ? (a & b) : b;
    if ((b << 1) == 0) return a;
    int ea, eb;
    u128_t ma = sig(a, &ea) << 3, mb = sig(b, &eb) << 3;
    if (ea < eb || (ea == eb && ma < mb)) {
        u128_t t = ma; ma = mb; mb = t;
        int te = ea; ea = eb; eb = te;
        int ts = sa; sa = sb; sb = ts;
    }
    mb = shr_sticky(mb, ea - eb);
    u128_t m;
    if (sa == sb) {
        m = ma + mb;
    } else {
        m = ma - mb;
        if (m == 0) return 0;
    }
    return pack_tf(sa, ea, m);
}

u128_t __subtf3(u128_t a, u128_t b) { return __addtf3(a, is_nan(b) ? b : b ^ (ONE << 127)); }
u128_t __negtf2(u128_t a) { return a ^ (ONE << 127); }

u128_t __multf3(u128_t a, u128_t b)
{
    if (is_nan(a) || is_nan(b)) return qnan();
    int s = sign_of(a) ^ sign_of(b);
    int za = (a << 1) == 0, zb = (b << 1) == 0;
    if (exp_of(a) == EMAX || exp_of(b) == EMAX) {
        if (za || zb) return qnan();
        return inf_of(s);
    }
    if (za || zb) return (u128_t)s << 127;
    int ea, eb;
    u128_t ma = sig(a, &ea), mb = sig(b, &eb);
    u64_t a0 = (u64_t)ma, a1 = (u64_t)(ma >> 64), b0 = (u64_t)mb, b1 = (u64_t)(mb >> 64);
    u128_t p00 = (u128_t)a0 * b0, p01 = (u128_t)a0 * b1, p10 = (u128_t)a1 * b0, p11 = (u128_t)a1 * b1;
    u128_t mid = p01 + p10;
    u128_t lo = p00 + (mid << 64);
    u128_t hi = p11 + (mid >> 64) + (lo < p00);
    /* the product is hi:lo; keep its top bits with a sticky bit for the rest */
    int top = hi ? 128 + lead(hi) : lead(lo);
    int sh = top - 115;   /* bring the leading bit to 115 */
    u128_t m;
    if (sh >= 128) {
        m = hi >> (sh - 128);
        m |= ((hi & ((ONE << (sh - 128)) - 1)) != 0) | (lo != 0);
    } else if (sh > 0) {
        m = (hi << (128 - sh)) | (lo >> sh) | ((lo & ((ONE << sh) - 1)) != 0);
    } else {
        m = lo << -sh;
    }
    /* value = m * 2^(sh + ea + eb - 2*BIAS - 224) = m * 2^(e - BIAS - 115) */
    int e = sh + ea + eb - BIAS - 224 + 115;
    return pack_tf(s, e, m);
}

u128_t __divtf3(u128_t a, u128_t b)
{
    if (is_nan(a) || is_nan(b)) return qnan();
    int s = sign_of(a) ^ sign_of(b);
    int za = (a << 1) == 0, zb = (b << 1) == 0;
    int ia = exp_of(a) == EMAX, ib = exp_of(b) == EMAX;
    if (ia && ib) return qnan();
    if (ia) return inf_of(s);
    if (ib) return (u128_t)s << 127;
    if (zb) return za ? qnan() : inf_of(s);
    if (za) return (u128_t)s << 127;
    int ea, eb;
    u128_t ma = sig(a, &ea), mb = sig(b, &eb);
    while (!((ma >> 112) & 1)) { ma <<= 1; ea--; }
    while (!((mb >> 112) & 1)) { mb <<= 1; eb--; }
    int e = ea - eb + BIAS;
    if (ma < mb) {
        ma <<= 1;
        e--;
    }
    u128_t q = 0, r = ma;
    for (int i = 0; i < 116; i++) {
        q <<= 1;
        if (r >= mb) {
            r -= mb;
            q |= 1;
        }
        r <<= 1;
    }
    q |= r != 0;
    return pack_tf(s, e, q);
}

/* -1, 0, 1, or 2 when unordered */
static int cmp(u128_t a, u128_t b)
{
    if (is_nan(a) || is_nan(b)) return 2;
    if (((a | b) << 1) == 0) return 0;
    int sa = sign_of(a), sb = sign_of(b);
    if (sa != sb) return sa ? -1 : 1;
    if (a == b) return 0;
    int lt = (a & ~(ONE << 127)) < (b & ~(ONE << 127));
    return (lt ^ sa) ? -1 : 1;
}

int __eqtf2(u128_t a, u128_t b) { int c = cmp(a, b); return c == 2 ? 1 : c; }
int __netf2(u128_t a, u128_t b) { int c = cmp(a, b); return c == 2 ? 1 : c; }
int __lttf2(u128_t a, u128_t b) { int c = cmp(a, b); return c == 2 ? 1 : c; }
int __letf2(u128_t a, u128_t b) { int c = cmp(a, b); return c == 2 ? 1 : c; }
int __gttf2(u128_t a, u128_t b) { int c = cmp(a, b); return c == 2 ? -1 : c; }
int __getf2(u128_t a, u128_t b) { int c = cmp(a, b); return c == 2 ? -1 : c; }
int __unordtf2(u128_t a, u128_t b) { return cmp(a, b) == 2; }

/* narrower IEEE format (ebits exponent bits, fbits fraction bits) -> binary128, exact */
static u128_t widen(u128_t x, int ebits, int fbits)
{
    int emax = (1 << ebits) - 1, bias = emax >> 1;
    int s = (int)(x >> (ebits + fbits)) & 1;
    int e = (int)(x >> fbits) & emax;
    u128_t f = x & ((ONE << fbits) - 1);
    u128_t sb = (u128_t)s << 127;
    if (e == emax) return f ? (sb | qnan() | (f << (112 - fbits))) : inf_of(s);
    if (e == 0) {
        if (!f) return sb;
        e = 1;
        while (!((f >> fbits) & 1)) { f <<= 1; e--; }
        f &= (ONE << fbits) - 1;
    }
    return sb | ((u128_t)(e - bias + BIAS) << 112) | (f << (112 - fbits));
}

/* binary128 -> narrower IEEE format, rounded to nearest even */
static u128_t narrow(u128_t a, int ebits, int fbits)
{
    int emax = (1 << ebits) - 1, bias = emax >> 1;
    int s = sign_of(a);
    u128_t sb = (u128_t)s << (ebits + fbits);
    if (exp_of(a) == EMAX) {
        if (frac_of(a)) return sb | ((u128_t)emax << fbits) | (ONE << (fbits - 1));
        return sb | ((u128_t)emax << fbits);
    }
    if ((a << 1) == 0) return sb;
    int e;
    u128_t m = sig(a, &e);
    /* leading bit at 112 -> at fbits + 3 */
    m = shr_sticky(m, 112 - (fbits + 3));
    int ne = e - BIAS + bias;
    if (ne < -200) return sb;
    return round_pack(s, ne, m, fbits, emax);
}

/* float and double travel in FP registers, as with libgcc */
union dbits { double d; u64_t u; };
union fbits { float f; u32_t u; };

u128_t __extenddftf2(double d)
{
    union dbits x;
    x.d = d;
    return widen(x.u, 11, 52);
}

u128_t __extendsftf2(float f)
{
    union fbits x;
    x.f = f;
    return widen(x.u, 8, 23);
}

double __trunctfdf2(u128_t a)
{
    union dbits x;
    x.u = (u64_t)narrow(a, 11, 52);
    return x.d;
}

float __trunctfsf2(u128_t a)
{
    union fbits x;
    x.u = (u32_t)narrow(a, 8, 23);
    return x.f;
}

/* truncation toward zero of |a| as an unsigned integer of `bits` bits (saturating) */
static u128_t to_uint(u128_t a, int bits, int *neg)
{
    *neg = sign_of(a);
    if (is_nan(a)) return 0;
    int e;
    u128_t m = sig(a, &e);
    int p = e - BIAS;              /* value = m * 2^(p - 112) */
    if (p < 0 || m == 0) return 0;
    if (p >= bits) return bits >= 128 ? ~(u128_t)0 : (ONE << bits) - 1;
    return p >= 112 ? m << (p - 112) : m >> (112 - p);
}

i32_t __fixtfsi(u128_t a)
{
    int n;
    u128_t u = to_uint(a, 32, &n);
    if (n) return u >= (ONE << 31) ? (i32_t)0x80000000u : -(i32_t)u;
    return u >= (ONE << 31) ? 0x7fffffff : (i32_t)u;
}

i64_t __fixtfdi(u128_t a)
{
    int n;
    u128_t u = to_uint(a, 64, &n);
    if (n) return u >= (ONE << 63) ? (i64_t)(ONE << 63) : -(i64_t)u;
    return u >= (ONE << 63) ? (i64_t)((ONE << 63) - 1) : (i64_t)u;
}

i128_t __fixtfti(u128_t a)
{
    int n;
    u128_t u = to_uint(a, 128, &n);
    if (n) return u >= (ONE << 127) ? (i128_t)(ONE << 127) : -(i128_t)u;
    return u >= (ONE << 127) ? (i128_t)((ONE << 127) - 1) : (i128_t)u;
}

u32_t __fixunstfsi(u128_t a) { int n; u128_t u = to_uint(a, 32, &n); return n ? 0 : (u32_t)u; }
u64_t __fixunstfdi(u128_t a) { int n; u128_t u = to_uint(a, 64, &n); return n ? 0 : (u64_t)u; }
u128_t __fixunstfti(u128_t a) { int n; u128_t u = to_uint(a, 128, &n); return n ? 0 : u; }

static u128_t from_uint(int s, u128_t u)
{
    if (!u) return (u128_t)s << 127;
    int top = lead(u);
    /* value = u = m * 2^(e - BIAS - 115) with the leading bit of m at 115 */
    u128_t m = top > 115 ? shr_sticky(u, top - 115) : u << (115 - top);
    return pack_tf(s, BIAS + top, m);
}

u128_t __floatsitf(i32_t v) { return from_uint(v < 0, v < 0 ? -(u128_t)(i128_t)v : (u128_t)v); }
u128_t __floatditf(i64_t v) { return from_uint(v < 0, v < 0 ? -(u128_t)(i128_t)v : (u128_t)v); }
u128_t __floattitf(i128_t v) { return from_uint(v < 0, v < 0 ? -(u128_t)v : (u128_t)v); }
u128_t __floatunsitf(u32_t v) { return from_uint(0, v); }
u128_t __floatunditf(u64_t v) { return from_uint(0, v); }
u128_t __floatuntitf(u128_t v) { return from_uint(0, v); }

#endif
