/* qsort (introsort: quicksort with median-of-three, insertion sort for small ranges,
 * heapsort when recursion gets too deep), qsort_r and bsearch. */
#include "zl_libc.h"
#include <stdlib.h>
#include <string.h>

typedef int (*cmp_r)(const void *, const void *, void *);

static void swap(unsigned char *a, unsigned char *b, size_t n)
{
    while (n--) {
        unsigned char t = *a;
        *a++ = *b;
        *b++ = t;
    }
}

static void sift(unsigned char *base, size_t root, size_t n, size_t w, cmp_r cmp, void *arg)
{
    for (;;) {
        size_t child = 2 * root + 1;
        if (child >= n)
            return;
        if (child + 1 < n && cmp(base + child * w, base + (child + 1) * w, arg) < 0)
            child++;
        if (cmp(base + root * w, base + child * w, arg) >= 0)
            return;
        swap(base + root * w, base + child * w, w);
        root = child;
    }
}

static void heapsort_r(unsigned char *base, size_t n, size_t w, cmp_r cmp, void *arg)
{
    for (size_t i = n / 2; i-- > 0;)
        sift(base, i, n, w, cmp, arg);
    for (size_t i = n; i-- > 1;) {
        swap(base, base + i * w, w);
        sift(base, 0, i, w, cmp, arg);
    }
}

static void sort(unsigned char *base, size_t n, size_t w, cmp_r cmp, void *arg, int depth)
{
    while (n > 12) {
        if (depth-- == 0) {
            heapsort_r(base, n, w, cmp, arg);
            return;
        }
        unsigned char *lo = base, *mid = base + (n / 2) * w, *hi = base + (n - 1) * w;
        if (cmp(mid, lo, arg) < 0)
            swap(mid, lo, w);
        if (cmp(hi, mid, arg) < 0) {
            swap(hi, mid, w);
            if (cmp(mid, lo, arg) < 0)
                swap(mid, lo, w);
        }
        swap(mid, base, w);   /* pivot at base */
        size_t i = 1, j = n - 1;
        for (;;) {
            while (i <= j && cmp(base + i * w, base, arg) < 0)
                i++;
            while (j >= i && cmp(base + j * w, base, arg) > 0)
                j--;
            if (i >= j)
                break;
            swap(base + i * w, base + j * w, w);
            i++;
            j--;
        }
        swap(base, base + j * w, w);
        size_t left = j, right = n - j - 1;
        if (left < right) {
            sort(base, left, w, cmp, arg, depth);
            base += (j + 1) * w;
            n = right;
        } else {
            sort(base + (j + 1) * w, right, w, cmp, arg, depth);
            n = left;
        }
    }
    for (size_t i = 1; i < n; i++)
        for (size_t k = i; k > 0 && cmp(base + (k - 1) * w, base + k * w, arg) > 0; k--)
            swap(base + (k - 1) * w, base + k * w, w);
}

void qsort_r(void *base, size_t n, size_t w, cmp_r cmp, void *arg)
{
    int depth = 0;
    for (size_t m = n; m; m >>= 1)
        depth += 2;
    if (w)
        sort(base, n, w, cmp, arg, depth);
}

static int call_plain(const void *a, const void *b, void *f)
{
    int (*const *fn)(const void *, const void *) = f;
    return (*fn)(a, b);
}

void qsort(void *base, size_t n, size_t w, int (*cmp)(const void *, const void *))
{
    qsort_r(base, n, w, call_plain, &cmp);
}

void *bsearch(const void *key, const void *base, size_t n, size_t w,
              int (*cmp)(const void *, const void *))
{
    const unsigned char *b = base;
    while (n) {
        const unsigned char *m = b + (n / 2) * w;
        int c = cmp(key, m);
        if (c == 0)
            return (void *)m;
        if (c > 0) {
            b = m + w;
            n -= n / 2 + 1;
        } else
            n /= 2;
    }
    return NULL;
}
