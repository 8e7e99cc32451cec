/* --jit-dump: each translated block as guest instructions next to the host code.  The
 * host code is disassembled by the host's objdump (GNU binutils) when there is one, else
 * printed as bytes; the translator itself depends on neither. */
#include "exec/jit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "isa/isa.h"

static void dump_bytes(FILE *out, const u8 *code, size_t size)
{
    for (size_t k = 0; k < size; k += 16) {
        fprintf(out, "    %p:", (const void *)(code + k));
        for (size_t j = k; j < size && j < k + 16; j++) fprintf(out, " %02x", code[j]);
        fputc('\n', out);
    }
}

static bool dump_objdump(FILE *out, const u8 *code, size_t size)
{
    char path[] = "/tmp/zl-jit-dump-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return false;
    bool ok = write(fd, code, size) == (ssize_t)size;
    close(fd);
    char cmd[256];
    snprintf(cmd, sizeof cmd,
             "objdump -D -b binary -mi386:x86-64 -M intel --adjust-vma=%p %s 2>/dev/null",
             (const void *)code, path);
    FILE *p = ok ? popen(cmd, "r") : NULL;
    ok = false;
    if (p) {
        char line[512];
        bool body = false;
        while (fgets(line, sizeof line, p)) {
            if (strstr(line, "<.data>:")) { body = true; continue; }
            if (body && line[0] != '\n') {
                fprintf(out, "  %s", line);
                ok = true;
            }
        }
        ok = pclose(p) == 0 && ok;
    }
    unlink(path);
    return ok;
}

void jit_dump_block(FILE *out, int xlen, unsigned exts, u64 pc, const u32 *words,
                    const u8 *lens, size_t n, const u8 *code, size_t size)
{
    fprintf(out, "zl-run: jit: block %#llx: %zu instructions -> %zu bytes at %p\n",
            (unsigned long long)pc, n, size, (const void *)code);
    u64 a = pc;
    for (size_t k = 0; k < n; k++) {
        struct isa_inst in;
        char txt[96] = "(not decoded)";
        if (isa_decode(xlen, exts, words[k], &in)) isa_format(&in, xlen, a, txt, sizeof txt);
        fprintf(out, "  guest %#llx: %0*x  %s\n", (unsigned long long)a, lens[k] == 2 ? 4 : 8,
                words[k], txt);
        a += lens[k];
    }
    if (!dump_objdump(out, code, size)) dump_bytes(out, code, size);
    fflush(out);
}
