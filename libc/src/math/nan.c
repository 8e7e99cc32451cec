/* nan and nanf (docs/libc.md, "math"): strtod("NAN(tagp)") as C11 7.12.11.2 says; an
 * n-char-sequence gives glibc's payload rule (stdlib/strtod), anything else the default
 * quiet NaN. */
#include "zl_libc.h"
#include <math.h>
#include <string.h>

static void nanstr(char *buf, size_t cap, const char *tag)
{
    size_t n = strlen(tag);
    if (n > cap - 6)
        n = 0;   /* longer than any payload: default NaN */
    memcpy(buf, "nan(", 4);
    memcpy(buf + 4, tag, n);
    buf[4 + n] = ')';
    buf[5 + n] = 0;
}

double nan(const char *tag)
{
    char buf[128];
    double d;
    int err;
    nanstr(buf, sizeof buf, tag);
    if (__zl_strtofp(buf, 1, &d, &err) != strlen(buf)) {
        nanstr(buf, sizeof buf, "");
        __zl_strtofp(buf, 1, &d, &err);
    }
    return d;
}

float nanf(const char *tag)
{
    char buf[128];
    float f;
    int err;
    nanstr(buf, sizeof buf, tag);
    if (__zl_strtofp(buf, 0, &f, &err) != strlen(buf)) {
        nanstr(buf, sizeof buf, "");
        __zl_strtofp(buf, 0, &f, &err);
    }
    return f;
}
