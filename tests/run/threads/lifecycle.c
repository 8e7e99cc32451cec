/* Thread life: thread-local storage per thread, ids, return values through pthread_exit,
 * detached threads, many threads created and joined one after another (their stacks,
 * tids and zl-run's per-thread state are all released), join while the joined thread
 * blocks in a futex until woken. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

static __thread long tls_counter = 100;
static __thread char tls_buf[64];
static pid_t main_pid;

static void *tls_worker(void *arg)
{
    long id = (long)arg;
    for (int i = 0; i < 1000; i++) tls_counter += id;
    snprintf(tls_buf, sizeof tls_buf, "thread %ld", id);
    int same_pid = getpid() == main_pid;
    int own_tid = gettid() != main_pid;
    if (id == 3) pthread_exit((void *)(tls_counter * 10 + same_pid + own_tid));
    return (void *)(tls_counter * 10 + same_pid + own_tid);
}

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int go, detached_done;

static void *detached(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m);
    detached_done++;
    pthread_cond_broadcast(&cv);
    pthread_mutex_unlock(&m);
    return NULL;
}

static void *sleeper(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m);
    while (!go) pthread_cond_wait(&cv, &m);
    pthread_mutex_unlock(&m);
    return (void *)7;
}

static void *trivial(void *arg) { return arg; }

int main(void)
{
    main_pid = getpid();
    pthread_t t[4];
    for (long i = 0; i < 4; i++) pthread_create(&t[i], NULL, tls_worker, (void *)i);
    for (int i = 0; i < 4; i++) {
        void *r;
        pthread_join(t[i], &r);
        printf("tls thread %d returned %ld\n", i, (long)r);
    }
    printf("main tls %ld '%s'\n", tls_counter, tls_buf);

    pthread_attr_t a;
    pthread_attr_init(&a);
    pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
    for (int i = 0; i < 8; i++) {
        pthread_t d;
        pthread_create(&d, &a, detached, NULL);
    }
    pthread_mutex_lock(&m);
    while (detached_done < 8) pthread_cond_wait(&cv, &m);
    pthread_mutex_unlock(&m);
    printf("detached threads done %d\n", detached_done);

    long sum = 0;
    for (long i = 0; i < 300; i++) {
        pthread_t x;
        void *r;
        if (pthread_create(&x, NULL, trivial, (void *)i) || pthread_join(x, &r)) {
            printf("create/join %ld failed\n", i);
            return 1;
        }
        sum += (long)r;
    }
    printf("300 threads created and joined, sum %ld\n", sum);

    pthread_t s;
    pthread_create(&s, NULL, sleeper, NULL);
    usleep(20000);
    pthread_mutex_lock(&m);
    go = 1;
    pthread_cond_broadcast(&cv);
    pthread_mutex_unlock(&m);
    void *r;
    pthread_join(s, &r);
    printf("sleeper woken, returned %ld\n", (long)r);
    return 0;
}
