// Loops over arrays that the ivsr pass (src/cc/opt/ivsr.c) rewrites to step a pointer:
// element sizes 1 to 48, negative strides, unsigned and int indices near their wrap,
// indices used after the loop, indices of every width, several arrays per loop.
#include <limits.h>
#include <stdint.h>
#include <stdio.h>

struct s12 { int a, b, c; };
struct s48 { long long x[6]; };

static signed char c8[40];
static short s16[40];
static int i32[40];
static long long l64[40];
static long lw[40];
static void *ptrs[40];
static struct s12 r12[40];
static struct s48 r48[10];
static __int128 w128[20];
static double dbl[40];

static unsigned sum_c(int n) { unsigned s = 0; for (int i = 0; i < n; i++) s = s * 3 + (unsigned)c8[i]; return s; }
static unsigned sum_s(int n) { unsigned s = 0; for (int i = 0; i < n; i++) s = s * 5 + (unsigned)s16[i]; return s; }

static int downward(int n) /* negative stride, index used after the loop */
{
    int i;
    unsigned s = 0;
    for (i = n - 1; i >= 0; i--) {
        if (i32[i] == 7) break;
        s = s * 7 + (unsigned)i32[i];
    }
    return (int)(s % 100000) * 100 + i;
}

static int down_to(int lo, int hi) /* n < i test, step -1 */
{
    int s = 0, i;
    for (i = hi; lo < i; i--) s += i32[i] * i;
    return s + i;
}

static unsigned wrap_u(unsigned start, unsigned n) /* unsigned index crossing 2^32 wraps */
{
    unsigned s = 0, k = 0;
    for (unsigned i = start; k < n; i++, k++) s = s * 31 + (unsigned)i32[i % 40u] + i;
    return s;
}

static unsigned uidx(unsigned lo, unsigned hi) /* unsigned index, ext + shl */
{
    unsigned s = 0, i;
    for (i = lo; i < hi; i++) s = s * 13 + (unsigned)l64[i];
    return s + i;
}

static long long near_max(void) /* signed index close to INT_MAX, array offset back */
{
    long long s = 0;
    for (int i = INT_MAX - 30; i < INT_MAX; i++) s += l64[i - (INT_MAX - 30)] * (i - (INT_MAX - 31));
    for (int i = INT_MIN + 30; i > INT_MIN; i--) s += l64[i - INT_MIN] * 3;
    return s;
}

static long structs(int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) s += r12[i].a * 3 + r12[i].b - r12[i].c;
    for (int i = 0; i < n / 4; i++) s += r48[i].x[5] - r48[i].x[0];
    return s;
}

static void copy_rev(int n) /* two arrays, one forward one backward, mixed sizes */
{
    for (int i = 0; i < n; i++) {
        s16[i] = (short)(i32[n - 1 - i] * 3);
        c8[i] = (signed char)l64[i];
    }
}

static long wide(long n) /* long index: as wide as a register at -m64 and -m128 */
{
    long s = 0, i;
    for (i = 0; i < n; i += 3) s += lw[i] ^ (long)i;
    return s + i;
}

static long step_big(void) /* a stride beyond 12-bit immediates */
{
    static int big[4000];
    long s = 0;
    for (int i = 0; i < 4000; i++) big[i] = i;
    for (int i = 0; i < 4000; i += 700) s += big[i];
    for (unsigned i = 3; i < 4000; i += 997) s += big[i];
    return s;
}

static unsigned ptr_walk(int n) /* pointers as elements (16 bytes at -m128) */
{
    unsigned s = 0;
    for (int i = 0; i < n; i++) ptrs[i] = &i32[(i * 7) % 40];
    for (int i = 0; i < n; i++) s = s * 3 + (unsigned)*(int *)ptrs[i];
    return s;
}

static unsigned long long i128s(int n)
{
    __int128 s = 0;
    for (int i = 0; i < n; i++) w128[i] = (__int128)i << 70 | (unsigned)i;
    for (int i = 0; i < n; i++) s += w128[i] >> 3;
    return (uint64_t)(s >> 64) ^ (uint64_t)s;
}

static double fp(int n)
{
    double s = 0;
    for (int i = 0; i < n; i++) dbl[i] = i * 0.5;
    for (int i = n - 1; i >= 0; i--) s = s * 0.5 + dbl[i];
    return s;
}

static int nested(void)
{
    static int m[8][9];
    unsigned s = 0;
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 9; j++) m[i][j] = i * 10 + j;
    for (int j = 8; j >= 0; j--)
        for (int i = 0; i < 8; i++) s = s * 3 + (unsigned)m[i][j];
    return (int)(s % 1000000);
}

static int cond_access(int n) /* the access in only some iterations */
{
    int s = 0, i = 0;
    while (i < n) {
        if (i & 1) s += i32[i];
        else s -= l64[i] & 3;
        i++;
    }
    return s + i;
}

static int byte_uchar(void) /* unsigned char index wraps at 256 inside the loop */
{
    static unsigned char tab[256];
    unsigned s = 0;
    for (int i = 0; i < 256; i++) tab[i] = (unsigned char)(i * 5);
    unsigned char k = 250;
    for (int n = 0; n < 20; n++, k++) s = s * 3 + tab[k];
    unsigned short h = 65530;
    for (int n = 0; n < 12; n++, h++) s += tab[h & 255] + (h >> 8);
    return (int)(s % 1000000);
}

int main(void)
{
    for (int i = 0; i < 40; i++) {
        c8[i] = (signed char)(i * 9 - 100);
        s16[i] = (short)(i * 1000 - 20000);
        i32[i] = i * i - 300;
        l64[i] = (long long)i * 123456789;
        lw[i] = (long)i * 77;
        r12[i].a = i; r12[i].b = i * 2; r12[i].c = 40 - i;
    }
    for (int i = 0; i < 10; i++)
        for (int k = 0; k < 6; k++) r48[i].x[k] = i * 6 + k;
    i32[5] = 7;
    printf("sum_c %u sum_s %u\n", sum_c(40), sum_s(40));
    printf("downward %d %d\n", downward(40), downward(3));
    printf("down_to %d %d\n", down_to(2, 30), down_to(5, 5));
    printf("wrap_u %u %u\n", wrap_u(4294967290u, 12), wrap_u(0, 40));
    printf("uidx %u %u\n", uidx(3, 17), uidx(9, 9));
    printf("near_max %lld\n", near_max());
    printf("structs %ld\n", structs(40));
    copy_rev(40);
    printf("copy_rev %u %u\n", sum_s(40), sum_c(40));
    printf("wide %ld\n", wide(40));
    printf("step_big %ld\n", step_big());
    printf("ptr_walk %u\n", ptr_walk(40));
    printf("i128s %llu\n", i128s(20));
    printf("fp %.6f\n", fp(40));
    printf("nested %d\n", nested());
    printf("cond_access %d\n", cond_access(40));
    printf("byte_uchar %d\n", byte_uchar());
    return 0;
}
