/* src/ar/ar.h — zl-ar's body, shared with zl-ranlib (src/ranlib links libzl-ar.a). */
#ifndef ZL_AR_AR_H
#define ZL_AR_AR_H
#include <stdbool.h>

/* Run as `zl-ar KEY ARCHIVE FILES...`, or (ranlib) `zl-ranlib ARCHIVE...`; exit status. */
int ar_main(int argc, char **argv, bool ranlib);

#endif
