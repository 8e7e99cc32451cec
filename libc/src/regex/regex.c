/* POSIX regular expressions: regcomp, regexec, regerror, regfree (docs/libc.md, "regex").
 *
 * regcomp parses BRE or ERE into a tree and compiles it into a small backtracking program
 * (CHAR, ANY, SET, BOL, EOL, SPLIT, JMP, SAVE, BACKREF, loop marks, MATCH); bounded
 * repetition is expanded.  regexec tries each start position from the left; at the first
 * start with a match it searches every path and keeps the longest match (POSIX
 * leftmost-longest for the whole match).  Subexpressions are those of the first path, in
 * greedy/first-alternative priority order, that reaches that longest end.  Without back
 * references a visited set on (SPLIT, position) bounds the work to O(program x length). */
#include "zl_libc.h"
#include <regex.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

enum { N_CHAR, N_ANY, N_SET, N_BOL, N_EOL, N_CAT, N_ALT, N_REP, N_GROUP, N_BREF, N_EMPTY, N_ASSERT };
enum { O_CHAR, O_ANY, O_SET, O_BOL, O_EOL, O_SPLIT, O_JMP, O_SAVE, O_BREF, O_MARK, O_CHK, O_MATCH,
       O_ASSERT, O_LOOP };

struct node { int type, a, b, c; };            /* CAT/ALT: a,b kids; REP: a kid, b min, c max */
struct insn { int op, x, y, z; };    /* SPLIT: z = dense index for the visited set */
struct set { unsigned char bits[32]; };

struct prog {
    struct insn *code;
    int ncode, nsplit, nmark, nsub, cflags, has_bref;
    struct set *sets;
    int nsets;
};

struct comp {
    const char *p;
    int ere, icase, err, nsub, depth;
    struct node *nodes;
    int nnodes, capn;
    struct set *sets;
    int nsets, capsets;
    struct prog *pr;
    int capcode, nmark, closed_groups;
};

#define MAX_CODE (1 << 20)

static int newnode(struct comp *c, int type, int a, int b, int d)
{
    if (c->err)
        return -1;
    if (c->nnodes == c->capn) {
        int n = c->capn ? 2 * c->capn : 64;
        struct node *t = realloc(c->nodes, (size_t)n * sizeof *t);
        if (!t) {
            c->err = REG_ESPACE;
            return -1;
        }
        c->nodes = t;
        c->capn = n;
    }
    c->nodes[c->nnodes] = (struct node){ type, a, b, d };
    return c->nnodes++;
}

static int newset(struct comp *c)
{
    if (c->nsets == c->capsets) {
        int n = c->capsets ? 2 * c->capsets : 8;
        struct set *t = realloc(c->sets, (size_t)n * sizeof *t);
        if (!t) {
            c->err = REG_ESPACE;
            return -1;
        }
        c->sets = t;
        c->capsets = n;
    }
    memset(&c->sets[c->nsets], 0, sizeof c->sets[0]);
    return c->nsets++;
}

static void setbit(struct set *s, int ch, int icase)
{
    ch &= 255;
    s->bits[ch >> 3] |= (unsigned char)(1u << (ch & 7));
    if (icase) {
        int l = tolower(ch), u = toupper(ch);
        s->bits[l >> 3] |= (unsigned char)(1u << (l & 7));
        s->bits[u >> 3] |= (unsigned char)(1u << (u & 7));
    }
}

static int inset(const struct set *s, int ch)
{
    return (s->bits[ch >> 3] >> (ch & 7)) & 1;
}

static const struct { const char *name; int (*fn)(int); } classes[] = {
    { "alnum", isalnum }, { "alpha", isalpha }, { "blank", isblank }, { "cntrl", iscntrl },
    { "digit", isdigit }, { "graph", isgraph }, { "lower", islower }, { "print", isprint },
    { "punct", ispunct }, { "space", isspace }, { "upper", isupper }, { "xdigit", isxdigit },
};

