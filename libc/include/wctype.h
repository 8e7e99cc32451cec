#ifndef _ZL_WCTYPE_H
#define _ZL_WCTYPE_H
#include <bits/zl_config.h>
#include <bits/wint.h>
__ZL_BEGIN
/* Classes cover ASCII, plus Latin-1 (U+0080..U+00FF) in the C.UTF-8 locale. */
typedef unsigned long wctype_t;
typedef int wctrans_t;
int iswalnum(wint_t);
int iswalpha(wint_t);
int iswblank(wint_t);
int iswcntrl(wint_t);
int iswdigit(wint_t);
int iswgraph(wint_t);
int iswlower(wint_t);
int iswprint(wint_t);
int iswpunct(wint_t);
int iswspace(wint_t);
int iswupper(wint_t);
int iswxdigit(wint_t);
wint_t towlower(wint_t);
wint_t towupper(wint_t);
wctype_t wctype(const char *);
int iswctype(wint_t, wctype_t);
wctrans_t wctrans(const char *);
wint_t towctrans(wint_t, wctrans_t);
__ZL_END
#endif
