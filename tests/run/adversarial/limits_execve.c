/* execve's argument limits (Linux fs/exec.c): 4,000 references to one 120 KiB string
 * are far beyond a quarter of the stack limit, a string longer than 32 pages is too long
 * by itself; both are E2BIG, found while copying, having used little memory.  Then a
 * truncated executable: execve must return an error to the caller (ENOEXEC), not
 * replace it.  Prints one line per case; exit status = failures. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int fails;

static void report(const char *name, int r, int want)
{
    int e = errno;
    if (r == -1 && e == want) {
        printf("%s: ok\n", name);
    } else {
        printf("%s: got %d (%s)\n", name, r, strerror(e));
        fails++;
    }
}

int main(int argc, char **argv)
{
    if (argc > 1) return 0;     /* reached only if an execve wrongly succeeded */
    size_t big = 120 * 1024;
    char *s = malloc(big + 1);
    memset(s, 'x', big);
    s[big] = 0;
    enum { N = 4000 };
    char **v = malloc((N + 2) * sizeof *v);
    v[0] = argv[0];
    for (int i = 1; i <= N; i++) v[i] = s;
    v[N + 1] = NULL;
    char *envp[] = { NULL };
    report("execve_many_big_strings", execve(argv[0], v, envp), E2BIG);

    char *long_str = malloc(32 * 4096 + 2);
    memset(long_str, 'y', 32 * 4096 + 1);
    long_str[32 * 4096 + 1] = 0;
    char *v2[] = { argv[0], long_str, NULL };
    report("execve_string_over_32_pages", execve(argv[0], v2, envp), E2BIG);

    /* a copy of this program cut in half */
    int in = open("/proc/self/exe", O_RDONLY);
    struct stat st;
    if (in < 0 || fstat(in, &st)) return 99;
    char path[] = "/tmp/zl-trunc-XXXXXX";
    int out = mkstemp(path);
    char *buf = malloc((size_t)st.st_size);
    if (out < 0 || read(in, buf, (size_t)st.st_size) != st.st_size) return 98;
    if (write(out, buf, (size_t)st.st_size / 2) != st.st_size / 2) return 97;
    close(out);
    chmod(path, 0700);
    char *v3[] = { path, "again", NULL };
    report("execve_truncated_elf", execve(path, v3, envp), ENOEXEC);
    unlink(path);
    return fails;
}
