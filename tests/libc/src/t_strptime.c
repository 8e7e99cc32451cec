/* strptime: every POSIX conversion and the common GNU ones, field ranges, white space,
 * case-insensitive names, failures; the fields glibc completes (tm_wday/tm_yday from a date,
 * month and day from %j); %s in two time zones; round trips through strftime. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void one(const char *in, const char *fmt)
{
    struct tm tm;
    memset(&tm, 0, sizeof tm);
    tm.tm_sec = 11;
    tm.tm_min = 22;
    tm.tm_hour = 3;
    tm.tm_mday = 14;
    tm.tm_mon = 5;
    tm.tm_year = 99;
    tm.tm_wday = 6;
    tm.tm_yday = 100;
    tm.tm_isdst = -1;
    char *e = strptime(in, fmt, &tm);
    if (!e) {
        printf("%-28s %-22s NULL\n", in, fmt);
        return;
    }
    printf("%-28s %-22s +%d rest='%s' %d-%d-%d %d:%d:%d wday=%d yday=%d isdst=%d off=%ld\n", in,
           fmt, (int)(e - in), e, tm.tm_year, tm.tm_mon, tm.tm_mday, tm.tm_hour, tm.tm_min,
           tm.tm_sec, tm.tm_wday, tm.tm_yday, tm.tm_isdst, (long)tm.tm_gmtoff);
}

int main(void)
{
    static const char *cases[][2] = {
        { "2024-02-29 13:45:59", "%Y-%m-%d %H:%M:%S" },
        { "2024-02-29", "%F" },
        { "1999-12-31T23:59:60", "%FT%T" },
        { "23:59", "%R" },
        { "07:08:09 PM", "%r" },
        { "12:00:00 am", "%r" },
        { "12:30:00 PM", "%I:%M:%S %p" },
        { "1:5:7 pm", "%I:%M:%S %p" },
        { "Thu Jan  1 00:00:00 1970", "%c" },
        { "Sat Feb 29 12:34:56 2020", "%a %b %e %H:%M:%S %Y" },
        { "saturday FEBRUARY 29 2020", "%A %B %d %Y" },
        { "Sunday", "%a" },
        { "Sun", "%A" },
        { "Sept", "%b" },
        { "Sep", "%h" },
        { "march", "%B" },
        { "Mo", "%a" },
        { "12/31/99", "%D" },
        { "01/02/03", "%x" },
        { "11:12:13", "%X" },
        { "68", "%y" },
        { "69", "%y" },
        { "00", "%y" },
        { "20 24", "%C %y" },
        { "19", "%C" },
        { "2024", "%Y" },
        { "12345", "%Y" },
        { "060", "%j" },
        { "2024 060", "%Y %j" },
        { "2023 365", "%Y %j" },
        { "2024 366", "%Y %j" },
        { "367", "%j" },
        { "  7", "%d" },
        { " 7", "%e" },
        { "32", "%d" },
        { "0", "%d" },
        { "24", "%H" },
        { "245", "%H%M" },
        { "123", "%H%M" },
        { "13", "%I" },
        { "0", "%I" },
        { "60", "%M" },
        { "61", "%S" },
        { "62", "%S" },
        { "7", "%u" },
        { "1", "%u" },
        { "0", "%w" },
        { "7", "%w" },
        { "53", "%U" },
        { "54", "%W" },
        { "01", "%V" },
        { "99", "%g" },
        { "2020", "%G" },
        { "x", "%G" },
        { "+0530", "%z" },
        { "-08:00", "%z" },
        { "+14", "%z" },
        { "Z", "%z" },
        { "+1", "%z" },
        { "+123", "%z" },
        { "+0160", "%z" },
        { "0800", "%z" },
        { "  -1200", "%z" },
        { "EST rest", "%Z rest" },
        { "a\t\n b", "a%nb" },
        { "a  b", "a%tb" },
        { "ab", "a b" },
        { "a \t b", "a b" },
        { "100%", "%d%%" },
        { "100", "%d%%" },
        { "x", "y" },
        { "2024-1-5", "%Y-%m-%d" },
        { "2024-13-05", "%Y-%m-%d" },
        { "2024-02-30", "%Y-%m-%d" },
        { "1900-01-01", "%Y-%m-%d" },
        { "2100-12-31", "%Y-%m-%d" },
        { "2024-07-04 extra", "%Y-%m-%d" },
        { "", "" },
        { "", "%Y" },
        { "5 PM", "%H %p" },
        { "05 PM", "%l %p" },
        { "17", "%k" },
        { "2024 Mar", "%Y %b" },
        { "Tue 2024-03-05", "%a %Y-%m-%d" },
        { "2024-03-05", "%EY-%Om-%Od" },
        { "2024-03-05", "%4Y-%m-%d" },
        { "20", "%C" },
        { "00 20", "%y %C" },
        { "2024 10 3", "%Y %U %w" },
        { "2024 10 3", "%Y %W %w" },
        { "2024 00 1", "%Y %U %w" },
        /* ("2023 00 6" with "%Y %W %u" is day -1 of 2023: glibc reads outside its month
         * table for it, zlibc leaves tm_mon/tm_mday alone; not compared) */
        { "2023 01 Mon", "%Y %W %a" },
        { "2023 53 Sun", "%Y %U %a" },
        { "2022 52 Sat", "%Y %U %a" },
        { "2021 0 0", "%Y %W %w" },
        { "2024 12 5 03", "%Y %U %w %m" },
        { "2024 12 5 07", "%Y %U %w %d" },
        { "2024 12 5 100", "%Y %U %w %j" },
        { "10 3", "%U %w" },
        { "2024 10", "%Y %U" },
    };
    setenv("TZ", "UTC", 1);
    tzset();
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        one(cases[i][0], cases[i][1]);
    static const char *zones[] = { "UTC", "America/New_York", "Australia/Lord_Howe" };
    for (size_t z = 0; z < 3; z++) {
        setenv("TZ", zones[z], 1);
        tzset();
        printf("TZ=%s\n", zones[z]);
        one("0", "%s");
        one("1700000000", "%s");
        one("1710054000 x", "%s x");
        one("4102444800", "%s");
        one("-1", "%s");
        one("99999999999999999999999", "%s");
    }
    /* round trips: strftime then strptime gives back the fields */
    setenv("TZ", "UTC", 1);
    tzset();
    int bad = 0;
    for (long long t = -2208988800LL; t < 4133980800LL; t += 86400LL * 37 + 3671) {
        time_t tt = (time_t)t;
        struct tm a, b;
        char buf[128];
        gmtime_r(&tt, &a);
        strftime(buf, sizeof buf, "%a %A %b %B %d %e %H %I %p %j %m %M %S %Y %y %C", &a);
        memset(&b, 0, sizeof b);
        char *e = strptime(buf, "%a %A %b %B %d %e %H %I %p %j %m %M %S %Y %y %C", &b);
        if (!e || *e || a.tm_year != b.tm_year || a.tm_mon != b.tm_mon || a.tm_mday != b.tm_mday ||
            a.tm_hour != b.tm_hour || a.tm_min != b.tm_min || a.tm_sec != b.tm_sec ||
            a.tm_yday != b.tm_yday || a.tm_wday != b.tm_wday) {
            if (bad++ < 5)
                printf("round trip failed: %s\n", buf);
        }
    }
    printf("round trips: %d failures\n", bad);
    return 0;
}
