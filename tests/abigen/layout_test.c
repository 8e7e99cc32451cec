/* abigen: the layouts and tables computed from abi/ against the values docs/abi.md fixes
 * (rv128 golden values, with the rv64 column), the __ptr_t rule for every pointer member,
 * and the asm-generic numbering rules of each personality. */
#include <stdlib.h>
#include <string.h>

#include "abigen/abigen.h"
#include "lib/check.h"

static struct ag_spec spec;
static int load_errors = -1;

static const struct ag_type *T(const char *name)
{
    const struct ag_type *t = ag_find_type(&spec, name);
    if (!t) {
        fprintf(stderr, "no type %s\n", name);
        exit(1);
    }
    return t;
}

static u32 off(const char *type, const char *path, int pers)
{
    u32 o = 0;
    const struct ag_field *f = ag_find_field(T(type), path, pers, &o);
    if (!f) {
        fprintf(stderr, "no member %s.%s on %s\n", type, path, ag_pers_name[pers]);
        return 0xffffffffu;
    }
    return o;
}

#define SIZE(t, p) (T(t)->size[p])
#define R128 AG_RV128
#define R64 AG_RV64
#define R32 AG_RV32

/* offsets of a member: rv128, rv64 */
#define OFF2(t, path, o128, o64)                  \
    do {                                          \
        CHECK_EQ_U(off(t, path, R128), o128);     \
        CHECK_EQ_U(off(t, path, R64), o64);       \
    } while (0)

TEST(spec_loads)
{
    CHECK_EQ_U(load_errors, 0);
    CHECK(spec.nsys > 300);
    CHECK(spec.nhandlers > 250);
}

TEST(iovec_msghdr)       /* abi.md 7.2 */
{
    CHECK_EQ_U(SIZE("iovec", R128), 48);
    CHECK_EQ_U(SIZE("iovec", R64), 16);
    CHECK_EQ_U(SIZE("iovec", R32), 8);
    OFF2("iovec", "iov_len", 32, 8);
    CHECK_EQ_U(SIZE("msghdr", R128), 160);
    CHECK_EQ_U(SIZE("msghdr", R64), 56);
    OFF2("msghdr", "msg_namelen", 32, 8);
    OFF2("msghdr", "msg_iov", 48, 16);
    OFF2("msghdr", "msg_iovlen", 80, 24);
    OFF2("msghdr", "msg_control", 96, 32);
    OFF2("msghdr", "msg_controllen", 128, 40);
    OFF2("msghdr", "msg_flags", 144, 48);
    CHECK_EQ_U(SIZE("mmsghdr", R128), 176);
    OFF2("mmsghdr", "msg_len", 160, 56);
    CHECK_EQ_U(SIZE("cmsghdr", R128), 32);
    CHECK_EQ_U(SIZE("cmsghdr", R64), 16);
    OFF2("cmsghdr", "cmsg_level", 16, 8);
    OFF2("cmsghdr", "cmsg_type", 20, 12);
}

TEST(sigaction_stack)
{
    CHECK_EQ_U(SIZE("sigaction", R128), 64);
    CHECK_EQ_U(SIZE("sigaction", R64), 24);
    CHECK_EQ_U(SIZE("sigaction", R32), 16);
    OFF2("sigaction", "flags", 32, 8);
    OFF2("sigaction", "mask", 48, 16);
    CHECK_EQ_U(SIZE("stack_t", R128), 64);
    OFF2("stack_t", "ss_flags", 32, 8);
    OFF2("stack_t", "ss_size", 48, 16);
    CHECK_EQ_U(SIZE("stack_t", R32), 12);
}

TEST(clone_args)
{
    CHECK_EQ_U(SIZE("clone_args", R128), 256);
    CHECK_EQ_U(SIZE("clone_args", R64), 88);
    CHECK_EQ_U(SIZE("clone_args", R32), 88);
    OFF2("clone_args", "pidfd", 16, 8);
    OFF2("clone_args", "child_tid", 48, 16);
    OFF2("clone_args", "parent_tid", 80, 24);
    OFF2("clone_args", "exit_signal", 112, 32);
    OFF2("clone_args", "stack", 128, 40);
    OFF2("clone_args", "stack_size", 160, 48);
    OFF2("clone_args", "tls", 176, 56);
    OFF2("clone_args", "set_tid", 208, 64);
    OFF2("clone_args", "set_tid_size", 240, 72);
    OFF2("clone_args", "cgroup", 248, 80);
}

