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
#include <bits/abi_rusage_who.h>
/* The glibc/musl member list; libc converts from the kernel's layout (on rv32 the kernel's
 * timeval has 32-bit fields). */
struct rusage {
    struct timeval ru_utime;
    struct timeval ru_stime;
    long ru_maxrss;
    long ru_ixrss;
    long ru_idrss;
    long ru_isrss;
    long ru_minflt;
    long ru_majflt;
    long ru_nswap;
    long ru_inblock;
    long ru_oublock;
    long ru_msgsnd;
    long ru_msgrcv;
    long ru_nsignals;
    long ru_nvcsw;
    long ru_nivcsw;
};
int getrusage(int, struct rusage *);
struct rlimit {
    rlim_t rlim_cur;
    rlim_t rlim_max;
};
int getrlimit(int, struct rlimit *);
int prlimit(pid_t, int, const struct rlimit *, struct rlimit *);
int setrlimit(int, const struct rlimit *);
int getpriority(int, id_t);
int setpriority(int, id_t, int);
__ZL_END
#endif
