/* zl-audit analysis of one file: the driver.
 *
 * The file is lexed once with the shared C lexer (src/cpp) into a token array; no
 * preprocessing happens (the kernel cannot be preprocessed without its configuration),
 * but directive lines are recognised and kept apart, comments are read for inline
 * suppressions, and one forward pass keeps a small symbol table (symtab.c) and calls
 * the rule families (rule_*.c) on each token.  scan.h describes the shared state. */
#include "audit/scan.h"

#include <stdarg.h>
#include <stdlib.h>

/* ---------------------------------------------------------------- helpers */

void *au_xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) {
        fputs("zl-audit: out of memory\n", stderr);
        exit(2);
    }
    return q;
}

void au_push_u32(u32 **v, u32 *n, u32 *cap, u32 x)
{
    if (*n == *cap) {
        *cap = *cap ? *cap * 2 : 64;
        *v = au_xrealloc(*v, *cap * sizeof **v);
    }
    (*v)[(*n)++] = x;
}

char *au_xstrndup(const char *s, size_t n)
{
    char *r = au_xrealloc(NULL, n + 1);
    memcpy(r, s, n);
    r[n] = 0;
    return r;
}

void audit_add(struct audit_file *f, u32 line, u32 col, int rule, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (f->nf == f->capf) {
        f->capf = f->capf ? f->capf * 2 : 16;
        f->f = au_xrealloc(f->f, f->capf * sizeof *f->f);
    }
    struct audit_finding *x = &f->f[f->nf++];
    x->line = line;
    x->col = col;
    x->rule = (u16)rule;
    x->msg = au_xstrndup(msg, strlen(msg));
    x->fix = NULL;
    x->mode = MODE_TOKEN;
}

static int cmp_finding(const void *a, const void *b)
{
    const struct audit_finding *x = a, *y = b;
    if (x->line != y->line) return x->line < y->line ? -1 : 1;
    if (x->col != y->col) return x->col < y->col ? -1 : 1;
    return (int)x->rule - (int)y->rule;
}

void audit_sort(struct audit_file *f)
{
    if (f->nf > 1) qsort(f->f, f->nf, sizeof *f->f, cmp_finding);
    u32 w = 0;
    for (u32 i = 0; i < f->nf; i++) {
        if (w && f->f[w - 1].line == f->f[i].line && f->f[w - 1].col == f->f[i].col &&
            f->f[w - 1].rule == f->f[i].rule) {
            free(f->f[i].msg);
            if (f->f[i].fix) free(f->f[i].fix->text);
            free(f->f[i].fix);
            continue;
        }
        f->f[w++] = f->f[i];
    }
    f->nf = w;
}

void audit_file_clear(struct audit_file *f)
{
    for (u32 i = 0; i < f->nf; i++) {
        free(f->f[i].msg);
        if (f->f[i].fix) free(f->f[i].fix->text);
        free(f->f[i].fix);
    }
    free(f->f);
    for (u32 i = 0; i < f->nfields; i++) {
        free(f->fields[i].name);
        free(f->fields[i].sname);
    }
    free(f->fields);
    for (u32 i = 0; i < f->nptr; i++) free(f->ptr_members[i]);
    free(f->ptr_members);
    free(f->ptr_line);
    for (u32 i = 0; i < f->nalias; i++) {
        free(f->alias[i].dst);
        free(f->alias[i].src);
    }
    free(f->alias);
    for (u32 i = 0; i < f->ncar; i++) free(f->carriers[i]);
    free(f->carriers);
    for (u32 i = 0; i < f->nbm; i++) free(f->bitmaps[i]);
    free(f->bitmaps);
    for (u32 i = 0; i < f->n64; i++) free(f->names64[i]);
    free(f->names64);
    free(f->count64);
    for (u32 i = 0; i < f->npend; i++) {
        free(f->pend[i].name);
        free(f->pend[i].msg);
    }
    free(f->pend);
    free(f->note);
    free(f->tu_diag);
    char *path = f->path;
    u32 root = f->root_len;
    const struct audit_tu *tu = f->tu;
    memset(f, 0, sizeof *f);
    f->path = path;
    f->root_len = root;
    f->tu = tu;
}

struct audit_scratch *audit_scratch_new(void)
{
    struct audit_scratch *s = au_xrealloc(NULL, sizeof *s);
    memset(s, 0, sizeof *s);
    return s;
}

