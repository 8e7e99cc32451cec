/* -E output: preprocessed tokens as text, laid out the way `gcc -E` lays them out, so
 * that the two can be compared byte for byte.
 *
 * The model (GCC's, re-derived from its documented behaviour and its output):
 *  - Output lines follow source lines.  When a token that starts a source line is read
 *    (outside a macro's argument list) the printer moves to that line: newlines when it
 *    is at most 8 lines ahead in the same file, a line marker otherwise, then spaces so
 *    that the token lands in its source column (one space less than the column, minus
 *    one, plus the token's own leading space).
 *  - Between tokens a space is printed where the source had white space.  The expander
 *    interleaves "paddings": the start of a macro expansion carries the white space of
 *    the macro name, an argument the white space of its parameter, and the end of an
 *    expansion or of an argument says "avoid pasting" - then a space also goes where the
 *    two tokens written together would lex differently (cpp_avoid_paste below).
 *  - A token produced after a multi-line invocation (or after a line's tokens were
 *    consumed as macro arguments) whose line differs from the output line moves the
 *    output to its line (with line markers only; -P keeps such text on one line).
 *  - Files entered and left print "# 1 "file" 1" / "# N "file" 2" (with " 3" in system
 *    headers); #pragma and #ident lines are printed on their own line.
 */
#include "cpp/pp_internal.h"

#include <stdlib.h>
#include <string.h>

struct printer {
    FILE *out;
    struct cpp *pp;
    bool markers;
    bool printed;     /* the current output line has text */
    u32 line, file;   /* source position the output is at */
    u32 sysflags;     /* MK_SYS*_FLAG of the current file */
    bool prev_sys;    /* the last token checked was from a system header */
    i64 force_sys;    /* >= 0: system flags for the next markers (a token's own) */
    bool have_prev;
    struct cpp_token prev;
    bool avoid;       /* paddings seen since the last token */
    bool bare;        /* the current line was started (line_change) and has no token yet */
    int src;          /* their white-space source: -1, PAD_NOWHITE or PAD_WHITE */
};

static bool is_p(const struct cpp_token *t, enum cpp_punct p)
{
    return t->kind == CPP_PUNCT && t->sub == p;
}

/* Could a and b, written without a space, lex as something else?  GCC's rules. */
static bool avoid_paste(const struct cpp_token *a, const struct cpp_token *b)
{
    int c = b->kind == CPP_PUNCT && b->len ? (u8)b->p[0] : -1;
    if (a->kind == CPP_PUNCT) {
        switch (a->sub) {
        case CPP_P_ASSIGN: case CPP_P_NOT: case CPP_P_GT: case CPP_P_LT: case CPP_P_PLUS:
        case CPP_P_MINUS: case CPP_P_STAR: case CPP_P_SLASH: case CPP_P_PERCENT: case CPP_P_AMP:
        case CPP_P_OR: case CPP_P_XOR: case CPP_P_SHR: case CPP_P_SHL:
            if (c == '=') return true;
            break;
        default:
            break;
        }
        switch (a->sub) {
        case CPP_P_GT: return c == '>';
        case CPP_P_LT: return c == '<' || c == '%' || c == ':';
        case CPP_P_PLUS: return c == '+';
        case CPP_P_MINUS: return c == '-' || c == '>';
        case CPP_P_SLASH: return c == '/' || c == '*';
        case CPP_P_PERCENT: return c == ':' || c == '>';
        case CPP_P_AMP: return c == '&';
        case CPP_P_OR: return c == '|';
        case CPP_P_COLON: return c == ':' || c == '>';
        case CPP_P_ARROW: return c == '*';
        case CPP_P_DOT: return c == '.' || c == '%' || b->kind == CPP_NUMBER;
        case CPP_P_HASH: return c == '#' || c == '%';
        default: return false;
        }
    }
    switch (a->kind) {
    case CPP_IDENT:
        return b->kind == CPP_NUMBER || b->kind == CPP_IDENT ||
               ((b->kind == CPP_CHAR || b->kind == CPP_STRING) && b->sub == CPP_ENC_NONE);
    case CPP_NUMBER:
        return b->kind == CPP_NUMBER || b->kind == CPP_IDENT ||
               (b->kind == CPP_CHAR && b->sub == CPP_ENC_NONE) || c == '.' || c == '+' ||
               c == '-';
    case CPP_OTHER:
        return a->len && a->p[0] == '\\' && b->kind == CPP_IDENT;
    default:
        return false;
    }
}

