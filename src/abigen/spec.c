/* zl-abigen: reading and checking the abi/NAME.abi specification.
 *
 * The format is line oriented (docs/abigen.md has the full description):
 *
 *   scalar NAME CLASS S/A S/A S/A          abstract scalar, size/alignment for rv32 rv64 rv128
 *   alias  NAME TARGET                     another name for a scalar
 *   struct NAME [attr=...]  ... end        structure; member lines "TYPE NAME[N] [attr=...]"
 *   union  NAME [attr=...]  ... end
 *   flags  NAME ... end                    "bit VALUE NAME" / "field MASK VALUE NAME" lines
 *   enum   NAME ... end                    "VALUE NAME" lines
 *   NR NAME[=HANDLER] PERS RET ARG...      a system call (line starts with its number)
 *   ioctl  CMD NAME DIR [TYPE]
 *   kinclude / ginclude / hinclude HEADER  headers for the conformance and host sources
 *
 * '#' starts a comment.  Errors are reported as "FILE:LINE: error: ..." and parsing goes on
 * with the next line, so one run shows every problem.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abigen/abigen.h"

const struct ag_kindinfo ag_kinds[ZL_AK__COUNT] = {
    [ZL_AK_NONE]  = { "none", NULL, false, 0, "no value" },
    [ZL_AK_INT]   = { "int", "int", false, 0, "signed int" },
    [ZL_AK_UINT]  = { "uint", "uint", false, 0, "unsigned int" },
    [ZL_AK_LONG]  = { "long", "long", false, 0, "long" },
    [ZL_AK_ULONG] = { "ulong", "ulong", false, 0, "unsigned long" },
    [ZL_AK_SIZE]  = { "size", "size", false, 0, "size_t" },
    [ZL_AK_SSIZE] = { "ssize", "ssize", false, 0, "ssize_t" },
    [ZL_AK_OFF]   = { "off", "loff", false, 0, "loff_t: 64-bit (a register pair, low first, on rv32), 128-bit on rv128" },
    [ZL_AK_I64]   = { "i64", "i64", false, 0, "64-bit signed (register pair on rv32)" },
    [ZL_AK_U64]   = { "u64", "u64", false, 0, "64-bit unsigned (register pair on rv32)" },
    [ZL_AK_POS2]  = { "pos2", "ulong", false, 0, "offset in two registers (low, high), as preadv: rv32 combines them, rv64/rv128 use the low register" },
    [ZL_AK_FD]    = { "fd", "int", false, 0, "file descriptor" },
    [ZL_AK_DIRFD] = { "dirfd", "int", false, 0, "directory descriptor or AT_FDCWD" },
    [ZL_AK_PID]   = { "pid", "int", false, 0, "process/thread id" },
    [ZL_AK_UID]   = { "uid", "uint", false, 0, "user id" },
    [ZL_AK_GID]   = { "gid", "uint", false, 0, "group id" },
    [ZL_AK_SIG]   = { "sig", "int", false, 0, "signal number" },
    [ZL_AK_MODE]  = { "mode", "uint", false, 0, "file mode (octal)" },
    [ZL_AK_ADDR]  = { "addr", "ulong", false, 0, "user address passed as a value (not dereferenced)" },
    [ZL_AK_FLAGS] = { "flags", "uint", false, 2, "flags(SET[,TYPE]): bit set named by SET" },
    [ZL_AK_ENUM]  = { "enum", "int", false, 2, "enum(SET[,TYPE]): value named by SET" },
    [ZL_AK_IOCTL] = { "ioctl", "uint", false, 0, "ioctl request (abi ioctl table)" },
    [ZL_AK_PATH]  = { "path", "ulong", true, 0, "NUL-terminated path name, read" },
    [ZL_AK_STR]   = { "str", "ulong", true, 0, "NUL-terminated string, read" },
    [ZL_AK_IN]    = { "in", "ulong", true, 1, "in(LEN): byte buffer read by the kernel" },
    [ZL_AK_OUT]   = { "out", "ulong", true, 1, "out(LEN): byte buffer written by the kernel" },
    [ZL_AK_INOUT] = { "inout", "ulong", true, 1, "inout(LEN): byte buffer read and written" },
    [ZL_AK_SAIN]  = { "sain", "ulong", true, 1, "sain(LEN): socket address read" },
    [ZL_AK_SAOUT] = { "saout", "ulong", true, 1, "saout(LEN): socket address written" },
    [ZL_AK_SIN]   = { "sin", "ulong", true, 1, "sin(T): one T read (may be NULL)" },
    [ZL_AK_SOUT]  = { "sout", "ulong", true, 1, "sout(T): one T written (may be NULL)" },
    [ZL_AK_SIO]   = { "sio", "ulong", true, 1, "sio(T): one T read and written" },
    [ZL_AK_AIN]   = { "ain", "ulong", true, 2, "ain(T,LEN): array of T read" },
    [ZL_AK_AOUT]  = { "aout", "ulong", true, 2, "aout(T,LEN): array of T written" },
    [ZL_AK_AIO]   = { "aio", "ulong", true, 2, "aio(T,LEN): array of T read and written" },
    [ZL_AK_ARGV]  = { "argv", "ulong", true, 0, "NULL-terminated array of native pointers to strings (not slots, abi.md 5.3)" },
    [ZL_AK_FDSET] = { "fdset", "ulong", true, 1, "fdset(NFDS): fd_set bitmap of NFDS bits, read and written" },
    [ZL_AK_PTR]   = { "ptr", "ulong", true, 0, "other user pointer, interpreted by the handler" },
};

/* ---- lines and tokens ------------------------------------------------------------ */