TEST(stat_flock)
{
    CHECK_EQ_U(SIZE("stat", R128), 240);
    CHECK_EQ_U(SIZE("stat", R64), 128);
    CHECK(!(T("stat")->pers & AG_BIT(R32)));
    OFF2("stat", "st_ino", 16, 8);
    OFF2("stat", "st_mode", 32, 16);
    OFF2("stat", "st_nlink", 36, 20);
    OFF2("stat", "st_uid", 40, 24);
    OFF2("stat", "st_gid", 44, 28);
    OFF2("stat", "st_rdev", 48, 32);
    OFF2("stat", "__pad1", 64, 40);
    OFF2("stat", "st_size", 80, 48);
    OFF2("stat", "st_blksize", 96, 56);
    OFF2("stat", "__pad2", 100, 60);
    OFF2("stat", "st_blocks", 112, 64);
    OFF2("stat", "st_atime_sec", 128, 72);
    OFF2("stat", "st_atime_nsec", 144, 80);
    OFF2("stat", "st_mtime_sec", 160, 88);
    OFF2("stat", "st_mtime_nsec", 176, 96);
    OFF2("stat", "st_ctime_sec", 192, 104);
    OFF2("stat", "st_ctime_nsec", 208, 112);
    OFF2("stat", "__unused4", 224, 120);
    OFF2("stat", "__unused5", 228, 124);
    CHECK_EQ_U(SIZE("flock", R128), 64);
    CHECK_EQ_U(SIZE("flock", R64), 32);
    CHECK_EQ_U(SIZE("flock", R32), 16);
    OFF2("flock", "l_whence", 2, 2);
    OFF2("flock", "l_start", 16, 8);
    OFF2("flock", "l_len", 32, 16);
    OFF2("flock", "l_pid", 48, 24);
    CHECK_EQ_U(SIZE("flock64", R32), 32);
}

TEST(time_structs)
{
    CHECK_EQ_U(SIZE("timespec", R128), 32);
    CHECK_EQ_U(SIZE("timespec", R64), 16);
    CHECK_EQ_U(SIZE("timespec", R32), 16);     /* time64 on rv32 */
    OFF2("timespec", "tv_nsec", 16, 8);
    CHECK_EQ_U(SIZE("timeval", R128), 32);
    CHECK_EQ_U(SIZE("timeval", R32), 8);       /* old long-based timeval */
    OFF2("timeval", "tv_usec", 16, 8);
    CHECK_EQ_U(SIZE("itimerspec", R128), 64);
    CHECK_EQ_U(SIZE("itimerval", R128), 64);
    CHECK_EQ_U(SIZE("tms", R128), 64);
    CHECK_EQ_U(SIZE("tms", R64), 32);
    CHECK_EQ_U(SIZE("timex", R128), 368);
    CHECK_EQ_U(SIZE("timex", R64), 208);
    CHECK_EQ_U(SIZE("timex", R32), 208);
    OFF2("timex", "time", 144, 72);
    OFF2("timex", "tai", 320, 160);
}

TEST(sigevent_epoll_robust_pselect)
{
    CHECK_EQ_U(SIZE("sigevent", R128), 128);
    CHECK_EQ_U(SIZE("sigevent", R64), 64);
    CHECK_EQ_U(SIZE("sigevent", R32), 64);
    OFF2("sigevent", "sigev_signo", 32, 8);
    OFF2("sigevent", "sigev_notify", 36, 12);
    OFF2("sigevent", "_sigev_un._tid", 48, 16);
    OFF2("sigevent", "_sigev_un._sigev_thread._function", 48, 16);
    OFF2("sigevent", "_sigev_un._sigev_thread._attribute", 80, 24);
    CHECK_EQ_U(SIZE("epoll_event", R128), 48);
    CHECK_EQ_U(SIZE("epoll_event", R64), 16);
    OFF2("epoll_event", "data", 16, 8);
    CHECK_EQ_U(SIZE("robust_list_head", R128), 80);
    CHECK_EQ_U(SIZE("robust_list_head", R64), 24);
    CHECK_EQ_U(SIZE("robust_list_head", R32), 12);
    OFF2("robust_list_head", "futex_offset", 32, 8);
    OFF2("robust_list_head", "list_op_pending", 48, 16);
    CHECK_EQ_U(SIZE("robust_list", R128), 32);
    CHECK_EQ_U(SIZE("pselect6_sig", R128), 48);
    OFF2("pselect6_sig", "ss_len", 32, 8);
}

