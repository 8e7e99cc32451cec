/* elf_internal.h — private helpers of src/elf (not for tools). */
#ifndef ZL_ELF_INTERNAL_H
#define ZL_ELF_INTERNAL_H

#include "elf.h"

/* Format an error message into *e (e may be NULL).  elf_err.c */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void elf_errf(struct elf_err *e, const char *fmt, ...);

/* elf_open.c hands its buffer to the parsed file, freed by elf_close.  elf_read.c */
void elf_file_own_(struct elf_file *f, void *buf);

static inline int elf_is_pow2_or_zero(u128 v)
{
    return (v & (v - 1)) == 0;
}

#endif
