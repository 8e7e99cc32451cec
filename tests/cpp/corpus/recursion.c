/* Rescanning, blue paint (C11 6.10.3.4) and the classic corner cases. */
#define foo foo bar
foo
#define a b
#define b a
a b
#define f(x) x g
#define g f
f(1)(2)
#define AA BB
#define BB AA
#define id(x) x
id(AA) id(id(AA)) id(BB)
#define obj(x) [x]
#define obj2 obj
obj2(1) obj2 (2) obj2
(3) obj2 + 1
#define nil()
nil() nil( ) nil
#define LPAREN (
#define RPAREN )
#define F2(x, y) x + y
#define ELLIP_FUNC(...) __VA_ARGS__
ELLIP_FUNC(F2, LPAREN, 'a', 'b', RPAREN);
#define i(x) x
#define j(x) i(x)
j(j)(1) i(i)(2) i(j)(3)
#define rec(x) x rec
rec(rec)(1)
#define EMPTY
#define DEFER(x) x EMPTY
#define OBSTRUCT(x) x DEFER(EMPTY)
#define EXPAND(...) __VA_ARGS__
#define A() 123
A ()
DEFER(A)()
EXPAND(DEFER(A)())
#define EVAL(...) EVAL1(EVAL1(__VA_ARGS__))
#define EVAL1(...) __VA_ARGS__
#define REPEAT_INDIRECT() REPEAT
#define REPEAT(n) n DEFER(REPEAT_INDIRECT)()(n)
EVAL(REPEAT(7))
#define CAT(a, ...) PRIMITIVE_CAT(a, __VA_ARGS__)
#define PRIMITIVE_CAT(a, ...) a ## __VA_ARGS__
#define IIF(c) PRIMITIVE_CAT(IIF_, c)
#define IIF_0(t, ...) __VA_ARGS__
#define IIF_1(t, ...) t
IIF(1)(true, false) IIF(0)(true, false)
#define CHECK_N(x, n, ...) n
#define CHECK(...) CHECK_N(__VA_ARGS__, 0,)
#define PROBE(x) x, 1,
#define IS_PAREN(x) CHECK(IS_PAREN_PROBE x)
#define IS_PAREN_PROBE(...) PROBE(~)
IS_PAREN(()) IS_PAREN(xxx)
#define m1(x) x m2
#define m2(x) (x) m1
m1(a)(b)(c)(d)
#define q(x) x
#define r q(r)
r q(r) q(q(r))
#define z z[0]
#define zz(x) x z
zz(z)
