#ifndef _ZL_FNMATCH_H
#define _ZL_FNMATCH_H
#include <bits/zl_config.h>
__ZL_BEGIN
#define FNM_NOMATCH 1
#define FNM_NOESCAPE 0x1
#define FNM_PATHNAME 0x2
#define FNM_PERIOD 0x4
#define FNM_LEADING_DIR 0x8
#define FNM_CASEFOLD 0x10
int fnmatch(const char *, const char *, int);
__ZL_END
#endif
