/* Exact totals from threads that increment shared counters concurrently: under a mutex,
 * with C11 atomics, with raw AMOs (amoadd.w/amoadd.d) and with LR/SC loops.  A lost
 * update anywhere shows as a wrong total. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#define THREADS 4
#define ITER 250000             /* per thread: 10^6 increments of each counter in all */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long locked;
static atomic_long c11;
static int amo32;
static long amo64;
static long lrsc;

static void lrsc_add(long *p, long v)
{
    long old, fail;
    __asm__ volatile("1: lr.d %0, (%2)\n"
                     "   add %0, %0, %3\n"
                     "   sc.d %1, %0, (%2)\n"
                     "   bnez %1, 1b\n"
                     : "=&r"(old), "=&r"(fail) : "r"(p), "r"(v) : "memory");
}

static void *work(void *arg)
{
    (void)arg;
    for (int i = 0; i < ITER; i++) {
        pthread_mutex_lock(&lock);
        locked++;
        pthread_mutex_unlock(&lock);
        atomic_fetch_add(&c11, 1);
        __asm__ volatile("amoadd.w zero, %1, (%0)" :: "r"(&amo32), "r"(1) : "memory");
        __asm__ volatile("amoadd.d zero, %1, (%0)" :: "r"(&amo64), "r"(1L) : "memory");
        lrsc_add(&lrsc, 1);
    }
    return NULL;
}

int main(void)
{
    pthread_t t[THREADS];
    for (int i = 0; i < THREADS; i++)
        if (pthread_create(&t[i], NULL, work, NULL)) return 1;
    for (int i = 0; i < THREADS; i++) pthread_join(t[i], NULL);
    printf("mutex %ld\nc11 %ld\namoadd.w %d\namoadd.d %ld\nlr/sc %ld\n", locked,
           (long)atomic_load(&c11), amo32, amo64, lrsc);
    return 0;
}
