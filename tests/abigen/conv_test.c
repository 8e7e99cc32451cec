/* abigen: the generated zl-run interface -- table lookup, argument decoding, the guest <->
 * neutral <-> host converters with the __ptr_t and overflow rules, strace formatting.
 * Links $(ZL_ABI_LIB) (the generated code of this build). */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "zl_abi.h"
#include "lib/check.h"

TEST(lookup)
{
    const struct zl_sys_entry *e = zl_sys_lookup(ZL_RV64, 63);
    CHECK(e && !strcmp(e->name, "read") && e->handler == ZL_SYS_H_read && e->nargs == 3);
    e = zl_sys_lookup(ZL_RV32, 62);
    CHECK(e && !strcmp(e->name, "llseek"));
    e = zl_sys_lookup(ZL_RV128, 62);
    CHECK(e && !strcmp(e->name, "lseek"));
    CHECK(zl_sys_lookup(ZL_RV32, 113) == NULL);            /* time32: not on rv32 */
    e = zl_sys_lookup(ZL_RV32, 403);
    CHECK(e && e->handler == ZL_SYS_H_clock_gettime);
    CHECK(zl_sys_lookup(ZL_RV64, 38) == NULL);             /* renameat */
    CHECK(zl_sys_lookup(ZL_RV64, 100000) == NULL);
    CHECK(zl_sys_lookup(ZL_RV64, (u128)1 << 100) == NULL);
    e = zl_sys_lookup(ZL_RV128, 0);
    CHECK(e && (e->flags & ZL_SYS_ENOSYS));
    e = zl_sys_lookup(ZL_RV64, 0);
    CHECK(e && !(e->flags & ZL_SYS_ENOSYS));
    e = zl_sys_lookup(ZL_RV64, 93);
    CHECK(e && (e->flags & ZL_SYS_NORETURN));
    CHECK_STR(zl_sys_handler_names[ZL_SYS_H_write], "write");
    const struct zl_ioctl_info *io = zl_ioctl_find(0x5401);
    CHECK(io && !strcmp(io->name, "TCGETS") && io->dir == ZL_IOC_OUT && io->type == ZL_T_termios);
    CHECK(zl_ioctl_find(0x12345678) == NULL);
}

TEST(decode)
{
    const u128 junk = (u128)0xdeadbeefu << 64;
    /* rv64 pread64(fd, buf, count, pos): fd is an int, sign-extended from bit 31 */
    const struct zl_sys_entry *e = zl_sys_lookup(ZL_RV64, 67);
    u128 r[6] = { junk | 0xfffffffffffffffeu, junk | 0x1000, 5, (u64)-1, 0, 0 };
    i128 a[6];
    zl_sys_decode(e, r, a);
    CHECK(a[0] == -2);
    CHECK_EQ_U(a[1], 0x1000);           /* pointer: zero-extended 64-bit */
    CHECK(a[3] == -1);                  /* loff_t */
    /* rv32 pread64: the offset is a register pair, low word first */
    e = zl_sys_lookup(ZL_RV32, 67);
    u128 r32[6] = { 3, 0x80001000u, 16, 0x89abcdefu, 0x01234567u, 0 };
    zl_sys_decode(e, r32, a);
    CHECK(e->nregs == 5);
    CHECK_EQ_U(a[1], 0x80001000u);      /* pointer: zero-extended 32-bit */
    CHECK_EQ_U(a[3], 0x0123456789abcdefull);
    /* rv128: full 128-bit offsets and addresses */
    e = zl_sys_lookup(ZL_RV128, 67);
    u128 big = (u128)1 << 100;
    u128 r128[6] = { 3, big | 0x10, 16, big, 0, 0 };
    zl_sys_decode(e, r128, a);
    CHECK_EQ_U(a[1], big | 0x10);
    CHECK_EQ_U(a[3], big);
    /* preadv: pos_l/pos_h on rv32, the low register alone on rv64 */
    e = zl_sys_lookup(ZL_RV32, 69);
    u128 p32[6] = { 3, 0x1000, 2, 0xfffffff0u, 0xffffffffu, 0 };
    zl_sys_decode(e, p32, a);
    CHECK(a[3] == -16);
    e = zl_sys_lookup(ZL_RV64, 69);
    u128 p64[6] = { 3, 0x1000, 2, 0x123456789ull, 0x777, 0 };
    zl_sys_decode(e, p64, a);
    CHECK_EQ_U(a[3], 0x123456789ull);
    /* unsigned int arguments are zero-extended even though the psABI sign-extends them */
    e = zl_sys_lookup(ZL_RV64, 19);      /* eventfd2(uint initval, int flags) */
    u128 ev[6] = { 0xffffffffffffffffu, 0, 0, 0, 0, 0 };
    zl_sys_decode(e, ev, a);
    CHECK_EQ_U(a[0], 0xffffffffu);
}

