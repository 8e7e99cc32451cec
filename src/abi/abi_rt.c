/* Hand-written run-time support for the generated system-call tables (abi_rt.h):
 * argument decoding, lookups, little-endian member access with the __ptr_t rules and
 * strace formatting.  Linked into zl-run together with the generated zl_*.c files. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "abi/abi_rt.h"

/* ---- system-call tables ----------------------------------------------------------- */

const struct zl_sys_entry *zl_sys_lookup(enum zl_pers p, u128 nr)
{
    if ((unsigned)p >= ZL_NPERS)
        return NULL;
    const struct zl_sys_table *t = &zl_sys_tables[p];
    if (nr >= t->n || !t->entry[(u32)nr].name)
        return NULL;
    return &t->entry[(u32)nr];
}

void zl_sys_decode(const struct zl_sys_entry *e, const u128 reg[6], i128 a[6])
{
    for (int i = 0; i < 6; i++)
        a[i] = 0;
    for (unsigned i = 0; i < e->nargs && i < 6; i++) {
        const struct zl_sys_arg *d = &e->arg[i];
        u128 r = reg[d->reg % 6];
        u128 hi = d->reg < 5 ? reg[d->reg + 1] : 0;
        switch (d->ext) {
        case ZL_EXT_S32:
            a[i] = (i32)(u32)r;
            break;
        case ZL_EXT_U32:
            a[i] = (u32)r;
            break;
        case ZL_EXT_S64:
            a[i] = (i64)(u64)r;
            break;
        case ZL_EXT_U64:
            a[i] = (u64)r;
            break;
        case ZL_EXT_S128:
            a[i] = (i128)r;
            break;
        case ZL_EXT_U128:
            a[i] = (i128)r;
            break;
        case ZL_EXT_PAIR_S64:
            a[i] = (i64)((u64)(u32)r | (u64)(u32)hi << 32);
            break;
        case ZL_EXT_PAIR_U64:
            a[i] = (u64)(u32)r | (u64)(u32)hi << 32;
            break;
        default:
            a[i] = (i128)r;
        }
    }
}

const struct zl_flagset *zl_flagset_find(const char *name)
{
    for (unsigned i = 0; i < zl_nflagsets; i++)
        if (!strcmp(zl_flagsets[i].name, name))
            return &zl_flagsets[i];
    return NULL;
}