/* One element of a bracket expression: a character, [.c.] or [=c=]; -1 on error. */
static int bracket_char(struct comp *c)
{
    if (c->p[0] == '[' && (c->p[1] == '.' || c->p[1] == '=')) {
        char d = c->p[1];
        if (!c->p[2] || c->p[3] != d || c->p[4] != ']') {
            c->err = c->p[2] && strchr(c->p + 2, ']') ? REG_ECOLLATE : REG_EBRACK;
            return -1;
        }
        int ch = (unsigned char)c->p[2];
        c->p += 5;
        return ch;
    }
    return (unsigned char)*c->p++;
}

static int parse_bracket(struct comp *c)
{
    int si = newset(c);
    if (si < 0)
        return -1;
    int neg = 0;
    if (*c->p == '^') {
        neg = 1;
        c->p++;
    }
    const char *start = c->p;
    for (;;) {
        if (!*c->p) {
            c->err = REG_EBRACK;
            return -1;
        }
        if (*c->p == ']' && c->p != start) {
            c->p++;
            break;
        }
        if (c->p[0] == '[' && c->p[1] == ':') {
            const char *e = strstr(c->p + 2, ":]");
            if (!e) {
                c->err = REG_EBRACK;
                return -1;
            }
            size_t l = (size_t)(e - c->p - 2), k;
            for (k = 0; k < sizeof classes / sizeof classes[0]; k++)
                if (strlen(classes[k].name) == l && !memcmp(classes[k].name, c->p + 2, l))
                    break;
            if (k == sizeof classes / sizeof classes[0]) {
                c->err = REG_ECTYPE;
                return -1;
            }
            for (int ch = 1; ch < 256; ch++)
                if (classes[k].fn(ch))
                    setbit(&c->sets[si], ch, c->icase);
            c->p = e + 2;
            if (c->p[0] == '-' && c->p[1] && c->p[1] != ']') {
                c->err = REG_ERANGE;
                return -1;
            }
            continue;
        }
        int lo = bracket_char(c);
        if (lo < 0)
            return -1;
        if (c->p[0] == '-' && c->p[1] && c->p[1] != ']') {
            c->p++;
            int hi = bracket_char(c);
            if (hi < 0)
                return -1;
            if (hi < lo) {
                c->err = REG_ERANGE;
                return -1;
            }
            for (int ch = lo; ch <= hi; ch++)
                setbit(&c->sets[si], ch, c->icase);
        } else {
            setbit(&c->sets[si], lo, c->icase);
        }
    }
    if (neg) {
        for (int i = 0; i < 32; i++)
            c->sets[si].bits[i] = (unsigned char)~c->sets[si].bits[i];
        c->sets[si].bits[0] &= (unsigned char)~1u;            /* never NUL */
        if (c->pr->cflags & REG_NEWLINE)
            c->sets[si].bits['\n' >> 3] &= (unsigned char)~(1u << ('\n' & 7));
    }
    return newnode(c, N_SET, si, 0, 0);
}

static int parse_alt(struct comp *c);

/* Is the parser at the end of a branch (end of pattern, close paren or alternation)? */
static int at_branch_end(struct comp *c, const char *q)
{
    if (!*q)
        return 1;
    if (c->ere)
        return *q == '|' || (*q == ')' && c->depth > 0);
    return q[0] == '\\' && (q[1] == ')' || q[1] == '|');
}

static int parse_count(struct comp *c)
{
    if (!isdigit((unsigned char)*c->p))
        return -1;
    long v = 0;
    while (isdigit((unsigned char)*c->p)) {
        if (v <= RE_DUP_MAX)
            v = v * 10 + (*c->p - '0');
        c->p++;
    }
    return v > RE_DUP_MAX ? RE_DUP_MAX + 1 : (int)v;
}

