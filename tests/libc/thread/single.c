/* The thread library in a single thread (tests/libc/thread_test.sh): everything that needs
 * no second thread -- mutex types, once, keys, attributes, timed waits that time out,
 * semaphores, rwlock/barrier/spinlock in one thread, C11 mtx/tss/call_once, flockfile,
 * pthread_atfork with fork(), pthread_kill to itself, and at the end a self-cancellation
 * acted on at pthread_testcancel: the main thread exits through its cleanup handler and
 * key destructor, and the process ends with status 0 as if exit(0) had been called. */
#define _GNU_SOURCE   /* glibc: fputs_unlocked */
#include <pthread.h>
#include <semaphore.h>
#include <threads.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
#include <limits.h>

static int failures;
static void check_eq(const char *name, long got, long want)
{
    if (got == want)
        printf("ok %s\n", name);
    else {
        failures++;
        printf("FAILED %s: got %ld, want %ld\n", name, got, want);
    }
}

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

static int once_runs;
static void once_fn(void) { once_runs++; }
static int dtor_runs;
static void dtor(void *p) { (void)p; dtor_runs++; }
static int prep, par, chi;
static void h_prep(void) { prep++; }
static void h_par(void) { par++; }
static void h_chi(void) { chi++; }
static volatile sig_atomic_t got_sig;
static void on_sig(int s) { got_sig = s; }
static void at_exit_report(void)
{
    /* runs because the last thread's pthread_exit ends the process as exit(0) does */
    printf("%s\n", failures ? "some checks FAILED" : "all checks passed");
}
static void cancel_cleanup(void *p)
{
    check_eq("cancel_self_cleanup", (long)(size_t)p, 7);
}

