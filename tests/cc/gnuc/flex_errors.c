/* gcc's errors for initializing a flexible array member outside a static object's own
 * struct (tests/cc/gnuc_test.sh compares them with the host gcc's) */
struct W { int n; int a[]; };
struct O { int x; struct W w; };
struct S { int n; char s[]; };

struct O o1 = {1, {2, {3, 4}}};
struct O o2 = {1, .w.a = {3}};
struct W arr[2] = {{1, {2}}};
struct O o3 = {1, {2}};
struct O o4 = {1, {2, {}}};

int f(void)
{
    struct W w1 = {4, {1, 2}};
    struct W w2 = {4, {}};
    struct S s1 = {1, "abc"};
    struct W w3 = {.a = {1}};
    struct W w4 = {4};
    return w1.n + w2.n + s1.n + w3.n + w4.n;
}
