// LP128: manual
#include <stdio.h>
#include <stddef.h>
struct a { char c; short s; int i; long l; char d; };
struct b { char c[3]; };
struct c { int i; char c; };
struct d { long long ll; char c; };
struct e { char c; struct c in; double d; };
struct f { short s; char *p; };
union u { char c; int i; long l; double d; char buf[5]; };
struct g { char c; union u un; };
struct h { int n; int arr[]; };
#define P(T, m) printf("%-10s %-4s off %2d\n", #T, #m, (int)offsetof(T, m))
#define S(T) printf("%-10s size %2d align %2d\n", #T, (int)sizeof(T), (int)_Alignof(T))
int main(void)
{
    S(struct a); P(struct a, c); P(struct a, s); P(struct a, i); P(struct a, l); P(struct a, d);
    S(struct b);
    S(struct c); P(struct c, c);
    S(struct d); P(struct d, c);
    S(struct e); P(struct e, in); P(struct e, d);
    S(struct f); P(struct f, p);
    S(union u);
    S(struct g); P(struct g, un);
    S(struct h); P(struct h, arr);
    return 0;
}
