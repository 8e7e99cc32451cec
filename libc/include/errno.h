/* zlibc <errno.h>: the asm-generic numbers, generated from abi/flags.abi. */
#ifndef _ZL_ERRNO_H
#define _ZL_ERRNO_H
#include <bits/zl_config.h>
#include <bits/abi_errno.h>
#define EWOULDBLOCK EAGAIN
#define EDEADLOCK EDEADLK
#define ENOTSUP EOPNOTSUPP
__ZL_BEGIN
int *__errno_location(void);
#define errno (*__errno_location())
extern char *program_invocation_name, *program_invocation_short_name;
__ZL_END
#endif
