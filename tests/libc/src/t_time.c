/* Time zones: tzset/tzname/timezone/daylight, localtime_r across every transition of several
 * zones (found by weekly sampling 1900..2100 and bisection), strftime %Z/%z, mktime
 * (normalisation, tm_isdst hints, skipped and repeated local times), POSIX TZ strings,
 * TZ=":Area/City", TZDIR, and damaged TZif files (which must give UTC without crashing).
 * Needs /usr/share/zoneinfo (tzdata). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <errno.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/stat.h>

/* POSIX TZ strings are compared from 1970 on: glibc applies their rules only from 1970
 * (earlier years get the 1970 change times), zlibc to every year. */
static int from1970;

static void show(const char *what, time_t t)
{
    struct tm tm;
    char buf[128];
    if (!localtime_r(&t, &tm)) {
        printf("%s %lld: localtime_r failed\n", what, (long long)t);
        return;
    }
    strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S %a %Z %z", &tm);
    printf("%s %lld: %s isdst=%d off=%ld yday=%d wday=%d\n", what, (long long)t, buf, tm.tm_isdst,
           (long)tm.tm_gmtoff, tm.tm_yday, tm.tm_wday);
}

static void globals_as(const char *tz, const char *label)
{
    if (tz)
        setenv("TZ", tz, 1);
    else
        unsetenv("TZ");
    tzset();
    printf("TZ=%s: tzname=%s/%s timezone=%ld daylight=%d\n", label, tzname[0], tzname[1],
           (long)timezone, daylight);
}

static void globals(const char *tz)
{
    globals_as(tz, tz ? tz : "(unset)");
}

static long offset_at(time_t t)
{
    struct tm tm;
    return localtime_r(&t, &tm) ? tm.tm_gmtoff * 2 + tm.tm_isdst : -1;
}

/* every change of UTC offset or isdst, 1900..2100 (weekly samples + bisection) */
static void transitions(void)
{
    const time_t step = 7 * 86400, from = from1970 ? 0 : -2208988800LL, to = 4133980800LL;
    int n = 0, bad = 0;
    long prev = offset_at(from);
    for (time_t t = from + step; t <= to; t += step) {
        long cur = offset_at(t);
        if (cur == prev)
            continue;
        time_t lo = t - step, hi = t;   /* offset(lo) == prev, offset(hi) != prev */
        while (hi - lo > 1) {
            time_t mid = lo + (hi - lo) / 2;
            if (offset_at(mid) == prev)
                lo = mid;
            else
                hi = mid;
        }
        show("  before", hi - 1);
        show("  at    ", hi);
        /* mktime must invert localtime at both sides (tm_isdst given) */
        for (time_t u = hi - 1; u <= hi; u++) {
            struct tm tm;
            localtime_r(&u, &tm);
            time_t back = mktime(&tm);
            if (back != u)
                bad++;
        }
        n++;
        prev = cur;
    }
    printf("  %d transitions, %d mktime round-trip failures\n", n, bad);
}

static void mk(int y, int mon, int d, int h, int mi, int s, int isdst)
{
    struct tm tm = { 0 };
    tm.tm_year = y - 1900;
    tm.tm_mon = mon - 1;
    tm.tm_mday = d;
    tm.tm_hour = h;
    tm.tm_min = mi;
    tm.tm_sec = s;
    tm.tm_isdst = isdst;
    tm.tm_wday = 99;
    tm.tm_yday = 999;
    errno = 0;
    time_t t = mktime(&tm);
    char buf[128];
    strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S %Z %z", &tm);
    printf("  mktime(%d-%d-%d %d:%d:%d isdst=%d) = %lld -> %s isdst=%d wday=%d yday=%d\n", y, mon,
           d, h, mi, s, isdst, (long long)t, buf, tm.tm_isdst, tm.tm_wday, tm.tm_yday);
}

