/* Time zones (docs/libc.md "Time zones"): the TZ variable, TZif files (RFC 8536, versions 1
 * to 4) and POSIX TZ strings; tzset, tzname/timezone/daylight, localtime, localtime_r, mktime.
 *
 * The zone is held as transition data (times, type indexes, types) plus an optional POSIX
 * rule: the footer of a v2+ TZif file, or the whole zone when TZ is a POSIX string.  Zone
 * abbreviations are interned in a pool that is never freed, so tm_zone and tzname[] pointers
 * stay valid after TZ changes. */
#include "zl_thread.h"
#include <time.h>
#include <string.h>
#include <stdlib.h>
#include <fcntl.h>
#include <unistd.h>
#include <limits.h>

typedef __ZL_LONG64 tz_long;     /* time arithmetic: the type of time_t */
typedef __ZL_INT64 tz_i64;       /* TZif 64-bit data */

#define TIME_T_MAX ((time_t)((__ZL_ULONG64)-1 >> 1))
#define TIME_T_MIN (-TIME_T_MAX - 1)
#define TZIF_MAX_SIZE (1 << 20)      /* real files are a few KiB */
#define TZIF_MAX_COUNT (1 << 16)

ZL_HIDDEN tz_long __zl_days_from_civil(tz_long y, unsigned m, unsigned d);

char *tzname[2] = { "UTC", "UTC" };
long timezone;
int daylight;

/* ---- interned abbreviations ---- */

struct tz_str {
    struct tz_str *next;
    char s[];
};
static struct tz_str *tz_strs;

static const char *intern(const char *s, size_t n)
{
    for (struct tz_str *p = tz_strs; p; p = p->next)
        if (!strncmp(p->s, s, n) && !p->s[n])
            return p->s;
    struct tz_str *p = malloc(sizeof *p + n + 1);
    if (!p)
        return "";
    memcpy(p->s, s, n);
    p->s[n] = 0;
    p->next = tz_strs;
    tz_strs = p;
    return p->s;
}

/* ---- POSIX TZ strings: std offset [dst [offset] [,start[/time],end[/time]]] ---- */

struct tz_rule {
    char kind;      /* 'J': Julian day 1..365 without Feb 29; 'N': day 0..365; 'M': month.week.day */
    int a, b, c;    /* day, or month, week (5 = last), weekday */
    long secs;      /* local time of the change, -167 h .. 167 h (RFC 8536 3.3.1) */
};

struct tz_posix {
    const char *name[2];   /* standard, daylight */
    long off[2];           /* seconds east of UTC */
    int dst;               /* has a daylight part */
    struct tz_rule rule[2];   /* DST start (in local standard time), DST end (in local DST) */
};

static int is_digit(char c) { return c >= '0' && c <= '9'; }
static int is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

static const char *p_name(const char *s, const char **out)
{
    const char *b, *e;
    if (*s == '<') {
        b = ++s;
        while (is_alpha(*s) || is_digit(*s) || *s == '+' || *s == '-')
            s++;
        if (*s != '>')
            return NULL;
        e = s++;
    } else {
        b = s;
        while (is_alpha(*s))
            s++;
        e = s;
    }
    if (e - b < 3)
        return NULL;
    *out = intern(b, (size_t)(e - b));
    return s;
}

static const char *p_num(const char *s, int maxdig, long max, long *out)
{
    long v = 0;
    int n = 0;
    if (!is_digit(*s))
        return NULL;
    while (is_digit(*s) && n < maxdig) {
        v = v * 10 + (*s++ - '0');
        n++;
    }
    if (v > max)
        return NULL;
    *out = v;
    return s;
}

/* [+|-]hh[:mm[:ss]] with hh <= maxh */
static const char *p_hms(const char *s, long maxh, long *out)
{
    long sign = 1, h, m = 0, sec = 0;
    if (*s == '+' || *s == '-')
        sign = *s++ == '-' ? -1 : 1;
    if (!(s = p_num(s, 3, maxh, &h)))
        return NULL;
    if (*s == ':') {
        if (!(s = p_num(s + 1, 2, 59, &m)))
            return NULL;
        if (*s == ':' && !(s = p_num(s + 1, 2, 59, &sec)))
            return NULL;
    }
    *out = sign * (h * 3600 + m * 60 + sec);
    return s;
}