TEST(other_sizes)        /* abi.md 7.3 */
{
    CHECK_EQ_U(SIZE("rlimit", R128), 32);
    CHECK_EQ_U(SIZE("rlimit", R64), 16);
    CHECK_EQ_U(SIZE("rlimit64", R128), 16);
    CHECK_EQ_U(SIZE("statfs", R128), 240);
    CHECK_EQ_U(SIZE("statfs", R64), 120);
    OFF2("statfs", "f_fsid", 112, 56);
    OFF2("statfs", "f_namelen", 128, 64);
    OFF2("statfs", "f_frsize", 144, 72);
    OFF2("statfs", "f_flags", 160, 80);
    OFF2("statfs", "f_spare", 176, 88);
    CHECK_EQ_U(SIZE("statfs64", R32), 88);
    CHECK_EQ_U(SIZE("rusage", R128), 288);
    CHECK_EQ_U(SIZE("rusage", R64), 144);
    CHECK_EQ_U(SIZE("rusage", R32), 72);
    OFF2("rusage", "ru_maxrss", 64, 32);
    CHECK_EQ_U(SIZE("sysinfo", R128), 224);
    CHECK_EQ_U(SIZE("sysinfo", R64), 112);
    CHECK_EQ_U(SIZE("sysinfo", R32), 64);
    OFF2("sysinfo", "loads", 16, 8);
    OFF2("sysinfo", "totalram", 64, 32);
    OFF2("sysinfo", "procs", 160, 80);
    OFF2("sysinfo", "totalhigh", 176, 88);
    OFF2("sysinfo", "freehigh", 192, 96);
    OFF2("sysinfo", "mem_unit", 208, 104);
    CHECK_EQ_U(SIZE("statx", R128), 256);
    CHECK(T("statx")->fixed);
    CHECK(T("termios")->fixed);
    CHECK(T("pollfd")->fixed);
    CHECK(T("utsname")->fixed);
    CHECK(!T("iovec")->fixed);
    CHECK_EQ_U(SIZE("utsname", R128), 390);
}

TEST(siginfo)            /* abi.md 11.1 */
{
    for (int p = 0; p < AG_NPERS; p++)
        CHECK_EQ_U(SIZE("siginfo", p), 128);
    CHECK_EQ_U(off("siginfo", "_sifields", R32), 12);
    OFF2("siginfo", "_sifields", 16, 16);
    OFF2("siginfo", "_sifields._kill._pid", 16, 16);
    OFF2("siginfo", "_sifields._kill._uid", 20, 20);
    OFF2("siginfo", "_sifields._timer._overrun", 20, 20);
    OFF2("siginfo", "_sifields._sigchld._status", 24, 24);
    OFF2("siginfo", "_sifields._rt._sigval", 32, 24);
    OFF2("siginfo", "_sifields._sigpoll._fd", 32, 24);
    OFF2("siginfo", "_sifields._sigchld._utime", 32, 32);
    OFF2("siginfo", "_sifields._sigchld._stime", 48, 40);
    OFF2("siginfo", "_sifields._sigfault._addr_lsb", 48, 24);
    OFF2("siginfo", "_sifields._sigsys._syscall", 48, 24);
    OFF2("siginfo", "_sifields._sigsys._arch", 52, 28);
    OFF2("siginfo", "_sifields._sigfault._addr_bnd._lower", 64, 32);
    OFF2("siginfo", "_sifields._sigfault._addr_bnd._upper", 96, 40);
    OFF2("siginfo", "_sifields._sigfault._addr_pkey._pkey", 64, 32);
    OFF2("siginfo", "_sifields._timer._sys_private", 64, 32);
    /* _perf has no pad in Linux (kernel/signal.c asserts si_perf_data at 0x18 on 64-bit,
     * and the riscv64 headers agree): rv128 derives 48/64/68 by abi.md 7.1, where the
     * table of abi.md 11.1 says 64/80/84 (and 32/40/44 for rv64) -- reported. */
    OFF2("siginfo", "_sifields._sigfault._perf._data", 48, 24);
    OFF2("siginfo", "_sifields._sigfault._perf._type", 64, 32);
    OFF2("siginfo", "_sifields._sigfault._perf._flags", 68, 36);
    CHECK_EQ_U(T("siginfo")->nvariants, 11);
    char nm[128];
    ag_variant_name(T("siginfo"), 6, nm, sizeof nm);
    CHECK_STR(nm, "sigfault_addr_bnd");
}

