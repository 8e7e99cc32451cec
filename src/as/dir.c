/* Directives. */
#include <math.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>

#include "as/as.h"


/* ---- Small parsing helpers --------------------------------------------------------- */

static bool at_end(struct as *A, const char *p)
{
    p = skip_ws(p);
    if (*p) {
        as_error(A, "junk at end of line, first unrecognized character is `%c'", *p);
        return false;
    }
    return true;
}

static bool expect_comma(struct as *A, const char **p)
{
    const char *q = skip_ws(*p);
    if (*q != ',') {
        as_error(A, "expected comma after `%.*s'", (int)(q - *p), *p);
        return false;
    }
    *p = q + 1;
    return true;
}

static struct sym *symbol_arg(struct as *A, const char **p)
{
    const char *q = skip_ws(*p);
    const char *name;
    usize nl;
    usize l = lex_symbol(A, q, &name, &nl);
    if (!l) {
        as_error(A, "expected symbol name");
        return NULL;
    }
    *p = q + l;
    return sym_get(A, name, nl);
}

/* ---- Sections ---------------------------------------------------------------------- */

struct secdef { const char *prefix; bool exact; u32 type; u64 flags; u64 entsize; };

/* GNU as's defaults for well-known section names. */
static const struct secdef sec_defaults[] = {
    { ".text", false, SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 0 },
    { ".init", true, SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 0 },
    { ".fini", true, SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 0 },
    { ".data", false, SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 0 },
    { ".sdata", false, SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 0 },
    { ".bss", false, SHT_NOBITS, SHF_ALLOC | SHF_WRITE, 0 },
    { ".sbss", false, SHT_NOBITS, SHF_ALLOC | SHF_WRITE, 0 },
    { ".rodata", false, SHT_PROGBITS, SHF_ALLOC, 0 },
    { ".srodata", false, SHT_PROGBITS, SHF_ALLOC, 0 },
    { ".tdata", false, SHT_PROGBITS, SHF_ALLOC | SHF_WRITE | SHF_TLS, 0 },
    { ".tbss", false, SHT_NOBITS, SHF_ALLOC | SHF_WRITE | SHF_TLS, 0 },
    { ".init_array", false, SHT_INIT_ARRAY, SHF_ALLOC | SHF_WRITE, 0 },
    { ".fini_array", false, SHT_FINI_ARRAY, SHF_ALLOC | SHF_WRITE, 0 },
    { ".preinit_array", false, SHT_PREINIT_ARRAY, SHF_ALLOC | SHF_WRITE, 0 },
    { ".note.GNU-stack", true, SHT_PROGBITS, 0, 0 },
    { ".note", false, SHT_NOTE, 0, 0 },
    { ".comment", true, SHT_PROGBITS, SHF_MERGE | SHF_STRINGS, 1 },
    { ".eh_frame", true, SHT_PROGBITS, SHF_ALLOC, 0 },
    { ".debug", false, SHT_PROGBITS, 0, 0 },
};

static const struct secdef *sec_default(const char *name)
{
    for (usize i = 0; i < sizeof sec_defaults / sizeof sec_defaults[0]; i++) {
        const struct secdef *d = &sec_defaults[i];
        usize n = strlen(d->prefix);
        if (d->exact ? !strcmp(name, d->prefix)
                     : (!strncmp(name, d->prefix, n) && (name[n] == 0 || name[n] == '.' ||
                                                         !strcmp(d->prefix, ".debug")))) {
            return d;
        }
    }
    return NULL;
}

static void switch_named(struct as *A, const char *name, bool have_flags, u64 flags,
                         bool have_type, u32 type, u64 entsize)
{
    const struct secdef *d = sec_default(name);
    struct section *s = sect_find(A, name);
    if (!have_type) type = d ? d->type : SHT_PROGBITS;
    if (!have_flags) {
        flags = d ? d->flags : 0;
        if (d && !entsize) entsize = d->entsize;
    } else if (d && !have_type) {
        /* explicit flags keep the special type (.bss -> NOBITS) */
        type = d->type;
    }
    if (!s) {
        s = sect_get(A, name, type, flags, entsize, true);
    } else if (have_flags || have_type) {
        if (s->flags != flags || (have_type && s->type != type))
            as_warn(A, "ignoring changed section attributes for %s", name);
    }
    sect_switch(A, s);
}

