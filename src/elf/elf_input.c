/* elf_input.c — the inputs of zl-nm, zl-size, zl-strip, zl-ar: a path naming an ELF
 * file or an archive of ELF files, opened with GNU binutils' error messages. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "elf/elf.h"

u8 *elf_input_load(const char *tool, const char *path, usize *size)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        if (errno == ENOENT)
            fprintf(stderr, "%s: '%s': No such file\n", tool, path);
        else
            fprintf(stderr, "%s: %s: %s\n", tool, path, strerror(errno));
        return NULL;
    }
    if (S_ISDIR(st.st_mode)) {
        fprintf(stderr, "%s: Warning: '%s' is a directory\n", tool, path);
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        fprintf(stderr, "%s: Warning: '%s' is not an ordinary file\n", tool, path);
        return NULL;
    }
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        fprintf(stderr, "%s: %s: %s\n", tool, path, strerror(errno));
        return NULL;
    }
    struct elf_err err = { "" };
    u8 *buf = elf_slurp(fp, size, &err);
    fclose(fp);
    if (!buf)
        fprintf(stderr, "%s: %s: %s\n", tool, path, err.msg);
    return buf;
}

/* GNU's wording for why an image is not a usable object. */
static void report(const char *tool, const char *name, const u8 *data, usize size,
                   const struct elf_err *err)
{
    if (size < 4 || memcmp(data, "\177ELF", 4))
        fprintf(stderr, "%s: %s: file format not recognized\n", tool, name);
    else
        fprintf(stderr, "%s: %s: %s\n", tool, name, err->msg);
}

int elf_input_each(const char *tool, const char *path, elf_input_fn fn, void *ctx,
                   bool *is_archive)
{
    usize size = 0;
    if (is_archive)
        *is_archive = false;
    u8 *data = elf_input_load(tool, path, &size);
    if (!data)
        return 1;
    int rc = 0;
    struct elf_err err = { "" };
    if (!ar_is_archive(data, size)) {
        struct elf_file *f = elf_read(data, size, 0, &err);
        if (!f) {
            report(tool, path, data, size, &err);
            rc = 1;
        } else {
            rc = fn(ctx, path, NULL, f);
            elf_close(f);
        }
        free(data);
        return rc;
    }
    if (is_archive)
        *is_archive = true;
    if (!memcmp(data, "!<thin>\n", AR_MAGIC_LEN)) {
        fprintf(stderr, "%s: %s: thin archives are not supported\n", tool, path);
        free(data);
        return 1;
    }
    rc = fn(ctx, path, NULL, NULL);
    struct ar_walk w;
    ar_walk_init(&w, data, size);
    struct ar_entry e;
    const char *why = NULL;
    int r;
    while (!rc && (r = ar_walk_next(&w, &e, &why)) != 0) {
        if (r < 0) {
            fprintf(stderr, "%s: %s: %s\n", tool, path, why);
            rc = 1;
            break;
        }
        if (e.kind != AR_MEMBER)
            continue;
        char *name = malloc(e.name_len + 1);
        if (!name) {
            rc = 1;
            break;
        }
        memcpy(name, e.name, e.name_len);
        name[e.name_len] = 0;
        struct elf_file *f = elf_read(e.data, (usize)e.size, 0, &err);
        if (!f)
            report(tool, name, e.data, (usize)e.size, &err);
        else {
            rc = fn(ctx, path, name, f);
            elf_close(f);
        }
        free(name);
    }
    free(data);
    return rc;
}
