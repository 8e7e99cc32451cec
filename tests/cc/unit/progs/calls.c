/* calls: many arguments (stack), function pointers, recursion, struct args and returns */
struct S2 { long a, b; };
struct Big { long v[6]; };
struct F { double d; int i; };
struct FF { float a, b; };
static long many(long a, long b, long c, long d, long e, long f, long g, long h, long i, long j)
{
    return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h + 9 * i + 10 * j;
}
static struct S2 swap(struct S2 s) { struct S2 r = { s.b, s.a }; return r; }
static struct Big inc(struct Big b) { for (int i = 0; i < 6; i++) b.v[i]++; return b; }
static struct F mkf(double d, int i) { struct F f = { d * 2, i + 1 }; return f; }
static struct FF mkff(struct FF x) { struct FF r = { x.b, x.a }; return r; }
static int twice(int (*f)(int), int x) { return f(f(x)); }
static int sq(int x) { return x * x; }
static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int main(void)
{
    if (many(1, 2, 3, 4, 5, 6, 7, 8, 9, 10) != 385) return 1;
    struct S2 s = { 1, 2 };
    s = swap(s);
    if (s.a != 2 || s.b != 1) return 2;
    struct Big b = { { 1, 2, 3, 4, 5, 6 } };
    struct Big c = inc(b);
    if (c.v[0] != 2 || c.v[5] != 7 || b.v[5] != 6) return 3;
    struct F f = mkf(1.5, 4);
    if (f.d != 3.0 || f.i != 5) return 4;
    struct FF ff = mkff((struct FF){ 1.0f, 2.0f });
    if (ff.a != 2.0f || ff.b != 1.0f) return 5;
    if (twice(sq, 3) != 81) return 6;
    int (*fp)(int) = &sq;
    if ((*fp)(5) != 25) return 7;
    if (fib(15) != 610) return 8;
    return 0;
}