TEST(signal_frame)       /* abi.md 11.3, offsets from the frame base F */
{
    CHECK_EQ_U(SIZE("ucontext", R128), 1280);
    CHECK_EQ_U(SIZE("ucontext", R64), 960);
    CHECK_EQ_U(SIZE("rt_sigframe", R128), 1408);
    CHECK_EQ_U(SIZE("rt_sigframe", R64), 1088);
    CHECK_EQ_U(SIZE("rt_sigframe", R32), 944);     /* rv32 AT_MINSIGSTKSZ (abi.md 9.2) */
    OFF2("rt_sigframe", "uc", 128, 128);
    OFF2("rt_sigframe", "uc.uc_link", 144, 136);
    OFF2("rt_sigframe", "uc.uc_stack.ss_sp", 176, 144);
    OFF2("rt_sigframe", "uc.uc_stack.ss_flags", 208, 152);
    OFF2("rt_sigframe", "uc.uc_stack.ss_size", 224, 160);
    OFF2("rt_sigframe", "uc.uc_sigmask", 240, 168);
    OFF2("rt_sigframe", "uc.uc_mcontext.sc_regs.pc", 368, 304);
    OFF2("rt_sigframe", "uc.uc_mcontext.sc_regs.ra", 368 + 16, 304 + 8);
    OFF2("rt_sigframe", "uc.uc_mcontext.sc_regs.t6", 864, 552);
    OFF2("rt_sigframe", "uc.uc_mcontext.sc_fpregs.d.f", 880, 560);
    OFF2("rt_sigframe", "uc.uc_mcontext.sc_fpregs.d.fcsr", 1136, 816);
    OFF2("rt_sigframe", "uc.uc_mcontext.sc_fpregs.q.reserved", 1396, 1076);
    CHECK_EQ_U(off("ucontext", "uc_mcontext", R128), 240);
    CHECK_EQ_U(off("sigcontext", "sc_fpregs", R128), 512);
    CHECK_EQ_U(off("sigcontext", "sc_fpregs", R64), 256);
}

/* Every pointer member of every structure is a 32-byte, 16-aligned __ptr_t on rv128 and a
 * plain pointer (ptr) or u64 (uptr64) on rv64/rv32. */
struct ptrcheck {
    int bad, seen;
    char why[256];
};

static void ptr_leaf(void *ctx, const struct ag_type *top, const char *path,
                     const struct ag_field *f, u32 o)
{
    struct ptrcheck *pc = ctx;
    const struct ag_type *b = ag_base(f->type);
    (void)o;
    if (!ag_is_pointer(b))
        return;
    pc->seen++;
    u32 want64 = 8, want32 = b->tclass == AG_PTR ? 4 : 8;     /* uptr64 is a __u64 */
    if (b->size[AG_RV128] != 32 || b->align[AG_RV128] != 16 || b->size[AG_RV64] != want64 ||
        b->size[AG_RV32] != want32) {
        pc->bad++;
        snprintf(pc->why, sizeof pc->why, "%s.%s", top->name, path);
    }
    /* the member's offset must keep the slot 16-aligned */
    if ((top->pers & AG_BIT(AG_RV128)) && (f->pers & AG_BIT(AG_RV128)) && o % 16) {
        pc->bad++;
        snprintf(pc->why, sizeof pc->why, "%s.%s at %u", top->name, path, o);
    }
}

