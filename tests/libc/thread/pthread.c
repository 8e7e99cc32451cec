/* POSIX threads, semaphores and C11 threads (tests/libc/thread_test.sh): one line per
 * check, "ok NAME" or "FAILED NAME: ...", the same output with zlibc at every XLEN and with
 * glibc.  A run where threads cannot be created at all prints "skipped threads: ...". */
#include <pthread.h>
#include <semaphore.h>
#include <threads.h>
#ifdef __STDC_NO_THREADS__
#error "__STDC_NO_THREADS__ is defined, yet <threads.h> is provided"
#endif
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>
#include <stdint.h>
#include <sys/wait.h>
#include <poll.h>

static int failures;
static void check(int ok, const char *name, const char *fmt, long a, long b)
{
    if (ok) {
        printf("ok %s\n", name);
        return;
    }
    failures++;
    printf("FAILED %s: ", name);
    printf(fmt, a, b);
    printf("\n");
}
static void check_eq(const char *name, long got, long want)
{
    check(got == want, name, "got %ld, want %ld", got, want);
}
#define CHECK_EQ(name, got, want) check_eq(name, (long)(got), (long)(want))

static struct timespec in_ms(clockid_t c, long ms)
{
    struct timespec t;
    clock_gettime(c, &t);
    t.tv_nsec += ms * 1000000;
    while (t.tv_nsec >= 1000000000) {
        t.tv_sec++;
        t.tv_nsec -= 1000000000;
    }
    return t;
}

#define NT 4
#define NINC 100000

/* ---- create/join ---- */
static void *ret_arg(void *a) { return (void *)((intptr_t)a * 10); }

static void test_create_join(void)
{
    pthread_t t[NT];
    long sum = 0;
    int err = 0;
    for (intptr_t i = 0; i < NT; i++)
        err |= pthread_create(&t[i], NULL, ret_arg, (void *)(i + 1));
    for (int i = 0; i < NT; i++) {
        void *r;
        err |= pthread_join(t[i], &r);
        sum += (long)(intptr_t)r;
    }
    CHECK_EQ("create_join_errors", err, 0);
    CHECK_EQ("create_join_results", sum, 100);
    CHECK_EQ("join_self_edeadlk", pthread_join(pthread_self(), NULL), EDEADLK);
}

/* ---- mutex counter ---- */
static pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;
static long counter;
static void *inc_mutex(void *a)
{
    (void)a;
    for (int i = 0; i < NINC; i++) {
        pthread_mutex_lock(&count_lock);
        counter++;
        pthread_mutex_unlock(&count_lock);
    }
    return NULL;
}

static atomic_int acounter;
static int amo_counter;
static void *inc_atomic(void *a)
{
    (void)a;
    for (int i = 0; i < NINC; i++) {
        atomic_fetch_add(&acounter, 1);
        __atomic_fetch_add(&amo_counter, 1, __ATOMIC_RELAXED);
    }
    return NULL;
}

static void run_all(void *(*fn)(void *), void *arg)
{
    pthread_t t[NT];
    for (int i = 0; i < NT; i++)
        pthread_create(&t[i], NULL, fn, arg);
    for (int i = 0; i < NT; i++)
        pthread_join(t[i], NULL);
}

static void test_counters(void)
{
    run_all(inc_mutex, NULL);
    CHECK_EQ("mutex_counter", counter, (long)NT * NINC);
    run_all(inc_atomic, NULL);
    CHECK_EQ("stdatomic_counter", atomic_load(&acounter), NT * NINC);
    CHECK_EQ("atomic_builtin_counter", amo_counter, NT * NINC);
}

/* ---- producer/consumer on condition variables ---- */
#define QN 8
#define ITEMS 5000
static struct {
    pthread_mutex_t m;
    pthread_cond_t not_full, not_empty;
    int buf[QN], head, n, done_producers;
    long sum;
    int consumed;
} q = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER, {0}, 0, 0, 0, 0, 0 };

static void *producer(void *a)
{
    int base = (int)(intptr_t)a;
    for (int i = 1; i <= ITEMS; i++) {
        pthread_mutex_lock(&q.m);
        while (q.n == QN)
            pthread_cond_wait(&q.not_full, &q.m);
        q.buf[(q.head + q.n++) % QN] = base + i;
        pthread_cond_signal(&q.not_empty);
        pthread_mutex_unlock(&q.m);
    }
    pthread_mutex_lock(&q.m);
    q.done_producers++;
    pthread_cond_broadcast(&q.not_empty);
    pthread_mutex_unlock(&q.m);
    return NULL;
}

