/* Error recovery: zl-cc reports every error of this file, with GCC's line, column and
 * text (tests/cc/errors_test.sh compares them with the host gcc's). */
struct s { int a; foo b; int c; };
struct t { int a };
int f(int x, bar y) { return x; }
static int helper(void) { return 1; }
int g(int n)
{
    switch (n) {
    case q: return 1;
    case 2: return zz;
    default: break;
    }
    do { n++; } while (nope);
    if (n == 1) { n = 2 } else { n = 3; }
    for (int i = 0; i < n; i++) { i += undef1; }
    int arr[] = {1, undef2, 3};
    zz = helper();
    return n + ;
}
int h(void) { return 5 }
int k(void) { int x = 1 return x; }
int y = 1 int z;
int w int v;
int u = nowhere;
unknown1 m1;
void p(void) { unknown2 *p2; p2 = 0; }
int r(int a) { a = 1
  return a; }
int t2(int a) { return (a
  ); }
struct s2 { int a int b; };
int ok(void) { return 0; }
