/* Robust mutexes: a thread that ends while holding one leaves it to the next locker with
 * EOWNERDEAD (Linux walks the dead thread's robust list); pthread_mutex_consistent makes
 * it usable again, and an inconsistent one left unlocked becomes ENOTRECOVERABLE.  Also
 * trylock and timedlock, recursive and error-checking robust mutexes, a condition wait,
 * an owner that is a detached thread, and a process-shared one whose owner process exits.  Built with glibc and with zlibc
 * (zl-cc) at every XLEN; the output is the host Linux's. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

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

static const char *err(int r)
{
    return r == EOWNERDEAD ? "EOWNERDEAD" : r == ENOTRECOVERABLE ? "ENOTRECOVERABLE" : r == EBUSY ? "EBUSY" :
           r == EDEADLK ? "EDEADLK" : r == ETIMEDOUT ? "ETIMEDOUT" : r == EPERM ? "EPERM" :
           r == EINVAL ? "EINVAL" : r ? strerror(r) : "0";
}

static pthread_mutex_t cm;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;

/* Takes cm and ends holding it while main waits on cv with cm. */
static void *die_signalling(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&cm);
    pthread_cond_signal(&cv);
    return NULL;
}

static void more(void)
{
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    int rb = -1;
    pthread_mutexattr_getrobust(&a, &rb);
    printf("default robustness: %s\n", rb == PTHREAD_MUTEX_STALLED ? "stalled" : "robust");
    printf("setrobust(7): %s\n", err(pthread_mutexattr_setrobust(&a, 7)));
    pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
    pthread_mutexattr_getrobust(&a, &rb);
    printf("robustness: %s\n", rb == PTHREAD_MUTEX_ROBUST ? "robust" : "stalled");

    pthread_mutex_t plain = PTHREAD_MUTEX_INITIALIZER, m;
    pthread_mutex_lock(&plain);
    printf("consistent on a stalled mutex: %s\n", err(pthread_mutex_consistent(&plain)));
    pthread_mutex_unlock(&plain);

    /* trylock and timedlock */
    pthread_mutex_init(&m, &a);
    printf("consistent on a consistent one: %s\n", err(pthread_mutex_consistent(&m)));
    printf("unlock unowned: %s\n", err(pthread_mutex_unlock(&m)));
    printf("trylock: %s\n", err(pthread_mutex_trylock(&m)));
    printf("trylock again: %s\n", err(pthread_mutex_trylock(&m)));
    pthread_mutex_unlock(&m);
    pthread_t t;
    pthread_create(&t, NULL, die_holding, &m);
    pthread_join(t, NULL);
    printf("trylock after owner died: %s\n", err(pthread_mutex_trylock(&m)));
    pthread_mutex_consistent(&m);
    pthread_mutex_unlock(&m);
    pthread_create(&t, NULL, die_holding, &m);
    pthread_join(t, NULL);
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_sec += 5;
    printf("timedlock after owner died: %s\n", err(pthread_mutex_timedlock(&m, &ts)));
    pthread_mutex_consistent(&m);
    pthread_mutex_unlock(&m);
    pthread_mutex_destroy(&m);

    /* recursive and error-checking */
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&m, &a);
    int r1 = pthread_mutex_lock(&m), r2 = pthread_mutex_lock(&m), r3 = pthread_mutex_trylock(&m);
    printf("recursive: %s %s %s\n", err(r1), err(r2), err(r3));
    r1 = pthread_mutex_unlock(&m), r2 = pthread_mutex_unlock(&m), r3 = pthread_mutex_unlock(&m);
    printf("recursive unlocks: %s %s %s, then %s\n", err(r1), err(r2), err(r3), err(pthread_mutex_unlock(&m)));
    pthread_create(&t, NULL, die_holding, &m);
    pthread_join(t, NULL);
    printf("recursive after owner died: %s\n", err(pthread_mutex_lock(&m)));
    pthread_mutex_consistent(&m);
    printf("and again: %s\n", err(pthread_mutex_lock(&m)));
    pthread_mutex_unlock(&m);
    pthread_mutex_unlock(&m);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
    pthread_mutex_init(&m, &a);
    pthread_mutex_lock(&m);
    printf("error-checking relock: %s\n", err(pthread_mutex_lock(&m)));
    pthread_mutex_unlock(&m);

    /* a condition wait whose mutex's owner dies */
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_NORMAL);
    pthread_mutex_init(&cm, &a);
    pthread_mutex_lock(&cm);
    pthread_create(&t, NULL, die_signalling, NULL);
    int r = pthread_cond_wait(&cv, &cm);
    printf("cond_wait: %s\n", err(r));
    if (r == EOWNERDEAD) pthread_mutex_consistent(&cm);
    pthread_mutex_unlock(&cm);
    pthread_join(t, NULL);

    /* a detached thread (zlibc: it unmaps its own descriptor, robust list head included) */
    pthread_attr_t da;
    pthread_attr_init(&da);
    pthread_attr_setdetachstate(&da, PTHREAD_CREATE_DETACHED);
    pthread_mutex_init(&m, &a);
    sem_init(&holding, 0, 0);
    pthread_create(&t, &da, die_later, &m);
    sem_wait(&holding);
    printf("detached owner died: %s\n", err(pthread_mutex_lock(&m)));
    pthread_attr_destroy(&da);

    /* process-shared, in shared memory: the owner is another process that exits */
    pthread_mutex_t *sm = mmap(NULL, sizeof *sm, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
    pthread_mutex_init(sm, &a);
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        pthread_mutex_lock(sm);
        _exit(0);
    }
    waitpid(pid, NULL, 0);
    printf("shared, owner process exited: %s\n", err(pthread_mutex_lock(sm)));
    printf("consistent: %s\n", err(pthread_mutex_consistent(sm)));
    pthread_mutex_unlock(sm);
    /* the child waits while the parent holds it and exits */
    pthread_mutex_lock(sm);
    fflush(stdout);
    pid = fork();
    if (pid == 0) {
        int cr = pthread_mutex_lock(sm);
        printf("child after the parent unlocked: %s\n", err(cr));
        fflush(stdout);
        _exit(0);
    }
    usleep(20000);
    pthread_mutex_unlock(sm);
    waitpid(pid, NULL, 0);
    pthread_mutexattr_destroy(&a);
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
    printf("trylock: %s\n", err(pthread_mutex_trylock(&m1)));
    more();
    return 0;
}