static void *consumer(void *a)
{
    (void)a;
    for (;;) {
        pthread_mutex_lock(&q.m);
        while (q.n == 0 && q.done_producers < 2)
            pthread_cond_wait(&q.not_empty, &q.m);
        if (q.n == 0) {
            pthread_mutex_unlock(&q.m);
            return NULL;
        }
        int v = q.buf[q.head];
        q.head = (q.head + 1) % QN;
        q.n--;
        q.sum += v;
        q.consumed++;
        pthread_cond_signal(&q.not_full);
        pthread_mutex_unlock(&q.m);
    }
}

static void test_condvar(void)
{
    pthread_t p[2], c[2];
    pthread_create(&c[0], NULL, consumer, NULL);
    pthread_create(&c[1], NULL, consumer, NULL);
    pthread_create(&p[0], NULL, producer, (void *)0);
    pthread_create(&p[1], NULL, producer, (void *)1000000);
    for (int i = 0; i < 2; i++) {
        pthread_join(p[i], NULL);
        pthread_join(c[i], NULL);
    }
    CHECK_EQ("condvar_items", q.consumed, 2 * ITEMS);
    CHECK_EQ("condvar_sum", q.sum, 2L * ITEMS * (ITEMS + 1) / 2 + 1000000L * ITEMS);

    /* timedwait on CLOCK_MONOTONIC */
    pthread_condattr_t ca;
    pthread_cond_t cv;
    pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
    pthread_condattr_init(&ca);
    CHECK_EQ("condattr_setclock", pthread_condattr_setclock(&ca, CLOCK_MONOTONIC), 0);
    clockid_t ck;
    pthread_condattr_getclock(&ca, &ck);
    CHECK_EQ("condattr_getclock", ck, CLOCK_MONOTONIC);
    pthread_cond_init(&cv, &ca);
    struct timespec t0, t1, dl;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    dl = in_ms(CLOCK_MONOTONIC, 50);
    pthread_mutex_lock(&m);
    int r = pthread_cond_timedwait(&cv, &m, &dl);
    pthread_mutex_unlock(&m);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    long ms = (long)(t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000;
    CHECK_EQ("cond_timedwait_monotonic", r, ETIMEDOUT);
    check(ms >= 45, "cond_timedwait_waited", "waited %ld ms (%ld)", ms, 0);
    /* realtime clock, a deadline in the past */
    clock_gettime(CLOCK_REALTIME, &dl);
    dl.tv_sec -= 1;
    pthread_cond_t cv2 = PTHREAD_COND_INITIALIZER;
    pthread_mutex_lock(&m);
    CHECK_EQ("cond_timedwait_past", pthread_cond_timedwait(&cv2, &m, &dl), ETIMEDOUT);
    pthread_mutex_unlock(&m);
    pthread_cond_destroy(&cv);
    pthread_condattr_destroy(&ca);
}

/* ---- keys ---- */
static pthread_key_t key1, key2;
static atomic_int dtor_calls, dtor2_calls;
static void dtor1(void *p)
{
    atomic_fetch_add(&dtor_calls, 1);
    free(p);
}
static void dtor2(void *p)
{
    /* sets a new value once: a second round must call it again */
    if (atomic_fetch_add(&dtor2_calls, 1) == 0 || p == (void *)1)
        pthread_setspecific(key2, p == (void *)2 ? (void *)1 : NULL);
}
static void *key_thread(void *a)
{
    int *v = malloc(sizeof *v);
    *v = (int)(intptr_t)a;
    if (pthread_getspecific(key1) != NULL)
        return (void *)1;
    pthread_setspecific(key1, v);
    pthread_setspecific(key2, (void *)2);
    return pthread_getspecific(key1) == v ? NULL : (void *)1;
}

static void test_keys(void)
{
    CHECK_EQ("key_create", pthread_key_create(&key1, dtor1), 0);
    pthread_key_create(&key2, dtor2);
    pthread_setspecific(key1, (void *)&key1);
    pthread_t t;
    void *r;
    pthread_create(&t, NULL, key_thread, (void *)7);
    pthread_join(t, &r);
    CHECK_EQ("key_thread_values", (intptr_t)r, 0);
    CHECK_EQ("key_destructor_calls", atomic_load(&dtor_calls), 1);
    CHECK_EQ("key_destructor_rounds", atomic_load(&dtor2_calls), 2);
    check(pthread_getspecific(key1) == (void *)&key1, "key_main_value", "%ld %ld", 0, 0);
    pthread_key_delete(key1);
    pthread_key_delete(key2);
    pthread_key_t k3;
    pthread_key_create(&k3, NULL);
    check(pthread_getspecific(k3) == NULL, "key_new_is_null", "%ld %ld", 0, 0);
    pthread_key_delete(k3);
}

/* ---- once ---- */
static pthread_once_t once = PTHREAD_ONCE_INIT;
static atomic_int once_runs;
static void once_fn(void)
{
    atomic_fetch_add(&once_runs, 1);
    usleep(10000);
}
static void *once_thread(void *a)
{
    (void)a;
    pthread_once(&once, once_fn);
    return (void *)(intptr_t)atomic_load(&once_runs);
}
static void test_once(void)
{
    pthread_t t[NT];
    int bad = 0;
    for (int i = 0; i < NT; i++)
        pthread_create(&t[i], NULL, once_thread, NULL);
    for (int i = 0; i < NT; i++) {
        void *r;
        pthread_join(t[i], &r);
        bad |= (intptr_t)r != 1;
    }
    CHECK_EQ("once_runs", atomic_load(&once_runs), 1);
    CHECK_EQ("once_done_before_return", bad, 0);
}

/* ---- mutex types ---- */
static pthread_mutex_t ec;
static void *unlock_other(void *a)
{
    pthread_mutex_t *m = a;
    intptr_t r = pthread_mutex_unlock(m);
    intptr_t t = pthread_mutex_trylock(m);
    return (void *)(r * 100 + t);
}
static void test_mutex_types(void)
{
    pthread_mutexattr_t a;
    pthread_mutex_t rm;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&rm, &a);
    int r = pthread_mutex_lock(&rm) | pthread_mutex_lock(&rm) | pthread_mutex_trylock(&rm);
    r |= pthread_mutex_unlock(&rm) | pthread_mutex_unlock(&rm) | pthread_mutex_unlock(&rm);
    CHECK_EQ("recursive_lock_unlock", r, 0);
    CHECK_EQ("recursive_unlock_unowned", pthread_mutex_unlock(&rm), EPERM);
    pthread_mutex_lock(&rm);
    pthread_t t;
    void *res;
    pthread_create(&t, NULL, unlock_other, &rm);
    pthread_join(t, &res);
    CHECK_EQ("recursive_other_thread", (intptr_t)res, EPERM * 100 + EBUSY);
    pthread_mutex_unlock(&rm);
    pthread_mutex_destroy(&rm);

    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
    int ty;
    pthread_mutexattr_gettype(&a, &ty);
    CHECK_EQ("mutexattr_gettype", ty, PTHREAD_MUTEX_ERRORCHECK);
    pthread_mutex_init(&ec, &a);
    CHECK_EQ("errorcheck_lock", pthread_mutex_lock(&ec), 0);
    CHECK_EQ("errorcheck_relock", pthread_mutex_lock(&ec), EDEADLK);
    pthread_create(&t, NULL, unlock_other, &ec);
    pthread_join(t, &res);
    CHECK_EQ("errorcheck_other_thread", (intptr_t)res, EPERM * 100 + EBUSY);
    CHECK_EQ("errorcheck_unlock", pthread_mutex_unlock(&ec), 0);
    CHECK_EQ("errorcheck_unlock_unlocked", pthread_mutex_unlock(&ec), EPERM);
    pthread_mutexattr_destroy(&a);

    pthread_mutex_t nm = PTHREAD_MUTEX_INITIALIZER;
    CHECK_EQ("normal_trylock", pthread_mutex_trylock(&nm), 0);
    CHECK_EQ("normal_trylock_busy", pthread_mutex_trylock(&nm), EBUSY);
    struct timespec dl;
    dl = in_ms(CLOCK_REALTIME, 20);
    CHECK_EQ("mutex_timedlock_timeout", pthread_mutex_timedlock(&nm, &dl), ETIMEDOUT);
    pthread_mutex_unlock(&nm);
}

