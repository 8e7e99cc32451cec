/* FNV-1a written for LP64: the 64-bit hash lives in a 'long long', so at LP128 the
   multiplication no longer wraps at 2^64 and the hash comes out different. */
#include <stdio.h>

typedef unsigned long long u64;

static u64 fnv1a(const char *s)
{
    u64 h = 0xcbf29ce484222325ULL;
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 0x100000001b3ULL;
    }
    return h;
}

int main(void)
{
    u64 h = fnv1a("zettalinux");
    printf("long: %d bytes\n", (int)sizeof(long));
    if (h != 0x7f041b2b236b08d3ULL) {
        printf("hash.c:%d: fnv1a(\"zettalinux\") is not 7f041b2b236b08d3\n", __LINE__);
        return 1;
    }
    printf("fnv1a ok\n");
    return 0;
}
