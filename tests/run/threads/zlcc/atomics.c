/* Atomics between threads at every XLEN: the width of long (16 bytes at -m128) with
 * fetch-add (amoadd), a compare-and-swap loop (lr/sc), exchange-based spinlock (amoswap)
 * and min/max; exact totals. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#define THREADS 4
#define ITER 100000

static _Atomic long added, casd, maxv;
static atomic_flag spin = ATOMIC_FLAG_INIT;
static long under_spin;
static const long big = (long)1 << (sizeof(long) * 8 - 8);   /* far above 2^64 at -m128 */

static void *work(void *arg)
{
    long id = (long)arg;
    for (long i = 0; i < ITER; i++) {
        atomic_fetch_add(&added, big + 1);
        long old = atomic_load(&casd);
        while (!atomic_compare_exchange_weak(&casd, &old, old + 3)) {}
        while (atomic_flag_test_and_set(&spin)) {}
        under_spin++;
        atomic_flag_clear(&spin);
        long v = id * ITER + i, cur = atomic_load(&maxv);
        while (v > cur && !atomic_compare_exchange_weak(&maxv, &cur, v)) {}
    }
    return NULL;
}

int main(void)
{
    pthread_t t[THREADS];
    for (long i = 0; i < THREADS; i++) pthread_create(&t[i], NULL, work, (void *)i);
    for (int i = 0; i < THREADS; i++) pthread_join(t[i], NULL);
    long n = (long)THREADS * ITER;
    printf("fetch_add %s\ncas %s\nspinlock %s\nmax %s\n",
           atomic_load(&added) == n * (big + 1) ? "exact" : "WRONG",
           atomic_load(&casd) == 3 * n ? "exact" : "WRONG",
           under_spin == n ? "exact" : "WRONG",
           atomic_load(&maxv) == n - 1 ? "exact" : "WRONG");
    return 0;
}