/* ---- rwlock ---- */
static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static long rw_value;
static void *rw_writer(void *a)
{
    (void)a;
    for (int i = 0; i < 20000; i++) {
        pthread_rwlock_wrlock(&rw);
        rw_value++;
        pthread_rwlock_unlock(&rw);
        if (i % 16 == 0) {
            pthread_rwlock_rdlock(&rw);
            pthread_rwlock_unlock(&rw);
        }
    }
    return NULL;
}
static void *rw_try(void *a)
{
    (void)a;
    intptr_t w = pthread_rwlock_trywrlock(&rw);
    intptr_t r = pthread_rwlock_tryrdlock(&rw);
    if (r == 0)
        pthread_rwlock_unlock(&rw);
    return (void *)(w * 100 + r);
}
static void test_rwlock(void)
{
    pthread_t t;
    void *res;
    pthread_rwlock_rdlock(&rw);
    pthread_create(&t, NULL, rw_try, NULL);
    pthread_join(t, &res);
    CHECK_EQ("rwlock_read_shared", (intptr_t)res, EBUSY * 100);
    pthread_rwlock_unlock(&rw);
    pthread_rwlock_wrlock(&rw);
    pthread_create(&t, NULL, rw_try, NULL);
    pthread_join(t, &res);
    CHECK_EQ("rwlock_write_exclusive", (intptr_t)res, EBUSY * 100 + EBUSY);
    pthread_rwlock_unlock(&rw);
    run_all(rw_writer, NULL);
    CHECK_EQ("rwlock_counter", rw_value, NT * 20000L);
}