#define MAXTOK 48

struct line {
    struct ag_loc loc;
    char *tok[MAXTOK];
    int ntok;
    char *comment;
};

/* Split one line into tokens.  A token is a run of non-blank characters; a '"' inside a
 * token starts a quoted part that may contain blanks (kernel="struct stat").  Quotes are
 * removed.  Returns false (with an error) on an unterminated quote or too many tokens. */
static bool split(struct ag_spec *s, char *text, struct line *ln)
{
    ln->ntok = 0;
    ln->comment = NULL;
    char *p = text;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\r')
            p++;
        if (!*p)
            break;
        if (*p == '#') {
            p++;
            while (*p == ' ' || *p == '\t')
                p++;
            size_t n = strlen(p);
            while (n && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r'))
                n--;
            ln->comment = n ? ag_strndup(p, n) : NULL;
            break;
        }
        char tmp[1024];
        size_t n = 0;
        bool inq = false;
        while (*p && (inq || (*p != ' ' && *p != '\t' && *p != '\r' && *p != '#'))) {
            if (*p == '"') {
                inq = !inq;
                p++;
                continue;
            }
            if (n + 1 >= sizeof tmp) {
                ag_error(s, &ln->loc, "token too long");
                return false;
            }
            tmp[n++] = *p++;
        }
        if (inq) {
            ag_error(s, &ln->loc, "unterminated quoted string");
            return false;
        }
        if (ln->ntok == MAXTOK) {
            ag_error(s, &ln->loc, "too many words on one line (at most %d)", MAXTOK);
            return false;
        }
        ln->tok[ln->ntok++] = ag_strndup(tmp, n);
    }
    return true;
}

static bool is_ident(const char *t)
{
    if (!(isalpha((unsigned char)*t) || *t == '_'))
        return false;
    for (; *t; t++)
        if (!(isalnum((unsigned char)*t) || *t == '_'))
            return false;
    return true;
}

/* Member names become C member names in the generated sources. */
static bool is_keyword(const char *t)
{
    static const char *const kw[] = {
        "auto", "break", "case", "char", "const", "continue", "default", "do", "double",
        "else", "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long",
        "register", "restrict", "return", "short", "signed", "sizeof", "static", "struct",
        "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "_Alignas",
        "_Alignof", "_Atomic", "_Bool", "_Complex", "_Generic", "_Imaginary", "_Noreturn",
        "_Static_assert", "_Thread_local",
    };
    for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++)
        if (!strcmp(t, kw[i]))
            return true;
    return false;
}

/* C-style unsigned number: decimal, 0x hex, 0 octal.  Whole token must be consumed. */
static bool parse_num(const char *t, u64 *out)
{
    if (!isdigit((unsigned char)*t))
        return false;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(t, &end, 0);
    if (errno || *end)
        return false;
    *out = v;
    return true;
}

/* "32", "64,128", "*", with '!' allowed before an item when allow_bang. */
static bool parse_pers(const char *t, unsigned *pers, unsigned *bang, bool allow_bang)
{
    *pers = 0;
    if (bang)
        *bang = 0;
    const char *p = t;
    if (!*p)
        return false;
    while (*p) {
        bool b = false;
        if (*p == '!') {
            if (!allow_bang)
                return false;
            b = true;
            p++;
        }
        unsigned m;
        if (*p == '*') {
            m = AG_PERS_ALL;
            p++;
        } else if (!strncmp(p, "128", 3)) {
            m = AG_BIT(AG_RV128);
            p += 3;
        } else if (!strncmp(p, "64", 2)) {
            m = AG_BIT(AG_RV64);
            p += 2;
        } else if (!strncmp(p, "32", 2)) {
            m = AG_BIT(AG_RV32);
            p += 2;
        } else {
            return false;
        }
        if (*pers & m)
            return false;
        *pers |= m;
        if (b)
            *bang |= m;
        if (*p == ',') {
            p++;
            if (!*p)
                return false;
        } else if (*p) {
            return false;
        }
    }
    return true;
}

/* key=value attribute: returns value or NULL if tok does not start with key=. */
static const char *attr(const char *tok, const char *key)
{
    size_t n = strlen(key);
    if (!strncmp(tok, key, n) && tok[n] == '=')
        return tok + n + 1;
    return NULL;
}

/* ---- registry ------------------------------------------------------------------ */

struct ag_type *ag_find_type(const struct ag_spec *s, const char *name)
{
    for (int i = 0; i < s->ntypes; i++)
        if (!strcmp(s->types[i]->name, name))
            return s->types[i];
    return NULL;
}

struct ag_flagset *ag_find_set(const struct ag_spec *s, const char *name)
{
    for (int i = 0; i < s->nsets; i++)
        if (!strcmp(s->sets[i]->name, name))
            return s->sets[i];
    return NULL;
}

const struct ag_sys *ag_find_sys(const struct ag_spec *s, const char *name, int pers)
{
    for (int i = 0; i < s->nsys; i++)
        if (!strcmp(s->sys[i].name, name) && (s->sys[i].pers & AG_BIT(pers)))
            return &s->sys[i];
    return NULL;
}