void audit_scratch_free(struct audit_scratch *s)
{
    if (!s) return;
    free(s->t);
    free(s->grp);
    free(s->dk);
    free(s->done);
    free(s->tab);
    free(s->conds);
    free(s->supp);
    free(s->flag_name);
    free(s->bodies);
    free(s->bslot);
    free(s->bgen);
    free(s->pct);
    free(s->named);
    free(s->tilde);
    for (u32 i = 0; i < s->nowned; i++) free(s->owned[i]);
    free(s->owned);
    free(s);
}
/* ---------------------------------------------------------------- rule helpers */

bool au_suppressed(const struct audit_scratch *s, u32 line, int rule)
{
    for (u32 k = 0; k < s->nsupp; k++)
        if (line >= s->supp[k].from && line <= s->supp[k].to && ((s->supp[k].mask >> rule) & 1))
            return true;
    return false;
}

bool au_report(struct audit_scratch *s, u32 i, int rule, const char *fmt, ...)
{
    if (!on(s, rule)) return false;
    const struct cpp_token *t = T(i);
    if (au_suppressed(s, t->line, rule)) {
        s->out->suppressed++;
        return false;
    }
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    audit_add(s->out, t->line, t->col, rule, "%s", msg);
    s->done[i] = 1;
    return true;
}

void au_pend(struct audit_scratch *s, u32 i, int rule, const struct cpp_token *name,
             const char *msg)
{
    if (!on(s, rule)) return;
    const struct cpp_token *t = T(i);
    if (au_suppressed(s, t->line, rule)) {
        s->out->suppressed++;
        return;
    }
    struct audit_file *f = s->out;
    if (f->npend == f->cappend) {
        f->cappend = f->cappend ? f->cappend * 2 : 4;
        f->pend = au_xrealloc(f->pend, f->cappend * sizeof *f->pend);
    }
    struct audit_pending *pd = &f->pend[f->npend++];
    pd->line = t->line;
    pd->col = t->col;
    pd->rule = (u16)rule;
    pd->name = au_xstrndup(name->p, name->len);
    pd->msg = au_xstrndup(msg, strlen(msg));
    s->done[i] = 1;
}

void au_fix(struct audit_scratch *s, u32 a, u32 b, const char *text)
{
    struct audit_file *f = s->out;
    if (!f->nf || b <= a || b > s->n || f->f[f->nf - 1].fix) return;
    const struct cpp_token *x = T(a), *y = T(b - 1);
    /* tokens spelled from a copy (line splices) have no place in the file */
    if (x->p < s->buf || y->p + y->len > s->buf + s->len || y->p < x->p) return;
    for (const char *c = y->p; c < y->p + y->len; c++)
        if (*c == '\n') return; /* a token over several lines: no simple end column */
    struct audit_fixit *fx = au_xrealloc(NULL, sizeof *fx);
    fx->line = x->line;
    fx->col = x->col;
    fx->eline = y->line;
    fx->ecol = y->col + y->len;
    fx->off = (u64)(x->p - s->buf);
    fx->len = (u64)(y->p + y->len - x->p);
    fx->text = au_xstrndup(text, strlen(text));
    f->f[f->nf - 1].fix = fx;
}

const char *au_spell(const struct audit_scratch *s, u32 a, u32 b, char *buf, size_t n)
{
    size_t w = 0;
    for (u32 j = a; j < b && j < s->n; j++) {
        const struct cpp_token *t = T(j);
        bool sp = j > a && (t->flags & (CPP_TF_SPACE | CPP_TF_BOL));
        if (w + sp + t->len + 4 > n) {
            if (n >= 4) memcpy(buf + (w + 3 < n ? w : n - 4), "...", 4);
            else if (n) buf[0] = 0;
            return buf;
        }
        if (sp) buf[w++] = ' ';
        memcpy(buf + w, t->p, t->len);
        w += t->len;
    }
    if (n) buf[w < n ? w : n - 1] = 0;
    return buf;
}

int au_cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

char **au_name_set(const struct audit_file *files, size_t n, bool members, size_t *k)
{
    size_t total = 0;
    for (size_t i = 0; i < n; i++) total += members ? files[i].nptr : files[i].nbm;
    char **names = au_xrealloc(NULL, (total ? total : 1) * sizeof *names);
    *k = 0;
    for (size_t i = 0; i < n; i++) {
        char **v = members ? files[i].ptr_members : files[i].bitmaps;
        u32 m = members ? files[i].nptr : files[i].nbm;
        for (u32 j = 0; j < m; j++) names[(*k)++] = v[j];
    }
    qsort(names, *k, sizeof *names, au_cmp_str);
    return names;
}

