/* wint_t, WEOF and mbstate_t, shared by <wchar.h> and <wctype.h> (docs/libc.md "Wide
 * characters").  wchar_t is int and wint_t unsigned int at every XLEN (docs/abi.md 1.1). */
#ifndef _ZL_BITS_WINT_H
#define _ZL_BITS_WINT_H
typedef __WINT_TYPE__ wint_t;
#define WEOF ((wint_t)-1)
/* conversion state: the bytes of an incomplete UTF-8 sequence */
typedef struct {
    unsigned __count;   /* bytes held (0: initial state) */
    unsigned __bytes;   /* the bytes, first in the low octet */
} mbstate_t;
#endif