TEST(every_pointer_is_a_slot)
{
    struct ptrcheck pc = { 0, 0, "" };
    for (int i = 0; i < spec.ntypes; i++) {
        const struct ag_type *t = spec.types[i];
        if (t->is_alias || ag_is_scalar(t) || !(t->pers & AG_BIT(AG_RV128)))
            continue;
        ag_walk_leaves(t, AG_RV128, ptr_leaf, &pc);
    }
    if (pc.bad)
        check_fail(__FILE__, __LINE__, pc.why);
    CHECK(pc.seen > 40);
    /* arguments and results of pointer kind are one register, never a slot */
    const struct ag_sys *rd = ag_find_sys(&spec, "read", AG_RV128);
    CHECK(rd && rd->nregs[AG_RV128] == 3);
}

static bool has_nr(int pers, int nr)
{
    for (int i = 0; i < spec.nsys; i++)
        if (spec.sys[i].nr == nr && (spec.sys[i].pers & AG_BIT(pers)))
            return true;
    return false;
}

static const char *name_of(int pers, int nr)
{
    for (int i = 0; i < spec.nsys; i++)
        if (spec.sys[i].nr == nr && (spec.sys[i].pers & AG_BIT(pers)))
            return spec.sys[i].name;
    return "";
}

/* Does type t contain a member of scalar type `name` (alias names count)? */
static bool contains(const struct ag_type *t, const char *name)
{
    t = ag_base((struct ag_type *)t);
    if (ag_is_scalar(t))
        return false;
    for (int i = 0; i < t->nfields; i++) {
        if (!strcmp(t->fields[i].type->name, name) || contains(t->fields[i].type, name))
            return true;
    }
    return false;
}

TEST(rv32_time64_rules)  /* asm-generic numbering for a 32-bit time64 architecture */
{
    static const int time32[] = { 4, 72, 73, 86, 87, 88, 98, 101, 108, 110, 112, 113, 114, 115,
                                  127, 137, 169, 170, 171, 182, 183, 192, 243, 260, 266, 292 };
    for (size_t i = 0; i < sizeof time32 / sizeof time32[0]; i++) {
        CHECK(!has_nr(R32, time32[i]));
        CHECK(has_nr(R64, time32[i]));
    }
    for (int nr = 403; nr <= 423; nr++)
        CHECK(has_nr(R32, nr) == (nr != 415));
    /* no stat family, no getrlimit/setrlimit, no renameat (38) anywhere */
    static const int absent32[] = { 79, 80, 163, 164 };
    for (size_t i = 0; i < 4; i++)
        CHECK(!has_nr(R32, absent32[i]));
    CHECK(!has_nr(R32, 38) && !has_nr(R64, 38) && !has_nr(R128, 38));
    static const struct { int nr; const char *n32, *n64; } pairs[] = {
        { 25, "fcntl64", "fcntl" }, { 43, "statfs64", "statfs" },
        { 44, "fstatfs64", "fstatfs" }, { 45, "truncate64", "truncate" },
        { 46, "ftruncate64", "ftruncate" }, { 62, "llseek", "lseek" },
        { 71, "sendfile64", "sendfile" }, { 222, "mmap2", "mmap" },
        { 223, "fadvise64_64", "fadvise64" },
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        CHECK_STR(name_of(R32, pairs[i].nr), pairs[i].n32);
        CHECK_STR(name_of(R64, pairs[i].nr), pairs[i].n64);
        CHECK_STR(name_of(R128, pairs[i].nr), pairs[i].n64);
    }
    /* a time64 twin shares its rv64 namesake's handler */
    const struct ag_sys *a = ag_find_sys(&spec, "clock_gettime64", R32);
    const struct ag_sys *b = ag_find_sys(&spec, "clock_gettime", R64);
    CHECK(a && b && a->handler_id == b->handler_id);
    /* only the calls without a time64 twin still take a long-based time on rv32 */
    for (int i = 0; i < spec.nsys; i++) {
        const struct ag_sys *sc = &spec.sys[i];
        if (!(sc->pers & AG_BIT(R32)))
            continue;
        bool old_time = false;
        for (int k = 0; k < sc->nargs; k++)
            if (sc->args[k].obj && contains(sc->args[k].obj, "otime"))
                old_time = true;
        bool allowed = !strcmp(sc->name, "getitimer") || !strcmp(sc->name, "setitimer") ||
                       !strcmp(sc->name, "getrusage") || !strcmp(sc->name, "waitid");
        if (old_time != allowed)
            check_fail(__FILE__, __LINE__, sc->name);
    }
}

