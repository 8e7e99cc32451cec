#ifndef _ZL_SYS_RESOURCE_H
#define _ZL_SYS_RESOURCE_H
#include <bits/zl_config.h>
#include <bits/types.h>
#include <bits/timespec.h>
#include <bits/abi_rlimit.h>
#include <bits/abi_prio_which.h>
__ZL_BEGIN
#define RLIM_INFINITY (~(rlim_t)0)
#define RLIM_SAVED_MAX RLIM_INFINITY
#define RLIM_SAVED_CUR RLIM_INFINITY
#define RUSAGE_SELF 0
#define RUSAGE_CHILDREN (-1)
struct rlimit {
    rlim_t rlim_cur;
    rlim_t rlim_max;
};
int getrlimit(int, struct rlimit *);
int setrlimit(int, const struct rlimit *);
int getpriority(int, id_t);
int setpriority(int, id_t, int);
__ZL_END
#endif