/* ---- barrier ---- */
static pthread_barrier_t bar;
static atomic_int phase_count[3], serials;
static void *bar_thread(void *a)
{
    (void)a;
    for (int round = 0; round < 3; round++) {
        atomic_fetch_add(&phase_count[round], 1);
        int r = pthread_barrier_wait(&bar);
        if (r == PTHREAD_BARRIER_SERIAL_THREAD)
            atomic_fetch_add(&serials, 1);
        else if (r != 0)
            return (void *)1;
        if (atomic_load(&phase_count[round]) != NT)
            return (void *)2;
    }
    return NULL;
}
static void test_barrier(void)
{
    pthread_barrier_init(&bar, NULL, NT);
    pthread_t t[NT];
    intptr_t bad = 0;
    for (int i = 0; i < NT; i++)
        pthread_create(&t[i], NULL, bar_thread, NULL);
    for (int i = 0; i < NT; i++) {
        void *r;
        pthread_join(t[i], &r);
        bad |= (intptr_t)r;
    }
    CHECK_EQ("barrier_phases", bad, 0);
    CHECK_EQ("barrier_serial_threads", atomic_load(&serials), 3);
    pthread_barrier_destroy(&bar);
    CHECK_EQ("barrier_init_zero", pthread_barrier_init(&bar, NULL, 0), EINVAL);
}

/* ---- spinlock ---- */
static pthread_spinlock_t spin;
static long spin_value;
static void *spin_thread(void *a)
{
    (void)a;
    for (int i = 0; i < 20000; i++) {
        pthread_spin_lock(&spin);
        spin_value++;
        pthread_spin_unlock(&spin);
    }
    return NULL;
}
static void test_spin(void)
{
    pthread_spin_init(&spin, PTHREAD_PROCESS_PRIVATE);
    run_all(spin_thread, NULL);
    CHECK_EQ("spin_counter", spin_value, NT * 20000L);
    pthread_spin_lock(&spin);
    CHECK_EQ("spin_trylock_busy", pthread_spin_trylock(&spin), EBUSY);
    pthread_spin_unlock(&spin);
    pthread_spin_destroy(&spin);
}

/* ---- semaphores ---- */
static sem_t items, slots;
static int sbuf[4], shead, stail;
static long ssum;
static void *sem_producer(void *a)
{
    (void)a;
    for (int i = 1; i <= 3000; i++) {
        sem_wait(&slots);
        sbuf[stail++ % 4] = i;
        sem_post(&items);
    }
    return NULL;
}
static void test_sem(void)
{
    sem_init(&items, 0, 0);
    sem_init(&slots, 0, 4);
    pthread_t t;
    pthread_create(&t, NULL, sem_producer, NULL);
    for (int i = 0; i < 3000; i++) {
        sem_wait(&items);
        ssum += sbuf[shead++ % 4];
        sem_post(&slots);
    }
    pthread_join(t, NULL);
    CHECK_EQ("sem_producer_consumer", ssum, 3000L * 3001 / 2);
    int v;
    sem_getvalue(&slots, &v);
    CHECK_EQ("sem_getvalue", v, 4);
    errno = 0;
    CHECK_EQ("sem_trywait_empty", sem_trywait(&items), -1);
    CHECK_EQ("sem_trywait_errno", errno, EAGAIN);
    struct timespec dl;
    dl = in_ms(CLOCK_REALTIME, 20);
    errno = 0;
    int r = sem_timedwait(&items, &dl);
    CHECK_EQ("sem_timedwait_timeout", r == -1 && errno == ETIMEDOUT, 1);
    sem_destroy(&items);
    sem_destroy(&slots);
}