static void mktimes(void)
{
    static const int req[][6] = {
        { 2024, 3, 10, 2, 30, 0 },  { 2024, 11, 3, 1, 30, 0 }, { 2024, 3, 31, 1, 30, 0 },
        { 2024, 10, 27, 1, 30, 0 }, { 2024, 10, 6, 2, 15, 0 }, { 2024, 4, 7, 1, 45, 0 },
        { 2011, 12, 30, 12, 0, 0 }, { 2011, 12, 29, 23, 59, 59 }, { 2024, 7, 1, 12, 0, 0 },
        { 2024, 1, 15, 12, 0, 0 },  { 1900, 1, 1, 0, 0, 0 },   { 2100, 12, 31, 23, 59, 59 },
        { 2024, 14, 1, 0, 0, 0 },   { 2024, 3, 0, 0, 0, 0 },   { 2024, 1, -40, 50, -90, 3700 },
        { 2023, -13, 400, -25, 0, -1 }, { 1969, 12, 31, 23, 59, 60 }, { 2050, 6, 15, 3, 0, 0 },
        { 2024, 3, 10, 3, 0, -1 },  { 2024, 3, 10, 1, 90, 0 }, { 1883, 11, 18, 12, 0, 0 },
        { 2038, 1, 19, 3, 14, 8 },  { 2099, 3, 29, 1, 30, 0 }, { 1918, 3, 31, 2, 30, 0 },
    };
    for (size_t i = 0; i < sizeof req / sizeof *req; i++)
        for (int isdst = -1; isdst <= 1; isdst++)
            mk(req[i][0], req[i][1], req[i][2], req[i][3], req[i][4], req[i][5], isdst);
}

static void samples(void)
{
    static const long long ts[] = { -2208988800LL, -2147483649LL, -2147483648LL, -1, 0, 1,
                                    951782400, 1700000000, 2147483647, 2147483648LL,
                                    4102444800LL, 4133980799LL, 1325239200, 1325152800 };
    for (size_t i = 0; i < sizeof ts / sizeof *ts; i++)
        if (!from1970 || ts[i] >= 0)
            show("  t", (time_t)ts[i]);
    char buf[64];
    struct tm tm;
    time_t t = 1700000000;
    localtime_r(&t, &tm);
    strftime(buf, sizeof buf, "%s", &tm);
    printf("  %%s of localtime(1700000000) = %s\n", buf);
}

static size_t be32(const unsigned char *p)
{
    return (size_t)p[0] << 24 | (size_t)p[1] << 16 | (size_t)p[2] << 8 | p[3];
}

static void write_file(const char *path, const void *data, size_t n)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0 || write(fd, data, n) != (ssize_t)n)
        printf("cannot write %s\n", path);
    if (fd >= 0)
        close(fd);
}

/* a version 1 file: the v1 header and 32-bit data of America/Los_Angeles, no footer */
static void v1only(const char *dir)
{
    static unsigned char buf[65536];
    int fd = open("/usr/share/zoneinfo/America/Los_Angeles", O_RDONLY);
    ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof buf);
    if (fd >= 0)
        close(fd);
    if (n < 200) {
        printf("cannot read America/Los_Angeles\n");
        return;
    }
    size_t v1 = 44 + be32(buf + 32) * 5 + be32(buf + 36) * 6 + be32(buf + 40) +
                be32(buf + 28) * 8 + be32(buf + 24) + be32(buf + 20);
    buf[4] = 0;
    char path[512];
    snprintf(path, sizeof path, "%s/v1zone", dir);
    write_file(path, buf, v1);
    globals_as(path, "<tmp>/v1zone");
    samples();
    transitions();
    mk(2024, 3, 10, 2, 30, 0, -1);
    mk(2050, 7, 1, 12, 0, 0, -1);
}

