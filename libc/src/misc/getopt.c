/* getopt (POSIX) and getopt_long/getopt_long_only (GNU), with GNU's argument permutation
 * (non-options are moved after the options unless the option string starts with '+' or
 * POSIXLY_CORRECT is set; '-' returns non-options as arguments of option 1). */
#include "zl_libc.h"
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

char *optarg;
int optind = 1, opterr = 1, optopt = '?';
static int nextchar;   /* position inside a cluster of short options */

/* Number of argv elements the option at argv[i] uses (itself and a separate argument). */
static int span(int argc, char **argv, int i, const char *o, const struct option *lo)
{
    const char *a = argv[i];
    if (a[1] == '-' && a[2] && lo) {
        const char *eq = strchr(a + 2, '=');
        size_t len = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
        if (eq)
            return 1;
        for (int k = 0; lo[k].name; k++)
            if (!strncmp(lo[k].name, a + 2, len))
                return lo[k].has_arg == required_argument && i + 1 < argc ? 2 : 1;
        return 1;
    }
    for (int k = 1; a[k]; k++) {
        const char *p = a[k] == ':' ? NULL : strchr(o, a[k]);
        if (p && p[1] == ':')
            return !a[k + 1] && p[2] != ':' && i + 1 < argc ? 2 : 1;
    }
    return 1;
}

/* Rotates argv[from..to) left by n: the n skipped non-options go after the option. */
static void rotate(char **argv, int from, int to, int n)
{
    for (int r = 0; r < n; r++) {
        char *t = argv[from];
        for (int i = from; i + 1 < to; i++)
            argv[i] = argv[i + 1];
        argv[to - 1] = t;
    }
}

static int do_long(int argc, char **argv, const char *opts, const struct option *lo, int *idx,
                   int only, int dashes)
{
    char *arg = argv[optind] + dashes;
    char *eq = strchr(arg, '=');
    size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
    int match = -1, ambiguous = 0;
    for (int i = 0; lo[i].name; i++) {
        if (strncmp(lo[i].name, arg, len))
            continue;
        if (strlen(lo[i].name) == len) {
            match = i;
            ambiguous = 0;
            break;
        }
        if (match < 0)
            match = i;
        else if (lo[i].has_arg != lo[match].has_arg || lo[i].flag != lo[match].flag || lo[i].val != lo[match].val)
            ambiguous = 1;
    }
    int colon = opts[0] == ':' || ((opts[0] == '+' || opts[0] == '-') && opts[1] == ':');
    if (match < 0) {
        if (only && dashes == 1 && strchr(opts, arg[0]))
            return -2;   /* let it be parsed as short options */
        if (opterr && !colon)
            fprintf(stderr, "%s: unrecognized option '%s'\n", argv[0], argv[optind]);
        optind++;
        optopt = 0;
        return '?';
    }
    if (ambiguous) {
        if (opterr && !colon)
            fprintf(stderr, "%s: option '%s' is ambiguous\n", argv[0], argv[optind]);
        optind++;
        optopt = 0;
        return '?';
    }
    const struct option *o = &lo[match];
    optind++;
    optarg = NULL;
    if (eq) {
        if (o->has_arg == no_argument) {
            if (opterr && !colon)
                fprintf(stderr, "%s: option '--%s' doesn't allow an argument\n", argv[0], o->name);
            optopt = o->val;
            return '?';
        }
        optarg = eq + 1;
    } else if (o->has_arg == required_argument) {
        if (optind >= argc) {
            if (opterr && !colon)
                fprintf(stderr, "%s: option '--%s' requires an argument\n", argv[0], o->name);
            optopt = o->val;
            return colon ? ':' : '?';
        }
        optarg = argv[optind++];
    }
    if (idx)
        *idx = match;
    if (o->flag) {
        *o->flag = o->val;
        return 0;
    }
    return o->val;
}