/* ---- detach, attributes, pthread_exit, cleanup handlers ---- */
static sem_t detached_done;
static void *detached_thread(void *a)
{
    (void)a;
    sem_post(&detached_done);
    return NULL;
}
static char order[8];
static int order_n;
static void push_order(void *c) { order[order_n++] = *(char *)c; }
static void nested_exit(void) { pthread_exit((void *)42); }
static void *exit_thread(void *a)
{
    (void)a;
    static char c1 = 'a', c2 = 'b', c3 = 'c';
    pthread_cleanup_push(push_order, &c1);
    pthread_cleanup_push(push_order, &c2);
    pthread_cleanup_push(push_order, &c3);
    pthread_cleanup_pop(0);
    nested_exit();
    pthread_cleanup_pop(0);
    pthread_cleanup_pop(0);
    return NULL;
}
static void *big_stack(void *a)
{
    volatile char buf[32768];
    for (size_t i = 0; i < sizeof buf; i += 512)
        buf[i] = (char)i;
    (void)a;
    return (void *)(intptr_t)buf[512];
}
static void test_detach_attr_exit(void)
{
    pthread_attr_t a;
    pthread_attr_init(&a);
    int ds;
    pthread_attr_getdetachstate(&a, &ds);
    CHECK_EQ("attr_default_joinable", ds, PTHREAD_CREATE_JOINABLE);
    pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
    sem_init(&detached_done, 0, 0);
    pthread_t t;
    int err = 0;
    for (int i = 0; i < 8; i++)
        err |= pthread_create(&t, &a, detached_thread, NULL);
    for (int i = 0; i < 8; i++)
        sem_wait(&detached_done);
    CHECK_EQ("detached_threads", err, 0);
    pthread_create(&t, NULL, detached_thread, NULL);
    CHECK_EQ("pthread_detach", pthread_detach(t), 0);
    sem_wait(&detached_done);

    pthread_attr_init(&a);
    CHECK_EQ("attr_setstacksize", pthread_attr_setstacksize(&a, 65536), 0);
    size_t ss;
    pthread_attr_getstacksize(&a, &ss);
    CHECK_EQ("attr_getstacksize", ss, 65536);
    CHECK_EQ("attr_setguardsize", pthread_attr_setguardsize(&a, 8192), 0);
    pthread_attr_getguardsize(&a, &ss);
    CHECK_EQ("attr_getguardsize", ss, 8192);
    CHECK_EQ("attr_stacksize_too_small", pthread_attr_setstacksize(&a, 1), EINVAL);
    void *r;
    CHECK_EQ("create_small_stack", pthread_create(&t, &a, big_stack, NULL), 0);
    pthread_join(t, &r);
    CHECK_EQ("small_stack_used", (intptr_t)r, (char)512);
    pthread_attr_destroy(&a);

    /* a stack of the caller's */
    size_t own = 256 * 1024;
    void *stk = aligned_alloc(4096, own), *got_addr = NULL;
    pthread_attr_init(&a);
    CHECK_EQ("attr_setstack", pthread_attr_setstack(&a, stk, own), 0);
    pthread_attr_getstack(&a, &got_addr, &ss);
    CHECK_EQ("attr_getstack", got_addr == stk && ss == own, 1);
    CHECK_EQ("create_own_stack", pthread_create(&t, &a, big_stack, NULL), 0);
    pthread_join(t, &r);
    CHECK_EQ("own_stack_used", (intptr_t)r, (char)512);
    pthread_attr_destroy(&a);
    free(stk);

    pthread_create(&t, NULL, exit_thread, NULL);
    pthread_join(t, &r);
    CHECK_EQ("pthread_exit_value", (intptr_t)r, 42);
    order[order_n] = 0;
    check(strcmp(order, "ba") == 0, "cleanup_order", "order %ld %ld", order_n, 0);
}

