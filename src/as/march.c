/* ISA strings (-march, .option arch, .attribute arch) and the canonical form written to
 * Tag_RISCV_arch, following GNU binutils: implied extensions are added (g = imafd +
 * zicsr + zifencei, d -> f, f -> zicsr, m -> zmmul), versions come from the ISA spec
 * (-misa-spec) unless the string gives them, and extensions are listed in canonical
 * order.  Only extensions the instruction table implements are accepted. */
#include <string.h>

#include "as/as.h"

/* Known extensions, in canonical order. */
enum { X_I, X_M, X_A, X_F, X_D, X_C, X_ZICSR, X_ZIFENCEI, X_ZIHINTPAUSE, X_ZMMUL, X_N };
static const struct {
    const char *name;
    unsigned ext;
    /* version per spec: 2.2, 20190608, 20191213 (major*10+minor; 0 = no version) */
    u8 ver[3];
} exts[X_N] = {
    [X_I] = { "i", EXT_I, { 20, 21, 21 } },
    [X_M] = { "m", EXT_M, { 20, 20, 20 } },
    [X_A] = { "a", EXT_A, { 20, 20, 21 } },
    [X_F] = { "f", EXT_F, { 20, 22, 22 } },
    [X_D] = { "d", EXT_D, { 20, 22, 22 } },
    [X_C] = { "c", EXT_C, { 20, 20, 20 } },
    [X_ZICSR] = { "zicsr", EXT_ZICSR, { 0, 20, 20 } },
    [X_ZIFENCEI] = { "zifencei", EXT_ZIFENCEI, { 0, 20, 20 } },
    [X_ZIHINTPAUSE] = { "zihintpause", 0, { 20, 20, 20 } },
    [X_ZMMUL] = { "zmmul", 0, { 10, 10, 10 } },
};

/* Parsed ISA string: which extensions, with explicit versions when given. */
struct isa_set {
    int xlen;
    bool has[X_N];
    int ver[X_N];               /* -1: not given */
};

static bool parse_version(const char **pp, int *ver)
{
    const char *p = *pp;
    if (*p < '0' || *p > '9') { *ver = -1; return true; }
    int maj = 0, min = 0;
    while (*p >= '0' && *p <= '9') maj = maj * 10 + (*p++ - '0');
    if (*p == 'p' && p[1] >= '0' && p[1] <= '9') {
        p++;
        while (*p >= '0' && *p <= '9') min = min * 10 + (*p++ - '0');
    }
    if (maj > 99 || min > 9) return false;
    *ver = maj * 10 + min;
    *pp = p;
    return true;
}

