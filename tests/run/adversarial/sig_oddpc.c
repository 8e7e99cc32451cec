/* An odd program counter from a signal handler address, a sigreturn frame or the like
 * reaches the hart the way the kernel's sret does: sepc's bit 0 is always zero (RISC-V
 * privileged spec), so execution resumes at pc & ~1.  Nothing is fetched outside the guest's
 * mappings, not even when that pc is the last byte of a page followed by an unmapped one
 * (zl-run used to fetch a byte past the mapping there, and to decode from the odd byte). */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

static sigjmp_buf jb;
static volatile int got_sig, got_code;
static void *volatile got_addr;
static void *volatile new_pc;

static void on_bus(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    got_sig = sig;
    got_code = si->si_code;
    got_addr = si->si_addr;
    siglongjmp(jb, 1);
}

static void set_pc(int sig, siginfo_t *si, void *uc)
{
    (void)sig;
    (void)si;
    ((ucontext_t *)uc)->uc_mcontext.__gregs[REG_PC] = (uintptr_t)new_pc;
}

static volatile int target_ran;
static void target(int sig) { (void)sig; target_ran = 1; }

static void odd_resume(int sig, siginfo_t *si, void *uc)
{
    (void)sig;
    (void)si;
    ((ucontext_t *)uc)->uc_mcontext.__gregs[REG_PC] |= 1;
}

static void report(const char *what, const void *want)
{
    printf("%s: signal %d code %d addr %s\n", what, got_sig, got_code,
           got_addr == want ? "exact" : "wrong");
    got_sig = got_code = 0;
    got_addr = 0;
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_bus;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigaction(SIGBUS, &sa, NULL);

    /* a handler address with bit 0 set */
    void *odd = (char *)(uintptr_t)target + 1;
    struct sigaction h;
    memset(&h, 0, sizeof h);
    h.sa_handler = (void (*)(int))odd;
    sigaction(SIGUSR1, &h, NULL);
    if (!sigsetjmp(jb, 1)) {
        raise(SIGUSR1);
        printf("odd handler address: target %s\n", target_ran ? "ran" : "did not run");
    } else report("odd handler address", odd);

    /* a sigreturn frame whose pc is the interrupted pc + 1 */
    memset(&h, 0, sizeof h);
    h.sa_sigaction = odd_resume;
    h.sa_flags = SA_SIGINFO;
    sigaction(SIGUSR2, &h, NULL);
    if (!sigsetjmp(jb, 1)) { raise(SIGUSR2); printf("odd frame pc: resumed\n"); }
    else report("odd frame pc", NULL);
    memset(&h, 0, sizeof h);
    h.sa_sigaction = set_pc;
    h.sa_flags = SA_SIGINFO;
    sigaction(SIGUSR2, &h, NULL);

    /* the last byte of an executable page whose successor is unmapped */
    char *pg = mmap(NULL, 8192, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (pg == MAP_FAILED) return 1;
    munmap(pg + 4096, 4096);
    memset(pg, 0xff, 4096);
    pg[4094] = 0x02;            /* c.ebreak */
    pg[4095] = (char)0x90;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigaction(SIGTRAP, &sa, NULL);
    new_pc = pg + 4095;
    if (!sigsetjmp(jb, 1)) { raise(SIGUSR2); printf("page end: no signal\n"); }
    else report("odd pc at page end", pg + 4094);

    /* an even pc at the end of the page: a 4-byte instruction whose second half is
     * unmapped is a fetch fault at the next page (SIGSEGV) */
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigaction(SIGSEGV, &sa, NULL);
    pg[4094] = 0x13;            /* low half of a 32-bit instruction (addi) */
    pg[4095] = 0x00;
    __asm__ volatile("fence.i" ::: "memory");
    new_pc = pg + 4094;
    if (!sigsetjmp(jb, 1)) { raise(SIGUSR2); printf("straddle: no signal\n"); }
    else report("instruction across the page end", pg + 4096);
    return 0;
}
