/* -E output: preprocessed tokens as text, with GNU line markers. */
#include "cpp/pp_internal.h"

#include <string.h>

/* Could the two tokens, written without a space, lex differently? (conservative) */
static bool would_paste(const struct cpp_token *a, const struct cpp_token *b)
{
    if (!a->len || !b->len) return false;
    char x = a->p[a->len - 1], y = b->p[0];
    bool xw = (x >= 'a' && x <= 'z') || (x >= 'A' && x <= 'Z') || (x >= '0' && x <= '9') ||
              x == '_' || x == '$' || (u8)x >= 0x80;
    bool yw = (y >= 'a' && y <= 'z') || (y >= 'A' && y <= 'Z') || (y >= '0' && y <= '9') ||
              y == '_' || y == '$' || (u8)y >= 0x80 || y == '\\';
    if (xw && (yw || y == '\'' || y == '"')) return true;
    if (a->kind == CPP_NUMBER &&
        (y == '.' || ((y == '+' || y == '-') && strchr("eEpP", x))))
        return true;
    if (x == '.' && ((y >= '0' && y <= '9') || y == '.')) return true;
    if (a->kind == CPP_PUNCT && b->kind == CPP_PUNCT) {
        static const char first[] = "+-<>&|=!*/%^#:.";
        static const char second[] = "+-<>&|=:%#.*/";
        if (strchr(first, x) && strchr(second, y)) return true;
    }
    if (x == '/' && (y == '/' || y == '*')) return true;
    return false;
}

static void print_marker(FILE *out, const struct cpp *pp, u32 line, u32 file, int flag)
{
    fprintf(out, "# %u \"", line);
    for (const char *s = cpp_file_name(pp, file); *s; s++) {
        if (*s == '"' || *s == '\\') fputc('\\', out);
        fputc(*s, out);
    }
    fputc('"', out);
    if (flag) fprintf(out, " %d", flag);
    fputc('\n', out);
}

bool cpp_print(struct cpp *pp, FILE *out, bool line_markers)
{
    struct cpp_token t, prev = {0};
    u32 line = 0, file = (u32)-1;
    unsigned depth = 0;
    bool have_prev = false, at_bol = true;
    while (cpp_get(pp, &t)) {
        unsigned d = cpp_include_depth(pp);
        bool newfile = t.file != file;
        bool newline = (t.flags & CPP_TF_BOL) || t.kind == CPP_PRAGMA || newfile ||
                       (!(t.flags & CPP_TF_EXPANDED) && t.line != line && t.line > line);
        if (t.kind != CPP_PRAGMA && have_prev && prev.kind == CPP_PRAGMA) newline = true;
        if (newline) {
            if (!at_bol) fputc('\n', out);
            at_bol = true;
            if (newfile || t.line < line || t.line > line + 8) {
                if (line_markers)
                    print_marker(out, pp, t.line, t.file,
                                 !newfile || file == (u32)-1 ? 0 : d > depth ? 1 : d < depth ? 2 : 0);
            } else
                for (u32 l = line + 1; l < t.line; l++) fputc('\n', out);
            line = t.line;
            file = t.file;
            depth = d;
        }
        if (t.kind == CPP_PRAGMA) {
            fprintf(out, "#pragma %.*s\n", (int)t.len, t.p);
            line++;
            at_bol = true;
            have_prev = false;
            prev = t;
            continue;
        }
        if (!at_bol && ((t.flags & CPP_TF_SPACE) || (have_prev && would_paste(&prev, &t))))
            fputc(' ', out);
        else if (at_bol && (t.flags & CPP_TF_SPACE) && !(t.flags & CPP_TF_EXPANDED) && t.col > 1)
            fputc(' ', out);
        fwrite(t.p, 1, t.len, out);
        at_bol = false;
        prev = t;
        have_prev = true;
    }
    if (!at_bol) fputc('\n', out);
    return cpp_errors(pp) == 0;
}
