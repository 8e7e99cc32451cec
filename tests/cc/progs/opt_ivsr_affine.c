// Strength reduction of indexes affine in a loop's counter (pass ivsr, "affine
// chain"): a[i * N + k] and b[k * N + j] in a loop over k become pointers stepped by
// the element size times N; narrow (int) chains that the entry value would overflow.
#include <stdint.h>
#include <stdio.h>

#define N 16
static short ma[N * N], mb[N * N];
static int mc[N * N];
static unsigned char big[1 << 16];

__attribute__((noinline)) static void matmul(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int acc = 0;
            for (int k = 0; k < N; k++)
                acc += ma[i * N + k] * mb[k * N + j];
            mc[i * N + j] = acc;
        }
}

/* stepping down, a multiplier that is not a power of two, an offset on both sides */
__attribute__((noinline)) static long down(const int *a, int row, int n)
{
    long s = 0;
    for (int k = n - 1; k >= 0; k--)
        s += a[k * 3 + row + 1] * (long)(k + 1) + a[5 + (k * 3 + row) * 2];
    return s;
}

/* the entry value of k (32768) makes k * 65536 overflow an int; the loop reads only at
 * k = 32767, where it does not: the pointer must be set up without the overflow */
__attribute__((noinline)) static int edge(const unsigned char *p, int j)
{
    int s = 0;
    for (int k = 32768; k >= 0; k--)
        if (k == 32767)
            s += p[k * 65536 + j];
    return s;
}

/* long counters, unsigned counters and a 64-bit multiply */
__attribute__((noinline)) static uint64_t longs(const unsigned char *p, long stride, unsigned n)
{
    uint64_t s = 0;
    for (long r = 0; r < 8; r++)
        for (unsigned c = 0; c < n; c++)
            s = s * 31 + p[r * 64 + c] + p[(long)c * 7 + stride];
    return s;
}

int main(void)
{
    for (int i = 0; i < N * N; i++) {
        ma[i] = (short)(i * 7 % 23 - 11);
        mb[i] = (short)(i * 13 % 29 - 14);
    }
    for (int i = 0; i < (1 << 16); i++) big[i] = (unsigned char)(i * 131 + 7);
    matmul();
    uint64_t h = 0;
    for (int i = 0; i < N * N; i++) h = h * 31 + (uint64_t)mc[i];
    printf("matmul %llu\n", (unsigned long long)h);
    int arr[200];
    for (int i = 0; i < 200; i++) arr[i] = i * i - 50 * i;
    printf("down %ld %ld\n", down(arr, 0, 30), down(arr, 7, 25));
    const unsigned char *base = big - 32767L * 65536L;
    printf("edge %d %d\n", edge(base, 5), edge(base, 40000));
    printf("longs %llu\n", (unsigned long long)longs(big, 100, 60));
    return 0;
}
