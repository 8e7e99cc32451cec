/* Line handling: blank runs, long gaps (line markers), multi-line invocations,
 * __LINE__ in arguments, #line. */
#define f(x) x
#define g(x, y) x y
#define O o
a



b
c









d
f(1
  2) after
f(a
 b)c
f(a
 b) O c
g(1,
2) g(3,
  4)
f
(5) tail
f
not_a_call
__LINE__ f(__LINE__) f(
__LINE__)
#define L __LINE__
L f(L) g(L,
L)
#line 100
__LINE__ next
#line 200 "renamed.c"
__LINE__ __FILE__
#line 300 "lines.c"
back __LINE__
# 400 "gnu.c"
gnu __LINE__ __FILE__
text \
continued \
  lines
last line without newline
final