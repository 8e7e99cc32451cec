/* elf_open.c — read a whole file from a path and parse it with elf_read(). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "elf_internal.h"

/* Read all of fp into a malloc'd buffer (at most ELF_OPEN_MAX bytes). */
u8 *elf_slurp(FILE *fp, usize *size, struct elf_err *err)
{
    usize cap = 1 << 16, len = 0;
    u8 *buf = malloc(cap);
    if (!buf) {
        elf_errf(err, "out of memory");
        return NULL;
    }
    for (;;) {
        if (len == cap) {
            if (cap >= ELF_OPEN_MAX) {
                if (fgetc(fp) == EOF && !ferror(fp))
                    break;
                elf_errf(err, "file too large");
                free(buf);
                return NULL;
            }
            usize ncap = cap * 2 > ELF_OPEN_MAX ? ELF_OPEN_MAX : cap * 2;
            u8 *nb = realloc(buf, ncap);
            if (!nb) {
                elf_errf(err, "out of memory");
                free(buf);
                return NULL;
            }
            buf = nb;
            cap = ncap;
        }
        usize n = fread(buf + len, 1, cap - len, fp);
        len += n;
        if (n == 0) {
            if (ferror(fp)) {
                elf_errf(err, "read error: %s", strerror(errno));
                free(buf);
                return NULL;
            }
            break;
        }
    }
    *size = len;
    return buf;
}

struct elf_file *elf_open(const char *path, unsigned flags, struct elf_err *err)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        elf_errf(err, "%s", strerror(errno));
        return NULL;
    }
    usize size = 0;
    u8 *buf = elf_slurp(fp, &size, err);
    fclose(fp);
    if (!buf)
        return NULL;
    struct elf_file *f = elf_read(buf, size, flags, err);
    if (!f) {
        free(buf);
        return NULL;
    }
    elf_file_own_(f, buf);
    return f;
}