static struct ag_type *new_type(struct ag_spec *s, const char *name, const struct ag_loc *loc)
{
    struct ag_type *old = ag_find_type(s, name);
    if (old) {
        ag_error(s, loc, "'%s' is already defined at %s:%d", name, old->loc.file, old->loc.line);
        return NULL;
    }
    struct ag_type *t = ag_alloc(sizeof *t);
    t->name = ag_strdup(name);
    t->loc = *loc;
    t->pers = AG_PERS_ALL;
    s->types = ag_grow(s->types, &s->captypes, s->ntypes + 1, sizeof *s->types);
    t->id = s->ntypes;
    s->types[s->ntypes++] = t;
    return t;
}

static void add_str(char ***v, int *n, const char *str)
{
    for (int i = 0; i < *n; i++)
        if (!strcmp((*v)[i], str))
            return;
    char **nv = ag_realloc(*v, (size_t)(*n + 1) * sizeof **v);
    nv[*n] = ag_strdup(str);
    *v = nv;
    (*n)++;
}

/* ---- parser state -------------------------------------------------------------- */

enum block { B_NONE, B_STRUCT, B_FLAGS, B_ENUM };

struct parser {
    struct ag_spec *s;
    enum block block;
    struct ag_type *cur;          /* struct/union being defined (NULL after an error) */
    struct ag_flagset *curset;
    struct ag_loc open;           /* where the block began */
    int open_errors;              /* error count when it began */
    int fcap, vcap;
};

static void p_scalar(struct parser *P, struct line *ln)
{
    static const struct { const char *n; enum ag_tclass c; } classes[] = {
        { "signed", AG_SIGNED }, { "unsigned", AG_UNSIGNED }, { "char", AG_CHAR },
        { "opaque", AG_OPAQUE }, { "ptr", AG_PTR }, { "ptr64", AG_PTR64 },
    };
    struct ag_spec *s = P->s;
    if (ln->ntok != 6) {
        ag_error(s, &ln->loc, "expected 'scalar NAME CLASS S/A S/A S/A' (rv32 rv64 rv128)");
        return;
    }
    if (!is_ident(ln->tok[1])) {
        ag_error(s, &ln->loc, "bad type name '%s'", ln->tok[1]);
        return;
    }
    int ci = -1;
    for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++)
        if (!strcmp(ln->tok[2], classes[i].n))
            ci = (int)i;
    if (ci < 0) {
        ag_error(s, &ln->loc,
                 "unknown scalar class '%s' (signed, unsigned, char, opaque, ptr, ptr64)",
                 ln->tok[2]);
        return;
    }
    u32 sz[AG_NPERS], al[AG_NPERS];
    for (int p = 0; p < AG_NPERS; p++) {
        const char *t = ln->tok[3 + p];
        char *end;
        unsigned long a = 0, b = 0;
        errno = 0;
        a = strtoul(t, &end, 10);
        if (end == t || *end != '/' || errno) {
            ag_error(s, &ln->loc, "bad size/alignment '%s' for %s (expected e.g. 8/8)", t,
                     ag_pers_name[p]);
            return;
        }
        const char *q = end + 1;
        b = strtoul(q, &end, 10);
        if (end == q || *end || errno) {
            ag_error(s, &ln->loc, "bad size/alignment '%s' for %s (expected e.g. 8/8)", t,
                     ag_pers_name[p]);
            return;
        }
        if (a == 0 || a > 32 || b == 0 || b > 16 || (b & (b - 1)) || a % b) {
            ag_error(s, &ln->loc,
                     "impossible size/alignment %lu/%lu for %s (size 1..32, alignment a power "
                     "of two up to 16 dividing the size)", a, b, ag_pers_name[p]);
            return;
        }
        sz[p] = (u32)a;
        al[p] = (u32)b;
    }
    enum ag_tclass c = classes[ci].c;
    for (int p = 0; p < AG_NPERS; p++) {
        bool bad = false;
        if ((c == AG_SIGNED || c == AG_UNSIGNED) && (sz[p] != al[p] || sz[p] == 32))
            bad = true;    /* integers are naturally aligned, at most 16 bytes */
        if (c == AG_CHAR && sz[p] != 1)
            bad = true;
        if (c == AG_OPAQUE && sz[p] > 16)
            bad = true;
        if ((c == AG_PTR || c == AG_PTR64) && p == AG_RV128 && (sz[p] != 32 || al[p] != 16)) {
            ag_error(s, &ln->loc, "a pointer is a 32-byte, 16-aligned __ptr_t slot on rv128");
            return;
        }
        if (bad) {
            ag_error(s, &ln->loc, "size/alignment %u/%u do not suit class '%s' on %s", sz[p],
                     al[p], classes[ci].n, ag_pers_name[p]);
            return;
        }
    }
    struct ag_type *t = new_type(s, ln->tok[1], &ln->loc);
    if (!t)
        return;
    t->tclass = c;
    for (int p = 0; p < AG_NPERS; p++) {
        t->size[p] = sz[p];
        t->align[p] = al[p];
    }
    t->state = 2;
    if (ln->comment)
        t->doc = ln->comment;
}

static void p_alias(struct parser *P, struct line *ln)
{
    struct ag_spec *s = P->s;
    if (ln->ntok != 3 || !is_ident(ln->tok[1]) || !is_ident(ln->tok[2])) {
        ag_error(s, &ln->loc, "expected 'alias NAME TARGET'");
        return;
    }
    struct ag_type *t = new_type(s, ln->tok[1], &ln->loc);
    if (!t)
        return;
    t->is_alias = true;
    t->alias_name = ag_strdup(ln->tok[2]);
    if (ln->comment)
        t->doc = ln->comment;
}

