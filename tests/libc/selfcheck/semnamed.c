/* Named semaphores (sem_open, sem_close, sem_unlink): creation with O_CREAT/O_EXCL, the
 * mode and the value, the same address for the same name within a process, sharing with a
 * child process (counts and a cross-process wake-up), unlinking while open, and Linux's
 * errors (EEXIST, ENOENT, EINVAL, ENAMETOOLONG).
 * One line per check; exit status 0 if all passed (also against glibc). */
#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <semaphore.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int fails;
static void check(int ok, const char *what)
{
    printf("%s %s\n", ok ? "ok" : "FAILED", what);
    if (!ok) fails++;
}

static int value(sem_t *s)
{
    int v = -1;
    return sem_getvalue(s, &v) == 0 ? v : -1;
}

int main(void)
{
    char name[64], file[96];
    snprintf(name, sizeof name, "/zl-semnamed-%d", (int)getpid());
    snprintf(file, sizeof file, "/dev/shm/sem.%s", name + 1);
    sem_unlink(name);
    umask(022);

    sem_t *a = sem_open(name, O_CREAT | O_EXCL, 0660, 3);
    check(a != SEM_FAILED && value(a) == 3, "sem_open O_CREAT|O_EXCL: the value");
    struct stat st;
    check(stat(file, &st) == 0 && (st.st_mode & 0777) == 0640 && S_ISREG(st.st_mode),
          "the file in /dev/shm, mode less the umask");
    errno = 0;
    sem_t *x = sem_open(name, O_CREAT | O_EXCL, 0600, 1);
    check(x == SEM_FAILED && errno == EEXIST, "O_CREAT|O_EXCL on an existing name: EEXIST");
    sem_t *b = sem_open(name, 0);
    sem_t *c = sem_open(name, O_CREAT, 0600, 9);
    sem_t *d = sem_open(name, O_RDWR);
    check(b == a && c == a && d == a && value(a) == 3,
          "the same name gives the same address; O_CREAT ignores the value of an existing one");
    check(sem_trywait(a) == 0 && value(b) == 2 && sem_post(c) == 0 && value(d) == 3,
          "one semaphore through every handle");

    /* another process: its own mapping of the same semaphore */
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        sem_t *s = sem_open(name, 0);
        int ok = s != SEM_FAILED && value(s) == 3 && sem_post(s) == 0 && sem_close(s) == 0;
        _exit(ok ? 0 : 1);
    }
    int status = -1;
    waitpid(pid, &status, 0);
    check(WIFEXITED(status) && WEXITSTATUS(status) == 0 && value(a) == 4, "a child opens it and posts");
    while (sem_trywait(a) == 0)
        ;
    fflush(stdout);
    pid = fork();
    if (pid == 0) {
        struct timespec ts = { 0, 30 * 1000 * 1000 };
        nanosleep(&ts, NULL);
        sem_t *s = sem_open(name, 0);
        _exit(s != SEM_FAILED && sem_post(s) == 0 ? 0 : 1);
    }
    struct timespec dl;
    clock_gettime(CLOCK_REALTIME, &dl);
    dl.tv_sec += 10;
    int w = sem_timedwait(a, &dl);
    waitpid(pid, &status, 0);
    check(w == 0 && value(a) == 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0,
          "a wait woken by another process's post");

    /* unlinked while open: still usable; the name can then be made again, a new one */
    check(sem_unlink(name) == 0 && stat(file, &st) == -1 && sem_post(a) == 0 && value(a) == 1,
          "sem_unlink: the open semaphore stays usable");
    errno = 0;
    x = sem_open(name, 0);
    check(x == SEM_FAILED && errno == ENOENT, "sem_open of an unlinked name: ENOENT");
    sem_t *n = sem_open(name, O_CREAT, 0600, 7);
    check(n != SEM_FAILED && n != a && value(n) == 7 && value(a) == 1, "the name made again is a new semaphore");
    errno = 0;
    int r = sem_unlink(name);
    int r2 = sem_unlink(name);
    check(r == 0 && r2 == -1 && errno == ENOENT, "sem_unlink twice: ENOENT");

    check(sem_close(n) == 0 && sem_close(a) == 0 && sem_close(b) == 0 && sem_close(c) == 0 &&
          sem_close(d) == 0, "sem_close of every handle");

    errno = 0;
    x = sem_open("/", O_CREAT, 0600, 1);
    check(x == SEM_FAILED && errno == EINVAL, "an empty name: EINVAL");
    errno = 0;
    x = sem_open("/zl/sem", O_CREAT, 0600, 1);
    check(x == SEM_FAILED && errno == EINVAL, "a name with a slash: EINVAL");
    errno = 0;
    x = sem_open(name, O_CREAT, 0600, (unsigned)SEM_VALUE_MAX + 1);
    check(x == SEM_FAILED && errno == EINVAL, "a value above SEM_VALUE_MAX: EINVAL");
    char longname[NAME_MAX + 3];
    longname[0] = '/';
    memset(longname + 1, 'n', sizeof longname - 2);
    longname[NAME_MAX - 2] = 0;   /* sem.NAME is one byte too long */
    errno = 0;
    x = sem_open(longname, O_CREAT, 0600, 1);
    int e1 = errno;
    errno = 0;
    r = sem_unlink(longname);
    check(x == SEM_FAILED && e1 == ENAMETOOLONG && r == -1 && errno == ENAMETOOLONG,
          "a file name beyond NAME_MAX: ENAMETOOLONG");
    longname[NAME_MAX - 2] = 'n';
    longname[NAME_MAX + 2] = 0;   /* the name itself beyond NAME_MAX */
    errno = 0;
    x = sem_open(longname, O_CREAT, 0600, 1);
    check(x == SEM_FAILED && errno == EINVAL, "a name beyond NAME_MAX: EINVAL");
    errno = 0;
    r = sem_unlink("/a/b");
    int r3 = sem_unlink(longname);
    check(r == -1 && r3 == -1 && errno == ENOENT, "sem_unlink of names that cannot exist: ENOENT");
    return fails != 0;
}