/* ---- cancellation ---- */
static pthread_mutex_t cm = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cc = PTHREAD_COND_INITIALIZER;
static int cancel_cleanup_had_mutex;
static void cancel_unlock(void *m)
{
    cancel_cleanup_had_mutex = pthread_mutex_trylock(m) == EBUSY;
    pthread_mutex_unlock(m);
}
static void *cancel_condwait(void *a)
{
    (void)a;
    pthread_mutex_lock(&cm);
    pthread_cleanup_push(cancel_unlock, &cm);
    for (;;)
        pthread_cond_wait(&cc, &cm);
    pthread_cleanup_pop(1);
    return NULL;
}
static void *cancel_sleep(void *a)
{
    (void)a;
    for (;;)
        sleep(10);
    return NULL;
}
static atomic_int cancel_step;
static void *cancel_disabled(void *a)
{
    (void)a;
    pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, NULL);
    atomic_store(&cancel_step, 1);
    while (atomic_load(&cancel_step) != 2)
        usleep(1000);
    usleep(1000);   /* a cancellation point, but cancellation is disabled */
    atomic_store(&cancel_step, 3);
    pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, NULL);
    pthread_testcancel();
    return (void *)1;
}
static void *cancel_read(void *a)
{
    int *fd = a;
    char c;
    for (;;)
        if (read(*fd, &c, 1) < 0)
            return (void *)2;
}
static volatile int spin_forever = 1;
static void *cancel_async(void *a)
{
    (void)a;
    pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS, NULL);
    while (spin_forever)
        ;
    return NULL;
}
static sem_t never;
static void *cancel_semwait(void *a)
{
    (void)a;
    for (;;)
        sem_wait(&never);
    return NULL;
}
static void *cancel_poll(void *a)
{
    struct pollfd pf = { *(int *)a, POLLIN, 0 };
    for (;;)
        poll(&pf, 1, -1);
    return NULL;
}
static void test_cancel(void)
{
    pthread_t t;
    void *r;
    pthread_create(&t, NULL, cancel_condwait, NULL);
    usleep(20000);
    CHECK_EQ("cancel_condwait_cancel", pthread_cancel(t), 0);
    pthread_join(t, &r);
    check(r == PTHREAD_CANCELED, "cancel_condwait_result", "%ld %ld", (long)(intptr_t)r, 0);
    CHECK_EQ("cancel_condwait_mutex_held", cancel_cleanup_had_mutex, 1);
    CHECK_EQ("cancel_mutex_released", pthread_mutex_trylock(&cm), 0);
    pthread_mutex_unlock(&cm);

    pthread_create(&t, NULL, cancel_sleep, NULL);
    usleep(20000);
    pthread_cancel(t);
    pthread_join(t, &r);
    check(r == PTHREAD_CANCELED, "cancel_sleep", "%ld %ld", (long)(intptr_t)r, 0);

    pthread_create(&t, NULL, cancel_disabled, NULL);
    while (atomic_load(&cancel_step) != 1)
        usleep(1000);
    pthread_cancel(t);
    atomic_store(&cancel_step, 2);
    pthread_join(t, &r);
    check(r == PTHREAD_CANCELED, "cancel_deferred_until_enabled", "%ld %ld", (long)(intptr_t)r, 0);
    CHECK_EQ("cancel_disabled_ran_on", atomic_load(&cancel_step), 3);

    int p[2];
    if (pipe(p) == 0) {
        pthread_create(&t, NULL, cancel_read, &p[0]);
        usleep(20000);
        pthread_cancel(t);
        pthread_join(t, &r);
        check(r == PTHREAD_CANCELED, "cancel_read", "%ld %ld", (long)(intptr_t)r, 0);
        pthread_create(&t, NULL, cancel_poll, &p[0]);
        usleep(20000);
        pthread_cancel(t);
        pthread_join(t, &r);
        check(r == PTHREAD_CANCELED, "cancel_poll", "%ld %ld", (long)(intptr_t)r, 0);
        close(p[0]);
        close(p[1]);
    }
    pthread_create(&t, NULL, cancel_async, NULL);
    usleep(20000);
    pthread_cancel(t);
    pthread_join(t, &r);
    check(r == PTHREAD_CANCELED, "cancel_async", "%ld %ld", (long)(intptr_t)r, 0);

    sem_init(&never, 0, 0);
    pthread_create(&t, NULL, cancel_semwait, NULL);
    usleep(20000);
    pthread_cancel(t);
    pthread_join(t, &r);
    check(r == PTHREAD_CANCELED, "cancel_sem_wait", "%ld %ld", (long)(intptr_t)r, 0);
    sem_destroy(&never);

    int old;
    CHECK_EQ("setcancelstate", pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &old), 0);
    CHECK_EQ("setcancelstate_old", old, PTHREAD_CANCEL_ENABLE);
    CHECK_EQ("setcanceltype", pthread_setcanceltype(PTHREAD_CANCEL_DEFERRED, &old), 0);
    CHECK_EQ("setcanceltype_old", old, PTHREAD_CANCEL_DEFERRED);
}

/* ---- signals to a thread ---- */
static pthread_t sig_target;
static atomic_int sig_right_thread;
static void on_usr1(int s)
{
    (void)s;
    atomic_store(&sig_right_thread, pthread_equal(pthread_self(), sig_target) ? 1 : 2);
}
static void *sig_wait_thread(void *a)
{
    (void)a;
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGUSR1);
    pthread_sigmask(SIG_UNBLOCK, &s, NULL);   /* a signal sent before this is pending */
    while (!atomic_load(&sig_right_thread))
        usleep(1000);
    return NULL;
}
static void test_kill_sigmask(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_usr1;
    sigaction(SIGUSR1, &sa, NULL);
    sigset_t s, old;
    sigemptyset(&s);
    sigaddset(&s, SIGUSR1);
    /* the main thread blocks SIGUSR1; the new thread inherits the mask and unblocks it */
    CHECK_EQ("pthread_sigmask_block", pthread_sigmask(SIG_BLOCK, &s, &old), 0);
    pthread_create(&sig_target, NULL, sig_wait_thread, NULL);
    CHECK_EQ("pthread_kill", pthread_kill(sig_target, SIGUSR1), 0);
    pthread_join(sig_target, NULL);
    CHECK_EQ("pthread_kill_target", atomic_load(&sig_right_thread), 1);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    CHECK_EQ("pthread_kill_sig0", pthread_kill(pthread_self(), 0), 0);
    sa.sa_handler = SIG_DFL;
    sigaction(SIGUSR1, &sa, NULL);
}

