/* Unit tests of zl-cc internals: type sizes and layout per data model, integer
 * promotions and usual arithmetic conversions, predefined macros, the IR/register
 * allocator on a small function, diagnostics on bad input.  < 1 s. */
#include "lib/check.h"

#include <stdlib.h>

#include "cc/cc.h"
#include "cc/ir.h"

static void quiet(void *ctx, enum cpp_level level, u32 file, u32 line, u32 col, const char *msg)
{
    (void)ctx, (void)level, (void)file, (void)line, (void)col, (void)msg;
}

static struct cpp *pp_for(int xlen, const char *src)
{
    target_set(xlen);
    struct cpp_options o = {0};
    o.intmax_bits = xlen == 128 ? 128 : 64;
    o.diag = quiet;
    struct cpp *pp = cpp_new(&o);
    predef_add(pp);
    cpp_push_string(pp, "<test>", src, strlen(src));
    return pp;
}

/* compile src at xlen (to /dev/null); true if accepted */
static bool compiles(int xlen, const char *src)
{
    struct cpp *pp = pp_for(xlen, src);
    FILE *f = fopen("/dev/null", "w");
    cc_quiet = getenv("CC_VERBOSE") == NULL;
    cc_diag_reset();
    bool ok = cc_compile(pp, f, "<test>");
    fclose(f);
    cpp_free(pp);
    cc_arena_free();
    return ok;
}

TEST(sizes_per_model)
{
    static const struct { int xlen; long l, ll, p, i64; } m[] = {
        {128, 16, 16, 16, 8}, {64, 8, 8, 8, 8}, {32, 4, 8, 4, 8}};
    for (int k = 0; k < 3; k++) {
        target_set(m[k].xlen);
        types_init();
        CHECK(ty_long->size == m[k].l && ty_long->align == m[k].l);
        CHECK(ty_llong->size == m[k].ll);
        CHECK(ty_ptr(ty_int)->size == m[k].p);
        CHECK(ty_int64->size == m[k].i64);
        CHECK(ty_int128->size == 16);
        CHECK(ty_int->size == 4 && ty_short->size == 2 && ty_double->size == 8);
        CHECK(ty_ldouble->size == 16 && ty_ldouble->align == 16);
        CHECK(ty_char->is_unsigned);
        cc_arena_free();
    }
    /* __int64 is its own type on LP128, long on LP64, long long on ILP32 */
    target_set(128); types_init(); CHECK(ty_int64->kind == TY_INT64); cc_arena_free();
    target_set(64); types_init(); CHECK(ty_int64 == ty_long); cc_arena_free();
    target_set(32); types_init(); CHECK(ty_int64 == ty_llong); cc_arena_free();
}

TEST(usual_arithmetic_conversions)
{
    target_set(128);
    types_init();
    CHECK(promote(ty_uchar) == ty_int && promote(ty_ushort) == ty_int && promote(ty_bool) == ty_int);
    CHECK(usual_arith(ty_long, ty_uint) == ty_long);
    CHECK(usual_arith(ty_int64, ty_uint) == ty_int64);
    CHECK(usual_arith(ty_uint64, ty_long) == ty_long);      /* long holds every u64 */
    CHECK(usual_arith(ty_int128, ty_ulong) == ty_ulong);
    CHECK(usual_arith(ty_long, ty_llong) == ty_llong);      /* same width: rank decides */
    CHECK(usual_arith(ty_int, ty_float) == ty_float);
    cc_arena_free();
    target_set(64);
    types_init();
    CHECK(usual_arith(ty_long, ty_uint) == ty_long);
    CHECK(usual_arith(ty_llong, ty_ulong) == ty_ullong);    /* same width: unsigned llong */
    CHECK(usual_arith(ty_int128, ty_ulong) == ty_int128);
    cc_arena_free();
    target_set(32);
    types_init();
    CHECK(usual_arith(ty_long, ty_uint) == ty_ulong);       /* ILP32: long cannot hold uint */
    CHECK(usual_arith(ty_llong, ty_uint) == ty_llong);
    CHECK(usual_arith(ty_long, ty_int) == ty_long);
    cc_arena_free();
}

