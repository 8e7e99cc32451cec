/* Loads and stores that fault where translated code accesses guest memory directly (at a
 * fixed host offset, the host's page protections doing the checking): each must reach the
 * guest's SIGSEGV handler with Linux's si_code and si_addr, and zl-run must go on.  Also
 * what must not fault: a write-only mapping is readable on Linux/RISC-V ("write implies
 * read"), and addresses at the top of the user range work as anywhere else.  The pages
 * are mapped at hints below 2^38, which Linux honours when free: at rv128 that is where
 * zl-run's window lies (docs/zl-run.md, "Guest memory"), as at rv32 and rv64. */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static sigjmp_buf env;
static volatile int got_sig, got_code;
static volatile uintptr_t got_addr;

static void on_fault(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    got_sig = sig;
    got_code = si->si_code;
    got_addr = (uintptr_t)si->si_addr;
    siglongjmp(env, 1);
}

static const char *code_name(int sig, int code)
{
    if (sig == SIGSEGV && code == SEGV_MAPERR) return "SIGSEGV SEGV_MAPERR";
    if (sig == SIGSEGV && code == SEGV_ACCERR) return "SIGSEGV SEGV_ACCERR";
    if (sig == SIGBUS && code == BUS_ADRERR) return "SIGBUS BUS_ADRERR";
    return "other";
}

/* run stmt; report the fault it raised, its address relative to base */
#define CASE(name, base, stmt)                                                             \
    do {                                                                                   \
        got_sig = 0;                                                                       \
        if (!sigsetjmp(env, 1)) {                                                          \
            stmt;                                                                          \
            printf("%s: no fault\n", name);                                                \
        } else {                                                                           \
            printf("%s: %s at %+ld\n", name, code_name(got_sig, got_code),                 \
                   (long)(got_addr - (uintptr_t)(base)));                                  \
        }                                                                                  \
    } while (0)

static volatile long sink;
static long pg;

/* n pages with rights prot at the k-th hint */
static char *map_at(int k, size_t n, int prot)
{
    void *hint = (void *)((uintptr_t)0x1000000000 + (uintptr_t)k * 0x1000000);
    return mmap(hint, n * (size_t)pg, prot, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_fault;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigaction(SIGSEGV, &sa, NULL);
    sigaction(SIGBUS, &sa, NULL);
    pg = sysconf(_SC_PAGESIZE);

    char *two = map_at(0, 2, PROT_READ | PROT_WRITE);
    if (two == MAP_FAILED || munmap(two + pg, pg)) return 99;
    char *hole = two + pg;
    CASE("load from an unmapped page", hole, sink = *(volatile long *)hole);
    CASE("store to an unmapped page", hole + 8, *(volatile int *)(hole + 8) = 1);
    CASE("byte load from an unmapped page", hole + 4095, sink = *(volatile char *)(hole + 4095));
    /* an access that starts on a good page and ends on the unmapped one */
    CASE("load across into an unmapped page", hole, sink = *(volatile long *)(hole - 4));
    CASE("store across into an unmapped page", hole, *(volatile long *)(hole - 2) = -1);

    char *ro = map_at(1, 1, PROT_READ);
    CASE("load from a read-only page", ro, sink = *(volatile long *)(ro + 16));
    CASE("store to a read-only page", ro + 24, *(volatile long *)(ro + 24) = 1);

    char *none = map_at(2, 1, PROT_NONE);
    CASE("load from a PROT_NONE page", none + 40, sink = *(volatile short *)(none + 40));

    char *xo = map_at(3, 1, PROT_EXEC);
    CASE("load from an execute-only page", xo + 8, sink = *(volatile int *)(xo + 8));

    char *wo = map_at(4, 1, PROT_WRITE);
    CASE("store and load of a write-only page", wo, (*(volatile long *)(wo + 8) = 42, sink = *(volatile long *)(wo + 8)));
    printf("  value read back: %ld\n", (long)sink);

    /* made read-only after use, then writable again: the host follows each change */
    char *rw = map_at(5, 1, PROT_READ | PROT_WRITE);
    *(volatile long *)rw = 7;
    mprotect(rw, pg, PROT_READ);
    CASE("store after mprotect(PROT_READ)", rw, *(volatile long *)rw = 8);
    mprotect(rw, pg, PROT_READ | PROT_WRITE);
    CASE("store after mprotect(PROT_READ | PROT_WRITE)", rw, *(volatile long *)rw = 9);
    printf("  value: %ld\n", *(volatile long *)rw);

    /* beyond every user address (sv39's 2^38, sv48's 2^47), and far beyond */
    CASE("load at 2^38", (uintptr_t)1 << 38, sink = *(volatile long *)((uintptr_t)1 << 38));
    CASE("load at 2^40", (uintptr_t)1 << 40, sink = *(volatile long *)((uintptr_t)1 << 40));
    CASE("store at 2^47", (uintptr_t)1 << 47, *(volatile long *)((uintptr_t)1 << 47) = 1);
    CASE("load at 2^63", (uintptr_t)1 << 63, sink = *(volatile long *)((uintptr_t)1 << 63));

    /* after the faults, memory still works */
    two[0] = 5;
    printf("still running: %d\n", two[0]);
    return 0;
}
