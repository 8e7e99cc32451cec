/* Sockets.  msghdr/iovec pass through zeroed boundary copies on rv128 (docs/abi.md 5.4);
 * recvmsg copies back the members the kernel writes. */
#include "zl_thread.h"
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <poll.h>
#include <string.h>
#include <stdlib.h>
#include <stdio.h>
#include <time.h>

_Static_assert(sizeof(struct pollfd) == sizeof(struct k_pollfd), "pollfd");
_Static_assert(sizeof(struct msghdr) == sizeof(struct k_msghdr), "msghdr");
_Static_assert(offsetof(struct msghdr, msg_controllen) == offsetof(struct k_msghdr, msg_controllen), "msg_controllen");
_Static_assert(offsetof(struct msghdr, msg_flags) == offsetof(struct k_msghdr, msg_flags), "msg_flags");
_Static_assert(sizeof(struct cmsghdr) == sizeof(struct k_cmsghdr), "cmsghdr");

int socket(int d, int t, int p) { return (int)zl_ret(SYS3(socket, d, t, p)); }
int socketpair(int d, int t, int p, int sv[2]) { return (int)zl_ret(SYS4(socketpair, d, t, p, sv)); }
int bind(int fd, const struct sockaddr *a, socklen_t l) { return (int)zl_ret(SYS3(bind, fd, a, l)); }
int listen(int fd, int n) { return (int)zl_ret(SYS2(listen, fd, n)); }
/* accept, accept4, connect: cancellation points (docs/libc.md "Threads"). */
int accept(int fd, struct sockaddr *restrict a, socklen_t *restrict l) { return accept4(fd, a, l, 0); }
int accept4(int fd, struct sockaddr *restrict a, socklen_t *restrict l, int f)
{
    __zl_cp_begin(NULL, NULL);
    long r = SYS4(accept4, fd, a, l, f);
    __zl_cp_end();
    return (int)zl_ret(r);
}
int connect(int fd, const struct sockaddr *a, socklen_t l)
{
    __zl_cp_begin(NULL, NULL);
    long r = SYS3(connect, fd, a, l);
    __zl_cp_end();
    return (int)zl_ret(r);
}
int getsockname(int fd, struct sockaddr *restrict a, socklen_t *restrict l) { return (int)zl_ret(SYS3(getsockname, fd, a, l)); }
int getpeername(int fd, struct sockaddr *restrict a, socklen_t *restrict l) { return (int)zl_ret(SYS3(getpeername, fd, a, l)); }
static ssize_t sendto_u(int fd, const void *b, size_t n, int f, const struct sockaddr *a, socklen_t l);
/* A cancellation point (docs/libc.md "Threads"). */
ssize_t sendto(int fd, const void *b, size_t n, int f, const struct sockaddr *a, socklen_t l)
{
    __zl_cp_begin(NULL, NULL);
    ssize_t res = sendto_u(fd, b, n, f, a, l);
    __zl_cp_end();
    return res;
}

static ssize_t sendto_u(int fd, const void *b, size_t n, int f, const struct sockaddr *a, socklen_t l)
{
    return zl_ret(SYS6(sendto, fd, b, n, f, a, l));
}
static ssize_t recvfrom_u(int fd, void *restrict b, size_t n, int f, struct sockaddr *restrict a, socklen_t *restrict l);
/* A cancellation point (docs/libc.md "Threads"). */
ssize_t recvfrom(int fd, void *restrict b, size_t n, int f, struct sockaddr *restrict a, socklen_t *restrict l)
{
    __zl_cp_begin(NULL, NULL);
    ssize_t res = recvfrom_u(fd, b, n, f, a, l);
    __zl_cp_end();
    return res;
}

static ssize_t recvfrom_u(int fd, void *restrict b, size_t n, int f, struct sockaddr *restrict a, socklen_t *restrict l)
{
    return zl_ret(SYS6(recvfrom, fd, b, n, f, a, l));
}
ssize_t send(int fd, const void *b, size_t n, int f) { return sendto(fd, b, n, f, NULL, 0); }
ssize_t recv(int fd, void *b, size_t n, int f) { return recvfrom(fd, b, n, f, NULL, NULL); }
int setsockopt(int fd, int lv, int o, const void *v, socklen_t l) { return (int)zl_ret(SYS5(setsockopt, fd, lv, o, v, l)); }
int getsockopt(int fd, int lv, int o, void *restrict v, socklen_t *restrict l) { return (int)zl_ret(SYS5(getsockopt, fd, lv, o, v, l)); }
int shutdown(int fd, int how) { return (int)zl_ret(SYS2(shutdown, fd, how)); }

