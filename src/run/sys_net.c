/* Sockets.  struct sockaddr_* and the integer/linger options have the same bytes in every
 * personality and on the host, so addresses pass through; socket timeouts are timevals
 * (converted), and sendmsg/recvmsg translate msghdr and its iovecs.  Control messages
 * (SCM_RIGHTS, ...) are not translated yet: a non-empty msg_control is EOPNOTSUPP. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/uio.h>

#include "run/sys.h"
#include "zl_abi.h"

#define MAX_ADDR 128     /* sizeof(struct sockaddr_storage) */

static int get_addr(struct proc *p, u128 addr, u128 len, u8 *buf, socklen_t *out)
{
    if (len > MAX_ADDR) return -EINVAL;
    *out = (socklen_t)len;
    return len ? get_guest(p, addr, buf, (size_t)len) : 0;
}

/* Write back an address the host returned, truncated to the guest's buffer, and the full
 * length to *len_addr (Linux's rule). */
static int put_addr(struct proc *p, u128 addr, u128 len_addr, const u8 *buf, socklen_t hlen)
{
    if (!addr || !len_addr) return 0;
    u32 glen;
    int e = get_guest(p, len_addr, &glen, 4);
    if (e) return e;
    if ((i32)glen < 0) return -EINVAL;
    u32 n = hlen < glen ? hlen : glen;
    if (n && (e = put_guest(p, addr, buf, n))) return e;
    u32 full = hlen;
    return put_guest(p, len_addr, &full, 4);
}

#define RET(expr) do { long r_ = (long)(expr); return r_ < 0 ? -errno : r_; } while (0)

i128 sys_socket(struct proc *p, const u128 *a) { (void)p; RET(socket((int)a[0], (int)a[1], (int)a[2])); }
i128 sys_listen(struct proc *p, const u128 *a) { (void)p; RET(listen((int)a[0], (int)a[1])); }
i128 sys_shutdown(struct proc *p, const u128 *a) { (void)p; RET(shutdown((int)a[0], (int)a[1])); }

i128 sys_socketpair(struct proc *p, const u128 *a)
{
    int sv[2];
    if (socketpair((int)a[0], (int)a[1], (int)a[2], sv)) return -errno;
    return put_guest(p, a[3], sv, sizeof sv);
}

static i128 addr_call(struct proc *p, const u128 *a, int (*fn)(int, const struct sockaddr *, socklen_t))
{
    u8 buf[MAX_ADDR];
    socklen_t len;
    int e = get_addr(p, a[1], a[2], buf, &len);
    if (e) return e;
    RET(fn((int)a[0], (const struct sockaddr *)buf, len));
}
i128 sys_bind(struct proc *p, const u128 *a) { return addr_call(p, a, bind); }
i128 sys_connect(struct proc *p, const u128 *a) { return addr_call(p, a, connect); }

static i128 accept_common(struct proc *p, int fd, u128 addr, u128 len_addr, int flags)
{
    u8 buf[MAX_ADDR];
    socklen_t hl = sizeof buf;
    int r = accept4(fd, addr ? (struct sockaddr *)buf : NULL, addr ? &hl : NULL, flags);
    if (r < 0) return -errno;
    int e = put_addr(p, addr, len_addr, buf, hl);
    return e ? e : r;
}
i128 sys_accept4(struct proc *p, const u128 *a) { return accept_common(p, (int)a[0], a[1], a[2], (int)a[3]); }
i128 sys_accept(struct proc *p, const u128 *a) { return accept_common(p, (int)a[0], a[1], a[2], 0); }

static i128 name_call(struct proc *p, const u128 *a, int (*fn)(int, struct sockaddr *, socklen_t *))
{
    u8 buf[MAX_ADDR];
    socklen_t hl = sizeof buf;
    if (fn((int)a[0], (struct sockaddr *)buf, &hl)) return -errno;
    return put_addr(p, a[1], a[2], buf, hl);
}
i128 sys_getsockname(struct proc *p, const u128 *a) { return name_call(p, a, getsockname); }
i128 sys_getpeername(struct proc *p, const u128 *a) { return name_call(p, a, getpeername); }

