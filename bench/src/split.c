/* CPU-bound work split over argv[1] threads (1 or more): a fixed amount of integer
 * hashing divided evenly, each thread on its own data, joined at the end.  The result
 * does not depend on the thread count, so runs with 1 and 2 threads check each other. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define TOTAL 160000000u        /* rounds of the mixing function in all */
#define MAXT 16

static uint64_t result[MAXT];
static unsigned nthreads;

static void *work(void *arg)
{
    unsigned id = (unsigned)(uintptr_t)arg;
    uint64_t acc = 0;
    for (unsigned i = id; i < TOTAL; i += nthreads) {
        uint64_t x = i * 0x9e3779b97f4a7c15ull;
        x ^= x >> 29;
        x *= 0xbf58476d1ce4e5b9ull;
        x ^= x >> 32;
        acc += x;
    }
    result[id] = acc;
    return NULL;
}

int main(int argc, char **argv)
{
    nthreads = argc > 1 ? (unsigned)atoi(argv[1]) : 1;
    if (nthreads < 1 || nthreads > MAXT) return 2;
    pthread_t t[MAXT];
    for (unsigned i = 1; i < nthreads; i++)
        if (pthread_create(&t[i], NULL, work, (void *)(uintptr_t)i)) return 1;
    work((void *)0);
    uint64_t sum = result[0];
    for (unsigned i = 1; i < nthreads; i++) {
        pthread_join(t[i], NULL);
        sum += result[i];
    }
    printf("%016llx\n", (unsigned long long)sum);
    return 0;
}
