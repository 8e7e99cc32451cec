/* zlibc <threads.h>: C11 threads on top of the POSIX threads (libc/src/thread/c11.c). */
#ifndef _ZL_THREADS_H
#define _ZL_THREADS_H
#include <bits/zl_config.h>
#include <bits/pthreadtypes.h>
#include <bits/timespec.h>
#include <time.h>
__ZL_BEGIN
#if !defined(__cplusplus) && (!defined(__STDC_VERSION__) || __STDC_VERSION__ < 202311L)
#define thread_local _Thread_local
#endif
#define ONCE_FLAG_INIT 0
#define TSS_DTOR_ITERATIONS 4
typedef pthread_t thrd_t;
typedef int (*thrd_start_t)(void *);
typedef pthread_mutex_t mtx_t;
typedef pthread_cond_t cnd_t;
typedef pthread_key_t tss_t;
typedef void (*tss_dtor_t)(void *);
typedef pthread_once_t once_flag;
enum { thrd_success = 0, thrd_busy = 1, thrd_error = 2, thrd_nomem = 3, thrd_timedout = 4 };
enum { mtx_plain = 0, mtx_recursive = 1, mtx_timed = 2 };

int thrd_create(thrd_t *, thrd_start_t, void *);
int thrd_equal(thrd_t, thrd_t);
thrd_t thrd_current(void);
int thrd_sleep(const struct timespec *, struct timespec *);
void thrd_yield(void);
__ZL_NORETURN void thrd_exit(int);
int thrd_detach(thrd_t);
int thrd_join(thrd_t, int *);

int mtx_init(mtx_t *, int);
int mtx_lock(mtx_t *);
int mtx_timedlock(mtx_t *__ZL_RESTRICT, const struct timespec *__ZL_RESTRICT);
int mtx_trylock(mtx_t *);
int mtx_unlock(mtx_t *);
void mtx_destroy(mtx_t *);

void call_once(once_flag *, void (*)(void));

int cnd_init(cnd_t *);
int cnd_signal(cnd_t *);
int cnd_broadcast(cnd_t *);
int cnd_wait(cnd_t *, mtx_t *);
int cnd_timedwait(cnd_t *__ZL_RESTRICT, mtx_t *__ZL_RESTRICT, const struct timespec *__ZL_RESTRICT);
void cnd_destroy(cnd_t *);

int tss_create(tss_t *, tss_dtor_t);
void *tss_get(tss_t);
int tss_set(tss_t, void *);
void tss_delete(tss_t);
__ZL_END
#endif