/* Data goes through a host bounce buffer (at most 1 MiB per call: a short count, which
 * stream sockets allow and datagram sizes never reach). */
#define MAX_IO (1u << 20)

i128 sys_sendto(struct proc *p, const u128 *a)
{
    size_t n = a[2] > MAX_IO ? MAX_IO : (size_t)a[2];
    u8 abuf[MAX_ADDR];
    socklen_t alen = 0;
    int e = a[4] ? get_addr(p, a[4], a[5], abuf, &alen) : 0;
    if (e) return e;
    u8 *buf = malloc(n ? n : 1);
    if (!buf) return -ENOMEM;
    i128 r = get_guest(p, a[1], buf, n);
    if (!r) {
        ssize_t k = sendto((int)a[0], buf, n, (int)a[3], a[4] ? (struct sockaddr *)abuf : NULL, alen);
        r = k < 0 ? -errno : k;
    }
    free(buf);
    return r;
}

i128 sys_recvfrom(struct proc *p, const u128 *a)
{
    size_t n = a[2] > MAX_IO ? MAX_IO : (size_t)a[2];
    u8 *buf = malloc(n ? n : 1), abuf[MAX_ADDR];
    if (!buf) return -ENOMEM;
    socklen_t hl = sizeof abuf;
    ssize_t k = recvfrom((int)a[0], buf, n, (int)a[3], a[4] ? (struct sockaddr *)abuf : NULL,
                         a[4] ? &hl : NULL);
    i128 r = k < 0 ? -errno : k;
    if (k > 0 && put_guest(p, a[1], buf, (size_t)k)) r = -EFAULT;
    if (k >= 0 && a[4]) {
        int e = put_addr(p, a[4], a[5], abuf, hl);
        if (e) r = e;
    }
    free(buf);
    return r;
}

static bool is_timeval_opt(int level, int opt)
{
    return level == SOL_SOCKET && (opt == SO_RCVTIMEO_NEW || opt == SO_SNDTIMEO_NEW ||
                                   opt == SO_RCVTIMEO_OLD || opt == SO_SNDTIMEO_OLD);
}

i128 sys_setsockopt(struct proc *p, const u128 *a)
{
    int level = (int)a[1], opt = (int)a[2];
    u8 buf[256];
    if (a[4] > sizeof buf) return -EINVAL;
    if (get_guest(p, a[3], buf, (size_t)a[4])) return -EFAULT;
    if (is_timeval_opt(level, opt)) {
        struct timeval tv;
        if (a[4] < zl_sizeof(sys_pers(p), ZL_T_timeval)) return -EINVAL;
        int e = zl_timeval_g2h(sys_pers(p), buf, &tv);
        if (e) return e;
        RET(setsockopt((int)a[0], level, opt == SO_RCVTIMEO_NEW || opt == SO_RCVTIMEO_OLD
                                             ? SO_RCVTIMEO : SO_SNDTIMEO, &tv, sizeof tv));
    }
    RET(setsockopt((int)a[0], level, opt, buf, (socklen_t)a[4]));
}

i128 sys_getsockopt(struct proc *p, const u128 *a)
{
    int level = (int)a[1], opt = (int)a[2];
    u32 glen;
    if (get_guest(p, a[4], &glen, 4)) return -EFAULT;
    if ((i32)glen < 0) return -EINVAL;
    u8 buf[256];
    socklen_t hl = sizeof buf;
    if (is_timeval_opt(level, opt)) {
        struct timeval tv;
        socklen_t tl = sizeof tv;
        if (getsockopt((int)a[0], level, opt == SO_RCVTIMEO_NEW || opt == SO_RCVTIMEO_OLD
                                             ? SO_RCVTIMEO : SO_SNDTIMEO, &tv, &tl))
            return -errno;
        int e = zl_timeval_h2g(sys_pers(p), &tv, buf);
        if (e) return e;
        hl = zl_sizeof(sys_pers(p), ZL_T_timeval);
    } else if (getsockopt((int)a[0], level, opt, buf, &hl)) {
        return -errno;
    }
    u32 n = hl < glen ? hl : glen;
    if (n && put_guest(p, a[3], buf, n)) return -EFAULT;
    return put_guest(p, a[4], &n, 4);
}

