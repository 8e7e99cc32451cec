/* Structures with a pointer slot (docs/abi.md 5.4, docs/libc.md): LP64 member order, so
 * positional initializers and compound literals fill the members they name at every XLEN,
 * while the rv128 layout stays the boundary layout (checked here against docs/abi.md 7.2).
 * Then writev/readv/sendmsg/recvmsg/sigaction/sigaltstack with such initializers, and with
 * the rest of each slot left as garbage.  Prints one line per check; exit status 0 if all
 * passed. */
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#define OFF(T, m, o128, o64, o32) _Static_assert(offsetof(T, m) == \
    (__SIZEOF_POINTER__ == 16 ? o128 : __SIZEOF_POINTER__ == 8 ? o64 : o32), #T "." #m)
#define SIZE(T, s128, s64, s32) _Static_assert(sizeof(T) == \
    (__SIZEOF_POINTER__ == 16 ? s128 : __SIZEOF_POINTER__ == 8 ? s64 : s32), "sizeof " #T)
SIZE(struct iovec, 48, 16, 8);
OFF(struct iovec, iov_base, 0, 0, 0);
OFF(struct iovec, iov_len, 32, 8, 4);
SIZE(struct msghdr, 160, 56, 28);
OFF(struct msghdr, msg_name, 0, 0, 0);
OFF(struct msghdr, msg_namelen, 32, 8, 4);
OFF(struct msghdr, msg_iov, 48, 16, 8);
OFF(struct msghdr, msg_iovlen, 80, 24, 12);
OFF(struct msghdr, msg_control, 96, 32, 16);
OFF(struct msghdr, msg_controllen, 128, 40, 20);
OFF(struct msghdr, msg_flags, 144, 48, 24);
SIZE(stack_t, 64, 24, 12);
OFF(stack_t, ss_sp, 0, 0, 0);
OFF(stack_t, ss_flags, 32, 8, 4);
OFF(stack_t, ss_size, 48, 16, 8);
SIZE(siginfo_t, 128, 128, 128);
OFF(siginfo_t, si_addr, 16, 16, 12);
OFF(siginfo_t, si_addr_lsb, 48, 24, 16);
OFF(siginfo_t, si_call_addr, 16, 16, 12);
OFF(siginfo_t, si_syscall, 48, 24, 16);
SIZE(union sigval, 32, 8, 4);
_Static_assert(sizeof(((struct iovec *)0)->iov_base) == sizeof(void *), "iov_base is a pointer");

static int fails;
static void check(int ok, const char *what)
{
    printf("%s %s\n", ok ? "ok" : "FAILED", what);
    if (!ok) fails++;
}

static char buf_a[] = "ab", buf_c[] = "cde";
static struct iovec static_iov[] = { { buf_a, 2 }, { buf_c, 3 } };
static int got_sig;
static char *handler_sp;
static void handler(int sig) { char local; got_sig = sig; handler_sp = &local; }

/* garbage in every byte, then the members assigned one by one (the rest of each slot stays
 * garbage and must not reach the kernel) */
static void fill(void *p, size_t n) { memset(p, 0xa5, n); }