#if ZL_UAPI_XLEN == 128
static int msg_in(const struct msghdr *m, struct k_msghdr *k, struct k_iovec **kiov, struct k_iovec *small)
{
    memset(k, 0, sizeof *k);
    if (m->msg_iovlen > 1024) {
        errno = EMSGSIZE;
        return -1;
    }
    size_t n = m->msg_iovlen;
    struct k_iovec *v = n <= 8 ? small : malloc(n * sizeof *v);
    if (!v)
        return -1;
    memset(v, 0, n * sizeof *v);
    for (size_t i = 0; i < n; i++) {
        ZL_PUT_PTR(v[i].iov_base, m->msg_iov[i].iov_base);
        v[i].iov_len = m->msg_iov[i].iov_len;
    }
    ZL_PUT_PTR(k->msg_name, m->msg_name);
    k->msg_namelen = m->msg_namelen;
    ZL_PUT_PTR(k->msg_iov, v);
    k->msg_iovlen = n;
    ZL_PUT_PTR(k->msg_control, m->msg_control);
    k->msg_controllen = m->msg_controllen;
    k->msg_flags = (unsigned)m->msg_flags;
    *kiov = v;
    return 0;
}
#endif

static ssize_t sendmsg_u(int fd, const struct msghdr *m, int flags);
/* A cancellation point (docs/libc.md "Threads"). */
ssize_t sendmsg(int fd, const struct msghdr *m, int flags)
{
    __zl_cp_begin(NULL, NULL);
    ssize_t res = sendmsg_u(fd, m, flags);
    __zl_cp_end();
    return res;
}

static ssize_t sendmsg_u(int fd, const struct msghdr *m, int flags)
{
#if ZL_UAPI_XLEN == 128
    struct k_msghdr k;
    struct k_iovec small[8], *v;
    if (msg_in(m, &k, &v, small) < 0)
        return -1;
    long r = SYS3(sendmsg, fd, &k, flags);
    if (v != small)
        free(v);
    return zl_ret(r);
#else
    return zl_ret(SYS3(sendmsg, fd, m, flags));
#endif
}

static ssize_t recvmsg_u(int fd, struct msghdr *m, int flags);
/* A cancellation point (docs/libc.md "Threads"). */
ssize_t recvmsg(int fd, struct msghdr *m, int flags)
{
    __zl_cp_begin(NULL, NULL);
    ssize_t res = recvmsg_u(fd, m, flags);
    __zl_cp_end();
    return res;
}

static ssize_t recvmsg_u(int fd, struct msghdr *m, int flags)
{
#if ZL_UAPI_XLEN == 128
    struct k_msghdr k;
    struct k_iovec small[8], *v;
    if (msg_in(m, &k, &v, small) < 0)
        return -1;
    long r = SYS3(recvmsg, fd, &k, flags);
    if (v != small)
        free(v);
    if (!zl_is_err(r)) {
        m->msg_namelen = k.msg_namelen;
        m->msg_controllen = k.msg_controllen;
        m->msg_flags = (int)k.msg_flags;
    }
    return zl_ret(r);
#else
    return zl_ret(SYS3(recvmsg, fd, m, flags));
#endif
}

struct cmsghdr *__cmsg_nxthdr(struct msghdr *m, struct cmsghdr *c)
{
    if (c->cmsg_len < sizeof *c)
        return NULL;
    unsigned char *next = (unsigned char *)c + CMSG_ALIGN(c->cmsg_len);
    unsigned char *end = (unsigned char *)m->msg_control + m->msg_controllen;
    if (next + sizeof(struct cmsghdr) > end)
        return NULL;
    if (next + CMSG_ALIGN(((struct cmsghdr *)(void *)next)->cmsg_len) > end)
        return NULL;
    return (struct cmsghdr *)(void *)next;
}

