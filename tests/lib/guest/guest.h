/* ZettaLinux guest runtime: a tiny freestanding "libc" for RISC-V Linux
 * programs that run under qemu-riscv64/qemu-riscv32 and under zl-run.
 *
 * Only two system calls are used -- write (64) and exit_group (94), plus
 * exit (93) -- because that is all zl-run implements in its first version.
 * There is no heap: keep data in static arrays.  Include no libc header
 * (only gcc's freestanding ones such as <stdint.h>): the memcpy & co. macros
 * below would clash with glibc's prototypes.  Output is unbuffered
 * (every put_* is one write(2)), so nothing is lost if a program dies.
 *
 * Build (see build.sh beside this file, which holds the flags):
 *   riscv64-linux-gnu-gcc -O2 -static -nostdlib -ffreestanding -fno-pie -no-pie \
 *       -Wl,-z,separate-code \
 *       -march=rv64gc -mabi=lp64d  -I tests/lib/guest \
 *       tests/lib/guest/start.S tests/lib/guest/guest.c prog.c -o prog
 *   (rv32: -march=rv32gc -mabi=ilp32d; guest.c supplies the few libgcc
 *    helpers that rv32 code needs, since no rv32 libgcc is installed.)
 */
#ifndef ZL_GUEST_H
#define ZL_GUEST_H

#include <stddef.h>   /* freestanding headers only */
#include <stdint.h>

#if defined(__x86_64__)
/* The host build of the same programs (bench/run.sh's "native" column): the
 * x86-64 Linux numbers and calling convention, entry in start_x86_64.S. */
#define SYS_write      1
#define SYS_exit       60
#define SYS_exit_group 231

/* ---- raw system calls (Linux x86-64: number in rax, args rdi, rsi, rdx; the
 * kernel clobbers rcx and r11) */
static inline long guest_syscall1(long n, long a)
{
    long r;
    __asm__ volatile("syscall" : "=a"(r) : "0"(n), "D"(a) : "rcx", "r11", "memory");
    return r;
}

static inline long guest_syscall3(long n, long a, long b, long c)
{
    long r;
    __asm__ volatile("syscall" : "=a"(r) : "0"(n), "D"(a), "S"(b), "d"(c) : "rcx", "r11", "memory");
    return r;
}
#else
#define SYS_write      64
#define SYS_exit       93
#define SYS_exit_group 94

/* ---- raw system calls (Linux RISC-V: number in a7, args a0..a5, result a0) */
static inline long guest_syscall1(long n, long a)
{
    register long a0 __asm__("a0") = a;
    register long a7 __asm__("a7") = n;
    __asm__ volatile("ecall" : "+r"(a0) : "r"(a7) : "memory");
    return a0;
}

static inline long guest_syscall3(long n, long a, long b, long c)
{
    register long a0 __asm__("a0") = a;
    register long a1 __asm__("a1") = b;
    register long a2 __asm__("a2") = c;
    register long a7 __asm__("a7") = n;
    __asm__ volatile("ecall" : "+r"(a0) : "r"(a1), "r"(a2), "r"(a7) : "memory");
    return a0;
}
#endif

/* write(2): returns bytes written or -errno. */
static inline long sys_write(int fd, const void *buf, size_t len)
{
    return guest_syscall3(SYS_write, fd, (long)buf, (long)len);
}

__attribute__((noreturn)) void sys_exit(int code);        /* this thread */
__attribute__((noreturn)) void sys_exit_group(int code);  /* whole process */

/* ---- memory and string functions (gcc may emit calls to the first three
 * even with -ffreestanding, e.g. for struct copies and array initialisers) */
void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);

/* -ffreestanding implies -fno-builtin; route calls through the builtins so
 * that small constant-size copies are still inlined (a real call to the
 * functions above is emitted otherwise).  guest.c defines the functions
 * and so sees none of these macros. */
#ifndef GUEST_IMPL
#define memcpy(d, s, n)  __builtin_memcpy((d), (s), (n))
#define memmove(d, s, n) __builtin_memmove((d), (s), (n))
#define memset(d, c, n)  __builtin_memset((d), (c), (n))
#define memcmp(a, b, n)  __builtin_memcmp((a), (b), (n))
#define strlen(s)        __builtin_strlen((s))
#endif

/* ---- output helpers: all write to fd 1 (stdout) unless named *_fd */
void put_strn_fd(int fd, const char *s, size_t n);
void put_str_fd(int fd, const char *s);
void put_str(const char *s);
void put_char(char c);
void put_u64(uint64_t v);           /* decimal */
void put_i64(int64_t v);            /* decimal, with '-' */
void put_hex64(uint64_t v);         /* exactly 16 lowercase hex digits, no "0x" */
void put_hex32(uint32_t v);         /* exactly 8 lowercase hex digits, no "0x" */
void put_hexn(uint64_t v, int digits);  /* low `digits` (1..16) hex digits */
void put_fixed(double v, int decimals);  /* e.g. -0.169075164 for decimals=9
                                            (no "-" when it rounds to 0);
                                            |v| must be < 2^63 / 10^decimals */
/* "label value\n" conveniences */
void put_kv_u64(const char *label, uint64_t v);
void put_kv_hex64(const char *label, uint64_t v);   /* prints label 0x%016x */

/* ---- misc */
/* Parse a decimal unsigned number; returns def if s is NULL/empty/invalid. */
uint64_t parse_u64(const char *s, uint64_t def);
/* argv[1] as an iteration count, or def (also when argv[1] is 0/invalid). */
uint64_t guest_iters(int argc, char **argv, uint64_t def);
/* Print "FATAL: msg" to stderr and exit_group(code). */
__attribute__((noreturn)) void guest_fail(const char *msg, int code);

/* Square root through the F/D hardware (no libm, no errno path). */
static inline double guest_sqrt(double x)
{
#if defined(__riscv_flen) && __riscv_flen >= 64
    double r;
    __asm__("fsqrt.d %0, %1" : "=f"(r) : "f"(x));
    return r;
#else
    return __builtin_sqrt(x);   /* soft-float builds would need libm */
#endif
}

#endif /* ZL_GUEST_H */