/* sendmsg/recvmsg: msghdr and its iovecs through the neutral forms; data bounces through
 * one host buffer (at most MAX_IO bytes). */
static i128 msg_common(struct proc *p, const u128 *a, bool recv)
{
    int pers = sys_pers(p);
    u8 g[ZL_MAXSIZE_msghdr];
    struct zl_msghdr m;
    unsigned msz = zl_sizeof(pers, ZL_T_msghdr);
    int e = get_guest(p, a[1], g, msz);
    if (!e) e = zl_msghdr_g2n(pers, g, &m);
    if (e) return e;
    if (m.msg_controllen) return -EOPNOTSUPP;
    if (m.msg_iovlen > 1024 || m.msg_namelen > MAX_ADDR) return -EINVAL;
    unsigned isz = zl_sizeof(pers, ZL_T_iovec);
    struct zl_iovec *iv = calloc((size_t)m.msg_iovlen + 1, sizeof *iv);
    u8 *gi = malloc((size_t)m.msg_iovlen * isz + 1);
    u8 *buf = NULL, abuf[MAX_ADDR];
    i128 r = 0;
    size_t total = 0;
    if (!iv || !gi) { r = -ENOMEM; goto out; }
    if (get_guest(p, m.msg_iov, gi, (size_t)m.msg_iovlen * isz)) { r = -EFAULT; goto out; }
    for (u128 i = 0; i < m.msg_iovlen; i++) {
        if ((r = zl_iovec_g2n(pers, gi + (size_t)i * isz, &iv[i]))) goto out;
        u128 room = MAX_IO - total;
        if (iv[i].iov_len > room) iv[i].iov_len = room;
        total += (size_t)iv[i].iov_len;
    }
    buf = malloc(total ? total : 1);
    if (!buf) { r = -ENOMEM; goto out; }
    struct iovec hv = { buf, total };
    struct msghdr hm = { .msg_iov = &hv, .msg_iovlen = 1, .msg_flags = 0 };
    if (m.msg_name) {
        hm.msg_name = abuf;
        hm.msg_namelen = recv ? sizeof abuf : (socklen_t)m.msg_namelen;
        if (!recv && get_guest(p, m.msg_name, abuf, (size_t)m.msg_namelen)) { r = -EFAULT; goto out; }
    }
    if (!recv) {
        size_t off = 0;
        for (u128 i = 0; i < m.msg_iovlen; i++) {
            if (get_guest(p, iv[i].iov_base, buf + off, (size_t)iv[i].iov_len)) { r = -EFAULT; goto out; }
            off += (size_t)iv[i].iov_len;
        }
    }
    ssize_t k = recv ? recvmsg((int)a[0], &hm, (int)a[2]) : sendmsg((int)a[0], &hm, (int)a[2]);
    if (k < 0) { r = -errno; goto out; }
    r = k;
    if (recv) {
        size_t off = 0;
        for (u128 i = 0; i < m.msg_iovlen && off < (size_t)k; i++) {
            size_t c = (size_t)k - off < (size_t)iv[i].iov_len ? (size_t)k - off : (size_t)iv[i].iov_len;
            if (put_guest(p, iv[i].iov_base, buf + off, c)) { r = -EFAULT; goto out; }
            off += c;
        }
        if (m.msg_name) {
            socklen_t n = hm.msg_namelen < (socklen_t)m.msg_namelen ? hm.msg_namelen : (socklen_t)m.msg_namelen;
            if (put_guest(p, m.msg_name, abuf, n)) { r = -EFAULT; goto out; }
            m.msg_namelen = hm.msg_namelen;
        }
        m.msg_flags = hm.msg_flags;
        m.msg_controllen = 0;
        if ((e = zl_msghdr_n2g(pers, &m, g)) || (e = put_guest(p, a[1], g, msz))) r = e;
    }
out:
    free(iv);
    free(gi);
    free(buf);
    return r;
}
i128 sys_sendmsg(struct proc *p, const u128 *a) { return msg_common(p, a, false); }
i128 sys_recvmsg(struct proc *p, const u128 *a) { return msg_common(p, a, true); }
