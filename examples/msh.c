/* msh: a small POSIX-style command shell.
 *
 *   msh [-c COMMANDS] [SCRIPT]
 *
 * Runs COMMANDS, or the lines of SCRIPT, or of standard input.  The language:
 *
 *   list      := pipeline { (';' | '&&' | '||' | newline) pipeline }
 *   pipeline  := command { '|' command }
 *   command   := { word | redirection }
 *   redirection := [n]'<' word | [n]'>' word | [n]'>>' word | [n]'>&' m
 *
 * Words: '...' is literal; "..." is literal except for $ expansions and the escapes
 * \\ \" \$ \` and backslash-newline; outside quotes a backslash quotes the next character.
 * $? is the status of the last pipeline, $NAME and ${NAME} are environment variables.
 * An unquoted word that expands to nothing is dropped; expansions are not split into
 * several words; there is no globbing and no variable assignment.  '#' at the start of
 * a word begins a comment.
 *
 * A pipeline's status is that of its last command (128+N if killed by signal N; 127 if
 * the program was not found, 126 if it could not be executed).  Builtins: cd [DIR]
 * (default $HOME) and exit [N] (default: the last status); inside a pipeline they run in
 * a child, as in other shells.  A syntax error (or an unterminated quote) reports
 * "msh: LINE: syntax error: ..." on stderr and ends the shell with status 2.  At the end
 * of input the shell exits with the last status.
 *
 * The whole script is read before it runs, so programs run by a script on standard
 * input see end of file; with -c they inherit the shell's standard input.
 *
 * Uses fork, execvp, pipe, dup2 and waitpid; nothing depends on the width of long. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

enum tok { T_WORD, T_PIPE, T_LT, T_GT, T_GTGT, T_DUP, T_SEMI, T_AND, T_OR, T_NL, T_EOF };
enum redir_kind { R_IN, R_OUT, R_APPEND, R_DUP };

/* Words are kept as their offsets in the script and expanded just before their command
 * runs, so that $? sees the status of the command before. */
struct redir {
    enum redir_kind kind;
    int fd;         /* the descriptor redirected */
    int dupfd;      /* R_DUP: the descriptor copied */
    size_t target;  /* the others: offset of the file name word */
    char *path;     /* its expansion, while the command runs */
};

struct cmd {
    size_t *words;  /* offsets of the words */
    size_t nwords;
    struct redir *redirs;
    size_t nredirs;
    char **argv;    /* the expanded words, while the command runs */
    size_t argc;
};

struct pipeline {
    struct cmd *cmds;
    size_t n;
    enum tok sep;   /* the separator before it: T_SEMI, T_AND or T_OR */
};

/* The lexer works over the whole script text. */
static const char *src;
static size_t pos, lineno = 1;
static int last_status;

/* The token just read. */
static enum tok tok;
static size_t tok_word;     /* T_WORD: its offset */
static int tok_fd;          /* redirections: the [n] prefix or -1 */
static size_t tok_line;

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fputs("msh: out of memory\n", stderr);
        exit(2);
    }
    return p;
}

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p) {
        fputs("msh: out of memory\n", stderr);
        exit(2);
    }
    return p;
}

static _Noreturn void syntax_error(size_t line, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "msh: %llu: syntax error: ", (unsigned long long)line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(2);
}

/* ---- words ---------------------------------------------------------------------------- */

struct buf {
    char *s;
    size_t len, cap;
};

