/* getenv/setenv/unsetenv/putenv/clearenv, rand, system, mkstemp, realpath. */
#include "zl_libc.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <sys/stat.h>
#include <limits.h>
#include <stdint.h>
#include <time.h>
#include <sys/auxv.h>

char *getenv(const char *name)
{
    size_t l = strlen(name);
    if (!environ || !l || strchr(name, '='))
        return NULL;
    for (char **e = environ; *e; e++)
        if (strncmp(*e, name, l) == 0 && (*e)[l] == '=')
            return *e + l + 1;
    return NULL;
}

char *secure_getenv(const char *name)
{
    return getauxval(AT_SECURE) ? NULL : getenv(name);
}

/* environ is replaced by a malloc'd array on the first change; strings set by setenv are
 * owned by us and remembered so that replacing them frees them. */
static char **own_env;
static size_t own_cap;
static char **owned;
static size_t nowned, owned_cap;

static int own_array(size_t extra)
{
    size_t n = 0;
    while (environ && environ[n])
        n++;
    if (environ == own_env && n + extra + 1 <= own_cap)
        return 0;
    size_t cap = (n + extra + 1) * 2;
    char **v = malloc(cap * sizeof *v);
    if (!v)
        return -1;
    for (size_t i = 0; i < n; i++)
        v[i] = environ[i];
    v[n] = NULL;
    if (own_env == environ)
        free(own_env);
    own_env = environ = v;
    own_cap = cap;
    return 0;
}

static void release(char *s)
{
    for (size_t i = 0; i < nowned; i++)
        if (owned[i] == s) {
            free(s);
            owned[i] = owned[--nowned];
            return;
        }
}

static int put(char *s, size_t namelen, int own)
{
    if (own_array(1) < 0)
        return -1;
    if (own) {
        if (nowned == owned_cap) {
            size_t c = owned_cap ? owned_cap * 2 : 16;
            char **o = realloc(owned, c * sizeof *o);
            if (!o)
                return -1;
            owned = o;
            owned_cap = c;
        }
        owned[nowned++] = s;
    }
    size_t i = 0;
    for (; environ[i]; i++)
        if (strncmp(environ[i], s, namelen) == 0 && environ[i][namelen] == '=') {
            char *old = environ[i];
            environ[i] = s;
            release(old);
            return 0;
        }
    environ[i] = s;
    environ[i + 1] = NULL;
    return 0;
}

int setenv(const char *name, const char *val, int overwrite)
{
    size_t l = name ? strlen(name) : 0;
    if (!l || strchr(name, '=')) {
        errno = EINVAL;
        return -1;
    }
    if (!overwrite && getenv(name))
        return 0;
    size_t vl = strlen(val);
    char *s = malloc(l + vl + 2);
    if (!s)
        return -1;
    memcpy(s, name, l);
    s[l] = '=';
    memcpy(s + l + 1, val, vl + 1);
    if (put(s, l, 1) < 0) {
        free(s);
        return -1;
    }
    return 0;
}

int putenv(char *s)
{
    char *eq = strchr(s, '=');
    if (!eq)
        return unsetenv(s);
    return put(s, (size_t)(eq - s), 0);
}

int unsetenv(const char *name)
{
    size_t l = name ? strlen(name) : 0;
    if (!l || strchr(name, '=')) {
        errno = EINVAL;
        return -1;
    }
    if (!environ)
        return 0;
    if (own_array(0) < 0)
        return -1;
    size_t j = 0;
    for (size_t i = 0; environ[i]; i++) {
        if (strncmp(environ[i], name, l) == 0 && environ[i][l] == '=')
            release(environ[i]);
        else
            environ[j++] = environ[i];
    }
    environ[j] = NULL;
    return 0;
}

int clearenv(void)
{
    if (own_array(0) < 0)
        return -1;
    for (size_t i = 0; environ[i]; i++)
        release(environ[i]);
    environ[0] = NULL;
    return 0;
}

/* rand: a 64-bit LCG (Knuth's MMIX constants), the top 31 bits. */
static uint64_t seed = 1;
void srand(unsigned s) { seed = s - 1; }
int rand(void)
{
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    return (int)(seed >> 33);
}
int rand_r(unsigned *s)
{
    uint64_t x = *s;
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    *s = (unsigned)(x >> 32);
    return (int)(x >> 33);
}
long random(void) { return rand(); }
void srandom(unsigned s) { srand(s); }

int system(const char *cmd)
{
    if (!cmd)
        return access("/bin/sh", X_OK) == 0;
    struct sigaction ign = { 0 }, oint, oquit;
    ign.sa_handler = SIG_IGN;
    sigaction(SIGINT, &ign, &oint);
    sigaction(SIGQUIT, &ign, &oquit);
    sigset_t blk, old;
    sigemptyset(&blk);
    sigaddset(&blk, SIGCHLD);
    sigprocmask(SIG_BLOCK, &blk, &old);
    int status = -1;
    pid_t pid = fork();
    if (pid == 0) {
        sigaction(SIGINT, &oint, NULL);
        sigaction(SIGQUIT, &oquit, NULL);
        sigprocmask(SIG_SETMASK, &old, NULL);
        char *argv[] = { "sh", "-c", (char *)cmd, NULL };
        execve("/bin/sh", argv, environ);
        _exit(127);
    }
    if (pid > 0)
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
            ;
    sigaction(SIGINT, &oint, NULL);
    sigaction(SIGQUIT, &oquit, NULL);
    sigprocmask(SIG_SETMASK, &old, NULL);
    return pid < 0 ? -1 : status;
}

