/* Sockets.  struct sockaddr_* and the integer/linger options have the same bytes in every
 * personality and on the host, so addresses pass through; socket timeouts are timevals
 * (converted), and sendmsg/recvmsg translate msghdr, its iovecs and its control messages
 * (cmsg_headers re-laid per personality; descriptors pass as they are, since guest
 * descriptors are host descriptors). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include "run/sys.h"
#include "run/thread.h"
#include "zl_abi.h"

#define MAX_ADDR 128     /* sizeof(struct sockaddr_storage) */

static int get_addr(struct task *p, u128 addr, u128 len, u8 *buf, socklen_t *out)
{
    if (len > MAX_ADDR) return -EINVAL;
    *out = (socklen_t)len;
    return len ? get_guest(p, addr, buf, (size_t)len) : 0;
}

/* Write back an address the host returned, truncated to the guest's buffer, and the full
 * length to *len_addr (Linux's rule). */
static int put_addr(struct task *p, u128 addr, u128 len_addr, const u8 *buf, socklen_t hlen)
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

i128 sys_socket(struct task *p, const u128 *a) { (void)p; RET(socket((int)a[0], (int)a[1], (int)a[2])); }
i128 sys_listen(struct task *p, const u128 *a) { (void)p; RET(listen((int)a[0], (int)a[1])); }
i128 sys_shutdown(struct task *p, const u128 *a) { (void)p; RET(shutdown((int)a[0], (int)a[1])); }

i128 sys_socketpair(struct task *p, const u128 *a)
{
    int sv[2];
    if (socketpair((int)a[0], (int)a[1], (int)a[2], sv)) return -errno;
    return put_guest(p, a[3], sv, sizeof sv);
}

static i128 addr_call(struct task *p, const u128 *a, int (*fn)(int, const struct sockaddr *, socklen_t))
{
    u8 buf[MAX_ADDR];
    socklen_t len;
    int e = get_addr(p, a[1], a[2], buf, &len);
    if (e) return e;
    int r;
    BLOCKING(p, r = fn((int)a[0], (const struct sockaddr *)buf, len));     /* connect may wait */
    RET(r);
}
i128 sys_bind(struct task *p, const u128 *a) { return addr_call(p, a, bind); }
i128 sys_connect(struct task *p, const u128 *a) { return addr_call(p, a, connect); }

static i128 accept_common(struct task *p, int fd, u128 addr, u128 len_addr, int flags)
{
    u8 buf[MAX_ADDR];
    socklen_t hl = sizeof buf;
    int r;
    BLOCKING(p, r = accept4(fd, addr ? (struct sockaddr *)buf : NULL, addr ? &hl : NULL, flags));
    if (r < 0) return -errno;
    int e = put_addr(p, addr, len_addr, buf, hl);
    return e ? e : r;
}
i128 sys_accept4(struct task *p, const u128 *a) { return accept_common(p, (int)a[0], a[1], a[2], (int)a[3]); }
i128 sys_accept(struct task *p, const u128 *a) { return accept_common(p, (int)a[0], a[1], a[2], 0); }

static i128 name_call(struct task *p, const u128 *a, int (*fn)(int, struct sockaddr *, socklen_t *))
{
    u8 buf[MAX_ADDR];
    socklen_t hl = sizeof buf;
    if (fn((int)a[0], (struct sockaddr *)buf, &hl)) return -errno;
    return put_addr(p, a[1], a[2], buf, hl);
}
i128 sys_getsockname(struct task *p, const u128 *a) { return name_call(p, a, getsockname); }
i128 sys_getpeername(struct task *p, const u128 *a) { return name_call(p, a, getpeername); }

/* Data goes through a host bounce buffer (at most 1 MiB per call: a short count, which
 * stream sockets allow and datagram sizes never reach). */
#define MAX_IO (1u << 20)

i128 sys_sendto(struct task *p, const u128 *a)
{
    if (!guest_access_ok(p, a[1], a[2] > MAX_RW_COUNT ? MAX_RW_COUNT : a[2])) return -EFAULT;
    size_t n = a[2] > MAX_IO ? MAX_IO : (size_t)a[2];
    u8 abuf[MAX_ADDR];
    socklen_t alen = 0;
    int e = a[4] ? get_addr(p, a[4], a[5], abuf, &alen) : 0;
    if (e) return e;
    u8 *buf = malloc(n ? n : 1);
    if (!buf) return -ENOMEM;
    i128 r = get_guest(p, a[1], buf, n);
    if (!r) {
        ssize_t k;
        BLOCKING(p, k = sendto((int)a[0], buf, n, (int)a[3], a[4] ? (struct sockaddr *)abuf : NULL, alen));
        r = k < 0 ? -errno : k;
    }
    free(buf);
    return r;
}

