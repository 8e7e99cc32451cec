/* zlibc <inttypes.h>.  Under LP128 there is no classic length modifier for the 64-bit
 * __int64, so PRId64 and friends use the C23 "w64" modifier (docs/abi.md 1.3); intmax_t,
 * intptr_t and long are 128-bit and use "j"/"l". */
#ifndef _ZL_INTTYPES_H
#define _ZL_INTTYPES_H
#include <stdint.h>
__ZL_BEGIN
typedef struct { intmax_t quot, rem; } imaxdiv_t;
intmax_t imaxabs(intmax_t);
imaxdiv_t imaxdiv(intmax_t, intmax_t);
intmax_t strtoimax(const char *restrict, char **restrict, int);
uintmax_t strtoumax(const char *restrict, char **restrict, int);
#ifndef __cplusplus
typedef __WCHAR_TYPE__ __zl_wchar_t;
#else
typedef wchar_t __zl_wchar_t;
#endif
intmax_t wcstoimax(const __zl_wchar_t *restrict, __zl_wchar_t **restrict, int);
uintmax_t wcstoumax(const __zl_wchar_t *restrict, __zl_wchar_t **restrict, int);
__ZL_END
#if __SIZEOF_LONG__ == 16
#define __PRI64 "w64"
#elif __SIZEOF_LONG__ == 8
#define __PRI64 "l"
#else
#define __PRI64 "ll"
#endif
#if __SIZEOF_POINTER__ == 4
#define __PRIPTR ""
#else
#define __PRIPTR "l"
#endif
#if __SIZEOF_LONG__ == 8
#define __PRIFAST "l"
#else
#define __PRIFAST ""
#endif
#define PRId8 "d"
#define PRId16 "d"
#define PRId32 "d"
#define PRId64 __PRI64 "d"
#define PRIi8 "i"
#define PRIi16 "i"
#define PRIi32 "i"
#define PRIi64 __PRI64 "i"
#define PRIo8 "o"
#define PRIo16 "o"
#define PRIo32 "o"
#define PRIo64 __PRI64 "o"
#define PRIu8 "u"
#define PRIu16 "u"
#define PRIu32 "u"
#define PRIu64 __PRI64 "u"
#define PRIx8 "x"
#define PRIx16 "x"
#define PRIx32 "x"
#define PRIx64 __PRI64 "x"
#define PRIX8 "X"
#define PRIX16 "X"
#define PRIX32 "X"
#define PRIX64 __PRI64 "X"
#define PRIdLEAST8 "d"
#define PRIdLEAST16 "d"
#define PRIdLEAST32 "d"
#define PRIdLEAST64 PRId64
#define PRIuLEAST8 "u"
#define PRIuLEAST16 "u"
#define PRIuLEAST32 "u"
#define PRIuLEAST64 PRIu64
#define PRIxLEAST64 PRIx64
#define PRIdFAST8 "d"
#define PRIdFAST16 __PRIFAST "d"
#define PRIdFAST32 __PRIFAST "d"
#define PRIdFAST64 PRId64
#define PRIuFAST8 "u"
#define PRIuFAST16 __PRIFAST "u"
#define PRIuFAST32 __PRIFAST "u"
#define PRIuFAST64 PRIu64
#define PRIxFAST16 __PRIFAST "x"
#define PRIxFAST32 __PRIFAST "x"
#define PRIxFAST64 PRIx64
#define PRIdMAX "jd"
#define PRIiMAX "ji"
#define PRIoMAX "jo"
#define PRIuMAX "ju"
#define PRIxMAX "jx"
#define PRIXMAX "jX"
#define PRIdPTR __PRIPTR "d"
#define PRIiPTR __PRIPTR "i"
#define PRIoPTR __PRIPTR "o"
#define PRIuPTR __PRIPTR "u"
#define PRIxPTR __PRIPTR "x"
#define PRIXPTR __PRIPTR "X"
#define SCNd8 "hhd"
#define SCNd16 "hd"
#define SCNd32 "d"
#define SCNd64 __PRI64 "d"
#define SCNi64 __PRI64 "i"
#define SCNu8 "hhu"
#define SCNu16 "hu"
#define SCNu32 "u"
#define SCNu64 __PRI64 "u"
#define SCNx8 "hhx"
#define SCNx16 "hx"
#define SCNx32 "x"
#define SCNx64 __PRI64 "x"
#define SCNo64 __PRI64 "o"
#define SCNdMAX "jd"
#define SCNuMAX "ju"
#define SCNxMAX "jx"
#define SCNdPTR __PRIPTR "d"
#define SCNuPTR __PRIPTR "u"
#define SCNxPTR __PRIPTR "x"
#endif
