/* Locales: C/POSIX, and C.UTF-8 (also spelled C.utf8) for LC_CTYPE, which switches the
 * multibyte functions to UTF-8 and extends the wide classes to Latin-1 (docs/libc.md "Wide
 * characters").  The other categories accept the same names and behave as C.
 * setlocale(cat, "") takes the name from LC_ALL, LC_<category> or LANG: a name ending in
 * .UTF-8 / .utf8 gives "C.UTF-8", everything else "C".  Other explicit names are refused. */
#include "zl_libc.h"
#include <locale.h>
#include <string.h>
#include <stdlib.h>
#include <limits.h>

ZL_HIDDEN int __zl_utf8;

size_t __zl_mb_cur_max(void)
{
    return __zl_utf8 ? 4 : 1;
}

/* The name glibc's and musl's MB_CUR_MAX expands to (objects built against their headers). */
size_t __ctype_get_mb_cur_max(void)
{
    return __zl_mb_cur_max();
}

static int ascii_lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

/* "utf8" or "utf-8", any case, at the end of name after a '.' */
static int utf8_suffix(const char *name)
{
    const char *dot = strrchr(name, '.');
    if (!dot)
        return 0;
    char b[6];
    size_t n = 0;
    for (const char *p = dot + 1; *p && *p != '@'; p++) {
        if (*p == '-')
            continue;
        if (n == 4)
            return 0;
        b[n++] = (char)ascii_lower((unsigned char)*p);
    }
    b[n] = 0;
    return !strcmp(b, "utf8");
}

static const char *const cat_env[] = { "LC_CTYPE", "LC_NUMERIC", "LC_TIME", "LC_COLLATE",
                                       "LC_MONETARY", "LC_MESSAGES" };
static const char *cat_name[LC_ALL] = { "C", "C", "C", "C", "C", "C" };

char *setlocale(int cat, const char *name)
{
    if (cat < 0 || cat > LC_ALL)
        return NULL;
    if (!name) {
        if (cat != LC_ALL)
            return (char *)cat_name[cat];
        int same = 1;
        for (int i = 1; i < LC_ALL; i++)
            same &= !strcmp(cat_name[i], cat_name[0]);
        if (same)
            return (char *)cat_name[0];
        static char all[128];   /* 6 x "LC_MONETARY=C.UTF-8;" fits */
        all[0] = 0;
        for (int i = 0; i < LC_ALL; i++) {
            if (i)
                strcat(all, ";");
            strcat(all, cat_env[i]);
            strcat(all, "=");
            strcat(all, cat_name[i]);
        }
        return all;
    }
    const char *set;
    if (!*name) {
        for (int i = 0; i < LC_ALL; i++) {
            if (cat != LC_ALL && cat != i)
                continue;
            const char *e = getenv("LC_ALL");
            if (!e || !*e)
                e = getenv(cat_env[i]);
            if (!e || !*e)
                e = getenv("LANG");
            cat_name[i] = e && utf8_suffix(e) ? "C.UTF-8" : "C";
        }
        __zl_utf8 = strcmp(cat_name[LC_CTYPE], "C") != 0;
        return setlocale(cat, NULL);
    }
    if (!strcmp(name, "C") || !strcmp(name, "POSIX")) {
        set = "C";
    } else if (!strcmp(name, "C.UTF-8")) {
        set = "C.UTF-8";
    } else if (!strcmp(name, "C.utf8")) {
        set = "C.utf8";
    } else {
        return NULL;
    }
    for (int i = 0; i < LC_ALL; i++)
        if (cat == LC_ALL || cat == i)
            cat_name[i] = set;
    __zl_utf8 = strcmp(cat_name[LC_CTYPE], "C") != 0;
    return (char *)set;
}

struct lconv *localeconv(void)
{
    static struct lconv c = { ".", "", "", "", "", "", "", "", "", "",
                              CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX,
                              CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX };
    return &c;
}