/* ---------------------------------------------------------------- suppressions */

static void note_comment(struct audit_scratch *s, const struct cpp_token *t)
{
    /* every comment comes here: look for the rare 'z' with memchr, not for the whole
       marker with memmem (which costs more per byte of comment text) */
    const char *p = NULL, *e = t->p + t->len;
    for (const char *q = t->p; (q = memchr(q, 'z', (size_t)(e - q))); q++)
        if (e - q >= 9 && memcmp(q, "zl-audit:", 9) == 0) {
            p = q;
            break;
        }
    if (!p) return;
    p += 9;
    while (p < e && (*p == ' ' || *p == '\t')) p++;
    if (e - p < 6 || memcmp(p, "ignore", 6) != 0) return;
    p += 6;
    u32 mask = 0;
    for (;;) {
        while (p < e && (*p == ' ' || *p == '\t' || *p == ',')) p++;
        const char *w = p;
        while (p < e && ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-')) p++;
        if (p == w) break;
        int r = audit_rule_find(w, (size_t)(p - w));
        if (r >= 0) mask |= 1u << r;
        else if (p - w == 3 && memcmp(w, "all", 3) == 0) mask = ~0u;
    }
    if (!mask) mask = ~0u;
    u32 last = t->line;
    for (u32 k = 0; k < t->len; k++)
        if (t->p[k] == '\n') last++;
    if (s->nsupp == s->capsupp) {
        s->capsupp = s->capsupp ? s->capsupp * 2 : 8;
        s->supp = au_xrealloc(s->supp, s->capsupp * sizeof *s->supp);
    }
    /* a comment alone on its line also covers the next line */
    s->supp[s->nsupp].from = t->line;
    s->supp[s->nsupp].to = last + ((t->flags & CPP_TF_BOL) ? 1 : 0);
    s->supp[s->nsupp].mask = mask;
    s->nsupp++;
}

/* ---------------------------------------------------------------- driver */

/* Room for one more token in the per-token arrays. */
static inline void tok_room(struct audit_scratch *s)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 4096;
        s->t = au_xrealloc(s->t, s->cap * sizeof *s->t);
        s->grp = au_xrealloc(s->grp, s->cap * sizeof *s->grp);
        s->dk = au_xrealloc(s->dk, s->cap);
        s->done = au_xrealloc(s->done, s->cap);
    }
}

static void push_tok(struct audit_scratch *s, const struct cpp_token *t, u32 grp, u8 dk)
{
    tok_room(s);
    s->t[s->n] = *t;
    s->grp[s->n] = grp;
    s->dk[s->n] = dk;
    s->done[s->n] = 0;
    s->n++;
}

static void lex_note(void *ctx, enum cpp_level lv, u32 file, u32 line, u32 col, const char *msg)
{
    struct audit_scratch *s = ctx;
    (void)file;
    if (lv < CPP_WARNING) return;
    s->out->lex_errors++;
    if (!s->out->note) {
        char b[300];
        snprintf(b, sizeof b, "%u:%u: warning: %s", line, col, msg);
        s->out->note = au_xstrndup(b, strlen(b));
    }
}

static void cond_event(struct audit_scratch *s, u32 i)
{
    const struct cpp_token *d = T(i);
    bool nb = on(s, R_WIDTH_NO_BRANCH);
    if (eq(d, "if") || eq(d, "ifdef") || eq(d, "ifndef")) {
        if (s->nconds == s->capconds) {
            s->capconds = s->capconds ? s->capconds * 2 : 16;
            s->conds = au_xrealloc(s->conds, s->capconds * sizeof *s->conds);
        }
        memset(&s->conds[s->nconds++], 0, sizeof *s->conds);
        if (nb) au_nobranch_cond(s, i);
        return;
    }
    if (!s->nconds) return;
    struct cond *c = &s->conds[s->nconds - 1];
    if (eq(d, "elif") || eq(d, "else")) {
        if (c->has_pending && on(s, R_WIDTH_TEST)) {
            if (au_suppressed(s, c->line, R_WIDTH_TEST))
                s->out->suppressed++;
            else
                audit_add(s->out, c->line, c->col, R_WIDTH_TEST, "32-bit test with an #%.*s "
                          "branch: the other branch assumes 'not 32-bit' means 64-bit",
                          (int)d->len, d->p);
        }
        c->has_pending = false;
        if (nb) au_nobranch_cond(s, i);
        return;
    }
    if (nb && eq(d, "error")) au_nobranch_cond(s, i);
    if (eq(d, "endif")) {
        if (nb) au_nobranch_cond(s, i);
        s->nconds--;
    }
}