TEST(rv128_numbering)    /* abi.md 4 and 7.4 */
{
    for (int nr = 0; nr < 1024; nr++) {
        CHECK(has_nr(R128, nr) == has_nr(R64, nr));
        if (has_nr(R64, nr))
            CHECK_STR(name_of(R128, nr), name_of(R64, nr));
    }
    CHECK(!ag_find_sys(&spec, "llseek", R128));
    CHECK(ag_find_sys(&spec, "lseek", R128));
    static const char *const enosys[] = { "io_setup", "io_destroy", "io_submit", "io_cancel",
                                          "io_getevents", "io_pgetevents", "perf_event_open",
                                          "bpf", "rseq", "io_uring_setup", "io_uring_enter",
                                          "io_uring_register", "futex_waitv" };
    for (size_t i = 0; i < sizeof enosys / sizeof enosys[0]; i++) {
        const struct ag_sys *sc = ag_find_sys(&spec, enosys[i], R128);
        CHECK(sc && (sc->enosys & AG_BIT(R128)) && !(sc->enosys & AG_BIT(R64)));
    }
    const struct ag_sys *rh = ag_find_sys(&spec, "riscv_hwprobe", R128);
    CHECK(rh && rh->nr == 258 && !rh->enosys);
    const struct ag_sys *fi = ag_find_sys(&spec, "riscv_flush_icache", R32);
    CHECK(fi && fi->nr == 259);
}

TEST(registers)
{
    const struct ag_sys *sc = ag_find_sys(&spec, "pread64", R32);
    CHECK(sc && sc->reg[R32][3] == 3 && sc->nregs[R32] == 5);
    sc = ag_find_sys(&spec, "pread64", R64);
    CHECK(sc && sc->reg[R64][3] == 3 && sc->nregs[R64] == 4);
    sc = ag_find_sys(&spec, "fallocate", R32);
    CHECK(sc && sc->nregs[R32] == 6 && sc->reg[R32][3] == 4);
    sc = ag_find_sys(&spec, "preadv2", R128);
    CHECK(sc && sc->nregs[R128] == 6 && sc->reg[R128][4] == 5);
    sc = ag_find_sys(&spec, "fanotify_mark", R32);
    CHECK(sc && sc->nregs[R32] == 6);
    sc = ag_find_sys(&spec, "clone", R64);      /* riscv order: tls in a3, child_tid in a4 */
    CHECK(sc && !strcmp(sc->args[3].name, "tls") && !strcmp(sc->args[4].name, "child_tid"));
    for (int i = 0; i < spec.nsys; i++)
        for (int p = 0; p < AG_NPERS; p++)
            if (spec.sys[i].pers & AG_BIT(p))
                CHECK(spec.sys[i].nregs[p] <= 6);
}

int main(void)
{
    const char *root = getenv("ZL_ROOT");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/abi", root ? root : ".");
    load_errors = ag_load(&spec, dir);
    RUN(spec_loads);
    if (load_errors) {
        ag_free_all();
        return check_done();
    }
    RUN(iovec_msghdr);
    RUN(sigaction_stack);
    RUN(clone_args);
    RUN(stat_flock);
    RUN(time_structs);
    RUN(sigevent_epoll_robust_pselect);
    RUN(other_sizes);
    RUN(siginfo);
    RUN(signal_frame);
    RUN(every_pointer_is_a_slot);
    RUN(rv32_time64_rules);
    RUN(rv128_numbering);
    RUN(registers);
    ag_free_all();
    return check_done();
}
