#ifndef _ZL_SYS_EVENTFD_H
#define _ZL_SYS_EVENTFD_H
#include <bits/zl_config.h>
#include <stdint.h>
#include <bits/abi_efd.h>
__ZL_BEGIN
typedef uint64_t eventfd_t;
int eventfd(unsigned int, int);
int eventfd_read(int, eventfd_t *);
int eventfd_write(int, eventfd_t);
__ZL_END
#endif
