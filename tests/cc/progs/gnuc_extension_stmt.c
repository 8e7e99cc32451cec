// LP128: same
// GNU `__extension__` starts an expression statement as well as a declaration: the
// token after it decides, as in glibc's `__extension__ ({ ... });` (fuzz_cc found zl-cc
// taking `__extension__ (x);` as a declaration without a type and crashing).
#include <stdio.h>
static int cnt;
__attribute__((noinline)) static int bump(int x) { cnt += x; return cnt; }
int main(void) {
  int x = 2;
  __extension__ (bump(x));
  __extension__ ({ bump(3); });
  __extension__ __extension__ bump(4);
  __extension__ long long y = x + cnt;
  __extension__ const int z = 7;
  for (__extension__ int i = 0; i < 2; i++) __extension__ bump(1);
  printf("cnt %d y %lld z %d\n", cnt, y, z);
  return 0;
}
