#ifndef _ZL_STDLIB_H
#define _ZL_STDLIB_H
#include <bits/zl_config.h>
#include <stddef.h>
__ZL_BEGIN
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647
#define MB_CUR_MAX (__zl_mb_cur_max())   /* 1 in C/POSIX, 4 in C.UTF-8 */
typedef struct { int quot, rem; } div_t;
typedef struct { long quot, rem; } ldiv_t;
typedef struct { long long quot, rem; } lldiv_t;
void *malloc(size_t);
void *calloc(size_t, size_t);
void *realloc(void *, size_t);
void *reallocarray(void *, size_t, size_t);
void free(void *);
void *aligned_alloc(size_t, size_t);
int posix_memalign(void **, size_t, size_t);
void *memalign(size_t, size_t);
size_t malloc_usable_size(void *);
double atof(const char *);
int atoi(const char *);
long atol(const char *);
long long atoll(const char *);
double strtod(const char *restrict, char **restrict);
float strtof(const char *restrict, char **restrict);
long double strtold(const char *restrict, char **restrict);
long strtol(const char *restrict, char **restrict, int);
unsigned long strtoul(const char *restrict, char **restrict, int);
long long strtoll(const char *restrict, char **restrict, int);
unsigned long long strtoull(const char *restrict, char **restrict, int);
int rand(void);
int rand_r(unsigned *);
void srand(unsigned);
long random(void);
void srandom(unsigned);
__ZL_NORETURN void abort(void);
int atexit(void (*)(void));
int at_quick_exit(void (*)(void));
__ZL_NORETURN void exit(int);
__ZL_NORETURN void _Exit(int);
__ZL_NORETURN void quick_exit(int);
char *getenv(const char *);
char *secure_getenv(const char *);
int setenv(const char *, const char *, int);
int unsetenv(const char *);
int putenv(char *);
int clearenv(void);
int system(const char *);
void *bsearch(const void *, const void *, size_t, size_t, int (*)(const void *, const void *));
void qsort(void *, size_t, size_t, int (*)(const void *, const void *));
void qsort_r(void *, size_t, size_t, int (*)(const void *, const void *, void *), void *);
int abs(int);
long labs(long);
long long llabs(long long);
div_t div(int, int);
ldiv_t ldiv(long, long);
lldiv_t lldiv(long long, long long);
size_t __zl_mb_cur_max(void);
size_t __ctype_get_mb_cur_max(void);
int mblen(const char *, size_t);
int mbtowc(wchar_t *restrict, const char *restrict, size_t);
int wctomb(char *, wchar_t);
size_t mbstowcs(wchar_t *restrict, const char *restrict, size_t);
size_t wcstombs(char *restrict, const wchar_t *restrict, size_t);
int mkstemp(char *);
int mkostemp(char *, int);
int mkstemps(char *, int);
int getsubopt(char **, char *const *, char **);
int getloadavg(double *, int);
long a64l(const char *);
/* pseudo-terminals */
int posix_openpt(int);
int grantpt(int);
int unlockpt(int);
char *ptsname(int);
int ptsname_r(int, char *, size_t);
char *l64a(long);
int mkostemps(char *, int, int);
/* XSI 48-bit random numbers */
double drand48(void);
double erand48(unsigned short [3]);
long lrand48(void);
long nrand48(unsigned short [3]);
long mrand48(void);
long jrand48(unsigned short [3]);
void srand48(long);
unsigned short *seed48(unsigned short [3]);
void lcong48(unsigned short [7]);
void *valloc(size_t);
char *mkdtemp(char *);
char *realpath(const char *restrict, char *restrict);
int getsubopt(char **, char *const *, char **);
__ZL_END
#endif
