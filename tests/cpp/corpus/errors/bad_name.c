#define 3 x
