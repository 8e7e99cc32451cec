#define f(x) x
f(1,2)