TEST(timespec)
{
    struct zl_timespec n = { 0 }, m;
    u8 g[64];
    CHECK_EQ_U(zl_sizeof(ZL_RV128, ZL_T_timespec), 32);
    CHECK_EQ_U(zl_sizeof(ZL_RV32, ZL_T_timespec), 16);
    n.tv_sec = -((i128)1 << 40);
    n.tv_nsec = 999999999;
    for (int p = 0; p < ZL_NPERS; p++) {
        memset(g, 0xaa, sizeof g);
        CHECK_EQ_U(zl_timespec_n2g(p, &n, g), 0);
        CHECK_EQ_U(zl_timespec_g2n(p, g, &m), 0);
        CHECK(m.tv_sec == n.tv_sec && m.tv_nsec == n.tv_nsec);
    }
    CHECK_EQ_U(g[16], 0xff & (999999999 >> 0));             /* rv128: tv_nsec at 16 */
    n.tv_sec = (i128)1 << 100;
    CHECK_EQ_U(zl_timespec_n2g(ZL_RV128, &n, g), 0);
    CHECK_EQ_U(zl_timespec_g2n(ZL_RV128, g, &m), 0);
    CHECK(m.tv_sec == n.tv_sec);
    CHECK(zl_timespec_n2g(ZL_RV64, &n, g) == -EOVERFLOW);
    /* host form (after an error the output bytes are unspecified: write them again) */
    struct timespec h;
    CHECK_EQ_U(zl_timespec_n2g(ZL_RV128, &n, g), 0);
    CHECK(zl_timespec_g2h(ZL_RV128, g, &h) == -EOVERFLOW);
    n.tv_sec = 12345;
    zl_timespec_n2g(ZL_RV128, &n, g);
    CHECK_EQ_U(zl_timespec_g2h(ZL_RV128, g, &h), 0);
    CHECK(h.tv_sec == 12345 && h.tv_nsec == 999999999);
    h.tv_sec = -7;
    CHECK_EQ_U(zl_timespec_h2g(ZL_RV32, &h, g), 0);
    CHECK_EQ_U(g[0], 0xf9);
    CHECK_EQ_U(g[7], 0xff);
}

TEST(iovec_slots)
{
    u8 g[48];
    struct zl_iovec n = { 0 }, m;
    n.iov_base = ((u128)1 << 118) + 0x1230;
    n.iov_len = 77;
    memset(g, 0xee, sizeof g);
    CHECK_EQ_U(zl_iovec_n2g(ZL_RV128, &n, g), 0);
    for (int i = 16; i < 32; i++)
        CHECK_EQ_U(g[i], 0);                   /* reserved half written as zero */
    CHECK_EQ_U(g[32], 77);
    CHECK_EQ_U(zl_iovec_g2n(ZL_RV128, g, &m), 0);
    CHECK(m.iov_base == n.iov_base && m.iov_len == 77);
    g[31] = 1;                                 /* reserved half not zero: -EINVAL */
    CHECK(zl_iovec_g2n(ZL_RV128, g, &m) == -EINVAL);
    /* rv64 and rv32 have plain pointers */
    CHECK(zl_iovec_n2g(ZL_RV64, &n, g) == -EOVERFLOW);   /* address beyond 2^64 */
    n.iov_base = 0x7fff0000;
    CHECK_EQ_U(zl_iovec_n2g(ZL_RV32, &n, g), 0);
    CHECK_EQ_U(zl_ld_u(g + 4, 4), 77);
}