TEST(layout_and_static_asserts)
{
    const char *src =
        "struct A { char c; long l; int i; };\n"
        "_Static_assert(sizeof(struct A) == 3 * sizeof(long), \"A\");\n"
        "struct B { unsigned a : 3, b : 7; unsigned char c; };\n"
        "_Static_assert(sizeof(struct B) == 4, \"B\");\n"
        "struct __attribute__((packed)) P { char c; int i; };\n"
        "_Static_assert(sizeof(struct P) == 5, \"P\");\n"
        "struct Q { char c; _Alignas(16) int i; };\n"
        "_Static_assert(sizeof(struct Q) == 32 && _Alignof(struct Q) == 16, \"Q\");\n"
        "union U { char c[5]; int i; };\n"
        "_Static_assert(sizeof(union U) == 8, \"U\");\n"
        "_Static_assert(__builtin_offsetof(struct A, i) == 2 * sizeof(long), \"off\");\n"
        "enum E { X = -1, Y = 0x7fffffff };\n"
        "_Static_assert(sizeof(enum E) == 4, \"E\");\n";
    CHECK(compiles(128, src));
    CHECK(compiles(64, src));
    CHECK(compiles(32, src));
    CHECK(compiles(128, "_Static_assert(sizeof(long) == 16 && sizeof(__int64) == 8, \"\");"));
    CHECK(!compiles(128, "_Static_assert(sizeof(long) == 8, \"\");"));
    CHECK(compiles(64, "_Static_assert(sizeof(long) == 8 && sizeof(void*) == 8, \"\");"));
    CHECK(compiles(32, "_Static_assert(sizeof(long) == 4 && sizeof(long long) == 8, \"\");"));
    /* integer constants take the first type that holds them (C11 6.4.4.1) */
    CHECK(compiles(32, "_Static_assert(_Generic(0x80000000, unsigned int: 1, default: 0), \"\");"));
    CHECK(compiles(32, "_Static_assert(_Generic(2147483648, long long: 1, default: 0), \"\");"));
    CHECK(compiles(64, "_Static_assert(_Generic(2147483648, long: 1, default: 0), \"\");"));
    CHECK(compiles(128, "_Static_assert(_Generic(0xffffffffffffffff, long: 1, default: 0), \"\");"));
}

TEST(predefined_macros)
{
    struct cpp *pp = pp_for(128, "");
    CHECK(cpp_is_defined(pp, "__LP128__") && !cpp_is_defined(pp, "__LP64__"));
    CHECK(cpp_is_defined(pp, "__riscv") && cpp_is_defined(pp, "__SIZEOF_INT128__"));
    cpp_free(pp);
    pp = pp_for(64, "");
    CHECK(cpp_is_defined(pp, "__LP64__") && cpp_is_defined(pp, "_LP64") && !cpp_is_defined(pp, "__LP128__"));
    cpp_free(pp);
    pp = pp_for(32, "");
    CHECK(cpp_is_defined(pp, "_ILP32") && !cpp_is_defined(pp, "__LP64__"));
    CHECK(cpp_is_defined(pp, "__SIZEOF_INT128__")); /* __int128 at every XLEN */
    cpp_free(pp);
    CHECK(compiles(128, "#if __riscv_xlen != 128 || __SIZEOF_LONG__ != 16 || __SIZEOF_POINTER__ != 16\n#error\n#endif\n"
                        "__INT64_TYPE__ x; unsigned __int64 *p = (__UINT64_TYPE__ *)0;"));
    CHECK(compiles(64, "#if __riscv_xlen != 64 || __SIZEOF_LONG__ != 8\n#error\n#endif\n"));
    /* the type macros name the very types the compiler uses for sizeof and pointer differences */
    for (int x = 32; x <= 128; x *= 2) {
        const char *src =
            "_Static_assert(_Generic((__SIZE_TYPE__)0, __typeof__(sizeof 0): 1, default: 0), \"\");\n"
            "_Static_assert(_Generic((__PTRDIFF_TYPE__)0, __typeof__((char *)0 - (char *)0): 1, default: 0), \"\");\n"
            "_Static_assert(sizeof(__INTPTR_TYPE__) == sizeof(void *) && sizeof(__INT64_TYPE__) == 8, \"\");\n"
            "_Static_assert(_Generic((__INT64_TYPE__)0, __int64: 1, default: 0), \"\");\n";
        CHECK(compiles(x, src));
    }
    CHECK(compiles(32, "#if __riscv_xlen != 32 || __SIZEOF_POINTER__ != 4\n#error\n#endif\n"));
}

