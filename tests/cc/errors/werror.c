/* -Werror warnings count towards -fmax-errors */
int f(void) { int a; int b; return 0; }
int g(void) { return 1 +; }
