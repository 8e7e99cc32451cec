/* Errors found while lowering (jumps past a VLA declaration): each function's, with
 * GCC's notes (tests/cc/errors_test.sh). */
void f(int n) { goto l; { int a[n]; l: a[0] = 1; } }
void g(int n) { goto m; { int b[n]; m: b[0] = 1; } }
int h(void) { return 1; }
void s(int n) { switch (n) { case 0: ; int a[n]; case 1: a[0] = 1; } }
