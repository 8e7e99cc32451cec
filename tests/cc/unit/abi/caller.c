/* ABI cross-check: calls callee.c with every argument class; returns the failed check */
struct S1 { char c; };
struct S2 { long a, b; };
struct S3 { long a, b, c, d, e; };
struct F1 { double d; };
struct F2 { float a; double b; };
struct FI { double d; int i; };
struct IF { int i; float f; };
union UN { int i; float f; };
long g_ints(int a, unsigned char b, short c, long d, long long e, int f, int g, int h, int i, long j);
double g_fps(float a, double b, float c, double d, double e, double f, double g, double h, double i, double j);
long g_s1(struct S1 s);
long g_s2(struct S2 s);
long g_s3(struct S3 s);
double g_f1(struct F1 s);
double g_f2(struct F2 s);
double g_fi(struct FI s);
double g_if(struct IF s);
int g_un(union UN u);
struct S2 r_s2(long a);
struct S3 r_s3(long a);
struct F2 r_f2(double a);
struct FI r_fi(double a);
double g_va(int n, ...);
long long g_ll(long long a, int b, long long c);
int g_mixed(int a, double b, int c, float d, long e, struct FI f, struct S2 g, double h);
long double g_ld(long double a, int b, long double c);
long double g_vald(int n, ...);
#if __riscv_xlen == 64
__int128 g_i128(__int128 a, int b, __int128 c);
#endif
int main(void)
{
    if (g_ld(1.5L, 3, 0.25L) != 4.75L) return 18;
    if (g_vald(3, 1.0L, 2.0L, 4.5L) != 7.5L) return 19;
#if __riscv_xlen == 64
    if (g_i128((__int128)1 << 70, 3, 5) != ((__int128)3 << 70) + 5) return 20;
#endif
    if (g_ints(1, 200, -3, 4, 5, 6, 7, 8, 9, 10) != 1 + 400 - 9 + 16 + 25 + 36 + 49 + 64 + 81 + 100) return 1;
    if (g_fps(1, 2, 3, 4, 5, 6, 7, 8, 9, 10) != 385.0) return 2;
    if (g_s1((struct S1){ 'x' }) != 'x') return 3;
    if (g_s2((struct S2){ 3, 4 }) != 34) return 4;
    if (g_s3((struct S3){ 1, 2, 3, 4, 5 }) != 15) return 5;
    if (g_f1((struct F1){ 2.5 }) != 5.0) return 6;
    if (g_f2((struct F2){ 1.5f, 2.0 }) != 21.5) return 7;
    if (g_fi((struct FI){ 0.5, 3 }) != 300.5) return 8;
    if (g_if((struct IF){ 2, 0.5f }) != 52.0) return 9;
    if (g_un((union UN){ 77 }) != 77) return 10;
    struct S2 a = r_s2(5);
    if (a.a != 5 || a.b != 6) return 11;
    struct S3 b = r_s3(10);
    if (b.a != 10 || b.e != 14) return 12;
    struct F2 c = r_f2(1.5);
    if (c.a != 1.5f || c.b != 3.0) return 13;
    struct FI d = r_fi(2.25);
    if (d.d != 2.25 || d.i != 7) return 14;
    if (g_va(4, 1LL, 2.5, 3LL, 4.5) != 11.0) return 15;
    if (g_ll(0x100000000LL, 3, 5) != 0x300000005LL) return 16;
    if (g_mixed(1, 2.0, 3, 4.0f, 5, (struct FI){ 6.0, 7 }, (struct S2){ 8, 9 }, 10.0) != 55) return 17;
    return 0;
}
