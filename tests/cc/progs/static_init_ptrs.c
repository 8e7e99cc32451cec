// LP128: same
#include <stdio.h>
static int arr[5] = { 10, 20, 30, 40, 50 };
static int *p = &arr[3];
static int *const q = arr + 1;
static const char *msg = "static string";
static const char *names[] = { "alpha", "beta", "gamma" };
static const char **np = &names[2];
struct link { const char *name; struct link *next; int *val; };
static struct link c3 = { "c3", 0, &arr[4] };
static struct link c2 = { "c2", &c3, &arr[2] };
static struct link c1 = { "c1", &c2, &arr[0] };
static int add(int a, int b) { return a + b; }
static int (*fp)(int, int) = add;
static struct { int (*f)(int, int); const char *s; } ops[] = { { add, "add" } };
static char buf[8], *bp = buf + 3;
static int diff = (int)(sizeof arr / sizeof arr[0]);
int main(void)
{
    printf("%d %d %s %s\n", *p, *q, msg, *np);
    for (struct link *l = &c1; l; l = l->next)
        printf("%s=%d ", l->name, *l->val);
    printf("\n");
    printf("fp %d ops %s %d\n", fp(2, 3), ops[0].s, ops[0].f(4, 5));
    printf("bp offset %d diff %d\n", (int)(bp - buf), diff);
    *p = 99;
    printf("arr[3]=%d\n", arr[3]);
    return 0;
}