/* Appends to b; b is NULL when a word is only scanned. */
static void buf_add(struct buf *b, const char *s, size_t n)
{
    if (!b) return;
    if (b->cap - b->len < n + 1) {
        b->cap = (b->cap + n + 1) * 2;
        b->s = xrealloc(b->s, b->cap);
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

static void buf_addc(struct buf *b, char c)
{
    buf_add(b, &c, 1);
}

static int is_name_char(int c, int first)
{
    return c == '_' || isalpha(c) || (!first && isdigit(c));
}

/* Expands the $ at src[pos] into b (or only scans it, b NULL). */
static void expand_dollar(struct buf *b)
{
    pos++;  /* the '$' */
    char c = src[pos];
    if (c == '?' || (c == '{' && src[pos + 1] == '?' && src[pos + 2] == '}')) {
        char num[16];
        pos += c == '?' ? 1 : 3;
        snprintf(num, sizeof num, "%d", last_status);
        buf_add(b, num, strlen(num));
        return;
    }
    int braced = c == '{';
    size_t start = pos + (size_t)braced;
    size_t end = start;
    while (is_name_char((unsigned char)src[end], end == start)) end++;
    if (end == start) {
        if (braced) syntax_error(lineno, "bad ${} substitution");
        buf_addc(b, '$');   /* a lone '$' is literal */
        return;
    }
    if (braced && src[end] != '}') syntax_error(lineno, "bad ${} substitution");
    if (b) {
        char *name = xmalloc(end - start + 1);
        memcpy(name, src + start, end - start);
        name[end - start] = '\0';
        const char *v = getenv(name);
        free(name);
        if (v) buf_add(b, v, strlen(v));
    }
    pos = end + (size_t)braced;
}

static int is_meta(char c)
{
    return c == '\0' || c == ' ' || c == '\t' || c == '\n' || c == '|' || c == '<' ||
           c == '>' || c == ';' || c == '&';
}

/* Reads the word at src[pos].  With expand, returns its expansion, or NULL if an
 * unquoted word expanded to nothing; without, only checks its syntax and counts its
 * lines, and returns NULL. */
static char *read_word(int expand)
{
    struct buf store = {NULL, 0, 0};
    struct buf *b = expand ? &store : NULL;
    int quoted = 0;
    buf_add(b, "", 0);
    while (!is_meta(src[pos])) {
        char c = src[pos];
        if (c == '\'') {
            size_t open_line = lineno;
            quoted = 1;
            pos++;
            while (src[pos] != '\'') {
                if (src[pos] == '\0') syntax_error(open_line, "unterminated '");
                if (src[pos] == '\n') lineno++;
                buf_addc(b, src[pos++]);
            }
            pos++;
        } else if (c == '"') {
            size_t open_line = lineno;
            quoted = 1;
            pos++;
            while (src[pos] != '"') {
                if (src[pos] == '\0') syntax_error(open_line, "unterminated \"");
                if (src[pos] == '$') {
                    expand_dollar(b);
                    continue;
                }
                if (src[pos] == '\\' && src[pos + 1] == '\n') {
                    pos += 2;
                    lineno++;
                    continue;
                }
                if (src[pos] == '\\' && strchr("\\\"$`", src[pos + 1]) && src[pos + 1]) pos++;
                if (src[pos] == '\n') lineno++;
                buf_addc(b, src[pos++]);
            }
            pos++;
        } else if (c == '\\') {
            pos++;
            if (src[pos] == '\n') {     /* line continuation */
                pos++;
                lineno++;
                continue;
            }
            if (src[pos] == '\0') break;
            quoted = 1;
            buf_addc(b, src[pos++]);
        } else if (c == '$') {
            expand_dollar(b);
        } else {
            buf_addc(b, src[pos++]);
        }
    }
    if (!expand) return NULL;
    if (store.len == 0 && !quoted) {
        free(store.s);
        return NULL;
    }
    return store.s;
}

/* The expansion of the word at offset start (checked by read_word before). */
static char *expand_word(size_t start)
{
    size_t saved_pos = pos, saved_line = lineno;
    pos = start;
    char *w = read_word(1);
    pos = saved_pos;
    lineno = saved_line;
    return w;
}

static void next_token(void)
{
    tok_fd = -1;
    for (;;) {
        while (src[pos] == ' ' || src[pos] == '\t') pos++;
        if (src[pos] == '\\' && src[pos + 1] == '\n') {
            pos += 2;
            lineno++;
            continue;
        }
        if (src[pos] == '#') {
            while (src[pos] && src[pos] != '\n') pos++;
        }
        break;
    }
    tok_line = lineno;
    /* [n]< [n]> : a run of digits directly before a redirection operator. */
    size_t d = pos;
    while (isdigit((unsigned char)src[d])) d++;
    if (d > pos && (src[d] == '<' || src[d] == '>')) {
        if (d - pos > 4) syntax_error(lineno, "descriptor number too large");
        tok_fd = atoi(src + pos);
        pos = d;
    }
    char c = src[pos];
    switch (c) {
    case '\0': tok = T_EOF; return;
    case '\n': pos++; lineno++; tok = T_NL; return;
    case ';': pos++; tok = T_SEMI; return;
    case '|':
        pos++;
        tok = T_PIPE;
        if (src[pos] == '|') {
            pos++;
            tok = T_OR;
        }
        return;
    case '&':
        if (src[pos + 1] != '&') syntax_error(lineno, "background jobs ('&') are not supported");
        pos += 2;
        tok = T_AND;
        return;
    case '<': pos++; tok = T_LT; return;
    case '>':
        pos++;
        tok = T_GT;
        if (src[pos] == '>') {
            pos++;
            tok = T_GTGT;
        } else if (src[pos] == '&') {
            pos++;
            tok = T_DUP;
        }
        return;
    default:
        tok = T_WORD;
        tok_word = pos;
        read_word(0);
        return;
    }
}

static const char *tok_name(void)
{
    switch (tok) {
    case T_WORD: return "word";
    case T_PIPE: return "'|'";
    case T_LT: return "'<'";
    case T_GT: return "'>'";
    case T_GTGT: return "'>>'";
    case T_DUP: return "'>&'";
    case T_SEMI: return "';'";
    case T_AND: return "'&&'";
    case T_OR: return "'||'";
    case T_NL: return "newline";
    case T_EOF: return "end of input";
    }
    return "?";
}

/* ---- parser --------------------------------------------------------------------------- */

static void cmd_add_word(struct cmd *c, size_t w)
{
    c->words = xrealloc(c->words, (c->nwords + 1) * sizeof *c->words);
    c->words[c->nwords++] = w;
}

/* Parses one command; returns 0 if it is empty (no word, no redirection). */
static int parse_command(struct cmd *c)
{
    memset(c, 0, sizeof *c);
    int any = 0;
    for (;; next_token()) {
        if (tok == T_WORD) {
            any = 1;
            cmd_add_word(c, tok_word);
            continue;
        }
        if (tok != T_LT && tok != T_GT && tok != T_GTGT && tok != T_DUP) break;
        struct redir r;
        r.kind = tok == T_LT ? R_IN : tok == T_GT ? R_OUT : tok == T_GTGT ? R_APPEND : R_DUP;
        r.fd = tok_fd >= 0 ? tok_fd : tok == T_LT ? 0 : 1;
        r.dupfd = -1;
        r.target = 0;
        r.path = NULL;
        const char *op = tok == T_LT ? "'<'" : tok == T_GT ? "'>'" : tok == T_GTGT ? "'>>'" : "'>&'";
        next_token();
        if (tok != T_WORD) syntax_error(tok_line, "a word must follow %s, not %s", op, tok_name());
        if (r.kind == R_DUP) {
            /* The descriptor must be written as digits: no expansion to wait for. */
            size_t i = tok_word, v = 0;
            while (isdigit((unsigned char)src[i]) && v < 10000) v = v * 10 + (size_t)(src[i++] - '0');
            if (i == tok_word || !is_meta(src[i]) || v >= 10000)
                syntax_error(tok_line, "'>&' needs a descriptor number");
            r.dupfd = (int)v;
        } else {
            r.target = tok_word;
        }
        c->redirs = xrealloc(c->redirs, (c->nredirs + 1) * sizeof *c->redirs);
        c->redirs[c->nredirs++] = r;
        any = 1;
    }
    return any;
}

static void free_pipeline(struct pipeline *pl)
{
    for (size_t i = 0; i < pl->n; i++) {
        free(pl->cmds[i].words);
        free(pl->cmds[i].redirs);
    }
    free(pl->cmds);
    pl->cmds = NULL;
    pl->n = 0;
}

/* Parses a pipeline at the current token; returns 0 if there is none here. */
static int parse_pipeline(struct pipeline *pl, enum tok sep)
{
    pl->cmds = NULL;
    pl->n = 0;
    pl->sep = sep;
    for (;;) {
        struct cmd c;
        int any = parse_command(&c);
        if (!any) {
            if (pl->n == 0 && tok != T_PIPE) return 0;
            syntax_error(tok_line, "unexpected %s, expected a command", tok_name());
        }
        pl->cmds = xrealloc(pl->cmds, (pl->n + 1) * sizeof *pl->cmds);
        pl->cmds[pl->n++] = c;
        if (tok != T_PIPE) return 1;
        next_token();
    }
}

/* ---- execution ------------------------------------------------------------------------ */

/* Applies c's redirections.  Returns 0, or -1 after a message. */
static int apply_redirs(const struct cmd *c)
{
    for (size_t i = 0; i < c->nredirs; i++) {
        const struct redir *r = &c->redirs[i];
        int fd;
        if (r->kind == R_DUP) {
            fd = r->dupfd;
        } else {
            if (!r->path) {
                fputs("msh: ambiguous redirect (the file name expanded to nothing)\n", stderr);
                return -1;
            }
            int flags = r->kind == R_IN ? O_RDONLY
                      : r->kind == R_OUT ? O_WRONLY | O_CREAT | O_TRUNC
                                         : O_WRONLY | O_CREAT | O_APPEND;
            fd = open(r->path, flags, 0666);
            if (fd < 0) {
                fprintf(stderr, "msh: %s: %s\n", r->path, strerror(errno));
                return -1;
            }
        }
        if (fd != r->fd) {
            if (dup2(fd, r->fd) < 0) {
                fprintf(stderr, "msh: %d: %s\n", fd, strerror(errno));
                if (r->kind != R_DUP) close(fd);
                return -1;
            }
            if (r->kind != R_DUP) close(fd);
        }
    }
    return 0;
}

static int is_builtin(const struct cmd *c)
{
    return c->argc > 0 && (strcmp(c->argv[0], "cd") == 0 || strcmp(c->argv[0], "exit") == 0);
}

static int run_builtin(const struct cmd *c)
{
    if (strcmp(c->argv[0], "exit") == 0) {
        int st = last_status;
        if (c->argc > 2) {
            fputs("msh: exit: too many arguments\n", stderr);
            return 2;
        }
        if (c->argc == 2) {
            char *end;
            long v = strtol(c->argv[1], &end, 10);
            if (*end || end == c->argv[1]) {
                fprintf(stderr, "msh: exit: %s: numeric argument required\n", c->argv[1]);
                st = 2;
            } else {
                st = (int)(v & 255);
            }
        }
        fflush(stdout);
        exit(st);
    }
    /* cd */
    const char *dir = c->argc > 1 ? c->argv[1] : getenv("HOME");
    if (c->argc > 2) {
        fputs("msh: cd: too many arguments\n", stderr);
        return 1;
    }
    if (!dir) {
        fputs("msh: cd: HOME not set\n", stderr);
        return 1;
    }
    if (chdir(dir) != 0) {
        fprintf(stderr, "msh: cd: %s: %s\n", dir, strerror(errno));
        return 1;
    }
    return 0;
}

/* Runs a builtin in the shell itself, with its redirections undone afterwards. */
static int run_builtin_here(const struct cmd *c)
{
    int saved[10];
    for (int fd = 0; fd < 10; fd++) saved[fd] = -2;
    for (size_t i = 0; i < c->nredirs; i++) {
        int fd = c->redirs[i].fd;
        if (fd < 10 && saved[fd] == -2) saved[fd] = dup(fd);   /* -1 if it was closed */
    }
    int st = apply_redirs(c) == 0 ? run_builtin(c) : 1;
    for (int fd = 0; fd < 10; fd++) {
        if (saved[fd] == -2) continue;
        if (saved[fd] >= 0) {
            dup2(saved[fd], fd);
            close(saved[fd]);
        } else {
            close(fd);
        }
    }
    return st;
}

static _Noreturn void child(const struct cmd *c)
{
    if (apply_redirs(c) != 0) _exit(1);
    if (c->argc == 0) _exit(0);
    if (is_builtin(c)) {
        int st = run_builtin(c);
        fflush(stdout);
        _exit(st);
    }
    execvp(c->argv[0], c->argv);
    int e = errno;
    fprintf(stderr, "msh: %s: %s\n", c->argv[0], e == ENOENT ? "command not found" : strerror(e));
    _exit(e == ENOENT ? 127 : 126);
}

static int wait_status(int st)
{
    if (WIFEXITED(st)) return WEXITSTATUS(st);
    if (WIFSIGNALED(st)) return 128 + WTERMSIG(st);
    return 1;
}

/* Expands c's words into argv and its file names into path. */
static void expand_cmd(struct cmd *c)
{
    c->argv = xmalloc((c->nwords + 1) * sizeof *c->argv);
    c->argc = 0;
    for (size_t i = 0; i < c->nwords; i++) {
        char *w = expand_word(c->words[i]);
        if (w) c->argv[c->argc++] = w;
    }
    c->argv[c->argc] = NULL;
    for (size_t i = 0; i < c->nredirs; i++)
        if (c->redirs[i].kind != R_DUP) c->redirs[i].path = expand_word(c->redirs[i].target);
}

static void free_expansion(struct cmd *c)
{
    for (size_t i = 0; i < c->argc; i++) free(c->argv[i]);
    free(c->argv);
    c->argv = NULL;
    c->argc = 0;
    for (size_t i = 0; i < c->nredirs; i++) {
        free(c->redirs[i].path);
        c->redirs[i].path = NULL;
    }
}

static int run_pipeline(const struct pipeline *pl)
{
    if (pl->n == 1 && is_builtin(&pl->cmds[0])) return run_builtin_here(&pl->cmds[0]);
    if (pl->n == 1 && pl->cmds[0].argc == 0) {     /* redirections only */
        return run_builtin_here(&pl->cmds[0]);
    }
    pid_t *pids = xmalloc(pl->n * sizeof *pids);
    int in = -1;    /* read end of the previous pipe */
    int status = 0;
    size_t started = 0;
    fflush(stdout);
    fflush(stderr);
    for (size_t i = 0; i < pl->n; i++) {
        int p[2] = {-1, -1};
        if (i + 1 < pl->n && pipe(p) != 0) {
            fprintf(stderr, "msh: pipe: %s\n", strerror(errno));
            status = 1;
            break;
        }
        pid_t pid = fork();
        if (pid < 0) {
            fprintf(stderr, "msh: fork: %s\n", strerror(errno));
            if (p[0] >= 0) {
                close(p[0]);
                close(p[1]);
            }
            status = 1;
            break;
        }
        if (pid == 0) {
            if (in >= 0) {
                dup2(in, 0);
                close(in);
            }
            if (p[1] >= 0) {
                dup2(p[1], 1);
                close(p[1]);
                close(p[0]);
            }
            child(&pl->cmds[i]);
        }
        pids[started++] = pid;
        if (in >= 0) close(in);
        if (p[1] >= 0) close(p[1]);
        in = p[0];
    }
    if (in >= 0) close(in);
    for (size_t i = 0; i < started; i++) {
        int st;
        while (waitpid(pids[i], &st, 0) < 0) {
            if (errno != EINTR) {
                st = 1 << 8;
                break;
            }
        }
        if (i == pl->n - 1) status = wait_status(st);
    }
    free(pids);
    return status;
}

/* Parses one complete command — the pipelines up to a newline that ends it — into
 * *out; returns their number.  As in other shells, a syntax error anywhere in it stops
 * the shell before any of it runs. */
static size_t parse_line(struct pipeline **out)
{
    struct pipeline *v = NULL;
    size_t n = 0;
    enum tok sep = T_SEMI;
    for (;;) {
        v = xrealloc(v, (n + 1) * sizeof *v);
        if (!parse_pipeline(&v[n], sep)) syntax_error(tok_line, "unexpected %s", tok_name());
        n++;
        if (tok == T_NL || tok == T_EOF) break;     /* the newline is consumed later */
        if (tok == T_SEMI) {
            next_token();
            if (tok == T_NL || tok == T_EOF) break;
            sep = T_SEMI;
        } else if (tok == T_AND || tok == T_OR) {
            sep = tok;
            next_token();
            while (tok == T_NL) next_token();   /* '&&' may end a line */
            if (tok == T_EOF) syntax_error(tok_line, "unexpected end of input after %s",
                                           sep == T_AND ? "'&&'" : "'||'");
        } else {
            syntax_error(tok_line, "unexpected %s", tok_name());
        }
    }
    *out = v;
    return n;
}

static int run_script(void)
{
    next_token();
    for (;;) {
        while (tok == T_NL) next_token();
        if (tok == T_EOF) break;
        struct pipeline *pls;
        size_t n = parse_line(&pls);
        for (size_t i = 0; i < n; i++) {
            enum tok sep = pls[i].sep;
            int run = sep == T_AND ? last_status == 0 : sep == T_OR ? last_status != 0 : 1;
            if (run) {
                for (size_t j = 0; j < pls[i].n; j++) expand_cmd(&pls[i].cmds[j]);
                last_status = run_pipeline(&pls[i]);
                for (size_t j = 0; j < pls[i].n; j++) free_expansion(&pls[i].cmds[j]);
            }
            free_pipeline(&pls[i]);
        }
        free(pls);
    }
    return last_status;
}

static char *read_all(FILE *f, const char *name)
{
    size_t n = 0, cap = 4096, got;
    char *s = xmalloc(cap);
    while ((got = fread(s + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (cap - n < 2) {
            cap *= 2;
            s = xrealloc(s, cap);
        }
    }
    if (ferror(f)) {
        fprintf(stderr, "msh: %s: %s\n", name, strerror(errno));
        exit(2);
    }
    s[n] = '\0';
    if (strlen(s) != n) {
        fprintf(stderr, "msh: %s: NUL byte in script\n", name);
        exit(2);
    }
    return s;
}

int main(int argc, char **argv)
{
    char *text;
    if (argc >= 3 && strcmp(argv[1], "-c") == 0) {
        if (argc > 3) {
            fputs("usage: msh [-c COMMANDS] [SCRIPT]\n", stderr);
            return 2;
        }
        text = xmalloc(strlen(argv[2]) + 1);
        strcpy(text, argv[2]);
    } else if (argc == 2 && argv[1][0] != '-') {
        FILE *f = fopen(argv[1], "r");
        if (!f) {
            fprintf(stderr, "msh: %s: %s\n", argv[1], strerror(errno));
            return 127;
        }
        text = read_all(f, argv[1]);
        fclose(f);
    } else if (argc == 1) {
        text = read_all(stdin, "<stdin>");
    } else {
        fputs("usage: msh [-c COMMANDS] [SCRIPT]\n", stderr);
        return 2;
    }
    src = text;
    int st = run_script();
    free(text);
    fflush(stdout);
    return st;
}
