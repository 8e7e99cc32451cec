#ifndef _ZL_SYS_SYSMACROS_H
#define _ZL_SYS_SYSMACROS_H
/* The device number encoding of glibc and musl on Linux (a 12-bit major and 20-bit minor,
 * split across the 64-bit dev_t). */
#include <bits/zl_config.h>
#define major(d) ((unsigned int)((((d) >> 32) & 0xfffff000u) | (((d) >> 8) & 0x00000fffu)))
#define minor(d) ((unsigned int)((((d) >> 12) & 0xffffff00u) | ((d) & 0x000000ffu)))
#define makedev(x, y) ((((__ZL_UINT64)(x) & 0xfffff000u) << 32) | (((__ZL_UINT64)(x) & 0x00000fffu) << 8) | \
                       (((__ZL_UINT64)(y) & 0xffffff00u) << 12) | ((__ZL_UINT64)(y) & 0x000000ffu))
#endif
