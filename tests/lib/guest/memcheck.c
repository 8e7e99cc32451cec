/* memcpy and memset of the guest runtime at every offset, length and relative alignment
 * that reaches their word loops, against byte-by-byte reference results.  memset once
 * stored words with c in only their low 4 bytes at rv128 (16-byte long). */
#include "guest.h"

static unsigned char buf[96] __attribute__((aligned(16)));
static unsigned char src[96] __attribute__((aligned(16)));

/* bytes of buf that differ from: want[k] in [at, at + n), 0 elsewhere */
static int differ(const unsigned char *want, int at, int n)
{
    int bad = 0;
    for (int k = 0; k < (int)sizeof buf; k++)
        bad += buf[k] != (k >= at && k < at + n ? want[k - at] : 0);
    return bad;
}

int main(void)
{
    unsigned char fill[48];
    int bad = 0;
    for (int k = 0; k < (int)sizeof src; k++)
        src[k] = (unsigned char)(k * 7 + 1);
    /* called through a volatile pointer: the builtin would expand small constant sizes */
    void *(*volatile copy)(void *, const void *, size_t) = memcpy;
    void *(*volatile set)(void *, int, size_t) = memset;
    for (int to = 0; to < 16; to++)
        for (int from = 0; from < 16; from++)
            for (int n = 0; n <= 48; n++) {
                set(buf, 0, sizeof buf);
                copy(buf + to, src + from, (size_t)n);
                bad += differ(src + from, to, n);
            }
    for (int c = 0; c < 256; c += 85)
        for (int to = 0; to < 16; to++)
            for (int n = 0; n <= 48; n++) {
                for (int k = 0; k < n; k++)
                    fill[k] = (unsigned char)c;
                set(buf, 0, sizeof buf);
                set(buf + to, c, (size_t)n);
                bad += differ(fill, to, n);
            }
    put_str(bad ? "memcheck: wrong bytes\n" : "memcheck: ok\n");
    return bad != 0;
}
