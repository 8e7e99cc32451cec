/* zlibc <semaphore.h>: unnamed semaphores (libc/src/thread/sem.c) and named ones, files
 * in /dev/shm (libc/src/thread/semnamed.c). */
#ifndef _ZL_SEMAPHORE_H
#define _ZL_SEMAPHORE_H
#include <bits/zl_config.h>
#include <bits/types.h>
#include <bits/timespec.h>
#include <fcntl.h>
__ZL_BEGIN
typedef struct {
    int __value;    /* the count: the futex word */
    int __waiters;
    int __shared;
} sem_t;
#define SEM_FAILED ((sem_t *)0)
#define SEM_VALUE_MAX 0x7fffffff
int sem_init(sem_t *, int, unsigned);
int sem_destroy(sem_t *);
int sem_wait(sem_t *);
int sem_trywait(sem_t *);
int sem_timedwait(sem_t *__ZL_RESTRICT, const struct timespec *__ZL_RESTRICT);
int sem_post(sem_t *);
int sem_getvalue(sem_t *__ZL_RESTRICT, int *__ZL_RESTRICT);
sem_t *sem_open(const char *, int, ...);
int sem_close(sem_t *);
int sem_unlink(const char *);
__ZL_END
#endif
