/* elf_fmt.c — text of composite values (flag sets, e_flags, 128-bit numbers) into a
 * caller's buffer.  Always NUL-terminates (n > 0), truncating if needed. */
#include <stdio.h>
#include <string.h>
#include "elf.h"

/* Append s at *len in buf[n]. */
static void cat(char *buf, usize n, usize *len, const char *s)
{
    while (*s && *len + 1 < n)
        buf[(*len)++] = *s++;
    if (n)
        buf[*len < n ? *len : n - 1] = '\0';
}

char *elf_shf_letters(u128 flags, char *buf, usize n)
{
    static const struct { u32 bit; char c; } t[] = {
        { SHF_WRITE, 'W' }, { SHF_ALLOC, 'A' }, { SHF_EXECINSTR, 'X' }, { SHF_MERGE, 'M' },
        { SHF_STRINGS, 'S' }, { SHF_INFO_LINK, 'I' }, { SHF_LINK_ORDER, 'L' },
        { SHF_OS_NONCONFORMING, 'O' }, { SHF_GROUP, 'G' }, { SHF_TLS, 'T' },
        { SHF_COMPRESSED, 'C' }, { SHF_EXCLUDE, 'E' },
    };
    usize len = 0;
    char one[2] = { 0, 0 };
    u128 rest = flags;
    if (n)
        buf[0] = '\0';
    for (usize i = 0; i < sizeof t / sizeof t[0]; i++) {
        if (flags & t[i].bit) {
            one[0] = t[i].c;
            cat(buf, n, &len, one);
            rest &= ~(u128)t[i].bit;
        }
    }
    if (rest & SHF_MASKOS) {
        cat(buf, n, &len, "o");
        rest &= ~(u128)SHF_MASKOS;
    }
    if (rest & SHF_MASKPROC) {
        cat(buf, n, &len, "p");
        rest &= ~(u128)SHF_MASKPROC;
    }
    if (rest)
        cat(buf, n, &len, "x");
    return buf;
}

char *elf_pf_string(u32 flags, char *buf, usize n)
{
    char s[4] = { (flags & PF_R) ? 'R' : ' ', (flags & PF_W) ? 'W' : ' ',
                  (flags & PF_X) ? 'E' : ' ', 0 };
    usize len = 0;
    if (n)
        buf[0] = '\0';
    cat(buf, n, &len, s);
    return buf;
}

char *elf_eflags_string(u16 machine, u32 flags, char *buf, usize n)
{
    usize len = 0;
    char tmp[32];
    if (n)
        buf[0] = '\0';
    if (machine != EM_RISCV) {
        if (flags) {
            snprintf(tmp, sizeof tmp, "unknown flags 0x%x", flags);
            cat(buf, n, &len, tmp);
        }
        return buf;
    }
    if (flags & EF_RISCV_RVC)
        cat(buf, n, &len, "RVC, ");
    static const char *const fabi[4] = { "soft-float ABI", "single-float ABI",
                                         "double-float ABI", "quad-float ABI" };
    cat(buf, n, &len, fabi[(flags & EF_RISCV_FLOAT_ABI) >> 1]);
    if (flags & EF_RISCV_RVE)
        cat(buf, n, &len, ", RVE");
    if (flags & EF_RISCV_TSO)
        cat(buf, n, &len, ", TSO");
    u32 rest = flags & ~(u32)(EF_RISCV_RVC | EF_RISCV_FLOAT_ABI | EF_RISCV_RVE | EF_RISCV_TSO);
    if (rest) {
        snprintf(tmp, sizeof tmp, ", unknown flags 0x%x", rest);
        cat(buf, n, &len, tmp);
    }
    return buf;
}

char *elf_u128_dec(u128 v, char *buf, usize n)
{
    char tmp[48];
    usize i = sizeof tmp;
    tmp[--i] = '\0';
    do {
        tmp[--i] = (char)('0' + (unsigned)(v % 10));
        v /= 10;
    } while (v);
    usize len = 0;
    if (n)
        buf[0] = '\0';
    cat(buf, n, &len, tmp + i);
    return buf;
}

char *elf_u128_hex(u128 v, char *buf, usize n)
{
    char tmp[40];
    usize i = sizeof tmp;
    tmp[--i] = '\0';
    do {
        tmp[--i] = "0123456789abcdef"[(unsigned)(v & 0xf)];
        v >>= 4;
    } while (v);
    usize len = 0;
    if (n)
        buf[0] = '\0';
    cat(buf, n, &len, tmp + i);
    return buf;
}
