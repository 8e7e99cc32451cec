/* -Wunused-function (-Wall) and "used but never defined": zl-cc's warnings must be GCC's,
 * line, column and order (tests/cc/warnings_test.sh). */
static int u1(void) { return 0; }
static int rec(int n) { return n ? rec(n - 1) : 0; }
static int byaddr(void) { return 1; }
static int (*fp)(void) = byaddr;
static inline int inl(void) { return 2; }
static int __attribute__((unused)) un(void) { return 3; }
__attribute__((unused)) static int un2(void) { return 3; }
static int decl_only(void);
static int decl_used(void);
static int insizeof(void) { return 4; }
int user(void) { return decl_used() + (int)sizeof(insizeof()); }
extern int ext(void);
static int later(void);
static int later(void) { return 5; }
static void *data[] = { 0 };
int dummy(void) { return fp != 0 && data[0] == 0; }
static int twice(void);
int call_twice(void) { return twice(); }
static int twice(void) { return 6; }
static int a2(void) { return 1; }
static int b2(void) { return a2(); }
static int c2(void);
static int d2(void) { return c2(); }
static int e2(void) { return 1; }
int x2 = sizeof(e2());
static void impl(void) { }
void pub(void) __attribute__((alias("impl")));
static void __attribute__((constructor)) init(void) { }
static void __attribute__((used)) kept(void) { }
static void never_called(void) { }