static const char *p_rule(const char *s, struct tz_rule *r)
{
    long a, b, c;
    if (*s == 'J') {
        if (!(s = p_num(s + 1, 3, 365, &a)) || a < 1)
            return NULL;
        r->kind = 'J';
        r->a = (int)a;
    } else if (*s == 'M') {
        if (!(s = p_num(s + 1, 2, 12, &a)) || a < 1 || *s != '.' ||
            !(s = p_num(s + 1, 1, 5, &b)) || b < 1 || *s != '.' ||
            !(s = p_num(s + 1, 1, 6, &c)))
            return NULL;
        r->kind = 'M';
        r->a = (int)a;
        r->b = (int)b;
        r->c = (int)c;
    } else {
        if (!(s = p_num(s, 3, 365, &a)))
            return NULL;
        r->kind = 'N';
        r->a = (int)a;
    }
    r->secs = 7200;
    if (*s == '/' && !(s = p_hms(s + 1, 167, &r->secs)))
        return NULL;
    return s;
}

static int parse_posix(const char *s, struct tz_posix *z)
{
    long o;
    memset(z, 0, sizeof *z);
    if (!(s = p_name(s, &z->name[0])) || !(s = p_hms(s, 24, &o)))
        return 0;
    z->off[0] = z->off[1] = -o;
    z->name[1] = z->name[0];
    if (!*s)
        return 1;
    if (!(s = p_name(s, &z->name[1])))
        return 0;
    z->dst = 1;
    z->off[1] = z->off[0] + 3600;
    if (*s && *s != ',') {
        if (!(s = p_hms(s, 24, &o)))
            return 0;
        z->off[1] = -o;
    }
    if (!*s || (s[0] == ',' && !s[1])) {
        /* no rule: the current US rules (glibc would use the posixrules file) */
        z->rule[0] = (struct tz_rule){ 'M', 3, 2, 0, 7200 };
        z->rule[1] = (struct tz_rule){ 'M', 11, 1, 0, 7200 };
        return 1;
    }
    if (*s != ',' || !(s = p_rule(s + 1, &z->rule[0])) || *s != ',' ||
        !(s = p_rule(s + 1, &z->rule[1])) || *s)
        return 0;
    return 1;
}