static void put_name(struct printer *p, u32 file)
{
    for (const char *s = cpp_file_name(p->pp, file); *s; s++) {
        if (*s == '"' || *s == '\\') fputc('\\', p->out);
        fputc(*s, p->out);
    }
}

/* A line marker (only with markers): the output is then at (line, file).  The system
 * header flags are those of the current file, or p->force_sys when set. */
static void print_line(struct printer *p, u32 line, u32 file, const char *flags)
{
    if (p->printed) fputc('\n', p->out);
    p->printed = false;
    if (!p->markers) return;
    p->line = line;
    p->file = file;
    fprintf(p->out, "# %u \"", line);
    put_name(p, file);
    u32 sf = p->force_sys >= 0 ? (u32)p->force_sys : p->sysflags;
    fprintf(p->out, "\"%s%s\n", flags,
            (sf & MK_SYS4_FLAG) ? " 3 4" : (sf & MK_SYS_FLAG) ? " 3" : "");
}

/* Move the output to (line, file): end the current line, then newlines if close.
 * True if a line marker was printed. */
static bool maybe_print_line(struct printer *p, u32 line, u32 file)
{
    if (p->printed) {
        fputc('\n', p->out);
        p->line++;
        p->printed = false;
    }
    if (p->markers && file == p->file && line >= p->line && line < p->line + 8) {
        while (line > p->line) {
            fputc('\n', p->out);
            p->line++;
        }
        return false;
    }
    print_line(p, line, file, "");
    return p->markers;
}

/* A new source line: output at its line, indented to the column. */
static bool line_change(struct printer *p, u32 line, u32 file, u32 col)
{
    bool m = maybe_print_line(p, line, file);
    p->have_prev = false;
    p->src = -1;
    for (u32 i = 2; i < col; i++) fputc(' ', p->out);
    p->printed = true;
    p->bare = col <= 2;
    return m;
}

/* Line marker flags for a token's own (spelling) position. */
static i64 tok_sysflags(const struct cpp_token *t)
{
    return ((t->flags & TF_SYS) ? MK_SYS_FLAG : 0) | ((t->flags & TF_SYS4) ? MK_SYS4_FLAG : 0);
}

/* The white space before a token, moving to its line when needed.  True if a line
 * marker was printed. */
static bool space_before(struct printer *p, const struct cpp_token *t)
{
    bool expanded = (t->flags & CPP_TF_EXPANDED) != 0;
    u32 line = expanded ? p->pp->xline : t->line;
    u32 file = expanded ? p->pp->xfile : t->file;
    u32 col = expanded ? p->pp->xcol : t->col;
    bool white = p->avoid && p->src >= 0 ? p->src == PAD_WHITE : (t->flags & CPP_TF_SPACE) != 0;
    bool marker = false;
    if (p->avoid || white) {
        if (p->markers && line != p->line && line) {
            p->force_sys = tok_sysflags(t);
            marker = line_change(p, line, file, col);
            p->force_sys = -1;
            fputc(' ', p->out);
        } else if (white || (p->avoid && p->have_prev && avoid_paste(&p->prev, t)) ||
                   (p->avoid && !p->have_prev && is_p(t, CPP_P_HASH))) {
            fputc(' ', p->out);
            p->printed = true;
        }
    }
    p->avoid = false;
    p->src = -1;
    return marker;
}

/* GCC marks a change between system-header and other tokens with a line change. */
static void sys_change(struct printer *p, const struct cpp_token *t)
{
    bool expanded = (t->flags & CPP_TF_EXPANDED) != 0;
    /* where the token was spelled decides; built-in tokens (-D, predefined) do not count */
    bool sys = (t->flags & TF_SYS) != 0;
    if (!p->markers || sys == p->prev_sys || t->file == 0) return;
    p->force_sys = tok_sysflags(t);
    line_change(p, expanded ? p->pp->xline : t->line, expanded ? p->pp->xfile : t->file,
                expanded ? p->pp->xcol : t->col);
    p->force_sys = -1;
    p->prev_sys = sys;
}

