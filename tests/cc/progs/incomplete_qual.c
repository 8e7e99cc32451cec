/* qualified (const, volatile, _Atomic) and typedef'd uses of a struct or union declared
 * before its definition are the same type once it is defined: size, alignment, members */
#include <stdio.h>

struct S;
_Atomic struct S *ps;
typedef const struct node *cnode;
struct T;
typedef _Atomic struct T AT;
union V;
const volatile union V *pv;

struct S { int a; };
struct node { int v; cnode next; };
struct T { short a, b; };
union V { int i; char c[6]; };

static struct S s = {7};
static const struct node n2 = {2, 0}, n1 = {1, &n2};
static union V v = {.c = "abcde"};

int main(void)
{
    ps = (_Atomic struct S *)&s;
    struct S r = *ps;
    *ps = (struct S){r.a + 1};
    printf("S %d %d %d\n", (int)sizeof *ps, (int)_Alignof(_Atomic struct S), s.a);
    int sum = 0;
    for (cnode p = &n1; p; p = p->next) sum = sum * 10 + p->v;
    printf("node %d %d\n", sizeof *(cnode)0 == sizeof(struct node), sum);
    printf("T %d %d\n", (int)sizeof(AT), (int)_Alignof(AT));
    pv = &v;
    printf("V %d %d %c\n", (int)sizeof *pv, (int)_Alignof(union V), pv->c[1]);
    return 0;
}
