/* attrs.c — merging of .riscv.attributes (psABI "Attributes").
 *
 * Section: 'A', then sub-sections [u32 length]["vendor\0"] holding sub-sub-sections
 * [uleb tag (1 = Tag_File)][u32 length][attributes]; an attribute is a uleb tag followed
 * by a uleb (even tag) or a NUL-terminated string (odd tag).  Only the "riscv" vendor and
 * Tag_File are merged; other vendors are dropped with a warning.
 *
 * Policies (psABI): Tag_RISCV_arch (5) - union of the extensions, each at its highest
 * version, in canonical order; stack_align (4) - must agree; unaligned_access (6) - OR;
 * priv_spec (8/10/12) - must agree when both are set; atomic_abi (14) - the psABI's
 * compatibility table; x3_reg_usage (16) - 0 merges with anything, otherwise must agree.
 * Other tags keep their first value. */
#include <string.h>
#include "ld.h"
#include "common/le.h"

#define TAG_FILE 1
#define TAG_STACK_ALIGN 4
#define TAG_ARCH 5
#define TAG_UNALIGNED 6
#define TAG_PRIV 8
#define TAG_PRIV_MINOR 10
#define TAG_PRIV_REV 12
#define TAG_ATOMIC_ABI 14
#define TAG_X3 16
#define MAXTAG 64

struct ext {
    const char *name;
    u32 major, minor;
    int have_version;
};

struct amerge {
    int have[MAXTAG];
    u128 ival[MAXTAG];
    const char *sval[MAXTAG];
    const char *from[MAXTAG];
    struct vec exts;         /* struct ext * */
    unsigned xlen;
    int have_arch;
};

static int uleb(const u8 *p, usize n, usize *i, u128 *out)
{
    u128 v = 0;
    unsigned sh = 0;
    while (*i < n) {
        u8 b = p[(*i)++];
        if (sh < 128)
            v |= (u128)(b & 0x7f) << sh;
        sh += 7;
        if (!(b & 0x80)) {
            *out = v;
            return 0;
        }
        if (sh > 140)
            return -1;
    }
    return -1;
}

/* Position of a single-letter extension in the canonical order. */
static int letter_rank(char c)
{
    static const char order[] = "iemafdqlcbkjtpvnh";
    const char *p = strchr(order, c);
    return p && c ? (int)(p - order) : 26 + (c - 'a');
}

static int ext_cmp(const struct ext *a, const struct ext *b)
{
    const char *x = a->name, *y = b->name;
    int mx = x[1] != 0, my = y[1] != 0;
    if (mx != my)
        return mx - my;                          /* single letters first */
    if (!mx)
        return letter_rank(x[0]) - letter_rank(y[0]);
    static const char cls[] = "zsx";
    int cx = (int)(strchr(cls, x[0]) ? strchr(cls, x[0]) - cls : 3);
    int cy = (int)(strchr(cls, y[0]) ? strchr(cls, y[0]) - cls : 3);
    if (cx != cy)
        return cx - cy;
    if (x[0] == 'z' && x[1] != y[1])
        return letter_rank(x[1]) - letter_rank(y[1]);
    return strcmp(x, y);
}

