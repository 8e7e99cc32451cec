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

void tok_read_all(struct cpp *pp, struct tokstream *ts)
{
    struct cpp_token t;
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
        if (t.kind == CPP_PRAGMA || t.kind == CPP_EOD || t.kind == CPP_COMMENT) continue;
        struct token *o = &ts->v[ts->n++];
        memset(o, 0, sizeof *o);
        o->p = cc_strndup(t.p, t.len); /* string inputs are freed when the preprocessor pops them */
        o->len = t.len;
        o->pos.file = cpp_file_name(pp, t.file);
        o->pos.line = t.line;
        o->pos.col = t.col;
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
