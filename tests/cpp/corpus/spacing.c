/* GCC's spacing rules for -E: paddings and avoid-paste. */
#define E
#define P +
#define M -
#define id(x) x
#define cat(a,b) a##b
E+E-E -E- +P P+ P+P -M M- M-M M>1 -M> a=E=b <E< >E> <E= !E= &E& |E| :E> %E: .E. .E1 #E# %E%
x E y xE E x id(x)y id(x)1 1id(x) id(1)x id(1)1 id(1)e id(1).5 1 E.5 id(.)5 id(.).
id(+)+ id(+)= id(-)> id(<)< id(<):: id(/)* id(/)/ id(-)- id(&)& id(|)| id(^)= id(*)= id(>)>
id(a)'c' id(a)"s" id(L)'c' id(1)'c' id(x)L'c' id(1)u8"s" id(#)# id(%:)%: id(%:)#
id( a ) id(a ) id( a) [id(a)] [ id(a) ] [id( a )] [id(a)id(b)] [id(a) id(b)]
cat(a,b)c cat(a,b) c cat(+,+)+ cat(-,-)- cat(1,2)3 x cat(a,b)
#define F(x) (x)
F(F(1)) F( F( 1 ) ) F(E) F( E ) F(E 1 E) F(1 E) F(E 1)
#define G(x, y) x y
G(a,b) G( a , b ) G(a,) G(,b) G(,) G(+,+) G(+,=) G(-,>)
#define H(x) -x-
H(-) H(+) H(1) H(a) H() H( ) H(-1)
#define T(x) x
T(T(T(-)))T(-) T(1)T(2) T(a)T(b)
	indented with tab
        eight spaces
  two
   #  define X_in_indent 1
    X_in_indent X_in_indent
#define OBJ objval
OBJ OBJ
  OBJ
x OBJ
