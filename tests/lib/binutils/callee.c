static int counter;
static int bump(int by) { counter += by; return counter; }
int callee(int x) { int a = bump(x); return a + bump(1); }