/* No tokens, and the pass's nesting state at the top level. */
static void token_state_reset(struct audit_scratch *s)
{
    s->n = 0;
    s->nsstack = 0;
    s->brace = 0;
    s->paren = 0;
    s->decl_active = false;
    s->last_close = ~0u;
}

/* Per-file state before the first token. */
static void scan_begin(struct audit_scratch *s, const char *path, const char *buf, size_t len,
                       u32 rules, struct audit_file *out)
{
    s->out = out;
    out->size = len;
    s->buf = buf;
    s->len = len;
    s->rules = rules;
    s->nconds = 0;
    s->nsupp = 0;
    s->nanon = 0;
    au_layout_reset(s);
    token_state_reset(s);
    for (u32 i = 0; i < s->nowned; i++) free(s->owned[i]);
    s->nowned = 0;
    size_t pl = strlen(path);
    s->header = pl > 2 && path[pl - 2] == '.' && path[pl - 1] == 'h';
    s->uapi_path = strstr(path, "uapi/") != NULL;
}

/* Step 1: tokens of the file as written, directive groups, suppressions.  The lexer
 * writes each token straight into the array (no copy per token: lexing is most of a
 * whole-tree run); a token that is not kept is overwritten by the next one. */
static void lex_file(struct audit_scratch *s, const char *buf, size_t len)
{
    struct cpp_lexer lx;
    cpp_lex_init(&lx, buf, len, 0, CPP_LEX_COMMENTS);
    lx.diag = lex_note;
    lx.diag_ctx = s;
    u32 grp = 0, ngrp = 0, first = s->n;
    u8 dk = D_CODE;
    bool want_name = false;
    s->npct = s->nnamed = s->ntilde = 0;
    for (;;) {
        tok_room(s);
        struct cpp_token *t = &s->t[s->n];
        if (!cpp_lex(&lx, t)) break;
        if (t->kind == CPP_COMMENT) {
            note_comment(s, t);
            continue;
        }
        if (t->flags & CPP_TF_BOL) {
            grp = 0;
            dk = D_CODE;
            want_name = false;
        }
        if (t->kind == CPP_EOD) continue;
        if ((t->flags & CPP_TF_SPLICED) && t->kind != CPP_STRING) {
            char *c = au_xrealloc(NULL, (size_t)t->len + 1);
            t->len = (u32)cpp_spell(t, c, false);
            t->p = c;
            t->flags &= ~(u32)CPP_TF_SPLICED;
            au_own(s, c);
        }
        if ((t->flags & CPP_TF_BOL) && t->kind == CPP_PUNCT && t->sub == CPP_P_HASH) {
            grp = ++ngrp;
            dk = D_OTHER;
            want_name = true;
        } else if (want_name) {
            want_name = false;
            if (t->kind == CPP_IDENT) {
                if (eq(t, "if") || eq(t, "elif") || eq(t, "ifdef") || eq(t, "ifndef"))
                    dk = D_IF;
                else if (eq(t, "define"))
                    dk = D_DEFINE;
                s->dk[s->n - 1] = dk;
            }
        }
        if (t->kind == CPP_STRING && memchr(t->p, '%', t->len))
            au_push_u32(&s->pct, &s->npct, &s->cappct, s->n);
        else if (s->n > first) {
            const struct cpp_token *b = t - 1;
            if (t->kind == CPP_PUNCT && (t->sub == CPP_P_LPAREN || t->sub == CPP_P_LSQ) &&
                b->kind == CPP_IDENT)
                au_push_u32(&s->named, &s->nnamed, &s->capnamed, s->n - 1);
            else if (t->kind == CPP_NUMBER && b->kind == CPP_PUNCT && b->sub == CPP_P_TILDE)
                au_push_u32(&s->tilde, &s->ntilde, &s->captilde, s->n - 1);
        }
        s->grp[s->n] = grp;
        s->dk[s->n] = dk;
        s->n++;
    }
    memset(s->done + first, 0, s->n - first);
}

/* Can the token at i end a declarator (au_maybe_decl)? */
static inline bool declarator_end(const struct audit_scratch *s, u32 i)
{
    if (i >= s->n || s->t[i].kind != CPP_PUNCT) return false;
    switch (s->t[i].sub) {
    case CPP_P_SEMI: case CPP_P_COMMA: case CPP_P_ASSIGN: case CPP_P_RPAREN:
    case CPP_P_LSQ: case CPP_P_COLON:
        return true;
    default:
        return false;
    }
}

