/* Atomics on a shared file page while another process truncates and regrows the file as
 * fast as it can: each atomic either completes or gets the guest's SIGBUS (BUS_ADRERR,
 * exact address) — the truncation can land at any moment, including between zl-run's
 * check of the page and the host's atomic instruction, which must not kill zl-run.
 * Linux gives exactly this.  argv[1]: a directory to work in. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define PAGE 4096
#define ROUNDS 200000

static sigjmp_buf jb;
static void *volatile got_addr;
static volatile int got_code;

static void on_bus(int sig, siginfo_t *si, void *uc)
{
    (void)sig;
    (void)uc;
    got_code = si->si_code;
    got_addr = si->si_addr;
    siglongjmp(jb, 1);
}

int main(int argc, char **argv)
{
    char path[512];
    snprintf(path, sizeof path, "%s/race", argc > 1 ? argv[1] : ".");
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
    if (fd < 0 || ftruncate(fd, 2 * PAGE)) return perror("open"), 1;
    char *m = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (m == MAP_FAILED) return perror("mmap"), 1;
    int go[2];
    if (pipe(go)) return 1;
    pid_t child = fork();
    if (child == 0) {           /* truncate and regrow until the parent is done */
        close(go[1]);
        fcntl(go[0], F_SETFL, O_NONBLOCK);
        char c;
        while (read(go[0], &c, 1) < 0)
            if (ftruncate(fd, PAGE) || ftruncate(fd, 2 * PAGE)) _exit(1);
        _exit(0);
    }
    close(go[0]);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_bus;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGBUS, &sa, NULL);
    volatile uint32_t *w = (volatile uint32_t *)(m + PAGE);
    volatile uint64_t *d = (volatile uint64_t *)(m + PAGE + 8);
    volatile unsigned long *l = (volatile unsigned long *)(m + PAGE + 16);   /* 16 bytes at LP128 */
    static volatile long faults, bad;
    for (volatile long i = 0; i < ROUNDS; i++) {
        if (sigsetjmp(jb, 1)) {
            faults++;
            uintptr_t a = (uintptr_t)got_addr, page = (uintptr_t)(m + PAGE);
            if (got_code != BUS_ADRERR || a < page || a >= page + 32 || a % 4)
                bad++;
            continue;
        }
        switch (i % 5) {
        case 4: __atomic_fetch_add(l, 3, __ATOMIC_SEQ_CST); break;
        case 0: __atomic_fetch_add(w, 1, __ATOMIC_SEQ_CST); break;
        case 1: __atomic_fetch_or(d, 2, __ATOMIC_SEQ_CST); break;
        case 2: { uint32_t e = *w; __atomic_compare_exchange_n(w, &e, e + 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); break; }
        default: __atomic_exchange_n(d, (uint64_t)i, __ATOMIC_SEQ_CST); break;
        }
    }
    close(go[1]);
    int st;
    waitpid(child, &st, 0);
    printf("atomics under a racing truncation: %s\n", bad ? "a fault was not SIGBUS/BUS_ADRERR at the page" : "each completed or raised SIGBUS");
    printf("truncating child: %s\n", WIFEXITED(st) && WEXITSTATUS(st) == 0 ? "exited 0" : "failed");
    fprintf(stderr, "%ld faults in %d rounds\n", (long)faults, ROUNDS);
    return 0;
}
