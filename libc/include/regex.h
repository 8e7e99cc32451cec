/* zlibc: POSIX regular expressions (docs/libc.md, "regex").  Flag and error values are the
 * glibc ones.  regoff_t is as wide as ptrdiff_t (128-bit under LP128). */
#ifndef _ZL_REGEX_H
#define _ZL_REGEX_H
#include <bits/zl_config.h>
#include <bits/types.h>
__ZL_BEGIN
typedef __PTRDIFF_TYPE__ regoff_t;
typedef struct {
    size_t re_nsub;     /* number of parenthesized subexpressions */
    void *__zl_prog;    /* compiled program (private) */
    int __zl_cflags;
} regex_t;
typedef struct {
    regoff_t rm_so;
    regoff_t rm_eo;
} regmatch_t;
/* regcomp flags */
#define REG_EXTENDED 1
#define REG_ICASE 2
#define REG_NEWLINE 4
#define REG_NOSUB 8
/* regexec flags */
#define REG_NOTBOL 1
#define REG_NOTEOL 2
/* error codes */
#define REG_NOMATCH 1
#define REG_BADPAT 2
#define REG_ECOLLATE 3
#define REG_ECTYPE 4
#define REG_EESCAPE 5
#define REG_ESUBREG 6
#define REG_EBRACK 7
#define REG_EPAREN 8
#define REG_EBRACE 9
#define REG_BADBR 10
#define REG_ERANGE 11
#define REG_ESPACE 12
#define REG_BADRPT 13
#ifndef RE_DUP_MAX
#define RE_DUP_MAX 255
#endif
int regcomp(regex_t *__ZL_RESTRICT, const char *__ZL_RESTRICT, int);
int regexec(const regex_t *__ZL_RESTRICT, const char *__ZL_RESTRICT, size_t,
            regmatch_t *__ZL_RESTRICT, int);
size_t regerror(int, const regex_t *__ZL_RESTRICT, char *__ZL_RESTRICT, size_t);
void regfree(regex_t *);
__ZL_END
#endif
