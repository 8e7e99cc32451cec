/* strptime: the POSIX conversions in the C locale, plus the common GNU ones (%z %Z %s %F %T
 * %R %e %h %n %t %k %l %u %V %g %G %P), with glibc's rules for the fields it completes
 * (docs/libc.md "strptime"), written from its documented behaviour. */
#include "zl_libc.h"
#include <time.h>
#include <string.h>
#include <limits.h>

ZL_HIDDEN __ZL_LONG64 __zl_days_from_civil(__ZL_LONG64 y, unsigned m, unsigned d);

struct sp_state {
    int have_I, is_pm;          /* %I (12-hour clock) seen; %p said PM */
    int century, want_century;  /* %C value (-1: none); %y seen after it */
    int want_xday;              /* a date field was parsed: complete tm_wday/tm_yday */
    int have_wday, have_mon, have_mday, have_yday;
    int week, have_uweek, have_wweek;   /* %U / %W week number */
};

static const char sp_days[7][10] = { "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday",
                                     "Friday", "Saturday" };
static const char sp_months[12][10] = { "January", "February", "March", "April", "May", "June",
                                        "July", "August", "September", "October", "November",
                                        "December" };

static int sp_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
static int sp_digit(char c) { return c >= '0' && c <= '9'; }
static int sp_lower(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

/* case-insensitive prefix match of the first n characters of name */
static const char *sp_match(const char *s, const char *name, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (sp_lower((unsigned char)s[i]) != sp_lower((unsigned char)name[i]))
            return NULL;
    return s + n;
}

/* full name first, then the three-letter abbreviation */
static const char *sp_name(const char *s, const char (*names)[10], int count, int *out)
{
    for (int i = 0; i < count; i++) {
        const char *e = sp_match(s, names[i], strlen(names[i]));
        if (!e)
            e = sp_match(s, names[i], 3);
        if (e) {
            *out = i;
            return e;
        }
    }
    return NULL;
}

/* leading white space, then up to maxdig digits (fewer when one more would exceed hi) */
static const char *sp_num(const char *s, int lo, int hi, int maxdig, int *out)
{
    while (sp_space(*s))
        s++;
    if (!sp_digit(*s))
        return NULL;
    int v = 0, n = 0;
    do
        v = v * 10 + (*s++ - '0');
    while (++n < maxdig && v * 10 <= hi && sp_digit(*s));
    if (v < lo || v > hi)
        return NULL;
    *out = v;
    return s;
}

static int sp_leap(long y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

static const short sp_yday0[2][13] = {
    { 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365 },
    { 0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335, 366 },
};

static const char *sp_parse(const char *s, const char *fmt, struct tm *tm, struct sp_state *st)
{
    int v;
    while (*fmt) {
        if (sp_space(*fmt)) {   /* white space matches any amount, including none */
            while (sp_space(*s))
                s++;
            fmt++;
            continue;
        }
        if (*fmt != '%') {
            if (*s++ != *fmt++)
                return NULL;
            continue;
        }
        fmt++;
        /* strftime flags and widths are accepted and ignored, so are E and O */
        while (*fmt == '-' || *fmt == '_' || *fmt == '0' || *fmt == '^' || *fmt == '#')
            fmt++;
        while (sp_digit(*fmt))
            fmt++;
        if (*fmt == 'E' || *fmt == 'O')
            fmt++;
        const char *sub = NULL;
        switch (*fmt++) {
        case '%':
            if (*s++ != '%')
                return NULL;
            break;
        case 'a': case 'A':
            if (!(s = sp_name(s, sp_days, 7, &tm->tm_wday)))
                return NULL;
            st->have_wday = 1;
            break;
        case 'b': case 'B': case 'h':
            if (!(s = sp_name(s, sp_months, 12, &tm->tm_mon)))
                return NULL;
            st->have_mon = 1;
            st->want_xday = 1;
            break;
        case 'c':
            sub = "%a %b %e %H:%M:%S %Y";
            st->want_xday = 1;
            break;
        case 'C':
            if (!(s = sp_num(s, 0, 99, 2, &st->century)))
                return NULL;
            st->want_xday = 1;
            break;
        case 'd': case 'e':
            if (!(s = sp_num(s, 1, 31, 2, &tm->tm_mday)))
                return NULL;
            st->have_mday = 1;
            st->want_xday = 1;
            break;
        case 'D': case 'x':
            sub = "%m/%d/%y";
            st->want_xday = 1;
            break;
        case 'F':
            sub = "%Y-%m-%d";
            st->want_xday = 1;
            break;
        case 'H': case 'k':
            if (!(s = sp_num(s, 0, 23, 2, &tm->tm_hour)))
                return NULL;
            st->have_I = 0;
            break;
        case 'I': case 'l':
            if (!(s = sp_num(s, 1, 12, 2, &v)))
                return NULL;
            tm->tm_hour = v % 12;
            st->have_I = 1;
            break;
        case 'j':
            if (!(s = sp_num(s, 1, 366, 3, &v)))
                return NULL;
            tm->tm_yday = v - 1;
            st->have_yday = 1;
            break;
        case 'm':
            if (!(s = sp_num(s, 1, 12, 2, &v)))
                return NULL;
            tm->tm_mon = v - 1;
            st->have_mon = 1;
            st->want_xday = 1;
            break;
        case 'M':
            if (!(s = sp_num(s, 0, 59, 2, &tm->tm_min)))
                return NULL;
            break;
        case 'n': case 't':
            while (sp_space(*s))
                s++;
            break;
        case 'p': case 'P': {
            const char *e = sp_match(s, "AM", 2);
            if (e) {
                st->is_pm = 0;
            } else if ((e = sp_match(s, "PM", 2))) {
                st->is_pm = 1;
            } else {
                return NULL;
            }
            s = e;
            break;
        }
        case 'r':
            sub = "%I:%M:%S %p";
            break;
        case 'R':
            sub = "%H:%M";
            break;
        case 's': {
            time_t secs = 0;
            const time_t max = (time_t)((__ZL_ULONG64)-1 >> 1);
            if (!sp_digit(*s))
                return NULL;
            do {
                int d = *s++ - '0';
                if (secs > (max - d) / 10)
                    return NULL;
                secs = secs * 10 + d;
            } while (sp_digit(*s));
            if (!localtime_r(&secs, tm))
                return NULL;
            break;
        }
        case 'S':
            if (!(s = sp_num(s, 0, 61, 2, &tm->tm_sec)))
                return NULL;
            break;
        case 'T': case 'X':
            sub = "%H:%M:%S";
            break;
        case 'u':
            if (!(s = sp_num(s, 1, 7, 1, &v)))
                return NULL;
            tm->tm_wday = v % 7;
            st->have_wday = 1;
            break;
        case 'w':
            if (!(s = sp_num(s, 0, 6, 1, &tm->tm_wday)))
                return NULL;
            st->have_wday = 1;
            break;
        case 'U': case 'W':
            if (!(s = sp_num(s, 0, 53, 2, &st->week)))
                return NULL;
            st->have_uweek = fmt[-1] == 'U';
            st->have_wweek = fmt[-1] == 'W';
            break;
        case 'V': case 'g':   /* ISO 8601 week and year: checked, not used */
            if (!(s = sp_num(s, 0, fmt[-1] == 'g' ? 99 : 53, 2, &v)))
                return NULL;
            break;
        case 'G':
            if (!sp_digit(*s))
                return NULL;
            while (sp_digit(*s))
                s++;
            break;
        case 'y':
            if (!(s = sp_num(s, 0, 99, 2, &v)))
                return NULL;
            tm->tm_year = v >= 69 ? v : v + 100;
            st->want_century = 1;
            st->want_xday = 1;
            break;
        case 'Y':
            if (!(s = sp_num(s, 0, 9999, 4, &v)))
                return NULL;
            tm->tm_year = v - 1900;
            st->want_century = 0;
            st->want_xday = 1;
            break;
        case 'z': {   /* Z, or +hh, +hhmm, +hh:mm */
            while (sp_space(*s))
                s++;
            if (*s == 'Z') {
                s++;
                tm->tm_gmtoff = 0;
                break;
            }
            if (*s != '+' && *s != '-')
                return NULL;
            int neg = *s++ == '-', n = 0;
            v = 0;
            while (n < 4 && sp_digit(*s)) {
                v = v * 10 + (*s++ - '0');
                if (++n == 2 && *s == ':' && sp_digit(s[1]))
                    s++;
            }
            if (n == 2)
                v *= 100;
            else if (n != 4 || v % 100 >= 60)
                return NULL;
            tm->tm_gmtoff = (v / 100) * 3600L + (v % 100) * 60L;
            if (neg)
                tm->tm_gmtoff = -tm->tm_gmtoff;
            break;
        }
        case 'Z':   /* a zone name: skipped */
            while (sp_space(*s))
                s++;
            while (*s && !sp_space(*s))
                s++;
            break;
        default:
            return NULL;
        }
        if (sub && !(s = sp_parse(s, sub, tm, st)))
            return NULL;
    }
    return s;
}

char *strptime(const char *restrict s, const char *restrict fmt, struct tm *restrict tm)
{
    struct sp_state st = { 0 };
    st.century = -1;
    const char *e = sp_parse(s, fmt, tm, &st);
    if (!e)
        return NULL;
    if (st.have_I && st.is_pm)
        tm->tm_hour += 12;
    if (st.century != -1)
        tm->tm_year = st.want_century ? tm->tm_year % 100 + (st.century - 19) * 100
                                      : (st.century - 19) * 100;
    if (st.want_xday && !st.have_wday) {
        long y = 1900L + tm->tm_year;
        if (!(st.have_mon && st.have_mday) && st.have_yday && tm->tm_yday >= 0 &&
            tm->tm_yday < 365 + sp_leap(y)) {
            int m = 0;
            while (sp_yday0[sp_leap(y)][m + 1] <= tm->tm_yday)
                m++;
            if (!st.have_mon)
                tm->tm_mon = m;
            if (!st.have_mday)
                tm->tm_mday = tm->tm_yday - sp_yday0[sp_leap(y)][m] + 1;
            st.have_mon = st.have_mday = 1;
        }
        if (tm->tm_year >= -1900 && tm->tm_mon >= 0 && tm->tm_mon <= 11) {
            __ZL_LONG64 d = __zl_days_from_civil(y, (unsigned)tm->tm_mon + 1, 1) + tm->tm_mday - 1;
            tm->tm_wday = (int)(((d + 4) % 7 + 7) % 7);
        }
    }
    if (st.want_xday && !st.have_yday && tm->tm_mon >= 0 && tm->tm_mon <= 11)
        tm->tm_yday = sp_yday0[sp_leap(1900L + tm->tm_year)][tm->tm_mon] + tm->tm_mday - 1;
    if ((st.have_uweek || st.have_wweek) && st.have_wday && tm->tm_year >= -1900) {
        /* the date from week number + weekday (+ year): week 1 starts on the year's first
         * Sunday (%U) or Monday (%W); earlier days are week 0 */
        long y = 1900L + tm->tm_year;
        int leap = sp_leap(y), mon1 = st.have_wweek;
        int jan1 = (int)(((__zl_days_from_civil(y, 1, 1) + 4) % 7 + 7) % 7);
        int yday = (7 - (jan1 - mon1)) % 7 + (st.week - 1) * 7 + (tm->tm_wday - mon1 + 7) % 7;
        if (!st.have_yday)
            tm->tm_yday = yday;
        if ((!st.have_mon || !st.have_mday) && tm->tm_yday >= 0 && tm->tm_yday < 365 + leap) {
            int m = 0;
            while (sp_yday0[leap][m + 1] <= tm->tm_yday)
                m++;
            if (!st.have_mon)
                tm->tm_mon = m;
            if (!st.have_mday)
                tm->tm_mday = tm->tm_yday - sp_yday0[leap][m] + 1;
        }
    }
    return (char *)e;
}