/* Repetition operators after an atom. */
static int parse_reps(struct comp *c, int atom)
{
    for (;;) {
        const char *q = c->p;
        int mn, mx;
        if (*q == '*') {
            mn = 0, mx = -1, c->p++;
        } else if ((c->ere && *q == '+') || (!c->ere && q[0] == '\\' && q[1] == '+')) {
            mn = 1, mx = -1, c->p += c->ere ? 1 : 2;
        } else if ((c->ere && *q == '?') || (!c->ere && q[0] == '\\' && q[1] == '?')) {
            mn = 0, mx = 1, c->p += c->ere ? 1 : 2;
        } else if ((c->ere && *q == '{') || (!c->ere && q[0] == '\\' && q[1] == '{')) {
            c->p += c->ere ? 1 : 2;
            mn = *c->p == ',' ? 0 : parse_count(c);     /* GNU: {,n} is {0,n} */
            if (mn < 0) {
                c->err = *c->p ? REG_BADBR : REG_EBRACE;
                return -1;
            }
            mx = mn;
            if (*c->p == ',') {
                c->p++;
                mx = isdigit((unsigned char)*c->p) ? parse_count(c) : -1;
            }
            if (c->ere ? *c->p != '}' : (c->p[0] != '\\' || c->p[1] != '}')) {
                c->err = *c->p ? REG_BADBR : REG_EBRACE;
                return -1;
            }
            c->p += c->ere ? 1 : 2;
            if (mn > RE_DUP_MAX || mx > RE_DUP_MAX || (mx >= 0 && mx < mn)) {
                c->err = REG_BADBR;
                return -1;
            }
        } else {
            return atom;
        }
        atom = newnode(c, N_REP, atom, mn, mx);
        if (atom < 0)
            return -1;
        if (!c->ere && (*c->p == '*' || (c->p[0] == '\\' && strchr("+?{", c->p[1]) && c->p[1]))) {
            c->err = REG_BADRPT;        /* as glibc: a BRE repetition cannot be repeated */
            return -1;
        }
    }
}

static int parse_branch(struct comp *c)
{
    int seq = -1, first = 1;
    while (!at_branch_end(c, c->p)) {
        int atom;
        const char *q = c->p;
        if (c->ere && (*q == '*' || *q == '+' || *q == '?' || *q == '{')) {
            c->err = REG_BADRPT;
            return -1;
        }
        if (*q == '^' && (c->ere || first)) {
            c->p++;
            atom = newnode(c, N_BOL, 0, 0, 0);
            if (!c->ere) {            /* a BRE '*' right after a leading '^' is literal */
                if (atom < 0)
                    return -1;
                seq = seq < 0 ? atom : newnode(c, N_CAT, seq, atom, 0);
                if (*c->p == '*') {
                    c->p++;
                    atom = parse_reps(c, newnode(c, N_CHAR, '*', 0, 0));
                } else {
                    continue;
                }
            }
        } else if (*q == '$' && (c->ere || at_branch_end(c, q + 1))) {
            c->p++;
            atom = newnode(c, N_EOL, 0, 0, 0);
        } else if (*q == '.') {
            c->p++;
            atom = parse_reps(c, newnode(c, N_ANY, 0, 0, 0));
        } else if (*q == '[') {
            c->p++;
            atom = parse_bracket(c);
            if (atom >= 0)
                atom = parse_reps(c, atom);
        } else if ((c->ere && *q == '(') || (!c->ere && q[0] == '\\' && q[1] == '(')) {
            c->p += c->ere ? 1 : 2;
            int n = ++c->nsub;
            c->depth++;
            int in = parse_alt(c);
            c->depth--;
            if (c->err)
                return -1;
            if (c->ere ? *c->p != ')' : (c->p[0] != '\\' || c->p[1] != ')')) {
                c->err = REG_EPAREN;
                return -1;
            }
            c->p += c->ere ? 1 : 2;
            if (n > c->closed_groups)
                c->closed_groups = n;
            atom = parse_reps(c, newnode(c, N_GROUP, in, n, 0));
        } else if (!c->ere && *q == '*' && first) {
            c->p++;
            atom = parse_reps(c, newnode(c, N_CHAR, '*', 0, 0));
        } else if (*q == '\\') {
            if (!q[1]) {
                c->err = REG_EESCAPE;
                return -1;
            }
            if (!c->ere && q[1] == ')') {
                c->err = REG_EPAREN;
                return -1;
            }
            if (!c->ere && q[1] == '{' && first) {
                c->err = REG_BADRPT;
                return -1;
            }
            c->p += 2;
            if (q[1] >= '1' && q[1] <= '9') {
                int n = q[1] - '0';
                if (n > c->nsub) {
                    c->err = REG_ESUBREG;
                    return -1;
                }
                c->pr->has_bref = 1;
                atom = parse_reps(c, newnode(c, N_BREF, n, 0, 0));
            } else if (strchr("wWsS", q[1])) {
                int si = newset(c);
                if (si < 0)
                    return -1;
                for (int ch = 1; ch < 256; ch++) {
                    int in = q[1] == 'w' || q[1] == 'W' ? isalnum(ch) || ch == '_' : isspace(ch);
                    if (in == (q[1] == 'w' || q[1] == 's'))
                        setbit(&c->sets[si], ch, 0);
                }
                atom = parse_reps(c, newnode(c, N_SET, si, 0, 0));
            } else if (strchr("bB<>`'", q[1])) {
                atom = newnode(c, N_ASSERT, q[1], 0, 0);
            } else {
                atom = parse_reps(c, newnode(c, N_CHAR, (unsigned char)q[1], 0, 0));
            }
        } else {
            c->p++;
            atom = parse_reps(c, newnode(c, N_CHAR, (unsigned char)*q, 0, 0));
        }
        if (atom < 0 || c->err)
            return -1;
        seq = seq < 0 ? atom : newnode(c, N_CAT, seq, atom, 0);
        first = 0;
    }
    return seq < 0 ? newnode(c, N_EMPTY, 0, 0, 0) : seq;
}