static void dir_section(struct as *A, const char *args, bool push)
{
    const char *p = skip_ws(args);
    char name[512];
    usize n = 0;
    if (*p == '"') {
        struct bytes b = { 0 };
        const char *q = lex_string(A, p, &b);
        if (!q || b.len >= sizeof name) { bytes_free(&b); as_error(A, "bad section name"); return; }
        memcpy(name, b.p, b.len);
        n = b.len;
        bytes_free(&b);
        p = q;
    } else {
        while (*p && *p != ',' && *p != ' ' && *p != '\t' && n < sizeof name - 1) name[n++] = *p++;
    }
    name[n] = 0;
    if (!n) { as_error(A, "missing section name"); return; }
    bool have_flags = false, have_type = false;
    u64 flags = 0, entsize = 0;
    u32 type = SHT_PROGBITS;
    char *group = NULL;
    bool comdat = false;
    p = skip_ws(p);
    if (*p == ',') {
        p = skip_ws(p + 1);
        if (*p == '"') {
            have_flags = true;
            p++;
            while (*p && *p != '"') {
                switch (*p) {
                case 'a': flags |= SHF_ALLOC; break;
                case 'w': flags |= SHF_WRITE; break;
                case 'x': flags |= SHF_EXECINSTR; break;
                case 'M': flags |= SHF_MERGE; break;
                case 'S': flags |= SHF_STRINGS; break;
                case 'G': flags |= SHF_GROUP; break;
                case 'T': flags |= SHF_TLS; break;
                case 'o': flags |= SHF_LINK_ORDER; break;
                case 'e': flags |= SHF_EXCLUDE; break;
                case 'R': flags |= 0x200000; break;    /* SHF_GNU_RETAIN */
                case '?': break;
                default:
                    as_error(A, "unknown section attribute '%c'", *p);
                    break;
                }
                p++;
            }
            if (*p == '"') p++;
            p = skip_ws(p);
            if (*p == ',') {
                p = skip_ws(p + 1);
                if (*p == '@' || *p == '%') {
                    p++;
                    const char *t = p;
                    while (is_sym_char((unsigned char)*p)) p++;
                    usize tl = (usize)(p - t);
                    have_type = true;
                    if (tl == 8 && !strncmp(t, "progbits", 8)) type = SHT_PROGBITS;
                    else if (tl == 6 && !strncmp(t, "nobits", 6)) type = SHT_NOBITS;
                    else if (tl == 4 && !strncmp(t, "note", 4)) type = SHT_NOTE;
                    else if (tl == 10 && !strncmp(t, "init_array", 10)) type = SHT_INIT_ARRAY;
                    else if (tl == 10 && !strncmp(t, "fini_array", 10)) type = SHT_FINI_ARRAY;
                    else if (tl == 13 && !strncmp(t, "preinit_array", 13)) type = SHT_PREINIT_ARRAY;
                    else { as_error(A, "unrecognized section type `%.*s'", (int)tl, t); have_type = false; }
                    p = skip_ws(p);
                    if ((flags & SHF_MERGE) && *p == ',') {
                        p++;
                        i128 es;
                        if (expr_const(A, &p, &es)) entsize = (u64)es;
                        p = skip_ws(p);
                    } else if (flags & SHF_MERGE) {
                        as_error(A, "entity size for SHF_MERGE not specified");
                        flags &= ~(u64)SHF_MERGE;
                    }
                    if ((flags & SHF_GROUP) && *p == ',') {
                        p = skip_ws(p + 1);
                        const char *gn;
                        usize gl;
                        usize l = lex_symbol(A, p, &gn, &gl);
                        if (!l) as_error(A, "group name expected");
                        else {
                            group = as_strndup(A, gn, gl);
                            p = skip_ws(p + l);
                            if (*p == ',') {
                                p = skip_ws(p + 1);
                                if (!strncmp(p, "comdat", 6)) { comdat = true; p += 6; }
                            }
                        }
                    }
                }
            } else if (flags & SHF_MERGE) {
                as_error(A, "entity size for SHF_MERGE not specified");
                flags &= ~(u64)SHF_MERGE;
            }
            if ((flags & SHF_GROUP) && !group) {
                as_error(A, "group name for SHF_GROUP not specified");
                flags &= ~(u64)SHF_GROUP;
            }
        } else if (*p == '@' || *p == '%') {
            as_error(A, "section type without flags is not supported");
        }
    }
    if (!at_end(A, p)) return;
    if (push) {
        if (A->sectdepth >= 64) { as_error(A, ".pushsection nested too deeply"); return; }
        A->sectstack[A->sectdepth] = A->cur;
        A->prevstack[A->sectdepth] = A->prev;
        A->sectdepth++;
    }
    switch_named(A, name, have_flags, flags, have_type, type, entsize);
    if (group && !A->cur->group) {
        A->cur->group = group;
        A->cur->comdat = comdat;
    }
}

/* ---- Data -------------------------------------------------------------------------- */

static void put_le(u8 *b, i128 v, unsigned n)
{
    for (unsigned i = 0; i < n; i++) b[i] = (u8)((u128)v >> (8 * i));
}

static bool fits(i128 v, unsigned size)
{
    if (size >= 16) return true;
    i128 lo = -((i128)1 << (8 * size - 1));
    i128 hi = ((i128)1 << (8 * size)) - 1;
    return v >= lo && v <= hi;
}

/* Emit one data value of `size` bytes from an expression: bytes now when constant,
 * otherwise a fixup resolved after layout. */
void emit_data_expr(struct as *A, struct enode *e, unsigned size)
{
    struct value v;
    u8 b[16] = { 0 };
    map_state(A, 'd');
    if (expr_eval(A, e, EV_NOW, &v, as_here(A), true) && value_is_const(&v)) {
        if (!fits(v.k, size)) {
            char tmp[48];
            as_error(A, "value 0x%s does not fit in %u byte%s", elf_u128_hex((u128)v.k, tmp, sizeof tmp),
                     size, size == 1 ? "" : "s");
        }
        put_le(b, v.k, size);
        emit_bytes(A, b, size);
        return;
    }
    if (A->cur->type == SHT_NOBITS) {
        as_error(A, "attempt to store non-zero value in section `%s'", A->cur->name);
        return;
    }
    struct frag *f = cur_frag(A);
    u32 off = cur_off(A);
    emit_bytes(A, b, size);
    fixup_add(A, f, off, (u8)size, 0, expr_freeze(A, e));
}

static void dir_data(struct as *A, const char *args, unsigned size)
{
    const char *p = skip_ws(args);
    if (!*p) return;
    for (;;) {
        struct enode *e = expr_parse(A, &p);
        if (!e) return;
        emit_data_expr(A, e, size);
        p = skip_ws(p);
        if (*p != ',') break;
        p++;
    }
    at_end(A, p);
}

