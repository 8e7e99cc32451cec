/* zl-cc's i64/ui64 integer suffixes (docs/cc.md "Integer constants"): the type is __int64
 * or unsigned __int64 at every XLEN (long at LP64, long long at ILP32), also in #if. */
#define TY(x) _Generic((x), __int64: 1, unsigned __int64: 2, default: 0)
_Static_assert(TY(1i64) == 1, "i64");
_Static_assert(TY(1I64) == 1, "I64");
_Static_assert(TY(1ui64) == 2, "ui64");
_Static_assert(TY(1UI64) == 2, "UI64");
_Static_assert(TY(1Ui64) == 2, "Ui64");
_Static_assert(TY(0x7fffffffffffffffi64) == 1, "hex INT64_MAX");
_Static_assert(TY(0x8000000000000000i64) == 2, "hex above INT64_MAX: unsigned __int64");
_Static_assert(TY(01777777777777777777777i64) == 2, "octal above INT64_MAX");
_Static_assert(TY(9223372036854775807i64) == 1, "decimal INT64_MAX");
_Static_assert(TY(18446744073709551615ui64) == 2, "decimal UINT64_MAX");
_Static_assert(sizeof(1i64) == 8 && sizeof(0ui64) == 8, "64 bits");
_Static_assert(-1i64 < 0 && -1ui64 > 0, "signedness");
_Static_assert((0xffffffffffffffffui64 + 1) == 0, "unsigned __int64 wraps at 2^64");
_Static_assert(TY(-9223372036854775807i64 - 1) == 1, "INT64_MIN");
#if 0x7fffffffffffffffi64 != 9223372036854775807 || !(1i64) || 1ui64 - 2 < 0
#error "i64 in #if"
#endif
#if -1i64 > 0 || -1ui64 < 0 || 0xffffffffffffffffi64 < 0
#error "i64 signedness in #if"
#endif
int main(void) { return (int)(3i64 - 3ui64); }