const struct zl_ioctl_info *zl_ioctl_find(u32 cmd)
{
    unsigned lo = 0, hi = zl_nioctls;
    while (lo < hi) {
        unsigned mid = lo + (hi - lo) / 2;
        if (zl_ioctls[mid].cmd == cmd)
            return &zl_ioctls[mid];
        if (zl_ioctls[mid].cmd < cmd)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

/* ---- member access ------------------------------------------------------------------ */

u128 zl_ld_u(const u8 *p, unsigned n)
{
    u128 v = 0;
    if (n > 16)
        n = 16;
    while (n--)
        v = v << 8 | p[n];
    return v;
}

i128 zl_ld_s(const u8 *p, unsigned n)
{
    if (n == 0)
        return 0;
    if (n >= 16)
        return (i128)zl_ld_u(p, 16);
    u128 v = zl_ld_u(p, n);
    u128 sign = (u128)1 << (8 * n - 1);
    return (i128)((v ^ sign) - sign);
}

void zl_st(u8 *p, unsigned n, u128 v)
{
    for (unsigned i = 0; i < n && i < 16; i++, v >>= 8)
        p[i] = (u8)v;
}

bool zl_fits_s(i128 v, unsigned n)
{
    if (n >= 16)
        return true;
    if (n == 0)
        return v == 0;
    i128 lim = (i128)1 << (8 * n - 1);
    return v >= -lim && v < lim;
}

bool zl_fits_u(u128 v, unsigned n)
{
    return n >= 16 || v >> (8 * n) == 0;
}

int zl_st_s(u8 *p, unsigned n, i128 v)
{
    if (!zl_fits_s(v, n))
        return -EOVERFLOW;
    zl_st(p, n, (u128)v);
    return 0;
}

int zl_st_u(u8 *p, unsigned n, u128 v)
{
    if (!zl_fits_u(v, n))
        return -EOVERFLOW;
    zl_st(p, n, v);
    return 0;
}

static bool all_zero(const u8 *p, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (p[i])
            return false;
    return true;
}

int zl_ld_ptr(const u8 *p, unsigned n, u128 *addr)
{
    if (n > 16 && !all_zero(p + 16, n - 16)) {
        *addr = 0;
        return -EINVAL;
    }
    *addr = zl_ld_u(p, n > 16 ? 16 : n);
    return 0;
}

int zl_st_ptr(u8 *p, unsigned n, u128 addr)
{
    unsigned an = n > 16 ? 16 : n;
    if (!zl_fits_u(addr, an))
        return -EOVERFLOW;
    zl_st(p, an, addr);
    if (n > 16)
        memset(p + 16, 0, n - 16);
    return 0;
}

int zl_ld_cookie(const u8 *p, unsigned n, u128 *v)
{
    return zl_ld_ptr(p, n, v);
}

int zl_st_cookie(u8 *p, unsigned n, u128 v)
{
    return zl_st_ptr(p, n, v);
}

/* ---- strace ---------------------------------------------------------------------- */

struct out {
    char *p;
    size_t size, len;
};

static void put(struct out *o, const char *fmt, ...)
{
    char tmp[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n >= sizeof tmp)
        n = sizeof tmp - 1;
    for (int i = 0; i < n; i++, o->len++)
        if (o->len + 1 < o->size)
            o->p[o->len] = tmp[i];
    if (o->size)
        o->p[o->len < o->size ? o->len : o->size - 1] = 0;
}

static void put_u(struct out *o, u128 v)
{
    char d[48];
    int n = 0;
    do {
        d[n++] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v);
    char r[48];
    for (int i = 0; i < n; i++)
        r[i] = d[n - 1 - i];
    r[n] = 0;
    put(o, "%s", r);
}

static void put_s(struct out *o, i128 v)
{
    if (v < 0) {
        put(o, "-");
        put_u(o, (u128)0 - (u128)v);
    } else {
        put_u(o, (u128)v);
    }
}

static void put_x(struct out *o, u128 v)
{
    if ((u64)(v >> 64))
        put(o, "0x%llx%016llx", (unsigned long long)(u64)(v >> 64), (unsigned long long)(u64)v);
    else
        put(o, "0x%llx", (unsigned long long)(u64)v);
}

static void put_addr(struct out *o, u128 v)
{
    if (v)
        put_x(o, v);
    else
        put(o, "NULL");
}

static void put_flags(struct out *o, const struct zl_flagset *fs, u128 v)
{
    if (!fs) {
        put_x(o, v);
        return;
    }
    if (fs->is_enum) {
        for (unsigned i = 0; i < fs->n; i++) {
            if ((u64)v == fs->v[i].value && ((v >> 64) == 0 || (i128)v < 0)) {
                put(o, "%s", fs->v[i].name);
                return;
            }
        }
        put_s(o, (i128)v);
        return;
    }
    u128 rest = v;
    bool any = false;
    for (unsigned i = 0; i < fs->n; i++) {
        const struct zl_flag *f = &fs->v[i];
        bool bit = f->mask == f->value;
        if (bit ? (rest & f->mask) == f->mask && f->mask : (v & f->mask) == f->value) {
            put(o, "%s%s", any ? "|" : "", f->name);
            any = true;
            rest &= ~(u128)f->mask;
        }
    }
    if (rest || !any) {
        if (any)
            put(o, "|");
        put_x(o, rest);
    }
}

static void put_bytes(struct out *o, const u8 *b, size_t n, bool more)
{
    put(o, "\"");
    for (size_t i = 0; i < n; i++) {
        u8 c = b[i];
        if (c == '"' || c == '\\')
            put(o, "\\%c", c);
        else if (c == '\n')
            put(o, "\\n");
        else if (c == '\t')
            put(o, "\\t");
        else if (c >= 0x20 && c < 0x7f)
            put(o, "%c", c);
        else
            put(o, "\\x%02x", c);
    }
    put(o, more ? "\"..." : "\"");
}

struct fmtctx {
    struct out *o;
    enum zl_pers p;
    zl_peek_fn peek;
    void *ctx;
};

static void put_string(struct fmtctx *c, u128 addr)
{
    enum { MAXS = 64 };
    u8 buf[MAXS];
    size_t n = 0;
    if (!c->peek) {
        put_addr(c->o, addr);
        return;
    }
    while (n < MAXS) {
        if (!c->peek(c->ctx, addr + n, &buf[n], 1)) {
            if (n == 0) {
                put_x(c->o, addr);
                return;
            }
            break;
        }
        if (!buf[n]) {
            put_bytes(c->o, buf, n, false);
            return;
        }
        n++;
    }
    put_bytes(c->o, buf, n, true);
}

static void put_buffer(struct fmtctx *c, u128 addr, u128 len)
{
    enum { MAXB = 32 };
    u8 buf[MAXB];
    size_t n = len > MAXB ? MAXB : (size_t)len;
    if (!c->peek || !c->peek(c->ctx, addr, buf, n)) {
        put_x(c->o, addr);
        return;
    }
    put_bytes(c->o, buf, n, len > MAXB);
}

static void put_value(struct fmtctx *c, unsigned type, const u8 *b, int depth);

/* A file mode as strace shows st_mode: the type under S_IFMT, the set-id and sticky bits
 * by name, the permissions in octal (S_IFREG|S_ISUID|0755).  The names are those of the
 * stat_mode set of abi/flags.abi. */
static void put_mode(struct out *o, u128 v)
{
    const struct zl_flagset *fs = zl_flagset_find("stat_mode");
    u64 rest = (u64)v;
    for (unsigned i = 0; fs && i < fs->n; i++) {
        const struct zl_flag *f = &fs->v[i];
        bool field = f->mask != f->value;
        bool match = field ? (v & f->mask) == f->value && f->value
                           : (rest & f->mask) == f->mask && f->mask > 0777;
        if (match) {
            put(o, "%s|", f->name);
            rest &= ~f->mask;
        }
    }
    put(o, "0%03llo", (unsigned long long)rest);
}

static void put_scalar(struct fmtctx *c, const struct zl_type_info *t, const u8 *b)
{
    unsigned sz = t->size[c->p];
    if (!strcmp(t->name, "mode") || !strcmp(t->name, "mode16")) {
        put_mode(c->o, zl_ld_u(b, sz));
        return;
    }
    switch (t->tclass) {
    case ZL_TC_SIGNED:
        put_s(c->o, zl_ld_s(b, sz));
        break;
    case ZL_TC_PTR:
    case ZL_TC_PTR64: {
        u128 a;
        if (zl_ld_ptr(b, sz, &a))
            put(c->o, "<reserved half not 0>");
        else
            put_addr(c->o, a);
        break;
    }
    case ZL_TC_OPAQUE:
        put_x(c->o, zl_ld_u(b, sz));
        break;
    default:
        put_u(c->o, zl_ld_u(b, sz));
    }
}

static void put_fields(struct fmtctx *c, const struct zl_type_info *t, const u8 *b, int depth,
                       bool *first)
{
    for (unsigned k = 0; k < t->nfields; k++) {
        const struct zl_field_info *f = &t->fields[k];
        unsigned n = f->count[c->p];
        if (!n)
            continue;
        const struct zl_type_info *ft = &zl_types[f->type];
        const u8 *fb = b + f->off[c->p];
        if (f->name && !strncmp(f->name, "__", 2))
            continue;                   /* padding and unused members, as strace */
        if (!f->name) {
            if (ft->tclass == ZL_TC_STRUCT) {
                put_fields(c, ft, fb, depth, first);
            } else {
                put(c->o, "%s...", *first ? "" : ", ");
                *first = false;
            }
            continue;
        }
        put(c->o, "%s%s=", *first ? "" : ", ", f->name);
        *first = false;
        if (!f->array) {
            put_value(c, f->type, fb, depth + 1);
        } else if (ft->tclass == ZL_TC_CHAR) {
            size_t l = 0;
            while (l < n && fb[l])
                l++;
            put_bytes(c->o, fb, l > 64 ? 64 : l, l > 64);
        } else {
            unsigned esz = ft->size[c->p];
            put(c->o, "[");
            for (unsigned i = 0; i < n && i < 8; i++) {
                put(c->o, i ? ", " : "");
                put_value(c, f->type, fb + (size_t)i * esz, depth + 1);
            }
            put(c->o, n > 8 ? ", ...]" : "]");
        }
    }
}

static void put_value(struct fmtctx *c, unsigned type, const u8 *b, int depth)
{
    const struct zl_type_info *t = &zl_types[type];
    if (t->tclass != ZL_TC_STRUCT && t->tclass != ZL_TC_UNION) {
        put_scalar(c, t, b);
        return;
    }
    if (t->flags & ZL_TF_COOKIE) {
        u128 v;
        if (zl_ld_cookie(b, t->size[c->p], &v))
            put(c->o, "<reserved half not 0>");
        else
            put_x(c->o, v);
        return;
    }
    if (t->tclass == ZL_TC_UNION || depth > 4) {
        put(c->o, "{...}");
        return;
    }
    bool first = true;
    put(c->o, "{");
    put_fields(c, t, b, depth, &first);
    put(c->o, "}");
}

static void put_object(struct fmtctx *c, unsigned type, u128 addr)
{
    enum { MAXO = 2048 };
    u8 buf[MAXO];
    unsigned sz = zl_types[type].size[c->p];
    if (!addr) {
        put(c->o, "NULL");
        return;
    }
    if (!sz || sz > MAXO || !c->peek || !c->peek(c->ctx, addr, buf, sz)) {
        put_x(c->o, addr);
        return;
    }
    put_value(c, type, buf, 0);
}

static void put_array(struct fmtctx *c, unsigned type, u128 addr, u128 count)
{
    unsigned sz = zl_types[type].size[c->p];
    if (!addr) {
        put(c->o, "NULL");
        return;
    }
    if (!c->peek || !sz) {
        put_x(c->o, addr);
        return;
    }
    put(c->o, "[");
    for (u128 i = 0; i < count && i < 4; i++) {
        if (i)
            put(c->o, ", ");
        put_object(c, type, addr + i * sz);
    }
    put(c->o, count > 4 ? ", ...]" : "]");
}

static void put_argv(struct fmtctx *c, u128 addr)
{
    unsigned w = c->p == ZL_RV32 ? 4 : c->p == ZL_RV64 ? 8 : 16;
    if (!addr) {
        put(c->o, "NULL");
        return;
    }
    if (!c->peek) {
        put_x(c->o, addr);
        return;
    }
    put(c->o, "[");
    for (unsigned i = 0;; i++) {
        u8 b[16];
        if (!c->peek(c->ctx, addr + (u128)i * w, b, w)) {
            put(c->o, "%s?", i ? ", " : "");
            break;
        }
        u128 s = zl_ld_u(b, w);
        if (!s)
            break;
        if (i == 8) {
            put(c->o, ", ...");
            break;
        }
        put(c->o, i ? ", " : "");
        put_string(c, s);
    }
    put(c->o, "]");
}

static bool is_error(i128 r)
{
    return r < 0 && r >= -4095;
}

/* The length of argument d's buffer, or (u128)-1 if unknown. */
static u128 arg_len(struct fmtctx *c, const struct zl_sys_entry *e, const struct zl_sys_arg *d,
                    const i128 a[6])
{
    if (d->count)
        return d->count;
    if (d->len == ZL_LEN_NONE)
        return (u128)-1;
    unsigned j = d->len & ~ZL_LEN_DEREF;
    if (j >= e->nargs)
        return (u128)-1;
    if (!(d->len & ZL_LEN_DEREF))
        return (u128)a[j];
    const struct zl_sys_arg *l = &e->arg[j];
    unsigned sz = zl_types[l->type].size[c->p];
    u8 b[16];
    if (!a[j] || !c->peek || sz > sizeof b || !c->peek(c->ctx, (u128)a[j], b, sz))
        return (u128)-1;
    return zl_ld_u(b, sz);
}

static void put_arg(struct fmtctx *c, const struct zl_sys_entry *e, unsigned i, const i128 a[6],
                    const i128 *ret)
{
    const struct zl_sys_arg *d = &e->arg[i];
    i128 v = a[i];
    u128 u = (u128)v;
    bool done = ret && !is_error(*ret);
    switch (d->kind) {
    case ZL_AK_UINT: case ZL_AK_ULONG: case ZL_AK_SIZE: case ZL_AK_U64:
    case ZL_AK_UID: case ZL_AK_GID:
        put_u(c->o, u);
        return;
    case ZL_AK_DIRFD:
        if ((i32)v == -100) {
            put(c->o, "AT_FDCWD");
            return;
        }
        put_s(c->o, v);
        return;
    case ZL_AK_SIG: {
        const struct zl_flagset *fs = zl_flagset_find("signal");
        put_flags(c->o, fs, u);
        return;
    }
    case ZL_AK_MODE:
        put(c->o, "0%llo", (unsigned long long)(u64)u);
        return;
    case ZL_AK_ADDR: case ZL_AK_PTR: case ZL_AK_FDSET:
        put_addr(c->o, u);
        return;
    case ZL_AK_FLAGS: case ZL_AK_ENUM:
        put_flags(c->o, d->type < zl_nflagsets ? &zl_flagsets[d->type] : NULL, u);
        return;
    case ZL_AK_IOCTL: {
        const struct zl_ioctl_info *io = zl_ioctl_find((u32)u);
        if (io)
            put(c->o, "%s", io->name);
        else
            put_x(c->o, u);
        return;
    }
    case ZL_AK_PATH: case ZL_AK_STR:
        if (!u)
            put(c->o, "NULL");
        else
            put_string(c, u);
        return;
    case ZL_AK_IN: case ZL_AK_INOUT: case ZL_AK_SAIN: {
        u128 n = arg_len(c, e, d, a);
        if (!u || n == (u128)-1)
            put_addr(c->o, u);
        else
            put_buffer(c, u, n);
        return;
    }
    case ZL_AK_OUT: case ZL_AK_SAOUT: {
        u128 n = arg_len(c, e, d, a);
        if (done && d->kind == ZL_AK_OUT &&
            (e->ret.kind == ZL_AK_SSIZE || e->ret.kind == ZL_AK_LONG || e->ret.kind == ZL_AK_INT) &&
            *ret >= 0 && (u128)*ret < n)
            n = (u128)*ret;
        if (!u || !done || n == (u128)-1)
            put_addr(c->o, u);
        else
            put_buffer(c, u, n);
        return;
    }
    case ZL_AK_SIN: case ZL_AK_SIO:
        put_object(c, d->type, u);
        return;
    case ZL_AK_SOUT:
        if (done)
            put_object(c, d->type, u);
        else
            put_addr(c->o, u);
        return;
    case ZL_AK_AIN: case ZL_AK_AIO:
        put_array(c, d->type, u, arg_len(c, e, d, a));
        return;
    case ZL_AK_AOUT:
        if (done)
            put_array(c, d->type, u, arg_len(c, e, d, a));
        else
            put_addr(c->o, u);
        return;
    case ZL_AK_ARGV:
        put_argv(c, u);
        return;
    default:
        put_s(c->o, v);
    }
}

/* The value of the entry called name in set fs (0 if there is none). */
static u64 flag_value(const struct zl_flagset *fs, const char *name)
{
    for (unsigned i = 0; fs && i < fs->n; i++)
        if (!strcmp(fs->v[i].name, name))
            return fs->v[i].value;
    return 0;
}

/* strace shows the mode argument after open flags only when the flags create a file. */
static bool mode_unused(const struct zl_sys_entry *e, unsigned i, const i128 a[6])
{
    if (e->arg[i].kind != ZL_AK_MODE || i == 0 || e->arg[i - 1].kind != ZL_AK_FLAGS)
        return false;
    const struct zl_flagset *fs = &zl_flagsets[e->arg[i - 1].type];
    if (strcmp(fs->name, "open"))
        return false;
    u64 creat = flag_value(fs, "O_CREAT"), tmpfile = flag_value(fs, "O_TMPFILE");
    u64 f = (u64)a[i - 1];
    return !(f & creat) && (f & tmpfile) != tmpfile;
}

size_t zl_strace_format(char *buf, size_t size, enum zl_pers p, const struct zl_sys_entry *e,
                        const i128 a[6], const i128 *ret, zl_peek_fn peek, void *ctx)
{
    struct out o = { buf, size, 0 };
    struct fmtctx c = { &o, p, peek, ctx };
    if (size)
        buf[0] = 0;
    put(&o, "%s(", e->name);
    for (unsigned i = 0; i < e->nargs; i++) {
        if (mode_unused(e, i, a))
            continue;
        if (i)
            put(&o, ", ");
        put_arg(&c, e, i, a, ret);
    }
    put(&o, ")");
    if (!ret)
        return o.len;
    i128 r = *ret;
    if (is_error(r)) {
        const struct zl_flagset *en = zl_flagset_find("errno");
        put(&o, " = -1 ");
        put_flags(&o, en, (u128)-r);
        put(&o, " (%s)", strerror((int)-r));     /* asm-generic numbers: the host's texts */
        return o.len;
    }
    put(&o, " = ");
    switch (e->ret.kind) {
    case ZL_AK_ADDR:
        put_x(&o, (u128)r);
        break;
    case ZL_AK_MODE:
        put(&o, "0%llo", (unsigned long long)(u64)r);
        break;
    case ZL_AK_UINT: case ZL_AK_ULONG: case ZL_AK_SIZE: case ZL_AK_UID: case ZL_AK_GID:
        put_u(&o, (u128)r);
        break;
    default:
        put_s(&o, r);
    }
    return o.len;
}
