#define cat(a, b) a ## b
#define xcat(a, b) cat(a, b)
#define cat3(a, b, c) a ## b ## c
cat(+, =) cat(<, <=) cat(>>, =) cat(-, >) cat(%:, %:) cat(<, :) cat(., 5) cat(1, .5e) cat(1e, +)
cat(L, 'x') cat(u8, "s") cat(u, "s") cat(L, "w") cat(x, 1) cat(_, _LINE__) cat(__LINE, __)
cat(, ) cat(a, ) cat(, b) cat3(, , ) cat3(a, , c) cat3(, b, ) [cat(,)]
xcat(xcat(1, 2), 3) cat(cat(1, 2), 3)
#define EMPTY
cat(EMPTY, x) xcat(EMPTY, x) cat(x, EMPTY) xcat(x, EMPTY)
#define ab AB
#define AB done
cat(a, b) xcat(a, b) cat(a b, c d) cat(+ -, - +)
#define tail(x, ...) x ## __VA_ARGS__
tail(a) tail(a, b) tail(a, b c, d) tail(, b)
#define mkid(n) id ## n ## _t
mkid(1) mkid() mkid(x y)
#define hh # ## #
#define hs(x) #x
#define xhs(x) hs(x)
xhs(hh) xhs(a hh b)
#define dig(a) %: a
dig(x) <: :> <% %>