static int leap_year(tz_long y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

/* The local time (as seconds since the epoch of local midnight arithmetic) a rule names in
 * year y. */
static tz_long rule_local(const struct tz_rule *r, tz_long y)
{
    static const unsigned char mdays[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    tz_long day;
    if (r->kind == 'J') {
        day = __zl_days_from_civil(y, 1, 1) + r->a - 1 + (leap_year(y) && r->a >= 60);
    } else if (r->kind == 'N') {
        day = __zl_days_from_civil(y, 1, 1) + r->a;
    } else {
        tz_long first = __zl_days_from_civil(y, (unsigned)r->a, 1);
        int wd1 = (int)(((first + 4) % 7 + 7) % 7);      /* 1970-01-01 was a Thursday */
        int md = 1 + (r->c - wd1 + 7) % 7 + (r->b - 1) * 7;
        int mlen = mdays[r->a - 1] + (r->a == 2 && leap_year(y));
        while (md > mlen)
            md -= 7;
        day = first + md - 1;
    }
    return day * 86400 + r->secs;
}

/* Is t (UTC) daylight time under rule z?  The rules of t's UTC year decide (as glibc). */
static int posix_isdst(const struct tz_posix *z, time_t t)
{
    struct tm u;
    if (!z->dst || !gmtime_r(&t, &u))
        return 0;
    tz_long y = (tz_long)u.tm_year + 1900;
    tz_long start = rule_local(&z->rule[0], y) - z->off[0];
    tz_long end = rule_local(&z->rule[1], y) - z->off[1];
    if (start <= end)
        return t >= start && t < end;
    return t < end || t >= start;   /* southern hemisphere: DST spans the new year */
}

/* ---- the current zone ---- */

struct tz_type {
    long off;
    int isdst;
    const char *abbr;
};

static struct {
    int ntrans, ntypes;    /* ntypes == 0: the zone is only the POSIX rule */
    tz_i64 *trans;
    unsigned char *tidx;
    struct tz_type *types;
    int has_rule;
    struct tz_posix rule;
    int nleap;             /* leap-second records (right/ zones) */
    tz_i64 *leap_t;        /* occurrence, in the zone's leap-counting time_t */
    long *leap_c;          /* total correction from then on */
} zone;

struct tz_info {
    long off;
    int isdst;
    const char *abbr;
};

static void zone_at(time_t t, struct tz_info *o)
{
    int n = zone.ntrans;
    if (zone.ntypes && !(zone.has_rule && (n == 0 || t >= zone.trans[n - 1]))) {
        int ty = 0;
        if (n && t >= zone.trans[0]) {
            int lo = 0, hi = n - 1;   /* largest i with trans[i] <= t */
            while (lo < hi) {
                int mid = lo + (hi - lo + 1) / 2;
                if (zone.trans[mid] <= t)
                    lo = mid;
                else
                    hi = mid - 1;
            }
            ty = zone.tidx[lo];
        }
        o->off = zone.types[ty].off;
        o->isdst = zone.types[ty].isdst;
        o->abbr = zone.types[ty].abbr;
        return;
    }
    int d = posix_isdst(&zone.rule, t);
    o->off = zone.rule.off[d];
    o->isdst = d;
    o->abbr = zone.rule.name[d];
}

/* The leap-second correction in effect at t; *hit is 1 when t is an inserted leap second
 * (shown as second 60). */
static long leap_at(time_t t, int *hit)
{
    int i = zone.nleap;
    *hit = 0;
    while (i > 0 && t < zone.leap_t[i - 1])
        i--;
    if (!i--)
        return 0;
    *hit = t == zone.leap_t[i] && zone.leap_c[i] > (i ? zone.leap_c[i - 1] : 0);
    return zone.leap_c[i];
}

static void zone_free(void)
{
    free(zone.leap_t);
    free(zone.leap_c);
    free(zone.trans);
    free(zone.tidx);
    free(zone.types);
    memset(&zone, 0, sizeof zone);
}

static void zone_utc(void)
{
    zone_free();
    zone.has_rule = 1;
    zone.rule.name[0] = zone.rule.name[1] = "UTC";
}

/* ---- TZif (RFC 8536) ---- */

static unsigned long be32(const unsigned char *p)
{
    return (unsigned long)p[0] << 24 | (unsigned long)p[1] << 16 | (unsigned long)p[2] << 8 | p[3];
}

static tz_i64 sbe32(const unsigned char *p)
{
    unsigned long u = be32(p);
    return u >= 0x80000000ul ? (tz_i64)u - 0x100000000 : (tz_i64)u;
}

static tz_i64 sbe64(const unsigned char *p)
{
    __ZL_UINT64 u = 0;
    for (int i = 0; i < 8; i++)
        u = u << 8 | p[i];
    return u >> 63 ? -(tz_i64)(~u) - 1 : (tz_i64)u;
}

struct tzif_hdr {
    int version;
    unsigned long isut, isstd, leap, time, type, chars;
};

/* Parses a header at b (n bytes left); returns the size of the data block that follows for
 * time values of tsize bytes, or 0 if the header is invalid. */
static size_t tzif_header(const unsigned char *b, size_t n, int tsize, struct tzif_hdr *h)
{
    if (n < 44 || memcmp(b, "TZif", 4))
        return 0;
    if (b[4] != 0 && b[4] < '2')
        return 0;
    h->version = b[4] ? 2 : 1;   /* later versions keep the v2 layout (RFC 8536 3.1) */
    h->isut = be32(b + 20);
    h->isstd = be32(b + 24);
    h->leap = be32(b + 28);
    h->time = be32(b + 32);
    h->type = be32(b + 36);
    h->chars = be32(b + 40);
    if (h->type == 0 || h->type > 256 || h->chars == 0 || h->time > TZIF_MAX_COUNT ||
        h->leap > TZIF_MAX_COUNT || h->chars > TZIF_MAX_COUNT ||
        (h->isut && h->isut != h->type) || (h->isstd && h->isstd != h->type))
        return 0;
    return h->time * (size_t)tsize + h->time + h->type * 6 + h->chars +
           h->leap * (size_t)(tsize + 4) + h->isstd + h->isut;
}

/* Replaces the zone by the TZif data b[0..n); 0 (zone unchanged) if it is invalid. */
static int load_tzif(const unsigned char *b, size_t n)
{
    struct tzif_hdr h;
    size_t sz = tzif_header(b, n, 4, &h), pos = 44;
    int tsize = 4;
    if (!sz || n - 44 < sz)
        return 0;
    if (h.version >= 2) {
        pos += sz;
        sz = tzif_header(b + pos, n - pos, 8, &h);
        if (!sz || h.version < 2 || n - pos - 44 < sz)
            return 0;
        pos += 44;
        tsize = 8;
    }
    const unsigned char *tp = b + pos, *ip = tp + h.time * (size_t)tsize;
    const unsigned char *yp = ip + h.time, *cp = yp + h.type * 6;
    const char *chars = (const char *)cp;
    if (chars[h.chars - 1] != 0)
        return 0;
    struct tz_posix rule;
    int has_rule = 0;
    if (h.version >= 2) {
        /* footer: \n TZ-string \n.  A missing, truncated or invalid footer is ignored (as
         * glibc): the transition data still holds, the last type applies after it. */
        const char *f = (const char *)(b + pos + sz), *end = (const char *)b + n;
        const char *nl = f < end && *f == '\n' ? memchr(f + 1, '\n', (size_t)(end - f - 1)) : NULL;
        char buf[128];
        if (nl && nl > f + 1 && (size_t)(nl - f - 1) < sizeof buf) {
            memcpy(buf, f + 1, (size_t)(nl - f - 1));
            buf[nl - f - 1] = 0;
            has_rule = parse_posix(buf, &rule);
        }
    }
    tz_i64 *trans = malloc((h.time ? h.time : 1) * sizeof *trans);
    unsigned char *tidx = malloc(h.time ? h.time : 1);
    struct tz_type *types = malloc(h.type * sizeof *types);
    tz_i64 *leap_t = malloc((h.leap ? h.leap : 1) * sizeof *leap_t);
    long *leap_c = malloc((h.leap ? h.leap : 1) * sizeof *leap_c);
    if (!trans || !tidx || !types || !leap_t || !leap_c)
        goto bad;
    const unsigned char *lp = cp + h.chars;
    for (unsigned long i = 0; i < h.leap; i++, lp += tsize + 4) {
        leap_t[i] = tsize == 8 ? sbe64(lp) : sbe32(lp);
        leap_c[i] = (long)sbe32(lp + tsize);
        if (i && leap_t[i] <= leap_t[i - 1])
            goto bad;
    }
    for (unsigned long i = 0; i < h.time; i++) {
        trans[i] = tsize == 8 ? sbe64(tp + 8 * i) : sbe32(tp + 4 * i);
        tidx[i] = ip[i];
        if (ip[i] >= h.type || (i && trans[i] <= trans[i - 1]))
            goto bad;
    }
    for (unsigned long i = 0; i < h.type; i++) {
        const unsigned char *y = yp + 6 * i;
        tz_i64 off = sbe32(y);
        if (off == -(tz_i64)0x80000000 || y[4] > 1 || y[5] >= h.chars)
            goto bad;
        types[i].off = (long)off;
        types[i].isdst = y[4];
        types[i].abbr = intern(chars + y[5], strlen(chars + y[5]));
    }
    zone_free();
    zone.ntrans = (int)h.time;
    zone.ntypes = (int)h.type;
    zone.trans = trans;
    zone.tidx = tidx;
    zone.types = types;
    zone.has_rule = has_rule;
    if (has_rule)
        zone.rule = rule;
    zone.nleap = (int)h.leap;
    zone.leap_t = leap_t;
    zone.leap_c = leap_c;
    return 1;
bad:
    free(leap_t);
    free(leap_c);
    free(trans);
    free(tidx);
    free(types);
    return 0;
}

static int load_file(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    size_t cap = 8192, n = 0;
    unsigned char *b = malloc(cap);
    int ok = 0;
    while (b) {
        if (n == cap) {
            unsigned char *nb = cap < TZIF_MAX_SIZE ? realloc(b, cap * 2) : NULL;
            if (!nb)
                goto out;
            b = nb;
            cap *= 2;
        }
        ssize_t r = zl_ret(SYS3(read, fd, b + n, cap - n));   /* not a cancellation point: tz_lock is held */
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            goto out;
        if (r == 0)
            break;
        n += (size_t)r;
    }
    ok = b && load_tzif(b, n);
out:
    free(b);
    close(fd);
    return ok;
}

static int load_named(const char *name)
{
    if (name[0] == '/')
        return load_file(name);
    const char *dir = getenv("TZDIR");
    if (!dir || !*dir)
        dir = "/usr/share/zoneinfo";
    size_t dl = strlen(dir), nl = strlen(name);
    char path[PATH_MAX];
    if (dl + 1 + nl >= sizeof path)
        return 0;
    memcpy(path, dir, dl);
    path[dl] = '/';
    memcpy(path + dl + 1, name, nl + 1);
    return load_file(path);
}

/* tzname/timezone/daylight from the zone: for transition data, the most recent standard and
 * daylight types that a transition switches to (type 0 if there is none); for a POSIX rule,
 * its two parts.  daylight is 1 when the two offsets differ (as glibc). */
static void set_globals(void)
{
    const char *nm[2] = { NULL, NULL };
    long off[2] = { 0, 0 };
    if (zone.ntypes) {
        for (int i = zone.ntrans - 1; i >= 0 && !(nm[0] && nm[1]); i--) {
            const struct tz_type *ty = &zone.types[zone.tidx[i]];
            if (!nm[ty->isdst]) {
                nm[ty->isdst] = ty->abbr;
                off[ty->isdst] = ty->off;
            }
        }
        if (!nm[0]) {
            nm[0] = zone.types[0].abbr;
            off[0] = zone.types[0].off;
        }
        if (!nm[1]) {
            nm[1] = nm[0];
            off[1] = off[0];
        }
    } else {
        nm[0] = zone.rule.name[0];
        nm[1] = zone.rule.name[1];
        off[0] = zone.rule.off[0];
        off[1] = zone.rule.off[1];
    }
    tzname[0] = (char *)nm[0];
    tzname[1] = (char *)nm[1];
    timezone = -off[0];
    daylight = off[0] != off[1];
}

static int tz_state;     /* 0: not loaded, 1: loaded with TZ unset, 2: loaded from tz_value */
static char *tz_value;

static void tz_load(const char *tz)
{
    struct tz_posix p;
    if (!tz) {
        if (!load_file("/etc/localtime"))
            zone_utc();
    } else {
        if (*tz == ':')
            tz++;
        if (!*tz) {
            zone_utc();
        } else if (!load_named(tz)) {
            if (parse_posix(tz, &p)) {
                zone_free();
                zone.has_rule = 1;
                zone.rule = p;
            } else {
                zone_utc();
            }
        }
    }
    set_globals();
}

/* Reloads the zone when TZ changed since the last call. */
ZL_HIDDEN void __zl_tz_update(void)
{
    const char *tz = getenv("TZ");
    if (tz_state == 1 && !tz)
        return;
    if (tz_state == 2 && tz && !strcmp(tz, tz_value))
        return;
    int e = errno;
    free(tz_value);
    tz_value = NULL;
    tz_state = 1;
    if (tz) {
        size_t n = strlen(tz) + 1;
        tz_value = malloc(n);
        if (tz_value) {
            memcpy(tz_value, tz, n);
            tz_state = 2;
        } else {
            tz_state = 0;   /* try again next time */
        }
    }
    tz_load(tz);
    errno = e;
}

/* The zone, tz_value and mktime's previous offset are shared by every thread. */
static int tz_lock;

void tzset(void)
{
    __zl_lock_st(&tz_lock);
    __zl_tz_update();
    __zl_unlock_st(&tz_lock);
}

/* ---- conversions ---- */

static struct tm *to_local(time_t t, struct tm *tm)
{
    struct tz_info z;
    int hit;
    zone_at(t, &z);
    long d = z.off - leap_at(t, &hit);
    if ((d > 0 && t > TIME_T_MAX - d) || (d < 0 && t < TIME_T_MIN - d)) {
        errno = EOVERFLOW;
        return NULL;
    }
    time_t lt = t + d;
    if (!gmtime_r(&lt, tm))
        return NULL;
    tm->tm_sec += hit;
    tm->tm_isdst = z.isdst;
    tm->tm_gmtoff = z.off;
    tm->tm_zone = z.abbr;
    return tm;
}

struct tm *localtime_r(const time_t *restrict t, struct tm *restrict tm)
{
    __zl_lock_st(&tz_lock);
    __zl_tz_update();
    struct tm *r = to_local(*t, tm);
    __zl_unlock_st(&tz_lock);
    return r;
}

struct tm *localtime(const time_t *t)
{
    static struct tm tm;
    return localtime_r(t, &tm);
}

/* mktime, with glibc's resolution of skipped and repeated local times: starting from the
 * UTC offset found by the previous call, t is refined by t = wanted - offset(t) until it is
 * stable.  A repeated time thus gets the offset of the previous call when that is one of the
 * two candidates.  In a skipped time the iteration oscillates between two values; the one
 * whose tm_isdst differs from the request is returned (for tm_isdst < 0, the daylight one
 * if only one is), i.e. the time is moved by the size of the gap.  When the result's
 * tm_isdst disagrees with a requested tm_isdst >= 0, the nearest time (probing in steps of
 * about a week, up to about 8.5 years away) with the requested tm_isdst supplies the
 * offset; if there is none, a one-hour DST difference is assumed.  tm_sec is clamped to
 * 0..59 during the search and added back afterwards. */
static long mk_offset;   /* local - UTC of the previous mktime result */

/* the local time in r as seconds (second 60 counts as the next minute's 0) */
static tz_long local_secs(const struct tm *r)
{
    return (__zl_days_from_civil((tz_long)r->tm_year + 1900, (unsigned)r->tm_mon + 1, 1) +
            r->tm_mday - 1) * 86400 + (tz_long)r->tm_hour * 3600 + r->tm_min * 60 + r->tm_sec;
}

static time_t mktime_u(struct tm *tm);
time_t mktime(struct tm *tm)
{
    __zl_lock_st(&tz_lock);
    time_t r = mktime_u(tm);
    __zl_unlock_st(&tz_lock);
    return r;
}

static time_t mktime_u(struct tm *tm)
{
    __zl_tz_update();
    int isdst = tm->tm_isdst;
    int sec_req = tm->tm_sec, sec = sec_req < 0 ? 0 : sec_req > 59 ? 59 : sec_req;
    tz_long mon = tm->tm_mon, y = (tz_long)tm->tm_year + 1900 + mon / 12;
    mon %= 12;
    if (mon < 0) {
        mon += 12;
        y--;
    }
    tz_long want = (__zl_days_from_civil(y, (unsigned)mon + 1, 1) + tm->tm_mday - 1) * 86400 +
                   (tz_long)tm->tm_hour * 3600 + (tz_long)tm->tm_min * 60 + sec;
    time_t t = want - mk_offset, t1 = t, t2 = t;
    int dst2 = 0, probes = 6;
    struct tm r;
    for (;;) {
        if (!to_local(t, &r))
            return (time_t)-1;
        time_t g = t + (want - local_secs(&r));
        if (g == t)
            break;
        if (t == t1 && t != t2 &&
            (isdst < 0 ? dst2 <= (r.tm_isdst != 0) : (isdst != 0) != (r.tm_isdst != 0)))
            goto found;   /* oscillating across a skipped time */
        if (--probes == 0) {
            errno = EOVERFLOW;
            return (time_t)-1;
        }
        t1 = t2;
        t2 = t;
        t = g;
        dst2 = r.tm_isdst != 0;
    }
    if (isdst >= 0 && !isdst != !r.tm_isdst) {
        const long stride = 601200, bound = 536454000 / 2 + 601200;
        for (long delta = stride; delta < bound; delta += stride) {
            for (int dir = -1; dir <= 1; dir += 2) {
                struct tm o;
                time_t ot = t + dir * delta;
                if (!to_local(ot, &o))
                    return (time_t)-1;
                if (!isdst == !o.tm_isdst) {
                    time_t gt = ot + (want - local_secs(&o));
                    if (to_local(gt, &r)) {
                        t = gt;
                        goto found;
                    }
                }
            }
        }
        /* none near: assume a one-hour difference */
        time_t gt = t + (isdst ? -3600 : 3600);
        if (to_local(gt, &r))
            t = gt;
    }
found:
    mk_offset = (long)(want - t);
    if (sec_req != r.tm_sec) {
        t += (sec == 0 && r.tm_sec == 60) - sec + sec_req;
        if (!to_local(t, &r))
            return (time_t)-1;
    }
    *tm = r;
    return t;
}
