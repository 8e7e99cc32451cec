/* mremap (growing in place and by moving, shrinking, MREMAP_FIXED, MREMAP_DONTUNMAP,
 * old_size 0 on a shared mapping, the error cases), code that moves (translated blocks
 * must follow it), realloc of large blocks, and MAP_SHARED memory shared after fork.
 * qemu-user 7.2 does not implement old_size 0 (it answers ENOMEM): the expected output
 * is Linux's (mremap.expected, from mm/mremap.c's rules). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define PG 4096

static int mapped(void *p)      /* is the page at p mapped? */
{
    return msync(p, PG, MS_ASYNC) == 0;
}

static const char *err(void *r)
{
    return r == MAP_FAILED ? strerror(errno) : "ok";
}

int main(int argc, char **argv)
{
    (void)argc;
    /* a window of 16 free pages to work in */
    char *win = mmap(NULL, 16 * PG, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    munmap(win, 16 * PG);

    /* grow in place: the pages after the mapping are free */
    char *a = mmap(win, 2 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    memset(a, 'a', 2 * PG);
    char *b = mremap(a, 2 * PG, 5 * PG, 0);
    printf("grow in place: %s same=%d old=%c new=%d\n", err(b), b == a, b[PG], b[4 * PG]);
    /* blocked: no move allowed */
    mmap(win + 6 * PG, PG, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    b = mremap(a, 5 * PG, 7 * PG, 0);
    printf("grow blocked: %s\n", err(b));
    /* move */
    b = mremap(a, 5 * PG, 8 * PG, MREMAP_MAYMOVE);
    printf("grow by moving: %s moved=%d old mapped=%d data=%c%c zero=%d\n", err(b), b != a,
           mapped(a), b[0], b[2 * PG - 1], b[7 * PG + 5]);
    /* shrink */
    char *c = mremap(b, 8 * PG, 3 * PG, MREMAP_MAYMOVE);
    printf("shrink: same=%d tail mapped=%d data=%c\n", c == b, mapped(b + 3 * PG), c[PG]);
    /* fixed: replaces what was at the target */
    char *t = mmap(win, 4 * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    memset(t, 't', 4 * PG);
    char *d = mremap(c, 3 * PG, 2 * PG, MREMAP_MAYMOVE | MREMAP_FIXED, win + PG);
    printf("fixed: at=%d data=%c%c around=%c%c src mapped=%d\n", d == win + PG, d[0], d[2 * PG - 1],
           win[0], win[3 * PG], mapped(c));
    /* errors */
    errno = 0;
    printf("bad flags: %s\n", err(mremap(d, PG, PG, 8)));
    printf("fixed without maymove: %s\n", err(mremap(d, PG, PG, MREMAP_FIXED, win + 10 * PG)));
    printf("unaligned: %s\n", err(mremap(d + 1, PG, 2 * PG, MREMAP_MAYMOVE)));
    printf("zero size: %s\n", err(mremap(d, PG, 0, MREMAP_MAYMOVE)));
    printf("overlap: %s\n", err(mremap(d, 2 * PG, 2 * PG, MREMAP_MAYMOVE | MREMAP_FIXED, d + PG)));
    printf("unmapped: %s\n", err(mremap(win + 12 * PG, PG, 2 * PG, MREMAP_MAYMOVE)));
    printf("across a hole: %s\n", err(mremap(win, 6 * PG, 8 * PG, MREMAP_MAYMOVE)));
    printf("private old_size 0: %s\n", err(mremap(d, 0, PG, MREMAP_MAYMOVE)));
    printf("same size: %d\n", mremap(d, PG, PG, 0) == d);

    /* a second view of shared pages (old_size 0) */
    char *s = mmap(NULL, 2 * PG, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    char *s2 = mremap(s, 0, 2 * PG, MREMAP_MAYMOVE);
    s[PG + 3] = 'S';
    printf("shared view: %s different=%d sees=%c\n", err(s2), s2 != s, s2[PG + 3]);

    /* code moves: translated blocks must not outlive the mapping */
    static const uint32_t ret42[] = { 0x02a00513, 0x00008067 };   /* li a0,42; ret */
    static const uint32_t ret7[] = { 0x00700513, 0x00008067 };    /* li a0,7; ret */
    char *code = mmap(NULL, PG, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    memcpy(code, ret42, sizeof ret42);
    __builtin___clear_cache(code, code + 8);
    int (*f)(void) = (int (*)(void))code;
    int r1 = f();
    char *code2 = mremap(code, PG, 2 * PG, MREMAP_MAYMOVE | MREMAP_FIXED, win + 8 * PG);
    char *again = mmap(code, PG, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    memcpy(again, ret7, sizeof ret7);
    __builtin___clear_cache(again, again + 8);
    int r2 = ((int (*)(void))code2)();
    int r3 = f();
    printf("code: before %d, moved %d, new at old address %d\n", r1, r2, r3);

    /* realloc of a large block uses mremap */
    size_t n1 = 1 << 20, n2 = 6 << 20;
    unsigned char *m = malloc(n1);
    for (size_t i = 0; i < n1; i++) m[i] = (unsigned char)(i * 7);
    m = realloc(m, n2);
    size_t bad = 0;
    for (size_t i = 0; i < n1; i++) bad += m[i] != (unsigned char)(i * 7);
    m[n2 - 1] = 1;
    printf("realloc: %zu bad bytes\n", bad);
    free(m);

    /* MAP_SHARED between processes, anonymous and file, also after moving (growing a
     * shared anonymous mapping would not grow the object behind it: SIGBUS there) */
    int *sh = mmap(NULL, 4 * PG, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    char *win2 = mmap(NULL, 8 * PG, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    sh = mremap(sh, 4 * PG, 4 * PG, MREMAP_MAYMOVE | MREMAP_FIXED, win2 + 2 * PG);
    char path[64];
    snprintf(path, sizeof path, "/tmp/zl-mremap-%d", (int)getpid());
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
    ftruncate(fd, 2 * PG);
    char *fm = mmap(NULL, 2 * PG, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    char *priv = mmap(NULL, PG, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    priv[0] = 'p';
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        sh[0] = 1234;
        sh[3 * PG / 4] = 5678;
        fm[PG + 1] = 'F';
        priv[0] = 'c';
        _exit(0);
    }
    waitpid(pid, NULL, 0);
    char fb[2] = { 0 };
    pread(fd, fb, 1, PG + 1);
    printf("after fork: anon %d %d, file map %c file %c, private %c\n", sh[0], sh[3 * PG / 4],
           fm[PG + 1], fb[0], priv[0]);
    close(fd);
    unlink(path);

    /* DONTUNMAP: the old range stays mapped and empty */
    char *du = mmap(NULL, PG, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    du[5] = 'D';
    char *dn = mremap(du, PG, PG, MREMAP_MAYMOVE | MREMAP_DONTUNMAP);
    printf("dontunmap: %s moved=%c old=%d\n", err(dn), dn == MAP_FAILED ? '-' : dn[5], du[5]);
    (void)argv;
    return 0;
}