static int getopt_impl(int argc, char *const *cargv, const char *opts, const struct option *lo, int *idx, int only)
{
    char **argv = (char **)cargv;
    if (optind == 0) {
        optind = 1;
        nextchar = 0;
    }
    int posix = opts[0] == '+' || getenv("POSIXLY_CORRECT");
    int inorder = opts[0] == '-';
    const char *o = opts + (opts[0] == '+' || opts[0] == '-');
    int colon = o[0] == ':';
    optarg = NULL;
    if (!nextchar) {
        if (optind >= argc)
            return -1;
        int first = optind;
        while (!posix && !inorder && first < argc && (argv[first][0] != '-' || !argv[first][1]))
            first++;
        if (first >= argc)
            return -1;
        if (inorder && (argv[optind][0] != '-' || !argv[optind][1])) {
            optarg = argv[optind++];
            return 1;
        }
        if (posix && (argv[optind][0] != '-' || !argv[optind][1]))
            return -1;
        if (first != optind) {
            /* bring the option and its separate argument in front of the non-options */
            int k = span(argc, argv, first, o, lo);
            rotate(argv, optind, first + k, first - optind);
        }
        if (!strcmp(argv[optind], "--")) {
            optind++;
            return -1;
        }
        if (lo && argv[optind][1] == '-')
            return do_long(argc, argv, opts, lo, idx, only, 2);
        if (lo && only) {
            int r = do_long(argc, argv, opts, lo, idx, only, 1);
            if (r != -2)
                return r;
        }
        nextchar = 1;
    }
    char *arg = argv[optind];
    int c = (unsigned char)arg[nextchar++];
    const char *p = c == ':' ? NULL : strchr(o, c);
    if (!p) {
        if (opterr && !colon)
            fprintf(stderr, "%s: invalid option -- '%c'\n", argv[0], c);
        optopt = c;
        if (!arg[nextchar]) {
            optind++;
            nextchar = 0;
        }
        return '?';
    }
    if (p[1] == ':') {
        if (arg[nextchar]) {
            optarg = arg + nextchar;
            optind++;
        } else if (p[2] == ':') {
            optind++;
        } else {
            optind++;
            if (optind >= argc) {
                nextchar = 0;
                optopt = c;
                if (opterr && !colon)
                    fprintf(stderr, "%s: option requires an argument -- '%c'\n", argv[0], c);
                return colon ? ':' : '?';
            }
            optarg = argv[optind++];
        }
        nextchar = 0;
    } else if (!arg[nextchar]) {
        optind++;
        nextchar = 0;
    }
    return c;
}

int getopt(int argc, char *const argv[], const char *opts)
{
    /* POSIX getopt does not permute (glibc does unless '+'/POSIXLY_CORRECT; we follow
     * glibc so that programs behave the same on both). */
    return getopt_impl(argc, argv, opts, NULL, NULL, 0);
}

int getopt_long(int argc, char *const argv[], const char *opts, const struct option *lo, int *idx)
{
    return getopt_impl(argc, argv, opts, lo, idx, 0);
}

int getopt_long_only(int argc, char *const argv[], const char *opts, const struct option *lo, int *idx)
{
    return getopt_impl(argc, argv, opts, lo, idx, 1);
}

/* POSIX getsubopt: the next "name[=value]" of a comma-separated list.  Returns the index
 * of name in tokens (with *valuep at the value or NULL), or -1 with *valuep at the whole
 * unknown suboption; *optionp moves past it. */
int getsubopt(char **optionp, char *const *tokens, char **valuep)
{
    char *s = *optionp, *end = strchr(s, ',');
    if (end) {
        *end = 0;
        *optionp = end + 1;
    } else
        *optionp = s + strlen(s);
    char *eq = strchr(s, '=');
    size_t nl = eq ? (size_t)(eq - s) : strlen(s);
    *valuep = NULL;
    for (int i = 0; tokens[i]; i++)
        if (!strncmp(tokens[i], s, nl) && !tokens[i][nl]) {
            if (eq) {
                *eq = 0;
                *valuep = eq + 1;
            }
            return i;
        }
    *valuep = s;
    return -1;
}