static void dir_dtprel(struct as *A, const char *args, unsigned size)
{
    const char *p = skip_ws(args);
    for (;;) {
        struct enode *e = expr_parse(A, &p);
        if (!e) return;
        map_state(A, 'd');
        struct frag *f = cur_frag(A);
        u32 off = cur_off(A);
        u8 z[8] = { 0 };
        emit_bytes(A, z, size);
        fixup_add(A, f, off, (u8)size, size == 4 ? R_RISCV_TLS_DTPREL32 : R_RISCV_TLS_DTPREL64,
                  expr_freeze(A, e));
        p = skip_ws(p);
        if (*p != ',') break;
        p++;
    }
    at_end(A, p);
}

static void dir_ascii(struct as *A, const char *args, bool zero)
{
    const char *p = skip_ws(args);
    if (!*p) return;
    map_state(A, 'd');
    for (;;) {
        struct bytes b = { 0 };
        p = lex_string(A, p, &b);
        if (!p) { bytes_free(&b); return; }
        if (zero) bytes_put(&b, "", 1);
        emit_bytes(A, b.p, b.len);
        bytes_free(&b);
        p = skip_ws(p);
        if (*p != ',') break;
        p = skip_ws(p + 1);
    }
    at_end(A, p);
}

static void dir_float(struct as *A, const char *args, bool dbl)
{
    const char *p = skip_ws(args);
    if (!*p) return;
    map_state(A, 'd');
    for (;;) {
        p = skip_ws(p);
        const char *s = p;
        if (s[0] == '0' && ((s[1] >= 'a' && s[1] <= 'z') || (s[1] >= 'A' && s[1] <= 'Z')) &&
            s[1] != 'x' && s[1] != 'X')
            s += 2;                                  /* GNU "0f1.5", "0d1.5" */
        char *end;
        u8 b[8];
        if (dbl) {
            double d = strtod(s, &end);
            memcpy(b, &d, 8);
        } else {
            float f = strtof(s, &end);
            memcpy(b, &f, 4);
        }
        if (end == s) {
            as_error(A, "bad floating-point constant `%s'", p);
            return;
        }
        emit_bytes(A, b, dbl ? 8 : 4);
        p = skip_ws(end);
        if (*p != ',') break;
        p++;
    }
    at_end(A, p);
}

static unsigned leb_len(i128 v, bool sign)
{
    unsigned n = 0;
    u128 u = (u128)v;
    for (;;) {
        n++;
        if (sign) {
            i128 s = v >> 7;
            bool done = (s == 0 && !(v & 0x40)) || (s == -1 && (v & 0x40));
            v = s;
            if (done) return n;
        } else {
            u >>= 7;
            if (!u) return n;
        }
    }
}

void leb_encode(u8 *out, i128 v, bool sign, unsigned len)
{
    for (unsigned i = 0; i < len; i++) {
        u8 byte = (u8)(v & 0x7f);
        v = sign ? v >> 7 : (i128)((u128)v >> 7);
        if (i + 1 < len) byte |= 0x80;
        out[i] = byte;
    }
}

unsigned leb_size(i128 v, bool sign) { return leb_len(v, sign); }

static void dir_leb(struct as *A, const char *args, bool sign)
{
    const char *p = skip_ws(args);
    map_state(A, 'd');
    for (;;) {
        struct enode *e = expr_parse(A, &p);
        if (!e) return;
        struct value v;
        if (expr_eval(A, e, EV_NOW, &v, as_here(A), true) && value_is_const(&v)) {
            u8 b[20];
            unsigned n = leb_len(v.k, sign);
            leb_encode(b, v.k, sign, n);
            emit_bytes(A, b, n);
        } else {
            if (A->cur->type == SHT_NOBITS) {
                as_error(A, "attempt to store non-zero value in section `%s'", A->cur->name);
                return;
            }
            struct frag *f = frag_var(A, VK_LEB, 1);
            f->v.leb.e = expr_freeze(A, e);
            f->v.leb.sign = sign;
        }
        p = skip_ws(p);
        if (*p != ',') break;
        p++;
    }
    at_end(A, p);
}

static void dir_space(struct as *A, const char *args)
{
    const char *p = skip_ws(args);
    i128 n, fill = 0;
    if (!expr_const(A, &p, &n)) return;
    p = skip_ws(p);
    if (*p == ',') {
        p++;
        if (!expr_const(A, &p, &fill)) return;
    }
    if (!at_end(A, p)) return;
    if (n < 0) { as_warn(A, ".space repeat count is negative, ignored"); return; }
    if (n > (i128)0xffffffffll) { as_error(A, ".space size %lld is too large", (long long)n); return; }
    if (!fill) {
        map_state(A, 'd');
        emit_zeros(A, (u128)n);
        return;
    }
    if (!fits(fill, 1)) as_error(A, ".space fill value does not fit in a byte");
    map_state(A, 'd');
    u8 byte = (u8)fill;
    emit_pattern(A, &byte, 1, 0, (u128)n);
}

