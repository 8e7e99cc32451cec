#ifndef _ZL_GLOB_H
#define _ZL_GLOB_H
#include <bits/zl_config.h>
#include <stddef.h>
__ZL_BEGIN
typedef struct {
    size_t gl_pathc;
    char **gl_pathv;
    size_t gl_offs;
} glob_t;
#define GLOB_ERR 0x01
#define GLOB_MARK 0x02
#define GLOB_NOSORT 0x04
#define GLOB_DOOFFS 0x08
#define GLOB_NOCHECK 0x10
#define GLOB_APPEND 0x20
#define GLOB_NOESCAPE 0x40
#define GLOB_PERIOD 0x80
#define GLOB_NOSPACE 1
#define GLOB_ABORTED 2
#define GLOB_NOMATCH 3
int glob(const char *restrict, int, int (*)(const char *, int), glob_t *restrict);
void globfree(glob_t *);
__ZL_END
#endif
