// Jump threading through branches on constants (pass thread) and loads reused along
// extended basic blocks (pass loadreuse): flags, inlined comparators, early returns, and
// stores on one side of a branch that the other side must not see.
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct rec { unsigned key, idx; };

static int cmp_rec(const void *pa, const void *pb)
{
    const struct rec *a = pa, *b = pb;
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    return a->idx < b->idx ? -1 : a->idx > b->idx;
}

static void isort(struct rec *r, int n, int (*cmp)(const void *, const void *))
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && cmp(&r[j - 1], &r[j]) > 0; j--) {
            struct rec t = r[j];
            r[j] = r[j - 1];
            r[j - 1] = t;
        }
}

__attribute__((noinline)) static int find(const int *a, int n, int x)
{
    int found = 0, at = -1;
    for (int i = 0; i < n; i++)
        if (a[i] == x) {
            found = 1;
            at = i;
            break;
        }
    if (found)
        return at;
    return -1;
}

__attribute__((noinline)) static int classify(int v)
{
    int neg = v < 0 ? 1 : 0, big = 0;
    if (!neg && v > 100) big = 1;
    if (neg) return -1;
    if (big) return 2;
    return v == 0 ? 0 : 1;
}

/* q may point into p's memory: the loads after the branch must see either side's store */
__attribute__((noinline)) static long sides(long *p, long *q, int c)
{
    long a = p[0];
    if (c) {
        q[0] = a + 1;
        a += p[0];
    } else {
        p[1] = 7;
        a += p[0] + p[1];
    }
    return a * 100 + p[0] + p[1];
}

int main(void)
{
    struct rec r[40];
    for (int i = 0; i < 40; i++) {
        r[i].key = (unsigned)(i * 7919 % 13);
        r[i].idx = (unsigned)(40 - i);
    }
    isort(r, 40, cmp_rec);
    uint64_t h = 0;
    for (int i = 0; i < 40; i++) h = h * 131 + r[i].key * 64 + r[i].idx;
    printf("sort %llu\n", (unsigned long long)(h % 1000000007));
    int a[10] = {5, 3, 9, -2, 7, 7, 0, 11, 4, 6};
    printf("find %d %d %d %d\n", find(a, 10, 7), find(a, 10, 5), find(a, 10, 6), find(a, 10, 42));
    printf("classify %d %d %d %d\n", classify(-5), classify(0), classify(50), classify(1000));
    long m[2] = {10, 20};
    long r1 = sides(m, m, 1);
    long r2 = sides(m, m + 1, 0);
    long n[2] = {10, 20}, o[2] = {30, 40};
    long r3 = sides(n, o, 1);
    printf("sides %ld %ld %ld %ld %ld\n", r1, r2, r3, m[0], m[1]);
    return 0;
}
