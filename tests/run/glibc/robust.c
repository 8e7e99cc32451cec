/* Robust mutexes: a thread that ends while holding one leaves it to the next locker with
 * EOWNERDEAD (Linux walks the dead thread's robust list); pthread_mutex_consistent makes
 * it usable again, and an inconsistent one left unlocked becomes ENOTRECOVERABLE. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include <semaphore.h>

static pthread_mutex_t m1, m2;
static sem_t holding;

static void *die_holding(void *arg)
{
    pthread_mutex_t *m = arg;
    pthread_mutex_lock(m);
    return NULL;                /* ends without unlocking */
}

/* Holds the lock until a waiter has had time to sleep on it, then ends. */
static void *die_later(void *arg)
{
    pthread_mutex_lock(arg);
    sem_post(&holding);
    struct timespec ts = { 0, 50 * 1000 * 1000 };
    nanosleep(&ts, NULL);
    return NULL;
}

static void *wait_for(void *arg)
{
    int r = pthread_mutex_lock(arg);
    printf("waiter: %s\n", r == EOWNERDEAD ? "EOWNERDEAD" : strerror(r));
    if (r == EOWNERDEAD) {
        pthread_mutex_consistent(arg);
        pthread_mutex_unlock(arg);
    }
    return NULL;
}

int main(void)
{
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
    pthread_mutex_init(&m1, &a);
    pthread_mutex_init(&m2, &a);

    pthread_t t;
    pthread_create(&t, NULL, die_holding, &m1);
    pthread_join(t, NULL);
    int r = pthread_mutex_lock(&m1);
    printf("lock after owner died: %s\n", r == EOWNERDEAD ? "EOWNERDEAD" : strerror(r));
    printf("consistent: %d\n", pthread_mutex_consistent(&m1));
    printf("unlock: %d\n", pthread_mutex_unlock(&m1));
    printf("lock again: %d\n", pthread_mutex_lock(&m1));
    pthread_mutex_unlock(&m1);

    /* an owner that dies while another thread sleeps on the lock wakes it (if the
     * waiter comes late, it finds the lock already marked: the same EOWNERDEAD) */
    sem_init(&holding, 0, 0);
    pthread_create(&t, NULL, die_later, &m2);
    sem_wait(&holding);
    pthread_t w;
    pthread_create(&w, NULL, wait_for, &m2);
    pthread_join(t, NULL);
    pthread_join(w, NULL);

    /* not made consistent: unusable from then on */
    pthread_create(&t, NULL, die_holding, &m1);
    pthread_join(t, NULL);
    r = pthread_mutex_lock(&m1);
    printf("owner died again: %s\n", r == EOWNERDEAD ? "EOWNERDEAD" : strerror(r));
    pthread_mutex_unlock(&m1);
    r = pthread_mutex_lock(&m1);
    printf("after unlock without consistent: %s\n",
           r == ENOTRECOVERABLE ? "ENOTRECOVERABLE" : strerror(r));
    return 0;
}
