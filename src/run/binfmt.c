/* binfmt_misc registration: one line per ELF class, so that ./prog of any RISC-V class
 * runs under zl-run directly.  Flags F (the kernel opens zl-run at registration, so it
 * works in containers and chroots) and P (the original argv[0] is preserved: the kernel
 * passes it and marks the auxv with AT_FLAGS_PRESERVE_ARGV0). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "run/binfmt.h"

static void line(char *buf, size_t size, const char *name, int cls, const char *self)
{
    /* e_ident: magic, class, LSB, version 1, any OS ABI; e_type EXEC or DYN; EM_RISCV */
    char magic[200], mask[200];
    snprintf(magic, sizeof magic,
             "\\x7fELF\\x%02x\\x01\\x01\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x02\\x00\\xf3\\x00",
             cls);
    snprintf(mask, sizeof mask, "%s",
             "\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\x00\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff"
             "\\xfe\\xff\\xff\\xff");
    snprintf(buf, size, ":%s:M::%s:%s:%s:FP", name, magic, mask, self);
}

static const struct { const char *name; int cls; } kinds[] = {
    { "zl-riscv32", 1 }, { "zl-riscv64", 2 }, { "zl-riscv128", 3 },
};

void binfmt_print(FILE *out, const char *self)
{
    char buf[600];
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        line(buf, sizeof buf, kinds[i].name, kinds[i].cls, self);
        fprintf(out, "%s\n", buf);
    }
}

int binfmt_install(const char *self, const char *regfile)
{
    char buf[600];
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        FILE *f = fopen(regfile, "w");
        if (!f) return -errno;
        line(buf, sizeof buf, kinds[i].name, kinds[i].cls, self);
        int ok = fputs(buf, f) >= 0;
        if (fclose(f) || !ok) return errno ? -errno : -EIO;
    }
    return 0;
}
