// LP128: same
#include <stdio.h>
typedef int myint;
typedef myint *intptr;
typedef int arr5[5];
typedef struct node { int v; struct node *next; } node;
typedef int (*fn)(int);
typedef const char *cstr;
static int twice(int x) { return 2 * x; }
int main(void)
{
    myint a = 5;
    intptr p = &a;
    arr5 arr = { 1, 2, 3, 4, 5 };
    node n2 = { 2, 0 }, n1 = { 1, &n2 };
    fn f = twice;
    cstr s = "typedef";
    printf("%d %d %d %d\n", a, *p, arr[4], (int)sizeof(arr5));
    printf("%d %d\n", n1.v, n1.next->v);
    printf("%d %s\n", f(21), s);
    {
        typedef double myint;   /* shadows the outer typedef */
        myint d = 2.5;
        printf("inner typedef is double: %d\n", (int)(d * 2));
    }
    myint b = 7;
    printf("outer again %d\n", b);
    typedef unsigned char byte;
    byte bb = 255;
    bb++;
    printf("byte wraps %d\n", bb);
    return 0;
}
