/* <err.h>: warn, warnx, err, errx and their v forms.  The message goes to stderr as one
 * locked sequence: the short program name, ": ", the formatted message (when the format
 * is not NULL), ": " and strerror(errno) for the forms without x, and a newline. */
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void message(int with_errno, const char *fmt, va_list ap)
{
    int e = errno;
    flockfile(stderr);
    fprintf(stderr, "%s: ", program_invocation_short_name ? program_invocation_short_name : "");
    if (fmt) {
        vfprintf(stderr, fmt, ap);
        if (with_errno)
            fputs(": ", stderr);
    }
    if (with_errno)
        fputs(strerror(e), stderr);
    putc('\n', stderr);
    funlockfile(stderr);
}

void vwarn(const char *fmt, va_list ap) { message(1, fmt, ap); }
void vwarnx(const char *fmt, va_list ap) { message(0, fmt, ap); }

_Noreturn void verr(int status, const char *fmt, va_list ap)
{
    message(1, fmt, ap);
    exit(status);
}

_Noreturn void verrx(int status, const char *fmt, va_list ap)
{
    message(0, fmt, ap);
    exit(status);
}

void warn(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vwarn(fmt, ap);
    va_end(ap);
}

void warnx(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vwarnx(fmt, ap);
    va_end(ap);
}

_Noreturn void err(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verr(status, fmt, ap);
}

_Noreturn void errx(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verrx(status, fmt, ap);
}
