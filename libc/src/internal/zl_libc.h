/* zlibc internal declarations: the raw system call, errno handling, kernel layouts.
 * Only libc sources include this (it brings the generated <zl/uapi.h>, whose k_* structures
 * and i8..u128 names must not leak into programs). */
#ifndef ZL_LIBC_INTERNAL_H
#define ZL_LIBC_INTERNAL_H
#include <bits/zl_config.h>
#include <zl/uapi.h>
#include <errno.h>
#include <stddef.h>
#include <stdarg.h>

#if defined(__GNUC__) || defined(__zlcc__)
#define ZL_HIDDEN __attribute__((__visibility__("hidden")))
#define ZL_WEAK __attribute__((__weak__))
#else
#define ZL_HIDDEN
#define ZL_WEAK
#endif

typedef unsigned long zl_ulong;   /* a register: XLEN bits in every data model */

/* libc/arch/riscv/syscall.S (one source for every XLEN): number in a7 (passed as the 7th argument). */
long __zl_syscall(long, long, long, long, long, long, long);
#define ZL_A(x) ((long)(x))
#define SYS0(n) __zl_syscall(0, 0, 0, 0, 0, 0, __NR_##n)
#define SYS1(n, a) __zl_syscall(ZL_A(a), 0, 0, 0, 0, 0, __NR_##n)
#define SYS2(n, a, b) __zl_syscall(ZL_A(a), ZL_A(b), 0, 0, 0, 0, __NR_##n)
#define SYS3(n, a, b, c) __zl_syscall(ZL_A(a), ZL_A(b), ZL_A(c), 0, 0, 0, __NR_##n)
#define SYS4(n, a, b, c, d) __zl_syscall(ZL_A(a), ZL_A(b), ZL_A(c), ZL_A(d), 0, 0, __NR_##n)
#define SYS5(n, a, b, c, d, e) __zl_syscall(ZL_A(a), ZL_A(b), ZL_A(c), ZL_A(d), ZL_A(e), 0, __NR_##n)
#define SYS6(n, a, b, c, d, e, f) \
    __zl_syscall(ZL_A(a), ZL_A(b), ZL_A(c), ZL_A(d), ZL_A(e), ZL_A(f), __NR_##n)

/* A raw result in [-4095, -1] is -errno (docs/abi.md 4). */
static inline int zl_is_err(long r) { return (zl_ulong)r > (zl_ulong)-4096; }
static inline long zl_ret(long r)
{
    if (zl_is_err(r)) {
        errno = (int)-r;
        return -1;
    }
    return r;
}

/* Pointer members of kernel structures: a __ptr_t slot on rv128 (docs/abi.md 5), a plain
 * pointer on rv64/rv32.  Putting one zeroes the reserved half. */
#if ZL_UAPI_XLEN == 128
#define ZL_PUT_PTR(slot, p) ((slot).__addr = (u128)(p), (slot).__rsv = 0)
#define ZL_GET_PTR(slot) ((void *)(slot).__addr)
#else
#define ZL_PUT_PTR(slot, p) ((slot) = (void *)(p))
#define ZL_GET_PTR(slot) ((void *)(slot))
#endif

/* start-up state (crt/start.c) */
extern char **environ;
ZL_HIDDEN extern void (*__zl_exit_flush)(void);
ZL_HIDDEN extern zl_ulong *__zl_auxv;
ZL_HIDDEN void __zl_stdio_exit(void);
ZL_HIDDEN _Noreturn void __zl_fatal(const char *msg);
ZL_HIDDEN void __zl_malloc_fork_reset(void);
/* mkostemps with the new file's mode (before the umask): the six X's of tmpl become a
 * name that did not exist (stdlib/env.c). */
ZL_HIDDEN int __zl_mkostemps_mode(char *tmpl, int suffixlen, int flags, unsigned mode);
struct rusage;
ZL_HIDDEN void __zl_rusage_from_k(struct rusage *, const struct k_rusage *);   /* misc/sys.c */

/* stdio internals shared with printf/scanf */
struct zl_out {
    char *buf;        /* string sink (NULL: stream sink) */
    size_t cap;       /* capacity of buf including the NUL */
    size_t len;       /* characters produced so far (may exceed cap) */
    void *file;       /* FILE * for stream sinks */
    int err;
};
ZL_HIDDEN int __zl_vformat(struct zl_out *, const char *, va_list *);
ZL_HIDDEN void __zl_out(struct zl_out *, const char *, size_t);

/* LC_CTYPE is C.UTF-8 (misc/locale.c) */
ZL_HIDDEN extern int __zl_utf8;

/* strtod core: kind 0 float, 1 double, 2 long double; writes the value's bytes. */
ZL_HIDDEN size_t __zl_strtofp(const char *s, int kind, void *out, int *range_err);
#endif
