/* Broken-down time: gmtime, timegm, asctime/ctime, strftime (C locale).  Time zones,
 * localtime and mktime are in tz.c. */
#include "zl_libc.h"
#include <time.h>
#include <string.h>
#include <stdio.h>
#include <limits.h>

/* days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm) */
ZL_HIDDEN __ZL_LONG64 __zl_days_from_civil(__ZL_LONG64 y, unsigned m, unsigned d);
__ZL_LONG64 __zl_days_from_civil(__ZL_LONG64 y, unsigned m, unsigned d)
{
    y -= m <= 2;
    __ZL_LONG64 era = (y >= 0 ? y : y - 399) / 400;
    unsigned yoe = (unsigned)(y - era * 400);
    unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + (__ZL_LONG64)doe - 719468;
}

static int is_leap(__ZL_LONG64 y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

struct tm *gmtime_r(const time_t *restrict t, struct tm *restrict tm)
{
    __ZL_LONG64 secs = *t;
    __ZL_LONG64 days = secs / 86400, rem = secs % 86400;
    if (rem < 0) {
        rem += 86400;
        days--;
    }
    /* civil_from_days */
    __ZL_LONG64 z = days + 719468;
    __ZL_LONG64 era = (z >= 0 ? z : z - 146096) / 146097;
    unsigned doe = (unsigned)(z - era * 146097);
    unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    __ZL_LONG64 y = (__ZL_LONG64)yoe + era * 400;
    unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    unsigned mp = (5 * doy + 2) / 153;
    unsigned d = doy - (153 * mp + 2) / 5 + 1;
    unsigned m = mp < 10 ? mp + 3 : mp - 9;
    y += m <= 2;
    if (y - 1900 > INT_MAX || y - 1900 < INT_MIN) {
        errno = EOVERFLOW;
        return NULL;
    }
    tm->tm_year = (int)(y - 1900);
    tm->tm_mon = (int)m - 1;
    tm->tm_mday = (int)d;
    tm->tm_hour = (int)(rem / 3600);
    tm->tm_min = (int)(rem / 60 % 60);
    tm->tm_sec = (int)(rem % 60);
    tm->tm_wday = (int)(((days % 7) + 11) % 7);   /* 1970-01-01 was a Thursday */
    tm->tm_yday = (int)(days - __zl_days_from_civil(y, 1, 1));
    tm->tm_isdst = 0;
    tm->tm_gmtoff = 0;
    tm->tm_zone = "UTC";
    return tm;
}

struct tm *gmtime(const time_t *t)
{
    static struct tm tm;
    return gmtime_r(t, &tm);
}

time_t timegm(struct tm *tm)
{
    __ZL_LONG64 mon = tm->tm_mon, y = (__ZL_LONG64)tm->tm_year + 1900;
    y += mon / 12;
    mon %= 12;
    if (mon < 0) {
        mon += 12;
        y--;
    }
    __ZL_LONG64 days = __zl_days_from_civil(y, (unsigned)mon + 1, 1) + tm->tm_mday - 1;
    time_t t = (time_t)(days * 86400 + (__ZL_LONG64)tm->tm_hour * 3600 + (__ZL_LONG64)tm->tm_min * 60 + tm->tm_sec);
    if (!gmtime_r(&t, tm))
        return (time_t)-1;
    return t;
}

static const char wday_name[][10] = { "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday" };
static const char mon_name[][10] = { "January", "February", "March", "April", "May", "June", "July",
                                     "August", "September", "October", "November", "December" };

char *asctime_r(const struct tm *restrict tm, char *restrict buf)
{
    snprintf(buf, 26, "%.3s %.3s%3d %.2d:%.2d:%.2d %d\n", wday_name[(unsigned)tm->tm_wday % 7],
             mon_name[(unsigned)tm->tm_mon % 12], tm->tm_mday, tm->tm_hour, tm->tm_min, tm->tm_sec,
             1900 + tm->tm_year);
    return buf;
}

char *asctime(const struct tm *tm)
{
    static char buf[64];
    return asctime_r(tm, buf);
}

char *ctime_r(const time_t *t, char *buf)
{
    struct tm tm;
    return localtime_r(t, &tm) ? asctime_r(&tm, buf) : NULL;
}

char *ctime(const time_t *t)
{
    static char buf[64];
    return ctime_r(t, buf);
}

/* ISO 8601 week-based year and week number */
static int iso_week(const struct tm *tm, int *year)
{
    int y = tm->tm_year + 1900;
    int wday = (tm->tm_wday + 6) % 7;   /* Monday = 0 */
    int week = (tm->tm_yday - wday + 10) / 7;
    if (week < 1) {
        y--;
        int pyday = tm->tm_yday + 365 + is_leap(y);
        week = (pyday - wday + 10) / 7;
    } else if (week == 53) {
        int ylen = 365 + is_leap(y);
        if (tm->tm_yday - wday + 3 >= ylen) {   /* Thursday of this week is in next year */
            week = 1;
            y++;
        }
    }
    *year = y;
    return week;
}

size_t strftime(char *restrict s, size_t max, const char *restrict fmt, const struct tm *restrict tm)
{
    size_t n = 0;
    char tmp[64];
    for (const char *p = fmt; *p; p++) {
        const char *add = tmp;
        size_t len;
        if (*p != '%') {
            tmp[0] = *p;
            tmp[1] = 0;
        } else {
            p++;
            while (*p == 'E' || *p == 'O')
                p++;
            int iy;
            switch (*p) {
            case 'a': snprintf(tmp, sizeof tmp, "%.3s", wday_name[(unsigned)tm->tm_wday % 7]); break;
            case 'A': add = wday_name[(unsigned)tm->tm_wday % 7]; break;
            case 'b': case 'h': snprintf(tmp, sizeof tmp, "%.3s", mon_name[(unsigned)tm->tm_mon % 12]); break;
            case 'B': add = mon_name[(unsigned)tm->tm_mon % 12]; break;
            case 'c': {
                char a[26];
                asctime_r(tm, a);
                a[24] = 0;
                snprintf(tmp, sizeof tmp, "%s", a);
                break;
            }
            case 'C': snprintf(tmp, sizeof tmp, "%02d", (1900 + tm->tm_year) / 100); break;
            case 'd': snprintf(tmp, sizeof tmp, "%02d", tm->tm_mday); break;
            case 'D': snprintf(tmp, sizeof tmp, "%02d/%02d/%02d", tm->tm_mon + 1, tm->tm_mday, (tm->tm_year + 1900) % 100); break;
            case 'e': snprintf(tmp, sizeof tmp, "%2d", tm->tm_mday); break;
            case 'F': snprintf(tmp, sizeof tmp, "%d-%02d-%02d", tm->tm_year + 1900, tm->tm_mon + 1, tm->tm_mday); break;
            case 'g': iso_week(tm, &iy); snprintf(tmp, sizeof tmp, "%02d", iy % 100); break;
            case 'G': iso_week(tm, &iy); snprintf(tmp, sizeof tmp, "%d", iy); break;
            case 'H': snprintf(tmp, sizeof tmp, "%02d", tm->tm_hour); break;
            case 'I': snprintf(tmp, sizeof tmp, "%02d", tm->tm_hour % 12 ? tm->tm_hour % 12 : 12); break;
            case 'j': snprintf(tmp, sizeof tmp, "%03d", tm->tm_yday + 1); break;
            case 'm': snprintf(tmp, sizeof tmp, "%02d", tm->tm_mon + 1); break;
            case 'M': snprintf(tmp, sizeof tmp, "%02d", tm->tm_min); break;
            case 'n': add = "\n"; break;
            case 'p': add = tm->tm_hour < 12 ? "AM" : "PM"; break;
            case 'P': add = tm->tm_hour < 12 ? "am" : "pm"; break;
            case 'r': snprintf(tmp, sizeof tmp, "%02d:%02d:%02d %s", tm->tm_hour % 12 ? tm->tm_hour % 12 : 12,
                               tm->tm_min, tm->tm_sec, tm->tm_hour < 12 ? "AM" : "PM"); break;
            case 'R': snprintf(tmp, sizeof tmp, "%02d:%02d", tm->tm_hour, tm->tm_min); break;
            case 's': {
                struct tm c = *tm;
                snprintf(tmp, sizeof tmp, "%lld", (long long)mktime(&c));
                break;
            }
            case 'S': snprintf(tmp, sizeof tmp, "%02d", tm->tm_sec); break;
            case 't': add = "\t"; break;
            case 'T': snprintf(tmp, sizeof tmp, "%02d:%02d:%02d", tm->tm_hour, tm->tm_min, tm->tm_sec); break;
            case 'u': snprintf(tmp, sizeof tmp, "%d", tm->tm_wday ? tm->tm_wday : 7); break;
            case 'U': snprintf(tmp, sizeof tmp, "%02d", (tm->tm_yday + 7 - tm->tm_wday) / 7); break;
            case 'V': snprintf(tmp, sizeof tmp, "%02d", iso_week(tm, &iy)); break;
            case 'w': snprintf(tmp, sizeof tmp, "%d", tm->tm_wday); break;
            case 'W': snprintf(tmp, sizeof tmp, "%02d", (tm->tm_yday + 7 - (tm->tm_wday + 6) % 7) / 7); break;
            case 'x': snprintf(tmp, sizeof tmp, "%02d/%02d/%02d", tm->tm_mon + 1, tm->tm_mday, (tm->tm_year + 1900) % 100); break;
            case 'X': snprintf(tmp, sizeof tmp, "%02d:%02d:%02d", tm->tm_hour, tm->tm_min, tm->tm_sec); break;
            case 'y': snprintf(tmp, sizeof tmp, "%02d", (tm->tm_year + 1900) % 100); break;
            case 'Y': snprintf(tmp, sizeof tmp, "%d", tm->tm_year + 1900); break;
            case 'z': {
                long off = tm->tm_gmtoff, a = off < 0 ? -off : off;
                snprintf(tmp, sizeof tmp, "%c%02ld%02ld", off < 0 ? '-' : '+', a / 3600, a / 60 % 60);
                break;
            }
            case 'Z':   /* without tm_zone: the tzname of tm_isdst (as glibc) */
                add = tm->tm_zone;
                if (!add) {
                    tzset();
                    add = tm->tm_isdst >= 0 ? tzname[tm->tm_isdst != 0] : "";
                }
                break;
            case '%': add = "%"; break;
            default:
                return 0;
            }
        }
        len = strlen(add);
        if (n + len >= max)
            return 0;
        memcpy(s + n, add, len);
        n += len;
    }
    if (n >= max)
        return 0;
    s[n] = 0;
    return n;
}
