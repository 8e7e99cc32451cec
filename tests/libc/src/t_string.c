/* <string.h>, <strings.h>, <ctype.h> and <stdlib.h> results (not addresses or
 * implementation-defined values), printed for comparison with glibc. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <inttypes.h>

static int sgn(int v) { return (v > 0) - (v < 0); }
static int cmpint(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}
static int cmpstr(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(void)
{
    /* ctype over every byte and EOF */
    int (*fn[])(int) = { isalnum, isalpha, isblank, iscntrl, isdigit, isgraph, islower,
                         isprint, ispunct, isspace, isupper, isxdigit };
    for (int c = -1; c < 256; c++) {
        printf("%d:", c);
        for (size_t i = 0; i < sizeof fn / sizeof *fn; i++)
            putchar(fn[i](c) ? '1' : '0');
        printf(" %d %d\n", tolower(c), toupper(c));
    }
    /* mem* and str* */
    char buf[256], b2[256];
    for (int align = 0; align < 8; align++)
        for (int n = 0; n < 40; n += 3) {
            for (int i = 0; i < 64; i++)
                buf[i] = (char)('a' + i % 26);
            memset(buf + align, 'Z', (size_t)n);
            memcpy(b2, buf, 64);
            memmove(buf + align + 1, buf + align, (size_t)n);
            memmove(b2 + 1, b2 + align + 2, (size_t)n);
            buf[63] = b2[63] = 0;
            printf("%s %s\n", buf, b2);
        }
    const char *words[] = { "", "a", "abc", "abd", "ab", "ABC", "b", "\xff", "abc\xe9" };
    for (size_t i = 0; i < 9; i++)
        for (size_t j = 0; j < 9; j++)
            printf("%d%d%d%d%d ", sgn(strcmp(words[i], words[j])), sgn(strncmp(words[i], words[j], 2)),
                   sgn(strcasecmp(words[i], words[j])), sgn(strncasecmp(words[i], words[j], 1)),
                   sgn(memcmp(words[i], words[j], 1)));
    printf("\n");
    const char *hay = "the quick brown fox jumps over the lazy dog";
    printf("%td %td %td %s %s %zu %zu %s\n", strchr(hay, 'q') - hay, strrchr(hay, 'o') - hay,
           strstr(hay, "the l") - hay, strstr(hay, "cat") ? "found" : "none", strpbrk(hay, "xyz"),
           strspn(hay, "the "), strcspn(hay, "aeiou"), (char *)memchr(hay, 'j', 43));
    printf("%s %s\n", strchr(hay, 0) == hay + 43 ? "nul-ok" : "nul-bad", strrchr(hay, 0) == hay + 43 ? "ok" : "bad");
    /* spans shorter and longer than the directly tested prefix, empty sets, high bytes */
    printf("%zu %zu %zu %zu %zu %zu %zu %zu\n", strspn("aaaaaaaaaaaaaaaaaaaab", "a"), strspn("abcabcabcabcx", "cba"),
           strspn("-+ #0-+ #0-+ #0d", "-+ #0"), strspn("d", "-+ #0"), strspn("", "ab"), strspn("abc", ""),
           strspn("\xe9\xe9\xe8\xe9\xe9\xe9\xe9\xe9\xe9\xe9z", "\xe9\xe8"), strspn("1234567", "1234567"));
    strcpy(buf, "a,b,,c;d");
    char *save, *t = strtok_r(buf, ",;", &save);
    while (t) {
        printf("[%s]", t);
        t = strtok_r(NULL, ",;", &save);
    }
    strcpy(buf, "a,b,,c");
    char *sp = buf;
    while ((t = strsep(&sp, ",")))
        printf("<%s>", t);
    printf("\n");
    strcpy(buf, "abc");
    strcat(buf, "def");
    strncat(buf, "ghijkl", 3);
    printf("%s %zu %zu\n", buf, strlen(buf), strnlen(buf, 4));
    memset(b2, 'x', 20);
    strncpy(b2, "hi", 5);
    printf("%d %d %d %c\n", b2[2], b2[4], b2[5], b2[5]);
    char *d = strdup("duplicate"), *dn = strndup("duplicate", 3);
    printf("%s %s %s\n", d, dn, strerror(ENOENT));
    free(d);
    free(dn);
    printf("%d %d %d %d\n", ffs(0), ffs(1), ffs(0x80), ffs(INT_MIN));
    printf("%s\n", (char *)memmem("abcabcd", 7, "abcd", 4));
    /* strto* */
    const char *nums[] = { "0", "-0", "42", "  -17xyz", "+9", "0x1f", "0X1F", "017", "0b101", "z", "zz",
                           "2147483647", "2147483648", "-2147483648", "-2147483649",
                           "9223372036854775807", "9223372036854775808", "-9223372036854775808",
                           "-9223372036854775809", "18446744073709551615", "18446744073709551616",
                           "-1", "0x", "0xg", "   ", "-", "1e5", "777777777777777777777777" };
    int bases[] = { 0, 10, 16, 8, 36, 2 };
    for (size_t i = 0; i < sizeof nums / sizeof *nums; i++)
        for (size_t b = 0; b < 6; b++) {
            char *end;
            errno = 0;
            long long v = strtoll(nums[i], &end, bases[b]);
            int e1 = errno;
            errno = 0;
            unsigned long long u = strtoull(nums[i], NULL, bases[b]);
            int e2 = errno;
            errno = 0;
            int64_t j = (int64_t)strtoimax(nums[i], NULL, bases[b]);
            printf("%s/%d: %lld %d %td %llu %d %" PRId64 " %ld\n", nums[i], bases[b], v, e1, end - nums[i], u, e2, j,
                   (long)(strtol(nums[i], NULL, bases[b]) > 0) - (strtol(nums[i], NULL, bases[b]) < 0));
        }
    printf("%d %ld %lld\n", atoi("  123abc"), atol("-99"), atoll("77"));
    /* qsort/bsearch */
    int arr[500];
    uint32_t st = 7;
    for (int i = 0; i < 500; i++) {
        st = st * 1103515245u + 12345u;
        arr[i] = (int)(st >> 8) % 1000 - 500;
    }
    qsort(arr, 500, sizeof *arr, cmpint);
    int sorted = 1;
    for (int i = 1; i < 500; i++)
        sorted &= arr[i - 1] <= arr[i];
    int key = arr[250];
    int *hit = bsearch(&key, arr, 500, sizeof *arr, cmpint);
    int miss = 10000;
    printf("sorted %d found %d missing %s first %d last %d\n", sorted, hit && *hit == key,
           bsearch(&miss, arr, 500, sizeof *arr, cmpint) ? "found" : "null", arr[0], arr[499]);
    char *strs[] = { "pear", "apple", "fig", "banana", "cherry", "date", "elderberry", "grape" };
    qsort(strs, 8, sizeof *strs, cmpstr);
    for (int i = 0; i < 8; i++)
        printf("%s ", strs[i]);
    printf("\n");
    /* environment */
    setenv("ZLTEST", "one", 1);
    setenv("ZLTEST", "two", 0);
    printf("%s ", getenv("ZLTEST"));
    setenv("ZLTEST", "three", 1);
    printf("%s ", getenv("ZLTEST"));
    unsetenv("ZLTEST");
    printf("%s %d %d\n", getenv("ZLTEST") ? "set" : "unset", setenv("A=B", "x", 1), errno == EINVAL);
    static char pe[] = "ZLPUT=yes";
    putenv(pe);
    printf("%s\n", getenv("ZLPUT"));
    div_t dv = div(-7, 2);
    ldiv_t lv = ldiv(7, -2);
    printf("%d %d %ld %ld %d %ld\n", dv.quot, dv.rem, lv.quot, lv.rem, abs(-5), labs(-6));
    srand(1);
    int r1 = rand();
    srand(1);
    printf("rand repeatable %d in range %d\n", r1 == rand(), r1 >= 0 && r1 <= RAND_MAX);
    return 0;
}
