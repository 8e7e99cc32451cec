/* zlibc <spawn.h>: posix_spawn and posix_spawnp (POSIX), implemented with fork and exec.
 * The scheduling attributes (POSIX_SPAWN_SETSCHEDPARAM, ..._SETSCHEDULER) are not provided. */
#ifndef _ZL_SPAWN_H
#define _ZL_SPAWN_H
#include <bits/zl_config.h>
#include <bits/types.h>
#include <signal.h>
__ZL_BEGIN
#define POSIX_SPAWN_RESETIDS 0x01
#define POSIX_SPAWN_SETPGROUP 0x02
#define POSIX_SPAWN_SETSIGDEF 0x04
#define POSIX_SPAWN_SETSIGMASK 0x08
#define POSIX_SPAWN_SETSID 0x80
typedef struct {
    int __flags;
    pid_t __pgroup;
    sigset_t __sigdefault;
    sigset_t __sigmask;
} posix_spawnattr_t;
typedef struct {
    int __used, __alloc;
    struct __zl_spawn_action *__actions;
} posix_spawn_file_actions_t;
int posix_spawn(pid_t *restrict, const char *restrict, const posix_spawn_file_actions_t *,
                const posix_spawnattr_t *restrict, char *const [restrict], char *const [restrict]);
int posix_spawnp(pid_t *restrict, const char *restrict, const posix_spawn_file_actions_t *,
                 const posix_spawnattr_t *restrict, char *const [restrict], char *const [restrict]);
int posix_spawn_file_actions_init(posix_spawn_file_actions_t *);
int posix_spawn_file_actions_destroy(posix_spawn_file_actions_t *);
int posix_spawn_file_actions_addopen(posix_spawn_file_actions_t *restrict, int,
                                     const char *restrict, int, mode_t);
int posix_spawn_file_actions_addclose(posix_spawn_file_actions_t *, int);
int posix_spawn_file_actions_adddup2(posix_spawn_file_actions_t *, int, int);
int posix_spawnattr_init(posix_spawnattr_t *);
int posix_spawnattr_destroy(posix_spawnattr_t *);
int posix_spawnattr_getflags(const posix_spawnattr_t *restrict, short *restrict);
int posix_spawnattr_setflags(posix_spawnattr_t *, short);
int posix_spawnattr_getpgroup(const posix_spawnattr_t *restrict, pid_t *restrict);
int posix_spawnattr_setpgroup(posix_spawnattr_t *, pid_t);
int posix_spawnattr_getsigdefault(const posix_spawnattr_t *restrict, sigset_t *restrict);
int posix_spawnattr_setsigdefault(posix_spawnattr_t *restrict, const sigset_t *restrict);
int posix_spawnattr_getsigmask(const posix_spawnattr_t *restrict, sigset_t *restrict);
int posix_spawnattr_setsigmask(posix_spawnattr_t *restrict, const sigset_t *restrict);
__ZL_END
#endif
