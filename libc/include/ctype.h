#ifndef _ZL_CTYPE_H
#define _ZL_CTYPE_H
#include <bits/zl_config.h>
__ZL_BEGIN
int isalnum(int);
int isalpha(int);
int isblank(int);
int iscntrl(int);
int isdigit(int);
int isgraph(int);
int islower(int);
int isprint(int);
int ispunct(int);
int isspace(int);
int isupper(int);
int isxdigit(int);
int isascii(int);
int toascii(int);
int tolower(int);
int toupper(int);
__ZL_END
#endif
