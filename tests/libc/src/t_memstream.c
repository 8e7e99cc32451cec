/* fmemopen and open_memstream (POSIX.1-2008) against glibc: modes, reads, writes that
 * fill the buffer, the null byte after written data, seeks inside and beyond the content,
 * append mode, and open_memstream's buffer/size after fflush, fseek and fclose. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void dump(const char *what, const char *b, size_t n)
{
    printf("%s [", what);
    for (size_t i = 0; i < n; i++) {
        if (b[i] >= 32 && b[i] < 127) putchar(b[i]);
        else printf("\\%o", (unsigned char)b[i]);
    }
    printf("]\n");
}

int main(void)
{
    char buf[16], line[32];
    FILE *f;

    /* read mode: the whole buffer is content */
    memcpy(buf, "hello\nworld\n\0xyz", 16);
    f = fmemopen(buf, 16, "r");
    while (fgets(line, sizeof line, f)) dump("r line", line, strlen(line));
    printf("r eof %d pos %ld\n", feof(f), ftell(f));
    printf("r seek end %d pos %ld\n", fseek(f, -4, SEEK_END), ftell(f));
    printf("r getc %d\n", getc(f));
    printf("r write %zu err %d\n", fwrite("x", 1, 1, f), ferror(f));
    fclose(f);

    /* write mode: truncated, a null byte after what was written, full buffer */
    memset(buf, '#', sizeof buf);
    f = fmemopen(buf, sizeof buf, "w");
    dump("w open", buf, sizeof buf);
    fprintf(f, "abc%d", 42);
    fflush(f);
    dump("w flush", buf, sizeof buf);
    printf("w tell %ld\n", ftell(f));
    fseek(f, 1, SEEK_SET);
    fputs("Z", f);
    fflush(f);
    dump("w overwrite", buf, sizeof buf);
    fseek(f, 0, SEEK_END);
    printf("w end %ld\n", ftell(f));
    int n = fprintf(f, "%s", "0123456789abcdef");
    int fl = fflush(f);
    printf("w overflow fprintf %d fflush %d err %d\n", n, fl, ferror(f));
    dump("w full", buf, sizeof buf);
    printf("w seek past %d\n", fseek(f, 17, SEEK_SET));
    fclose(f);

    /* append: starts at the first null byte, writes go to the end */
    strcpy(buf, "start");
    f = fmemopen(buf, sizeof buf, "a+");
    printf("a tell %ld\n", ftell(f));
    fputs("-end", f);
    fflush(f);
    dump("a", buf, strlen(buf));
    rewind(f);
    printf("a read %s\n", fgets(line, sizeof line, f));
    fclose(f);

    /* w+ with our own buffer */
    f = fmemopen(NULL, 32, "w+");
    fprintf(f, "%d %s", 7, "seven");
    rewind(f);
    int v = 0;
    char w[16] = "";
    printf("own scanf %d %d %s\n", fscanf(f, "%d %15s", &v, w), v, w);
    fclose(f);

    errno = 0;
    printf("size 0: %s errno %d\n", fmemopen(buf, 0, "r") ? "stream" : "NULL", errno);
    errno = 0;
    printf("bad mode: %s errno %d\n", fmemopen(buf, 4, "q") ? "stream" : "NULL", errno);

    /* open_memstream */
    char *p = NULL;
    size_t sz = 99;
    f = open_memstream(&p, &sz);
    fprintf(f, "hello %s", "memstream");
    fflush(f);
    dump("ms flush", p, sz);
    printf("ms size %zu strlen %zu\n", sz, strlen(p));
    fseek(f, 2, SEEK_SET);
    fflush(f);
    printf("ms after seek size %zu content %s\n", sz, p);
    fputs("LL", f);
    fflush(f);
    printf("ms overwrite size %zu content %s\n", sz, p);
    /* (no SEEK_END here: glibc measures it from the last reported size, POSIX from the
     * length) */
    for (int i = 0; i < 1000; i++) fprintf(f, "%03d,", i);
    fclose(f);
    printf("ms big size %zu tail %s\n", sz, p + sz - 8);
    free(p);

    p = NULL;
    f = open_memstream(&p, &sz);
    fputs("abc", f);
    fseek(f, 6, SEEK_SET);
    fputs("x", f);
    fclose(f);
    dump("ms gap", p, sz);
    free(p);
    return 0;
}
