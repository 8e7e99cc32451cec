// LP128: same
#include <stdio.h>
#include <stdalign.h>
#include <stdint.h>
struct s { char c; _Alignas(16) int x; };
struct t { _Alignas(8) char c; };
static _Alignas(64) char buf[10];
alignas(32) static int arr[3];
int main(void)
{
    _Alignas(16) char local[3];
    alignas(double) char d[8];
    printf("struct s: size %d align %d\n", (int)sizeof(struct s), (int)alignof(struct s));
    printf("struct t: size %d align %d\n", (int)sizeof(struct t), (int)alignof(struct t));
    printf("buf aligned 64: %d\n", (int)((uintptr_t)buf % 64));
    printf("arr aligned 32: %d\n", (int)((uintptr_t)arr % 32));
    printf("local aligned 16: %d\n", (int)((uintptr_t)local % 16));
    printf("d aligned 8: %d\n", (int)((uintptr_t)d % 8));
    printf("_Alignof(char[5]) %d\n", (int)_Alignof(char[5]));
    local[0] = d[0] = 0;
    return local[0] + d[0];
}