static int parse_alt(struct comp *c)
{
    int left = parse_branch(c);
    while (!c->err && (c->ere ? *c->p == '|' : (c->p[0] == '\\' && c->p[1] == '|'))) {
        c->p += c->ere ? 1 : 2;
        int right = parse_branch(c);
        left = newnode(c, N_ALT, left, right, 0);
    }
    return c->err ? -1 : left;
}

static int emit(struct comp *c, int op, int x, int y)
{
    struct prog *pr = c->pr;
    if (c->err)
        return 0;
    if (pr->ncode == c->capcode) {
        if (c->capcode >= MAX_CODE) {
            c->err = REG_ESPACE;
            return 0;
        }
        int n = c->capcode ? 2 * c->capcode : 64;
        struct insn *t = realloc(pr->code, (size_t)n * sizeof *t);
        if (!t) {
            c->err = REG_ESPACE;
            return 0;
        }
        pr->code = t;
        c->capcode = n;
    }
    pr->code[pr->ncode] = (struct insn){ op, x, y, op == O_SPLIT ? pr->nsplit++ : 0 };
    return pr->ncode++;
}

static void gen(struct comp *c, int n)
{
    if (c->err)
        return;
    struct node nd = c->nodes[n];
    struct insn *code;
    switch (nd.type) {
    case N_CHAR:
        emit(c, O_CHAR, c->icase ? tolower(nd.a) : nd.a, 0);
        break;
    case N_ANY: emit(c, O_ANY, 0, 0); break;
    case N_SET: emit(c, O_SET, nd.a, 0); break;
    case N_BOL: emit(c, O_BOL, 0, 0); break;
    case N_EOL: emit(c, O_EOL, 0, 0); break;
    case N_EMPTY: break;
    case N_ASSERT: emit(c, O_ASSERT, nd.a, 0); break;
    case N_BREF: emit(c, O_BREF, nd.a, 0); break;
    case N_CAT: {      /* left-deep: walk the spine instead of recursing once per atom */
        int cnt = 0, k = n;
        while (c->nodes[k].type == N_CAT)
            cnt++, k = c->nodes[k].a;
        int *right = malloc((size_t)cnt * sizeof *right);
        if (!right) {
            c->err = REG_ESPACE;
            return;
        }
        for (int i = cnt - 1, j = n; i >= 0; i--, j = c->nodes[j].a)
            right[i] = c->nodes[j].b;
        gen(c, k);
        for (int i = 0; i < cnt; i++)
            gen(c, right[i]);
        free(right);
        break;
    }
    case N_GROUP:
        emit(c, O_SAVE, 2 * nd.b, 0);
        gen(c, nd.a);
        emit(c, O_SAVE, 2 * nd.b + 1, 0);
        break;
    case N_ALT: {
        int s = emit(c, O_SPLIT, 0, 0);
        gen(c, nd.a);
        int j = emit(c, O_JMP, 0, 0);
        int r = c->pr->ncode;
        gen(c, nd.b);
        if (c->err)
            return;
        code = c->pr->code;
        code[s].x = s + 1, code[s].y = r;
        code[j].x = c->pr->ncode;
        break;
    }
    case N_REP: {
        for (int i = 0; i < nd.b - (nd.c < 0 && nd.b > 0); i++)
            gen(c, nd.a);
        if (nd.c < 0 && nd.b > 0) {  /* LOOP k; L: MARK k; body; CHK k,E; SPLIT L,E; E: */
            int k = c->nmark;
            c->nmark += 2;
            emit(c, O_LOOP, k, 0);
            int l = emit(c, O_MARK, k, 0);
            gen(c, nd.a);
            int chk = emit(c, O_CHK, k, 0);
            int s = emit(c, O_SPLIT, 0, 0);
            if (c->err)
                return;
            c->pr->code[s].x = l, c->pr->code[s].y = c->pr->ncode;
            c->pr->code[chk].y = c->pr->ncode;
        } else if (nd.c < 0) {        /* LOOP k; L: SPLIT B,E; B: MARK k; body; CHK k,E; JMP L; E: */
            int k = c->nmark;
            c->nmark += 2;
            emit(c, O_LOOP, k, 0);
            int s = emit(c, O_SPLIT, 0, 0);
            emit(c, O_MARK, k, 0);
            gen(c, nd.a);
            int chk = emit(c, O_CHK, k, 0);
            emit(c, O_JMP, s, 0);
            if (c->err)
                return;
            c->pr->code[s].x = s + 1, c->pr->code[s].y = c->pr->ncode;
            c->pr->code[chk].y = c->pr->ncode;
        } else if (nd.c > nd.b) {          /* nested optional copies, all exiting to E */
            int cnt = nd.c - nd.b, *sp = malloc((size_t)cnt * sizeof *sp);
            if (!sp) {
                c->err = REG_ESPACE;
                return;
            }
            for (int i = 0; i < cnt; i++) {
                sp[i] = emit(c, O_SPLIT, 0, 0);
                gen(c, nd.a);
            }
            if (!c->err)
                for (int i = 0; i < cnt; i++)
                    c->pr->code[sp[i]].x = sp[i] + 1, c->pr->code[sp[i]].y = c->pr->ncode;
            free(sp);
        }
        break;
    }
    }
}

