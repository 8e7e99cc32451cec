/* _Pragma whose operand is a macro call that makes the string (Linux's __diag()) */
#define STR1(s) #s
#define STR(s) STR1(s)
#define DIAG(s) _Pragma(STR(GCC diagnostic s))
#define DIAG_IGNORE(w) DIAG(ignored w)
DIAG(push)
DIAG_IGNORE("-Wmissing-prototypes")
int f(void);
DIAG(pop)