/* damaged copies of a real TZif file: each must behave as UTC (offset 0) and not crash */
static void damaged(const char *dir)
{
    static unsigned char good[65536];
    int fd = open("/usr/share/zoneinfo/America/New_York", O_RDONLY);
    ssize_t n = fd < 0 ? -1 : read(fd, good, sizeof good);
    if (fd >= 0)
        close(fd);
    if (n < 200) {
        printf("cannot read America/New_York\n");
        return;
    }
    /* end of the v1 data block = start of the v2 header (RFC 8536 counts at 20..43) */
    size_t v1 = 44 + be32(good + 32) * 5 + be32(good + 36) * 6 + be32(good + 40) +
                be32(good + 28) * 8 + be32(good + 24) + be32(good + 20);
    size_t cuts[] = { 0, 3, 20, 43, 44, 100, v1, v1 + 44, v1 + 100, (size_t)n / 2 + 100,
                      (size_t)n - 1, (size_t)n - 5 };   /* the last two cut only the footer */
    char path[512];
    static unsigned char bad[65536];
    int k = 0;
    for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++, k++) {
        snprintf(path, sizeof path, "%s/cut%d", dir, k);
        write_file(path, good, cuts[i] < (size_t)n ? cuts[i] : (size_t)n);
    }
    /* single-byte edits: v1 magic, version '9' (read as v2+), v1 typecnt 0, v1 charcnt 0,
     * v2 magic, v2 typecnt 0, v2 charcnt 0, v2 timecnt 2^31 + ..., v2 typecnt 255.  (A version
     * byte '1' is accepted as v2+ by glibc, rejected by zlibc: not compared.) */
    const size_t edits[][2] = { { 0, 'X' },       { 4, '9' },       { 39, 0 },   { 43, 0 },
                                { v1, 'X' },      { v1 + 39, 0 },   { v1 + 43, 0 },
                                { v1 + 32, 0x80 }, { v1 + 39, 255 } };
    for (size_t i = 0; i < sizeof edits / sizeof *edits; i++, k++) {
        memcpy(bad, good, (size_t)n);
        bad[edits[i][0]] = (unsigned char)edits[i][1];
        snprintf(path, sizeof path, "%s/cut%d", dir, k);
        write_file(path, bad, (size_t)n);
    }
    /* every 64-bit type index out of range */
    memcpy(bad, good, (size_t)n);
    {
        unsigned char *h = bad + v1;
        size_t tc = be32(h + 32);
        memset(h + 44 + tc * 8, 0xff, tc);
        snprintf(path, sizeof path, "%s/cut%d", dir, k++);
        write_file(path, bad, (size_t)n);
    }
    snprintf(path, sizeof path, "%s/empty.d", dir);
    mkdir(path, 0755);
    for (int i = 0; i <= k; i++) {
        char tz[600];
        if (i < k)
            snprintf(tz, sizeof tz, "%s/cut%d", dir, i);
        else
            snprintf(tz, sizeof tz, "%s/empty.d", dir);
        setenv("TZ", tz, 1);
        tzset();
        time_t t = 1700000000;
        struct tm tm;
        struct tm *r = localtime_r(&t, &tm);
        printf("damaged %d: %s hour=%d off=%ld isdst=%d timezone=%ld daylight=%d\n", i,
               r ? "ok" : "NULL", tm.tm_hour, (long)tm.tm_gmtoff, tm.tm_isdst, (long)timezone,
               daylight);
    }
}

/* random damage (deterministic): only survival is compared, the results may differ */
static void fuzz(const char *dir)
{
    static unsigned char good[65536], bad[65536];
    int fd = open("/usr/share/zoneinfo/Europe/London", O_RDONLY);
    ssize_t n = fd < 0 ? -1 : read(fd, good, sizeof good);
    if (fd >= 0)
        close(fd);
    if (n < 200) {
        printf("cannot read Europe/London\n");
        return;
    }
    char path[512];
    snprintf(path, sizeof path, "%s/fuzz", dir);
    unsigned long long seed = 12345;
    int cases = 200;
    for (int i = 0; i < cases; i++) {
        memcpy(bad, good, (size_t)n);
        size_t len = (size_t)n;
        int edits = 1 + i % 4;
        for (int k = 0; k < edits; k++) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            size_t at = (size_t)(seed >> 33) % len;
            if (i % 5 == 0)
                at = (size_t)(seed >> 33) % 120;   /* the headers */
            bad[at] = (unsigned char)(seed >> 20);
        }
        if (i % 7 == 0)
            len = (size_t)(seed >> 40) % len;
        write_file(path, bad, len);
        setenv("TZ", path, 1);
        tzset();
        static const long long ts[] = { -4000000000LL, 0, 1700000000, 4000000000LL };
        for (int k = 0; k < 4; k++) {
            time_t t = (time_t)ts[k];
            struct tm tm;
            if (localtime_r(&t, &tm) && k == 2)
                mktime(&tm);
        }
    }
    printf("fuzz: %d damaged files survived\n", cases);
    /* a TZ longer than PATH_MAX, and garbage POSIX strings */
    static char longtz[6000];
    memset(longtz, 'A', sizeof longtz - 1);
    setenv("TZ", longtz, 1);
    tzset();
    time_t t = 1700000000;
    struct tm tm;
    localtime_r(&t, &tm);
    printf("long TZ: hour=%d off=%ld\n", tm.tm_hour, (long)tm.tm_gmtoff);
    static const char *junk[] = { "<", "<+", "<>5", "ABC", "ABC+", "ABC25", "ABC5DEF,",
                                  "ABC5DEF,M", "ABC5DEF,M13.1.0,M1.1.0", "ABC5DEF,J0,J1",
                                  "ABC5DEF,366,0", "ABC5DEF,M3.2.0/168,M11.1.0",
                                  "ABC5DEF,M3.2.0,M11.1.0junk", "ABC-5:60", "ABC5:30:99" };
    for (size_t i = 0; i < sizeof junk / sizeof *junk; i++) {
        setenv("TZ", junk[i], 1);
        tzset();
        localtime_r(&t, &tm);
    }
    printf("junk TZ strings survived\n");
}

