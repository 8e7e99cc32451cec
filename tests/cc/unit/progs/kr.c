/* K&R (old-style) function definitions and calls without prototypes */
int add(a, b) int a; long b; { return a + (int)b; }
static double scale(x, f, s) double x; float f; char *s; { return x * f + (s[0] - '0'); }
int count(n) { return n * 2; }
int main(void) { return add(2, 3L) == 5 && scale(2.0, 1.5, "3") == 6.0 && count(4) == 8 ? 0 : 1; }