static void dir_fill(struct as *A, const char *args)
{
    const char *p = skip_ws(args);
    i128 rep, size = 1, val = 0;
    if (!expr_const(A, &p, &rep)) return;
    p = skip_ws(p);
    if (*p == ',') {
        p = skip_ws(p + 1);
        if (*p != ',' && !expr_const(A, &p, &size)) return;
        p = skip_ws(p);
        if (*p == ',') {
            p++;
            if (!expr_const(A, &p, &val)) return;
        }
    }
    if (!at_end(A, p)) return;
    if (rep < 0) { as_warn(A, "repeat < 0; .fill ignored"); return; }
    if (size < 0) { as_warn(A, "size < 0; .fill ignored"); return; }
    if (size > 8) { as_warn(A, ".fill size clamped to 8"); size = 8; }
    if (rep * size > (i128)((u128)1 << 28)) { as_error(A, ".fill size is too large"); return; }
    map_state(A, 'd');
    u8 b[8] = { 0 };
    put_le(b, (i128)(u32)val, size > 4 ? 4 : (unsigned)size);
    emit_pattern(A, b, size ? (unsigned)size : 1, 0, (u128)(rep * size));
}

/* ---- Alignment --------------------------------------------------------------------- */

void emit_align(struct as *A, u128 bytes, bool has_fill, u64 fill, unsigned fill_size,
                u32 max);

static void dir_align(struct as *A, const char *args, bool pow2, unsigned fill_size)
{
    const char *p = skip_ws(args);
    i128 a = 0, fill = 0, max = 0;
    bool has_fill = false;
    if (!*p) {
        a = pow2 ? 0 : 1;
    } else if (!expr_const(A, &p, &a)) {
        return;
    }
    p = skip_ws(p);
    if (*p == ',') {
        p = skip_ws(p + 1);
        if (*p != ',' && *p) {
            if (!expr_const(A, &p, &fill)) return;
            has_fill = true;
        }
        p = skip_ws(p);
        if (*p == ',') {
            p++;
            if (!expr_const(A, &p, &max)) return;
        }
    }
    if (!at_end(A, p)) return;
    u128 bytes;
    if (pow2) {
        if (a < 0 || a > 31) { as_error(A, "alignment too large: %d assumed", a < 0 ? 0 : 31); a = a < 0 ? 0 : 31; }
        bytes = (u128)1 << a;
    } else {
        if (a <= 0) a = 1;
        if (a & (a - 1)) { as_error(A, "alignment not a power of 2"); return; }
        if (a > ((i128)1 << 31)) { as_error(A, "alignment too large"); return; }
        bytes = (u128)a;
    }
    if (max < 0) max = 0;
    emit_align(A, bytes, has_fill, (u64)fill, fill_size, (u32)(max > 0xffffffff ? 0xffffffff : max));
}

void emit_align(struct as *A, u128 bytes, bool has_fill, u64 fill, unsigned fill_size,
                u32 max)
{
    struct section *s = A->cur;
    record_align(s, bytes);
    if (bytes <= 1) return;
    bool code = sect_is_code(s) && !has_fill;
    if (!code && s->epoch == 0) {
        /* the position is known: pad now */
        u128 at = s->last->len;
        u128 pad = (bytes - at % bytes) % bytes;
        if (!pad || (max && pad > max)) return;
        if (!has_fill || s->type == SHT_NOBITS) {
            emit_zeros(A, pad);
            return;
        }
        u8 b[8];
        put_le(b, (i128)fill, fill_size);
        emit_pattern(A, b, fill_size, (unsigned)(at % fill_size), pad);
        return;
    }
    struct frag *f = frag_var(A, VK_ALIGN, 0);
    unsigned pw = 0;
    while (((u128)1 << pw) < bytes) pw++;
    f->v.al.pow = (u8)pw;
    f->v.al.code = code;
    f->v.al.has_fill = has_fill;
    f->v.al.fill = fill;
    f->v.al.fill_size = (u8)fill_size;
    f->v.al.max = max;
}

static void dir_org(struct as *A, const char *args)
{
    const char *p = skip_ws(args);
    struct enode *e = expr_parse(A, &p);
    if (!e) return;
    i128 fill = 0;
    p = skip_ws(p);
    if (*p == ',') {
        p++;
        if (!expr_const(A, &p, &fill)) return;
    }
    if (!at_end(A, p)) return;
    struct value v;
    if (!expr_eval(A, e, EV_NOW, &v, as_here(A), false)) return;
    i128 target;
    if (value_is_const(&v)) {
        target = v.k;
    } else if (v.add && !v.sub && v.add->kind == SK_LABEL && v.add->sec == A->cur &&
               v.add->frag->epoch == 0 && A->cur->epoch == 0) {
        target = (i128)v.add->off + v.k;
    } else {
        as_error(A, ".org needs an absolute value or a location in the current section");
        return;
    }
    if (A->cur->epoch != 0) {
        as_error(A, ".org after a variable-size fragment (relaxable branch or code "
                    "alignment) is not supported");
        return;
    }
    i128 at = A->cur->last->len;
    if (target < at) {
        as_error(A, "attempt to move .org backwards");
        return;
    }
    map_state(A, 'd');
    u8 c = (u8)fill;
    if (!c) emit_zeros(A, (u128)(target - at));
    else emit_pattern(A, &c, 1, 0, (u128)(target - at));
}

/* ---- Symbols ----------------------------------------------------------------------- */

