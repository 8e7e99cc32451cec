#define F(fmt, ...) printf(fmt, ## __VA_ARGS__)
F("a") F("a", 1) F("a", 1, 2) F("a",) F("a", )
#define G(...) g(0, ## __VA_ARGS__)
G() G(1) G(1,2)
#define N(args...) n(args)
#define N2(a, args...) n2(a, ## args)
N() N(1, 2) N2(1) N2(1, 2, 3)
#define C(...) __VA_ARGS__
C() C(a) C(a,b) C( a , b ) C((a,b),c)
#define O(a, ...) o(a __VA_OPT__(,) __VA_ARGS__)
O(1) O(1, 2) O(1, 2, 3) O(1,)
#define E
O(1, E) O(1, E E)
#define SDEF(sname, ...) S sname __VA_OPT__(= { __VA_ARGS__ })
SDEF(foo); SDEF(bar, 1, 2);
#define P(x, ...) x ## __VA_OPT__(_va) end
P(a) P(a, 1)
#define Q(x, ...) __VA_OPT__(pre ## x)
Q(a) Q(a, 1)
#define LOG(lvl, ...) log_ ## lvl(__VA_ARGS__ __VA_OPT__(,) 0)
LOG(info) LOG(err, "x", 1)
#define COUNT(...) COUNT_(__VA_ARGS__, 5, 4, 3, 2, 1, 0)
#define COUNT_(a, b, c, d, e, n, ...) n
COUNT(a) COUNT(a, b) COUNT(a, b, c, d, e)
#define FIRST(x, ...) x
#define REST(x, ...) __VA_ARGS__
FIRST(1, 2, 3) REST(1, 2, 3) REST(1)
