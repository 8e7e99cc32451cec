#ifndef _ZL_BYTESWAP_H
#define _ZL_BYTESWAP_H
/* GNU byte swapping (compiler builtins). */
#include <bits/zl_config.h>
#define bswap_16(x) __builtin_bswap16(x)
#define bswap_32(x) __builtin_bswap32(x)
#define bswap_64(x) __builtin_bswap64(x)
#endif
