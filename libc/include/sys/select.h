#ifndef _ZL_SYS_SELECT_H
#define _ZL_SYS_SELECT_H
#include <bits/zl_config.h>
#include <bits/types.h>
#include <bits/timespec.h>
#include <signal.h>
__ZL_BEGIN
#define FD_SETSIZE 1024
/* A bitmap: bit n is bit n % 8 of byte n / 8 whatever the word size (docs/abi.md 7.1). */
typedef struct {
    unsigned long fds_bits[FD_SETSIZE / (8 * sizeof(long))];
} fd_set;
#define FD_ZERO(s) do { for (unsigned __i = 0; __i < sizeof((s)->fds_bits) / sizeof(long); __i++) (s)->fds_bits[__i] = 0; } while (0)
#define FD_SET(d, s) ((void)((s)->fds_bits[(d) / (8 * sizeof(long))] |= (1UL << ((d) % (8 * sizeof(long))))))
#define FD_CLR(d, s) ((void)((s)->fds_bits[(d) / (8 * sizeof(long))] &= ~(1UL << ((d) % (8 * sizeof(long))))))
#define FD_ISSET(d, s) (!!((s)->fds_bits[(d) / (8 * sizeof(long))] & (1UL << ((d) % (8 * sizeof(long))))))
int select(int, fd_set *restrict, fd_set *restrict, fd_set *restrict, struct timeval *restrict);
int pselect(int, fd_set *restrict, fd_set *restrict, fd_set *restrict, const struct timespec *restrict,
            const sigset_t *restrict);
__ZL_END
#endif
