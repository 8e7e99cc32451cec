/* grep: print lines that match a POSIX regular expression.
 *
 *   grep [-ivncqE] PATTERN [FILE...]
 *
 *   -E   PATTERN is an extended regular expression (default: basic)
 *   -i   ignore case
 *   -v   select the lines that do not match
 *   -n   prefix each line with its line number
 *   -c   print only the number of selected lines
 *   -q   print nothing; stop at the first selected line (exit status 0 even if a
 *        file could not be read, as POSIX allows)
 *
 * With more than one FILE every output line is prefixed with the file name.  With no
 * FILE, or FILE "-", reads standard input.  Lines may be of any length; a line holding
 * a NUL byte is matched only up to it (regexec takes C strings).
 *
 * Exit status: 0 if a line was selected, 1 if none was, 2 on an error (a bad pattern,
 * an unreadable file) — as POSIX grep.
 *
 * Matching uses regcomp/regexec from <regex.h>; counts are uint64_t. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <regex.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int opt_invert, opt_number, opt_count, opt_quiet;
static regex_t re;

/* Reads one line (without its newline) into *buf.  Returns 1, or 0 at end of input. */
static int read_line(FILE *f, char **buf, size_t *cap, size_t *len)
{
    size_t n = 0;
    int c;
    while ((c = getc(f)) != EOF && c != '\n') {
        if (n + 1 >= *cap) {
            size_t ncap = *cap ? *cap * 2 : 256;
            char *nb = realloc(*buf, ncap);
            if (!nb) {
                fputs("grep: out of memory\n", stderr);
                exit(2);
            }
            *buf = nb;
            *cap = ncap;
        }
        (*buf)[n++] = (char)c;
    }
    if (c == EOF && n == 0) return 0;
    if (!*buf) {
        *buf = malloc(1);
        if (!*buf) exit(2);
        *cap = 1;
    }
    (*buf)[n] = '\0';
    *len = n;
    return 1;
}

/* Greps one stream; name is the prefix to print or NULL.  Returns the selected count. */
static uint64_t grep_stream(FILE *f, const char *name, int *error)
{
    static char *line;
    static size_t cap;
    size_t len;
    uint64_t lineno = 0, selected = 0;
    while (read_line(f, &line, &cap, &len)) {
        lineno++;
        int r = regexec(&re, line, 0, NULL, 0);
        if (r != 0 && r != REG_NOMATCH) {
            char msg[256];
            regerror(r, &re, msg, sizeof msg);
            fprintf(stderr, "grep: %s\n", msg);
            *error = 1;
            break;
        }
        if ((r == 0) == !opt_invert) {
            selected++;
            if (opt_quiet) break;
            if (opt_count) continue;
            if (name) printf("%s:", name);
            if (opt_number) printf("%llu:", (unsigned long long)lineno);
            fwrite(line, 1, len, stdout);
            putchar('\n');
        }
    }
    if (ferror(f)) {
        fprintf(stderr, "grep: %s: %s\n", name ? name : "(standard input)", strerror(errno));
        *error = 1;
    }
    if (opt_count && !opt_quiet) {
        if (name) printf("%s:", name);
        printf("%llu\n", (unsigned long long)selected);
    }
    return selected;
}

int main(int argc, char **argv)
{
    int cflags = REG_NOSUB;
    int opt;
    while ((opt = getopt(argc, argv, "ivncqE")) != -1) {
        switch (opt) {
        case 'i': cflags |= REG_ICASE; break;
        case 'v': opt_invert = 1; break;
        case 'n': opt_number = 1; break;
        case 'c': opt_count = 1; break;
        case 'E': cflags |= REG_EXTENDED; break;
        case 'q': opt_quiet = 1; break;
        default:
            fputs("usage: grep [-ivncqE] PATTERN [FILE...]\n", stderr);
            return 2;
        }
    }
    if (optind >= argc) {
        fputs("usage: grep [-ivncqE] PATTERN [FILE...]\n", stderr);
        return 2;
    }
    int r = regcomp(&re, argv[optind++], cflags);
    if (r != 0) {
        char msg[256];
        regerror(r, &re, msg, sizeof msg);
        fprintf(stderr, "grep: %s\n", msg);
        return 2;
    }

    int error = 0;
    uint64_t selected = 0;
    int nfiles = argc - optind;
    if (nfiles == 0) {
        selected += grep_stream(stdin, NULL, &error);
    }
    for (int i = optind; i < argc && !(opt_quiet && selected); i++) {
        const char *name = nfiles > 1 ? argv[i] : NULL;
        if (strcmp(argv[i], "-") == 0) {
            selected += grep_stream(stdin, nfiles > 1 ? "(standard input)" : NULL, &error);
            continue;
        }
        FILE *f = fopen(argv[i], "r");
        if (!f) {
            fprintf(stderr, "grep: %s: %s\n", argv[i], strerror(errno));
            error = 1;
            continue;
        }
        selected += grep_stream(f, name, &error);
        fclose(f);
    }
    regfree(&re);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("grep: write error");
        return 2;
    }
    if (opt_quiet && selected) return 0;
    if (error) return 2;
    return selected ? 0 : 1;
}
