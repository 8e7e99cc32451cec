#ifndef _ZL_BITS_TIMESPEC_H
#define _ZL_BITS_TIMESPEC_H
#include <bits/types.h>
/* rv128: 32 bytes (docs/abi.md 7.2); rv64: 16; rv32: the time64 layout, 16 bytes with the
 * padding after tv_nsec (little-endian low half). */
struct timespec {
    time_t tv_sec;
    long tv_nsec;
#if __SIZEOF_LONG__ == 4
    int __tv_nsec_pad;
#endif
};
struct timeval {
    time_t tv_sec;
    suseconds_t tv_usec;
};
#endif