TEST(stat_from_host)
{
    struct stat st;
    CHECK_EQ_U(fstat(0, &st) == 0 || stat("/", &st) == 0, 1);
    if (stat("/", &st) != 0)
        return;
    u8 g[240];
    CHECK_EQ_U(zl_stat_h2g(ZL_RV128, &st, g), 0);
    CHECK_EQ_U(zl_ld_u(g + 16, 16), st.st_ino);
    CHECK_EQ_U(zl_ld_u(g + 32, 4), st.st_mode);
    CHECK_EQ_U(zl_ld_u(g + 80, 16), (u64)st.st_size);
    CHECK_EQ_U(zl_ld_u(g + 144, 16), (u64)st.st_atim.tv_nsec);
    CHECK_EQ_U(zl_ld_u(g + 64, 16), 0);        /* __pad1 */
    CHECK_EQ_U(zl_stat_h2g(ZL_RV64, &st, g), 0);
    CHECK_EQ_U(zl_ld_u(g + 48, 8), (u64)st.st_size);
    CHECK_EQ_U(zl_ld_u(g + 16, 4), st.st_mode);
    CHECK_EQ_U(zl_ld_u(g + 88, 8), (u64)st.st_mtim.tv_sec);
    CHECK(zl_stat_h2g(ZL_RV32, &st, g) == -ENOSYS);   /* rv32 has no struct stat call */
    struct stat back;
    CHECK_EQ_U(zl_stat_g2h(ZL_RV64, g, &back), 0);
    CHECK(back.st_ino == st.st_ino && back.st_mtim.tv_nsec == st.st_mtim.tv_nsec);
}

TEST(sysinfo_overflow)
{
    struct zl_sysinfo n = { 0 };
    u8 g[224];
    n.totalram = (u128)1 << 40;
    n.mem_unit = 1;
    CHECK(zl_sysinfo_n2g(ZL_RV32, &n, g) == -EOVERFLOW);
    CHECK_EQ_U(zl_sysinfo_n2g(ZL_RV64, &n, g), 0);
    CHECK_EQ_U(zl_ld_u(g + 32, 8), (u128)1 << 40);
    CHECK_EQ_U(zl_sysinfo_n2g(ZL_RV128, &n, g), 0);
    CHECK_EQ_U(zl_ld_u(g + 64, 16), (u128)1 << 40);
    CHECK_EQ_U(zl_ld_u(g + 208, 4), 1);
}

TEST(utsname_host)
{
    struct utsname u;
    CHECK_EQ_U(uname(&u), 0);
    u8 g[390];
    CHECK_EQ_U(zl_utsname_h2g(ZL_RV128, &u, g), 0);
    CHECK_STR((const char *)g + 4 * 65, u.machine);
    CHECK_STR((const char *)g, u.sysname);
}

TEST(siginfo_variants)
{
    struct zl_siginfo n = { 0 }, m;
    u8 g[128];
    n.si_signo = 11;
    n.si_code = 3;
    n._sifields._sigfault._addr = (u128)1 << 110;
    n._sifields._sigfault._addr_bnd._lower = 0x1000;
    n._sifields._sigfault._addr_bnd._upper = 0x2000;
    CHECK_EQ_U(zl_siginfo_n2g(ZL_RV128, &n, g, ZL_V_siginfo_sigfault_addr_bnd), 0);
    CHECK_EQ_U(zl_ld_u(g + 16, 16), (u128)1 << 110);
    CHECK_EQ_U(zl_ld_u(g + 64, 16), 0x1000);
    CHECK_EQ_U(zl_ld_u(g + 96, 16), 0x2000);
    CHECK_EQ_U(zl_ld_u(g + 112, 16), 0);
    CHECK_EQ_U(zl_siginfo_g2n(ZL_RV128, g, &m, ZL_V_siginfo_sigfault_addr_bnd), 0);
    CHECK(m._sifields._sigfault._addr_bnd._upper == 0x2000 && m.si_signo == 11);
    g[40] = 1;                                   /* _addr's reserved half */
    CHECK(zl_siginfo_g2n(ZL_RV128, g, &m, ZL_V_siginfo_sigfault_addr_bnd) == -EINVAL);
    CHECK(zl_siginfo_g2n(ZL_RV128, g, &m, ZL_V_siginfo__COUNT) == -EINVAL);
    /* rv32: the union starts at 12 */
    struct zl_siginfo k = { 0 };
    k.si_signo = 17;
    k._sifields._sigchld._pid = 42;
    k._sifields._sigchld._status = 9;
    k._sifields._sigchld._stime = 5;
    CHECK_EQ_U(zl_siginfo_n2g(ZL_RV32, &k, g, ZL_V_siginfo_sigchld), 0);
    CHECK_EQ_U(zl_ld_u(g + 12, 4), 42);
    CHECK_EQ_U(zl_ld_u(g + 20, 4), 9);
    CHECK_EQ_U(zl_ld_u(g + 28, 4), 5);
    /* the sigval cookie of an rv128 timer signal keeps 128 bits */
    struct zl_siginfo t = { 0 };
    t._sifields._timer._sigval = ((u128)1 << 127) | 5;
    CHECK_EQ_U(zl_siginfo_n2g(ZL_RV128, &t, g, ZL_V_siginfo_timer), 0);
    CHECK_EQ_U(zl_ld_u(g + 32, 16), ((u128)1 << 127) | 5);
    CHECK(zl_siginfo_n2g(ZL_RV64, &t, g, ZL_V_siginfo_timer) == -EOVERFLOW);
}

