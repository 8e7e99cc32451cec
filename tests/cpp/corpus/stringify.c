#define s(x) #x
#define xs(x) s(x)
#define sv(...) #__VA_ARGS__
s(  a   +   b  ) s( a
   b ) s("\n" '\'' "\\" '"') s(@) s(\) s(L"x" u8"y") s(  ) s(,) sv(a , b,c) sv()
s(/* c */ a /* d */ b) s(a/**/b) s(a//x
)
xs(__LINE__) s(__LINE__) xs(s(x)) s(s(x))
#define E
xs(E a E) s(E a E) xs(a E b) xs(E)
#define LP (
#define RP )
xs(LP RP) xs(f LP x RP)
s('a' "b" c) s(=) s(a,b) s((a,b))
s(  leading) s(trailing  ) s(tab	between)
xs(-E-) xs(+E+)
#define id(x) x
xs(id(a)id(b)) xs(id( a )id( b ))
