/* sendfile, waitid, rt_sigsuspend, rt_sigtimedwait, rt_sigqueueinfo, clock_nanosleep, the
 * rlimit calls, getrusage, sysinfo, prctl, the id and session calls, sendmmsg/recvmmsg,
 * POSIX timers:
 * output compared with qemu-riscv64. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t got;
static void on_usr1(int sig) { got = sig; }

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "/tmp";
    char path[256];
    snprintf(path, sizeof path, "%s/sendfile.txt", dir);

    /* sendfile: with an offset (the file position stays), without (it moves), to a pipe */
    int in = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
    write(in, "0123456789abcdefghij", 20);
    int pfd[2];
    pipe(pfd);
    off_t off = 5;
    ssize_t n = sendfile(pfd[1], in, &off, 6);
    char buf[64] = { 0 };
    read(pfd[0], buf, sizeof buf - 1);
    printf("sendfile offset: %zd '%s' off=%lld pos=%lld\n", n, buf, (long long)off,
           (long long)lseek(in, 0, SEEK_CUR));
    lseek(in, 12, SEEK_SET);
    n = sendfile(pfd[1], in, NULL, 100);
    memset(buf, 0, sizeof buf);
    read(pfd[0], buf, sizeof buf - 1);
    printf("sendfile current: %zd '%s' pos=%lld\n", n, buf, (long long)lseek(in, 0, SEEK_CUR));
    off = -1;
    n = sendfile(pfd[1], in, &off, 1);
    printf("sendfile negative offset: %zd %s\n", n, strerror(errno));
    n = sendfile(pfd[1], 999, NULL, 1);
    printf("sendfile bad fd: %zd %s\n", n, strerror(errno));
    close(in);
    unlink(path);

    /* waitid */
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) _exit(42);
    siginfo_t si;
    memset(&si, 0xff, sizeof si);
    int r = waitid(P_PID, pid, &si, WEXITED);
    printf("waitid: %d signo=%d code=%d pid ok=%d status=%d\n", r, si.si_signo, si.si_code,
           si.si_pid == pid, si.si_status);
    pid = fork();
    if (pid == 0) { pause(); _exit(0); }
    memset(&si, 0, sizeof si);
    r = waitid(P_PID, pid, &si, WEXITED | WNOHANG);
    printf("waitid nohang: %d pid=%d\n", r, si.si_pid);
    kill(pid, SIGKILL);
    r = waitid(P_ALL, 0, &si, WEXITED);
    printf("waitid killed: %d code=%d status=%d\n", r, si.si_code, si.si_status);
    r = waitid(P_ALL, 0, &si, WEXITED);
    printf("waitid none: %d %s\n", r, strerror(errno));

    /* rt_sigtimedwait: a blocked signal sent to ourselves; a timeout */
    sigset_t set, old;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR2);
    sigprocmask(SIG_BLOCK, &set, &old);
    kill(getpid(), SIGUSR2);
    struct timespec zero = { 0, 0 }, ms = { 0, 20000000 };
    memset(&si, 0, sizeof si);
    r = sigtimedwait(&set, &si, &zero);
    printf("sigtimedwait: %d signo=%d code=%d pid ok=%d\n", r, si.si_signo, si.si_code,
           si.si_pid == getpid());
    r = sigtimedwait(&set, &si, &ms);
    printf("sigtimedwait timeout: %d %s\n", r, strerror(errno));
    union sigval sv = { .sival_int = 77 };
    sigqueue(getpid(), SIGUSR2, sv);
    r = sigwaitinfo(&set, &si);
    printf("sigwaitinfo queued: %d code=%d value=%d\n", r, si.si_code, si.si_value.sival_int);

    /* rt_sigsuspend: the handler runs, the mask comes back */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_usr1;
    sigaction(SIGUSR1, &sa, NULL);
    sigaddset(&set, SIGUSR1);
    sigprocmask(SIG_BLOCK, &set, NULL);
    kill(getpid(), SIGUSR1);
    sigset_t wait;
    sigfillset(&wait);
    sigdelset(&wait, SIGUSR1);
    r = sigsuspend(&wait);
    sigset_t now;
    sigprocmask(SIG_SETMASK, NULL, &now);
    printf("sigsuspend: %d %s got=%d usr1 blocked again=%d\n", r, strerror(errno), got,
           sigismember(&now, SIGUSR1));
    sigprocmask(SIG_SETMASK, &old, NULL);

    /* clock_nanosleep */
    struct timespec t0, t1, req = { 0, 30000000 };
    clock_gettime(CLOCK_MONOTONIC, &t0);
    r = clock_nanosleep(CLOCK_MONOTONIC, 0, &req, NULL);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    long ms_slept = (t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000;
    printf("clock_nanosleep relative: %d slept>=30ms %d\n", r, ms_slept >= 30);
    struct timespec until = t1;
    until.tv_nsec += 20000000;
    if (until.tv_nsec >= 1000000000) { until.tv_sec++; until.tv_nsec -= 1000000000; }
    r = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, NULL);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    printf("clock_nanosleep absolute: %d reached %d\n", r,
           t0.tv_sec > until.tv_sec || (t0.tv_sec == until.tv_sec && t0.tv_nsec >= until.tv_nsec));
    r = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t1, NULL);
    printf("clock_nanosleep past: %d\n", r);
    req.tv_nsec = 1000000000;
    printf("clock_nanosleep bad nsec: %d\n", clock_nanosleep(CLOCK_MONOTONIC, 0, &req, NULL));
    printf("clock_nanosleep bad clock: %d\n", clock_nanosleep(12345, 0, &req, NULL));

    /* rlimits */
    struct rlimit rl, rl2;
    getrlimit(RLIMIT_NOFILE, &rl);
    rl2 = rl;
    rl2.rlim_cur = rl.rlim_cur > 100 ? 100 : rl.rlim_cur;
    r = setrlimit(RLIMIT_NOFILE, &rl2);
    struct rlimit got_rl;
    prlimit(0, RLIMIT_NOFILE, NULL, &got_rl);
    printf("rlimit: set %d now %llu max same %d\n", r, (unsigned long long)got_rl.rlim_cur,
           got_rl.rlim_max == rl.rlim_max);
    setrlimit(RLIMIT_NOFILE, &rl);
    rl2.rlim_cur = rl.rlim_max + (rl.rlim_max != RLIM_INFINITY);
    rl2.rlim_max = rl.rlim_max;
    if (rl.rlim_max != RLIM_INFINITY) {
        r = setrlimit(RLIMIT_NOFILE, &rl2);
        printf("rlimit cur above max: %d %s\n", r, strerror(errno));
    } else {
        printf("rlimit cur above max: -1 Invalid argument\n");
    }
    printf("rlimit bad resource: %d\n", getrlimit(99, &rl));

    /* getrusage, sysinfo */
    struct rusage ru;
    r = getrusage(RUSAGE_SELF, &ru);
    printf("getrusage: %d maxrss>0 %d\n", r, ru.ru_maxrss > 0);
    r = getrusage(RUSAGE_CHILDREN, &ru);
    printf("getrusage children: %d\n", r);
    printf("getrusage bad: %d %s\n", getrusage(7, &ru), strerror(errno));
    struct sysinfo inf;
    r = sysinfo(&inf);
    printf("sysinfo: %d ram>0 %d unit %u procs>0 %d\n", r, inf.totalram > 0, inf.mem_unit,
           inf.procs > 0);

    /* prctl */
    char name[32] = { 0 };
    r = prctl(PR_SET_NAME, "zl-test-name-that-is-long");
    prctl(PR_GET_NAME, name);
    printf("prctl name: %d '%s'\n", r, name);
    int d = -1;
    r = prctl(PR_SET_PDEATHSIG, SIGUSR2);
    prctl(PR_GET_PDEATHSIG, &d);
    printf("prctl pdeathsig: %d %d\n", r, d);
    printf("prctl dumpable: %d\n", prctl(PR_GET_DUMPABLE));
    r = prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
    printf("prctl no_new_privs: %d %d\n", r, prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0));
    printf("prctl unknown: %d %s\n", prctl(0x7fff0000, 0, 0, 0, 0), strerror(errno));

    /* ids, groups, sessions, priorities */
    uid_t rus, eu, su;
    gid_t rg, eg, sg;
    r = getresuid(&rus, &eu, &su);
    int r2 = getresgid(&rg, &eg, &sg);
    printf("getresuid: %d %d same %d, getresgid: %d same %d\n", r, rus == getuid(), eu == geteuid(),
           r2, rg == getgid() && eg == getegid());
    gid_t groups[256];
    int ng = getgroups(256, groups), ng0 = getgroups(0, NULL);
    printf("getgroups: %d %d\n", ng == ng0, ng >= 0);
    printf("getpgid: %d getsid: %d\n", getpgid(0) == getpgrp(), getsid(0) > 0);
    fflush(stdout);
    pid = fork();
    if (pid == 0) {
        pid_t s = setsid();
        printf("child setsid: %d, again: %d %s\n", s == getpid(), (int)setsid(), strerror(errno));
        fflush(stdout);
        _exit(0);
    }
    waitpid(pid, NULL, 0);
    printf("getpriority: %d\n", getpriority(PRIO_PROCESS, 0));
    printf("tkill self 0: %ld\n", syscall(SYS_tkill, gettid(), 0));

    /* sendmmsg / recvmmsg over a datagram socket pair */
    int dg[2];
    socketpair(AF_UNIX, SOCK_DGRAM, 0, dg);
    struct mmsghdr out[3], vin[4];
    struct iovec oiov[3], iiov[4];
    char ibuf[4][16];
    static const char *const words[3] = { "one", "three", "seventeen" };
    memset(out, 0, sizeof out);
    memset(vin, 0, sizeof vin);
    for (int k = 0; k < 3; k++) {
        oiov[k].iov_base = (void *)words[k];
        oiov[k].iov_len = strlen(words[k]);
        out[k].msg_hdr.msg_iov = &oiov[k];
        out[k].msg_hdr.msg_iovlen = 1;
    }
    for (int k = 0; k < 4; k++) {
        memset(ibuf[k], 0, sizeof ibuf[k]);
        iiov[k].iov_base = ibuf[k];
        iiov[k].iov_len = sizeof ibuf[k] - 1;
        vin[k].msg_hdr.msg_iov = &iiov[k];
        vin[k].msg_hdr.msg_iovlen = 1;
    }
    r = sendmmsg(dg[0], out, 3, 0);
    printf("sendmmsg: %d lens %u %u %u\n", r, out[0].msg_len, out[1].msg_len, out[2].msg_len);
    r = recvmmsg(dg[1], vin, 4, MSG_WAITFORONE, NULL);
    printf("recvmmsg: %d '%s' %u '%s' %u '%s' %u\n", r, ibuf[0], vin[0].msg_len, ibuf[1],
           vin[1].msg_len, ibuf[2], vin[2].msg_len);
    r = recvmmsg(dg[1], vin, 4, MSG_DONTWAIT, NULL);
    printf("recvmmsg empty: %d %s\n", r, strerror(errno));

    /* POSIX timers: a one-shot timer's signal, its siginfo, gettime, delete */
    sigemptyset(&set);
    sigaddset(&set, SIGRTMIN + 1);
    sigprocmask(SIG_BLOCK, &set, NULL);
    struct sigevent sev;
    memset(&sev, 0, sizeof sev);
    sev.sigev_notify = SIGEV_SIGNAL;
    sev.sigev_signo = SIGRTMIN + 1;
    sev.sigev_value.sival_int = 4242;
    timer_t tid;
    r = timer_create(CLOCK_MONOTONIC, &sev, &tid);
    struct itimerspec its = { { 0, 0 }, { 0, 20000000 } }, cur;
    int r3 = timer_settime(tid, 0, &its, NULL);
    r2 = timer_gettime(tid, &cur);
    printf("timer: create %d settime %d gettime %d armed %d\n", r, r3, r2,
           cur.it_value.tv_sec == 0 && cur.it_value.tv_nsec > 0);
    memset(&si, 0, sizeof si);
    r = sigwaitinfo(&set, &si);
    printf("timer signal: %d code=%d value=%d overrun=%d\n", r == SIGRTMIN + 1, si.si_code,
           si.si_value.sival_int, timer_getoverrun(tid));
    printf("timer_delete: %d again %d %s\n", timer_delete(tid), timer_delete(tid), strerror(errno));
    return 0;
}