int main(void)
{
    check_eq("pthread_equal_self", pthread_equal(pthread_self(), pthread_self()) != 0, 1);
    errno = 0;
    check_eq("errno_main", (close(-1), errno), EBADF);

    pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
    check_eq("mutex_lock", pthread_mutex_lock(&m), 0);
    check_eq("mutex_trylock_busy", pthread_mutex_trylock(&m), EBUSY);
    struct timespec dl = in_ms(CLOCK_REALTIME, 20);
    check_eq("mutex_timedlock_timeout", pthread_mutex_timedlock(&m, &dl), ETIMEDOUT);
    check_eq("mutex_destroy_busy", pthread_mutex_destroy(&m), EBUSY);
    check_eq("mutex_unlock", pthread_mutex_unlock(&m), 0);
    check_eq("mutex_destroy", pthread_mutex_destroy(&m), 0);

    pthread_mutexattr_t ma;
    pthread_mutexattr_init(&ma);
    check_eq("mutexattr_settype_bad", pthread_mutexattr_settype(&ma, 99), EINVAL);
    pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&m, &ma);
    check_eq("recursive_depth3", pthread_mutex_lock(&m) | pthread_mutex_lock(&m) | pthread_mutex_trylock(&m), 0);
    check_eq("recursive_unlock3", pthread_mutex_unlock(&m) | pthread_mutex_unlock(&m) | pthread_mutex_unlock(&m), 0);
    check_eq("recursive_unlock_eperm", pthread_mutex_unlock(&m), EPERM);
    pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_ERRORCHECK);
    pthread_mutex_init(&m, &ma);
    check_eq("errorcheck_lock", pthread_mutex_lock(&m), 0);
    check_eq("errorcheck_edeadlk", pthread_mutex_lock(&m), EDEADLK);
    check_eq("errorcheck_trylock", pthread_mutex_trylock(&m), EBUSY);
    check_eq("errorcheck_unlock", pthread_mutex_unlock(&m), 0);
    check_eq("errorcheck_unlock_eperm", pthread_mutex_unlock(&m), EPERM);
    int v;
    pthread_mutexattr_getpshared(&ma, &v);
    check_eq("mutexattr_pshared_default", v, PTHREAD_PROCESS_PRIVATE);
    pthread_mutexattr_destroy(&ma);

    pthread_cond_t c = PTHREAD_COND_INITIALIZER;
    pthread_mutex_t cm = PTHREAD_MUTEX_INITIALIZER;
    pthread_mutex_lock(&cm);
    dl = in_ms(CLOCK_REALTIME, 20);
    check_eq("cond_timedwait_realtime", pthread_cond_timedwait(&c, &cm, &dl), ETIMEDOUT);
    check_eq("cond_mutex_relocked", pthread_mutex_trylock(&cm), EBUSY);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    check_eq("condattr_setclock_bad", pthread_condattr_setclock(&ca, 12345), EINVAL);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_t cmono;
    pthread_cond_init(&cmono, &ca);
    dl = in_ms(CLOCK_MONOTONIC, 20);
    check_eq("cond_timedwait_monotonic", pthread_cond_timedwait(&cmono, &cm, &dl), ETIMEDOUT);
    dl.tv_nsec = 1000000000;
    check_eq("cond_timedwait_einval", pthread_cond_timedwait(&cmono, &cm, &dl), EINVAL);
    check_eq("cond_signal_nobody", pthread_cond_signal(&c) | pthread_cond_broadcast(&c), 0);
    pthread_mutex_unlock(&cm);

    pthread_once_t o = PTHREAD_ONCE_INIT;
    pthread_once(&o, once_fn);
    pthread_once(&o, once_fn);
    check_eq("once", once_runs, 1);

    pthread_key_t k;
    check_eq("key_create", pthread_key_create(&k, dtor), 0);
    check_eq("key_initial_null", pthread_getspecific(k) == NULL, 1);
    pthread_setspecific(k, &k);
    check_eq("key_get", pthread_getspecific(k) == &k, 1);
    pthread_key_delete(k);
    check_eq("key_setspecific_deleted", pthread_setspecific(k, &k), EINVAL);
    pthread_key_t keys[PTHREAD_KEYS_MAX];
    int n = 0;
    while (n < PTHREAD_KEYS_MAX && pthread_key_create(&keys[n], NULL) == 0)
        n++;
    check_eq("keys_max", n >= 128 ? 1 : 0, 1);
    while (n--)
        pthread_key_delete(keys[n]);

    pthread_attr_t a;
    pthread_attr_init(&a);
    size_t sz;
    pthread_attr_getguardsize(&a, &sz);
    check_eq("attr_guard_default_page", sz >= 4096, 1);
    check_eq("attr_setdetachstate_bad", pthread_attr_setdetachstate(&a, 5), EINVAL);
    check_eq("attr_setstacksize", pthread_attr_setstacksize(&a, 1 << 20), 0);
    pthread_attr_getstacksize(&a, &sz);
    check_eq("attr_getstacksize", (long)sz, 1 << 20);
    pthread_attr_destroy(&a);

    sem_t s;
    sem_init(&s, 0, 2);
    check_eq("sem_wait", sem_wait(&s) | sem_trywait(&s), 0);
    errno = 0;
    check_eq("sem_trywait_eagain", sem_trywait(&s) == -1 && errno == EAGAIN, 1);
    dl = in_ms(CLOCK_REALTIME, 20);
    errno = 0;
    check_eq("sem_timedwait_timeout", sem_timedwait(&s, &dl) == -1 && errno == ETIMEDOUT, 1);
    sem_post(&s);
    sem_getvalue(&s, &v);
    check_eq("sem_getvalue", v, 1);
    /* zlibc: ENOSYS (no named semaphores); glibc: ENOENT (no such semaphore) */
    check_eq("sem_open_fails", sem_open("/zl-no-such-semaphore", 0) == SEM_FAILED, 1);
    sem_destroy(&s);

    pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
    check_eq("rwlock_rd_twice", pthread_rwlock_rdlock(&rw) | pthread_rwlock_tryrdlock(&rw), 0);
    check_eq("rwlock_trywr_busy", pthread_rwlock_trywrlock(&rw), EBUSY);
    dl = in_ms(CLOCK_REALTIME, 20);
    check_eq("rwlock_timedwr_timeout", pthread_rwlock_timedwrlock(&rw, &dl), ETIMEDOUT);
    pthread_rwlock_unlock(&rw);
    pthread_rwlock_unlock(&rw);
    check_eq("rwlock_wr", pthread_rwlock_wrlock(&rw), 0);
    check_eq("rwlock_tryrd_busy", pthread_rwlock_tryrdlock(&rw), EBUSY);
    check_eq("rwlock_unlock", pthread_rwlock_unlock(&rw), 0);
    check_eq("rwlock_destroy", pthread_rwlock_destroy(&rw), 0);

    pthread_barrier_t b;
    pthread_barrier_init(&b, NULL, 1);
    check_eq("barrier_one", pthread_barrier_wait(&b), PTHREAD_BARRIER_SERIAL_THREAD);
    pthread_barrier_destroy(&b);
    pthread_spinlock_t sp;
    pthread_spin_init(&sp, 0);
    check_eq("spin", pthread_spin_lock(&sp) | (pthread_spin_trylock(&sp) != EBUSY) | pthread_spin_unlock(&sp), 0);

    mtx_t cm11;
    check_eq("mtx_timed", mtx_init(&cm11, mtx_timed), thrd_success);
    check_eq("mtx_lock", mtx_lock(&cm11), thrd_success);
    check_eq("mtx_trylock_busy", mtx_trylock(&cm11), thrd_busy);
    mtx_unlock(&cm11);
    mtx_destroy(&cm11);
    once_flag of = ONCE_FLAG_INIT;
    call_once(&of, once_fn);
    check_eq("call_once", once_runs, 2);
    tss_t t11;
    tss_create(&t11, NULL);
    tss_set(t11, &t11);
    check_eq("tss_get", tss_get(t11) == &t11, 1);
    tss_delete(t11);

    flockfile(stdout);
    check_eq("ftrylockfile_recursive", ftrylockfile(stdout), 0);
    funlockfile(stdout);
    funlockfile(stdout);
    putc_unlocked('o', stdout);
    fputs_unlocked("k fputs_unlocked\n", stdout);

    pthread_atfork(h_prep, h_par, h_chi);
    fflush(stdout);
    pid_t p = fork();
    if (p == 0)
        _exit(chi == 1 && par == 0 && prep == 1 ? 0 : 1);
    int st = -1;
    waitpid(p, &st, 0);
    check_eq("atfork_child", st, 0);
    check_eq("atfork_prepare_parent", prep * 10 + par, 11);

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sig;
    sigaction(SIGUSR2, &sa, NULL);
    check_eq("pthread_kill_self", pthread_kill(pthread_self(), SIGUSR2), 0);
    check_eq("pthread_kill_delivered", got_sig, SIGUSR2);
    check_eq("pthread_kill_badsig", pthread_kill(pthread_self(), 1000), EINVAL);

    int old;
    check_eq("setcancelstate_bad", pthread_setcancelstate(7, &old), EINVAL);
    check_eq("setcanceltype_bad", pthread_setcanceltype(7, &old), EINVAL);
    pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, NULL);
    check_eq("cancel_self", pthread_cancel(pthread_self()), 0);
    pthread_testcancel();   /* disabled: nothing happens */
    printf("ok cancel_disabled_survived\n");
    atexit(at_exit_report);
    pthread_key_create(&k, dtor);
    pthread_setspecific(k, &k);
    pthread_cleanup_push(cancel_cleanup, (void *)7);
    pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, NULL);
    pthread_testcancel();   /* acts: cleanup handler, key destructor, exit(0) */
    pthread_cleanup_pop(0);
    printf("FAILED cancel_self: pthread_testcancel returned\n");
    return 1;
}
