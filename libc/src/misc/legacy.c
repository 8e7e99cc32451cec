/* XSI a64l/l64a (radix-64 strings, least significant digit first, in the alphabet
 * "./0-9A-Za-z"), ulimit, ftime. */
#include "zl_libc.h"
#include <stdlib.h>
#include <stdint.h>
#include <stdarg.h>
#include <ulimit.h>
#include <sys/resource.h>
#include <sys/timeb.h>
#include <time.h>
#include <limits.h>

static const char digits[] = "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/* The value of at most six digits, as a 32-bit number sign-extended to long. */
long a64l(const char *s)
{
    uint32_t x = 0;
    for (int i = 0; i < 6 && s[i]; i++) {
        int d;
        for (d = 0; d < 64 && digits[d] != s[i]; d++)
            ;
        if (d == 64)
            break;
        x |= (uint32_t)d << (6 * i);
    }
    return (long)(int32_t)x;
}

/* The low 32 bits of v; "" for 0.  The string is static. */
char *l64a(long v)
{
    static char buf[7];
    uint32_t x = (uint32_t)v;
    int i = 0;
    for (; x; x >>= 6)
        buf[i++] = digits[x & 63];
    buf[i] = 0;
    return buf;
}

/* UL_GETFSIZE/UL_SETFSIZE: the file size limit in 512-byte blocks. */
long ulimit(int cmd, ...)
{
    struct rlimit r;
    if (getrlimit(RLIMIT_FSIZE, &r) < 0)
        return -1;
    if (cmd == UL_GETFSIZE)
        return r.rlim_cur == RLIM_INFINITY || r.rlim_cur / 512 > (rlim_t)LONG_MAX ? LONG_MAX : (long)(r.rlim_cur / 512);
    if (cmd == UL_SETFSIZE) {
        va_list ap;
        va_start(ap, cmd);
        long blocks = va_arg(ap, long);
        va_end(ap);
        if (blocks < 0) {
            errno = EINVAL;
            return -1;
        }
        r.rlim_cur = (rlim_t)blocks > RLIM_INFINITY / 512 ? RLIM_INFINITY : (rlim_t)blocks * 512;
        return setrlimit(RLIMIT_FSIZE, &r) < 0 ? -1 : blocks;
    }
    errno = EINVAL;
    return -1;
}

/* Obsolete: the time with milliseconds; the zone fields are 0 (UTC), as musl's. */
int ftime(struct timeb *tb)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    tb->time = ts.tv_sec;
    tb->millitm = (unsigned short)(ts.tv_nsec / 1000000);
    tb->timezone = 0;
    tb->dstflag = 0;
    return 0;
}