/* ---- stdio and malloc from several threads ---- */
static FILE *shared_file;
static void *stdio_thread(void *a)
{
    int id = (int)(intptr_t)a;
    for (int i = 0; i < 500; i++)
        fprintf(shared_file, "thread %d line %04d end\n", id, i);
    return NULL;
}
static void *malloc_thread(void *a)
{
    unsigned seed = (unsigned)(intptr_t)a;
    void *keep[64] = { 0 };
    for (int i = 0; i < 20000; i++) {
        seed = seed * 1103515245u + 12345u;
        int slot = (int)(seed >> 8) % 64;
        size_t n = (seed >> 16) % 3000 + 1;
        if (keep[slot]) {
            unsigned char *p = keep[slot];
            if (p[0] != (unsigned char)slot)
                return (void *)1;
            free(p);
        }
        unsigned char *p = malloc(n);
        if (!p)
            return (void *)2;
        memset(p, slot, n);
        keep[slot] = p;
    }
    for (int i = 0; i < 64; i++)
        free(keep[i]);
    return NULL;
}
static void test_stdio_malloc(void)
{
    shared_file = tmpfile();
    pthread_t t[NT];
    for (intptr_t i = 0; i < NT; i++)
        pthread_create(&t[i], NULL, stdio_thread, (void *)i);
    for (int i = 0; i < NT; i++)
        pthread_join(t[i], NULL);
    rewind(shared_file);
    char line[64];
    int lines = 0, torn = 0, seen[NT] = { 0 };
    while (fgets(line, sizeof line, shared_file)) {
        int id, n;
        char end[8];
        if (sscanf(line, "thread %d line %d %7s", &id, &n, end) != 3 || strcmp(end, "end") ||
            id < 0 || id >= NT || n != seen[id]++)
            torn++;
        lines++;
    }
    fclose(shared_file);
    CHECK_EQ("stdio_lines", lines, NT * 500);
    CHECK_EQ("stdio_lines_intact", torn, 0);
    flockfile(stdout);
    CHECK_EQ("ftrylockfile_owner", ftrylockfile(stdout), 0);
    funlockfile(stdout);
    funlockfile(stdout);

    intptr_t bad = 0;
    for (intptr_t i = 0; i < NT; i++)
        pthread_create(&t[i], NULL, malloc_thread, (void *)(i + 1));
    for (int i = 0; i < NT; i++) {
        void *r;
        pthread_join(t[i], &r);
        bad |= (intptr_t)r;
    }
    CHECK_EQ("malloc_threads", bad, 0);
}

/* ---- fork from a thread, atfork handlers ---- */
static atomic_int prep, parent_h, child_h;
static void h_prep(void) { atomic_fetch_add(&prep, 1); }
static void h_parent(void) { atomic_fetch_add(&parent_h, 1); }
static void h_child(void) { atomic_fetch_add(&child_h, 1); }
static void *fork_thread(void *a)
{
    (void)a;
    pid_t p = fork();
    if (p == 0) {
        /* the child: single-threaded, malloc and stdio usable */
        void *m = malloc(100);
        int ok = m && atomic_load(&child_h) == 1 && atomic_load(&parent_h) == 0;
        free(m);
        _exit(ok ? 0 : 1);
    }
    int st = -1;
    waitpid(p, &st, 0);
    return (void *)(intptr_t)st;
}
static void test_fork(void)
{
    pthread_atfork(h_prep, h_parent, h_child);
    pthread_t t;
    void *r;
    pthread_create(&t, NULL, fork_thread, NULL);
    pthread_join(t, &r);
    CHECK_EQ("fork_from_thread_child_status", (intptr_t)r, 0);
    CHECK_EQ("atfork_prepare", atomic_load(&prep), 1);
    CHECK_EQ("atfork_parent", atomic_load(&parent_h), 1);
}

