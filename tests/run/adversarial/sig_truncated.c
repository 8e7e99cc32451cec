/* A file truncated under its mapping: touching a page wholly beyond the new end of the
 * file is SIGBUS (BUS_ADRERR, si_addr exact) for a load, a store, an atomic and an
 * instruction fetch, shared or private; system calls that read the page give EFAULT; with
 * no handler the process dies by SIGBUS.  Linux's behaviour; zl-run used to die itself.
 * argv[1]: a directory to work in. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static sigjmp_buf jb;
static volatile int got_sig, got_code;
static void *volatile got_addr;

static void on_bus(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    got_sig = sig;
    got_code = si->si_code;
    got_addr = si->si_addr;
    siglongjmp(jb, 1);
}

static void report(const char *what, const volatile void *want)
{
    printf("%s: signal %d code %d addr %s\n", what, got_sig, got_code,
           got_addr == (void *)want ? "exact" : "wrong");
    got_sig = got_code = 0;
    got_addr = 0;
}

static int fd;
static char page[8192];

static volatile char *map_then_truncate(int prot, int type)
{
    if (ftruncate(fd, 0) || pwrite(fd, page, sizeof page, 0) != (ssize_t)sizeof page) return NULL;
    volatile char *m = mmap(NULL, sizeof page, prot, type, fd, 0);
    if (m == MAP_FAILED) return NULL;
    if (m[4096] != page[4096]) return NULL;     /* present before the truncation */
    if (ftruncate(fd, 100)) return NULL;
    return m;
}

int main(int argc, char **argv)
{
    if (argc < 2) return 2;
    char path[512];
    snprintf(path, sizeof path, "%s/truncated.dat", argv[1]);
    fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
    if (fd < 0) return 3;
    memset(page, 'x', sizeof page);
    /* c.ret at the start of the second page, for the fetch case */
    page[4096] = (char)0x82;
    page[4097] = (char)0x80;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_bus;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGBUS, &sa, NULL);

    for (int shared = 1; shared >= 0; shared--) {
        const char *kind = shared ? "shared" : "private";
        char what[64];
        volatile char *m = map_then_truncate(PROT_READ | PROT_WRITE, shared ? MAP_SHARED : MAP_PRIVATE);
        if (!m) { printf("%s: setup failed: %s\n", kind, strerror(errno)); return 1; }
        if (!sigsetjmp(jb, 1)) { char c = m[4096 + 8]; printf("%s load: no signal (%d)\n", kind, c); }
        else { snprintf(what, sizeof what, "%s load", kind); report(what, m + 4096 + 8); }
        if (!sigsetjmp(jb, 1)) { m[4096 + 16] = 1; printf("%s store: no signal\n", kind); }
        else { snprintf(what, sizeof what, "%s store", kind); report(what, m + 4096 + 16); }
        if (!sigsetjmp(jb, 1)) {
            int old = __atomic_fetch_add((int *)(m + 4096 + 32), 1, __ATOMIC_SEQ_CST);
            printf("%s atomic: no signal (%d)\n", kind, old);
        } else { snprintf(what, sizeof what, "%s atomic", kind); report(what, m + 4096 + 32); }
        printf("%s first page: '%c' then %d\n", kind, m[0], m[200]);
        int p[2];
        if (pipe(p)) return 4;
        struct iovec iov = { .iov_base = (void *)(m + 4096), .iov_len = 10 };
        errno = 0;
        ssize_t r = writev(p[1], &iov, 1);
        printf("%s writev: %zd %s\n", kind, r, strerror(errno));
        errno = 0;
        r = nanosleep((const struct timespec *)(m + 4096), NULL);
        printf("%s nanosleep: %zd %s\n", kind, r, strerror(errno));
        errno = 0;      /* a timespec that starts on the good page and ends on the bad one */
        r = nanosleep((const struct timespec *)(m + 4096 - 8), NULL);
        printf("%s nanosleep across: %zd %s\n", kind, r, strerror(errno));
        close(p[0]);
        close(p[1]);
        munmap((void *)m, sizeof page);
    }

    volatile char *x = map_then_truncate(PROT_READ | PROT_EXEC, MAP_SHARED);
    if (!x) { printf("exec: setup failed: %s\n", strerror(errno)); return 1; }
    if (!sigsetjmp(jb, 1)) { ((void (*)(void))(x + 4096))(); printf("fetch: no signal\n"); }
    else report("fetch", x + 4096);
    munmap((void *)x, sizeof page);

    /* mapped beyond the end of the file from the start: the first page is the file's
     * (zero after its end), the second is SIGBUS */
    if (ftruncate(fd, 100)) return 1;
    volatile char *b = mmap(NULL, sizeof page, PROT_READ, MAP_PRIVATE, fd, 0);
    if (b == MAP_FAILED) return 1;
    printf("beyond end: '%c' then %d\n", b[0], b[100]);
    if (!sigsetjmp(jb, 1)) { char c = b[4096]; printf("beyond end: no signal (%d)\n", c); }
    else report("beyond end", b + 4096);
    munmap((void *)b, sizeof page);

    volatile char *d = map_then_truncate(PROT_READ, MAP_SHARED);
    if (!d) return 1;
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        signal(SIGBUS, SIG_DFL);
        char c = d[4096];
        printf("child: no signal (%d)\n", c);
        _exit(0);
    }
    int st;
    waitpid(pid, &st, 0);
    if (WIFSIGNALED(st)) printf("no handler: killed by signal %d\n", WTERMSIG(st));
    else printf("no handler: exit %d\n", WEXITSTATUS(st));
    unlink(path);
    return 0;
}
