/* Linux's access rules for user buffers (access_ok) and iovecs: a range that leaves user
 * space is EFAULT before any I/O however much of it is mapped, a negative iov_len is
 * EINVAL, and a bad iovec fails the whole call before anything is transferred.  Each
 * line is "name: ok" or what came instead; the exit status counts the failures. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

static int fails;

static void expect(const char *name, long r, int want_errno)
{
    int e = r < 0 ? errno : 0;
    if (r == -1 && e == want_errno) {
        printf("%s: ok\n", name);
    } else {
        printf("%s: got %ld (%s), want %s\n", name, r, r < 0 ? strerror(e) : "success",
               strerror(want_errno));
        fails++;
    }
}

static char bss[8192];
#define HUGE (1UL << 63)

int main(void)
{
    int pfd[2];
    char stackbuf[4096];
    if (pipe(pfd)) return 99;
    int dev0 = open("/dev/zero", O_RDONLY), devn = open("/dev/null", O_WRONLY);
    int dir = open(".", O_RDONLY | O_DIRECTORY);

    expect("read_huge", syscall(SYS_read, dev0, bss, HUGE), EFAULT);
    expect("read_wrap", syscall(SYS_read, dev0, bss, -(unsigned long)bss + 16), EFAULT);
    expect("write_huge", syscall(SYS_write, devn, bss, HUGE | 4096), EFAULT);
    expect("pread_huge", syscall(SYS_pread64, dev0, bss, HUGE, 0), EFAULT);
    expect("read_badfd_first", syscall(SYS_read, devn, bss, HUGE), EBADF);
    expect("getdents64_past_top", syscall(SYS_getdents64, dir, stackbuf, 0xfffff000UL), EFAULT);
    expect("getrandom_huge", syscall(SYS_getrandom, stackbuf, HUGE, 0), EFAULT);
    expect("getrandom_flags_first", syscall(SYS_getrandom, stackbuf, HUGE, 0x100), EINVAL);

    /* iovecs: nothing is transferred when any of them is bad */
    struct iovec iv[2] = { { bss, 16 }, { bss + 16, (size_t)-1 } };
    expect("readv_negative_len", syscall(SYS_readv, dev0, iv, 2), EINVAL);
    iv[1].iov_len = 16;
    iv[1].iov_base = (void *)(1UL << 60);
    if (write(pfd[1], "0123456789abcdef0123456789abcdef", 32) != 32) return 98;
    expect("readv_second_beyond_task", syscall(SYS_readv, pfd[0], iv, 2), EFAULT);
    char got[64];
    long n = read(pfd[0], got, sizeof got);
    printf("readv_consumed_nothing: %s\n", n == 32 ? "ok" : "BAD");
    fails += n != 32;
    memcpy(bss, "first-iovec-data", 16);
    expect("writev_second_beyond_task", syscall(SYS_writev, pfd[1], iv, 2), EFAULT);
    fcntl(pfd[0], F_SETFL, O_NONBLOCK);
    n = read(pfd[0], got, sizeof got);
    printf("writev_wrote_nothing: %s\n", n < 0 && errno == EAGAIN ? "ok" : "BAD");
    fails += !(n < 0 && errno == EAGAIN);
    struct iovec many[1025];
    for (int i = 0; i < 1025; i++) many[i] = (struct iovec){ bss, 1 };
    expect("writev_over_iov_max", syscall(SYS_writev, devn, many, 1025), EINVAL);
    /* a count Linux caps, on a range inside user space: a short transfer, no error */
    /* low in the address space, so that the capped range is inside user space */
    char *two = mmap((void *)0x10000000, 3 * 4096, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    if (two == MAP_FAILED || mprotect(two + 2 * 4096, 4096, PROT_NONE)) return 97;
    long k = syscall(SYS_read, dev0, two, 0x7ffff000UL);
    printf("read_capped_partial: %s\n", k == 2 * 4096 ? "ok" : "BAD");
    fails += k != 2 * 4096;
    return fails;
}
