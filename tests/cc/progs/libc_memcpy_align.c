/* zlibc's memcpy at every source and destination offset within 16 bytes and every
 * length up to 48: its 16-byte word loop at rv128, its 8-byte loop for data aligned to 8
 * but not 16 and for a word copy's tail, and its byte loop, against a byte-by-byte copy. */
#include <stdio.h>
#include <string.h>

static unsigned char src[96] __attribute__((aligned(16)));
static unsigned char dst[96] __attribute__((aligned(16)));

int main(void)
{
    /* through a volatile pointer: the compiler would expand small constant sizes itself */
    void *(*volatile copy)(void *, const void *, size_t) = memcpy;
    long bad = 0, calls = 0;
    for (int k = 0; k < 96; k++)
        src[k] = (unsigned char)(k * 7 + 1);
    for (int to = 0; to < 16; to++)
        for (int from = 0; from < 16; from++)
            for (int n = 0; n <= 48; n++) {
                memset(dst, 0, sizeof dst);
                if (copy(dst + to, src + from, (size_t)n) != dst + to) bad++;
                for (int k = 0; k < 96; k++)
                    bad += dst[k] != (k >= to && k < to + n ? src[from + k - to] : 0);
                calls++;
            }
    printf("%ld copies, %ld wrong bytes\n", calls, bad);
    return bad != 0;
}
