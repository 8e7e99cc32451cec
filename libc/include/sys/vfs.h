#ifndef _ZL_SYS_VFS_H
#define _ZL_SYS_VFS_H
#include <sys/statfs.h>
#endif