/* Step 2: one forward pass with the symbol table.  decls_only: the declarations of a
 * preprocessed translation unit (TU mode, tu.c) are entered, no rule runs. */
static void scan_pass(struct audit_scratch *s, bool decls_only)
{
    for (u32 i = 0; i < s->n; i++) {
        const struct cpp_token *x = T(i);
        u8 k = s->dk[i];
        if (k == D_OTHER) {
            if (x->kind == CPP_IDENT && i > 0 && is_p(s, i - 1, CPP_P_HASH) && s->grp[i - 1] == s->grp[i])
                cond_event(s, i);
            continue; /* #include, #error, #pragma, #endif ...: nothing to check */
        }
        if (k == D_IF && i > 0 && is_p(s, i - 1, CPP_P_HASH) && s->grp[i - 1] == s->grp[i]) {
            cond_event(s, i); /* #if / #elif name */
            continue;
        }
        if (x->kind == CPP_PUNCT) {
            if (k == D_CODE) {
                if (x->sub == CPP_P_LBRACE) {
                    s->brace++;
                    /* struct NAME { or struct { */
                    if (s->nsstack < 32 && i >= 1) {
                        u32 j = i - 1;
                        const char *nm = "";
                        u32 nl = 0;
                        if (T(j)->kind == CPP_IDENT && j >= 1 &&
                            (is_id(s, j - 1, "struct") || is_id(s, j - 1, "union"))) {
                            nm = T(j)->p;
                            nl = T(j)->len;
                            j--;
                        }
                        if (is_id(s, j, "struct") || is_id(s, j, "union")) {
                            if (s->typed && !nl && !s->nsstack) {
                                /* typedef struct { ... } x_t: its members need a key */
                                char b[32];
                                int bl = snprintf(b, sizeof b, "<anon%u>", ++s->nanon);
                                nm = au_own(s, au_xstrndup(b, (size_t)bl));
                                nl = (u32)bl;
                            }
                            s->sstack[s->nsstack].depth = s->brace;
                            s->sstack[s->nsstack].name = nm;
                            s->sstack[s->nsstack].nlen = nl;
                            s->sstack[s->nsstack].open = i;
                            s->nsstack++;
                        }
                    }
                } else if (x->sub == CPP_P_RBRACE) {
                    if (s->nsstack && s->sstack[s->nsstack - 1].depth == s->brace) {
                        s->nsstack--;
                        s->last_open = s->sstack[s->nsstack].open;
                        s->last_close = i;
                        s->last_sname = s->sstack[s->nsstack].name;
                        s->last_snlen = s->sstack[s->nsstack].nlen;
                        /* TU mode: the translation unit's bodies, not the file's again */
                        if (!s->typed || s->preload)
                            au_layout_record(s, s->last_open, i, s->last_sname, s->last_snlen);
                    }
                    if (s->brace > 0) s->brace--;
                }
            }
            if (k == D_CODE) {
                if (x->sub == CPP_P_LPAREN) s->paren++;
                else if (x->sub == CPP_P_RPAREN && s->paren > 0) s->paren--;
                else if (x->sub == CPP_P_SEMI || x->sub == CPP_P_LBRACE || x->sub == CPP_P_RBRACE) {
                    s->decl_active = false;
                    if (x->sub != CPP_P_SEMI) s->paren = 0;
                }
            }
            if (decls_only) continue;
            if (x->sub == CPP_P_ASSIGN) au_uapi_assign(s, i);
            if (x->sub == CPP_P_LPAREN) {
                au_rule_evidence(s, i);
                au_rule_cast(s, i);
                au_rule_int_ptr(s, i);
            }
            continue;
        }
        if (x->kind == CPP_NUMBER) {
            if (decls_only) continue;
            au_rule_bit63_flag(s, i);
            au_rule_number(s, i);
            continue;
        }
        if (x->kind != CPP_IDENT) continue;
        if ((eq(x, "__field") || eq(x, "__field_struct") || eq(x, "__field_hex") ||
             eq(x, "__array") || eq(x, "__field_ext")) && is_p(s, i + 1, CPP_P_LPAREN)) {
            /* TRACE_EVENT: __field(type, name) is a member of __entry */
            u32 e = au_match_paren(s, i + 1);
            for (u32 j = i + 2; j + 1 < e; j++)
                if (is_p(s, j, CPP_P_COMMA) && T(j + 1)->kind == CPP_IDENT) {
                    u8 c = is_p(s, j - 1, CPP_P_STAR) ? C_PTR : au_type_class_at(s, j - 1);
                    au_tab_set_member(s, "__entry", 7, T(j + 1), c, eq(x, "__array"), NULL, 0);
                    break;
                }
        }
        if (eq(x, "DECLARE_BITMAP") && is_p(s, i + 1, CPP_P_LPAREN) && tok_in_grp(s, i + 2, s->grp[i]) &&
            T(i + 2)->kind == CPP_IDENT) {
            struct sym *e = au_tab_set(s, T(i + 2), C_LONG); /* an unsigned long array */
            e->array = true;
        }
        /* (au_maybe_decl's first test, here: outside TU mode a declarator is followed by
           one of ; , = ) [ :) */
        if (s->typed || declarator_end(s, i + 1)) au_maybe_decl(s, i);
        if (decls_only) continue;
        /* the rules triggered by names, by the first letter of the names they look for
           (every call is per identifier: most identifiers reach none of them) */
        char c0 = x->p[0];
        bool call = is_p(s, i + 1, CPP_P_LPAREN);
        if (c0 == 'B' || c0 == '_') au_rule_width_ident(s, i);
        if (c0 == 's' && eq(x, "sizeof")) au_rule_sizeof(s, i);
        if (c0 == 'C' || c0 == '_') au_rule_config(s, i);
        if (c0 == 'i' || c0 == 'T' || c0 == '_') au_rule_compat(s, i);
        if ((c0 == 'd' || c0 == 'h') && call) au_rule_do_div_hash(s, i);
        /* (bit63-flag's own first test, here: BIT, BIT_MASK, _BITUL, a recorded macro) */
        if (c0 == 'B' || c0 == '_' || s->nflag) au_rule_bit63_flag(s, i);
        if (c0 == 'B' || c0 == 'G' || c0 == '_') au_rule_bits(s, i);
        if (c0 == 'L' || c0 == 'U') au_rule_llong_limits(s, i);
        if (c0 == 'u' && call) au_rule_evidence(s, i);
        if (c0 == 'U' && eq(x, "ULONG_MAX")) au_rule_ulong_max(s, i);
        if (call) {
            au_rule_format_call(s, i);
            au_rule_memcpy_size(s, i);
            au_rule_size(s, i);
            au_uapi_carrier(s, i);
        }
        if (call && k == D_CODE && (c0 == 'B' || c0 == '_' || c0 == 's' || c0 == 'c') &&
            on(s, R_WIDTH_NO_BRANCH))
            au_rule_no_branch_assert(s, i);
        if (c0 == 't' && eq(x, "typedef")) au_rule_typedef(s, i);
        au_note_name64(s, i);
        if (k == D_DEFINE && c0 == 'd' && eq(x, "define")) au_flag_macro(s, i);
    }
}

