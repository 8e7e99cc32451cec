#ifndef _ZL_POLL_H
#define _ZL_POLL_H
#include <bits/zl_config.h>
#include <bits/abi_poll_events.h>
#include <signal.h>
__ZL_BEGIN
typedef unsigned long nfds_t;
struct pollfd {
    int fd;
    short events;
    short revents;
};
int poll(struct pollfd *, nfds_t, int);
int ppoll(struct pollfd *, nfds_t, const struct timespec *, const sigset_t *);
__ZL_END
#endif
