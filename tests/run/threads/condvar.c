/* Producers and consumers on a bounded queue under a mutex and two condition variables
 * (one waiting on CLOCK_MONOTONIC with a timeout); every item is consumed exactly once. */
#include <pthread.h>
#include <stdio.h>
#include <time.h>

#define PRODUCERS 2
#define CONSUMERS 3
#define ITEMS 20000             /* per producer */
#define SLOTS 16

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_full, not_empty;
static long queue[SLOTS];
static int head, count, producers_left = PRODUCERS;
static long consumed_sum[CONSUMERS], consumed_n[CONSUMERS];
static long timeouts;

static void *producer(void *arg)
{
    long base = (long)arg * ITEMS;
    for (long i = 1; i <= ITEMS; i++) {
        pthread_mutex_lock(&lock);
        while (count == SLOTS) pthread_cond_wait(&not_full, &lock);
        queue[(head + count++) % SLOTS] = base + i;
        pthread_cond_signal(&not_empty);
        pthread_mutex_unlock(&lock);
    }
    pthread_mutex_lock(&lock);
    producers_left--;
    pthread_cond_broadcast(&not_empty);
    pthread_mutex_unlock(&lock);
    return NULL;
}

static void *consumer(void *arg)
{
    long id = (long)arg;
    pthread_mutex_lock(&lock);
    for (;;) {
        while (count == 0 && producers_left > 0) {
            struct timespec ts;
            clock_gettime(CLOCK_MONOTONIC, &ts);
            ts.tv_sec += 5;
            if (pthread_cond_timedwait(&not_empty, &lock, &ts)) timeouts++;
        }
        if (count == 0) break;
        long v = queue[head];
        head = (head + 1) % SLOTS;
        count--;
        pthread_cond_signal(&not_full);
        consumed_sum[id] += v;
        consumed_n[id]++;
    }
    pthread_mutex_unlock(&lock);
    return NULL;
}

int main(void)
{
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&not_empty, &ca);
    pthread_cond_init(&not_full, NULL);
    pthread_t p[PRODUCERS], c[CONSUMERS];
    for (long i = 0; i < CONSUMERS; i++) pthread_create(&c[i], NULL, consumer, (void *)i);
    for (long i = 0; i < PRODUCERS; i++) pthread_create(&p[i], NULL, producer, (void *)i);
    for (int i = 0; i < PRODUCERS; i++) pthread_join(p[i], NULL);
    for (int i = 0; i < CONSUMERS; i++) pthread_join(c[i], NULL);
    long sum = 0, n = 0;
    for (int i = 0; i < CONSUMERS; i++) {
        sum += consumed_sum[i];
        n += consumed_n[i];
    }
    long want = (long)PRODUCERS * ITEMS * (PRODUCERS * ITEMS + 1) / 2;
    printf("items %ld sum %s timeouts %ld\n", n, sum == want ? "exact" : "WRONG", timeouts);
    return 0;
}
