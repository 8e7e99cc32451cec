/* ABI cross-check: called by caller.c; compiled by zl-cc and by GCC (abi_gcc_test.sh) */
struct S1 { char c; };
struct S2 { long a, b; };
struct S3 { long a, b, c, d, e; };
struct F1 { double d; };
struct F2 { float a; double b; };
struct FI { double d; int i; };
struct IF { int i; float f; };
struct U { int i; float f; };
union UN { int i; float f; };
long g_ints(int a, unsigned char b, short c, long d, long long e, int f, int g, int h, int i, long j)
{ return a + b * 2 + c * 3 + d * 4 + e * 5 + f * 6 + g * 7 + h * 8 + i * 9 + j * 10; }
double g_fps(float a, double b, float c, double d, double e, double f, double g, double h, double i, double j)
{ return a + b * 2 + c * 3 + d * 4 + e * 5 + f * 6 + g * 7 + h * 8 + i * 9 + j * 10; }
long g_s1(struct S1 s) { return s.c; }
long g_s2(struct S2 s) { return s.a * 10 + s.b; }
long g_s3(struct S3 s) { return s.a + s.b + s.c + s.d + s.e; }
double g_f1(struct F1 s) { return s.d * 2; }
double g_f2(struct F2 s) { return s.a + s.b * 10; }
double g_fi(struct FI s) { return s.d + s.i * 100; }
double g_if(struct IF s) { return s.i + s.f * 100; }
int g_un(union UN u) { return u.i; }
struct S2 r_s2(long a) { struct S2 s = { a, a + 1 }; return s; }
struct S3 r_s3(long a) { struct S3 s = { a, a + 1, a + 2, a + 3, a + 4 }; return s; }
struct F2 r_f2(double a) { struct F2 s = { (float)a, a * 2 }; return s; }
struct FI r_fi(double a) { struct FI s = { a, 7 }; return s; }
#include <stdarg.h>
double g_va(int n, ...) { va_list ap; va_start(ap, n); double s = 0; for (int i = 0; i < n; i++) { if (i & 1) s += va_arg(ap, double); else s += va_arg(ap, long long); } va_end(ap); return s; }
long long g_ll(long long a, int b, long long c) { return a * b + c; }
int g_mixed(int a, double b, int c, float d, long e, struct FI f, struct S2 g, double h) { return a + (int)b + c + (int)d + (int)e + (int)f.d + f.i + (int)g.a + (int)g.b + (int)h; }
/* long double: a GPR pair on lp64d, by reference on ilp32d (also when variadic) */
long double g_ld(long double a, int b, long double c) { return a * b + c; }
long double g_vald(int n, ...) { va_list ap; va_start(ap, n); long double s = 0; for (int i = 0; i < n; i++) s += va_arg(ap, long double); va_end(ap); return s; }
#if __riscv_xlen == 64 /* GCC has no __int128 on rv32 */
__int128 g_i128(__int128 a, int b, __int128 c) { return a * b + c; }
#endif