/* GCC prints an identifier spelled with UCNs with every non-ASCII character as
 * \\UXXXXXXXX. */
static void put_ucn_ident(FILE *out, const char *p, u32 len)
{
    const char *q = p, *end = p + len;
    while (q < end) {
        u32 c;
        if (*q == '\\' && end - q >= 2 && (q[1] == 'u' || q[1] == 'U')) {
            int nd = q[1] == 'u' ? 4 : 8;
            q += 2;
            c = 0;
            for (int k = 0; k < nd && q < end; k++, q++)
                c = c * 16 + (u32)(*q <= '9' ? *q - '0' : (*q | 0x20) - 'a' + 10);
        } else if ((u8)*q >= 0x80) {
            u8 b0 = (u8)*q++;
            int more = b0 >= 0xf0 ? 3 : b0 >= 0xe0 ? 2 : b0 >= 0xc0 ? 1 : 0;
            c = b0 & (0x3fu >> more);
            while (more-- > 0 && q < end) c = (c << 6) | ((u8)*q++ & 0x3f);
        } else {
            fputc(*q++, out);
            continue;
        }
        fprintf(out, "\\U%08x", c);
    }
}

/* GCC 12's first lines.  `cmdline`: a -include file comes first, entered from
 * "<command-line>" (the main file's "# 1" comes after it).  `predefined`: -dD's
 * definitions of the macros defined before the input (built-in ones and -D), or "". */
static void preamble(struct printer *p, bool cmdline, const char *predefined)
{
    u32 base = p->pp->base_file;
    p->file = cmdline ? p->pp->cmdline_file : base;
    p->line = cmdline ? 0 : 1;
    if (!p->markers) {
        fputs(predefined, p->out);
        return;
    }
    fputs("# 0 \"", p->out);
    put_name(p, base);
    fprintf(p->out, "\"\n# 0 \"<built-in>\"\n%s# 0 \"<command-line>\"\n", predefined);
    if (cmdline) return;
    fputs("# 1 \"", p->out);
    put_name(p, base);
    fputs("\"\n", p->out);
}

