#ifndef _ZL_SYS_WAIT_H
#define _ZL_SYS_WAIT_H
#include <bits/zl_config.h>
#include <bits/types.h>
#include <bits/abi_wait.h>
#include <bits/abi_idtype.h>
#include <signal.h>
__ZL_BEGIN
#define WEXITSTATUS(s) (((s) & 0xff00) >> 8)
#define WTERMSIG(s) ((s) & 0x7f)
#define WSTOPSIG(s) WEXITSTATUS(s)
#define WCOREDUMP(s) ((s) & 0x80)
#define WIFEXITED(s) (!WTERMSIG(s))
#define WIFSTOPPED(s) ((short)((((s) & 0xffff) * 0x10001U) >> 8) > 0x7f00)
#define WIFSIGNALED(s) (((s) & 0xffff) - 1U < 0xffu)
#define WIFCONTINUED(s) ((s) == 0xffff)
pid_t wait(int *);
pid_t waitpid(pid_t, int *, int);
typedef int idtype_t;   /* P_ALL, P_PID, P_PGID, P_PIDFD */
int waitid(idtype_t, id_t, siginfo_t *, int);
struct rusage;
pid_t wait3(int *, int, struct rusage *);
pid_t wait4(pid_t, int *, int, struct rusage *);
__ZL_END
#endif