static void p_struct_open(struct parser *P, struct line *ln, bool is_union)
{
    struct ag_spec *s = P->s;
    P->block = B_STRUCT;
    P->open = ln->loc;
    P->open_errors = s->errors;
    P->cur = NULL;
    P->fcap = 0;
    if (ln->ntok < 2 || !is_ident(ln->tok[1])) {
        ag_error(s, &ln->loc, "expected '%s NAME [attributes]'", ln->tok[0]);
        return;
    }
    struct ag_type *t = new_type(s, ln->tok[1], &ln->loc);
    if (!t)
        return;
    t->tclass = is_union ? AG_UNION : AG_STRUCT;
    t->doc = ln->comment;
    for (int i = 2; i < ln->ntok; i++) {
        const char *tok = ln->tok[i], *v;
        if ((v = attr(tok, "pers"))) {
            if (!parse_pers(v, &t->pers, NULL, false)) {
                ag_error(s, &ln->loc, "bad personality list '%s' (e.g. 64,128 or *)", v);
                t->pers = AG_PERS_ALL;
            }
        } else if ((v = attr(tok, "kernel"))) {
            t->kernel = ag_strdup(v);
        } else if ((v = attr(tok, "glibc"))) {
            t->glibc = ag_strdup(v);
        } else if ((v = attr(tok, "host"))) {
            t->host = ag_strdup(v);
        } else if ((v = attr(tok, "doc"))) {
            t->doc = ag_strdup(v);
        } else if ((v = attr(tok, "minsize"))) {
            u64 n;
            if (!parse_num(v, &n) || n == 0 || n > 65535)
                ag_error(s, &ln->loc, "bad minsize '%s'", v);
            else
                t->minsize = (u32)n;
        } else {
            ag_error(s, &ln->loc, "unknown %s attribute '%s' (pers=, kernel=, glibc=, host=, "
                     "minsize=, doc=)", ln->tok[0], tok);
        }
    }
    P->cur = t;
}

/* Array suffix "[N]" or "[N/N/N]" on a member name: fills f->count, returns the bare name
 * length, or -1 on error. */
static int p_array(struct parser *P, struct line *ln, const char *tok, struct ag_field *f)
{
    const char *br = strchr(tok, '[');
    for (int p = 0; p < AG_NPERS; p++)
        f->count[p] = 1;
    if (!br)
        return (int)strlen(tok);
    size_t n = strlen(tok);
    if (tok[n - 1] != ']') {
        ag_error(P->s, &ln->loc, "bad array suffix in '%s'", tok);
        return -1;
    }
    char inner[64];
    size_t il = n - (size_t)(br - tok) - 2;
    if (il == 0 || il >= sizeof inner) {
        ag_error(P->s, &ln->loc, "bad array length in '%s'", tok);
        return -1;
    }
    memcpy(inner, br + 1, il);
    inner[il] = 0;
    int k = 0;
    char *save = NULL;
    for (char *part = strtok_r(inner, "/", &save); part; part = strtok_r(NULL, "/", &save)) {
        u64 v;
        if (k == AG_NPERS || !parse_num(part, &v) || v > 65535) {
            ag_error(P->s, &ln->loc,
                     "bad array length in '%s' (N, or N/N/N for rv32/rv64/rv128)", tok);
            return -1;
        }
        f->count[k++] = (int)v;
    }
    if (k == 1) {
        f->count[1] = f->count[2] = f->count[0];
    } else if (k != AG_NPERS) {
        ag_error(P->s, &ln->loc, "bad array length in '%s' (N, or N/N/N for rv32/rv64/rv128)",
                 tok);
        return -1;
    }
    f->array = true;
    return (int)(br - tok);
}