/* ---- errno is per thread ---- */
static void *errno_thread(void *a)
{
    (void)a;
    errno = 77;
    usleep(5000);
    return (void *)(intptr_t)errno;
}
static _Thread_local int tl_value = 5;
static _Thread_local char tl_zero[100];
static void *tls_thread(void *a)
{
    int first = tl_value * 1000 + tl_zero[99];
    tl_value += (int)(intptr_t)a;
    tl_zero[99] = 1;
    usleep(5000);
    return (void *)(intptr_t)(first + tl_value);
}
static void test_errno(void)
{
    pthread_t tt[3];
    tl_value = 9;
    for (intptr_t i = 0; i < 3; i++)
        pthread_create(&tt[i], NULL, tls_thread, (void *)(i + 1));
    long tsum = 0;
    for (int i = 0; i < 3; i++) {
        void *r;
        pthread_join(tt[i], &r);
        tsum += (long)(intptr_t)r;
    }
    CHECK_EQ("thread_local_initial_values", tsum, 3 * 5000 + 3 * 5 + 6);
    CHECK_EQ("thread_local_main_value", tl_value, 9);

    pthread_t t;
    void *r;
    errno = 11;
    pthread_create(&t, NULL, errno_thread, NULL);
    pthread_join(t, &r);
    CHECK_EQ("errno_thread", (intptr_t)r, 77);
    CHECK_EQ("errno_main", errno, 11);
}

/* ---- C11 threads ---- */
static mtx_t c11m;
static cnd_t c11c;
static int c11_ready;
static tss_t c11key;
static once_flag c11once = ONCE_FLAG_INIT;
static int c11_once_runs;
static void c11_once_fn(void) { c11_once_runs++; }
static atomic_int c11_dtor;
static void c11_dtor_fn(void *p) { (void)p; atomic_fetch_add(&c11_dtor, 1); }
static int c11_thread(void *a)
{
    call_once(&c11once, c11_once_fn);
    tss_set(c11key, a);
    if (tss_get(c11key) != a)
        return -1;
    mtx_lock(&c11m);
    c11_ready++;
    cnd_signal(&c11c);
    mtx_unlock(&c11m);
    return (int)(intptr_t)a;
}
static void test_c11(void)
{
    CHECK_EQ("mtx_init", mtx_init(&c11m, mtx_plain), thrd_success);
    CHECK_EQ("cnd_init", cnd_init(&c11c), thrd_success);
    CHECK_EQ("tss_create", tss_create(&c11key, c11_dtor_fn), thrd_success);
    thrd_t t[3];
    for (intptr_t i = 0; i < 3; i++)
        thrd_create(&t[i], c11_thread, (void *)(i + 5));
    mtx_lock(&c11m);
    while (c11_ready < 3)
        cnd_wait(&c11c, &c11m);
    mtx_unlock(&c11m);
    int sum = 0;
    for (int i = 0; i < 3; i++) {
        int r;
        thrd_join(t[i], &r);
        sum += r;
    }
    CHECK_EQ("thrd_join_results", sum, 18);
    CHECK_EQ("call_once_runs", c11_once_runs, 1);
    CHECK_EQ("tss_destructors", atomic_load(&c11_dtor), 3);
    CHECK_EQ("thrd_equal", thrd_equal(thrd_current(), thrd_current()) != 0, 1);
    mtx_t rm;
    mtx_init(&rm, mtx_plain | mtx_recursive);
    CHECK_EQ("mtx_recursive", mtx_lock(&rm) | mtx_trylock(&rm), thrd_success);
    mtx_unlock(&rm);
    mtx_unlock(&rm);
    mtx_destroy(&rm);
    struct timespec d = { 0, 1000000 };
    CHECK_EQ("thrd_sleep", thrd_sleep(&d, NULL), 0);
    tss_delete(c11key);
    cnd_destroy(&c11c);
    mtx_destroy(&c11m);
}

static pthread_t main_thread;
static void *last_thread(void *a)
{
    (void)a;
    void *r = (void *)1;
    CHECK_EQ("join_main_thread", pthread_join(main_thread, &r), 0);
    CHECK_EQ("main_thread_result", (intptr_t)r, 0);
    printf("%s\n", failures ? "some checks FAILED" : "all checks passed");
    exit(failures != 0);
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    pthread_t t;
    int e = pthread_create(&t, NULL, ret_arg, NULL);
    if (e) {
        printf("skipped threads: pthread_create: %s\n", strerror(e));
        return 0;
    }
    pthread_join(t, NULL);
    test_create_join();
    test_counters();
    test_condvar();
    test_keys();
    test_once();
    test_mutex_types();
    test_rwlock();
    test_barrier();
    test_spin();
    test_sem();
    test_detach_attr_exit();
    test_cancel();
    test_kill_sigmask();
    test_stdio_malloc();
    test_fork();
    test_errno();
    test_c11();
    /* The main thread ends with pthread_exit; the last thread joins it and exits. */
    main_thread = pthread_self();
    pthread_create(&t, NULL, last_thread, NULL);
    pthread_exit(NULL);
}
