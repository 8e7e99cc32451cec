/* mode attributes GCC rejects: a mode on a type it cannot apply to, an unknown mode */
struct s { int a; };
typedef struct s T __attribute__((mode(SI)));
typedef int U __attribute__((mode(XYZ)));
typedef float F __attribute__((mode(DI)));
typedef int I __attribute__((mode(DF)));
