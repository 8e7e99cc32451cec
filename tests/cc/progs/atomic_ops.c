/* C11 _Atomic operators (6.5.2.4, 6.5.16.2): loads, stores, ++/--, every compound
 * assignment on integers of 1, 2, 4 and 8 bytes, _Bool, pointers, float and double;
 * 1- and 2-byte __atomic and __sync builtins and atomic_flag.  Single-threaded, so this
 * checks the values; tests/cc/atomic_test.sh checks the instructions. */
// GCCDIFF-LIBS: -latomic
#include <stdio.h>
#include <stdatomic.h>

#if __SIZEOF_POINTER__ >= 8
#define A8 _Atomic
#else
#define A8 /* rv32: no lock-free 8-byte atomics (zl-cc provides no libatomic) */
#endif

_Atomic int ai = 5;
_Atomic unsigned au = 0xfffffff0u;
A8 long long all = 1;
_Atomic char ac = 'a';
_Atomic signed char asc = -100;
_Atomic unsigned char auc = 250;
_Atomic short as = -30000;
_Atomic unsigned short aus = 65530;
_Atomic _Bool ab;
_Atomic float af = 1.5f;
A8 double ad = 2.25;
int arr[10];
int *_Atomic ap = arr;
_Atomic(long) al2 = 7;
struct S { char pad; _Atomic short x; _Atomic char y; char z; } s = {1, 2, 3, 4};
struct P { short a, b; };
_Atomic struct P ps = {1, 2};
struct Q { int a, b; };
A8 struct Q qs = {3, 4};
struct B { unsigned char b[8]; } bytes = {{1, 2, 3, 4, 5, 6, 7, 8}};

static void show_bytes(const char *what)
{
    printf("%s:", what);
    for (int i = 0; i < 8; i++) printf(" %d", bytes.b[i]);
    printf("\n");
}

static void ints(void)
{
    int r;
    r = ai++; printf("ai++ %d %d\n", r, ai);
    r = ++ai; printf("++ai %d %d\n", r, ai);
    r = ai--; printf("ai-- %d %d\n", r, ai);
    r = --ai; printf("--ai %d %d\n", r, ai);
    r = (ai += 10); printf("+= %d\n", r);
    r = (ai -= 3); printf("-= %d\n", r);
    r = (ai &= 0xc); printf("&= %d\n", r);
    r = (ai |= 0x30); printf("|= %d\n", r);
    r = (ai ^= 0xff); printf("^= %d\n", r);
    r = (ai *= 3); printf("*= %d\n", r);
    r = (ai /= 2); printf("/= %d\n", r);
    r = (ai %= 7); printf("%%= %d\n", r);
    r = (ai <<= 4); printf("<<= %d\n", r);
    r = (ai >>= 2); printf(">>= %d\n", r);
    r = (ai += 2.75); printf("+= 2.75 %d\n", r);
    r = (ai -= -1000000000LL); printf("-= ll %d\n", r);
    ai = ai * 2 - 1;
    printf("ai %d\n", ai);
    printf("generic %d\n", _Generic(ai, int: 1, default: 0));
    unsigned u;
    u = (au += 0x20); printf("au %x %x\n", u, au);
    u = au--; printf("au-- %x %x\n", u, au);
    u = --au; printf("--au %x\n", u);
    u = (au >>= 1); printf("au>>= %x\n", u);
    u = (au /= 3u); printf("au/= %u\n", u);
    long long l;
    l = (all <<= 40); printf("all %lld\n", l);
    l = all++; printf("all++ %lld %lld\n", l, (long long)all);
    l = (all *= -3); printf("all*= %lld\n", l);
    l = (all -= 0x7fffffffLL); printf("all-= %lld\n", l);
    l = (all |= 1); printf("all|= %lld\n", l);
    al2 = al2 * 2;
    printf("al2 %ld\n", (long)al2);
}

static void small(void)
{
    int r;
    r = ac++; printf("ac++ %d %d\n", r, ac);
    r = (ac += 10); printf("ac+= %d\n", r);
    r = (ac *= 2); printf("ac*= %d\n", (signed char)r);
    r = (asc -= 30); printf("asc-= %d\n", r);
    r = asc--; printf("asc-- %d %d\n", r, asc);
    r = (asc ^= -1); printf("asc^= %d\n", r);
    r = (auc += 10); printf("auc+= %d\n", r);
    r = auc--; printf("auc-- %d %d\n", r, auc);
    r = --auc; printf("--auc %d\n", r);
    r = (auc |= 0xf0); printf("auc|= %d\n", r);
    r = (auc &= 0x3c); printf("auc&= %d\n", r);
    r = (as -= 10000); printf("as-= %d\n", r);
    r = ++as; printf("++as %d\n", r);
    r = (as >>= 3); printf("as>>= %d\n", r);
    r = (aus += 10); printf("aus+= %d\n", r);
    r = aus--; printf("aus-- %d %d\n", r, aus);
    r = (aus -= 5); printf("aus-= %d\n", r);
    r = (aus <<= 15); printf("aus<<= %d\n", r);
    ab = 5; printf("ab %d\n", ab);
    r = ab++; printf("ab++ %d %d\n", r, ab);
    r = ab--; printf("ab-- %d %d\n", r, ab);
    r = ab--; printf("ab-- %d %d\n", r, ab);
    r = (ab ^= 1); printf("ab^= %d\n", r);
    r = (ab += 2); printf("ab+= %d\n", r);
    /* neighbours in the same word are left alone */
    s.x += 1000; s.x--; s.y -= 5; s.y *= 3;
    printf("s %d %d %d %d\n", s.pad, s.x, s.y, s.z);
}

