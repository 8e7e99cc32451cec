#ifndef _ZL_SYS_DIR_H
#define _ZL_SYS_DIR_H
/* The BSD name of <dirent.h>'s entry type. */
#include <dirent.h>
#define direct dirent
#endif
