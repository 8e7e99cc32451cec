/* Bad input around threads, as Linux answers it: a futex on an unmapped or misaligned
 * word, an unknown futex operation, clone flags Linux refuses; and (one per run, argv[1])
 * a thread whose stack is unmapped, or whose TLS pointer is garbage, which dies of
 * SIGSEGV and takes the process with it. */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/futex.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#define THREAD_FLAGS (CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD | \
                      CLONE_SYSVSEM)

static long sys(long nr, long a0, long a1, long a2, long a3, long a4, long a5)
{
    long r = syscall(nr, a0, a1, a2, a3, a4, a5);
    return r < 0 ? -errno : r;
}

/* clone(flags, stack, 0, tls, 0); the child runs `child` (no stack of its own needed to
 * get there: a register jump) and the parent returns the tid. */
static long raw_thread(long flags, void *stack, void *tls, void (*child)(void))
{
    register long a0 __asm__("a0") = flags;
    register long a1 __asm__("a1") = (long)stack;
    register long a2 __asm__("a2") = 0;
    register long a3 __asm__("a3") = (long)tls;
    register long a4 __asm__("a4") = 0;
    register long a7 __asm__("a7") = SYS_clone;
    register long t0 __asm__("t0") = (long)child;
    __asm__ volatile("ecall\n"
                     "bnez a0, 1f\n"
                     "jr t0\n"
                     "1:\n"
                     : "+r"(a0) : "r"(a1), "r"(a2), "r"(a3), "r"(a4), "r"(a7), "r"(t0) : "memory");
    return a0;
}

/* Children: push on the stack; read through tp. */
__attribute__((naked)) static void child_push(void)
{
    __asm__ volatile("addi sp, sp, -16\n"
                     "sd ra, 8(sp)\n"
                     "li a0, 0\n"
                     "li a7, 93\n"      /* exit: not reached when the stack is unmapped */
                     "ecall\n");
}
__attribute__((naked)) static void child_tls(void)
{
    __asm__ volatile("ld t1, 0(tp)\n"
                     "li a0, 0\n"
                     "li a7, 93\n"
                     "ecall\n");
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "stack")) {
        char *p = mmap(NULL, 65536, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        munmap(p, 65536);               /* an address with nothing mapped */
        raw_thread(THREAD_FLAGS, p + 32768, NULL, child_push);
        for (;;) pause();
    }
    if (argc > 1 && !strcmp(argv[1], "tls")) {
        raw_thread(THREAD_FLAGS | CLONE_SETTLS, NULL, (void *)0x10, child_tls);
        for (;;) pause();
    }
    int word = 0;
    char *un = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    munmap(un, 4096);
    printf("futex wait unmapped: %s\n", strerror((int)-sys(SYS_futex, (long)un, FUTEX_WAIT, 0, 0, 0, 0)));
    printf("futex wake unmapped: %s\n", strerror((int)-sys(SYS_futex, (long)un, FUTEX_WAKE, 1, 0, 0, 0)));
    printf("futex misaligned: %s\n",
           strerror((int)-sys(SYS_futex, (long)((char *)&word + 1), FUTEX_WAKE, 1, 0, 0, 0)));
    printf("futex wait value differs: %s\n",
           strerror((int)-sys(SYS_futex, (long)&word, FUTEX_WAIT, 1, 0, 0, 0)));
    printf("futex requeue to unmapped: %s\n",
           strerror((int)-sys(SYS_futex, (long)&word, FUTEX_CMP_REQUEUE, 1, 1, (long)un, 0)));
    printf("futex wake nobody: %ld\n", sys(SYS_futex, (long)&word, FUTEX_WAKE_PRIVATE, 1, 0, 0, 0));
    printf("clone thread without sighand: %s\n",
           strerror((int)-sys(SYS_clone, CLONE_VM | CLONE_THREAD, 0, 0, 0, 0, 0)));
    printf("clone sighand without vm: %s\n", strerror((int)-sys(SYS_clone, CLONE_SIGHAND, 0, 0, 0, 0, 0)));
    return 0;
}
