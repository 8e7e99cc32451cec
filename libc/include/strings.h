#ifndef _ZL_STRINGS_H
#define _ZL_STRINGS_H
#include <bits/zl_config.h>
#include <stddef.h>
__ZL_BEGIN
int strcasecmp(const char *, const char *);
int strncasecmp(const char *, const char *, size_t);
int ffs(int);
int ffsl(long);
int ffsll(long long);
void bzero(void *, size_t);
void bcopy(const void *, void *, size_t);
int bcmp(const void *, const void *, size_t);
char *index(const char *, int);
char *rindex(const char *, int);
__ZL_END
#endif