int regcomp(regex_t *restrict re, const char *restrict pat, int cflags)
{
    struct comp c;
    memset(&c, 0, sizeof c);
    c.p = pat;
    c.ere = (cflags & REG_EXTENDED) != 0;
    c.icase = (cflags & REG_ICASE) != 0;
    c.pr = calloc(1, sizeof *c.pr);
    if (!c.pr)
        return REG_ESPACE;
    c.pr->cflags = cflags;
    int root = parse_alt(&c);
    if (!c.err && *c.p)       /* only a BRE "\)" or ERE ")" can stop the top level */
        c.err = REG_EPAREN;
    if (!c.err) {
        gen(&c, root);
        emit(&c, O_MATCH, 0, 0);
    }
    free(c.nodes);
    if (c.err) {
        free(c.sets);
        free(c.pr->code);
        free(c.pr);
        return c.err;
    }
    c.pr->sets = c.sets;
    c.pr->nsets = c.nsets;
    c.pr->nsub = c.nsub;
    c.pr->nmark = c.nmark;
    re->re_nsub = (size_t)c.nsub;
    re->__zl_prog = c.pr;
    re->__zl_cflags = cflags;
    return 0;
}

struct mstate {
    const struct prog *pr;
    const char *s;
    size_t len;
    int eflags;
    regoff_t best;
    regoff_t *cap, *bestcap, *mark;
    unsigned char *seen;                 /* nsplit x (len + 1) bits, or NULL */
    struct bt *stk;                      /* backtrack stack (heap: no recursion) */
    size_t nstk, capstk;
};

/* A backtrack entry: resume at pc/pos (BT_BRANCH), or undo a capture/mark store. */
enum { BT_BRANCH, BT_CAP, BT_MARK };
struct bt { int kind, idx; regoff_t val; };

