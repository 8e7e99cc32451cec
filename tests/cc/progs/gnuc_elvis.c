// LP128: same
// GNU `a ?: b` evaluates a once, as the value and as the test (found by a review: the
// omitted middle operand was the condition node itself, lowered twice).
#include <stdio.h>
static int cnt;
__attribute__((noinline)) int f(int x) { cnt++; return x; }
__attribute__((noinline)) double fd(double x) { cnt++; return x; }
__attribute__((noinline)) char *fp(char *p) { cnt++; return p; }
int main(void) {
  int v = f(3) ?: f(4); printf("v %d cnt %d\n", v, cnt);
  cnt = 0; if (f(3) ?: f(4)) printf("if cnt %d\n", cnt);
  cnt = 0; v = f(0) ?: f(5); printf("v %d cnt %d\n", v, cnt);
  cnt = 0; if (f(0) ?: f(0)) printf("bad\n"); else printf("else cnt %d\n", cnt);
  cnt = 0; long l = f(-2) ?: 9L; printf("l %ld cnt %d\n", l, cnt);
  cnt = 0; double d = fd(0.5) ?: 2.0; printf("d %g cnt %d\n", d, cnt);
  cnt = 0; d = fd(0.0) ?: 2.0; printf("d %g cnt %d\n", d, cnt);
  cnt = 0; char buf[4] = "ab"; char *p = fp(buf) ?: "zz"; printf("p %s cnt %d\n", p, cnt);
  cnt = 0; p = fp(0) ?: "zz"; printf("p %s cnt %d\n", p, cnt);
  cnt = 0; unsigned char uc = (unsigned char)f(200); int w = uc ?: -1; printf("w %d\n", w);
  return 0;
}