void assign_symbol(struct as *A, const char *name, usize nlen, const char *expr,
                   bool no_redefine)
{
    struct sym *s = sym_get(A, name, nlen);
    const char *p = expr;
    struct enode *e = expr_parse(A, &p);
    if (!e || !at_end(A, p)) return;
    if (s->kind == SK_LABEL || s->kind == SK_COMMON) {
        as_error(A, "symbol `%s' is already defined", s->name);
        return;
    }
    if (no_redefine && s->kind != SK_UNDEF) {
        as_error(A, "symbol `%s' is already defined", s->name);
        return;
    }
    if (nlen == 1 && name[0] == '.') {
        as_error(A, "assigning to `.' is not supported; use .org");
        return;
    }
    struct value v;
    bool ok = expr_eval(A, e, EV_NOW, &v, as_here(A), true);
    if (ok && value_is_const(&v)) {
        s->kind = SK_ABS;
        s->value = v.k;
        s->equ = NULL;
    } else if (ok && v.add && !v.sub && v.add->kind == SK_LABEL && (v.add->fake || v.k != 0) &&
               (i128)v.add->off + v.k >= 0 && (i128)v.add->off + v.k <= v.add->frag->len &&
               s->kind == SK_UNDEF) {
        /* `.set x, . + 4' or `label + 8': x is a label at that place (GNU as keeps it
           as its own symbol; an alias of a label with no offset stays an alias) */
        s->kind = SK_LABEL;
        s->sec = v.add->sec;
        s->frag = v.add->frag;
        s->off = (u32)(v.add->off + v.k);
    } else {
        struct enode *fz = expr_freeze(A, e);
        /* a definition that refers to itself is a loop */
        s->kind = SK_EQU;
        s->equ = fz;
        struct value chk;
        if (!expr_eval(A, fz, EV_NOW, &chk, as_here(A), true) && s->kind == SK_EQU) {
            /* may still resolve after layout; a loop is reported at use */
        }
    }
    s->loc = A->loc;
}

static void dir_set(struct as *A, const char *args, bool no_redefine)
{
    const char *p = skip_ws(args);
    const char *name;
    usize nl;
    usize l = lex_symbol(A, p, &name, &nl);
    if (!l) { as_error(A, "expected symbol name"); return; }
    p = skip_ws(p + l);
    if (*p != ',') { as_error(A, "expected comma after \"%.*s\"", (int)nl, name); return; }
    assign_symbol(A, name, nl, p + 1, no_redefine);
}

static void dir_bind(struct as *A, const char *args, u8 bind)
{
    const char *p = skip_ws(args);
    for (;;) {
        struct sym *s = symbol_arg(A, &p);
        if (!s) return;
        if (bind == STB_LOCAL) {
            if (s->bind_set && s->bind != STB_LOCAL)
                as_error(A, "symbol `%s' is already global", s->name);
        } else if (s->bind_set && s->bind == STB_LOCAL && bind == STB_GLOBAL) {
            as_error(A, "symbol `%s' is already local", s->name);
        }
        if (!(bind == STB_GLOBAL && s->bind == STB_WEAK)) s->bind = bind;
        s->bind_set = true;
        p = skip_ws(p);
        if (*p != ',') break;
        p++;
    }
    at_end(A, p);
}

static void dir_visibility(struct as *A, const char *args, u8 vis)
{
    const char *p = skip_ws(args);
    for (;;) {
        struct sym *s = symbol_arg(A, &p);
        if (!s) return;
        s->other = (u8)((s->other & ~3) | vis);
        p = skip_ws(p);
        if (*p != ',') break;
        p++;
    }
    at_end(A, p);
}

static void dir_type(struct as *A, const char *args)
{
    const char *p = skip_ws(args);
    struct sym *s = symbol_arg(A, &p);
    if (!s) return;
    if (!expect_comma(A, &p)) return;
    p = skip_ws(p);
    if (*p == '@' || *p == '%' || *p == '#') p++;
    else if (*p == '"') p++;
    const char *t = p;
    while (is_sym_char((unsigned char)*p)) p++;
    usize n = (usize)(p - t);
    if (*p == '"') p++;
#define IS(str) (n == sizeof(str) - 1 && !strncmp(t, str, n))
    if (IS("function") || IS("STT_FUNC")) s->type = STT_FUNC;
    else if (IS("object") || IS("STT_OBJECT")) s->type = STT_OBJECT;
    else if (IS("tls_object") || IS("STT_TLS")) s->type = STT_TLS;
    else if (IS("common") || IS("STT_COMMON")) s->type = STT_COMMON;
    else if (IS("notype") || IS("STT_NOTYPE")) s->type = STT_NOTYPE;
    else if (IS("gnu_indirect_function") || IS("STT_GNU_IFUNC")) s->type = STT_GNU_IFUNC;
    else if (IS("gnu_unique_object")) { s->type = STT_OBJECT; s->bind = STB_GNU_UNIQUE; s->bind_set = true; }
    else { as_error(A, "unrecognized symbol type \"%.*s\"", (int)n, t); return; }
#undef IS
    at_end(A, p);
}

static void dir_size(struct as *A, const char *args)
{
    const char *p = skip_ws(args);
    struct sym *s = symbol_arg(A, &p);
    if (!s) return;
    if (!expect_comma(A, &p)) return;
    struct enode *e = expr_parse(A, &p);
    if (!e || !at_end(A, p)) return;
    s->size = expr_freeze(A, e);
    s->size_set = true;
}

