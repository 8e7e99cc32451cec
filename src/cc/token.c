/* Token stream: every preprocessed token of the translation unit, keywords recognised. */
#include "cc/cc.h"

#include <string.h>

static const char *const kw_names[] = {
    "",
#define KW(id, s) s,
#include "kw.def"
#undef KW
};

static int keyword(const char *p, u32 len)
{
    for (int i = 1; i < KW_COUNT; i++)
        if (strlen(kw_names[i]) == len && !memcmp(kw_names[i], p, len)) return i;
    return 0;
}

/* #pragma pack, as GCC reads it: `pack()` (the default), `pack(N)`, `pack(push)`,
 * `pack(push, N)`, `pack(pop)` (an identifier after push or pop is accepted and
 * ignored); N a power of two up to 16.  Anything else is ignored with a warning, as GCC
 * does.  text is the pragma's text, "pack(...)" with any spacing. */
struct pack_state {
    int cur, depth;
    u8 stack[256];
};

static const char *skip_space(const char *s, const char *e)
{
    while (s < e && (*s == ' ' || *s == '\t')) s++;
    return s;
}

static void pragma_pack(struct pack_state *ps, const char *s, u32 len, struct srcpos pos)
{
    const char *e = s + len;
    s = skip_space(s, e);
    if (e - s < 4 || memcmp(s, "pack", 4)) return;
    s = skip_space(s + 4, e);
    if (s == e || *s != '(') {
        cc_warn_at(CW_NONE, pos, "missing '(' after '#pragma pack' - ignored");
        return;
    }
    s++;
    int n = -1;            /* the N given, -1 none */
    int op = 0;            /* 1 push, 2 pop */
    for (int item = 0;; item++) {
        s = skip_space(s, e);
        if (s < e && *s == ')' && item == 0) break;
        const char *w = s;
        while (s < e && (*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9')))
            s++;
        if (s == w) goto bad;
        if (*w >= '0' && *w <= '9') {
            if (n >= 0) goto bad;
            long v = 0;
            for (const char *q = w; q < s; q++) {
                if (*q < '0' || *q > '9' || v > 1000) goto bad;
                v = v * 10 + (*q - '0');
            }
            if (v != 0 && v != 1 && v != 2 && v != 4 && v != 8 && v != 16) {
                cc_warn_at(CW_NONE, pos, "alignment must be a small power of two, not %ld", v);
                return;
            }
            n = (int)v;
        } else if (item == 0 && s - w == 4 && !memcmp(w, "push", 4)) {
            op = 1;
        } else if (item == 0 && s - w == 3 && !memcmp(w, "pop", 3)) {
            op = 2;
        } else if (item == 0 || n >= 0) {
            goto bad;
        }
        s = skip_space(s, e);
        if (s < e && *s == ')') break;
        if (s == e || *s != ',') goto bad;
        s++;
    }
    if (skip_space(s + 1, e) != e) cc_warn_at(CW_NONE, pos, "junk at end of '#pragma pack'");
    if (op == 1) {
        if (ps->depth == (int)sizeof ps->stack) {
            cc_warn_at(CW_NONE, pos, "'#pragma pack(push)' nested too deeply - ignored");
            return;
        }
        ps->stack[ps->depth++] = (u8)ps->cur;
        if (n >= 0) ps->cur = n;
    } else if (op == 2) {
        if (!ps->depth) cc_warn_at(CW_NONE, pos, "'#pragma pack (pop)' encountered without matching '#pragma pack (push)'");
        else ps->cur = ps->stack[--ps->depth];
    } else {
        ps->cur = n > 0 ? n : 0;
    }
    return;
bad:
    cc_warn_at(CW_NONE, pos, "malformed '#pragma pack' - ignored");
}

void tok_read_all(struct cpp *pp, struct tokstream *ts)
{
    struct cpp_token t;
    struct pack_state ps = {0};
    for (;;) {
        bool more = cpp_get(pp, &t);
        if (ts->n == ts->cap) {
            size_t cap = ts->cap ? ts->cap * 2 : 1024;
            struct token *v = cc_alloc(cap * sizeof *v);
            if (ts->n) memcpy(v, ts->v, ts->n * sizeof *v);
            ts->v = v;
            ts->cap = cap;
        }
        if (!more || t.kind == CPP_EOF) {
            struct token *e = &ts->v[ts->n++];
            memset(e, 0, sizeof *e);
            e->kind = TK_EOF;
            e->p = "";
            if (ts->n > 1) e->pos = ts->v[ts->n - 2].pos;
            break;
        }
        if (t.kind == CPP_PRAGMA)
            pragma_pack(&ps, t.p, t.len, (struct srcpos){cpp_file_name(pp, t.file), t.line, t.col});
        if (t.kind == CPP_PRAGMA || t.kind == CPP_EOD || t.kind == CPP_COMMENT) continue;
        struct token *o = &ts->v[ts->n++];
        memset(o, 0, sizeof *o);
        o->p = cc_strndup(t.p, t.len); /* string inputs are freed when the preprocessor pops them */
        o->len = t.len;
        o->pos.file = cpp_file_name(pp, t.file);
        o->pos.line = t.line;
        o->pos.col = t.col;
        o->pack = (u8)ps.cur;
        switch (t.kind) {
        case CPP_IDENT: {
            int k = keyword(t.p, t.len);
            o->kind = k ? TK_KEYWORD : TK_IDENT;
            o->sub = k;
            break;
        }
        case CPP_NUMBER: o->kind = TK_NUM; break;
        case CPP_CHAR: o->kind = TK_CHAR; o->sub = t.sub; break;
        case CPP_STRING: o->kind = TK_STR; o->sub = t.sub; break;
        case CPP_PUNCT: o->kind = TK_PUNCT; o->sub = t.sub; break;
        default:
            cc_error_at(o->pos, "stray '%.*s' in program", (int)t.len, t.p);
        }
    }
}
