// LP128: same
#include <stdio.h>
#include <stdbool.h>
static bool is_pos(int x) { return x > 0; }
int main(void)
{
    bool b = 5;
    printf("bool from 5: %d\n", b);
    b = 0.25;
    printf("bool from 0.25: %d\n", b);
    b = (void *)0;
    printf("bool from NULL: %d\n", b);
    bool arr[4] = { true, false, 2, -1 };
    printf("arr %d %d %d %d size %d\n", arr[0], arr[1], arr[2], arr[3], (int)sizeof arr);
    bool t = true;
    t++;
    printf("true++ = %d\n", t);
    t--;
    printf("then -- = %d\n", t);
    t--;
    printf("then -- = %d\n", t);
    printf("is_pos %d %d\n", is_pos(3), is_pos(-3));
    printf("true+true %d\n", true + true);
    _Bool x = 0;
    x += 256;
    printf("+= 256: %d\n", x);
    return 0;
}