static void p_field(struct parser *P, struct line *ln)
{
    struct ag_spec *s = P->s;
    struct ag_type *t = P->cur;
    if (!t)
        return;     /* header already had an error */
    int i = 0;
    struct ag_field f;
    memset(&f, 0, sizeof f);
    f.loc = ln->loc;
    f.pers = t->pers;
    if (!strcmp(ln->tok[0], "struct") || !strcmp(ln->tok[0], "union")) {
        if (ln->ntok < 3) {
            ag_error(s, &ln->loc, "expected '%s TYPE NAME'", ln->tok[0]);
            return;
        }
        f.tagged = true;
        f.tag_union = ln->tok[0][0] == 'u';
        i = 1;
    } else if (ln->ntok < 2) {
        ag_error(s, &ln->loc, "expected 'TYPE NAME' member line or 'end'");
        return;
    }
    f.tname = ag_strdup(ln->tok[i]);
    const char *ntok = ln->tok[i + 1];
    if (!is_ident(f.tname)) {
        ag_error(s, &ln->loc, "bad type name '%s'", f.tname);
        return;
    }
    if (!strcmp(ntok, "-")) {
        if (!f.tagged) {
            ag_error(s, &ln->loc, "only a struct or union member may be anonymous ('-')");
            return;
        }
        for (int p = 0; p < AG_NPERS; p++)
            f.count[p] = 1;
    } else {
        int nl = p_array(P, ln, ntok, &f);
        if (nl < 0)
            return;
        f.name = ag_strndup(ntok, (size_t)nl);
        if (!is_ident(f.name) || is_keyword(f.name)) {
            ag_error(s, &ln->loc, "bad member name '%s'%s", f.name,
                     is_keyword(f.name) ? " (a C keyword)" : "");
            return;
        }
    }
    for (int k = i + 2; k < ln->ntok; k++) {
        const char *tok = ln->tok[k], *v;
        if ((v = attr(tok, "only"))) {
            if (!parse_pers(v, &f.pers, NULL, false)) {
                ag_error(s, &ln->loc, "bad personality list '%s'", v);
                return;
            }
        } else if ((v = attr(tok, "align"))) {
            u64 a;
            if (!parse_num(v, &a) || a == 0 || a > 16 || (a & (a - 1))) {
                ag_error(s, &ln->loc, "bad alignment '%s' (a power of two up to 16)", v);
                return;
            }
            f.align = (unsigned)a;
        } else if ((v = attr(tok, "host"))) {
            f.host = ag_strdup(v);
        } else if ((v = attr(tok, "k"))) {
            f.kpath = ag_strdup(v);
        } else if (!strcmp(tok, "flex")) {
            f.flex = true;
        } else {
            ag_error(s, &ln->loc, "unknown member attribute '%s' (only=, align=, host=, k=, flex)",
                     tok);
            return;
        }
    }
    if (f.flex && (!f.array || f.count[0] || f.count[1] || f.count[2])) {
        ag_error(s, &ln->loc, "'flex' needs a zero-length array member (NAME[0])");
        return;
    }
    if (t->nfields && t->fields[t->nfields - 1].flex) {
        ag_error(s, &ln->loc, "a flexible array member must be the last member");
        return;
    }
    for (int k = 0; k < t->nfields; k++) {
        if (f.name && t->fields[k].name && !strcmp(t->fields[k].name, f.name) &&
            (t->fields[k].pers & f.pers)) {
            ag_error(s, &ln->loc, "duplicate member '%s' in %s", f.name, t->name);
            return;
        }
    }
    t->fields = ag_grow(t->fields, &P->fcap, t->nfields + 1, sizeof *t->fields);
    t->fields[t->nfields++] = f;
}

static void p_set_open(struct parser *P, struct line *ln, bool is_enum)
{
    struct ag_spec *s = P->s;
    P->block = is_enum ? B_ENUM : B_FLAGS;
    P->open = ln->loc;
    P->open_errors = s->errors;
    P->curset = NULL;
    P->vcap = 0;
    int ref = 1;
    if (ln->ntok == 3 && !strcmp(ln->tok[2], "ref=glibc"))
        ref = 2;
    else if (ln->ntok == 3 && !strcmp(ln->tok[2], "ref=both"))
        ref = 3;
    else if (ln->ntok == 3 && !strcmp(ln->tok[2], "ref=kernel"))
        ref = 1;
    else if (ln->ntok != 2)
        ln->ntok = 0;
    if (ln->ntok < 2 || !is_ident(ln->tok[1])) {
        ag_error(s, &ln->loc, "expected '%s NAME [ref=kernel|ref=glibc|ref=both]'", ln->tok[0]);
        return;
    }
    struct ag_flagset *old = ag_find_set(s, ln->tok[1]);
    if (old) {
        ag_error(s, &ln->loc, "set '%s' is already defined at %s:%d", ln->tok[1],
                 old->loc.file, old->loc.line);
        return;
    }
    struct ag_flagset *fs = ag_alloc(sizeof *fs);
    fs->name = ag_strdup(ln->tok[1]);
    fs->is_enum = is_enum;
    fs->ref = ref;
    fs->loc = ln->loc;
    s->sets = ag_grow(s->sets, &s->capsets, s->nsets + 1, sizeof *s->sets);
    fs->id = s->nsets;
    s->sets[s->nsets++] = fs;
    P->curset = fs;
}

static void p_set_line(struct parser *P, struct line *ln)
{
    struct ag_spec *s = P->s;
    struct ag_flagset *fs = P->curset;
    if (!fs)
        return;
    struct ag_flag fl;
    memset(&fl, 0, sizeof fl);
    fl.loc = ln->loc;
    const char *name;
    if (fs->is_enum) {
        u64 v;
        bool neg = false;
        const char *t = ln->tok[0];
        if (*t == '-') {
            neg = true;
            t++;
        }
        if (ln->ntok != 2 || !parse_num(t, &v)) {
            ag_error(s, &ln->loc, "expected 'VALUE NAME' in enum %s", fs->name);
            return;
        }
        fl.mask = ~(u64)0;
        fl.value = neg ? (u64)0 - v : v;
        name = ln->tok[1];
    } else if (!strcmp(ln->tok[0], "bit")) {
        u64 v;
        if (ln->ntok != 3 || !parse_num(ln->tok[1], &v) || v == 0) {
            ag_error(s, &ln->loc, "expected 'bit VALUE NAME' with a non-zero VALUE");
            return;
        }
        fl.mask = fl.value = v;
        name = ln->tok[2];
    } else if (!strcmp(ln->tok[0], "field")) {
        u64 m, v;
        if (ln->ntok != 4 || !parse_num(ln->tok[1], &m) || !parse_num(ln->tok[2], &v) ||
            m == 0 || (v & ~m)) {
            ag_error(s, &ln->loc, "expected 'field MASK VALUE NAME' with VALUE inside MASK");
            return;
        }
        fl.mask = m;
        fl.value = v;
        name = ln->tok[3];
    } else {
        ag_error(s, &ln->loc, "expected 'bit VALUE NAME', 'field MASK VALUE NAME' or 'end'");
        return;
    }
    if (!is_ident(name)) {
        ag_error(s, &ln->loc, "bad name '%s'", name);
        return;
    }
    for (int i = 0; i < fs->n; i++) {
        if (!strcmp(fs->v[i].name, name)) {
            ag_error(s, &ln->loc, "duplicate name '%s' in %s", name, fs->name);
            return;
        }
    }
    /* a name may stand in several sets (it is one constant, ZL_<NAME>), with one value */
    for (int j = 0; j < s->nsets; j++) {
        const struct ag_flagset *o = s->sets[j];
        for (int i = 0; o != fs && i < o->n; i++) {
            if (!strcmp(o->v[i].name, name) && o->v[i].value != fl.value) {
                ag_error(s, &ln->loc, "'%s' is 0x%llx in %s at line %d", name,
                         (unsigned long long)o->v[i].value, o->name, o->v[i].loc.line);
                return;
            }
        }
    }
    fl.name = ag_strdup(name);
    fs->v = ag_grow(fs->v, &P->vcap, fs->n + 1, sizeof *fs->v);
    fs->v[fs->n++] = fl;
}

