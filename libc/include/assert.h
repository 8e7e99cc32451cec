/* zlibc <assert.h> (may be included repeatedly with NDEBUG changing). */
#include <bits/zl_config.h>
#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
__ZL_BEGIN
__ZL_NORETURN void __assert_fail(const char *, const char *, int, const char *);
__ZL_END
#define assert(e) ((e) ? (void)0 : __assert_fail(#e, __FILE__, __LINE__, __func__))
#endif
#if __STDC_VERSION__ >= 201112L && !defined(__cplusplus) && !defined(static_assert)
#define static_assert _Static_assert
#endif
