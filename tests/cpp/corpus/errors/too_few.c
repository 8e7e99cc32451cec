#define f(x,y) x
f(1)
