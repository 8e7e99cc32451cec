/* stdio on files (in a fresh temporary directory made by the test), strings and pipes:
 * fopen modes, fread/fwrite, fgetc/ungetc/fgets/getline/getdelim, fseeko/ftello, fflush,
 * freopen, tmpfile, fdopen, remove/rename, perror, sscanf/fscanf tables. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#include <fcntl.h>
#include <stdint.h>
#include <inttypes.h>

int main(void)
{
    char dir[] = "/tmp/zlstdioXXXXXX";
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    char path[256], path2[256];
    snprintf(path, sizeof path, "%s/a.txt", dir);
    snprintf(path2, sizeof path2, "%s/b.txt", dir);
    FILE *f = fopen(path, "w");
    for (int i = 0; i < 1000; i++)
        fprintf(f, "line %d: %s\n", i, i % 3 ? "abc" : "defghi");
    fputs("no newline at end", f);
    printf("ftello after write: %lld\n", (long long)ftello(f));
    fclose(f);
    f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    long total = 0, lines = 0;
    while ((n = getline(&line, &cap, f)) > 0) {
        total += n;
        lines++;
    }
    printf("getline: %ld lines %ld bytes eof=%d err=%d last=[%s]\n", lines, total, feof(f), ferror(f), line);
    rewind(f);
    char buf[64];
    printf("fgets: [%s]", fgets(buf, 8, f));
    printf(" [%s]", fgets(buf, sizeof buf, f));
    int c = fgetc(f);
    ungetc(c, f);
    ungetc('X', f);
    printf(" ungetc: %c%c", fgetc(f), fgetc(f));
    printf(" tell=%lld\n", (long long)ftello(f));
    fseeko(f, -17, SEEK_END);
    printf("end: [%s]\n", fgets(buf, sizeof buf, f));
    fseeko(f, 100, SEEK_SET);
    size_t r = fread(buf, 1, 20, f);
    buf[r] = 0;
    printf("fread %zu [%s] tell=%ld\n", r, buf, ftell(f));
    fseek(f, 5, SEEK_CUR);
    printf("seek cur: %ld %c\n", ftell(f), fgetc(f));
    fclose(f);
    /* update mode and binary data */
    f = fopen(path2, "w+");
    unsigned char bin[3000];
    for (int i = 0; i < 3000; i++)
        bin[i] = (unsigned char)(i * 7);
    printf("fwrite %zu\n", fwrite(bin, 3, 1000, f));
    fseeko(f, 1500, SEEK_SET);
    fputc(0xAA, f);
    fseeko(f, 0, SEEK_SET);
    unsigned char rb[3000];
    printf("fread %zu ", fread(rb, 1, 3000, f));
    int same = 1;
    for (int i = 0; i < 3000; i++)
        same &= rb[i] == (i == 1500 ? 0xAA : (unsigned char)(i * 7));
    printf("content %s extra read %zu eof %d\n", same ? "ok" : "bad", fread(rb, 1, 10, f), feof(f));
    fclose(f);
    /* append */
    f = fopen(path2, "a");
    fputs("tail", f);
    fclose(f);
    f = fopen(path2, "r");
    fseek(f, -4, SEEK_END);
    printf("append: [%s]\n", fgets(buf, sizeof buf, f));
    fclose(f);
    /* getdelim, fdopen */
    int fd = open(path, O_RDONLY);
    f = fdopen(fd, "r");
    n = getdelim(&line, &cap, ':', f);
    printf("getdelim %zd [%s] fileno-ok %d\n", n, line, fileno(f) == fd);
    fclose(f);
    free(line);
    /* freopen, tmpfile */
    f = tmpfile();
    fprintf(f, "%d %s %.3f", 12, "tmp", 2.5);
    rewind(f);
    int a;
    char word[16];
    double dv;
    printf("fscanf %d: %d %s %.3f\n", fscanf(f, "%d %15s %lf", &a, word, &dv), a, word, dv);
    fclose(f);
    f = freopen(path, "r", fopen(path2, "r"));
    printf("freopen: [%s]\n", fgets(buf, 12, f));
    fclose(f);
    /* rename/remove and errors */
    snprintf(buf, sizeof buf, "%s/c.txt", dir);
    printf("rename %d exists %d remove %d %d\n", rename(path2, buf), access(buf, F_OK) == 0, remove(buf),
           remove(buf) == -1 && errno == ENOENT);
    errno = 0;
    printf("fopen missing: %s %d\n", fopen("/nonexistent/x", "r") ? "opened" : "null", errno == ENOENT);
    printf("bad mode: %s\n", fopen(path, "q") ? "opened" : "null");
    remove(path);
    rmdir(dir);
    /* sscanf table */
    int i1 = 0, i2 = 0, nn = 0;
    unsigned u1 = 0;
    long long ll = 0;
    short sh = 0;
    signed char hh = 0;
    float fl = 0;
    double d1 = 0;
    long double ld = 0;
    char s1[32] = "", s2[32] = "";
    int64_t w64 = 0;
    printf("%d %d %d\n", sscanf("12 34", "%d %d", &i1, &i2), i1, i2);
    printf("%d %d %x %o\n", sscanf("-5 ff 17", "%i %x %o", &i1, &u1, &i2), i1, u1, i2);
    printf("%d %d %d %d\n", sscanf("0x1A 010 9", "%i %i %i", &i1, &i2, &nn), i1, i2, nn);
    printf("%d %lld %hd %hhd\n", sscanf("-9223372036854775807 70000 300", "%lld %hd %hhd", &ll, &sh, &hh), ll, sh, hh);
    printf("%d %g %g %.30Lg\n", sscanf("1.5e3 -0.25 0.1", "%f %lf %Lf", &fl, &d1, &ld), fl, d1, ld);
    printf("%d [%s] [%s]\n", sscanf("hello   world!", "%s %5s", s1, s2), s1, s2);
    printf("%d [%s] [%s]\n", sscanf("abc123def", "%[a-c]%[^d]", s1, s2), s1, s2);
    printf("%d %d %d\n", sscanf("12abc", "%d%n", &i1, &nn), i1, nn);
    printf("%d\n", sscanf("", "%d", &i1));
    printf("%d\n", sscanf("   ", "%d", &i1));
    printf("%d %d\n", sscanf("x", "%d", &i1), i1);
    printf("%d %d\n", sscanf("7 8", "%*d %d", &i1), i1);
    printf("%d [%c%c%c]\n", sscanf("xyz", "%3c", s1), s1[0], s1[1], s1[2]);
    printf("%d %d\n", sscanf("100%", "%d%%", &i1), i1);
    printf("%d %g\n", sscanf("inf", "%lf", &d1), d1);
    printf("%d %g %s\n", sscanf("nan rest", "%lf %s", &d1, s1), d1, s1);
    printf("%d %a\n", sscanf("0x1.8p3", "%lf", &d1), d1);
    printf("%d %" PRId64 "\n", sscanf("-123456789012", "%" SCNd64, &w64), w64);
    char *m = NULL;
    printf("%d [%s]\n", sscanf("allocated-string rest", "%ms", &m), m);
    free(m);
    printf("%d %d %d\n", sscanf("1,2", "%d,%d", &i1, &i2), i1, i2);
    printf("%d %d\n", sscanf("12345", "%3d", &i1), i1);
    /* snprintf to stdout buffering and stderr */
    fflush(stdout);
    errno = 0;
    perror("perror test");
    errno = EACCES;
    perror(NULL);
    fprintf(stderr, "to stderr %d\n", 5);
    printf("done\n");
    return 0;
}