/* "name:kind", "name:kind(p)", "name:kind(p1,p2)" */
static bool p_kind(struct ag_spec *s, const struct ag_loc *loc, const char *spec,
                   struct ag_arg *a, bool is_ret)
{
    char buf[256];
    if (strlen(spec) >= sizeof buf) {
        ag_error(s, loc, "argument too long");
        return false;
    }
    strcpy(buf, spec);
    char *k = buf;
    char *params = strchr(buf, '(');
    char *p1 = NULL, *p2 = NULL;
    if (params) {
        size_t n = strlen(params);
        if (params[n - 1] != ')') {
            ag_error(s, loc, "missing ')' in '%s'", spec);
            return false;
        }
        params[n - 1] = 0;
        *params++ = 0;
        p1 = params;
        char *comma = strchr(params, ',');
        if (comma) {
            *comma = 0;
            p2 = comma + 1;
            if (strchr(p2, ',')) {
                ag_error(s, loc, "too many parameters in '%s'", spec);
                return false;
            }
        }
        if (!*p1 || (p2 && !*p2)) {
            ag_error(s, loc, "empty parameter in '%s'", spec);
            return false;
        }
    }
    int kind = -1;
    for (int i = 1; i < ZL_AK__COUNT; i++)
        if (!strcmp(ag_kinds[i].name, k))
            kind = i;
    if (kind < 0) {
        ag_error(s, loc, "unknown argument kind '%s'", k);
        return false;
    }
    const struct ag_kindinfo *ki = &ag_kinds[kind];
    int np = p1 ? (p2 ? 2 : 1) : 0;
    bool ok;
    switch (kind) {
    case ZL_AK_FLAGS:
    case ZL_AK_ENUM:
        ok = np == 1 || np == 2;
        break;
    case ZL_AK_AIN:
    case ZL_AK_AOUT:
    case ZL_AK_AIO:
        ok = np == 2;
        break;
    default:
        ok = np == ki->nparams;
    }
    if (!ok) {
        if (ki->nparams == 0)
            ag_error(s, loc, "kind '%s' takes no parameters", k);
        else
            ag_error(s, loc, "kind '%s' needs parameters: %s", k, ki->doc);
        return false;
    }
    if (is_ret && ki->pointer) {
        ag_error(s, loc, "a result cannot be of pointer kind '%s'", k);
        return false;
    }
    if (kind == ZL_AK_POS2 && is_ret) {
        ag_error(s, loc, "a result cannot be of kind 'pos2'");
        return false;
    }
    a->kind = (ag_kind)kind;
    a->p1 = p1 ? ag_strdup(p1) : NULL;
    a->p2 = p2 ? ag_strdup(p2) : NULL;
    a->len = -1;
    return true;
}