static void dir_comm(struct as *A, const char *args, bool local)
{
    const char *p = skip_ws(args);
    struct sym *s = symbol_arg(A, &p);
    if (!s) return;
    if (!expect_comma(A, &p)) return;
    i128 size, align = 0;
    bool have_align = false;
    if (!expr_const(A, &p, &size)) return;
    p = skip_ws(p);
    if (*p == ',') {
        p++;
        if (!expr_const(A, &p, &align)) return;
        have_align = true;
    }
    if (!at_end(A, p)) return;
    if (size < 0) { as_error(A, "size of \"%s\" is negative", s->name); return; }
    if (align < 0 || (align & (align - 1))) { as_error(A, "alignment is not a power of 2"); return; }
    if (s->kind != SK_UNDEF && s->kind != SK_COMMON) {
        as_error(A, "symbol `%s' is already defined", s->name);
        return;
    }
    if (!have_align) {
        /* GNU as for RISC-V: the smallest power of two not below the size, at most 16 */
        align = 1;
        while (align < 16 && align < size) align *= 2;
    }
    if (align == 0) align = 1;
    if (local) {
        struct section *save = A->cur, *savep = A->prev;
        sect_switch(A, A->bss);
        emit_align(A, (u128)align, false, 0, 1, 0);
        sym_define_label(A, s);
        s->type = STT_OBJECT;
        s->size = expr_freeze(A, expr_num(A, size));
        s->size_set = true;
        emit_zeros(A, (u128)size);
        A->cur = save;
        A->prev = savep;
        return;
    }
    if (s->kind == SK_COMMON) {
        if ((u128)size > s->common_size) s->common_size = (u128)size;
        if ((u128)align > s->common_align) s->common_align = (u128)align;
        return;
    }
    s->kind = SK_COMMON;
    s->common_size = (u128)size;
    s->common_align = (u128)align;
    s->type = STT_OBJECT;
    if (!s->bind_set || s->bind == STB_LOCAL) s->bind = STB_GLOBAL;
    s->loc = A->loc;
}

static void dir_file(struct as *A, const char *args)
{
    const char *p = skip_ws(args);
    if (*p >= '0' && *p <= '9') { dwarf_file(A, p); return; }   /* .file N "name" (dwarf.c) */
    if (*p != '"') { as_error(A, "expected string"); return; }
    struct bytes b = { 0 };
    p = lex_string(A, p, &b);
    if (!p) { bytes_free(&b); return; }
    if (!A->file_sym) A->file_sym = as_strndup(A, b.p ? (const char *)b.p : "", b.len);
    bytes_free(&b);
}

/* .ident "text": appended to .comment, which starts with a NUL byte (GNU as). */
static void dir_ident(struct as *A, const char *args)
{
    const char *p = skip_ws(args);
    struct bytes b = { 0 };
    p = lex_string(A, p, &b);
    if (!p) { bytes_free(&b); return; }
    bytes_put(&b, "", 1);
    struct section *save = A->cur, *savep = A->prev;
    struct section *c = sect_find(A, ".comment");
    if (!c) {
        c = sect_get(A, ".comment", SHT_PROGBITS, SHF_MERGE | SHF_STRINGS, 1, true);
        A->cur = c;
        emit_bytes(A, "", 1);
    }
    A->cur = c;
    c->used = true;
    emit_bytes(A, b.p, b.len);
    A->cur = save;
    A->prev = savep;
    bytes_free(&b);
    at_end(A, p);
}

static void dir_message(struct as *A, const char *args, int kind)
{
    const char *p = skip_ws(args);
    struct bytes b = { 0 };
    if (*p == '"') {
        if (!lex_string(A, p, &b)) { bytes_free(&b); return; }
    } else if (*p) {
        bytes_put(&b, p, strlen(p));
    }
    bytes_put(&b, "", 1);
    if (kind == 'e') {
        if (b.len > 1) as_error(A, "%s", (const char *)b.p);
        else as_error(A, ".error directive invoked in source file");
    } else if (kind == 'w') {
        if (b.len > 1) as_warn(A, "%s", (const char *)b.p);
        else as_warn(A, ".warning directive invoked in source file");
    } else if (A->diag) {
        fprintf(A->diag, "%s\n", (const char *)b.p);
    }
    bytes_free(&b);
}

static void dir_include(struct as *A, const char *args)
{
    const char *p = skip_ws(args);
    struct bytes b = { 0 };
    p = lex_string(A, p, &b);
    if (!p) { bytes_free(&b); return; }
    bytes_put(&b, "", 1);
    input_push_file(A, (const char *)b.p, true);
    bytes_free(&b);
}

static void dir_incbin(struct as *A, const char *args)
{
    const char *p = skip_ws(args);
    struct bytes name = { 0 };
    p = lex_string(A, p, &name);
    if (!p) { bytes_free(&name); return; }
    bytes_put(&name, "", 1);
    i128 skip = 0, count = -1;
    p = skip_ws(p);
    if (*p == ',') {
        p++;
        if (!expr_const(A, &p, &skip)) { bytes_free(&name); return; }
        p = skip_ws(p);
        if (*p == ',') {
            p++;
            if (!expr_const(A, &p, &count)) { bytes_free(&name); return; }
        }
    }
    FILE *fp = fopen((const char *)name.p, "rb");
    for (usize i = 0; !fp && i < A->nincdirs; i++) {
        char tmp[4096];
        snprintf(tmp, sizeof tmp, "%s/%s", A->incdirs[i], (const char *)name.p);
        fp = fopen(tmp, "rb");
    }
    if (!fp) {
        as_error(A, "file not found: %s", (const char *)name.p);
        bytes_free(&name);
        return;
    }
    /* read what is used and no more: a device such as /dev/zero never ends */
    const usize max = (usize)1 << 28;   /* zl-as's limit of a section's contents */
    u128 want = count >= 0 && skip >= 0 ? (u128)skip + (u128)count : (u128)max + 1;
    if (want > (u128)max + 1) want = (u128)max + 1;
    struct bytes data = { 0 };
    char buf[65536];
    usize n;
    while (data.len < (usize)want &&
           (n = fread(buf, 1, (usize)want - data.len < sizeof buf ? (usize)want - data.len : sizeof buf, fp)) > 0)
        bytes_put(&data, buf, n);
    bool rerr = ferror(fp);
    fclose(fp);
    if (rerr) {
        as_error(A, ".incbin: cannot read %s: %s", (const char *)name.p, strerror(errno));
        bytes_free(&name);
        bytes_free(&data);
        return;
    }
    if (data.len > max) {
        as_error(A, ".incbin file %s is too large (zl-as limit: 256 MiB)", (const char *)name.p);
        bytes_free(&name);
        bytes_free(&data);
        return;
    }
    bytes_free(&name);
    if (skip < 0 || (u128)skip > data.len) {
        as_error(A, "skip (%lld) or count (%lld) invalid for file size (%zu)", (long long)skip,
                 (long long)count, data.len);
        bytes_free(&data);
        return;
    }
    usize avail = data.len - (usize)skip;
    if (count >= 0 && (u128)count > avail) {
        as_error(A, "skip (%lld) or count (%lld) invalid for file size (%zu)", (long long)skip,
                 (long long)count, data.len);
        bytes_free(&data);
        return;
    }
    usize len = count >= 0 ? (usize)count : avail;
    map_state(A, 'd');
    emit_bytes(A, data.p + skip, len);
    bytes_free(&data);
}

