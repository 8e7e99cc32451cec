#ifndef _ZL_ERR_H
#define _ZL_ERR_H
#include <bits/zl_config.h>
#include <stdarg.h>
__ZL_BEGIN
/* BSD error messages on standard error: "program: message: strerror(errno)\n"
 * (warn/err), "program: message\n" (warnx/errx); err* then exit with the status. */
void warn(const char *, ...);
void vwarn(const char *, va_list);
void warnx(const char *, ...);
void vwarnx(const char *, va_list);
_Noreturn void err(int, const char *, ...);
_Noreturn void verr(int, const char *, va_list);
_Noreturn void errx(int, const char *, ...);
_Noreturn void verrx(int, const char *, va_list);
__ZL_END
#endif