static void p_syscall(struct parser *P, struct line *ln)
{
    struct ag_spec *s = P->s;
    u64 nr;
    if (!parse_num(ln->tok[0], &nr) || nr > 4095) {
        ag_error(s, &ln->loc, "bad system-call number '%s' (0..4095)", ln->tok[0]);
        return;
    }
    if (ln->ntok < 4) {
        ag_error(s, &ln->loc, "expected 'NR NAME[=HANDLER] PERSONALITIES RESULT ARG...'");
        return;
    }
    struct ag_sys sc;
    memset(&sc, 0, sizeof sc);
    sc.loc = ln->loc;
    sc.nr = (int)nr;
    sc.comment = ln->comment;
    const char *nm = ln->tok[1];
    const char *eq = strchr(nm, '=');
    sc.name = eq ? ag_strndup(nm, (size_t)(eq - nm)) : ag_strdup(nm);
    sc.handler = ag_strdup(eq ? eq + 1 : nm);
    if (!is_ident(sc.name) || !is_ident(sc.handler)) {
        ag_error(s, &ln->loc, "bad system-call name '%s' (NAME or NAME=HANDLER)", nm);
        return;
    }
    if (!parse_pers(ln->tok[2], &sc.pers, &sc.enosys, true)) {
        ag_error(s, &ln->loc, "bad personality list '%s' (e.g. *, 32, 64,128, 32,64,!128)",
                 ln->tok[2]);
        return;
    }
    if (!p_kind(s, &ln->loc, ln->tok[3], &sc.ret, true))
        return;
    sc.ret.name = ag_strdup("result");
    for (int i = 4; i < ln->ntok; i++) {
        const char *t = ln->tok[i];
        if (*t == '@') {
            unsigned maj, min;
            char extra;
            if (!strcmp(t, "@noreturn"))
                sc.noreturn = true;
            else if (!strncmp(t, "@linux=", 7) &&
                     sscanf(t + 7, "%u.%u%c", &maj, &min, &extra) == 2 && maj < 100 && min < 256)
                sc.linux_ver = (int)(maj * 256 + min);
            else
                ag_error(s, &ln->loc, "unknown system-call attribute '%s' (@noreturn, "
                         "@linux=X.Y)", t);
            continue;
        }
        const char *colon = strchr(t, ':');
        if (!colon) {
            ag_error(s, &ln->loc, "argument '%s' is not NAME:KIND", t);
            return;
        }
        if (sc.nargs == AG_MAXARGS) {
            ag_error(s, &ln->loc, "more than %d arguments", AG_MAXARGS);
            return;
        }
        struct ag_arg *a = &sc.args[sc.nargs];
        a->name = ag_strndup(t, (size_t)(colon - t));
        if (!is_ident(a->name)) {
            ag_error(s, &ln->loc, "bad argument name '%s'", a->name);
            return;
        }
        for (int j = 0; j < sc.nargs; j++) {
            if (!strcmp(sc.args[j].name, a->name)) {
                ag_error(s, &ln->loc, "duplicate argument name '%s'", a->name);
                return;
            }
        }
        if (!p_kind(s, &ln->loc, colon + 1, a, false))
            return;
        sc.nargs++;
    }
    s->sys = ag_grow(s->sys, &s->capsys, s->nsys + 1, sizeof *s->sys);
    s->sys[s->nsys++] = sc;
}

static void p_ioctl(struct parser *P, struct line *ln)
{
    static const char *const dirs[] = { "none", "in", "out", "inout", "val" };
    struct ag_spec *s = P->s;
    struct ag_ioctl io;
    memset(&io, 0, sizeof io);
    io.loc = ln->loc;
    u64 cmd;
    if (ln->ntok < 4 || ln->ntok > 5 || !parse_num(ln->tok[1], &cmd) || cmd > 0xffffffffu ||
        !is_ident(ln->tok[2])) {
        ag_error(s, &ln->loc, "expected 'ioctl CMD NAME DIR [TYPE]'");
        return;
    }
    io.cmd = (u32)cmd;
    io.name = ag_strdup(ln->tok[2]);
    io.dir = -1;
    for (int i = 0; i < 5; i++)
        if (!strcmp(ln->tok[3], dirs[i]))
            io.dir = i;
    if (io.dir < 0) {
        ag_error(s, &ln->loc, "unknown ioctl direction '%s' (none, in, out, inout, val)",
                 ln->tok[3]);
        return;
    }
    bool wants_type = io.dir >= 1 && io.dir <= 3;
    if (wants_type != (ln->ntok == 5)) {
        ag_error(s, &ln->loc, wants_type ? "ioctl direction '%s' needs a TYPE"
                                         : "ioctl direction '%s' takes no TYPE", ln->tok[3]);
        return;
    }
    if (wants_type)
        io.tname = ag_strdup(ln->tok[4]);
    for (int i = 0; i < s->nioctls; i++) {
        if (s->ioctls[i].cmd == io.cmd || !strcmp(s->ioctls[i].name, io.name)) {
            ag_error(s, &ln->loc, "ioctl %s (0x%x) duplicates %s at line %d", io.name, io.cmd,
                     s->ioctls[i].name, s->ioctls[i].loc.line);
            return;
        }
    }
    s->ioctls = ag_grow(s->ioctls, &s->capioctls, s->nioctls + 1, sizeof *s->ioctls);
    s->ioctls[s->nioctls++] = io;
}

static void close_block(struct parser *P, const struct ag_loc *loc)
{
    struct ag_spec *s = P->s;
    bool quiet = s->errors > P->open_errors;    /* no follow-up error for a bad member */
    if (P->block == B_STRUCT && P->cur && P->cur->nfields == 0 && !quiet)
        ag_error(s, loc, "%s %s has no members", P->cur->tclass == AG_UNION ? "union" : "struct",
                 P->cur->name);
    if ((P->block == B_FLAGS || P->block == B_ENUM) && P->curset && P->curset->n == 0 && !quiet)
        ag_error(s, loc, "set %s is empty", P->curset->name);
    P->block = B_NONE;
    P->cur = NULL;
    P->curset = NULL;
}

static bool is_directive(const char *k)
{
    static const char *const d[] = { "struct", "union", "flags", "enum", "scalar", "alias",
                                     "ioctl", "kinclude", "ginclude", "hinclude" };
    for (size_t i = 0; i < sizeof d / sizeof d[0]; i++)
        if (!strcmp(k, d[i]))
            return true;
    return false;
}

/* Inside a block, does this line belong to the top level (so the block lacks its 'end')?
 * In a structure "struct X name" is a member, "struct X [attr=...]" a new structure. */
static bool leaves_block(const struct parser *P, const struct line *ln)
{
    const char *k = ln->tok[0];
    if (P->block == B_STRUCT) {
        if (!strcmp(k, "struct") || !strcmp(k, "union"))
            return ln->ntok < 3 || strchr(ln->tok[2], '=');
        return is_directive(k) || isdigit((unsigned char)*k);
    }
    return is_directive(k);     /* flag/enum entries start with a number or bit/field */
}

