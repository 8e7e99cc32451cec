/* -Wformat: printf-family format strings checked against the arguments, with the data
 * model's widths (%ld is 128 bits on LP128) and the C23 wN length modifiers zlibc
 * implements (docs/abi.md §1.3).  Functions are recognised by name (printf, fprintf,
 * sprintf, snprintf, dprintf, and the v* forms only for the format itself) or by
 * __attribute__((format(printf, m, n))). */
#include "cc/cc.h"

#include <string.h>

enum want { W_INT, W_UINT, W_DOUBLE, W_LDOUBLE, W_STR, W_PTR, W_WSTR, W_NPTR, W_ANYINT };

static bool int_of_size(struct type *t, long size)
{
    if (t->kind == TY_ENUM) t = t->enum_base ? t->enum_base : ty_uint;
    return ty_is_integer(t) && t->size == size;
}

static const char *want_name(enum want w, long size)
{
    switch (w) {
    case W_INT: case W_UINT:
        if (size == 4) return w == W_INT ? "int" : "unsigned int";
        if (size == tgt.long_size) return w == W_INT ? "long" : "unsigned long";
        if (size == tgt.llong_size) return w == W_INT ? "long long" : "unsigned long long";
        return cc_printf("a %ld-bit integer", size * 8);
    case W_DOUBLE: return "double";
    case W_LDOUBLE: return "long double";
    case W_STR: return "char *";
    case W_WSTR: return "wchar_t *";
    case W_PTR: return "void *";
    case W_NPTR: return "int *";
    default: return "an integer";
    }
}

static bool matches(struct type *t, enum want w, long size)
{
    switch (w) {
    case W_INT: case W_UINT: case W_ANYINT:
        /* after default promotions; signedness mismatches are not diagnosed (GCC -Wformat) */
        return int_of_size(t, size < 4 ? 4 : size);
    case W_DOUBLE: return t->kind == TY_DOUBLE;
    case W_LDOUBLE: return t->kind == TY_LDOUBLE;
    case W_STR: return t->kind == TY_PTR && (t->base->kind == TY_CHAR || t->base->kind == TY_SCHAR || t->base->kind == TY_UCHAR || t->base->kind == TY_VOID);
    case W_WSTR: return t->kind == TY_PTR;
    case W_PTR: return t->kind == TY_PTR;
    case W_NPTR: return t->kind == TY_PTR;
    }
    return true;
}

void check_format(const char *fname, struct node *fmt, struct node *args, int argno, struct srcpos pos)
{
    while (fmt && (fmt->kind == N_CAST || fmt->kind == N_ADDR) && fmt->l) fmt = fmt->l;
    if (!fmt || fmt->kind != N_STR || fmt->ty->base->size != 1) return;
    const char *s = fmt->str, *end = fmt->str + fmt->strlen - 1;
    struct node *a = args;
    int first = 0; /* index of the current argument in args, for messages */
    while (s < end) {
        if (*s++ != '%') continue;
        if (s < end && *s == '%') {
            s++;
            continue;
        }
        const char *spec = s - 1;
        /* flags, width, precision */
        while (s < end && strchr("-+ #0'", *s)) s++;
        for (int part = 0; part < 2; part++) {
            if (part == 1) {
                if (s < end && *s == '.') s++;
                else break;
            }
            if (s < end && *s == '*') {
                s++;
                if (!a) {
                    cc_warn_at(CW_FORMAT, pos, "too few arguments for format '%.*s' in call to '%s'", (int)(s - spec), spec, fname);
                    return;
                }
                if (!int_of_size(a->ty, 4))
                    cc_warn_at(CW_FORMAT, a->pos, "field width/precision '*' expects 'int', but the argument has type '%s'", ty_name(a->ty));
                a = a->next;
                first++;
            } else {
                while (s < end && *s >= '0' && *s <= '9') s++;
            }
        }
        long size = 4;
        bool ld = false;
        if (s < end && *s == 'h') { s++; size = 2; if (s < end && *s == 'h') { s++; size = 1; } }
        else if (s < end && *s == 'l') { s++; size = tgt.long_size; if (s < end && *s == 'l') { s++; size = tgt.llong_size; } }
        else if (s < end && (*s == 'j')) { s++; size = tgt.xlen == 128 ? 16 : 8; }
        else if (s < end && (*s == 'z' || *s == 't')) { s++; size = tgt.ptr_size; }
        else if (s < end && *s == 'L') { s++; ld = true; }
        else if (s < end && *s == 'w') {
            s++;
            bool fast = s < end && *s == 'f';
            if (fast) s++;
            int bits = 0;
            while (s < end && *s >= '0' && *s <= '9') bits = bits * 10 + (*s++ - '0');
            size = bits / 8;
            if (fast && tgt.xlen != 128 && bits < 64 && bits > 8) size = tgt.xlen == 64 ? 8 : 4;
        }
        if (s >= end) {
            cc_warn_at(CW_FORMAT, pos, "incomplete format specifier in call to '%s'", fname);
            return;
        }
        char c = *s++;
        enum want w;
        switch (c) {
        case 'd': case 'i': w = W_INT; break;
        case 'u': case 'x': case 'X': case 'o': case 'b': w = W_UINT; break;
        case 'c': w = W_INT; size = 4; break;
        case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
            w = ld ? W_LDOUBLE : W_DOUBLE;
            break;
        case 's': w = size == tgt.long_size && size != 4 ? W_WSTR : W_STR; break;
        case 'p': w = W_PTR; break;
        case 'n': w = W_NPTR; break;
        case 'm': continue;
        default:
            cc_warn_at(CW_FORMAT, pos, "unknown conversion type character '%c' in format", c);
            return;
        }
        if (!a) {
            cc_warn_at(CW_FORMAT, pos, "too few arguments for format '%.*s' in call to '%s'", (int)(s - spec), spec, fname);
            return;
        }
        if (!matches(a->ty, w, size))
            cc_warn_at(CW_FORMAT, a->pos, "format '%.*s' expects argument of type '%s', but argument %d has type '%s'",
                       (int)(s - spec), spec, want_name(w, size), argno + first, ty_name(a->ty));
        a = a->next;
        first++;
    }
    if (a) cc_warn_at(CW_FORMAT_EXTRA_ARGS, a->pos, "too many arguments for format in call to '%s'", fname);
}
