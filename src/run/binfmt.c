/* binfmt_misc registration: one entry per ELF class, so that ./prog of a RISC-V class
 * runs under zl-run directly.  Flags F (the kernel opens zl-run at registration, so it
 * works in containers and chroots) and P (the original argv[0] is preserved: the kernel
 * passes it and marks the auxv with AT_FLAGS_PRESERVE_ARGV0).  By default only rv128 is
 * claimed: qemu-user-binfmt registers rv32 and rv64, and the first registered handler of
 * a class wins, so claiming them is the user's choice (docs/zl-run.md, "binfmt"). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "run/binfmt.h"

static const struct { const char *name, *xlen; int cls; unsigned bit; } kinds[] = {
    { "zl-riscv32", "rv32", 1, BINFMT_RV32 },
    { "zl-riscv64", "rv64", 2, BINFMT_RV64 },
    { "zl-riscv128", "rv128", 3, BINFMT_RV128 },
};
#define NKINDS (sizeof kinds / sizeof kinds[0])

int binfmt_parse(const char *list, unsigned *set)
{
    if (!strcmp(list, "all")) {
        *set = BINFMT_ALL;
        return 0;
    }
    *set = 0;
    for (const char *p = list; *p;) {
        size_t n = strcspn(p, ",");
        size_t k = 0;
        while (k < NKINDS && !(strlen(kinds[k].xlen) == n && !strncmp(p, kinds[k].xlen, n))) k++;
        if (k == NKINDS) return -1;
        *set |= kinds[k].bit;
        p += n;
        if (*p == ',') p++;
    }
    return *set ? 0 : -1;
}

static void line(char *buf, size_t size, size_t k, const char *interp)
{
    /* e_ident: magic, class, LSB, version 1, any OS ABI; e_type EXEC or DYN; EM_RISCV */
    char magic[200];
    snprintf(magic, sizeof magic,
             "\\x7fELF\\x%02x\\x01\\x01\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x02\\x00\\xf3\\x00",
             kinds[k].cls);
    const char *mask = "\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\x00\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff"
                       "\\xfe\\xff\\xff\\xff";
    snprintf(buf, size, ":%s:M::%s:%s:%s:FP", kinds[k].name, magic, mask, interp);
}

void binfmt_print(FILE *out, const char *interp, unsigned set)
{
    char buf[600];
    for (size_t k = 0; k < NKINDS; k++) {
        if (!(set & kinds[k].bit)) continue;
        line(buf, sizeof buf, k, interp);
        fprintf(out, "%s\n", buf);
    }
}

/* Write text to dir/file; 0 or -errno. */
static int put(const char *dir, const char *file, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    FILE *f = fopen(path, "w");
    if (!f) return -errno;
    int ok = fputs(text, f) >= 0;
    if (fclose(f) || !ok) return errno ? -errno : -EIO;
    return 0;
}

/* Remove zl-run's entry k if it is registered (writing -1 to it, as binfmt_misc wants). */
static int remove_entry(const char *dir, size_t k)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, kinds[k].name);
    if (access(path, F_OK)) return errno == ENOENT ? 0 : -errno;
    return put(dir, kinds[k].name, "-1");
}

/* Is binfmt_misc mounted at dir?  0 or -errno. */
static int mounted(const char *dir)
{
    char reg[512];
    snprintf(reg, sizeof reg, "%s/register", dir);
    return access(reg, F_OK) ? -errno : 0;
}

int binfmt_install(const char *dir, const char *interp, unsigned set)
{
    char buf[600];
    int m = mounted(dir);
    if (m) return m;
    for (size_t k = 0; k < NKINDS; k++) {
        if (!(set & kinds[k].bit)) continue;
        int e = remove_entry(dir, k);
        if (e) return e;
        line(buf, sizeof buf, k, interp);
        if ((e = put(dir, "register", buf))) return e;
    }
    return 0;
}

int binfmt_uninstall(const char *dir, unsigned set)
{
    int e = mounted(dir);
    for (size_t k = 0; k < NKINDS && !e; k++)
        if (set & kinds[k].bit) e = remove_entry(dir, k);
    return e;
}
