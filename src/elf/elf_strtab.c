/* elf_strtab.c — deduplicating string-table builder (for .strtab/.shstrtab). */
#include <stdlib.h>
#include <string.h>
#include "elf_internal.h"

void elf_strtab_init(struct elf_strtab *st)
{
    memset(st, 0, sizeof *st);
}

void elf_strtab_free(struct elf_strtab *st)
{
    free(st->buf);
    free(st->slots);
    memset(st, 0, sizeof *st);
}

static u32 hash_str(const char *s, usize n)
{
    u32 h = 2166136261u;
    for (usize i = 0; i < n; i++)
        h = (h ^ (u8)s[i]) * 16777619u;
    return h;
}

static int grow_slots(struct elf_strtab *st)
{
    usize n = st->nslots ? st->nslots * 2 : 64;
    if (n > (usize)-1 / sizeof(u32) / 2)
        return -1;
    u32 *slots = calloc(n, sizeof *slots);
    if (!slots)
        return -1;
    for (usize i = 0; i < st->nslots; i++) {
        u32 v = st->slots[i];
        if (!v)
            continue;
        const char *s = st->buf + (v - 1);
        usize j = hash_str(s, strlen(s)) & (n - 1);
        while (slots[j])
            j = (j + 1) & (n - 1);
        slots[j] = v;
    }
    free(st->slots);
    st->slots = slots;
    st->nslots = n;
    return 0;
}

int elf_strtab_add(struct elf_strtab *st, const char *s, u32 *off)
{
    if (!st->buf) {
        st->buf = malloc(64);
        if (!st->buf)
            return -1;
        st->cap = 64;
        st->buf[0] = '\0';
        st->len = 1;
    }
    usize n = strlen(s);
    if (n == 0) {
        *off = 0;
        return 0;
    }
    if ((st->used + 1) * 2 > st->nslots && grow_slots(st) != 0)
        return -1;
    usize mask = st->nslots - 1, j = hash_str(s, n) & mask;
    while (st->slots[j]) {
        const char *c = st->buf + (st->slots[j] - 1);
        if (strcmp(c, s) == 0) {
            *off = st->slots[j] - 1;
            return 0;
        }
        j = (j + 1) & mask;
    }
    /* New string: offsets (and offset + 1 in the slot) must stay below 2^32. */
    if (n >= 0xfffffffeu || st->len > 0xfffffffeu - n - 1)
        return -1;
    if (st->len + n + 1 > st->cap) {
        usize cap = st->cap;
        while (cap < st->len + n + 1)
            cap *= 2;
        char *b = realloc(st->buf, cap);
        if (!b)
            return -1;
        st->buf = b;
        st->cap = cap;
    }
    memcpy(st->buf + st->len, s, n + 1);
    *off = (u32)st->len;
    st->slots[j] = (u32)st->len + 1;
    st->len += n + 1;
    st->used++;
    return 0;
}
