/* Idioms from Linux headers. */
#define __stringify_1(x...) #x
#define __stringify(x...) __stringify_1(x)
#define __ARG_PLACEHOLDER_1 0,
#define __take_second_arg(__ignored, val, ...) val
#define __is_defined(x) ___is_defined(x)
#define ___is_defined(val) ____is_defined(__ARG_PLACEHOLDER_##val)
#define ____is_defined(arg1_or_junk) __take_second_arg(arg1_or_junk 1, 0)
#define IS_BUILTIN(option) __is_defined(option)
#define IS_MODULE(option) __is_defined(option##_MODULE)
#define IS_ENABLED(option) __or(IS_BUILTIN(option), IS_MODULE(option))
#define __or(x, y) ___or(x, y)
#define ___or(x, y) ____or(__ARG_PLACEHOLDER_##x, y)
#define ____or(arg1_or_junk, y) __take_second_arg(arg1_or_junk 1, y)
#define CONFIG_FOO 1
#define CONFIG_BAR_MODULE 1
IS_ENABLED(CONFIG_FOO) IS_ENABLED(CONFIG_BAR) IS_ENABLED(CONFIG_BAZ)
#if IS_ENABLED(CONFIG_FOO) && !IS_ENABLED(CONFIG_BAZ)
is_enabled_in_if
#endif
__stringify(a, b  c) __stringify(CONFIG_FOO)
#define offsetof(TYPE, MEMBER) __builtin_offsetof(TYPE, MEMBER)
#define container_of(ptr, type, member) ({ \
	void *__mptr = (void *)(ptr); \
	((type *)(__mptr - offsetof(type, member))); })
container_of(p, struct foo, list)
#define BUILD_BUG_ON_ZERO(e) ((int)(sizeof(struct { int:(-!!(e)); })))
#define __must_be_array(a) BUILD_BUG_ON_ZERO(__same_type((a), &(a)[0]))
#define ARRAY_SIZE(arr) (sizeof(arr) / sizeof((arr)[0]) + __must_be_array(arr))
ARRAY_SIZE(tbl)
#define __COUNT_ARGS(_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _n, X...) _n
#define COUNT_ARGS(X...) __COUNT_ARGS(, ##X, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
COUNT_ARGS() COUNT_ARGS(a) COUNT_ARGS(a, b, c)
#define __CONCAT(a, b) a ## b
#define CONCATENATE(a, b) __CONCAT(a, b)
CONCATENATE(foo_, COUNT_ARGS(x, y))
#define pr_fmt(fmt) "mod: " fmt
#define pr_info(fmt, ...) printk(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define KERN_INFO "\001" "6"
pr_info("hello %d\n", 1); pr_info("bye\n");
#define BIT(nr) (1UL << (nr))
#define GENMASK(h, l) (((~0UL) - (1UL << (l)) + 1) & (~0UL >> (64 - 1 - (h))))
BIT(3) GENMASK(63, 0)
#define min(x, y) ({ typeof(x) _x = (x); typeof(y) _y = (y); _x < _y ? _x : _y; })
min(a, min(b, c))
#define DECLARE_BITMAP(name,bits) unsigned long name[((bits) + 63) / 64]
DECLARE_BITMAP(mask, 128);
#define __section(s) __attribute__((__section__(#s)))
#define __init __section(.init.text)
int __init foo(void);
#define EXPORT_SYMBOL(sym) extern typeof(sym) sym; static const char __kstrtab_##sym[] = #sym
EXPORT_SYMBOL(foo);
#define ASM_ARGS(x...) asm volatile("nop" : : x)
ASM_ARGS("r" (a), "m" (b));
