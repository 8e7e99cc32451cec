#define f(x,x) x
