/* The one reader of `ar` archives (System V / GNU, and GNU thin archives), for zl-ld and
 * zl-readelf.
 *
 * Layout: "!<arch>\n" (or "!<thin>\n"), then members, each a 60-byte header
 *   name[16] date[12] uid[6] gid[6] mode[8] size[10] "`\n"
 * followed by `size` bytes and a '\n' pad to an even offset.  Special members:
 *   "/"        symbol index: u32 BE count, count u32 BE header offsets, count names
 *   "/SYM64/"  the same with u64 BE count and offsets
 *   "//"       long-name table ("name/\n" strings); a member named "/123" uses offset 123
 *   "__.SYMDEF" a BSD symbol index (not read: members are scanned instead)
 *   "#1/N"     BSD long name: the first N data bytes are the name
 * GNU names end in '/'.  A thin archive stores only the headers (and the special members'
 * data); its members are files named relative to the archive's directory. */
#include <string.h>

#include "elf/elf.h"

#define AR_HDR 60

bool ar_is_archive(const u8 *data, usize size)
{
    return size >= AR_MAGIC_LEN &&
           (!memcmp(data, "!<arch>\n", AR_MAGIC_LEN) || !memcmp(data, "!<thin>\n", AR_MAGIC_LEN));
}

/* A decimal field padded with spaces. */
static int parse_dec(const u8 *p, usize n, u64 *out)
{
    u64 v = 0;
    usize i = 0;
    while (i < n && p[i] == ' ')
        i++;
    if (i == n || p[i] < '0' || p[i] > '9')
        return -1;
    for (; i < n && p[i] >= '0' && p[i] <= '9'; i++) {
        if (v > (u64)1 << 56)
            return -1;
        v = v * 10 + (u64)(p[i] - '0');
    }
    for (; i < n; i++)
        if (p[i] != ' ')
            return -1;
    *out = v;
    return 0;
}

void ar_walk_init(struct ar_walk *w, const u8 *data, usize size)
{
    memset(w, 0, sizeof *w);
    w->data = data;
    w->size = size;
    w->pos = AR_MAGIC_LEN;
    w->thin = size >= AR_MAGIC_LEN && !memcmp(data, "!<thin>\n", AR_MAGIC_LEN);
}

static int fail(const char **why, const char *msg)
{
    *why = msg;
    return -1;
}

int ar_walk_next(struct ar_walk *w, struct ar_entry *e, const char **why)
{
    const u8 *data = w->data;
    usize size = w->size, pos = w->pos;
    memset(e, 0, sizeof *e);
    e->hdr_off = pos;
    if (pos >= size || (size - pos == 1 && data[pos] == '\n'))
        return 0;
    if (size - pos < AR_HDR)
        return fail(why, "truncated archive member header");
    const u8 *h = data + pos;
    u64 msize;
    if (h[58] != '`' || h[59] != '\n')
        return fail(why, "malformed archive member header");
    if (parse_dec(h + 48, 10, &msize))
        return fail(why, "bad archive member size");
    usize dpos = pos + AR_HDR;
    u64 total = msize;
    e->kind = AR_MEMBER;
    if (h[0] == '/' && (h[1] == ' ' || !memcmp(h, "/SYM64/ ", 8))) {
        e->kind = h[1] == 'S' ? AR_SYMTAB64 : AR_SYMTAB;
        if (msize > size - dpos)
            return fail(why, "truncated archive symbol index");
    } else if (h[0] == '/' && h[1] == '/' && h[2] == ' ') {
        e->kind = AR_LONGNAMES;
        if (msize > size - dpos)
            return fail(why, "truncated archive name table");
        w->longnames = data + dpos;
        w->longnames_size = (usize)msize;
    } else if (!memcmp(h, "__.SYMDEF", 9)) {
        e->kind = AR_BSD_SYMDEF;
    } else if (h[0] == '/' && h[1] >= '0' && h[1] <= '9') {
        u64 off;
        if (parse_dec(h + 1, 15, &off) || !w->longnames || off >= w->longnames_size)
            return fail(why, "bad long archive member name");
        const u8 *s = w->longnames + off;
        usize k = 0;
        while (off + k < w->longnames_size && s[k] != '\n' && s[k] != 0)
            k++;
        if (k && s[k - 1] == '/')
            k--;
        e->name = (const char *)s;
        e->name_len = k;
    } else if (h[0] == '#' && h[1] == '1' && h[2] == '/') {
        u64 n;
        if (parse_dec(h + 3, 13, &n) || n > msize || msize > size - dpos)
            return fail(why, "bad BSD archive member name");
        const char *s = (const char *)data + dpos;
        e->name = s;
        e->name_len = strnlen(s, (usize)n);
        dpos += (usize)n;
        msize -= n;
    } else {
        usize k = 16;
        while (k && h[k - 1] == ' ')
            k--;
        if (k && h[k - 1] == '/')
            k--;
        e->name = (const char *)h;
        e->name_len = k;
    }
    e->size = msize;
    bool thin_member = w->thin && e->kind == AR_MEMBER;
    if (!thin_member) {
        if (msize > size - dpos)
            return fail(why, "archive member extends beyond the end of the archive");
        e->data = data + dpos;
    }
    /* a thin archive's members have no data here; everything else is followed by its
     * data and padded to an even offset */
    u64 adv = thin_member ? 0 : total;
    if (adv > size - (pos + AR_HDR))
        adv = size - (pos + AR_HDR);
    pos += AR_HDR + (usize)adv;
    if (pos & 1)
        pos++;
    w->pos = pos;
    return 1;
}
