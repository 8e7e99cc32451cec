int callee(int x);
int main(void) { return callee(40) == 81 ? 0 : 1; }