bool cpp_print(struct cpp *pp, FILE *out, bool line_markers)
{
    struct printer p = {0};
    p.out = out;
    p.pp = pp;
    p.markers = line_markers;
    p.src = -1;
    p.force_sys = -1;
    bool started = false;
    char *predef = NULL;
    size_t predef_len = 0;
    if (pp->opt.keep_defines) {   /* before the input's first line defines more */
        FILE *m = open_memstream(&predef, &predef_len);
        if (m) {
            cpp_print_macros(pp, m);
            fclose(m);
        }
    }
    const char *pre = predef ? predef : "";
    struct cpp_token t;
    while (cppi_get_raw(pp, &t)) {
        if (!started) {
            preamble(&p, t.kind == CPP_MARKER && t.sub == MK_ENTER && pp->cmdline_file &&
                             t.len == pp->cmdline_file, pre);
            started = true;
        }
        switch (t.kind) {
        case CPP_PADDING:
            p.avoid = true;
            if (p.src < 0 || (p.src == PAD_NOWHITE && t.sub == PAD_NULL))
                p.src = t.sub == PAD_NULL ? -1 : (int)t.sub;
            continue;
        case CPP_MARKER:
            switch (t.sub) {
            case MK_LINE:
                line_change(&p, t.line, t.file, t.col);
                break;
            case MK_ENTER:
                maybe_print_line(&p, t.col, t.len);
                p.sysflags = t.flags;
                print_line(&p, t.line, t.file, " 1");
                break;
            case MK_LEAVE:
                p.sysflags = t.flags;
                print_line(&p, t.line, t.file, " 2");
                break;
            case MK_RENAME:
                p.sysflags = t.flags;
                print_line(&p, t.line, t.file, t.len == 1 ? " 1" : t.len == 2 ? " 2" : "");
                break;
            }
            continue;
        case CPP_DEFINE:   /* -dD: on its own line, where the directive was */
            /* (a line the expander started while looking for a macro's '(' is its line) */
            if (!(p.bare && p.line == t.line && p.file == t.file)) maybe_print_line(&p, t.line, t.file);
            fprintf(out, "#%.*s\n", (int)t.len, t.p);
            p.printed = false;
            p.line++;
            p.avoid = false;
            p.src = -1;
            continue;
        case CPP_PRAGMA: {
            bool op = t.sub == CPP_PRAGMA_OPERATOR;
            bool expanded = (t.flags & CPP_TF_EXPANDED) != 0;
            bool deferred = (t.flags & TF_PRAGMA_DEFERRED) != 0;
            if (op && expanded && deferred) space_before(&p, &t);
            u32 line = expanded ? pp->xline : t.line, file = expanded ? pp->xfile : t.file;
            u32 col = t.col;
            maybe_print_line(&p, line, file);
            fputs(t.sub == CPP_PRAGMA_IDENT ? "#ident " : "#pragma ", out);
            fwrite(t.p, 1, t.len, out);
            fputc('\n', out);
            p.printed = false;
            p.line++;
            /* after an _Pragma GCC goes back to its line (at the column of the macro
               invocation, or of the line's first token) */
            if (op) line_change(&p, line, file, col);
            p.avoid = false;
            p.src = -1;
            continue;
        }
        default:
            break;
        }
        if (!space_before(&p, &t)) sys_change(&p, &t);
        p.bare = false;
        if (t.kind == CPP_IDENT && (t.flags & CPP_TF_UCN))
            put_ucn_ident(out, t.p, t.len);
        else
            fwrite(t.p, 1, t.len, out);
        p.printed = true;
        p.prev = t;
        p.have_prev = true;
    }
    if (!started && (line_markers || *pre)) preamble(&p, false, pre);
    free(predef);
    if (p.printed) fputc('\n', out);
    return cpp_errors(pp) == 0;
}

/* A macro's #define line in GCC's spelling of the definition (parameters "(a,b)",
 * "..." / "args...", one space where the definition had white space, " ##" before a
 * paste, "#x" for a stringified parameter). */
void cppi_print_macro(FILE *out, const struct pp_macro *m)
{
    fputs("#define ", out);
    put_ucn_ident(out, m->name, m->nlen); /* GCC: non-ASCII names as UCNs */
    if (m->func) {
        fputc('(', out);
        for (u32 k = 0; k < m->nparams; k++) {
            if (k) fputc(',', out);
            bool va = m->variadic && k + 1 == m->nparams;
            if (va && m->plen[k] == 11 && memcmp(m->params[k], "__VA_ARGS__", 11) == 0)
                fputs("...", out);
            else
                fprintf(out, "%.*s%s", (int)m->plen[k], m->params[k], va ? "..." : "");
        }
        fputc(')', out);
    }
    fputc(' ', out);
    for (u32 k = 0; k < m->nbody; k++) {
        const struct cpp_token *t = &m->body[k];
        if (is_p(t, CPP_P_HASHHASH) && k) {
            fputs(" ##", out);
            continue;
        }
        if (k && (t->flags & CPP_TF_SPACE)) fputc(' ', out);
        if (m->func && is_p(t, CPP_P_HASH) && k + 1 < m->nbody &&
            m->body[k + 1].kind == CPP_IDENT && m->body[k + 1].sub) {
            fputc('#', out);
            t = &m->body[++k];
        }
        fwrite(t->p, 1, t->len, out);
    }
    fputc('\n', out);
}

/* -dM: every macro defined at this point.  Built-in dynamic macros (__FILE__, __LINE__,
 * ...) are not listed, as GCC.  Order: the macro table's (GCC's is its hash table's too;
 * compare sorted). */
void cpp_print_macros(struct cpp *pp, FILE *out)
{
    for (u32 i = 0; i < pp->mcap; i++)
        for (const struct pp_macro *m = pp->mtab[i]; m; m = m->next)
            if (!m->builtin) cppi_print_macro(out, m);
}
