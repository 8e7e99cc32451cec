/* elf_err.c — formatting of error messages into struct elf_err. */
#include <stdarg.h>
#include <stdio.h>
#include "elf_internal.h"

void elf_errf(struct elf_err *e, const char *fmt, ...)
{
    va_list ap;
    if (!e)
        return;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
}
