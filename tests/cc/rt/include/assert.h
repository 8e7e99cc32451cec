/* tests/cc minimal runtime: <assert.h> (uses only printf and abort, so it
 * also works when the object is linked with glibc). */
#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
#include <stdio.h>
#include <stdlib.h>
#define assert(e) ((e) ? (void)0 : \
    (printf("%s:%d: assertion failed: %s\n", __FILE__, __LINE__, #e), abort()))
#endif
