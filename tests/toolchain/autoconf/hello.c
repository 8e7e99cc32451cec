#include "config.h"
#include <stdio.h>

const char *greet(void);

int main(void)
{
#if defined(HAVE_UNISTD_H) && defined(HAVE_STRTOULL)
    printf("%s: long %d, void * %d, sizeof(long) %d\n", greet(), SIZEOF_LONG, SIZEOF_VOID_P,
           (int)sizeof(long));
    return SIZEOF_LONG == sizeof(long) ? 0 : 1;
#else
    return 2;
#endif
}