static int ppoll_u(struct pollfd *, nfds_t, const struct timespec *, const sigset_t *);
/* Cancellation points (docs/libc.md "Threads").  The kernel reads the first 8 bytes of a
 * sigset_t: signals 1..64, as zlibc stores them at every XLEN. */
int ppoll(struct pollfd *fds, nfds_t n, const struct timespec *tmo, const sigset_t *mask)
{
    __zl_cp_begin(NULL, NULL);
    int res = ppoll_u(fds, n, tmo, mask);
    __zl_cp_end();
    return res;
}

int poll(struct pollfd *fds, nfds_t n, int timeout)
{
    struct timespec ts = { .tv_sec = timeout / 1000, .tv_nsec = (long)(timeout % 1000) * 1000000 };
    return ppoll(fds, n, timeout >= 0 ? &ts : NULL, NULL);
}

static int ppoll_u(struct pollfd *fds, nfds_t n, const struct timespec *tmo, const sigset_t *mask)
{
#if ZL_UAPI_XLEN == 32
    struct k_timespec ts;
    if (tmo)
        ts.tv_sec = tmo->tv_sec, ts.tv_nsec = tmo->tv_nsec;
    return (int)zl_ret(SYS5(ppoll_time64, fds, n, tmo ? &ts : NULL, mask, 8));
#else
    return (int)zl_ret(SYS5(ppoll, fds, n, tmo, mask, 8));
#endif
}

uint32_t htonl(uint32_t x) { return x >> 24 | (x >> 8 & 0xff00) | (x << 8 & 0xff0000) | x << 24; }
uint16_t htons(uint16_t x) { return (uint16_t)(x >> 8 | x << 8); }
uint32_t ntohl(uint32_t x) { return htonl(x); }
uint16_t ntohs(uint16_t x) { return htons(x); }

int inet_aton(const char *s, struct in_addr *a)
{
    /* a, a.b, a.b.c, a.b.c.d with decimal, octal or hex parts (as inet_aton(3)) */
    unsigned long v[4];
    int n = 0;
    const char *p = s;
    for (;;) {
        char *e;
        if (!(*p >= '0' && *p <= '9'))
            return 0;
        v[n++] = strtoul(p, &e, 0);
        p = e;
        if (*p == '.' && n < 4) {
            p++;
            continue;
        }
        break;
    }
    if (*p)
        return 0;
    uint32_t r;
    switch (n) {
    case 1: if (v[0] > 0xffffffffUL) return 0; r = (uint32_t)v[0]; break;
    case 2: if (v[0] > 255 || v[1] > 0xffffff) return 0; r = (uint32_t)(v[0] << 24 | v[1]); break;
    case 3: if (v[0] > 255 || v[1] > 255 || v[2] > 0xffff) return 0; r = (uint32_t)(v[0] << 24 | v[1] << 16 | v[2]); break;
    default:
        for (int i = 0; i < 4; i++)
            if (v[i] > 255)
                return 0;
        r = (uint32_t)(v[0] << 24 | v[1] << 16 | v[2] << 8 | v[3]);
    }
    a->s_addr = htonl(r);
    return 1;
}

in_addr_t inet_addr(const char *s)
{
    struct in_addr a;
    return inet_aton(s, &a) ? a.s_addr : INADDR_NONE;
}

char *inet_ntoa(struct in_addr a)
{
    static char buf[16];
    const unsigned char *b = (const unsigned char *)&a.s_addr;
    snprintf(buf, sizeof buf, "%d.%d.%d.%d", b[0], b[1], b[2], b[3]);
    return buf;
}

