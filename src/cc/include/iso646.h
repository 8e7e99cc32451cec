/* <iso646.h> for zl-cc (C11 7.9) */
#ifndef __ZLCC_ISO646_H
#define __ZLCC_ISO646_H
#define and &&
#define and_eq &=
#define bitand &
#define bitor |
#define compl ~
#define not !
#define not_eq !=
#define or ||
#define or_eq |=
#define xor ^
#define xor_eq ^=
#endif