TEST(sigaction_and_frame)
{
    u8 g[64];
    memset(g, 0, sizeof g);
    zl_st(g, 16, 0x4000);
    zl_st(g + 48, 8, 0x8000000000000001ull);
    struct zl_sigaction n;
    CHECK_EQ_U(zl_sigaction_g2n(ZL_RV128, g, &n), 0);
    CHECK_EQ_U(n.handler, 0x4000);
    CHECK_EQ_U(n.mask, 0x8000000000000001ull);
    g[20] = 1;
    struct zl_sigaction bad;
    CHECK(zl_sigaction_g2n(ZL_RV128, g, &bad) == -EINVAL);
    /* rv32: {handler 4, flags 4, mask 8 (4-aligned)} */
    n.flags = 0x10000000;
    CHECK_EQ_U(zl_sigaction_n2g(ZL_RV32, &n, g), 0);
    CHECK_EQ_U(zl_ld_u(g + 8, 8), 0x8000000000000001ull);
    CHECK_EQ_U(zl_sizeof(ZL_RV32, ZL_T_sigaction), 16);
    /* a signal frame: registers at the documented places */
    static struct zl_rt_sigframe f;
    static u8 fr[1408];
    memset(&f, 0, sizeof f);
    f.uc.uc_mcontext.sc_regs.pc = 0x10074;
    f.uc.uc_mcontext.sc_regs.t6 = 31;
    f.uc.uc_mcontext.sc_fpregs.d.fcsr = 0x60;
    unsigned v = ZL_V_rt_sigframe_kill_d;
    CHECK_EQ_U(zl_rt_sigframe_n2g(ZL_RV128, &f, fr, v), 0);
    CHECK_EQ_U(zl_ld_u(fr + 368, 16), 0x10074);
    CHECK_EQ_U(zl_ld_u(fr + 864, 16), 31);
    CHECK_EQ_U(zl_ld_u(fr + 1136, 4), 0x60);
    CHECK_EQ_U(zl_sizeof(ZL_RV64, ZL_T_rt_sigframe), 1088);
}

TEST(epoll_cookie)
{
    struct zl_epoll_event n = { 0 }, m;
    u8 g[48];
    n.events = 1;
    n.data = ((u128)1 << 100) | 7;
    CHECK_EQ_U(zl_epoll_event_n2g(ZL_RV128, &n, g), 0);
    CHECK_EQ_U(zl_ld_u(g + 16, 16), n.data);
    CHECK_EQ_U(zl_epoll_event_g2n(ZL_RV128, g, &m), 0);
    CHECK(m.data == n.data);
    CHECK(zl_epoll_event_n2g(ZL_RV64, &n, g) == -EOVERFLOW);
    n.data = 0x1122334455667788ull;
    CHECK_EQ_U(zl_epoll_event_n2g(ZL_RV32, &n, g), 0);
    CHECK_EQ_U(zl_ld_u(g + 8, 8), 0x1122334455667788ull);
}

/* Guest memory for the strace tests: one buffer at guest address 0x10000. */
static u8 mem[4096];
#define BASE 0x10000u

static bool peek(void *ctx, u128 addr, void *dst, size_t n)
{
    (void)ctx;
    if (addr < BASE || addr - BASE + n > sizeof mem)
        return false;
    memcpy(dst, mem + (size_t)(addr - BASE), n);
    return true;
}

