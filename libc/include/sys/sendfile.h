#ifndef _ZL_SYS_SENDFILE_H
#define _ZL_SYS_SENDFILE_H
#include <bits/zl_config.h>
#include <bits/types.h>
__ZL_BEGIN
/* *offset is an off_t (docs/abi.md 6.2: 16 bytes on rv128) */
ssize_t sendfile(int, int, off_t *, size_t);
__ZL_END
#endif
