/* Thread-local storage through zl-cc (tests/cc/tls_test.sh): .tdata values, .tbss zeros,
 * addresses tp-relative and distinct from ordinary globals, local-exec for the objects
 * defined here, initial-exec for those of other.c (and of a GCC object at -m64), arrays,
 * structs, large alignment and a block large enough that zlibc maps the main thread's
 * area.  Prints "off NAME N" (the tp offset) for the script to compare with the linker's
 * symbol values, and "FAILED ..." for each wrong value; exit status 1 if any. */
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <errno.h>

struct pt { int x; char tag; long long y; short s[3]; };

_Thread_local int t_int = 42;
__thread long t_long[4] = {1, -2, 3, -4};
static _Thread_local int t_zero;
__thread struct pt t_pt = {7, 'q', -9000000000LL, {1, 2, 3}};
_Thread_local _Alignas(64) char t_al64[3] = "ab";
__thread char t_big[3000];
__thread double t_dbl = 2.5;
__thread int *t_ptr = &(int){5};          /* an address constant of a non-TLS object */
int g_plain = 1;

extern _Thread_local int o_int;            /* other.c: initial-exec */
extern __thread long o_arr[3];
extern __thread struct pt o_pt;
extern _Thread_local char o_bss[100];
int other_bump(void);
int *other_addr(void);

static int fails;
#define CHECK(c) do { if (!(c)) { printf("FAILED line %d: %s\n", __LINE__, #c); fails++; } } while (0)

static char *tp_value(void)
{
    char *tp;
    __asm__ volatile("mv %0, tp" : "=r"(tp));
    return tp;
}

static int counter(void)
{
    static _Thread_local int n = 100;      /* block scope, static */
    extern __thread int t_int;             /* block scope, extern */
    t_int += 0;
    return ++n;
}

#define OFF(v) printf("off %s %ld\n", #v, (long)((char *)&(v) - tp))

int main(void)
{
    char *tp = tp_value();
    /* initial values */
    CHECK(t_int == 42);
    CHECK(t_long[0] == 1 && t_long[1] == -2 && t_long[3] == -4);
    CHECK(t_zero == 0);
    CHECK(t_pt.x == 7 && t_pt.tag == 'q' && t_pt.y == -9000000000LL && t_pt.s[2] == 3);
    CHECK(!strcmp(t_al64, "ab"));
    CHECK(t_dbl == 2.5);
    CHECK(*t_ptr == 5);
    int nz = 0;
    for (size_t i = 0; i < sizeof t_big; i++)
        nz |= t_big[i];
    CHECK(nz == 0);
    CHECK(o_int == 1000 && o_arr[0] == 5 && o_arr[2] == 7);
    CHECK(o_pt.x == -1 && o_pt.tag == 'o' && o_pt.s[0] == 9);
    CHECK(o_bss[0] == 0 && o_bss[99] == 0);
    /* writes through both models, from both translation units */
    t_int++;
    t_long[2] += 10;
    t_zero = 3;
    t_pt.y = 100;
    t_pt.s[1] = -7;
    t_big[2999] = 'z';
    o_int += 1;
    o_arr[1] = 77;
    o_pt.tag = 'p';
    o_bss[50] = 'b';
    CHECK(t_int == 43 && t_long[2] == 13 && t_zero == 3 && t_pt.y == 100 && t_pt.s[1] == -7);
    CHECK(t_big[2999] == 'z');
    CHECK(o_int == 1001 && o_arr[1] == 77 && o_pt.tag == 'p' && o_bss[50] == 'b');
    CHECK(other_bump() == 44 && t_int == 44);   /* other.c increments t_int (initial-exec there) */
    CHECK(counter() == 101 && counter() == 102);
    /* addresses: tp-relative, inside the block, distinct from ordinary data */
    int *p = &t_int;
    CHECK(p == &t_int && *p == 44);
    CHECK(other_addr() == &t_int);
    CHECK((void *)p != (void *)&g_plain);
    CHECK((char *)p >= tp && (char *)p < tp + 8192);
    CHECK((char *)&o_int >= tp && (char *)&o_int < tp + 8192);
    CHECK((uintptr_t)t_al64 % 64 == 0);
    CHECK((uintptr_t)tp % 64 == 0);
    CHECK(((void **)tp)[-1] == NULL);      /* the TCB: descriptor slot, untouched here */
    long *lp = &t_long[1];
    CHECK(lp[1] == 13);
    struct pt *pp = &t_pt;
    CHECK(pp->tag == 'q');
    /* errno is zlibc's thread-local */
    errno = 0;
    CHECK(fopen("/nonexistent/x", "r") == NULL && errno == ENOENT);
    CHECK((char *)&errno >= tp && (char *)&errno < tp + 8192);
    OFF(t_int);
    OFF(t_long);
    OFF(t_pt);
    OFF(t_al64);
    OFF(t_big);
    OFF(t_dbl);
    OFF(o_int);
    OFF(o_arr);
    OFF(o_bss);
    printf("%s\n", fails ? "tls: failed" : "tls: ok");
    return fails != 0;
}
