/* Code that changes under the translator: rewritten in place (then fence.i), unmapped
 * and mapped again, made non-executable; a trap in the middle of a hot, chained loop;
 * a signal that must stop a long loop.  Output must equal qemu-riscv64's under every
 * zl-run engine (tests/exec/engine_test.sh). */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <unistd.h>

static sigjmp_buf env;
static volatile void *fault_addr;

static void on_segv(int sig, siginfo_t *si, void *uc)
{
    (void)sig; (void)uc;
    fault_addr = si->si_addr;
    siglongjmp(env, 1);
}

/* li a0, v; ret */
static void put_fn(uint32_t *code, int v)
{
    code[0] = 0x00000513u | ((uint32_t)v << 20);   /* addi a0, zero, v */
    code[1] = 0x00008067u;                          /* jalr zero, 0(ra) */
}

typedef int (*fn_t)(void);

static int call_many(fn_t f, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) s += f();
    return s;
}

static volatile sig_atomic_t stop;
static void on_alarm(int sig) { (void)sig; stop = 1; }

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_segv;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigaction(SIGSEGV, &sa, NULL);

    long pg = sysconf(_SC_PAGESIZE);
    uint32_t *code = mmap(NULL, (size_t)pg, PROT_READ | PROT_WRITE | PROT_EXEC,
                          MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (code == MAP_FAILED) return 1;
    fn_t f = (fn_t)(uintptr_t)code;

    /* 1. rewritten in place, then fence.i */
    put_fn(code, 1);
    __asm__ volatile("fence.i" ::: "memory");
    printf("first: %d\n", call_many(f, 10000));
    put_fn(code, 2);
    __asm__ volatile("fence.i" ::: "memory");
    printf("rewritten: %d\n", call_many(f, 10000));

    /* 2. unmapped, and other code mapped at the same address */
    munmap(code, (size_t)pg);
    uint32_t *again = mmap(code, (size_t)pg, PROT_READ | PROT_WRITE | PROT_EXEC,
                           MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    if (again != code) return 2;
    put_fn(code, 3);
    __asm__ volatile("fence.i" ::: "memory");
    printf("remapped: %d\n", call_many(f, 10000));

    /* 3. made non-executable: the call faults at the function */
    mprotect(code, (size_t)pg, PROT_READ);
    if (sigsetjmp(env, 1) == 0) {
        printf("not executable: %d (no fault)\n", f());
    } else {
        printf("not executable: fault at the code: %d\n", fault_addr == (void *)code);
    }
    mprotect(code, (size_t)pg, PROT_READ | PROT_EXEC);
    printf("executable again: %d\n", call_many(f, 1000));

    /* 4. a load fault in the middle of a hot loop: a buffer whose last page is taken away
     * after the loop has run (and been translated and chained) many times */
    size_t n = 4 * (size_t)pg;
    volatile unsigned char *buf = mmap(NULL, n, PROT_READ | PROT_WRITE,
                                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    for (size_t i = 0; i < n; i++) buf[i] = (unsigned char)i;
    volatile unsigned long sum = 0;
    volatile size_t reached = 0;
    for (int round = 0; round < 50; round++)
        for (size_t i = 0; i < n; i += 8) sum += buf[i];
    munmap((void *)(buf + 3 * pg), (size_t)pg);
    if (sigsetjmp(env, 1) == 0) {
        for (size_t i = 0; i < n; i += 8) { sum += buf[i]; reached = i; }
        printf("load fault: none\n");
    } else {
        printf("load fault: sum %lu, last index %zu, at offset %ld\n", sum, reached,
               (long)((volatile unsigned char *)fault_addr - buf));
    }
    /* ... and a store fault */
    if (sigsetjmp(env, 1) == 0) {
        for (size_t i = 0; i < n; i += 16) { buf[i] = 7; reached = i; }
        printf("store fault: none\n");
    } else {
        printf("store fault: last index %zu, at offset %ld\n", reached,
               (long)((volatile unsigned char *)fault_addr - buf));
    }

    /* 5. a timer signal must stop a tight loop */
    signal(SIGALRM, on_alarm);
    struct itimerval it = { { 0, 0 }, { 0, 50000 } };
    setitimer(ITIMER_REAL, &it, NULL);
    unsigned long spins = 0;
    while (!stop) spins++;
    printf("loop stopped by a signal: %d\n", spins > 0);
    return 0;
}
