// LP128: same
#include <stdio.h>
enum color { RED, GREEN = 5, BLUE, ALPHA = GREEN + 10 };
enum neg { MINUS = -3, ZERO_ = 0, PLUS };
typedef enum { A = 'a', B = 'b' } letters;
enum flags { F1 = 1 << 0, F2 = 1 << 1, F3 = 1 << 2 };
static const char *cname(enum color c)
{
    switch (c) {
    case RED: return "red";
    case GREEN: return "green";
    case BLUE: return "blue";
    case ALPHA: return "alpha";
    }
    return "?";
}
int main(void)
{
    printf("%d %d %d %d\n", RED, GREEN, BLUE, ALPHA);
    printf("%d %d %d\n", MINUS, ZERO_, PLUS);
    enum color c = BLUE;
    c++;
    printf("BLUE+1 = %d\n", c);
    printf("%s %s\n", cname(GREEN), cname(ALPHA));
    letters l = B;
    printf("letter %c\n", l);
    int f = F1 | F3;
    printf("flags %d has F2 %d\n", f, (f & F2) != 0);
    printf("sizeof enum %d sizeof RED %d\n", (int)sizeof(enum color), (int)sizeof RED);
    printf("enum unsigned? %d  enum neg signed? %d\n", (enum color)0 - 1 > 0, (enum neg)0 - 1 < 0);
    enum { LOCAL1 = 100, LOCAL2 } e = LOCAL2;
    printf("local enum %d\n", e);
    int arr[BLUE];
    printf("array sized by enum %d\n", (int)(sizeof arr / sizeof arr[0]));
    return 0;
}
