/* Sockets over loopback (TCP, UDP) and AF_UNIX: bind/listen/accept/connect, send/recv,
 * sendto/recvfrom, sendmsg/recvmsg, socket options, socketpair, poll. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    int l = socket(AF_INET, SOCK_STREAM, 0), one = 1;
    setsockopt(l, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_in sa = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
    printf("bind %d listen %d", bind(l, (struct sockaddr *)&sa, sizeof sa), listen(l, 4));
    socklen_t sl = sizeof sa;
    getsockname(l, (struct sockaddr *)&sa, &sl);
    printf(" port>0 %d len %u\n", ntohs(sa.sin_port) > 0, sl);
    pid_t pid = fork();
    if (pid == 0) {
        int c = socket(AF_INET, SOCK_STREAM, 0);
        connect(c, (struct sockaddr *)&sa, sizeof sa);
        char buf[64] = { 0 };
        ssize_t n = recv(c, buf, sizeof buf, 0);
        for (ssize_t i = 0; i < n; i++) buf[i] ^= 0x20;     /* echo, case-swapped */
        send(c, buf, (size_t)n, 0);
        close(c);
        _exit(0);
    }
    struct sockaddr_in peer;
    socklen_t pl = sizeof peer;
    int s = accept(l, (struct sockaddr *)&peer, &pl);
    printf("accept ok %d peer loopback %d\n", s >= 0, peer.sin_addr.s_addr == htonl(INADDR_LOOPBACK));
    send(s, "hello", 5, 0);
    char buf[64] = { 0 };
    struct pollfd pfd = { s, POLLIN, 0 };
    printf("poll %d", poll(&pfd, 1, 5000));
    printf(" recv %zd %s\n", recv(s, buf, sizeof buf, MSG_WAITALL), buf);
    waitpid(pid, NULL, 0);
    int v = 0;
    socklen_t vl = sizeof v;
    getsockopt(l, SOL_SOCKET, SO_REUSEADDR, &v, &vl);
    struct timeval tv = { 2, 500000 }, tv2;
    socklen_t tl = sizeof tv2;
    setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    getsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv2, &tl);
    printf("reuseaddr %d len %u rcvtimeo %ld.%06ld\n", v != 0, vl, (long)tv2.tv_sec, (long)tv2.tv_usec);
    close(s);
    close(l);

    int u1 = socket(AF_INET, SOCK_DGRAM, 0), u2 = socket(AF_INET, SOCK_DGRAM, 0);
    struct sockaddr_in ua = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
    bind(u2, (struct sockaddr *)&ua, sizeof ua);
    sl = sizeof ua;
    getsockname(u2, (struct sockaddr *)&ua, &sl);
    struct iovec iov[2] = { { "data", 4 }, { "gram", 4 } };
    struct msghdr mh = { .msg_name = &ua, .msg_namelen = sizeof ua, .msg_iov = iov, .msg_iovlen = 2 };
    printf("sendmsg %zd", sendmsg(u1, &mh, 0));
    char r1[3] = { 0 }, r2[16] = { 0 };
    struct iovec riov[2] = { { r1, 3 }, { r2, 15 } };
    struct sockaddr_in from;
    struct msghdr rh = { .msg_name = &from, .msg_namelen = sizeof from, .msg_iov = riov, .msg_iovlen = 2 };
    printf(" recvmsg %zd %.3s|%s namelen %u\n", recvmsg(u2, &rh, 0), r1, r2, rh.msg_namelen);
    printf("sendto %zd", sendto(u1, "x", 1, 0, (struct sockaddr *)&ua, sizeof ua));
    socklen_t fl = sizeof from;
    printf(" recvfrom %zd fromlen %u\n", recvfrom(u2, buf, sizeof buf, 0, (struct sockaddr *)&from, &fl), fl);

    char path[108];
    snprintf(path, sizeof path, "%s/sock", argc > 1 ? argv[1] : "/tmp");
    unlink(path);
    int ul = socket(AF_UNIX, SOCK_STREAM, 0);
    struct sockaddr_un un = { .sun_family = AF_UNIX };
    strcpy(un.sun_path, path);
    printf("unix bind %d listen %d", bind(ul, (struct sockaddr *)&un, sizeof un), listen(ul, 1));
    int uc = socket(AF_UNIX, SOCK_STREAM, 0);
    printf(" connect %d", connect(uc, (struct sockaddr *)&un, sizeof un));
    int ua2 = accept(ul, NULL, NULL);
    write(uc, "via unix", 8);
    memset(buf, 0, sizeof buf);
    printf(" read %zd %s\n", read(ua2, buf, sizeof buf), buf);
    int sv[2];
    printf("socketpair %d", socketpair(AF_UNIX, SOCK_DGRAM, 0, sv));
    write(sv[0], "pair", 4);
    memset(buf, 0, sizeof buf);
    printf(" %zd %s shutdown %d\n", read(sv[1], buf, sizeof buf), buf, shutdown(uc, SHUT_WR));
    unlink(path);
    return 0;
}
