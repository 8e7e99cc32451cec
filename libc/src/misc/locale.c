/* The C/POSIX locale only: setlocale accepts "", "C" and "POSIX" (and C.UTF-8, treated as
 * C: zlibc has no multibyte support yet) and refuses every other name. */
#include "zl_libc.h"
#include <locale.h>
#include <string.h>
#include <limits.h>

char *setlocale(int cat, const char *name)
{
    if (cat < 0 || cat > LC_ALL)
        return NULL;
    if (!name || !*name || !strcmp(name, "C") || !strcmp(name, "POSIX") ||
        !strcmp(name, "C.UTF-8") || !strcmp(name, "C.utf8"))
        return "C";
    return NULL;
}

struct lconv *localeconv(void)
{
    static struct lconv c = { ".", "", "", "", "", "", "", "", "", "",
                              CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX,
                              CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX };
    return &c;
}
