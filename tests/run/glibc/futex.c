/* futex (zl-run: src/run/sys_futex.c) as glibc uses it: setlocale's one-time
 * initialisation, and the raw calls — value mismatch, timeouts (relative and absolute
 * BITSET), wake, bad addresses, and a wait on a MAP_SHARED word woken by a child. */
#include <errno.h>
#include <linux/futex.h>
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>

static long fx(void *addr, int op, unsigned val, const struct timespec *ts, unsigned val3)
{
    return syscall(SYS_futex, addr, op, val, ts, NULL, val3);
}

static void show(const char *what, long r)
{
    printf("%-28s %ld %s\n", what, r, r < 0 ? strerror(errno) : "");
}

int main(void)
{
    const char *loc = setlocale(LC_ALL, "C.UTF-8");
    wchar_t wc = 0;
    mbstate_t st;
    memset(&st, 0, sizeof st);
    size_t n = mbrtowc(&wc, "\xc3\xa9", 2, &st);
    printf("setlocale %s, mbrtowc %zu U+%04X\n", loc ? loc : "(null)", n, (unsigned)wc);

    static unsigned word;
    struct timespec rel = {0, 30 * 1000 * 1000};
    show("wait mismatch", fx(&word, FUTEX_WAIT_PRIVATE, 1, NULL, 0));
    show("wait timeout", fx(&word, FUTEX_WAIT_PRIVATE, 0, &rel, 0));
    show("wake", fx(&word, FUTEX_WAKE_PRIVATE, 1, NULL, 0));
    show("wake bitset", fx(&word, FUTEX_WAKE_BITSET | FUTEX_PRIVATE_FLAG, 1, NULL, ~0u));
    struct timespec abs;
    clock_gettime(CLOCK_MONOTONIC, &abs);
    abs.tv_nsec += 20 * 1000 * 1000;
    if (abs.tv_nsec >= 1000000000) { abs.tv_sec++; abs.tv_nsec -= 1000000000; }
    show("wait bitset absolute", fx(&word, FUTEX_WAIT_BITSET | FUTEX_PRIVATE_FLAG, 0, &abs, ~0u));
    show("misaligned", fx((char *)&word + 1, FUTEX_WAKE_PRIVATE, 1, NULL, 0));
    show("unmapped", fx((void *)16, FUTEX_WAIT_PRIVATE, 0, NULL, 0));

    unsigned *shared = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (shared == MAP_FAILED) return 1;
    pid_t pid = fork();
    if (pid == 0) {
        struct timespec d = {0, 50 * 1000 * 1000};
        nanosleep(&d, NULL);
        __atomic_store_n(shared, 1, __ATOMIC_SEQ_CST);
        fx(shared, FUTEX_WAKE, 1, NULL, 0);
        _exit(0);
    }
    struct timespec limit = {5, 0};
    int waits = 0;
    while (__atomic_load_n(shared, __ATOMIC_SEQ_CST) == 0 && waits < 100) {
        fx(shared, FUTEX_WAIT, 0, &limit, 0);
        waits++;
    }
    int status;
    waitpid(pid, &status, 0);
    printf("shared word %u after the child's wake, child status %d\n", *shared, status);
    return 0;
}
