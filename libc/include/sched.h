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
__ZL_END
#endif
