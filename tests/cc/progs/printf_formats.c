// LP128: same
#include <stdio.h>
int main(void)
{
    printf("[%d] [%5d] [%-5d] [%05d] [%+d] [% d] [%+05d] [%-+5d]\n", 42, 42, 42, 42, 42, 42, 42, 42);
    printf("[%d] [%5d] [%-5d] [%05d] [%+d] [% d]\n", -42, -42, -42, -42, -42, -42);
    printf("[%.3d] [%8.3d] [%-8.3d] [%.0d] [%.0d] [%5.0d]\n", 7, 7, 7, 0, 1, 0);
    printf("[%u] [%x] [%X] [%o] [%#x] [%#X] [%#o] [%#o]\n", 3000000000u, 0xbeefu, 0xbeefu, 8u, 255u, 255u, 8u, 0u);
    printf("[%08x] [%-8x|] [%#010x] [%.6x]\n", 0xabcu, 0xabcu, 0xabcu, 0xabcu);
    printf("[%c] [%3c] [%-3c|] [%%] [%5%]\n", 'a', 'b', 'c');
    printf("[%s] [%8s] [%-8s|] [%.2s] [%8.2s]\n", "str", "str", "str", "str", "str");
    printf("[%hd] [%hu] [%hhd] [%hhu] [%hx]\n", (short)-1, (unsigned short)65535, (signed char)-1, (unsigned char)255, (short)-1);
    printf("[%lld] [%llu] [%llx]\n", -1234567890123LL, 1234567890123ULL, 0x123456789abcULL);
    printf("[%*d] [%-*d] [%.*d] [%*.*d]\n", 6, 1, 6, 2, 4, 3, 6, 3, 4);
    printf("[%i] [%i]\n", 0x10, -0x10);
    int n = printf("count me\n");
    printf("printed %d\n", n);
    char buf[64];
    int k = sprintf(buf, "%d-%x-%s", 255, 255, "z");
    printf("sprintf %d \"%s\"\n", k, buf);
    k = snprintf(buf, 5, "%d", 1234567);
    printf("snprintf %d \"%s\"\n", k, buf);
    return 0;
}