static void parse_line(struct parser *P, struct line *ln)
{
    struct ag_spec *s = P->s;
    const char *k = ln->tok[0];
    if (P->block != B_NONE) {
        if (!strcmp(k, "end")) {
            if (ln->ntok != 1)
                ag_error(s, &ln->loc, "'end' takes nothing after it");
            close_block(P, &ln->loc);
            return;
        }
        if (!leaves_block(P, ln)) {
            if (P->block == B_STRUCT)
                p_field(P, ln);
            else
                p_set_line(P, ln);
            return;
        }
        ag_error(s, &ln->loc, "missing 'end' for the block opened at line %d", P->open.line);
        close_block(P, &ln->loc);
        /* and read the line at the top level */
    }
    if (isdigit((unsigned char)*k)) {
        p_syscall(P, ln);
    } else if (!strcmp(k, "scalar")) {
        p_scalar(P, ln);
    } else if (!strcmp(k, "alias")) {
        p_alias(P, ln);
    } else if (!strcmp(k, "struct") || !strcmp(k, "union")) {
        p_struct_open(P, ln, k[0] == 'u');
    } else if (!strcmp(k, "flags") || !strcmp(k, "enum")) {
        p_set_open(P, ln, k[0] == 'e');
    } else if (!strcmp(k, "ioctl")) {
        p_ioctl(P, ln);
    } else if (!strcmp(k, "kinclude") || !strcmp(k, "ginclude") || !strcmp(k, "hinclude")) {
        if (ln->ntok != 2 || strspn(ln->tok[1], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                  "0123456789_./-") != strlen(ln->tok[1]) ||
            !strstr(ln->tok[1], ".h")) {
            ag_error(s, &ln->loc, "expected '%s HEADER' (e.g. %s asm/stat.h)", k, k);
            return;
        }
        if (k[0] == 'k')
            add_str(&s->kinc, &s->nkinc, ln->tok[1]);
        else if (k[0] == 'g')
            add_str(&s->ginc, &s->nginc, ln->tok[1]);
        else
            add_str(&s->hinc, &s->nhinc, ln->tok[1]);
    } else if (!strcmp(k, "end")) {
        ag_error(s, &ln->loc, "'end' without an open block");
    } else {
        ag_error(s, &ln->loc, "unknown directive '%s'", k);
    }
}

void ag_parse_text(struct ag_spec *s, const char *file, const char *text)
{
    struct parser P;
    memset(&P, 0, sizeof P);
    P.s = s;
    const char *fname = ag_strdup(file);
    int lineno = 0;
    const char *p = text;
    while (*p) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        lineno++;
        char *copy = ag_strndup(p, n);
        struct line ln;
        ln.loc.file = fname;
        ln.loc.line = lineno;
        bool ctl = false;
        for (size_t i = 0; i < n; i++)
            if ((unsigned char)p[i] < 0x20 && p[i] != '\t' && p[i] != '\r')
                ctl = true;
        if (ctl) {
            ag_error(s, &ln.loc, "control character in the line");
        } else if (split(s, copy, &ln) && ln.ntok > 0) {
            parse_line(&P, &ln);
        }
        for (int i = 0; i < ln.ntok; i++)
            ag_free(ln.tok[i]);
        ag_free(copy);
        p += n;
        if (*p == '\n')
            p++;
    }
    if (P.block != B_NONE) {
        struct ag_loc at = { fname, lineno };
        ag_error(s, &at, "missing 'end' for the block opened at line %d", P.open.line);
        close_block(&P, &at);
    }
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int ag_load(struct ag_spec *s, const char *dir)
{
    s->dir = dir;
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "zl-abigen: cannot open spec directory %s: %s\n", dir, strerror(errno));
        return ++s->errors;
    }
    char **names = NULL;
    int n = 0;
    struct dirent *de;
    while ((de = readdir(d))) {
        size_t l = strlen(de->d_name);
        if (l > 4 && !strcmp(de->d_name + l - 4, ".abi"))
            add_str(&names, &n, de->d_name);
    }
    closedir(d);
    if (n == 0) {
        fprintf(stderr, "zl-abigen: no *.abi files in %s\n", dir);
        return ++s->errors;
    }
    qsort(names, (size_t)n, sizeof *names, cmp_str);
    for (int i = 0; i < n; i++) {
        size_t pl = strlen(dir) + strlen(names[i]) + 2;
        char *path = ag_alloc(pl);
        snprintf(path, pl, "%s/%s", dir, names[i]);
        FILE *f = fopen(path, "rb");
        if (!f) {
            fprintf(stderr, "zl-abigen: cannot read %s: %s\n", path, strerror(errno));
            s->errors++;
            continue;
        }
        struct ag_buf b = { 0 };
        char chunk[4096];
        size_t got;
        while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) {
            char tmp[4097];
            memcpy(tmp, chunk, got);
            tmp[got] = 0;
            /* a NUL would end the text early: make it a visible control character */
            for (size_t k = 0; k < got; k++)
                if (!chunk[k])
                    tmp[k] = '\x01';
            ag_puts(&b, tmp);
        }
        fclose(f);
        ag_parse_text(s, path, b.p ? b.p : "");
        ag_buf_free(&b);
        ag_free(path);
    }
    return ag_finish(s);
}
