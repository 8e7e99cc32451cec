/* #pragma and _Pragma in -E output, push/pop_macro, #ident. */
#define X 1
#pragma push_macro("X")
#undef X
#define X 2
X
#pragma pop_macro("X")
X
#pragma STDC FP_CONTRACT ON
#pragma GCC diagnostic push
#pragma   weak   sym  =  alias
#pragma omp parallel for
#pragma
#ident "version 1"
_Pragma("foo bar") after
#define P _Pragma("unknown_pragma(\"x\")") q
a P b
#define DO_PRAGMA(x) _Pragma (#x)
DO_PRAGMA(pack(push, 1)) struct s;
#pragma GCC poison poisoned_name
#pragma push_macro("UNDEF")
#define UNDEF 3
UNDEF
#pragma pop_macro("UNDEF")
UNDEF
end
