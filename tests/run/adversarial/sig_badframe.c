/* rt_sigreturn checks the frame as Linux does: the FP area's extension descriptor (its
 * reserved word and the END header {magic, size} after the d-state, i.e. q.reserved[0..2])
 * must be zero; anything else is a bad frame, answered with SIGSEGV (SI_KERNEL): the
 * handler runs if there is one, otherwise the process dies.  zl-run used to restore such
 * frames silently (the check read a member the conversion never filled). */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>

static volatile int word;       /* which u32 of the q view's reserved[3] to corrupt; -1 none */
static sigjmp_buf jb;
static volatile int segv_code;

static void corrupt(int sig, siginfo_t *si, void *uc)
{
    (void)sig;
    (void)si;
    /* q.reserved[k] follows 64 8-byte registers and fcsr: u32 index 129 + k of the union */
    uint32_t *fp = (uint32_t *)&((ucontext_t *)uc)->uc_mcontext.__fpregs;
    if (word >= 0) fp[129 + word] = 0x53465457;    /* any non-zero value (here V's magic) */
}

static void on_segv(int sig, siginfo_t *si, void *uc)
{
    (void)sig;
    (void)uc;
    segv_code = si->si_code;
    siglongjmp(jb, 1);
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = corrupt;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGUSR1, &sa, NULL);
    for (word = -1; word < 3; word++) {
        fflush(stdout);
        pid_t pid = fork();
        if (pid == 0) {
            raise(SIGUSR1);
            printf("word %d: returned from the handler\n", word);
            fflush(stdout);
            _exit(0);
        }
        int st;
        waitpid(pid, &st, 0);
        if (WIFSIGNALED(st)) printf("word %d: killed by signal %d\n", word, WTERMSIG(st));
        else printf("word %d: exit %d\n", word, WEXITSTATUS(st));
    }
    /* with a SIGSEGV handler, that handler runs (si_code SI_KERNEL) */
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_segv;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGSEGV, &sa, NULL);
    word = 1;
    if (!sigsetjmp(jb, 1)) { raise(SIGUSR1); printf("handled: returned\n"); }
    else printf("handled: SIGSEGV handler ran, code %#x\n", segv_code);
    return 0;
}
