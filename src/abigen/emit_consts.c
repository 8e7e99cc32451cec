/* zl-abigen: zlibc's constant headers (gen/include/bits/abi_SET.h), one per "flags" or
 * "enum" set of abi/flags.abi, and bits/abi_ioctl.h with the requests of abi/ioctl.abi,
 * so that no libc header types a kernel value by hand.
 *
 * Each header holds "#define NAME VALUE" for the set's entries: a bit's value, a field's
 * value (not its mask) and an enumerator.  The values are asm-generic and the same in
 * every personality, so one copy serves rv32, rv64 and rv128.  Bits are written in hex,
 * field values and enumerators in decimal (in hex from 0x80000000 on), so each constant
 * has the C type the kernel's own spelling gives it (int, or unsigned int from
 * 0x80000000 on), and a name that two sets share (SIGCHLD: a signal and clone's exit
 * signal) is spelt the same in both headers.
 */
#include <stdio.h>
#include <string.h>

#include "abigen/abigen.h"

void ag_emit_libc_consts(const struct ag_spec *s, const struct ag_flagset *fs, struct ag_buf *b)
{
    (void)s;
    char guard[96];
    snprintf(guard, sizeof guard, "ZL_BITS_ABI_%s_H", fs->name);
    for (char *c = guard; *c; c++)
        if (*c >= 'a' && *c <= 'z') *c = (char)(*c - 'a' + 'A');
    ag_printf(b, "/* Generated from abi/flags.abi (%s %s) by zl-abigen -- do not edit. */\n",
              fs->is_enum ? "enum" : "flags", fs->name);
    ag_printf(b, "#ifndef %s\n#define %s\n", guard, guard);
    for (int k = 0; k < fs->n; k++) {
        const struct ag_flag *f = &fs->v[k];
        bool bit = !fs->is_enum && f->mask == f->value;
        if (fs->is_enum && (i64)f->value < 0)
            ag_printf(b, "#define %s (%lld)\n", f->name, (long long)(i64)f->value);
        else if (!bit && f->value <= 0x7fffffff)
            ag_printf(b, "#define %s %llu\n", f->name, (unsigned long long)f->value);
        else
            ag_printf(b, "#define %s 0x%llx\n", f->name, (unsigned long long)f->value);
    }
    ag_puts(b, "#endif\n");
}

/* zlibc's bits/abi_ioctl.h: the request numbers of abi/ioctl.abi. */
void ag_emit_libc_ioctls(const struct ag_spec *s, struct ag_buf *b)
{
    ag_puts(b, "/* Generated from abi/ioctl.abi by zl-abigen -- do not edit. */\n"
               "#ifndef ZL_BITS_ABI_IOCTL_H\n#define ZL_BITS_ABI_IOCTL_H\n");
    for (int i = 0; i < s->nioctls; i++)
        ag_printf(b, "#define %s 0x%x\n", s->ioctls[i].name, (unsigned)s->ioctls[i].cmd);
    ag_puts(b, "#endif\n");
}
