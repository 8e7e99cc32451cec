/* binfmt_misc registration of zl-run (see binfmt.c). */
#ifndef ZL_RUN_BINFMT_H
#define ZL_RUN_BINFMT_H

#include <stdio.h>

/* The classes zl-run claims: a set of these bits. */
enum { BINFMT_RV32 = 1, BINFMT_RV64 = 2, BINFMT_RV128 = 4, BINFMT_ALL = 7 };

/* "rv32,rv64,rv128" (any subset, any order) or "all" -> *set; -1 on a bad list. */
int binfmt_parse(const char *list, unsigned *set);

/* The binfmt_misc lines (also a binfmt.d file) that run those classes under interp. */
void binfmt_print(FILE *out, const char *interp, unsigned set);

/* Register them in the binfmt_misc directory dir (normally /proc/sys/fs/binfmt_misc),
 * replacing zl-run's own earlier entries, so a second install is not an error; or remove
 * them.  0 or -errno (-ENOENT: binfmt_misc is not mounted at dir). */
int binfmt_install(const char *dir, const char *interp, unsigned set);
int binfmt_uninstall(const char *dir, unsigned set);

#endif
