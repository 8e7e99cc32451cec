#ifndef _ZL_UTIME_H
#define _ZL_UTIME_H
#include <bits/zl_config.h>
#include <bits/types.h>
__ZL_BEGIN
struct utimbuf {
    time_t actime;
    time_t modtime;
};
int utime(const char *, const struct utimbuf *);
__ZL_END
#endif
