#ifndef _ZL_SYS_AUXV_H
#define _ZL_SYS_AUXV_H
#include <bits/zl_config.h>
/* Auxiliary-vector keys (docs/abi.md 9.2). */
#include <bits/abi_auxv.h>
__ZL_BEGIN
unsigned long getauxval(unsigned long);
__ZL_END
#endif
