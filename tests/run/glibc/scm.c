/* Control messages over AF_UNIX: descriptors (SCM_RIGHTS), credentials (SCM_CREDENTIALS),
 * a control buffer too small for what arrives (MSG_CTRUNC), and a malformed one.  qemu-user
 * 7.2 differs from Linux in the last two (it neither sets MSG_CTRUNC nor refuses a
 * cmsg_len beyond the buffer, which Linux's CMSG_OK does): the expected output is
 * Linux's (scm.expected). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

static int send_fds(int s, const int *fds, int n)
{
    char data = 'x';
    struct iovec iov = { &data, 1 };
    union { char buf[CMSG_SPACE(4 * sizeof(int))]; struct cmsghdr align; } u;
    memset(&u, 0, sizeof u);
    struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = u.buf,
                        .msg_controllen = CMSG_SPACE(n * sizeof(int)) };
    struct cmsghdr *c = CMSG_FIRSTHDR(&m);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(n * sizeof(int));
    memcpy(CMSG_DATA(c), fds, n * sizeof(int));
    return (int)sendmsg(s, &m, 0);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "/tmp";
    char path[256];
    snprintf(path, sizeof path, "%s/zl-scm-%d.txt", dir, (int)getpid());
    int f = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
    write(f, "passed through a socket", 23);
    int sv[2];
    socketpair(AF_UNIX, SOCK_STREAM, 0, sv);

    /* one descriptor */
    printf("send: %d\n", send_fds(sv[0], &f, 1));
    char data;
    struct iovec iov = { &data, 1 };
    union { char buf[256]; struct cmsghdr align; } u;
    struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = u.buf,
                        .msg_controllen = sizeof u.buf };
    ssize_t n = recvmsg(sv[1], &m, 0);
    struct cmsghdr *c = CMSG_FIRSTHDR(&m);
    int got = -1;
    if (c) memcpy(&got, CMSG_DATA(c), sizeof got);
    printf("recv: %zd controllen=%zu level=%d type=%d len=%zu flags=%d new fd=%d\n", n,
           (size_t)m.msg_controllen, c ? c->cmsg_level : -1, c ? c->cmsg_type : -1,
           c ? (size_t)c->cmsg_len : 0, m.msg_flags, got != f && got >= 0);
    char buf[64] = { 0 };
    pread(got, buf, sizeof buf - 1, 0);
    printf("through it: '%s'\n", buf);
    close(got);

    /* three descriptors into room for one: MSG_CTRUNC, one installed */
    int three[3] = { f, 0, 1 };
    send_fds(sv[0], three, 3);
    union { char buf[CMSG_SPACE(sizeof(int))]; struct cmsghdr align; } small;
    m.msg_control = small.buf;
    m.msg_controllen = sizeof small.buf;
    n = recvmsg(sv[1], &m, 0);
    c = CMSG_FIRSTHDR(&m);
    printf("small: %zd ctrunc=%d controllen=%zu len=%zu\n", n, !!(m.msg_flags & MSG_CTRUNC),
           (size_t)m.msg_controllen, c ? (size_t)c->cmsg_len : 0);
    if (c) { memcpy(&got, CMSG_DATA(c), sizeof got); close(got); }

    /* credentials */
    int one = 1;
    setsockopt(sv[1], SOL_SOCKET, SO_PASSCRED, &one, sizeof one);
    write(sv[0], "c", 1);
    m.msg_control = u.buf;
    m.msg_controllen = sizeof u.buf;
    n = recvmsg(sv[1], &m, 0);
    c = CMSG_FIRSTHDR(&m);
    struct ucred cr = { 0, 0, 0 };
    if (c && c->cmsg_type == SCM_CREDENTIALS) memcpy(&cr, CMSG_DATA(c), sizeof cr);
    printf("creds: %zd type=%d pid ok=%d uid ok=%d\n", n, c ? c->cmsg_type : -1,
           cr.pid == getpid(), cr.uid == getuid());

    /* a cmsg_len beyond the buffer */
    struct msghdr bad = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = u.buf,
                          .msg_controllen = CMSG_SPACE(sizeof(int)) };
    c = CMSG_FIRSTHDR(&bad);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = 1000;
    printf("bad cmsg_len: %zd %s\n", sendmsg(sv[0], &bad, 0), strerror(errno));
    close(f);
    unlink(path);
    return 0;
}
