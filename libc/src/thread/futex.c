/* futex wait and wake for the thread library (FUTEX_WAIT, FUTEX_WAIT_BITSET with an
 * absolute timeout, FUTEX_WAKE); rv32 uses futex_time64 with the kernel's 16-byte timespec. */
#include "zl_thread.h"
#include <bits/abi_futex_op.h>

#define MATCH_ANY (-1)   /* FUTEX_BITSET_MATCH_ANY: every waiter */

int __zl_bad_timespec(const struct timespec *ts)
{
    return ts->tv_nsec < 0 || ts->tv_nsec >= 1000000000L ? EINVAL : 0;
}

int __zl_futex_wait(int *addr, int val, const struct timespec *abs, clockid_t clock, int shared)
{
    int op = shared ? 0 : FUTEX_PRIVATE_FLAG;
    long r;
    if (!abs)
        op |= FUTEX_WAIT;
    else {
        op |= FUTEX_WAIT_BITSET;
        if (clock == CLOCK_REALTIME)
            op |= FUTEX_CLOCK_REALTIME;
        else if (clock != CLOCK_MONOTONIC)
            return -EINVAL;
        if (abs->tv_sec < 0)
            return -ETIMEDOUT;
    }
#if ZL_UAPI_XLEN == 32
    struct k_timespec k;
    if (abs) {
        k.tv_sec = abs->tv_sec;
        k.tv_nsec = abs->tv_nsec;
    }
    r = SYS6(futex_time64, addr, op, val, abs ? &k : NULL, 0, MATCH_ANY);
#else
    r = SYS6(futex, addr, op, val, abs, 0, MATCH_ANY);
#endif
    if (r == -ETIMEDOUT || r == -EINTR || r == -EAGAIN || r == -EINVAL)
        return (int)r;
    return 0;
}

void __zl_futex_wake(int *addr, int n, int shared)
{
    int op = FUTEX_WAKE | (shared ? 0 : FUTEX_PRIVATE_FLAG);
#if ZL_UAPI_XLEN == 32
    (void)SYS3(futex_time64, addr, op, n);
#else
    (void)SYS3(futex, addr, op, n);
#endif
}
