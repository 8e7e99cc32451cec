// OPT: -O2
/* Call-site specialisation (pass "specialize"), complete unrolling ("unroll") and
 * memcpy of a constant size ("memcall") at -O2: a static generic sort called with
 * constant element sizes and comparators gets clones (one per size/comparator pair,
 * each recursing into itself); the byte swap's copy loop runs a known number of times
 * in each (sizes below, at and above its 32-byte buffer); a call with a size only known
 * at run time keeps the original.  Output: checksums of the sorted arrays. */
#include <stdio.h>
#include <string.h>

typedef int (*cmp_fn)(const void *, const void *);

static void swap_bytes(unsigned char *a, unsigned char *b, unsigned size)
{
    unsigned char tmp[32];
    while (size) {
        unsigned k = size < sizeof tmp ? size : (unsigned)sizeof tmp;
        memcpy(tmp, a, k);
        memcpy(a, b, k);
        memcpy(b, tmp, k);
        a += k;
        b += k;
        size -= k;
    }
}

static void gsort(void *base, unsigned n, unsigned size, cmp_fn cmp)
{
    unsigned char *a = base;
    while (n > 4) {
        unsigned char *lo = a, *hi = a + (n - 1) * size, *mid = a + (n / 2) * size;
        if (cmp(mid, lo) < 0) swap_bytes(mid, lo, size);
        if (cmp(hi, lo) < 0) swap_bytes(hi, lo, size);
        if (cmp(hi, mid) < 0) swap_bytes(hi, mid, size);
        swap_bytes(mid, hi, size);
        unsigned char *store = lo;
        for (unsigned char *p = lo; p < hi; p += size)
            if (cmp(p, hi) < 0) {
                if (p != store) swap_bytes(p, store, size);
                store += size;
            }
        swap_bytes(store, hi, size);
        unsigned left = (unsigned)(store - a) / size, right = n - left - 1;
        if (left < right) {
            gsort(a, left, size, cmp);
            a = store + size;
            n = right;
        } else {
            gsort(store + size, right, size, cmp);
            n = left;
        }
    }
    for (unsigned i = 1; i < n; i++)
        for (unsigned j = i; j > 0 && cmp(a + (j - 1) * size, a + j * size) > 0; j--)
            swap_bytes(a + (j - 1) * size, a + j * size, size);
}

static int cmp_int(const void *pa, const void *pb)
{
    int a = *(const int *)pa, b = *(const int *)pb;
    return (a > b) - (a < b);
}

static int cmp_int_desc(const void *pa, const void *pb) { return cmp_int(pb, pa); }

struct rec { unsigned key, idx; };
struct big { unsigned key; unsigned char pad[36]; };  /* 40 bytes: two rounds of the swap */

static int cmp_rec(const void *pa, const void *pb)
{
    const struct rec *a = pa, *b = pb;
    if (a->key != b->key) return a->key < b->key ? -1 : 1;
    return a->idx < b->idx ? -1 : a->idx > b->idx;
}

static int cmp_big(const void *pa, const void *pb)
{
    const struct big *a = pa, *b = pb;
    return (a->key > b->key) - (a->key < b->key);
}

static unsigned seed = 12345;
static unsigned rnd(void)
{
    seed = seed * 1103515245u + 12345u;
    return seed >> 8;
}

#define N 200
static int ints[N];
static struct rec recs[N];
static struct big bigs[N];

static unsigned long hash(const void *p, unsigned long n)
{
    const unsigned char *s = p;
    unsigned long h = 5381;
    while (n--) h = h * 33 + *s++;
    return h & 0xffffffffu;
}

int main(void)
{
    volatile unsigned runtime_size = sizeof(int);
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < N; i++) {
            ints[i] = (int)(rnd() % 1000) - 500;
            recs[i].key = rnd() % 50;
            recs[i].idx = (unsigned)i;
            bigs[i].key = rnd() % 100;
            for (int k = 0; k < 36; k++) bigs[i].pad[k] = (unsigned char)(bigs[i].key + (unsigned)k);
        }
        gsort(ints, N, sizeof ints[0], cmp_int);
        printf("ints %d..%d %lx\n", ints[0], ints[N - 1], hash(ints, sizeof ints));
        gsort(ints, N, sizeof ints[0], cmp_int_desc);
        printf("desc %d..%d %lx\n", ints[0], ints[N - 1], hash(ints, sizeof ints));
        gsort(ints, N, runtime_size, cmp_int);
        printf("runtime %d..%d %lx\n", ints[0], ints[N - 1], hash(ints, sizeof ints));
        gsort(recs, N, sizeof recs[0], cmp_rec);
        printf("recs %u/%u %lx\n", recs[0].key, recs[0].idx, hash(recs, sizeof recs));
        gsort(bigs, N, sizeof bigs[0], cmp_big);
        int ok = 1;
        for (int i = 0; i < N; i++)
            for (int k = 0; k < 36; k++) ok &= bigs[i].pad[k] == (unsigned char)(bigs[i].key + (unsigned)k);
        printf("bigs %u..%u %s\n", bigs[0].key, bigs[N - 1].key, ok ? "intact" : "TORN");
    }
    return 0;
}
