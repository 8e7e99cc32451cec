/* src/elf/elf_ar.c: the archive reader shared by zl-ld and zl-readelf. */
#include <stdlib.h>

#include "elf/elf.h"
#include "lib/check.h"

/* Append a 60-byte member header and its data (padded to even) to buf at *n. */
static void member(u8 *buf, usize *n, const char *name, const char *data, usize len)
{
    char h[61];
    snprintf(h, sizeof h, "%-16s%-12s%-6s%-6s%-8s%-10zu`\n", name, "0", "0", "0", "644", len);
    memcpy(buf + *n, h, 60);
    *n += 60;
    memcpy(buf + *n, data, len);
    *n += len;
    if (*n & 1) buf[(*n)++] = '\n';
}

TEST(members_and_names)
{
    static u8 buf[4096];
    usize n = 0;
    memcpy(buf, "!<arch>\n", 8);
    n = 8;
    member(buf, &n, "/", "\0\0\0\0", 4);                         /* empty GNU index */
    member(buf, &n, "//", "a_rather_long_member_name.o/\n", 29);
    member(buf, &n, "short.o/", "ABC", 3);
    member(buf, &n, "/0", "DEFG", 4);
    member(buf, &n, "#1/6", "bsd.o\0XY", 8);                      /* BSD name, NUL-padded */
    CHECK(ar_is_archive(buf, n));
    struct ar_walk w;
    struct ar_entry e;
    const char *why = NULL;
    ar_walk_init(&w, buf, n);
    CHECK(!w.thin);
    CHECK(ar_walk_next(&w, &e, &why) == 1 && e.kind == AR_SYMTAB && e.size == 4);
    CHECK(ar_walk_next(&w, &e, &why) == 1 && e.kind == AR_LONGNAMES);
    CHECK(ar_walk_next(&w, &e, &why) == 1 && e.kind == AR_MEMBER);
    CHECK(e.name_len == 7 && !memcmp(e.name, "short.o", 7) && e.size == 3 &&
          !memcmp(e.data, "ABC", 3));
    CHECK(ar_walk_next(&w, &e, &why) == 1 && e.kind == AR_MEMBER);
    CHECK(e.name_len == 27 && !memcmp(e.name, "a_rather_long_member_name.o", 27) && e.size == 4);
    CHECK(ar_walk_next(&w, &e, &why) == 1 && e.kind == AR_MEMBER);
    CHECK(e.name_len == 5 && !memcmp(e.name, "bsd.o", 5) && e.size == 2 &&
          !memcmp(e.data, "XY", 2));
    CHECK(ar_walk_next(&w, &e, &why) == 0);
}

TEST(malformed)
{
    static u8 buf[512];
    usize n = 8;
    memcpy(buf, "!<arch>\n", 8);
    member(buf, &n, "x.o/", "0123456789", 10);
    struct ar_walk w;
    struct ar_entry e;
    const char *why = NULL;
    ar_walk_init(&w, buf, n - 4);                                 /* data cut short */
    CHECK(ar_walk_next(&w, &e, &why) == -1 && why && e.hdr_off == 8);
    ar_walk_init(&w, buf, 8 + 30);                                /* header cut short */
    CHECK(ar_walk_next(&w, &e, &why) == -1);
    buf[8 + 58] = 'x';                                            /* bad terminator */
    ar_walk_init(&w, buf, n);
    CHECK(ar_walk_next(&w, &e, &why) == -1);
    buf[8 + 58] = '`';
    memcpy(buf + 8, "/99             ", 16);                      /* long name, no table */
    ar_walk_init(&w, buf, n);
    CHECK(ar_walk_next(&w, &e, &why) == -1);
    CHECK(!ar_is_archive((const u8 *)"!<arch", 6));
}

TEST(thin)
{
    static u8 buf[512];
    usize n = 8;
    memcpy(buf, "!<thin>\n", 8);
    member(buf, &n, "//", "dir/member_with_long_name.o/\n", 29);
    /* a thin member's header only: its size is the file's, no data follows */
    char h[61];
    snprintf(h, sizeof h, "%-16s%-12s%-6s%-6s%-8s%-10u`\n", "/0", "0", "0", "0", "644", 5000u);
    memcpy(buf + n, h, 60);
    n += 60;
    struct ar_walk w;
    struct ar_entry e;
    const char *why = NULL;
    ar_walk_init(&w, buf, n);
    CHECK(w.thin);
    CHECK(ar_walk_next(&w, &e, &why) == 1 && e.kind == AR_LONGNAMES);
    CHECK(ar_walk_next(&w, &e, &why) == 1 && e.kind == AR_MEMBER && e.size == 5000 && !e.data);
    CHECK(e.name_len == 27 && !memcmp(e.name, "dir/member_with_long_name.o", 27));
    CHECK(ar_walk_next(&w, &e, &why) == 0);
}

int main(void)
{
    RUN(members_and_names);
    RUN(malformed);
    RUN(thin);
    return check_done();
}