static int push(struct mstate *m, int kind, int idx, regoff_t val)
{
    if (m->nstk == m->capstk) {
        size_t n = m->capstk ? 2 * m->capstk : 256;
        struct bt *t = realloc(m->stk, n * sizeof *t);
        if (!t)
            return -1;
        m->stk = t;
        m->capstk = n;
    }
    m->stk[m->nstk++] = (struct bt){ kind, idx, val };
    return 0;
}

static int fold(const struct mstate *m, int ch)
{
    return (m->pr->cflags & REG_ICASE) ? tolower(ch) : ch;
}

/* Explores every path from pc/pos in priority order; 0, or REG_ESPACE. */
static int run(struct mstate *m, int pc, size_t pos)
{
    m->nstk = 0;
    const struct insn *code = m->pr->code;
    int nl = (m->pr->cflags & REG_NEWLINE) != 0;
    for (;;) {
        const struct insn *in = &code[pc];
        switch (in->op) {
        case O_CHAR:
            if (pos >= m->len || fold(m, (unsigned char)m->s[pos]) != in->x)
                goto fail;
            pos++, pc++;
            break;
        case O_ANY:
            if (pos >= m->len || (nl && m->s[pos] == '\n'))
                goto fail;
            pos++, pc++;
            break;
        case O_SET:
            if (pos >= m->len || !inset(&m->pr->sets[in->x], (unsigned char)m->s[pos]))
                goto fail;
            pos++, pc++;
            break;
        case O_BOL:
            if (!(pos == 0 ? !(m->eflags & REG_NOTBOL) : nl && m->s[pos - 1] == '\n'))
                goto fail;
            pc++;
            break;
        case O_EOL:
            if (!(pos == m->len ? !(m->eflags & REG_NOTEOL) : nl && m->s[pos] == '\n'))
                goto fail;
            pc++;
            break;
        case O_JMP:
            pc = in->x;
            break;
        case O_SPLIT:
            if (m->seen) {
                size_t bit = (size_t)in->z * (m->len + 1) + pos;
                if (m->seen[bit >> 3] & (1u << (bit & 7)))
                    goto fail;
                m->seen[bit >> 3] |= (unsigned char)(1u << (bit & 7));
            }
            if (push(m, BT_BRANCH, in->y, (regoff_t)pos))
                return REG_ESPACE;
            pc = in->x;
            break;
        case O_SAVE:
            if (push(m, BT_CAP, in->x, m->cap[in->x]))
                return REG_ESPACE;
            m->cap[in->x] = (regoff_t)pos;
            pc++;
            break;
        case O_LOOP:                 /* mark[k + 1]: where the loop was entered */
        case O_MARK: {               /* mark[k]: where this iteration began */
            int k = in->x + (in->op == O_LOOP);
            if (push(m, BT_MARK, k, m->mark[k]))
                return REG_ESPACE;
            m->mark[k] = (regoff_t)pos;
            pc++;
            break;
        }
        case O_CHK:
            /* An empty iteration ends the loop if it is the first one (so "()*" sets its
             * group, as glibc does); after a non-empty one it is no progress: fail. */
            if (m->mark[in->x] == (regoff_t)pos) {
                if (m->mark[in->x + 1] != (regoff_t)pos)
                    goto fail;
                pc = in->y;
            } else {
                pc++;
            }
            break;
        case O_ASSERT: {
            int pw = pos > 0 && (isalnum((unsigned char)m->s[pos - 1]) || m->s[pos - 1] == '_');
            int nw = pos < m->len && (isalnum((unsigned char)m->s[pos]) || m->s[pos] == '_');
            int ok = in->x == 'b' ? pw != nw : in->x == 'B' ? pw == nw : in->x == '<' ? !pw && nw
                     : in->x == '>' ? pw && !nw : in->x == '`' ? pos == 0 : pos == m->len;
            if (!ok)
                goto fail;
            pc++;
            break;
        }
        case O_BREF: {
            regoff_t so = m->cap[2 * in->x], eo = m->cap[2 * in->x + 1];
            if (so < 0 || eo < 0)
                goto fail;
            size_t l = (size_t)(eo - so);
            if (l > m->len - pos)
                goto fail;
            for (size_t i = 0; i < l; i++)
                if (fold(m, (unsigned char)m->s[(size_t)so + i]) !=
                    fold(m, (unsigned char)m->s[pos + i]))
                    goto fail;
            pos += l, pc++;
            break;
        }
        case O_MATCH:
            if ((regoff_t)pos > m->best) {
                m->best = (regoff_t)pos;
                memcpy(m->bestcap, m->cap, (size_t)(2 * m->pr->nsub + 2) * sizeof *m->cap);
                if (pos == m->len)
                    return 0;        /* nothing can be longer */
            }
            goto fail;
        }
        continue;
    fail:                            /* undo stores back to the newest branch point */
        for (;;) {
            if (!m->nstk)
                return 0;
            struct bt *b = &m->stk[--m->nstk];
            if (b->kind == BT_CAP) {
                m->cap[b->idx] = b->val;
            } else if (b->kind == BT_MARK) {
                m->mark[b->idx] = b->val;
            } else {
                pc = b->idx;
                pos = (size_t)b->val;
                break;
            }
        }
    }
}