TEST(strace)
{
    char out[512];
    i128 a[6] = { 0 };
    memcpy(mem, "hi\n", 3);
    const struct zl_sys_entry *e = zl_sys_lookup(ZL_RV64, 64);
    a[0] = 1;
    a[1] = BASE;
    a[2] = 3;
    i128 r = 3;
    zl_strace_format(out, sizeof out, ZL_RV64, e, a, &r, peek, NULL);
    CHECK_STR(out, "write(1, \"hi\\n\", 3) = 3");
    strcpy((char *)mem + 100, "/etc/passwd");
    e = zl_sys_lookup(ZL_RV128, 56);
    a[0] = -100;
    a[1] = BASE + 100;
    a[2] = 02000000;
    a[3] = 0;
    r = -2;
    zl_strace_format(out, sizeof out, ZL_RV128, e, a, &r, peek, NULL);
    CHECK_STR(out, "openat(AT_FDCWD, \"/etc/passwd\", O_RDONLY|O_CLOEXEC) = -1 ENOENT "
                   "(No such file or directory)");
    a[2] = 0101;                        /* O_CREAT: the mode is shown */
    a[3] = 0644;
    zl_strace_format(out, sizeof out, ZL_RV128, e, a, &r, peek, NULL);
    CHECK_STR(out, "openat(AT_FDCWD, \"/etc/passwd\", O_WRONLY|O_CREAT, 0644) = -1 ENOENT "
                   "(No such file or directory)");
    e = zl_sys_lookup(ZL_RV128, 222);
    a[0] = 0;
    a[1] = 8192;
    a[2] = 3;
    a[3] = 0x22;
    a[4] = -1;
    a[5] = 0;
    r = (i128)((u128)3 << 114);
    zl_strace_format(out, sizeof out, ZL_RV128, e, a, &r, peek, NULL);
    CHECK_STR(out, "mmap(NULL, 8192, PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS, -1, 0) = "
                   "0xc0000000000000000000000000000");
    /* an output structure is shown after the call; rv32 clock_gettime64 */
    e = zl_sys_lookup(ZL_RV32, 403);
    zl_st(mem + 200, 8, 1700000000);
    zl_st(mem + 208, 8, 5);
    a[0] = 1;
    a[1] = BASE + 200;
    r = 0;
    zl_strace_format(out, sizeof out, ZL_RV32, e, a, &r, peek, NULL);
    CHECK_STR(out, "clock_gettime64(CLOCK_MONOTONIC, {tv_sec=1700000000, tv_nsec=5}) = 0");
    zl_strace_format(out, sizeof out, ZL_RV32, e, a, NULL, peek, NULL);
    CHECK_STR(out, "clock_gettime64(CLOCK_MONOTONIC, 0x100c8)");
    /* truncation keeps the string terminated and reports the needed length */
    size_t need = zl_strace_format(out, 8, ZL_RV32, e, a, &r, peek, NULL);
    CHECK(need > 8 && strlen(out) == 7);
    /* fstat's structure: st_mode by type, set-id bits and octal permissions; padding
     * members left out */
    e = zl_sys_lookup(ZL_RV64, 80);
    memset(mem + 300, 0, 128);
    zl_st(mem + 300 + 16, 4, 0104755);
    a[0] = 3;
    a[1] = BASE + 300;
    r = 0;
    zl_strace_format(out, sizeof out, ZL_RV64, e, a, &r, peek, NULL);
    CHECK(strstr(out, "st_mode=S_IFREG|S_ISUID|0755, ") != NULL);
    CHECK(strstr(out, "__pad") == NULL && strstr(out, "__unused") == NULL);
    zl_st(mem + 300 + 16, 4, 0644);
    zl_strace_format(out, sizeof out, ZL_RV64, e, a, &r, peek, NULL);
    CHECK(strstr(out, "st_mode=0644, ") != NULL);
}

int main(void)
{
    RUN(lookup);
    RUN(decode);
    RUN(timespec);
    RUN(iovec_slots);
    RUN(stat_from_host);
    RUN(sysinfo_overflow);
    RUN(utsname_host);
    RUN(siginfo_variants);
    RUN(sigaction_and_frame);
    RUN(epoll_cookie);
    RUN(strace);
    return check_done();
}
