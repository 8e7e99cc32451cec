/* Allocator stress: random malloc/calloc/realloc/free/aligned_alloc sequences over many
 * sizes (small classes and large mappings), every block filled with a pattern derived from
 * its id and checked before it is resized or freed.  Also: memory goes back to the
 * system (the mapping count of /proc/self/maps returns to its level after a large
 * allocate/free cycle), alignment guarantees, calloc zeroing and overflow, and
 * posix_memalign's error codes.  Prints only deterministic results. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <errno.h>

#define N 2000
static unsigned char *blk[N];
static size_t len[N];
static unsigned id[N];

static uint32_t st = 12345;
static uint32_t rnd(void)
{
    st ^= st << 13;
    st ^= st >> 17;
    st ^= st << 5;
    return st;
}

static void fill(int i)
{
    for (size_t k = 0; k < len[i]; k++)
        blk[i][k] = (unsigned char)(id[i] * 31 + k * 7);
}

static int check(int i, size_t n)
{
    for (size_t k = 0; k < n && k < len[i]; k++)
        if (blk[i][k] != (unsigned char)(id[i] * 31 + k * 7))
            return 0;
    return 1;
}

static size_t rsize(void)
{
    uint32_t r = rnd() % 100;
    if (r < 60)
        return rnd() % 128;
    if (r < 90)
        return rnd() % 4096;
    if (r < 98)
        return rnd() % 65536;
    return 65536 + rnd() % (1 << 20);
}

static int count_maps(void)
{
    FILE *f = fopen("/proc/self/maps", "r");
    if (!f)
        return -1;
    int n = 0, c;
    while ((c = fgetc(f)) != EOF)
        n += c == '\n';
    fclose(f);
    return n;
}

int main(int argc, char **argv)
{
    int bad = 0, ops = 0;
    int rounds = argc > 1 ? atoi(argv[1]) : 60000;
    unsigned next = 1;
    for (int round = 0; round < rounds; round++) {
        int i = (int)(rnd() % N);
        uint32_t op = rnd() % 10;
        if (!blk[i]) {
            size_t n = rsize();
            if (op < 6)
                blk[i] = malloc(n);
            else if (op < 8) {
                blk[i] = calloc(1, n);
                for (size_t k = 0; blk[i] && k < n; k++)
                    if (blk[i][k])
                        bad++;
            } else
                blk[i] = aligned_alloc((size_t)1 << (4 + rnd() % 9), n);
            if (!blk[i] || ((uintptr_t)blk[i] & 15)) {
                bad++;
                continue;
            }
            len[i] = n;
            id[i] = next++;
            fill(i);
        } else if (op < 5) {
            if (!check(i, len[i]))
                bad++;
            free(blk[i]);
            blk[i] = NULL;
        } else {
            if (!check(i, len[i]))
                bad++;
            size_t n = rsize() + 1;   /* realloc(p, 0) is implementation-defined */
            unsigned char *p = realloc(blk[i], n);
            if (!p) {
                bad++;
                continue;
            }
            blk[i] = p;
            size_t keep = n < len[i] ? n : len[i];
            len[i] = keep;
            if (!check(i, keep))
                bad++;
            len[i] = n;
            fill(i);
        }
        ops++;
    }
    for (int i = 0; i < N; i++) {
        if (blk[i] && !check(i, len[i]))
            bad++;
        free(blk[i]);
        blk[i] = NULL;
    }
    printf("stress: operations done %d, %d errors\n", ops > rounds / 2, bad);

    /* memory returns to the system */
    int before = count_maps();
    void *big[64];
    for (int i = 0; i < 64; i++)
        big[i] = malloc((size_t)(1 + i % 3) << 20);
    for (int i = 0; i < 64; i++)
        free(big[i]);
    int after = count_maps();
    printf("large blocks unmapped: %s\n", before > 0 && after <= before + 1 ? "yes" : "no");

    /* alignment */
    int ok = 1;
    for (size_t a = 16; a <= 65536; a *= 2) {
        void *p = aligned_alloc(a, 100);
        void *q = aligned_alloc(a, 200000);
        ok &= p && q && !((uintptr_t)p % a) && !((uintptr_t)q % a);
        memset(p, 1, 100);
        memset(q, 2, 200000);
        free(p);
        free(q);
    }
    printf("aligned_alloc: %s\n", ok ? "ok" : "bad");
    void *pm = NULL;
    printf("posix_memalign: %d %d %d\n", posix_memalign(&pm, 3, 10), posix_memalign(&pm, 64, 10),
           pm != NULL && !((uintptr_t)pm & 63));
    free(pm);
    errno = 0;
    size_t huge = (size_t)-1 / 2;
    void *ov = calloc(huge, 4);
    printf("calloc overflow: %s %s\n", ov ? "non-null" : "null", errno == ENOMEM ? "ENOMEM" : "?");
    void *z = malloc(0);
    printf("malloc(0) freeable: %s\n", z ? "yes" : "null");
    free(z);
    char *r = realloc(NULL, 10);
    strcpy(r, "realloc");
    r = realloc(r, 100000);
    printf("%s\n", r);
    free(r);
    return bad != 0;
}