int regexec(const regex_t *restrict re, const char *restrict s, size_t nmatch,
            regmatch_t *restrict pm, int eflags)
{
    const struct prog *pr = re->__zl_prog;
    if (!pr)
        return REG_BADPAT;
    struct mstate m;
    memset(&m, 0, sizeof m);
    m.pr = pr;
    m.s = s;
    m.len = strlen(s);
    m.eflags = eflags;
    size_t ncap = (size_t)(2 * pr->nsub + 2);
    m.cap = malloc((2 * ncap + (size_t)pr->nmark + 1) * sizeof *m.cap);
    if (!m.cap)
        return REG_ESPACE;
    m.bestcap = m.cap + ncap;
    m.mark = m.bestcap + ncap;
    if (!pr->has_bref && pr->nsplit && m.len < ((size_t)1 << 26) / (size_t)pr->nsplit) {
        size_t bits = (size_t)pr->nsplit * (m.len + 1);
        m.seen = calloc(bits / 8 + 1, 1);    /* without it the search is only slower */
    }
    int rc = REG_NOMATCH;
    for (size_t start = 0; start <= m.len; start++) {
        for (size_t i = 0; i < ncap; i++)
            m.cap[i] = -1;
        m.best = -1;
        m.cap[0] = (regoff_t)start;
        if (run(&m, 0, start)) {
            rc = REG_ESPACE;
            break;
        }
        if (m.best >= 0) {
            rc = 0;
            m.bestcap[0] = (regoff_t)start;
            m.bestcap[1] = m.best;
            if (!(pr->cflags & REG_NOSUB))
                for (size_t i = 0; i < nmatch; i++) {
                    if (i <= (size_t)pr->nsub && m.bestcap[2 * i] >= 0 && m.bestcap[2 * i + 1] >= 0) {
                        pm[i].rm_so = m.bestcap[2 * i];
                        pm[i].rm_eo = m.bestcap[2 * i + 1];
                    } else {
                        pm[i].rm_so = pm[i].rm_eo = -1;
                    }
                }
            break;
        }
    }
    free(m.stk);
    free(m.seen);
    free(m.cap);
    return rc;
}

static const char *const messages[] = {
    "Success", "No match", "Invalid regular expression", "Invalid collation character",
    "Invalid character class name", "Trailing backslash", "Invalid back reference",
    "Unmatched [, [^, [:, [., or [=", "Unmatched ( or \\(", "Unmatched \\{",
    "Invalid content of \\{\\}", "Invalid range end", "Memory exhausted",
    "Invalid preceding regular expression",
};

size_t regerror(int err, const regex_t *restrict re, char *restrict buf, size_t size)
{
    (void)re;
    const char *msg = err >= 0 && (size_t)err < sizeof messages / sizeof messages[0]
                          ? messages[err] : "Unknown error";
    size_t l = strlen(msg);
    if (size) {
        size_t n = l < size - 1 ? l : size - 1;
        memcpy(buf, msg, n);
        buf[n] = 0;
    }
    return l + 1;
}

void regfree(regex_t *re)
{
    struct prog *pr = re->__zl_prog;
    if (pr) {
        free(pr->code);
        free(pr->sets);
        free(pr);
    }
    re->__zl_prog = NULL;
}