static int fill_x(char *t, size_t n)
{
    static const char cs[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    unsigned char r[6];
    if (getentropy(r, sizeof r) < 0) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        for (size_t i = 0; i < 6; i++)
            r[i] = (unsigned char)(ts.tv_nsec >> (i * 5)) ^ (unsigned char)getpid();
    }
    for (size_t i = 0; i < n; i++)
        t[i] = cs[r[i % 6] % 62];
    return 0;
}

/* The six X's end suffixlen characters before the end of tmpl (0 for mkstemp). */
int __zl_mkostemps_mode(char *tmpl, int suffixlen, int flags, unsigned mode)
{
    size_t l = strlen(tmpl);
    if (suffixlen < 0 || l < 6 || l - 6 < (size_t)suffixlen) {
        errno = EINVAL;
        return -1;
    }
    char *x = tmpl + l - 6 - (size_t)suffixlen;
    if (memcmp(x, "XXXXXX", 6)) {
        errno = EINVAL;
        return -1;
    }
    for (int tries = 0; tries < 100; tries++) {
        fill_x(x, 6);
        int fd = open(tmpl, O_RDWR | O_CREAT | O_EXCL | flags, mode);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    memcpy(x, "XXXXXX", 6);
    errno = EEXIST;
    return -1;
}

int mkostemps(char *tmpl, int suffixlen, int flags)
{
    return __zl_mkostemps_mode(tmpl, suffixlen, flags, 0600);
}

int mkostemp(char *tmpl, int flags) { return mkostemps(tmpl, 0, flags); }
int mkstemps(char *tmpl, int suffixlen) { return mkostemps(tmpl, suffixlen, 0); }
int mkstemp(char *tmpl) { return mkostemps(tmpl, 0, 0); }

char *mkdtemp(char *tmpl)
{
    size_t l = strlen(tmpl);
    if (l < 6 || memcmp(tmpl + l - 6, "XXXXXX", 6)) {
        errno = EINVAL;
        return NULL;
    }
    for (int tries = 0; tries < 100; tries++) {
        fill_x(tmpl + l - 6, 6);
        if (mkdir(tmpl, 0700) == 0)
            return tmpl;
        if (errno != EEXIST)
            return NULL;
    }
    return NULL;
}

/* realpath: resolves symbolic links component by component. */
char *realpath(const char *restrict path, char *restrict out)
{
    char res[PATH_MAX], rest[PATH_MAX];
    int links = 0;
    if (!path) {
        errno = EINVAL;
        return NULL;
    }
    if (!*path) {
        errno = ENOENT;
        return NULL;
    }
    size_t rl;
    if (path[0] == '/') {
        res[0] = '/';
        rl = 1;
    } else {
        if (!getcwd(res, sizeof res))
            return NULL;
        rl = strlen(res);
    }
    if (strlen(path) >= sizeof rest) {
        errno = ENAMETOOLONG;
        return NULL;
    }
    strcpy(rest, path);
    char *p = rest;
    while (*p) {
        while (*p == '/')
            p++;
        if (!*p)
            break;
        char *e = strchrnul(p, '/');
        size_t cl = (size_t)(e - p);
        if (cl == 1 && p[0] == '.') {
            p = e;
            continue;
        }
        if (cl == 2 && p[0] == '.' && p[1] == '.') {
            while (rl > 1 && res[rl - 1] != '/')
                rl--;
            if (rl > 1)
                rl--;
            p = e;
            continue;
        }
        size_t save = rl;
        if (rl > 1)
            res[rl++] = '/';
        if (rl + cl >= sizeof res) {
            errno = ENAMETOOLONG;
            return NULL;
        }
        memcpy(res + rl, p, cl);
        rl += cl;
        res[rl] = 0;
        p = e;
        char link[PATH_MAX];
        ssize_t n = readlink(res, link, sizeof link - 1);
        if (n < 0) {
            if (errno != EINVAL)
                return NULL;
            continue;   /* not a link */
        }
        if (++links > 40) {
            errno = ELOOP;
            return NULL;
        }
        link[n] = 0;
        size_t tl = strlen(p);
        if ((size_t)n + tl + 1 >= sizeof rest) {
            errno = ENAMETOOLONG;
            return NULL;
        }
        memmove(rest + n, p, tl + 1);
        memcpy(rest, link, (size_t)n);
        p = rest;
        if (link[0] == '/')
            rl = 1;
        else
            rl = save;
        res[rl] = 0;
    }
    res[rl] = 0;
    if (!out) {
        return strdup(res);
    }
    strcpy(out, res);
    return out;
}
