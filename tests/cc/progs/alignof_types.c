// LP128: manual
#include <stdio.h>
#include <stddef.h>
#include <stdalign.h>
struct s1 { char c; long l; };
struct s2 { char c; int i; char d; };
struct s3 { char c; double d; };
struct s4 { char c; long double ld; };
struct s5 { char c; void *p; short s; };
int main(void)
{
    printf("_Alignof char %d short %d int %d long %d long long %d\n", (int)_Alignof(char),
           (int)_Alignof(short), (int)_Alignof(int), (int)_Alignof(long), (int)_Alignof(long long));
    printf("_Alignof float %d double %d long double %d void* %d\n", (int)_Alignof(float),
           (int)_Alignof(double), (int)_Alignof(long double), (int)_Alignof(void *));
    printf("alignof max_align_t %d\n", (int)alignof(max_align_t));
    printf("s1 size %d align %d off l %d\n", (int)sizeof(struct s1), (int)_Alignof(struct s1), (int)offsetof(struct s1, l));
    printf("s2 size %d align %d off i %d off d %d\n", (int)sizeof(struct s2), (int)_Alignof(struct s2),
           (int)offsetof(struct s2, i), (int)offsetof(struct s2, d));
    printf("s3 size %d align %d\n", (int)sizeof(struct s3), (int)_Alignof(struct s3));
    printf("s4 size %d align %d\n", (int)sizeof(struct s4), (int)_Alignof(struct s4));
    printf("s5 size %d align %d off p %d off s %d\n", (int)sizeof(struct s5), (int)_Alignof(struct s5),
           (int)offsetof(struct s5, p), (int)offsetof(struct s5, s));
    printf("array of long align %d\n", (int)_Alignof(long[3]));
    return 0;
}
