/* cpp-flags: -Iinc */
/* #if arithmetic at 64 bits, defined, conditionals, skipped junk. */
#define ONE 1
#define ZERO 0
#define EXPR (ONE + 2 * 3)
#if EXPR == 7
expr_ok
#endif
#if -1 < 0 && -1 > 0u && (0 ? -1 : 0u) == 0 && (1 ? -1 : 0u) > 0
signed_unsigned_ok
#endif
#if 0x7fffffffffffffff > 0 && 0xffffffffffffffff == -1 && 18446744073709551615u == -1
width_ok
#endif
#if (1 << 62) * 2 < 0 && -9223372036854775807 - 1 < 0 && ~0u == 0xffffffffffffffff
shift_ok
#endif
#if 'a' == 97 && '\377' < 0 && L'\xffffffff' < 0 && u'x' == 120 && '\n' == 10 && 'ab' == 24930
char_ok
#endif
#if defined ONE && defined(ZERO) && !defined NOPE && !defined(NOPE)
defined_ok
#endif
#if NOPE || unknown_ident || ZERO
bad
#elif 10 / 3 == 3 && 10 % 3 == 1 && -10 / 3 == -3 && -10 % 3 == -1
div_ok
#else
bad
#endif
#if 0
#if 1/0
#error not reached
#endif
' unterminated in skipped group
#garbage directive
#else
else_ok
#endif
#ifdef ONE
ifdef_ok
#else
bad
#endif
#ifndef ONE
bad
#elif 1
elif_ok
#endif
#if 0 && (1/0)
bad
#elif 1 || (1/0)
shortcircuit_ok
#endif
#if (2 || 1/0) == 1 && (0 && 1/0) == 0 && (1 ? 2 : 1/0) == 2
values_ok
#endif
#if 0b1010 == 10 && 010 == 8 && 0x1fULL == 31
never
#endif
#if __STDC__ && __STDC_VERSION__ >= 201112L && __STDC_HOSTED__
std_ok
#endif
#if __has_include("cond.c") && !__has_include(<nonexistent_header.h>)
has_include_ok
#endif
#if defined __has_include && defined(__has_include_next)
has_include_defined
#endif
#define CAT(a, b) a ## b
#if CAT(O, NE) == 1
macro_in_if_ok
#endif
#if (-1) >> 63 == -1 && 1 >> 64 == 0
#endif
#if 1 == 1L && 1 == 1ll && 2 > 1UL
suffix_ok
#endif