TEST(ir_and_regalloc)
{
    target_set(64);
    const char *src = "long f(long a, long b) { long s = 0; for (long i = a; i < b; i++) s += i * i; return s; }";
    struct cpp *pp = pp_for(64, src);
    jmp_buf jb;
    cc_error_jmp = &jb;
    cc_quiet = true;
    if (!setjmp(jb)) {
        types_init();
        scope_reset();
        parse_stmt_reset();
        static struct tokstream ts;
        memset(&ts, 0, sizeof ts);
        tok_read_all(pp, &ts);
        parse_tu(&ts);
        struct obj *fn = tu.globals;
        CHECK(fn && fn->is_func && fn->body);
        struct ir_func *f = lower_function(fn);
        CHECK(f->nvregs > 5);
        int loads = 0, muls = 0;
        for (int b = 0; b < f->nblocks; b++)
            for (int k = 0; k < f->blocks[b]->n; k++) {
                loads += f->blocks[b]->ins[k].op == IR_LOAD;
                muls += f->blocks[b]->ins[k].op == IR_MUL;
            }
        CHECK(loads == 0);   /* scalars whose address is not taken live in vregs */
        CHECK(muls == 1);
        regalloc(f);
        int inreg = 0;
        for (int v = 1; v < f->nvregs; v++) inreg += f->vloc[v] > 0;
        CHECK(inreg > 0);
    } else {
        CHECK(!"compile error");
    }
    cc_error_jmp = NULL;
    cpp_free(pp);
    cc_arena_free();
}

TEST(diagnostics)
{
    CHECK(!compiles(64, "int f(void) { return x; }"));
    CHECK(!compiles(64, "int f(void) { int a; a = ; }"));
    CHECK(!compiles(64, "struct S { int a; }; int f(struct S s) { return s.b; }"));
    CHECK(!compiles(64, "int f(void) { break; }"));
    CHECK(!compiles(64, "int f(int a) { a++ = 3; }"));
    CHECK(!compiles(64, "int f(void) { const int c = 1; c = 2; return c; }"));
    /* rv32: long double, __int128 and long long bit-fields are values like any other */
    CHECK(compiles(32, "int f(void) { long double d = 1; return d; }"));
    CHECK(compiles(32, "__int128 f(__int128 a, unsigned __int128 b) { return a * b / 3 + (a << 70); }"));
    CHECK(compiles(32, "struct S { long long a : 40; unsigned long long b : 24; }; long long f(struct S *s) { return s->a + s->b; }"));
    CHECK(!compiles(128, "int a[-1];"));
    CHECK(compiles(64, "int f(void) { return g(); }"));    /* implicit declaration: warning */
    CHECK(compiles(64, "int *p; int f(void) { int i = p; return i; }"));
}