i128 sys_recvfrom(struct task *p, const u128 *a)
{
    if (!guest_access_ok(p, a[1], a[2] > MAX_RW_COUNT ? MAX_RW_COUNT : a[2])) return -EFAULT;
    size_t n = a[2] > MAX_IO ? MAX_IO : (size_t)a[2];
    u8 *buf = malloc(n ? n : 1), abuf[MAX_ADDR];
    if (!buf) return -ENOMEM;
    socklen_t hl = sizeof abuf;
    ssize_t k;
    BLOCKING(p, k = recvfrom((int)a[0], buf, n, (int)a[3], a[4] ? (struct sockaddr *)abuf : NULL,
                         a[4] ? &hl : NULL));
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

i128 sys_setsockopt(struct task *p, const u128 *a)
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

i128 sys_getsockopt(struct task *p, const u128 *a)
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

/* ---- control messages ----------------------------------------------------------------
 * A guest cmsghdr is the personality's (cmsg_len is a size_t: 12, 16 or 32 bytes with its
 * padding, docs/abi.md 7.2), its data starts right after it, and each message takes
 * CMSG_ALIGN (sizeof(long)) steps.  The data of every message zl-run passes has the same
 * bytes everywhere (descriptors, struct ucred, in_pktinfo, ints) except the old socket
 * timestamps, which are a timeval or timespec of the personality. */

static size_t g_align(const struct task *p, size_t n)
{
    size_t a = (size_t)p->proc->lay.xlen / 8;
    return (n + a - 1) & ~(a - 1);
}

/* Guest control messages -> a host control buffer (malloc'd in *out). */
static int cmsg_to_host(struct task *p, u128 addr, u128 len, void **out, size_t *outlen)
{
    int pers = sys_pers(p);
    size_t gh = zl_sizeof(pers, ZL_T_cmsghdr);
    if (len > 65536) return -ENOBUFS;          /* Linux: more than sysctl_optmem_max */
    u8 *g = malloc((size_t)len + 1);
    u8 *h = calloc(1, 2 * (size_t)len + 64);
    size_t hl = 0, off = 0;
    int e = 0;
    if (!g || !h) { e = -ENOMEM; goto fail; }
    if ((e = get_guest(p, addr, g, (size_t)len))) goto fail;
    while (off + gh <= len) {
        struct zl_cmsghdr c;
        if ((e = zl_cmsghdr_g2n(pers, g + off, &c))) goto fail;
        if (c.cmsg_len < gh || c.cmsg_len > len - off) { e = -EINVAL; goto fail; }
        size_t dl = (size_t)c.cmsg_len - gh;
        struct cmsghdr *hc = (struct cmsghdr *)(h + hl);
        hc->cmsg_len = CMSG_LEN(dl);
        hc->cmsg_level = c.cmsg_level;
        hc->cmsg_type = c.cmsg_type;
        memcpy(CMSG_DATA(hc), g + off + gh, dl);
        hl += CMSG_SPACE(dl);
        off += g_align(p, (size_t)c.cmsg_len);
    }
    free(g);
    *out = h;
    *outlen = hl;
    return 0;
fail:
    free(g);
    free(h);
    return e;
}

/* A host timestamp as the guest's bytes (n timeval or timespec values). */
static size_t stamp_to_guest(struct task *p, const struct cmsghdr *hc, u8 *out)
{
    int pers = sys_pers(p);
    if (hc->cmsg_type == ZL_SO_TIMESTAMP_OLD) {
        struct timeval tv;
        memcpy(&tv, CMSG_DATA(hc), sizeof tv);
        return zl_timeval_h2g(pers, &tv, out) ? 0 : zl_sizeof(pers, ZL_T_timeval);
    }
    size_t one = zl_sizeof(pers, ZL_T_timespec), n = hc->cmsg_type == ZL_SO_TIMESTAMPNS_OLD ? 1 : 3;
    for (size_t k = 0; k < n; k++) {
        struct timespec ts;
        memcpy(&ts, CMSG_DATA(hc) + k * sizeof ts, sizeof ts);
        if (zl_timespec_h2g(pers, &ts, out + k * one)) return 0;
    }
    return n * one;
}

/* Host control messages after recvmsg -> the guest's buffer, Linux's put_cmsg rules: a
 * message that does not fit is cut and MSG_CTRUNC set; descriptors that find no room are
 * closed (scm_detach_fds).  Returns the guest bytes used, or -EFAULT. */
static i128 cmsg_to_guest(struct task *p, struct msghdr *hm, u128 addr, u128 room, int *flags)
{
    int pers = sys_pers(p);
    size_t gh = zl_sizeof(pers, ZL_T_cmsghdr), used = 0;
    u8 hd[64], data[160];
    for (struct cmsghdr *hc = CMSG_FIRSTHDR(hm); hc; hc = CMSG_NXTHDR(hm, hc)) {
        size_t dl = hc->cmsg_len - CMSG_LEN(0);
        const u8 *src = CMSG_DATA(hc);
        bool stamp = hc->cmsg_level == SOL_SOCKET &&
                     (hc->cmsg_type == ZL_SO_TIMESTAMP_OLD || hc->cmsg_type == ZL_SO_TIMESTAMPNS_OLD ||
                      hc->cmsg_type == ZL_SO_TIMESTAMPING_OLD);
        if (stamp && p->proc->lay.xlen != 64) {
            dl = stamp_to_guest(p, hc, data);
            src = data;
        }
        size_t left = (size_t)room - used;
        bool rights = hc->cmsg_level == SOL_SOCKET && hc->cmsg_type == SCM_RIGHTS;
        size_t take = dl;
        if (left < gh + dl) {
            *flags |= MSG_CTRUNC;
            take = left > gh ? left - gh : 0;
            if (rights) take -= take % sizeof(int);
        }
        if (rights)         /* descriptors beyond the room are not installed */
            for (size_t k = take / sizeof(int); k < dl / sizeof(int); k++) {
                int fd;
                memcpy(&fd, src + k * sizeof fd, sizeof fd);
                close(fd);
            }
        if (left < gh) continue;
        struct zl_cmsghdr c = { gh + take, hc->cmsg_level, hc->cmsg_type };
        if (zl_cmsghdr_n2g(pers, &c, hd) || put_guest(p, addr + used, hd, gh) ||
            put_guest(p, addr + used + gh, src, take))
            return -EFAULT;
        size_t step = g_align(p, gh + take);
        used += step < left ? step : left;
    }
    return (i128)used;
}

/* sendmsg/recvmsg: msghdr and its iovecs through the neutral forms; data bounces through
 * one host buffer (at most MAX_IO bytes). */
static i128 msg_common(struct task *p, const u128 *a, bool recv)
{
    int pers = sys_pers(p);
    u8 g[ZL_MAXSIZE_msghdr];
    struct zl_msghdr m;
    unsigned msz = zl_sizeof(pers, ZL_T_msghdr);
    int e = get_guest(p, a[1], g, msz);
    if (!e) e = zl_msghdr_g2n(pers, g, &m);
    if (e) return e;
    if (m.msg_iovlen > 1024 || m.msg_namelen > MAX_ADDR) return -EINVAL;
    void *ctl = NULL;
    size_t ctllen = 0;
    if (!recv && m.msg_controllen && !m.msg_control) return -EFAULT;
    if (m.msg_control && m.msg_controllen) {
        if (!recv) {
            if ((e = cmsg_to_host(p, m.msg_control, m.msg_controllen, &ctl, &ctllen))) return e;
        } else {
            if (m.msg_controllen > 65536) m.msg_controllen = 65536;
            ctllen = 2 * (size_t)m.msg_controllen + 64;     /* room for host headers */
            if (!(ctl = calloc(1, ctllen))) return -ENOMEM;
        }
    }
    unsigned isz = zl_sizeof(pers, ZL_T_iovec);
    struct zl_iovec *iv = calloc((size_t)m.msg_iovlen + 1, sizeof *iv);
    u8 *gi = malloc((size_t)m.msg_iovlen * isz + 1);
    u8 *buf = NULL, abuf[MAX_ADDR];
    i128 r = 0;
    size_t total = 0;
    if (!iv || !gi) { r = -ENOMEM; goto out; }
    if (get_guest(p, m.msg_iov, gi, (size_t)m.msg_iovlen * isz)) { r = -EFAULT; goto out; }
    for (u128 i = 0; i < m.msg_iovlen; i++)
        if ((r = zl_iovec_g2n(pers, gi + (size_t)i * isz, &iv[i]))) goto out;
    if ((r = guest_iov_import(p, iv, (size_t)m.msg_iovlen)) < 0) goto out;
    r = 0;
    for (u128 i = 0; i < m.msg_iovlen; i++) {
        u128 room = MAX_IO - total;
        if (iv[i].iov_len > room) iv[i].iov_len = room;
        total += (size_t)iv[i].iov_len;
    }
    buf = malloc(total ? total : 1);
    if (!buf) { r = -ENOMEM; goto out; }
    struct iovec hv = { buf, total };
    struct msghdr hm = { .msg_iov = &hv, .msg_iovlen = 1, .msg_flags = 0,
                         .msg_control = ctl, .msg_controllen = ctllen };
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
    ssize_t k;
    BLOCKING(p, k = recv ? recvmsg((int)a[0], &hm, (int)a[2]) : sendmsg((int)a[0], &hm, (int)a[2]));
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
        int fl = hm.msg_flags;
        if (ctl) {
            i128 used = cmsg_to_guest(p, &hm, m.msg_control, m.msg_controllen, &fl);
            if (used < 0) { r = used; goto out; }
            m.msg_controllen = (u128)used;
        } else {
            m.msg_controllen = 0;
        }
        m.msg_flags = fl;
        if ((e = zl_msghdr_n2g(pers, &m, g)) || (e = put_guest(p, a[1], g, msz))) r = e;
    }
out:
    free(ctl);
    free(iv);
    free(gi);
    free(buf);
    return r;
}
i128 sys_sendmsg(struct task *p, const u128 *a) { return msg_common(p, a, false); }
i128 sys_recvmsg(struct task *p, const u128 *a) { return msg_common(p, a, true); }

