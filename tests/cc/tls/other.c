/* The other translation unit of tests/cc/tls/main.c: defines o_*, uses main.c's t_int
 * through the initial-exec model. */
struct pt { int x; char tag; long long y; short s[3]; };
_Thread_local int o_int = 1000;
__thread long o_arr[3] = {5, 6, 7};
__thread struct pt o_pt = {-1, 'o', 0, {9, 8, 7}};
_Thread_local char o_bss[100];
extern _Thread_local int t_int;
int other_bump(void) { return ++t_int; }
int *other_addr(void) { return &t_int; }