/* The rules over the file's tokens, after the symbol table is set up. */
static void scan_rules(struct audit_scratch *s)
{
    if (on(s, R_LITERAL_WIDTH)) au_bitmap_evidence(s);
    s->nflag = 0;
    s->pctcur = 0;
    scan_pass(s, false);
    /* ~0UL compared with u64: after the pass, on the '~' token (the ones before a number:
       the rule looks at no other) */
    for (u32 k = 0; k < s->ntilde; k++) au_rule_ulong_max(s, s->tilde[k]);
    audit_sort(s->out);
}

void audit_scan(struct audit_scratch *s, const char *path, const char *buf, size_t len,
                u32 rules, struct audit_file *out)
{
    scan_begin(s, path, buf, len, rules, out);
    lex_file(s, buf, len);
    au_tab_reset(s, s->n);
    scan_rules(s);
}

void au_scan_typed(struct audit_scratch *s, const char *path, const char *buf, size_t len,
                   u32 rules, struct audit_file *out, const struct cpp_token *decl, u32 ndecl)
{
    scan_begin(s, path, buf, len, rules, out);
    s->typed = true;
    /* the translation unit's declarations first (headers and the file, preprocessed) */
    for (u32 i = 0; i < ndecl; i++)
        if (decl[i].kind != CPP_PRAGMA) push_tok(s, &decl[i], 0, D_CODE);
    au_tab_reset(s, s->n);
    s->preload = true;
    scan_pass(s, true);
    s->preload = false;
    token_state_reset(s);
    /* then the rules on the file as written, with those types known */
    lex_file(s, buf, len);
    scan_rules(s);
    s->typed = false;
}