/* sendmmsg/recvmmsg: msg_common over each mmsghdr, msg_len after its msghdr.  As on
 * Linux, the count of messages done is returned once one was, and the error of a later
 * one is dropped; recvmmsg's MSG_WAITFORONE turns on MSG_DONTWAIT after the first, and its
 * timeout is checked after each message (Linux's rule, not a timeout of the wait). */

static i128 mmsg_common(struct task *p, const u128 *a, bool recv)
{
    int pers = sys_pers(p);
    u128 vlen = a[2] > ZL_UIO_MAXIOV ? ZL_UIO_MAXIOV : a[2];
    unsigned msz = zl_sizeof(pers, ZL_T_mmsghdr), lenoff = zl_sizeof(pers, ZL_T_msghdr);
    int flags = (int)a[3];
    struct timespec end = { 0, 0 }, ts;
    bool timed = recv && a[4];
    if (timed) {
        u8 g[ZL_MAXSIZE_timespec];
        int e = get_guest(p, a[4], g, zl_sizeof(pers, ZL_T_timespec));
        if (!e) e = zl_timespec_g2h(pers, g, &ts);
        if (e) return e;
        if (ts.tv_sec < 0 || ts.tv_nsec < 0 || ts.tv_nsec >= 1000000000) return -EINVAL;
        clock_gettime(CLOCK_MONOTONIC, &end);
        end.tv_sec += ts.tv_sec;
        end.tv_nsec += ts.tv_nsec;
        if (end.tv_nsec >= 1000000000) { end.tv_sec++; end.tv_nsec -= 1000000000; }
    }
    u128 done = 0;
    i128 err = 0;
    for (; done < vlen; done++) {
        u128 one[3] = { a[0], a[1] + done * msz, (u128)(flags & ~ZL_MSG_WAITFORONE) };
        i128 r = msg_common(p, one, recv);
        if (r < 0) { err = r; break; }
        u32 n = (u32)r;
        if ((err = put_guest(p, one[1] + lenoff, &n, 4))) break;
        if (recv && (flags & ZL_MSG_WAITFORONE)) flags |= ZL_MSG_DONTWAIT;
        if (timed) {
            struct timespec now;
            clock_gettime(CLOCK_MONOTONIC, &now);
            if (now.tv_sec > end.tv_sec || (now.tv_sec == end.tv_sec && now.tv_nsec >= end.tv_nsec)) {
                done++;
                break;
            }
        }
    }
    if (timed) {                    /* the time left goes back, as Linux's poll_select_finish */
        struct timespec now, left = { 0, 0 };
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (now.tv_sec < end.tv_sec || (now.tv_sec == end.tv_sec && now.tv_nsec < end.tv_nsec)) {
            left.tv_sec = end.tv_sec - now.tv_sec;
            left.tv_nsec = end.tv_nsec - now.tv_nsec;
            if (left.tv_nsec < 0) { left.tv_sec--; left.tv_nsec += 1000000000; }
        }
        u8 g[ZL_MAXSIZE_timespec];
        if (!zl_timespec_h2g(pers, &left, g)) put_guest(p, a[4], g, zl_sizeof(pers, ZL_T_timespec));
    }
    return done ? (i128)done : err;
}
i128 sys_sendmmsg(struct task *p, const u128 *a) { return mmsg_common(p, a, false); }
i128 sys_recvmmsg(struct task *p, const u128 *a) { return mmsg_common(p, a, true); }