static void add_ext(struct ld *L, struct amerge *m, const char *name, usize nlen, u32 maj,
                    u32 min, int have_version)
{
    for (u32 i = 0; i < m->exts.n; i++) {
        struct ext *e = m->exts.v[i];
        if (strlen(e->name) == nlen && !strncmp(e->name, name, nlen)) {
            if (have_version && (!e->have_version || maj > e->major ||
                                 (maj == e->major && min > e->minor))) {
                e->major = maj;
                e->minor = min;
                e->have_version = 1;
            }
            return;
        }
    }
    struct ext *e = ld_alloc(L, sizeof *e);
    e->name = ld_strndup(L, name, nlen);
    e->major = maj;
    e->minor = min;
    e->have_version = have_version;
    vec_push(L, &m->exts, e);
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static int is_lower(char c)
{
    return c >= 'a' && c <= 'z';
}

/* Parse a version "N[pM]" at *s; returns 1 if there was one. */
static int version(const char **s, u32 *maj, u32 *min)
{
    const char *p = *s;
    if (!is_digit(*p))
        return 0;
    u32 a = 0, b = 0;
    while (is_digit(*p) && a < 100000)
        a = a * 10 + (u32)(*p++ - '0');
    if (*p == 'p' && is_digit(p[1])) {
        p++;
        while (is_digit(*p) && b < 100000)
            b = b * 10 + (u32)(*p++ - '0');
    }
    *maj = a;
    *min = b;
    *s = p;
    return 1;
}

static int parse_arch(struct ld *L, struct amerge *m, const char *arch, const char *file)
{
    const char *p = arch;
    if (strncmp(p, "rv", 2)) {
        ld_error(L, "%s: bad Tag_RISCV_arch \"%s\"", file, arch);
        return -1;
    }
    p += 2;
    unsigned x = 0;
    while (is_digit(*p) && x < 1000)
        x = x * 10 + (unsigned)(*p++ - '0');
    if (x != 32 && x != 64 && x != 128) {
        ld_error(L, "%s: bad Tag_RISCV_arch \"%s\"", file, arch);
        return -1;
    }
    if (m->xlen && m->xlen != x) {
        ld_error(L, "%s: Tag_RISCV_arch \"%s\" conflicts with rv%u from %s", file, arch,
                 m->xlen, m->from[TAG_ARCH]);
        return -1;
    }
    m->xlen = x;
    while (*p) {
        if (*p == '_') {
            p++;
            continue;
        }
        if (!is_lower(*p)) {
            ld_error(L, "%s: bad Tag_RISCV_arch \"%s\"", file, arch);
            return -1;
        }
        const char *name = p;
        usize nlen;
        if (*p == 'z' || *p == 's' || *p == 'x') {
            /* multi-letter: up to '_' or the end; a trailing version belongs to it */
            const char *e = p;
            while (*e && *e != '_')
                e++;
            const char *v = e;
            while (v > p && (is_digit(v[-1]) || v[-1] == 'p'))
                v--;
            while (v < e && !is_digit(*v))
                v++;                          /* a 'p' that is part of the name */
            nlen = (usize)(v - p);
            u32 maj = 0, min = 0;
            const char *q = p + nlen;
            int hv = version(&q, &maj, &min);
            add_ext(L, m, name, nlen, maj, min, hv);
            p = e;
            continue;
        }
        p++;
        nlen = 1;
        u32 maj = 0, min = 0;
        int hv = version(&p, &maj, &min);
        if (name[0] == 'g') {
            static const char *const gx[] = { "i", "m", "a", "f", "d", "zicsr", "zifencei" };
            for (int k = 0; k < 7; k++)
                add_ext(L, m, gx[k], strlen(gx[k]), 0, 0, 0);
            continue;
        }
        add_ext(L, m, name, nlen, maj, min, hv);
    }
    return 0;
}

static void merge_int(struct ld *L, struct amerge *m, u32 tag, u128 v, const char *file)
{
    if (!m->have[tag]) {
        m->have[tag] = 1;
        m->ival[tag] = v;
        m->from[tag] = file;
        return;
    }
    u128 cur = m->ival[tag];
    switch (tag) {
    case TAG_STACK_ALIGN:
        if (cur != v)
            ld_error(L, "%s: stack alignment %s does not match %s of %s", file,
                     ld_dec(L, (i128)v), ld_dec(L, (i128)cur), m->from[tag]);
        break;
    case TAG_UNALIGNED:
        m->ival[tag] = cur | v;
        break;
    case TAG_PRIV:
    case TAG_PRIV_MINOR:
    case TAG_PRIV_REV:
        if (cur && v && cur != v)
            ld_error(L, "%s: privileged spec version does not match %s", file, m->from[tag]);
        else if (!cur)
            m->ival[tag] = v;
        break;
    case TAG_ATOMIC_ABI: {
        /* 0 unknown, 1 A6C, 2 A6S, 3 A7 */
        if (cur == 0 || v == cur) {
            m->ival[tag] = v;
        } else if (v == 0) {
        } else if ((cur == 1 && v == 3) || (cur == 3 && v == 1)) {
            ld_error(L, "%s: atomic ABI A6C and A7 objects cannot be linked (%s)", file,
                     m->from[tag]);
        } else {
            m->ival[tag] = (cur == 1 || v == 1) ? 1 : 3;
        }
        break;
    }
    case TAG_X3:
        if (cur == 0)
            m->ival[tag] = v;
        else if (v != 0 && v != cur)
            ld_error(L, "%s: x3 register usage %s does not match %s of %s", file,
                     ld_dec(L, (i128)v), ld_dec(L, (i128)cur), m->from[tag]);
        break;
    default:
        break;
    }
}

static void parse_obj(struct ld *L, struct amerge *m, struct obj *o)
{
    const u8 *d;
    usize n;
    elf_section_data(o->ef, o->attrs_sec, &d, &n);
    if (n == 0)
        return;
    if (d[0] != 'A') {
        ld_error(L, "%s: .riscv.attributes: unknown format version 0x%02x", o->name, d[0]);
        return;
    }
    usize pos = 1;
    while (pos < n) {
        if (n - pos < 4)
            goto bad;
        u32 len = get_le32(d + pos);
        if (len < 5 || len > n - pos)
            goto bad;
        usize end = pos + len, q = pos + 4;
        const u8 *z = memchr(d + q, 0, end - q);
        if (!z)
            goto bad;
        const char *vendor = (const char *)d + q;
        q = (usize)(z - d) + 1;
        if (strcmp(vendor, "riscv")) {
            ld_warn(L, "%s: .riscv.attributes: vendor \"%s\" ignored", o->name, vendor);
            pos = end;
            continue;
        }
        while (q < end) {
            u128 tag;
            usize t0 = q;
            if (uleb(d, end, &q, &tag) || end - q < 4)
                goto bad;
            u32 sl = get_le32(d + q);
            q += 4;
            if (sl < q - t0 || sl > end - t0)
                goto bad;
            usize send = t0 + sl;
            if (tag != TAG_FILE) {
                q = send;
                continue;
            }
            while (q < send) {
                u128 at;
                if (uleb(d, send, &q, &at))
                    goto bad;
                if (at & 1) {
                    const u8 *e = memchr(d + q, 0, send - q);
                    if (!e)
                        goto bad;
                    const char *sv = (const char *)d + q;
                    q = (usize)(e - d) + 1;
                    if (at == TAG_ARCH) {
                        if (parse_arch(L, m, sv, o->name) == 0) {
                            m->have_arch = 1;
                            if (!m->from[TAG_ARCH])
                                m->from[TAG_ARCH] = o->name;
                        }
                    } else if (at < MAXTAG && !m->have[at]) {
                        m->have[at] = 1;
                        m->sval[at] = ld_strdup(L, sv);
                        m->from[at] = o->name;
                    }
                } else {
                    u128 v;
                    if (uleb(d, send, &q, &v))
                        goto bad;
                    if (at < MAXTAG)
                        merge_int(L, m, (u32)at, v, o->name);
                    else if ((at % 128) < 64)
                        ld_error(L, "%s: unknown mandatory RISC-V attribute %s", o->name,
                                 ld_dec(L, (i128)at));
                }
            }
        }
        pos = end;
    }
    return;
bad:
    ld_error(L, "%s: malformed .riscv.attributes section", o->name);
}

static void put_uleb(struct ld *L, struct vec *out, u128 v)
{
    do {
        u8 b = (u8)(v & 0x7f);
        v >>= 7;
        if (v)
            b |= 0x80;
        vec_push(L, out, (void *)(usize)b);
    } while (v);
}

static void put_str(struct ld *L, struct vec *out, const char *s)
{
    for (; *s; s++)
        vec_push(L, out, (void *)(usize)(u8)*s);
    vec_push(L, out, (void *)0);
}

void ld_merge_attributes(struct ld *L)
{
    struct amerge m;
    memset(&m, 0, sizeof m);
    int any = 0;
    for (u32 i = 0; i < L->objs.n; i++) {
        struct obj *o = L->objs.v[i];
        if (!o->attrs_sec)
            continue;
        any = 1;
        parse_obj(L, &m, o);
    }
    if (!any)
        return;
    /* attributes (tag order), as bytes */
    struct vec body = { 0 };
    for (u32 tag = 0; tag < MAXTAG; tag++) {
        if (tag == TAG_ARCH && m.have_arch) {
            /* canonical order */
            u32 n = m.exts.n;
            struct ext **e = (struct ext **)m.exts.v;
            for (u32 a = 1; a < n; a++) {
                struct ext *x = e[a];
                u32 b = a;
                while (b > 0 && ext_cmp(e[b - 1], x) > 0) {
                    e[b] = e[b - 1];
                    b--;
                }
                e[b] = x;
            }
            char *s = ld_sprintf(L, "rv%u", m.xlen);
            for (u32 a = 0; a < n; a++) {
                if (e[a]->have_version)
                    s = ld_sprintf(L, "%s%s%s%up%u", s, a ? "_" : "", e[a]->name, e[a]->major,
                                   e[a]->minor);
                else
                    s = ld_sprintf(L, "%s%s%s", s, a ? "_" : "", e[a]->name);
            }
            put_uleb(L, &body, tag);
            put_str(L, &body, s);
            continue;
        }
        if (!m.have[tag])
            continue;
        put_uleb(L, &body, tag);
        if (tag & 1)
            put_str(L, &body, m.sval[tag]);
        else
            put_uleb(L, &body, m.ival[tag]);
    }
    /* 'A' [len]"riscv\0" [1][len] body */
    usize sub = 1 + 4 + body.n, total = 1 + 4 + 6 + sub;
    u8 *d = ld_alloc(L, total);
    d[0] = 'A';
    put_le32(d + 1, (u32)(4 + 6 + sub));
    memcpy(d + 5, "riscv", 6);
    d[11] = TAG_FILE;
    put_le32(d + 12, (u32)sub);
    for (u32 i = 0; i < body.n; i++)
        d[16 + i] = (u8)(usize)body.v[i];
    L->attrs_data = d;
    L->attrs_size = total;
}