/* _Complex: sizes, the types of mixed expressions, constants, what is an error */
TEST(complex_types)
{
    const char *src =
        "_Static_assert(sizeof(float _Complex) == 8 && _Alignof(float _Complex) == 4, \"\");\n"
        "_Static_assert(sizeof(double _Complex) == 16 && _Alignof(__complex__ double) == 8, \"\");\n"
        "_Static_assert(sizeof(long double _Complex) == 32 && _Alignof(long double _Complex) == 16, \"\");\n"
        "_Static_assert(_Generic((_Complex)0, double _Complex: 1, default: 0), \"\");\n"
        "_Static_assert(_Generic(1.0fi + 1, float _Complex: 1, default: 0), \"\");\n"
        "_Static_assert(_Generic(2.0i * 1.0f, double _Complex: 1, default: 0), \"\");\n"
        "_Static_assert(_Generic(1.0fi * 1.0L, long double _Complex: 1, default: 0), \"\");\n"
        "_Static_assert(_Generic(__real__ 1.0fi, float: 1, default: 0), \"\");\n"
        "_Static_assert(_Generic(1.0fi == 1, int: 1, default: 0), \"\");\n"
        "_Static_assert(_Generic(__builtin_complex(1.0L, 2.0L), long double _Complex: 1, default: 0), \"\");\n"
        "struct S { char c; double _Complex z; };\n"
        "_Static_assert(__builtin_offsetof(struct S, z) == 8 && sizeof(struct S) == 24, \"\");\n"
        "static double _Complex g = 1.0 + 2.0i, h[2] = {3.0i, (1.0 + 1.0i) * (2.0 - 1.0i) / 2};\n"
        "double f(double _Complex z) { double *p = &__imag__ z; *p = 1; return __real__ z + !z + (z ? 1 : 0); }\n";
    for (int x = 32; x <= 128; x *= 2) CHECK(compiles(x, src));
    CHECK(!compiles(64, "_Complex int z;"));
    CHECK(!compiles(64, "int f(void) { return 3i; }"));
    CHECK(!compiles(64, "int f(double _Complex a, double _Complex b) { return a < b; }"));
    CHECK(!compiles(64, "void f(double _Complex a) { a++; }"));
    CHECK(!compiles(64, "double _Complex f(double _Complex a) { return a % 2; }"));
    CHECK(!compiles(64, "double f(double _Complex a) { return a.x; }"));
    CHECK(!compiles(64, "void f(double _Complex a) { int *p = (int *)a; }"));
    CHECK(!compiles(64, "double _Complex f(void) { return __builtin_complex(1.0, 2.0f); }"));
    CHECK(!compiles(64, "int g(void); static double _Complex z = g();"));
}

/* variably modified types: what is accepted, what is an error (several translation units
 * in one process: the parser's VLA state is per unit) */
TEST(variably_modified)
{
    for (int x = 32; x <= 128; x *= 2) {
        CHECK(compiles(x, "void f(int n, int m, int a[n][m]) { a[n - 1][m - 1] = (int)sizeof a[0]; }"));
        CHECK(compiles(x, "void g(int n, int a[*][*]); void g(int n, int a[n][n]) { a[0][0] = n; }"));
        CHECK(compiles(x, "int h(int n) { int (*p)[n] = 0; p++; return (int)(p - (int (*)[n])0); }"));
        CHECK(compiles(x, "int k(int n) { typedef int T[n]; T a; n = 0; return (int)sizeof(T) + (int)sizeof a; }"));
        CHECK(compiles(x, "int l(int n) { void q(int m, int b[m]); int c[n]; q(n, c); return c[0]; }"));
        CHECK(compiles(x, "int w(int n, int (*fn)(int k, int a[k][k])) { int a[n][n]; return fn(n, a); }"));
        CHECK(compiles(x, "int u(int n) { for (int a[n], i = 0; i < n; i++) { a[i] = i; if (i > 2) break; } return 0; }"));
        CHECK(compiles(x, "int v(int n) { L: { int a[n]; a[0] = 1; if (n--) goto L; } return 0; }"));
        CHECK(!compiles(x, "int n; int (*p)[n];"));
        CHECK(!compiles(x, "int n; typedef int T[n];"));
        CHECK(!compiles(x, "void f(int n) { static int a[n]; }"));
        CHECK(!compiles(x, "void f(int n) { int a[n] = {0}; }"));
        CHECK(!compiles(x, "void f(int n) { int a[*]; }"));
        CHECK(!compiles(x, "void f(int n) { goto l; int a[n]; l: a[0] = 1; }"));
        CHECK(!compiles(x, "void f(int n) { switch (n) { int a[n]; case 1: a[0] = 1; } }"));
        CHECK(compiles(x, "void f(int n) { switch (n) { case 1: { int a[n]; a[0] = 1; break; } case 2: break; } }"));
        CHECK(!compiles(x, "void f(int n) { struct s { int a[n]; } v; }"));
        CHECK(!compiles(x, "void f(int n) { int *p = (int[n]){0}; }"));
    }
}

int main(void)
{
    RUN(sizes_per_model);
    RUN(usual_arithmetic_conversions);
    RUN(layout_and_static_asserts);
    RUN(predefined_macros);
    RUN(ir_and_regalloc);
    RUN(diagnostics);
    RUN(variably_modified);
    RUN(complex_types);
    return check_done();
}
