// LP128: same
#include <stdio.h>
#include <stdint.h>
#include <string.h>
static uint32_t table[256];
static void init(void)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[i] = c;
    }
}
static uint32_t crc(const unsigned char *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    while (n--)
        c = table[(c ^ *p++) & 0xff] ^ (c >> 8);
    return c ^ 0xffffffffu;
}
static uint64_t fnv1a(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    while (*s) {
        h ^= (unsigned char)*s++;
        h *= 0x100000001b3ULL;
    }
    return h;
}
int main(void)
{
    init();
    const char *s = "The quick brown fox jumps over the lazy dog";
    printf("crc32 %08x\n", crc((const unsigned char *)s, strlen(s)));
    printf("crc32 empty %08x\n", crc((const unsigned char *)"", 0));
    uint64_t h = fnv1a(s);
    printf("fnv1a %08x%08x\n", (unsigned)(h >> 32), (unsigned)h);
    return 0;
}