int inet_pton(int af, const char *restrict s, void *restrict dst)
{
    if (af == AF_INET) {
        unsigned char b[4];
        for (int i = 0; i < 4; i++) {
            if (!(*s >= '0' && *s <= '9'))
                return 0;
            unsigned v = 0;
            int digits = 0;
            while (*s >= '0' && *s <= '9') {
                if (digits && v == 0)
                    return 0;   /* no leading zeros */
                v = v * 10 + (unsigned)(*s++ - '0');
                if (v > 255 || ++digits > 3)
                    return 0;
            }
            b[i] = (unsigned char)v;
            if (i < 3 && *s++ != '.')
                return 0;
        }
        if (*s)
            return 0;
        memcpy(dst, b, 4);
        return 1;
    }
    if (af == AF_INET6) {
        uint16_t w[8];
        int n = 0, gap = -1;
        if (s[0] == ':' && s[1] == ':') {
            gap = 0;
            s += 2;
        }
        while (*s && n < 8) {
            /* embedded IPv4 at the end */
            const char *dot = strchr(s, '.');
            if (dot && !strchr(s, ':') && n <= 6) {
                unsigned char v4[4];
                if (inet_pton(AF_INET, s, v4) != 1)
                    return 0;
                w[n++] = (uint16_t)(v4[0] << 8 | v4[1]);
                w[n++] = (uint16_t)(v4[2] << 8 | v4[3]);
                s += strlen(s);
                break;
            }
            unsigned v = 0;
            int d = 0;
            while (d < 4 && ((*s >= '0' && *s <= '9') || ((*s | 32) >= 'a' && (*s | 32) <= 'f'))) {
                v = v * 16 + (unsigned)(*s <= '9' ? *s - '0' : (*s | 32) - 'a' + 10);
                s++;
                d++;
            }
            if (!d)
                return 0;
            w[n++] = (uint16_t)v;
            if (*s == ':') {
                s++;
                if (*s == ':') {
                    if (gap >= 0)
                        return 0;
                    gap = n;
                    s++;
                } else if (!*s)
                    return 0;
            } else if (*s)
                return 0;
        }
        if (*s || (gap < 0 && n != 8) || (gap >= 0 && n == 8))
            return 0;
        unsigned char *o = dst;
        int fill = 8 - n, k = 0;
        for (int i = 0; i < n; i++) {
            if (i == gap)
                for (int z = 0; z < fill; z++, k++)
                    o[2 * k] = o[2 * k + 1] = 0;
            o[2 * k] = (unsigned char)(w[i] >> 8);
            o[2 * k + 1] = (unsigned char)w[i];
            k++;
        }
        if (gap == n)
            for (int z = 0; z < fill; z++, k++)
                o[2 * k] = o[2 * k + 1] = 0;
        return 1;
    }
    errno = EAFNOSUPPORT;
    return -1;
}

const char *inet_ntop(int af, const void *restrict src, char *restrict dst, socklen_t size)
{
    char buf[INET6_ADDRSTRLEN];
    const unsigned char *b = src;
    if (af == AF_INET) {
        snprintf(buf, sizeof buf, "%d.%d.%d.%d", b[0], b[1], b[2], b[3]);
    } else if (af == AF_INET6) {
        uint16_t w[8];
        for (int i = 0; i < 8; i++)
            w[i] = (uint16_t)(b[2 * i] << 8 | b[2 * i + 1]);
        /* longest run of at least two zero words becomes "::" */
        int best = -1, blen = 1;
        for (int i = 0; i < 8;) {
            int j = i;
            while (j < 8 && !w[j])
                j++;
            if (j - i > blen) {
                best = i;
                blen = j - i;
            }
            i = j > i ? j : i + 1;
        }
        size_t n = 0;
        if (best == 0 && (blen == 6 || (blen == 5 && w[5] == 0xffff))) {
            /* IPv4-compatible and IPv4-mapped addresses end in dotted decimal */
            snprintf(buf, sizeof buf, "::%s%d.%d.%d.%d", blen == 5 ? "ffff:" : "", b[12], b[13], b[14], b[15]);
        } else {
            buf[0] = 0;
            for (int i = 0; i < 8; i++) {
                if (i == best) {
                    n += (size_t)snprintf(buf + n, sizeof buf - n, "::");
                    i += blen - 1;
                    continue;
                }
                int sep = i > 0 && i != best + blen;
                n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%x", sep ? ":" : "", w[i]);
            }
        }
    } else {
        errno = EAFNOSUPPORT;
        return NULL;
    }
    if (strlen(buf) >= size) {
        errno = ENOSPC;
        return NULL;
    }
    strcpy(dst, buf);
    return dst;
}