static bool isa_parse(const char *s, struct isa_set *out, char *err, usize errn)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < X_N; i++) out->ver[i] = -1;
    char low[256];
    usize n = strlen(s);
    if (n >= sizeof low) { snprintf(err, errn, "ISA string too long"); return false; }
    for (usize i = 0; i <= n; i++) low[i] = (s[i] >= 'A' && s[i] <= 'Z') ? (char)(s[i] + 32) : s[i];
    const char *p = low;
    if (!strncmp(p, "rv32", 4)) { out->xlen = 32; p += 4; }
    else if (!strncmp(p, "rv64", 4)) { out->xlen = 64; p += 4; }
    else if (!strncmp(p, "rv128", 5)) { out->xlen = 128; p += 5; }
    else { snprintf(err, errn, "-march=%s: ISA string must begin with rv32, rv64 or rv128", s); return false; }
    if (*p == 'e') { snprintf(err, errn, "-march=%s: the E base ISA is not supported by zl-as", s); return false; }
    if (*p != 'i' && *p != 'g') { snprintf(err, errn, "-march=%s: first ISA subset must be `e', `i' or `g'", s); return false; }
    while (*p && *p != '_') {
        char c = *p++;
        int idx = -1;
        switch (c) {
        case 'i': idx = X_I; break;
        case 'm': idx = X_M; break;
        case 'a': idx = X_A; break;
        case 'f': idx = X_F; break;
        case 'd': idx = X_D; break;
        case 'c': idx = X_C; break;
        case 'g':
            out->has[X_I] = out->has[X_M] = out->has[X_A] = out->has[X_F] = out->has[X_D] = true;
            out->has[X_ZICSR] = out->has[X_ZIFENCEI] = true;
            if (*p >= '0' && *p <= '9') { snprintf(err, errn, "-march=%s: version not allowed for `g'", s); return false; }
            continue;
        default:
            snprintf(err, errn, "-march=%s: extension `%c' is not supported by zl-as", s, c);
            return false;
        }
        int v;
        if (!parse_version(&p, &v)) { snprintf(err, errn, "-march=%s: bad version number", s); return false; }
        out->has[idx] = true;
        if (v >= 0) out->ver[idx] = v;
    }
    while (*p == '_') {
        p++;
        if (!*p) break;
        /* "_m2p0": a single-letter extension after an underscore */
        if (*p >= 'a' && *p <= 'y' && (p[1] == 0 || p[1] == '_' || (p[1] >= '0' && p[1] <= '9'))) {
            char c = *p++;
            int idx = c == 'i' ? X_I : c == 'm' ? X_M : c == 'a' ? X_A : c == 'f' ? X_F
                    : c == 'd' ? X_D : c == 'c' ? X_C : -1;
            if (c == 'g') {
                out->has[X_I] = out->has[X_M] = out->has[X_A] = out->has[X_F] = out->has[X_D] = true;
                out->has[X_ZICSR] = out->has[X_ZIFENCEI] = true;
                continue;
            }
            if (idx < 0) {
                snprintf(err, errn, "-march=%s: extension `%c' is not supported by zl-as", s, c);
                return false;
            }
            int v;
            if (!parse_version(&p, &v)) { snprintf(err, errn, "-march=%s: bad version number", s); return false; }
            out->has[idx] = true;
            if (v >= 0) out->ver[idx] = v;
            if (*p && *p != '_') { snprintf(err, errn, "-march=%s: malformed extension near `%s'", s, p); return false; }
            continue;
        }
        const char *q = p;
        while (*q && *q != '_' && !(*q >= '0' && *q <= '9')) q++;
        /* a name ends before a version "2p0" (digits), but may itself contain none */
        usize len = (usize)(q - p);
        int idx = -1;
        for (int i = X_ZICSR; i < X_N; i++)
            if (strlen(exts[i].name) == len && !strncmp(exts[i].name, p, len)) idx = i;
        bool ignore = (len == 6 && (!strncmp(p, "zicntr", 6))) || (len == 5 && !strncmp(p, "zihpm", 5));
        if (idx < 0 && !ignore) {
            snprintf(err, errn, "-march=%s: extension `%.*s' is not supported by zl-as", s, (int)len, p);
            return false;
        }
        p = q;
        int v;
        if (!parse_version(&p, &v)) { snprintf(err, errn, "-march=%s: bad version number", s); return false; }
        if (idx >= 0) {
            out->has[idx] = true;
            if (v >= 0) out->ver[idx] = v;
        }
        if (*p && *p != '_') { snprintf(err, errn, "-march=%s: malformed extension near `%s'", s, p); return false; }
    }
    if (*p) { snprintf(err, errn, "-march=%s: unexpected `%s'", s, p); return false; }
    if (out->has[X_D] && !out->has[X_F]) out->has[X_F] = true;
    if (out->has[X_F]) out->has[X_ZICSR] = true;
    if (out->has[X_M]) out->has[X_ZMMUL] = true;
    if (out->has[X_ZMMUL] && !out->has[X_M]) {
        snprintf(err, errn, "-march=%s: zmmul without m is not supported by zl-as", s);
        return false;
    }
    return true;
}

bool march_parse(const char *s, struct march *m, char *err, usize errn)
{
    struct isa_set set;
    if (!isa_parse(s, &set, err, errn)) return false;
    memset(m, 0, sizeof *m);
    m->xlen = set.xlen;
    for (int i = 0; i < X_N; i++)
        if (set.has[i]) m->exts |= exts[i].ext;
    m->zihintpause = set.has[X_ZIHINTPAUSE];
    return true;
}

/* Canonical string of a parsed set for a spec. */
static void canon(const struct isa_set *set, int spec, char *buf, usize n)
{
    usize o = (usize)snprintf(buf, n, "rv%d", set->xlen);
    bool first = true;
    for (int i = 0; i < X_N && o < n; i++) {
        if (!set->has[i]) continue;
        int v = set->ver[i] >= 0 ? set->ver[i] : exts[i].ver[spec];
        if (v == 0) continue;                    /* no version in this spec: left out */
        o += (usize)snprintf(buf + o, n - o, "%s%s%dp%d", first ? "" : "_", exts[i].name,
                             v / 10, v % 10);
        first = false;
    }
}

void march_canonical(const struct march *m, int isa_spec, char *buf, usize n)
{
    struct isa_set set;
    memset(&set, 0, sizeof set);
    set.xlen = m->xlen;
    for (int i = 0; i < X_N; i++) set.ver[i] = -1;
    for (int i = 0; i < X_N; i++)
        if (exts[i].ext && (m->exts & exts[i].ext)) set.has[i] = true;
    /* zicsr/zifencei are listed when the string named them or something implies them */
    set.has[X_ZICSR] = (m->exts & EXT_ZICSR) != 0;
    set.has[X_ZIFENCEI] = (m->exts & EXT_ZIFENCEI) != 0;
    set.has[X_ZMMUL] = set.has[X_M];
    set.has[X_ZIHINTPAUSE] = m->zihintpause;
    canon(&set, isa_spec, buf, n);
}

/* Canonical form of a string as given (explicit versions kept). */
bool march_canonical_str(const char *s, int isa_spec, char *buf, usize n, char *err, usize errn)
{
    struct isa_set set;
    if (!isa_parse(s, &set, err, errn)) return false;
    canon(&set, isa_spec, buf, n);
    return true;
}
