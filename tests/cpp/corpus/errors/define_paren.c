#define f(x
