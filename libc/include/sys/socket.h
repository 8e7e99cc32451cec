#ifndef _ZL_SYS_SOCKET_H
#define _ZL_SYS_SOCKET_H
#include <bits/zl_config.h>
#include <bits/abi_so_opt.h>
#include <bits/abi_scm.h>
#include <bits/types.h>
#include <sys/uio.h>
#include <bits/abi_af.h>
#include <bits/abi_sock_type.h>
#include <bits/abi_msg.h>
#include <bits/abi_sol.h>
#include <bits/abi_shut.h>
__ZL_BEGIN
typedef unsigned short sa_family_t;
#define PF_UNSPEC AF_UNSPEC
#define PF_UNIX AF_UNIX
#define PF_LOCAL AF_UNIX
#define AF_LOCAL AF_UNIX
#define PF_INET AF_INET
#define PF_INET6 AF_INET6
#define SOMAXCONN 4096
/* The receive and send timeouts take a struct timeval: Linux reads a 64-bit tv_sec under
 * the _NEW names, which rv32 needs (its time_t is 64-bit, as in glibc's time64 ABI), and
 * under the _OLD ones where long is as wide as time_t. */
#if __SIZEOF_LONG__ == 4
#define SO_RCVTIMEO SO_RCVTIMEO_NEW
#define SO_SNDTIMEO SO_SNDTIMEO_NEW
#else
#define SO_RCVTIMEO SO_RCVTIMEO_OLD
#define SO_SNDTIMEO SO_SNDTIMEO_OLD
#endif
struct sockaddr {
    sa_family_t sa_family;
    char sa_data[14];
};
struct sockaddr_storage {
    sa_family_t ss_family;
    char __ss_pad[128 - sizeof(sa_family_t) - sizeof(unsigned long)];
    unsigned long __ss_align;
};
/* SO_PEERCRED, SCM_CREDENTIALS: 12 bytes at every XLEN, as in Linux */
struct ucred {
    pid_t pid;
    uid_t uid;
    gid_t gid;
};
struct linger {
    int l_onoff;
    int l_linger;
};
/* POSIX and LP64 shape; on rv128 every pointer fills a __ptr_t slot (docs/abi.md 5.4,
 * 7.2: 160 bytes).  libc copies it into a zeroed boundary copy. */
struct msghdr {
    __ZL_PTR_SLOT(void *msg_name, msg_name);
    socklen_t msg_namelen;
    __ZL_PTR_SLOT(struct iovec *msg_iov, msg_iov);
    size_t msg_iovlen;
    __ZL_PTR_SLOT(void *msg_control, msg_control);
    size_t msg_controllen;
    int msg_flags;
};
struct cmsghdr {
    size_t cmsg_len;
    int cmsg_level;
    int cmsg_type;
};   /* rv128: 32 bytes with tail padding, data at CMSG_ALIGN(32) = 32 (docs/abi.md 7.2) */
#define CMSG_ALIGN(n) (((n) + sizeof(long) - 1) & ~(sizeof(long) - 1))
#define CMSG_DATA(c) ((unsigned char *)(c) + CMSG_ALIGN(sizeof(struct cmsghdr)))
#define CMSG_SPACE(n) (CMSG_ALIGN(n) + CMSG_ALIGN(sizeof(struct cmsghdr)))
#define CMSG_LEN(n) (CMSG_ALIGN(sizeof(struct cmsghdr)) + (n))
#define CMSG_FIRSTHDR(m) ((size_t)(m)->msg_controllen >= sizeof(struct cmsghdr) ? \
                          (struct cmsghdr *)(m)->msg_control : (struct cmsghdr *)0)
#define CMSG_NXTHDR(m, c) __cmsg_nxthdr(m, c)
struct cmsghdr *__cmsg_nxthdr(struct msghdr *, struct cmsghdr *);
int socket(int, int, int);
int socketpair(int, int, int, int [2]);
int bind(int, const struct sockaddr *, socklen_t);
int listen(int, int);
int accept(int, struct sockaddr *restrict, socklen_t *restrict);
int accept4(int, struct sockaddr *restrict, socklen_t *restrict, int);
int connect(int, const struct sockaddr *, socklen_t);
int getsockname(int, struct sockaddr *restrict, socklen_t *restrict);
int getpeername(int, struct sockaddr *restrict, socklen_t *restrict);
ssize_t send(int, const void *, size_t, int);
ssize_t recv(int, void *, size_t, int);
ssize_t sendto(int, const void *, size_t, int, const struct sockaddr *, socklen_t);
ssize_t recvfrom(int, void *restrict, size_t, int, struct sockaddr *restrict, socklen_t *restrict);
ssize_t sendmsg(int, const struct msghdr *, int);
ssize_t recvmsg(int, struct msghdr *, int);
int setsockopt(int, int, int, const void *, socklen_t);
int getsockopt(int, int, int, void *restrict, socklen_t *restrict);
int shutdown(int, int);
__ZL_END
#endif
