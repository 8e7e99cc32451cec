/* elf_internal.h — private helpers of src/elf (not for tools). */
#ifndef ZL_ELF_INTERNAL_H
#define ZL_ELF_INTERNAL_H

#include "elf.h"

/* Format an error message into *e (e may be NULL).  elf_err.c */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void elf_errf(struct elf_err *e, const char *fmt, ...);

/* Deduplicating string-table builder: starts with the empty string at offset 0.
 * elf_strtab.c */
struct elf_strtab {
    char *buf;
    usize len, cap;
    u32 *slots;              /* open addressing: string offset + 1, 0 = empty */
    usize nslots, used;
};
void elf_strtab_init(struct elf_strtab *st);
void elf_strtab_free(struct elf_strtab *st);
/* Offset of s in the table (added if new); -1 if out of memory or beyond 4 GiB. */
int elf_strtab_add(struct elf_strtab *st, const char *s, u32 *off);

/* elf_open.c hands its buffer to the parsed file, freed by elf_close.  elf_read.c */
void elf_file_own_(struct elf_file *f, void *buf);

static inline int elf_is_pow2_or_zero(u128 v)
{
    return (v & (v - 1)) == 0;
}

#endif
