/* rv32 (freestanding, tests/lib/guest): an iov_len with bit 31 set is negative as the
 * rv32 ssize_t, so writev is EINVAL before anything is written; a read whose range
 * passes the rv32 task size (0xfffff000) is EFAULT.  Prints "iov32 ok"; a failing check
 * exits with its number. */
#include "guest.h"

#define SYS_read_ 63
#define SYS_writev_ 66

struct iov32 { const void *base; unsigned long len; };
static char buf[64];

static void need(int n, int ok)
{
    if (!ok) guest_syscall1(SYS_exit_group, n);
}

int main(void)
{
    struct iov32 iv[2] = { { "first!", 6 }, { "second", 0x80000000ul } };
    need(1, guest_syscall3(SYS_writev_, 1, (long)iv, 2) == -22);
    iv[1].len = 6;
    iv[1].base = (const void *)0xfffff800ul;      /* ends past the task size */
    need(2, guest_syscall3(SYS_writev_, 1, (long)iv, 2) == -14);
    need(3, guest_syscall3(SYS_read_, 0, (long)buf, 0xfffff000l) == -14);
    put_str("iov32 ok\n");
    return 0;
}
