#ifndef _ZL_SCHED_H
#define _ZL_SCHED_H
#include <bits/zl_config.h>
#include <bits/types.h>
#include <bits/timespec.h>
#include <bits/abi_sched_policy.h>
__ZL_BEGIN
#define SCHED_OTHER SCHED_NORMAL
struct sched_param {
    int sched_priority;
};
int sched_yield(void);
int sched_getcpu(void);
int sched_get_priority_max(int);
int sched_get_priority_min(int);
int sched_getparam(pid_t, struct sched_param *);
int sched_setparam(pid_t, const struct sched_param *);
int sched_getscheduler(pid_t);
int sched_setscheduler(pid_t, int, const struct sched_param *);
int sched_rr_get_interval(pid_t, struct timespec *);

/* CPU sets (GNU): bit n is bit n % (8 * sizeof(long)) of word n / (8 * sizeof(long)), the
 * kernel's mask in the data model's long. */
#define CPU_SETSIZE 1024
typedef struct {
    unsigned long __bits[CPU_SETSIZE / (8 * sizeof(long))];
} cpu_set_t;
int sched_getaffinity(pid_t, size_t, cpu_set_t *);
int sched_setaffinity(pid_t, size_t, const cpu_set_t *);
int __sched_cpucount(size_t, const cpu_set_t *);
/* what the macros call (the declarations of <stdlib.h> and <string.h>) */
void *calloc(size_t, size_t);
void free(void *);
void *memset(void *, int, size_t);
int memcmp(const void *, const void *, size_t);
#define __CPU_W (8 * sizeof(unsigned long))
#define __CPU_OP_S(i, size, set, op) \
    ((size_t)(i) / 8 < (size) ? (((set)->__bits[(i) / __CPU_W]) op (1UL << ((i) % __CPU_W))) : 0)
#define CPU_SET_S(i, size, set) ((void)__CPU_OP_S(i, size, set, |=))
#define CPU_CLR_S(i, size, set) ((void)__CPU_OP_S(i, size, set, &= ~))
#define CPU_ISSET_S(i, size, set) (!!__CPU_OP_S(i, size, set, &))
#define CPU_ZERO_S(size, set) ((void)memset(set, 0, size))
#define CPU_EQUAL_S(size, a, b) (!memcmp(a, b, size))
#define CPU_COUNT_S(size, set) __sched_cpucount(size, set)
#define CPU_SET(i, set) CPU_SET_S(i, sizeof(cpu_set_t), set)
#define CPU_CLR(i, set) CPU_CLR_S(i, sizeof(cpu_set_t), set)
#define CPU_ISSET(i, set) CPU_ISSET_S(i, sizeof(cpu_set_t), set)
#define CPU_ZERO(set) CPU_ZERO_S(sizeof(cpu_set_t), set)
#define CPU_COUNT(set) CPU_COUNT_S(sizeof(cpu_set_t), set)
#define CPU_EQUAL(a, b) CPU_EQUAL_S(sizeof(cpu_set_t), a, b)
#define CPU_ALLOC_SIZE(n) ((((size_t)(n) + __CPU_W - 1) / __CPU_W) * sizeof(unsigned long))
#define CPU_ALLOC(n) ((cpu_set_t *)calloc(1, CPU_ALLOC_SIZE(n)))
#define CPU_FREE(set) free(set)
__ZL_END
#endif