static void dir_nops(struct as *A, const char *args)
{
    const char *p = skip_ws(args);
    i128 n;
    if (!expr_const(A, &p, &n)) return;
    p = skip_ws(p);
    if (*p == ',') { i128 ign; p++; if (!expr_const(A, &p, &ign)) return; }
    if (!at_end(A, p)) return;
    if (n < 0 || n > 65536 || (n & 1)) { as_error(A, ".nops size must be even and at most 65536"); return; }
    map_state(A, 'x');
    while (n >= 4) { insn_emit_word(A, 0x00000013, 4); n -= 4; }
    if (n) insn_emit_word(A, 0x0001, 2);
}

/* .insn VALUE / .insn LENGTH, VALUE: emit a raw instruction word. */
static void dir_insn(struct as *A, const char *args)
{
    const char *p = skip_ws(args);
    i128 a, b;
    if (!expr_const(A, &p, &a)) return;
    p = skip_ws(p);
    unsigned len;
    u32 w;
    if (*p == ',') {
        p++;
        if (!expr_const(A, &p, &b)) return;
        if (a != 2 && a != 4) { as_error(A, ".insn length must be 2 or 4"); return; }
        len = (unsigned)a;
        w = (u32)b;
        if ((u128)b >> (8 * len)) { as_error(A, ".insn value does not fit in %u bytes", len); return; }
    } else {
        w = (u32)a;
        if ((u128)a >> 32) { as_error(A, ".insn value does not fit in 32 bits"); return; }
        len = isa_insn_len((u16)w);
        if (len == 0) { as_error(A, ".insn: instructions longer than 32 bits are not supported"); return; }
        if (len == 2 && (w >> 16)) { as_error(A, ".insn value is a 16-bit instruction but has more bits"); return; }
    }
    if (((w & 3) == 3) != (len == 4)) {
        as_error(A, ".insn length does not match the encoding's length bits");
        return;
    }
    if (!at_end(A, p)) return;
    insn_emit_word(A, w, len);
}

static void dir_purgem(struct as *A, const char *args);

/* ---- Dispatch ---------------------------------------------------------------------- */