int main(void)
{
    /* America/Nuuk and Asia/Jerusalem are TZif v3 files: footers with rule times < 0 or
     * > 24 h (used from 2037 on) */
    static const char *zones[] = { "America/New_York", "Europe/London", "Australia/Lord_Howe",
                                   "Asia/Kolkata", "Pacific/Apia", "UTC", "America/Nuuk",
                                   "Asia/Jerusalem" };
    for (size_t i = 0; i < sizeof zones / sizeof *zones; i++) {
        globals(zones[i]);
        samples();
        transitions();
        mktimes();
    }
    /* leap seconds: right/ zones count them in time_t */
    static const char *right[] = { "right/UTC", "right/America/New_York" };
    for (size_t i = 0; i < 2; i++) {
        globals(right[i]);
        samples();
        static const long long occ[] = { 78796800, 94694401, 915148821, 1483228826 };
        for (size_t k = 0; k < sizeof occ / sizeof *occ; k++)
            for (long long d = -2; d <= 2; d++)
                show("  leap", (time_t)(occ[k] + d));
        mk(2016, 12, 31, 23, 59, 60, -1);
        mk(2016, 12, 31, 18, 59, 60, -1);
        mk(2016, 12, 31, 23, 59, 59, -1);
        mk(2017, 1, 1, 0, 0, 0, -1);
        mk(1972, 6, 30, 23, 59, 60, 0);
        mk(2024, 7, 1, 12, 0, 0, -1);
        mk(2024, 3, 10, 2, 30, 0, -1);
    }
    static const char *posix[] = {
        "EST5EDT,M3.2.0,M11.1.0", "<+0330>-3:30", "CET-1CEST,M3.5.0,M10.5.0/3",
        "NZST-12NZDT,M9.5.0,M4.1.0/3", "AAA3BBB,J60/2,J300/2", "XXX-2YYY,59,299",
        "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", "EST5EDT4,0/0,J365/25", "JST-9", "<+14>-14",
        "IST-5:30", "<-0930>9:30", "AAA+1:02:03BBB-0:30,M1.1.1/0:30:30,M12.5.6/23:59:59",
        ":Europe/London", ":UTC", "UTC0",
    };
    for (size_t i = 0; i < sizeof posix / sizeof *posix; i++) {
        from1970 = posix[i][0] != ':';
        globals(posix[i]);
        samples();
        transitions();
        mk(2024, 3, 10, 2, 30, 0, -1);
        mk(2024, 11, 3, 1, 30, 0, -1);
        mk(2024, 7, 1, 12, 0, 0, 0);
    }
    from1970 = 0;

    char dir[] = "/tmp/t_time.XXXXXX";
    if (!mkdtemp(dir)) {
        printf("mkdtemp failed\n");
        return 1;
    }
    /* TZDIR: a zone file in a private directory */
    char path[512], cmd[600];
    snprintf(path, sizeof path, "%s/Test", dir);
    mkdir(path, 0755);
    snprintf(path, sizeof path, "%s/Test/Zone", dir);
    {
        static unsigned char buf[65536];
        int fd = open("/usr/share/zoneinfo/Australia/Lord_Howe", O_RDONLY);
        ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof buf);
        if (fd >= 0)
            close(fd);
        if (n > 0)
            write_file(path, buf, (size_t)n);
    }
    setenv("TZDIR", dir, 1);
    globals("Test/Zone");
    samples();
    unsetenv("TZDIR");
    v1only(dir);
    damaged(dir);
    fuzz(dir);
    globals(NULL);   /* /etc/localtime, or UTC */
    show("  unset", 1700000000);
    globals("");
    show("  empty", 1700000000);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0)
        printf("cleanup failed\n");
    return 0;
}
