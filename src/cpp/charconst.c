/* Character constants and the characters of string literals (C11 6.4.4.4, 6.4.5).
 *
 * One decoder for #if (expr.c), the compiler (src/cc/literal.c) and anything else that
 * needs the value of a character, so that `#if 'x' == ...` and the same test in C code
 * can never disagree.  Values follow GCC: a plain constant holding several characters
 * (or one UTF-8 encoded non-ASCII character) is a multi-character constant whose bytes are
 * shifted in; a wide constant holding several characters (or a char16_t constant holding
 * a character outside the BMP, a surrogate pair) has the value of the last. */
#include "cpp/cpp.h"

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

int cpp_utf8_encode(u32 c, char out[4])
{
    if (c < 0x80) {
        out[0] = (char)c;
        return 1;
    }
    if (c < 0x800) {
        out[0] = (char)(0xc0 | (c >> 6));
        out[1] = (char)(0x80 | (c & 63));
        return 2;
    }
    if (c < 0x10000) {
        out[0] = (char)(0xe0 | (c >> 12));
        out[1] = (char)(0x80 | ((c >> 6) & 63));
        out[2] = (char)(0x80 | (c & 63));
        return 3;
    }
    out[0] = (char)(0xf0 | ((c >> 18) & 7));
    out[1] = (char)(0x80 | ((c >> 12) & 63));
    out[2] = (char)(0x80 | ((c >> 6) & 63));
    out[3] = (char)(0x80 | (c & 63));
    return 4;
}

static void report(cpp_char_diag_fn *diag, void *ctx, bool error, const char *msg)
{
    if (diag) diag(ctx, error, msg);
}

u32 cpp_decode_char(const char **pp, const char *end, bool *raw, cpp_char_diag_fn *diag,
                    void *ctx)
{
    const unsigned char *p = (const unsigned char *)*pp;
    const unsigned char *e = (const unsigned char *)end;
    *raw = false;
    if (*p != '\\' || p + 1 >= e) {
        /* a UTF-8 sequence is one character; a byte that starts none is taken as is */
        u32 c = *p++;
        int more = 0;
        if (c >= 0xf0 && c < 0xf8) { c &= 7; more = 3; }
        else if (c >= 0xe0 && c < 0xf0) { c &= 15; more = 2; }
        else if (c >= 0xc0 && c < 0xe0) { c &= 31; more = 1; }
        else if (c >= 0x80) *raw = true;
        while (more-- > 0 && p < e && (*p & 0xc0) == 0x80) c = (c << 6) | (*p++ & 63u);
        *pp = (const char *)p;
        return c;
    }
    p++;
    u32 c = *p++;
    switch (c) {
    case 'n': c = '\n'; break;
    case 't': c = '\t'; break;
    case 'r': c = '\r'; break;
    case 'a': c = 7; break;
    case 'b': c = 8; break;
    case 'f': c = 12; break;
    case 'v': c = 11; break;
    case 'e': case 'E': c = 27; break; /* GNU */
    case '\\': case '\'': case '"': case '?': break;
    case 'x': {
        u32 v = 0;
        int h, n = 0;
        bool big = false;
        while (p < e && (h = hexval(*p)) >= 0) {
            if (v >> 28) big = true;
            v = v * 16 + (u32)h;
            p++;
            n++;
        }
        if (!n) report(diag, ctx, true, "\\x used with no following hex digits");
        if (big) report(diag, ctx, false, "hex escape sequence out of range");
        *raw = true;
        c = v;
        break;
    }
    case 'u': case 'U': {
        int n = c == 'u' ? 4 : 8;
        u32 v = 0;
        for (int i = 0; i < n; i++) {
            int h = p < e ? hexval(*p) : -1;
            if (h < 0) {
                report(diag, ctx, true, "incomplete universal character name");
                break;
            }
            v = v * 16 + (u32)h;
            p++;
        }
        if (v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
            report(diag, ctx, true, "universal character name is not a valid character");
        c = v;
        break;
    }
    default:
        if (c >= '0' && c <= '7') {
            u32 v = c - '0';
            for (int i = 0; i < 2 && p < e && *p >= '0' && *p <= '7'; i++) v = v * 8 + (*p++ - '0');
            *raw = true;
            c = v;
        } else {
            char msg[40];
            if (c >= 0x20 && c < 0x7f) snprintf(msg, sizeof msg, "unknown escape sequence '\\%c'", (char)c);
            else snprintf(msg, sizeof msg, "unknown escape sequence '\\x%x'", (unsigned)c);
            report(diag, ctx, false, msg);
        }
    }
    *pp = (const char *)p;
    return c;
}

bool cpp_charconst_value(const char *text, size_t len, enum cpp_enc enc, bool char_unsigned,
                         struct cpp_charval *out, cpp_char_diag_fn *diag, void *ctx)
{
    const char *p = text, *end = text + len;
    while (p < end && *p != '\'') p++;
    if (p < end) p++;
    if (end > p && end[-1] == '\'') end--;
    u128 v = 0;
    unsigned n = 0;
    bool range = false;
    while (p < end) {
        bool raw;
        u32 c = cpp_decode_char(&p, end, &raw, diag, ctx);
        if (enc == CPP_ENC_NONE || enc == CPP_ENC_u8) {
            if (!raw && c >= 0x80) {
                /* a non-ASCII character in a char constant: the bytes of its UTF-8 form */
                char b[4];
                int k = cpp_utf8_encode(c, b);
                for (int i = 0; i < k; i++) v = (v << 8) | (unsigned char)b[i];
                n += (unsigned)k;
                continue;
            }
            if (c > 255) range = true;
            v = (v << 8) | (c & 255);
        } else {
            if (enc == CPP_ENC_u && c > 0xffff && !raw) {
                /* a UTF-16 surrogate pair: two characters, the low surrogate counts */
                v = 0xdc00 + ((c - 0x10000) & 0x3ff);
                n += 2;
                continue;
            }
            if (enc == CPP_ENC_u && c > 0xffff) range = true;
            v = c;
        }
        n++;
    }
    out->nchars = n;
    if (!n) {
        report(diag, ctx, true, "empty character constant");
        out->value = 0;
        out->is_unsigned = false;
        return false;
    }
    if (range) report(diag, ctx, false, "character constant out of range for its type");
    if (n > 1)
        report(diag, ctx, false, enc == CPP_ENC_NONE ? "multi-character character constant"
                                                      : "character constant too long for its type");
    switch (enc) {
    case CPP_ENC_NONE:
        /* one char converted to int through (signed or unsigned) char; several: an int */
        if (n == 1) out->value = char_unsigned ? (i128)(u8)v : (i128)(i8)(u8)v;
        else out->value = (i32)(u32)v;
        out->is_unsigned = false;
        break;
    case CPP_ENC_u8: out->value = (u8)v; out->is_unsigned = true; break;
    case CPP_ENC_u: out->value = (u16)v; out->is_unsigned = true; break;
    case CPP_ENC_U: out->value = (u32)v; out->is_unsigned = true; break;
    case CPP_ENC_L: out->value = (i32)(u32)v; out->is_unsigned = false; break; /* wchar_t is int */
    }
    return true;
}
