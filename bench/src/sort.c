/* sort: sorting pseudo-random data, two ways.
 *
 *   ints    - 32768 uint32 values, quicksort specialised for uint32
 *             (median-of-three pivot, insertion sort below 16 elements,
 *             recursion only into the smaller part);
 *   records - 8192 {key, index} records through a generic qsort-like
 *             routine: element size in bytes and a comparator function
 *             pointer, byte-wise swaps (indirect calls, memcpy, loads and
 *             stores of every width).
 * Each iteration refills both arrays from a PRNG, sorts, verifies order
 * (and that the records are still a permutation) and hashes samples.
 *
 * usage: sort [iterations]
 */
#include "bench.h"

#define NAME          "sort"
#define DEFAULT_ITERS 400
#define EXPECTED      0xf35e314d969d8d32ULL  /* at DEFAULT_ITERS; from a native x86-64 build */

#define NINTS 32768
#define NRECS 8192

static uint32_t ints[NINTS];

struct rec {
    uint32_t key;
    uint32_t idx;
};
static struct rec recs[NRECS];

/* ------------------------------------------------ specialised uint32 sort */
static void insertion_u32(uint32_t *a, int32_t n)
{
    for (int32_t i = 1; i < n; i++) {
        uint32_t v = a[i];
        int32_t j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

static void quicksort_u32(uint32_t *a, int32_t n)
{
    while (n > 16) {
        int32_t mid = n / 2, last = n - 1;
        uint32_t t;
        /* order a[0], a[mid], a[last]; the median becomes the pivot */
        if (a[mid] < a[0]) { t = a[mid]; a[mid] = a[0]; a[0] = t; }
        if (a[last] < a[0]) { t = a[last]; a[last] = a[0]; a[0] = t; }
        if (a[last] < a[mid]) { t = a[last]; a[last] = a[mid]; a[mid] = t; }
        uint32_t pivot = a[mid];
        int32_t i = 0, j = last;
        for (;;) {                      /* Hoare partition */
            while (a[i] < pivot) i++;
            while (a[j] > pivot) j--;
            if (i >= j)
                break;
            t = a[i]; a[i] = a[j]; a[j] = t;
            i++;
            j--;
        }
        /* [0, j] <= pivot <= [j+1, n) ; recurse into the smaller side */
        int32_t left = j + 1, right = n - left;
        if (left < right) {
            quicksort_u32(a, left);
            a += left;
            n = right;
        } else {
            quicksort_u32(a + left, right);
            n = left;
        }
    }
    insertion_u32(a, n);
}

/* ------------------------------------------------------ generic byte sort */
typedef int (*cmp_fn)(const void *, const void *);

static void swap_bytes(uint8_t *a, uint8_t *b, uint32_t size)
{
    uint8_t tmp[32];
    while (size) {
        uint32_t k = size < sizeof tmp ? size : (uint32_t)sizeof tmp;
        memcpy(tmp, a, k);
        memcpy(a, b, k);
        memcpy(b, tmp, k);
        a += k;
        b += k;
        size -= k;
    }
}

static void gsort(void *base, uint32_t n, uint32_t size, cmp_fn cmp)
{
    uint8_t *a = base;
    while (n > 8) {
        uint8_t *lo = a, *hi = a + (n - 1) * size, *mid = a + (n / 2) * size;
        if (cmp(mid, lo) < 0) swap_bytes(mid, lo, size);
        if (cmp(hi, lo) < 0) swap_bytes(hi, lo, size);
        if (cmp(hi, mid) < 0) swap_bytes(hi, mid, size);
        /* Lomuto partition around the median, parked at the end */
        swap_bytes(mid, hi, size);
        uint8_t *store = lo;
        for (uint8_t *p = lo; p < hi; p += size)
            if (cmp(p, hi) < 0) {
                if (p != store)
                    swap_bytes(p, store, size);
                store += size;
            }
        swap_bytes(store, hi, size);
        uint32_t left = (uint32_t)(store - a) / size, right = n - left - 1;
        if (left < right) {
            gsort(a, left, size, cmp);
            a = store + size;
            n = right;
        } else {
            gsort(store + size, right, size, cmp);
            n = left;
        }
    }
    for (uint32_t i = 1; i < n; i++)    /* insertion sort the rest */
        for (uint32_t j = i; j > 0 && cmp(a + (j - 1) * size, a + j * size) > 0; j--)
            swap_bytes(a + (j - 1) * size, a + j * size, size);
}

static int cmp_rec(const void *pa, const void *pb)
{
    const struct rec *a = pa, *b = pb;
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    return a->idx < b->idx ? -1 : a->idx > b->idx;
}

int main(int argc, char **argv)
{
    uint64_t iters = guest_iters(argc, argv, DEFAULT_ITERS);
    uint64_t h = 0;
    uint32_t seed = 0x5eed1234u;

    bench_header(NAME, iters);
    for (uint64_t n = 0; n < iters; n++) {
        /* ints: mostly random, with some duplicates and a sorted run */
        for (uint32_t i = 0; i < NINTS; i++)
            ints[i] = rng32(&seed);
        for (uint32_t i = 0; i < NINTS / 16; i++)
            ints[i * 16] = ints[i * 16] & 0xff;
        for (uint32_t i = 0; i < 512; i++)
            ints[NINTS - 512 + i] = i * 3;
        quicksort_u32(ints, NINTS);
        for (uint32_t i = 1; i < NINTS; i++)
            if (ints[i - 1] > ints[i]) {
                bench_fail(NAME, "ints not sorted");
                break;
            }
        for (uint32_t i = 0; i < NINTS; i += 1024)
            h = mix64(h, ints[i]);

        /* records: keys with many duplicates (ties broken by index) */
        for (uint32_t i = 0; i < NRECS; i++) {
            recs[i].key = rng32(&seed) % 3000u;
            recs[i].idx = i;
        }
        gsort(recs, NRECS, sizeof recs[0], cmp_rec);
        uint32_t idx_xor = 0, idx_sum = 0;
        for (uint32_t i = 0; i < NRECS; i++) {
            if (i && cmp_rec(&recs[i - 1], &recs[i]) >= 0) {
                bench_fail(NAME, "records not sorted");
                break;
            }
            idx_xor ^= recs[i].idx;
            idx_sum += recs[i].idx;
        }
        if (idx_xor != 0 || idx_sum != (uint32_t)NRECS * (NRECS - 1) / 2)
            bench_fail(NAME, "records are not a permutation");
        for (uint32_t i = 0; i < NRECS; i += 256)
            h = mix64(h, (uint64_t)recs[i].key << 32 | recs[i].idx);
    }
    put_str(NAME ": median 0x");
    put_hex32(ints[NINTS / 2]);
    put_str(" first record ");
    put_u64(recs[0].key);
    put_char('/');
    put_u64(recs[0].idx);
    put_char('\n');
    return bench_finish(NAME, iters, DEFAULT_ITERS, h, EXPECTED);
}
