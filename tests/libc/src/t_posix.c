/* time conversion and strftime, getopt/getopt_long, fnmatch, inet_pton/ntop, dirent,
 * stat/lseek/pread/writev on a temporary directory, setlocale/localeconv, pipes + poll. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <getopt.h>
#include <fnmatch.h>
#include <glob.h>
#include <arpa/inet.h>
#include <dirent.h>
#include <unistd.h>
#include <fcntl.h>
#include <errno.h>
#include <locale.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/socket.h>
#include <sys/select.h>
#include <sys/resource.h>
#include <sys/utsname.h>

static int cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(void)
{
    /* time */
    long long ts[] = { 0, 1, 86399, 86400, 951782400, 951868800, 1700000000, -1, -86401, 2147483647,
                       2147483648LL, 4102444800LL, -2208988800LL, 253402300799LL, 1104537600, 1230768000 };
    for (size_t i = 0; i < sizeof ts / sizeof *ts; i++) {
        time_t t = (time_t)ts[i];
        struct tm tm;
        gmtime_r(&t, &tm);
        char buf[256];
        strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S %a %A %b %B %j %u %w %U %W %V %G %g %y %C %e %I %p %D %F %T %R %%", &tm);
        struct tm c = tm;
        printf("%lld: %s | %d %d | back %lld | %s", ts[i], buf, tm.tm_yday, tm.tm_wday, (long long)timegm(&c), asctime(&tm));
    }
    struct tm n = { .tm_year = 100, .tm_mon = 13, .tm_mday = 35, .tm_hour = 25, .tm_min = 61, .tm_sec = 61 };
    time_t nt = timegm(&n);
    printf("normalized %lld %d-%d-%d %d:%d:%d\n", (long long)nt, n.tm_year, n.tm_mon, n.tm_mday, n.tm_hour, n.tm_min, n.tm_sec);
    char sm[4];
    printf("strftime small: %zu\n", strftime(sm, sizeof sm, "%Y-%m", gmtime(&nt)));
    /* getopt */
    char *av1[] = { "prog", "-a", "-bval", "file1", "-c", "cval", "--", "-d", NULL };
    int c;
    optind = 1;
    opterr = 0;
    while ((c = getopt(8, av1, "ab:c:d")) != -1)
        printf("opt %c arg %s\n", c, optarg ? optarg : "-");
    for (int i = optind; i < 8; i++)
        printf("operand %s\n", av1[i]);
    static struct option lo[] = { { "verbose", no_argument, 0, 'v' }, { "output", required_argument, 0, 'o' },
                                  { "level", optional_argument, 0, 'l' }, { 0, 0, 0, 0 } };
    char *av2[] = { "prog", "--verbose", "x", "--output=out", "--level", "-o", "o2", "--lev=3", "--out", "o3", "-vq", "y", NULL };
    optind = 1;
    int idx = -1;
    while ((c = getopt_long(12, av2, "vo:l::", lo, &idx)) != -1)
        printf("long %c arg %s\n", c, optarg ? optarg : "-");
    for (int i = optind; i < 12; i++)
        printf("operand %s\n", av2[i]);
    /* fnmatch */
    const char *pats[] = { "*.c", "a?c", "[a-c]*", "[!a]*", "*/*.h", ".*", "*", "\\*", "[[:digit:]]x", "a[]]b", "A*" };
    const char *strs[] = { "main.c", "abc", "bcd", "a/b.h", ".hidden", "*", "5x", "a]b", "xyz", "ABC" };
    for (size_t i = 0; i < sizeof pats / sizeof *pats; i++) {
        printf("%s:", pats[i]);
        for (size_t j = 0; j < sizeof strs / sizeof *strs; j++)
            printf(" %d%d%d", fnmatch(pats[i], strs[j], 0) == 0, fnmatch(pats[i], strs[j], FNM_PATHNAME | FNM_PERIOD) == 0,
                   fnmatch(pats[i], strs[j], FNM_CASEFOLD) == 0);
        printf("\n");
    }
    /* inet */
    const char *a4[] = { "127.0.0.1", "255.255.255.255", "1.2.3", "01.2.3.4", "256.1.1.1", "1.2.3.4.5", "" };
    for (size_t i = 0; i < sizeof a4 / sizeof *a4; i++) {
        unsigned char b[4] = { 0 };
        char out[64] = "";
        int r = inet_pton(AF_INET, a4[i], b);
        printf("pton4 %s -> %d %s | aton %d\n", a4[i], r, r == 1 ? inet_ntop(AF_INET, b, out, sizeof out) : "-",
               inet_addr(a4[i]) != INADDR_NONE);
    }
    const char *a6[] = { "::", "::1", "1::", "2001:db8::1", "fe80::1:2:3:4", "1:2:3:4:5:6:7:8", "1:0:0:2:0:0:0:3",
                         "::ffff:1.2.3.4", "1:2:3:4:5:6:7:8:9", ":::", "12345::", "1::2::3", "::1.2.3.4" };
    for (size_t i = 0; i < sizeof a6 / sizeof *a6; i++) {
        unsigned char b[16] = { 0 };
        char out[64] = "";
        int r = inet_pton(AF_INET6, a6[i], b);
        printf("pton6 %s -> %d %s\n", a6[i], r, r == 1 ? inet_ntop(AF_INET6, b, out, sizeof out) : "-");
    }
    printf("hton %08x %04x\n", htonl(0x01020304), htons(0x0102));
    /* files, dirent */
    char dir[] = "/tmp/zlposixXXXXXX";
    mkdtemp(dir);
    char p[256];
    const char *names[] = { "b", "a", "c.txt", "dd" };
    for (int i = 0; i < 4; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, names[i]);
        int fd = open(p, O_CREAT | O_WRONLY, 0644);
        struct iovec v[3] = { { .iov_base = "hello ", .iov_len = 6 }, { .iov_base = (char *)names[i], .iov_len = strlen(names[i]) },
                              { .iov_base = "\n", .iov_len = 1 } };
        printf("writev %zd\n", writev(fd, v, 3));
        close(fd);
    }
    DIR *d = opendir(dir);
    char *list[16];
    int cnt = 0;
    struct dirent *e;
    while ((e = readdir(d)) && cnt < 16)
        list[cnt++] = strdup(e->d_name);
    closedir(d);
    qsort(list, (size_t)cnt, sizeof *list, cmp);
    for (int i = 0; i < cnt; i++) {
        printf("entry %s\n", list[i]);
        free(list[i]);
    }
    snprintf(p, sizeof p, "%s/a", dir);
    struct stat st;
    printf("stat %d size %lld reg %d mode %o\n", stat(p, &st), (long long)st.st_size, S_ISREG(st.st_mode), st.st_mode & 0777);
    int fd = open(p, O_RDWR);
    char buf[32] = "";
    printf("pread %zd [%.5s] lseek %lld\n", pread(fd, buf, 5, 2), buf, (long long)lseek(fd, 0, SEEK_END));
    printf("pwrite %zd ftruncate %d\n", pwrite(fd, "XY", 2, 0), ftruncate(fd, 4));
    fstat(fd, &st);
    printf("fstat size %lld\n", (long long)st.st_size);
    struct iovec rv[2] = { { .iov_base = buf, .iov_len = 2 }, { .iov_base = buf + 10, .iov_len = 5 } };
    lseek(fd, 0, SEEK_SET);
    printf("readv %zd [%.2s][%.2s]\n", readv(fd, rv, 2), buf, buf + 10);
    close(fd);
    printf("lstat missing %d %d\n", lstat("/nonexistent", &st), errno == ENOENT);
    const char *gp[] = { "*", "?", "*.txt", "[ab]", "d*", "nomatch*", "*/x" };
    for (size_t i = 0; i < sizeof gp / sizeof *gp; i++) {
        glob_t g;
        snprintf(p, sizeof p, "%s/%s", dir, gp[i]);
        int r = glob(p, i == 5 ? GLOB_NOCHECK : GLOB_MARK, NULL, &g);
        printf("glob %s: %d %zu:", gp[i], r, r == 0 ? g.gl_pathc : (size_t)0);
        for (size_t k = 0; r == 0 && k < g.gl_pathc; k++)
            printf(" %s", g.gl_pathv[k] + strlen(dir));
        printf("\n");
        if (r == 0)
            globfree(&g);
    }
    for (int i = 0; i < 4; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, names[i]);
        unlink(p);
    }
    printf("rmdir %d\n", rmdir(dir));
    /* pipes and poll */
    int pp[2];
    pipe(pp);
    struct pollfd pf = { .fd = pp[0], .events = POLLIN };
    printf("poll empty %d\n", poll(&pf, 1, 0));
    write(pp[1], "x", 1);
    printf("poll ready %d %d\n", poll(&pf, 1, 100), (pf.revents & POLLIN) != 0);
    fd_set rs;
    FD_ZERO(&rs);
    FD_SET(pp[0], &rs);
    struct timeval tv = { 0, 1000 };
    printf("select %d %d\n", select(pp[0] + 1, &rs, NULL, NULL, &tv), FD_ISSET(pp[0], &rs));
    close(pp[0]);
    close(pp[1]);
    struct rlimit rl;
    printf("getrlimit %d %d\n", getrlimit(RLIMIT_NOFILE, &rl), rl.rlim_cur > 0 && rl.rlim_cur <= rl.rlim_max);
    struct utsname un;
    printf("uname %d %s\n", uname(&un), un.sysname);
    int sv[2];
    printf("socketpair %d\n", socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
    struct iovec sio = { .iov_base = "msg!", .iov_len = 4 };
    struct msghdr mh;
    memset(&mh, 0, sizeof mh);
    mh.msg_iov = &sio;
    mh.msg_iovlen = 1;
    printf("sendmsg %zd\n", sendmsg(sv[0], &mh, 0));
    char rbuf[8] = "";
    struct iovec rio = { .iov_base = rbuf, .iov_len = sizeof rbuf };
    mh.msg_iov = &rio;
    printf("recvmsg %zd [%s]\n", recvmsg(sv[1], &mh, 0), rbuf);
    /* locale */
    printf("setlocale %s %s %s\n", setlocale(LC_ALL, "C"), setlocale(LC_ALL, "POSIX"),
           setlocale(LC_ALL, "xx_YY") ? "accepted" : "refused");
    printf("decimal point [%s]\n", localeconv()->decimal_point);
    return 0;
}