bool directive(struct as *A, const char *name, usize nlen, const char *args)
{
    char d[32];
    if (nlen >= sizeof d) return false;
    for (usize i = 0; i < nlen; i++) d[i] = name[i] >= 'A' && name[i] <= 'Z' ? (char)(name[i] + 32) : name[i];
    d[nlen] = 0;
    if (cond_directive(A, d, nlen, args)) return true;
#define D(str) (!strcmp(d, str))
    if (D(".text") || D(".data") || D(".bss")) {
        /* a subsection number other than 0 is not supported */
        const char *p = skip_ws(args);
        if (*p && !(p[0] == '0' && !*skip_ws(p + 1))) {
            as_error(A, "subsections (%s %s) are not supported by zl-as", d, p);
            return true;
        }
        sect_switch(A, d[1] == 't' ? A->text : d[1] == 'd' ? A->data : A->bss);
        return true;
    }
    if (D(".rodata")) { switch_named(A, ".rodata", false, 0, false, 0, 0); return true; }
    if (D(".section")) { dir_section(A, args, false); return true; }
    if (D(".pushsection")) { dir_section(A, args, true); return true; }
    if (D(".popsection")) {
        if (A->sectdepth == 0) { as_error(A, ".popsection without corresponding .pushsection; ignored"); return true; }
        A->sectdepth--;
        A->cur = A->sectstack[A->sectdepth];
        A->prev = A->prevstack[A->sectdepth];
        return true;
    }
    if (D(".previous")) {
        if (A->prev) { struct section *t = A->cur; A->cur = A->prev; A->prev = t; }
        return true;
    }
    if (D(".subsection")) { as_error(A, ".subsection is not supported by zl-as"); return true; }
    if (D(".byte") || D(".dc.b")) { dir_data(A, args, 1); return true; }
    if (D(".2byte") || D(".half") || D(".short") || D(".hword") || D(".dc.w")) { dir_data(A, args, 2); return true; }
    if (D(".4byte") || D(".word") || D(".long") || D(".int") || D(".dc.l")) { dir_data(A, args, 4); return true; }
    if (D(".8byte") || D(".dword") || D(".quad")) { dir_data(A, args, 8); return true; }
    if (D(".octa") || D(".16byte")) { dir_data(A, args, 16); return true; }
    if (D(".dtprelword")) { dir_dtprel(A, args, 4); return true; }
    if (D(".dtpreldword")) { dir_dtprel(A, args, 8); return true; }
    if (D(".ascii")) { dir_ascii(A, args, false); return true; }
    if (D(".asciz") || D(".string") || D(".string8")) { dir_ascii(A, args, true); return true; }
    if (D(".float") || D(".single") || D(".dc.s")) { dir_float(A, args, false); return true; }
    if (D(".double")) { dir_float(A, args, true); return true; }
    if (D(".uleb128")) { dir_leb(A, args, false); return true; }
    if (D(".sleb128")) { dir_leb(A, args, true); return true; }
    if (D(".zero")) {
        const char *p = skip_ws(args);
        i128 n;
        if (!expr_const(A, &p, &n) || !at_end(A, p)) return true;
        if (n < 0 || n > (i128)0xffffffffll) { as_error(A, ".zero size out of range"); return true; }
        map_state(A, 'd');
        emit_zeros(A, (u128)n);
        return true;
    }
    if (D(".space") || D(".skip")) { dir_space(A, args); return true; }
    if (D(".fill")) { dir_fill(A, args); return true; }
    if (D(".align") || D(".p2align")) { dir_align(A, args, true, 1); return true; }
    if (D(".p2alignw")) { dir_align(A, args, true, 2); return true; }
    if (D(".p2alignl")) { dir_align(A, args, true, 4); return true; }
    if (D(".balign")) { dir_align(A, args, false, 1); return true; }
    if (D(".balignw")) { dir_align(A, args, false, 2); return true; }
    if (D(".balignl")) { dir_align(A, args, false, 4); return true; }
    if (D(".org")) { dir_org(A, args); return true; }
    if (D(".set") || D(".equ")) { dir_set(A, args, false); return true; }
    if (D(".equiv")) { dir_set(A, args, true); return true; }
    if (D(".globl") || D(".global")) { dir_bind(A, args, STB_GLOBAL); return true; }
    if (D(".weak")) { dir_bind(A, args, STB_WEAK); return true; }
    if (D(".local")) { dir_bind(A, args, STB_LOCAL); return true; }
    if (D(".hidden")) { dir_visibility(A, args, STV_HIDDEN); return true; }
    if (D(".protected")) { dir_visibility(A, args, STV_PROTECTED); return true; }
    if (D(".internal")) { dir_visibility(A, args, STV_INTERNAL); return true; }
    if (D(".variant_cc")) {
        const char *p = args;
        struct sym *s = symbol_arg(A, &p);
        if (s) { s->other |= STO_RISCV_VARIANT_CC; at_end(A, p); }
        return true;
    }
    if (D(".type")) { dir_type(A, args); return true; }
    if (D(".size")) { dir_size(A, args); return true; }
    if (D(".comm")) { dir_comm(A, args, false); return true; }
    if (D(".lcomm")) { dir_comm(A, args, true); return true; }
    if (D(".file")) { dir_file(A, args); return true; }
    if (D(".ident")) { dir_ident(A, args); return true; }
    if (D(".option")) { option_directive(A, args); return true; }
    if (D(".attribute")) { attribute_directive(A, args); return true; }
    if (D(".include")) { dir_include(A, args); return true; }
    if (D(".incbin")) { dir_incbin(A, args); return true; }
    if (D(".macro")) { macro_define(A, args); return true; }
    if (D(".endm")) { as_error(A, ".endm without a matching .macro"); return true; }
    if (D(".exitm")) { macro_exit(A); return true; }
    if (D(".purgem")) { dir_purgem(A, args); return true; }
    if (D(".rept") || D(".rep")) { rept_start(A, d + 1, args); return true; }
    if (D(".irp")) { rept_start(A, "irp", args); return true; }
    if (D(".irpc")) { rept_start(A, "irpc", args); return true; }
    if (D(".endr")) { as_error(A, ".endr without a matching .rept"); return true; }
    if (D(".err")) { as_error(A, ".err encountered"); return true; }
    if (D(".error")) { dir_message(A, args, 'e'); return true; }
    if (D(".warning")) { dir_message(A, args, 'w'); return true; }
    if (D(".print")) { dir_message(A, args, 'p'); return true; }
    if (D(".end")) { A->stop = true; return true; }
    if (D(".nops")) { dir_nops(A, args); return true; }
    if (D(".insn")) { dir_insn(A, args); return true; }
    if (D(".altmacro") || D(".noaltmacro")) {
        if (D(".altmacro")) as_error(A, ".altmacro is not supported by zl-as");
        return true;
    }
    if (D(".loc")) { dwarf_loc(A, args); return true; }
    /* accepted and ignored: location views, call-frame information (no .eh_frame or
     * .debug_frame is generated), toolchain hints */
    if (D(".loc_view") || D(".loc_mark_labels") || D(".addrsig") || D(".addrsig_sym") ||
        D(".gnu_attribute") || !strncmp(d, ".cfi_", 5))
        return true;
#undef D
    return false;
}

static void dir_purgem(struct as *A, const char *args)
{
    const char *p = skip_ws(args);
    const char *name;
    usize nl;
    if (!lex_symbol(A, p, &name, &nl)) { as_error(A, "expected macro name"); return; }
    if (!macro_purge(A, name, nl)) as_error(A, ".purgem: macro `%.*s' is not defined", (int)nl, name);
}
