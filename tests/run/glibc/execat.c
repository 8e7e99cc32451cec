/* execveat: a program named by a descriptor (AT_EMPTY_PATH, as fexecve), by a descriptor
 * and a relative path, and Linux's errors (flags, empty path, bad descriptor, not a
 * directory, a symbolic link with AT_SYMLINK_NOFOLLOW, a directory or a file without
 * execute permission, a script named through a close-on-exec descriptor).  The output is
 * compared with the same source run natively on the host's Linux. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static const char *self_base(char *buf, size_t size)
{
    ssize_t n = readlink("/proc/self/exe", buf, size - 1);
    buf[n < 0 ? 0 : n] = 0;
    return basename(buf);
}

static int xexecveat(int dfd, const char *path, char *const argv[], int flags)
{
    return (int)syscall(SYS_execveat, dfd, path, argv, environ, flags);
}

/* The call must fail: show the error. */
static void fails(const char *what, int dfd, const char *path, int flags)
{
    char *argv[] = { "x", NULL };
    errno = 0;
    int r = xexecveat(dfd, path, argv, flags);
    printf("%s: %d %s\n", what, r, strerror(errno));
}

/* The call runs the program in a child: show the child's exit status. */
static void runs(const char *what, int dfd, const char *path, char *const argv[], int flags)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        xexecveat(dfd, path, argv, flags);
        printf("%s: %s\n", what, strerror(errno));
        fflush(stdout);
        _exit(99);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    printf("%s: exit %d\n", what, WIFEXITED(st) ? WEXITSTATUS(st) : -1);
}

int main(int argc, char **argv)
{
    char buf[4096], dir[4096];
    if (argc == 4 && !strcmp(argv[1], "--child")) {
        /* the name the program was started under, with its own file name as SELF */
        const char *fn = (const char *)getauxval(AT_EXECFN);
        const char *me = self_base(buf, sizeof buf);
        char shown[4096];
        const char *s = strstr(fn, argv[3]);
        if (s) snprintf(shown, sizeof shown, "%.*sSELF%s", (int)(s - fn), fn, s + strlen(argv[3]));
        else snprintf(shown, sizeof shown, "%s", fn);
        printf("child %s: argv0 %s execfn %s exe %s\n", argv[2], argv[0], shown,
               strcmp(me, argv[3]) ? "other" : "same");
        return 7;
    }
    const char *me = self_base(buf, sizeof buf);
    char myname[256];
    snprintf(myname, sizeof myname, "%s", me);
    ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
    dir[n < 0 ? 0 : n] = 0;
    char exe[4096];
    snprintf(exe, sizeof exe, "%s", dir);
    char *slash = strrchr(dir, '/');
    if (slash) *slash = 0;

    char tmpl[] = "/tmp/zl-execat-XXXXXX";
    if (!mkdtemp(tmpl)) return 1;
    char lnk[4200], txt[4200], sh[4200];
    snprintf(lnk, sizeof lnk, "%s/link", tmpl);
    snprintf(txt, sizeof txt, "%s/plain", tmpl);
    snprintf(sh, sizeof sh, "%s/script", tmpl);
    if (symlink(exe, lnk)) return 2;
    int t = open(txt, O_WRONLY | O_CREAT, 0644);
    if (t < 0 || write(t, "text\n", 5) != 5) return 3;
    close(t);
    t = open(sh, O_WRONLY | O_CREAT, 0755);
    const char *body = "#!/bin/sh\necho script: $0 $1\n";
    if (t < 0 || write(t, body, strlen(body)) != (ssize_t)strlen(body)) return 4;
    close(t);

    int self = open(exe, O_RDONLY | O_CLOEXEC);
    int dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int tmpd = open(tmpl, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int txtfd = open(txt, O_RDONLY | O_CLOEXEC);
    int shfd = open(sh, O_RDONLY | O_CLOEXEC);
    int shfd_kept = open(sh, O_RDONLY);
    printf("descriptors %d %d %d %d %d %d\n", self, dirfd, tmpd, txtfd, shfd, shfd_kept);

    fails("empty path without AT_EMPTY_PATH", self, "", 0);
    fails("unknown flag", self, "", AT_EMPTY_PATH | 0x8000);
    fails("AT_REMOVEDIR is not an exec flag", self, "", AT_EMPTY_PATH | AT_REMOVEDIR);
    fails("closed descriptor", 555, "", AT_EMPTY_PATH);
    fails("closed descriptor, relative path", 555, "x", 0);
    fails("file as a directory", txtfd, "x", 0);
    fails("the current directory", AT_FDCWD, "", AT_EMPTY_PATH);
    fails("a directory descriptor", tmpd, "", AT_EMPTY_PATH);
    fails("no such file", tmpd, "nothing", 0);
    fails("not executable", txtfd, "", AT_EMPTY_PATH);
    fails("not executable, by name", tmpd, "plain", 0);
    fails("symbolic link with AT_SYMLINK_NOFOLLOW", tmpd, "link", AT_SYMLINK_NOFOLLOW);
    fails("absolute symbolic link with AT_SYMLINK_NOFOLLOW", AT_FDCWD, lnk, AT_SYMLINK_NOFOLLOW);
    fails("script through a close-on-exec descriptor", shfd, "", AT_EMPTY_PATH);
    fails("script by name in a close-on-exec directory", tmpd, "script", 0);

    char *a1[] = { "first", "--child", "empty-path", myname, NULL };
    runs("AT_EMPTY_PATH", self, "", a1, AT_EMPTY_PATH);
    char *a2[] = { "second", "--child", "relative", myname, NULL };
    runs("directory and relative path", dirfd, myname, a2, 0);
    char *a3[] = { "third", "--child", "link", myname, NULL };
    runs("symbolic link followed", tmpd, "link", a3, 0);
    char *a4[] = { "fourth", "--child", "absolute", myname, NULL };
    runs("absolute path, descriptor ignored", 555, exe, a4, AT_SYMLINK_NOFOLLOW);
    char *a5[] = { "fifth", "--child", "fdcwd", myname, NULL };
    if (chdir(dir) == 0) runs("AT_FDCWD and relative path", AT_FDCWD, myname, a5, 0);
    char *a6[] = { "sixth", "arg", NULL };
    runs("script through a kept descriptor", shfd_kept, "", a6, AT_EMPTY_PATH);
    char *a7[] = { "seventh", "--child", "fexecve", myname, NULL };
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        fexecve(self, a7, environ);
        _exit(99);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    printf("fexecve: exit %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);

    unlink(lnk);
    unlink(txt);
    unlink(sh);
    rmdir(tmpl);
    return 0;
}
