#ifndef _ZL_SYS_RANDOM_H
#define _ZL_SYS_RANDOM_H
#include <bits/zl_config.h>
#include <bits/types.h>
#include <bits/abi_grnd.h>
__ZL_BEGIN
ssize_t getrandom(void *, size_t, unsigned int);
int getentropy(void *, size_t);
__ZL_END
#endif
