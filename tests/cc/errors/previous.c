/* Redeclarations: GCC's error, then its note at the earlier declaration or definition
 * with the type that one had (tests/cc/errors_test.sh). */
int f(int);
double f(int);
int g(void) { return 0; }
int g(void) { return 1; }
int x;
typedef int x;
int y = 1;
int y = 2;
int z;
long z;
void h(void) { int a; int a; }
int k(int, char *, ...);
int k(long);
struct S { int m; };
struct S { int m; };
enum E { E1 };
enum E { E2 };
int (*fp)(int);
char fp;
int arr[3];
int arr[4];
int e1;
void e1(void);
typedef int T;
int T;
int (*c[2])(int);
char c;
void (*i(int))(void);
char i;
int m(int, int, struct S *, char);
char m;
