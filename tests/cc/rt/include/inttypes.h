/* tests/cc minimal runtime: <inttypes.h> (the PRI macros only). */
#ifndef ZLRT_INTTYPES_H
#define ZLRT_INTTYPES_H
#include <stdint.h>

#if __SIZEOF_LONG__ == 16
#define ZLRT_PRI64 "w64"   /* C23 wN modifier: LP128 has no classic one (docs/abi.md §1.3) */
#define ZLRT_PRIMAX "l"
#define ZLRT_PRIPTR "l"
#elif __SIZEOF_LONG__ == 8
#define ZLRT_PRI64 "l"
#define ZLRT_PRIMAX "l"
#define ZLRT_PRIPTR "l"
#else
#define ZLRT_PRI64 "ll"
#define ZLRT_PRIMAX "ll"
#define ZLRT_PRIPTR ""
#endif

#define PRId8 "d"
#define PRIi8 "i"
#define PRIu8 "u"
#define PRIx8 "x"
#define PRIX8 "X"
#define PRIo8 "o"
#define PRId16 "d"
#define PRIi16 "i"
#define PRIu16 "u"
#define PRIx16 "x"
#define PRIX16 "X"
#define PRIo16 "o"
#define PRId32 "d"
#define PRIi32 "i"
#define PRIu32 "u"
#define PRIx32 "x"
#define PRIX32 "X"
#define PRIo32 "o"
#define PRId64 ZLRT_PRI64 "d"
#define PRIi64 ZLRT_PRI64 "i"
#define PRIu64 ZLRT_PRI64 "u"
#define PRIx64 ZLRT_PRI64 "x"
#define PRIX64 ZLRT_PRI64 "X"
#define PRIo64 ZLRT_PRI64 "o"
#define PRIdMAX ZLRT_PRIMAX "d"
#define PRIiMAX ZLRT_PRIMAX "i"
#define PRIuMAX ZLRT_PRIMAX "u"
#define PRIxMAX ZLRT_PRIMAX "x"
#define PRIXMAX ZLRT_PRIMAX "X"
#define PRIoMAX ZLRT_PRIMAX "o"
#define PRIdPTR ZLRT_PRIPTR "d"
#define PRIiPTR ZLRT_PRIPTR "i"
#define PRIuPTR ZLRT_PRIPTR "u"
#define PRIxPTR ZLRT_PRIPTR "x"
#define PRIXPTR ZLRT_PRIPTR "X"
#define PRIoPTR ZLRT_PRIPTR "o"

#endif