static void fp(void)
{
    float f;
    f = (af += 1.25f); printf("af+= %d\n", (int)(f * 1000));
    f = (af *= 2); printf("af*= %d\n", (int)(f * 1000));
    f = af++; printf("af++ %d %d\n", (int)(f * 1000), (int)(af * 1000));
    f = --af; printf("--af %d\n", (int)(f * 1000));
    f = (af /= 4); printf("af/= %d\n", (int)(f * 1000));
    f = (af -= 1); printf("af-= %d\n", (int)(f * 1000));
    af = -af; printf("af %d\n", (int)(af * 1000));
    double d;
    d = (ad += 0.5); printf("ad+= %d\n", (int)(d * 1000));
    d = (ad *= ad); printf("ad*= %d\n", (int)(d * 1000));
    d = ad--; printf("ad-- %d %d\n", (int)(d * 1000), (int)(ad * 1000));
    d = (ad /= 3); printf("ad/= %d\n", (int)(d * 1000));
    int i = 10;
    i += af; printf("i %d\n", i);
}

static void ptrs(void)
{
    int *p;
    p = (ap += 3); printf("ap+= %d\n", (int)(p - arr));
    p = ap++; printf("ap++ %d %d\n", (int)(p - arr), (int)(ap - arr));
    p = --ap; printf("--ap %d\n", (int)(p - arr));
    p = (ap -= 2); printf("ap-= %d\n", (int)(p - arr));
    ap[0] = 42;
    printf("arr[1] %d\n", arr[1]);
}

static void builtins(void)
{
    unsigned char *b = bytes.b;
    printf("fetch_add %d\n", __atomic_fetch_add(&b[1], 254, __ATOMIC_SEQ_CST));
    printf("add_fetch %d\n", __atomic_add_fetch(&b[2], 255, __ATOMIC_SEQ_CST));
    printf("sub_fetch %d\n", __sync_sub_and_fetch((signed char *)&b[3], 10));
    printf("or %d\n", __atomic_or_fetch(&b[0], 0x80, __ATOMIC_RELAXED));
    printf("xchg %d\n", __atomic_exchange_n(&b[7], 99, __ATOMIC_SEQ_CST));
    show_bytes("after byte ops");
    unsigned short *h = (unsigned short *)&bytes.b[4];
    unsigned short e = 0x0605;
    printf("cas16 %d", __atomic_compare_exchange_n(h, &e, 0xbeef, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
    printf(" %d", __atomic_compare_exchange_n(h, &e, 0x1234, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
    printf(" %x\n", e);
    printf("val_cas %d\n", __sync_val_compare_and_swap(&b[1], 0, 7));
    printf("bool_cas %d\n", __sync_bool_compare_and_swap(&b[1], 7, 200));
    short sh = -2;
    printf("short fetch_sub %d %d\n", __atomic_fetch_sub(&sh, 32767, __ATOMIC_SEQ_CST), sh);
    printf("short and_fetch %d\n", __atomic_and_fetch(&sh, 0x7ff0, __ATOMIC_SEQ_CST));
    show_bytes("after halfword ops");
    char c = 0;
    printf("tas %d", __atomic_test_and_set(&c, __ATOMIC_SEQ_CST));
    printf(" %d %d", __atomic_test_and_set(&c, __ATOMIC_SEQ_CST), c);
    __atomic_clear(&c, __ATOMIC_SEQ_CST);
    printf(" %d\n", c);
    static atomic_flag fl = ATOMIC_FLAG_INIT;
    printf("flag %d %d", (int)sizeof(atomic_flag), atomic_flag_test_and_set(&fl));
    printf(" %d", atomic_flag_test_and_set(&fl));
    atomic_flag_clear(&fl);
    printf(" %d\n", atomic_flag_test_and_set_explicit(&fl, memory_order_acquire));
    atomic_bool abo = ATOMIC_VAR_INIT(0);
    printf("atomic_bool %d", atomic_exchange(&abo, 1));
    _Bool want = 0;
    printf(" %d %d\n", atomic_compare_exchange_strong(&abo, &want, 0), want);
    atomic_short ash;
    atomic_init(&ash, 100);
    printf("atomic_short %d", atomic_fetch_sub(&ash, 300));
    printf(" %d\n", atomic_load(&ash));
    atomic_uchar auch = 3;
    printf("atomic_uchar %d %d\n", atomic_fetch_xor(&auch, 0xff), auch);
}

static void structs(void)
{
    struct P p = ps;
    p.a += 10;
    ps = p;
    p = ps;
    printf("ps %d %d %d\n", p.a, p.b, (int)_Alignof(_Atomic struct P));
    struct Q q = qs, r = {0, 0};
    r = qs = q;
    r.b *= 3;
    qs = r;
    q = qs;
    printf("qs %d %d\n", q.a, q.b);
}

int main(void)
{
    structs();
    ints();
    small();
    fp();
    ptrs();
    builtins();
    return 0;
}
