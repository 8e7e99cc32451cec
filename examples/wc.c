/* wc: count lines, words and bytes.
 *
 *   wc [-lwc] [FILE...]
 *
 * With no option, prints lines, words and bytes (in that order); with options, only the
 * counts asked for, still in that order.  A word is a maximal run of characters that are
 * not white space (isspace in the C locale).  With no FILE, or FILE "-", reads standard
 * input.  With more than one FILE a "total" line follows.  Counts are right-aligned to the
 * width of the largest number printed, separated by one space.
 *
 * Exit status: 0, or 1 if any FILE could not be read (a message goes to stderr and the
 * other files are still counted).
 *
 * Portable C11 + POSIX; counts are uint64_t, never long (long is 128-bit under LP128). */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct counts {
    uint64_t lines, words, bytes;
};

struct result {
    const char *name;   /* NULL for standard input given implicitly */
    struct counts c;
    int ok;
};

static int show_lines, show_words, show_bytes;

/* Counts the whole of fd into *c.  Returns 0, or -1 with errno set. */
static int count_fd(int fd, struct counts *c)
{
    static unsigned char buf[65536];
    int in_word = 0;
    for (;;) {
        ssize_t n = read(fd, buf, sizeof buf);
        if (n < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        if (n == 0) return 0;
        c->bytes += (uint64_t)n;
        for (ssize_t i = 0; i < n; i++) {
            unsigned char ch = buf[i];
            if (ch == '\n') c->lines++;
            if (isspace(ch)) {
                in_word = 0;
            } else if (!in_word) {
                in_word = 1;
                c->words++;
            }
        }
    }
}

static int digits(uint64_t v)
{
    int d = 1;
    while (v >= 10) {
        v /= 10;
        d++;
    }
    return d;
}

static void print_counts(const struct counts *c, int width, const char *name)
{
    const char *sep = "";
    if (show_lines) {
        printf("%s%*llu", sep, width, (unsigned long long)c->lines);
        sep = " ";
    }
    if (show_words) {
        printf("%s%*llu", sep, width, (unsigned long long)c->words);
        sep = " ";
    }
    if (show_bytes) printf("%s%*llu", sep, width, (unsigned long long)c->bytes);
    if (name) printf(" %s", name);
    putchar('\n');
}

static void usage(void)
{
    fputs("usage: wc [-lwc] [FILE...]\n", stderr);
    exit(2);
}

int main(int argc, char **argv)
{
    int opt;
    while ((opt = getopt(argc, argv, "lwc")) != -1) {
        switch (opt) {
        case 'l': show_lines = 1; break;
        case 'w': show_words = 1; break;
        case 'c': show_bytes = 1; break;
        default: usage();
        }
    }
    if (!show_lines && !show_words && !show_bytes) show_lines = show_words = show_bytes = 1;

    int nfiles = argc - optind;
    int nres = nfiles > 0 ? nfiles : 1;
    struct result *res = calloc((size_t)nres, sizeof *res);
    if (!res) {
        perror("wc");
        return 1;
    }
    int status = 0;
    struct counts total = {0, 0, 0};
    for (int i = 0; i < nres; i++) {
        const char *name = nfiles > 0 ? argv[optind + i] : NULL;
        int fd = 0;
        res[i].name = name;
        if (name && strcmp(name, "-") != 0) {
            fd = open(name, O_RDONLY);
            if (fd < 0) {
                fprintf(stderr, "wc: %s: %s\n", name, strerror(errno));
                status = 1;
                continue;
            }
        }
        if (count_fd(fd, &res[i].c) < 0) {
            fprintf(stderr, "wc: %s: %s\n", name ? name : "-", strerror(errno));
            status = 1;
        } else {
            res[i].ok = 1;
        }
        if (fd != 0) close(fd);
        total.lines += res[i].c.lines;
        total.words += res[i].c.words;
        total.bytes += res[i].c.bytes;
    }

    /* The width fits the largest number printed; the total is never smaller than any
     * single count.  A single count of a single input is printed unpadded. */
    uint64_t max = total.bytes;
    if (!show_bytes) max = show_words && total.words > total.lines ? total.words : total.lines;
    int width = digits(max);
    if (nres == 1 && show_lines + show_words + show_bytes == 1) width = 1;
    for (int i = 0; i < nres; i++)
        if (res[i].ok) print_counts(&res[i].c, width, res[i].name);
    if (nfiles > 1) print_counts(&total, width, "total");
    free(res);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("wc: write error");
        return 1;
    }
    return status;
}