int main(void)
{
    /* positional and compound-literal initializers */
    struct iovec w[] = { { "ab", 2 }, { "cde", 3 } };
    check(w[0].iov_len == 2 && !memcmp(w[0].iov_base, "ab", 2) && w[1].iov_len == 3 &&
          !memcmp(w[1].iov_base, "cde", 3), "iovec positional");
    check(static_iov[0].iov_base == buf_a && static_iov[0].iov_len == 2 &&
          static_iov[1].iov_base == buf_c && static_iov[1].iov_len == 3, "iovec static positional");
    struct iovec c = (struct iovec){ buf_c, 3 };
    check(c.iov_base == buf_c && c.iov_len == 3, "iovec compound literal");
    struct iovec d = { .iov_len = 7, .iov_base = buf_a };
    check(d.iov_base == buf_a && d.iov_len == 7, "iovec designated");
    char name[4];
    struct msghdr m = { name, 4, w, 2, buf_a, 5, 9 };
    check(m.msg_name == name && m.msg_namelen == 4 && m.msg_iov == w && m.msg_iovlen == 2 &&
          m.msg_control == buf_a && m.msg_controllen == 5 && m.msg_flags == 9, "msghdr positional");
    m = (struct msghdr){ 0, 0, w, 1 };
    check(!m.msg_name && !m.msg_namelen && m.msg_iov == w && m.msg_iovlen == 1 && !m.msg_control &&
          !m.msg_controllen && !m.msg_flags, "msghdr compound literal");
    char stk[16384];
    stack_t ss = { stk, 0, sizeof stk };
    check(ss.ss_sp == stk && ss.ss_flags == 0 && ss.ss_size == sizeof stk, "stack_t positional");
    struct sigaction sa = { { handler } };
    check(sa.sa_handler == handler && sa.sa_flags == 0, "sigaction positional");
    union sigval sv = { 42 };
    check(sv.sival_int == 42, "sigval positional");

    /* writev / readv through a pipe */
    int p[2];
    check(pipe(p) == 0, "pipe");
    check(writev(p[1], w, 2) == 5, "writev positional");
    struct iovec g;
    fill(&g, sizeof g);
    g.iov_base = "fg";
    g.iov_len = 2;
    check(writev(p[1], &g, 1) == 2, "writev with garbage in the slot");
    char r1[3] = {0}, r2[5] = {0};
    struct iovec rv[] = { { r1, 2 }, { r2, 4 } };
    check(readv(p[0], rv, 2) == 6 && !memcmp(r1, "ab", 2) && !memcmp(r2, "cdef", 4), "readv positional");
    close(p[0]);
    close(p[1]);

    /* sendmsg / recvmsg on a socket pair */
    int s[2];
    check(socketpair(AF_UNIX, SOCK_STREAM, 0, s) == 0, "socketpair");
    struct msghdr sm;
    fill(&sm, sizeof sm);
    sm.msg_name = 0;
    sm.msg_namelen = 0;
    sm.msg_iov = w;
    sm.msg_iovlen = 2;
    sm.msg_control = 0;
    sm.msg_controllen = 0;
    sm.msg_flags = 0;
    check(sendmsg(s[0], &sm, 0) == 5, "sendmsg with garbage in the slots");
    char in[8] = {0};
    struct iovec ri[] = { { in, sizeof in } };
    struct msghdr rm = { 0, 0, ri, 1, 0, 0, 0 };
    check(recvmsg(s[1], &rm, 0) == 5 && !memcmp(in, "abcde", 5) && rm.msg_flags == 0, "recvmsg positional");
    check(sendmsg(s[0], &(struct msghdr){ 0, 0, &(struct iovec){ "xyz", 3 }, 1, 0, 0, 0 }, 0) == 3,
          "sendmsg compound literals");
    check(recvmsg(s[1], &rm, 0) == 3 && !memcmp(in, "xyz", 3), "recvmsg again");
    close(s[0]);
    close(s[1]);

    /* sigaltstack + sigaction(SA_ONSTACK) */
    check(sigaltstack(&ss, 0) == 0, "sigaltstack positional");
    stack_t old;
    fill(&old, sizeof old);
    check(sigaltstack(0, &old) == 0 && old.ss_sp == stk && old.ss_size == sizeof stk &&
          old.ss_flags == 0, "sigaltstack reads back");
    sa.sa_flags = SA_ONSTACK;
    check(sigaction(SIGUSR1, &sa, 0) == 0, "sigaction positional");
    check(raise(SIGUSR1) == 0 && got_sig == SIGUSR1, "handler ran");
    check(handler_sp >= stk && handler_sp < stk + sizeof stk, "handler ran on the alternate stack");
    struct sigaction oa;
    fill(&oa, sizeof oa);
    check(sigaction(SIGUSR1, 0, &oa) == 0 && oa.sa_handler == handler && (oa.sa_flags & SA_ONSTACK),
          "sigaction reads back");
    stack_t g2;
    fill(&g2, sizeof g2);
    g2.ss_sp = stk;
    g2.ss_flags = SS_DISABLE;
    g2.ss_size = sizeof stk;
    check(sigaltstack(&g2, 0) == 0, "sigaltstack with garbage in the slot");
    printf("%d failed\n", fails);
    return fails != 0;
}
