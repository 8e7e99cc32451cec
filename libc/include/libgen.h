#ifndef _ZL_LIBGEN_H
#define _ZL_LIBGEN_H
#include <bits/zl_config.h>
__ZL_BEGIN
/* POSIX: may modify the argument; the result is the argument or a static string. */
char *dirname(char *);
char *basename(char *);
__ZL_END
#endif
