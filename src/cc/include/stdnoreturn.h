/* <stdnoreturn.h> for zl-cc (C11 7.23) */
#ifndef __ZLCC_STDNORETURN_H
#define __ZLCC_STDNORETURN_H
#define noreturn _Noreturn
#endif
