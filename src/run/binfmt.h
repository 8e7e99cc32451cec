/* binfmt_misc lines for zl-run (see binfmt.c). */
#ifndef ZL_RUN_BINFMT_H
#define ZL_RUN_BINFMT_H

#include <stdio.h>

void binfmt_print(FILE *out, const char *self);
/* Register the three lines by writing to regfile (normally
 * /proc/sys/fs/binfmt_misc/register).  Returns 0 or -errno. */
int binfmt_install(const char *self, const char *regfile);

#endif
