/* Predefined macros per target: docs/abi.md §1.4 for LP128; GCC's set (riscv64-linux-gnu-gcc
 * -dM -E) for LP64 and ILP32, generated from the data model rather than listed per target. */
#include "cc/cc.h"

#include <string.h>

static const char *const common_defs[] = {
    "__STDC__=1", "__STDC_VERSION__=201112L", "__STDC_HOSTED__=1", "__STDC_UTF_16__=1",
    "__STDC_UTF_32__=1", "__STDC_IEC_559__=1", "__STDC_ISO_10646__=201706L",
    /* C11 6.10.8.3: optional features zl-cc and zlibc do not provide yet (docs/cc.md) */
    "__GNUC__=4", "__GNUC_MINOR__=2", "__GNUC_PATCHLEVEL__=1", "__GNUC_STDC_INLINE__=1",
    "__zlcc__=1", "__VERSION__=\"zl-cc 0.1\"",
    "__ATOMIC_RELAXED=0", "__ATOMIC_CONSUME=1", "__ATOMIC_ACQUIRE=2", "__ATOMIC_RELEASE=3",
    "__ATOMIC_ACQ_REL=4", "__ATOMIC_SEQ_CST=5",
    "__BIGGEST_ALIGNMENT__=16", "__ORDER_LITTLE_ENDIAN__=1234", "__ORDER_BIG_ENDIAN__=4321",
    "__ORDER_PDP_ENDIAN__=3412", "__BYTE_ORDER__=__ORDER_LITTLE_ENDIAN__",
    "__FLOAT_WORD_ORDER__=__ORDER_LITTLE_ENDIAN__", "__CHAR_BIT__=8", "__CHAR_UNSIGNED__=1",
    "__ELF__=1", "__linux__=1", "__linux=1", "linux=1", "__gnu_linux__=1", "__unix__=1",
    "__unix=1", "unix=1", "__USER_LABEL_PREFIX__=", "__REGISTER_PREFIX__=",
    "__NO_INLINE__=1", "__FINITE_MATH_ONLY__=0",
    "__riscv=1", "__riscv_flen=64", "__riscv_float_abi_double=1", "__riscv_cmodel_medany=1",
    "__riscv_compressed=1", "__riscv_atomic=1", "__riscv_mul=1", "__riscv_div=1",
    "__riscv_muldiv=1", "__riscv_fdiv=1", "__riscv_fsqrt=1", "__riscv_i=2001000",
    "__riscv_m=2000000", "__riscv_a=2001000", "__riscv_f=2002000", "__riscv_d=2002000",
    "__riscv_c=2000000", "__riscv_zicsr=2000000", "__riscv_zifencei=2000000",
    "__riscv_arch_test=1",
    "__SIZEOF_INT__=4", "__SIZEOF_SHORT__=2", "__SIZEOF_FLOAT__=4", "__SIZEOF_DOUBLE__=8",
    "__SIZEOF_LONG_DOUBLE__=16", "__SIZEOF_WCHAR_T__=4", "__SIZEOF_WINT_T__=4",
    "__SCHAR_MAX__=0x7f", "__SHRT_MAX__=0x7fff", "__INT_MAX__=0x7fffffff",
    "__WCHAR_TYPE__=int", "__WCHAR_MAX__=0x7fffffff", "__WCHAR_MIN__=(-__WCHAR_MAX__ - 1)",
    "__WINT_TYPE__=unsigned int", "__WINT_MAX__=0xffffffffU", "__WINT_MIN__=0U",
    "__CHAR16_TYPE__=short unsigned int", "__CHAR32_TYPE__=unsigned int",
    "__SIG_ATOMIC_TYPE__=int", "__SIG_ATOMIC_MAX__=0x7fffffff",
    "__SIG_ATOMIC_MIN__=(-__SIG_ATOMIC_MAX__ - 1)", "__SCHAR_WIDTH__=8", "__SHRT_WIDTH__=16",
    "__INT_WIDTH__=32", "__WCHAR_WIDTH__=32", "__WINT_WIDTH__=32", "__SIG_ATOMIC_WIDTH__=32",
    "__INT8_TYPE__=signed char", "__INT16_TYPE__=short int", "__INT32_TYPE__=int",
    "__UINT8_TYPE__=unsigned char", "__UINT16_TYPE__=short unsigned int",
    "__UINT32_TYPE__=unsigned int", "__INT8_MAX__=0x7f", "__INT16_MAX__=0x7fff",
    "__INT32_MAX__=0x7fffffff", "__UINT8_MAX__=0xff", "__UINT16_MAX__=0xffff",
    "__UINT32_MAX__=0xffffffffU", "__INT8_C(c)=c", "__INT16_C(c)=c", "__INT32_C(c)=c",
    "__UINT8_C(c)=c", "__UINT16_C(c)=c", "__UINT32_C(c)=c ## U",
    "__INT_LEAST8_TYPE__=signed char", "__INT_LEAST16_TYPE__=short int",
    "__INT_LEAST32_TYPE__=int", "__UINT_LEAST8_TYPE__=unsigned char",
    "__UINT_LEAST16_TYPE__=short unsigned int", "__UINT_LEAST32_TYPE__=unsigned int",
    "__INT_LEAST8_MAX__=0x7f", "__INT_LEAST16_MAX__=0x7fff", "__INT_LEAST32_MAX__=0x7fffffff",
    "__UINT_LEAST8_MAX__=0xff", "__UINT_LEAST16_MAX__=0xffff",
    "__UINT_LEAST32_MAX__=0xffffffffU", "__INT_LEAST8_WIDTH__=8", "__INT_LEAST16_WIDTH__=16",
    "__INT_LEAST32_WIDTH__=32", "__INT_LEAST64_WIDTH__=64",
    "__INT_FAST8_TYPE__=signed char", "__UINT_FAST8_TYPE__=unsigned char",
    "__INT_FAST8_MAX__=0x7f", "__UINT_FAST8_MAX__=0xff", "__INT_FAST8_WIDTH__=8",
    "__FLT_RADIX__=2", "__FLT_EVAL_METHOD__=0", "__DEC_EVAL_METHOD__=2",
    "__FLT_MANT_DIG__=24", "__FLT_DIG__=6", "__FLT_MIN_EXP__=(-125)",
    "__FLT_MIN_10_EXP__=(-37)", "__FLT_MAX_EXP__=128", "__FLT_MAX_10_EXP__=38",
    "__FLT_DECIMAL_DIG__=9", "__FLT_MAX__=3.40282346638528859811704183484516925e+38F",
    "__FLT_NORM_MAX__=3.40282346638528859811704183484516925e+38F",
    "__FLT_MIN__=1.17549435082228750796873653722224568e-38F",
    "__FLT_EPSILON__=1.19209289550781250000000000000000000e-7F",
    "__FLT_DENORM_MIN__=1.40129846432481707092372958328991613e-45F", "__FLT_HAS_DENORM__=1",
    "__FLT_HAS_INFINITY__=1", "__FLT_HAS_QUIET_NAN__=1", "__DBL_MANT_DIG__=53",
    "__DBL_DIG__=15", "__DBL_MIN_EXP__=(-1021)", "__DBL_MIN_10_EXP__=(-307)",
    "__DBL_MAX_EXP__=1024", "__DBL_MAX_10_EXP__=308", "__DBL_DECIMAL_DIG__=17",
    "__DBL_MAX__=((double)1.79769313486231570814527423731704357e+308L)",
    "__DBL_NORM_MAX__=((double)1.79769313486231570814527423731704357e+308L)",
    "__DBL_MIN__=((double)2.22507385850720138309023271733240406e-308L)",
    "__DBL_EPSILON__=((double)2.22044604925031308084726333618164062e-16L)",
    "__DBL_DENORM_MIN__=((double)4.94065645841246544176568792868221372e-324L)",
    "__DBL_HAS_DENORM__=1", "__DBL_HAS_INFINITY__=1", "__DBL_HAS_QUIET_NAN__=1",
    "__LDBL_MANT_DIG__=113", "__LDBL_DIG__=33", "__LDBL_MIN_EXP__=(-16381)",
    "__LDBL_MIN_10_EXP__=(-4931)", "__LDBL_MAX_EXP__=16384", "__LDBL_MAX_10_EXP__=4932",
    "__LDBL_DECIMAL_DIG__=36", "__DECIMAL_DIG__=36",
    "__LDBL_MAX__=1.18973149535723176508575932662800702e+4932L",
    "__LDBL_MIN__=3.36210314311209350626267781732175260e-4932L",
    "__LDBL_EPSILON__=1.92592994438723585305597794258492732e-34L",
    "__LDBL_DENORM_MIN__=6.47517511943802511092443895822764655e-4966L",
    "__LDBL_HAS_DENORM__=1", "__LDBL_HAS_INFINITY__=1", "__LDBL_HAS_QUIET_NAN__=1",
    "__GCC_ATOMIC_TEST_AND_SET_TRUEVAL=1", "__GCC_HAVE_SYNC_COMPARE_AND_SWAP_1=1",
    "__GCC_HAVE_SYNC_COMPARE_AND_SWAP_2=1", "__GCC_HAVE_SYNC_COMPARE_AND_SWAP_4=1",
    "__GCC_IEC_559=2", "__GCC_IEC_559_COMPLEX=2",
};

/* One C integer type of the data model: spelling, size, signedness, literal suffix. */
struct pty {
    const char *name;
    int size;
    bool uns;
    const char *suf;
};

static struct pty model_type(int size, bool uns)
{
    struct pty t = {0};
    t.size = size;
    t.uns = uns;
    if (size == 8 && tgt.xlen == 128) {
        t.name = uns ? "unsigned __int64" : "__int64";
        t.suf = uns ? "ui64" : "i64"; /* zl-cc's suffix for __int64 (docs/cc.md) */
    } else if (size == tgt.long_size) {
        t.name = uns ? "long unsigned int" : "long int";
        t.suf = uns ? "UL" : "L";
    } else if (size == 4) {
        t.name = uns ? "unsigned int" : "int";
        t.suf = uns ? "U" : "";
    } else {
        t.name = uns ? "long long unsigned int" : "long long int";
        t.suf = uns ? "ULL" : "LL";
    }
    return t;
}

static char *maxhex(int size, bool uns, const char *suf)
{
    char buf[64];
    int n = 0;
    buf[n++] = '0';
    buf[n++] = 'x';
    buf[n++] = uns ? 'f' : '7';
    for (int i = 1; i < size * 2; i++) buf[n++] = 'f';
    buf[n] = 0;
    return cc_printf("%s%s", buf, suf);
}

static void def(struct cpp *pp, const char *s) { cpp_define(pp, s); }

static void def_type(struct cpp *pp, const char *mac, int size, bool uns, bool limits)
{
    struct pty t = model_type(size, uns);
    /* ILP32 (GCC): size_t, ptrdiff_t and intptr_t are int types, not long */
    if (tgt.xlen == 32 && size == 4 && strcmp(mac, "INTMAX") && strcmp(mac, "UINTMAX")) {
        t.name = uns ? "unsigned int" : "int";
        t.suf = uns ? "U" : "";
    }
    def(pp, cc_printf("__%s_TYPE__=%s", mac, t.name));
    if (limits) def(pp, cc_printf("__%s_MAX__=%s", mac, maxhex(size, uns, t.suf)));
    if (limits && strncmp(mac, "UINT", 4) && strncmp(mac, "SIZE", 4)) {
            def(pp, cc_printf("__%s_WIDTH__=%d", mac, size * 8));
    }
}

void predef_add(struct cpp *pp)
{
    for (size_t i = 0; i < sizeof common_defs / sizeof *common_defs; i++) def(pp, common_defs[i]);
    int L = tgt.long_size, PS = tgt.ptr_size;
    def(pp, cc_printf("__riscv_xlen=%d", tgt.xlen));
    def(pp, "__SIZEOF_INT128__=16"); /* __int128 exists at every XLEN (docs/abi.md §1.1) */
    if (tgt.xlen == 128) {
        def(pp, "__LP128__=1");
        def(pp, "_LP128=1");
    } else if (tgt.xlen == 64) {
        def(pp, "__LP64__=1");
        def(pp, "_LP64=1");
    } else {
        def(pp, "_ILP32=1");
        def(pp, "__ILP32__=1");
    }
    def(pp, cc_printf("__SIZEOF_LONG__=%d", L));
    def(pp, cc_printf("__SIZEOF_LONG_LONG__=%d", tgt.llong_size));
    def(pp, cc_printf("__SIZEOF_POINTER__=%d", PS));
    def(pp, cc_printf("__SIZEOF_SIZE_T__=%d", PS));
    def(pp, cc_printf("__SIZEOF_PTRDIFF_T__=%d", PS));
    def(pp, cc_printf("__LONG_MAX__=%s", maxhex(L, false, "L")));
    def(pp, cc_printf("__LONG_LONG_MAX__=%s", maxhex(tgt.llong_size, false, "LL")));
    def(pp, cc_printf("__LONG_WIDTH__=%d", L * 8));
    def(pp, cc_printf("__LONG_LONG_WIDTH__=%d", tgt.llong_size * 8));
    def(pp, cc_printf("__PTRDIFF_WIDTH__=%d", PS * 8));
    def(pp, cc_printf("__SIZE_WIDTH__=%d", PS * 8));
    def(pp, cc_printf("__INTPTR_WIDTH__=%d", PS * 8));
    def(pp, cc_printf("__INTMAX_WIDTH__=%d", tgt.xlen == 128 ? 128 : 64));
    def(pp, "__GCC_ATOMIC_BOOL_LOCK_FREE=2");
    def(pp, "__GCC_ATOMIC_CHAR_LOCK_FREE=2");
    def(pp, "__GCC_ATOMIC_SHORT_LOCK_FREE=2");
    def(pp, "__GCC_ATOMIC_CHAR16_T_LOCK_FREE=2");
    def(pp, "__GCC_ATOMIC_CHAR32_T_LOCK_FREE=2");
    def(pp, "__GCC_ATOMIC_WCHAR_T_LOCK_FREE=2");
    def(pp, "__GCC_ATOMIC_INT_LOCK_FREE=2");
    def(pp, cc_printf("__GCC_ATOMIC_LONG_LOCK_FREE=%d", L <= tgt.regsize ? 2 : 1));
    def(pp, cc_printf("__GCC_ATOMIC_LLONG_LOCK_FREE=%d", tgt.llong_size <= tgt.regsize ? 2 : 1));
    def(pp, cc_printf("__GCC_ATOMIC_POINTER_LOCK_FREE=%d", 2));
    if (tgt.xlen >= 64) def(pp, "__GCC_HAVE_SYNC_COMPARE_AND_SWAP_8=1");
    if (tgt.xlen >= 128) def(pp, "__GCC_HAVE_SYNC_COMPARE_AND_SWAP_16=1");
    /* pointer-sized and maximum-width types */
    def_type(pp, "SIZE", PS, true, true);
    def_type(pp, "PTRDIFF", PS, false, true);
    def_type(pp, "INTPTR", PS, false, true);
    def_type(pp, "UINTPTR", PS, true, true);
    int M = tgt.xlen == 128 ? 16 : 8;
    def_type(pp, "INTMAX", M, false, true);
    def_type(pp, "UINTMAX", M, true, true);
    struct pty im = model_type(M, false), um = model_type(M, true);
    def(pp, cc_printf("__INTMAX_C(c)=c ## %s", im.suf));
    def(pp, cc_printf("__UINTMAX_C(c)=c ## %s", um.suf));
    /* 64-bit types */
    def_type(pp, "INT64", 8, false, true);
    def_type(pp, "UINT64", 8, true, true);
    def_type(pp, "INT_LEAST64", 8, false, true);
    def_type(pp, "UINT_LEAST64", 8, true, true);
    def_type(pp, "INT_FAST64", 8, false, true);
    def_type(pp, "UINT_FAST64", 8, true, true);
    struct pty t64 = model_type(8, false), tu64 = model_type(8, true);
    def(pp, cc_printf("__INT64_C(c)=c ## %s", t64.suf));
    def(pp, cc_printf("__UINT64_C(c)=c ## %s", tu64.suf));
    /* fast 16/32: int on LP128 (docs/abi.md §1.3) and ILP32, long on LP64 (GCC) */
    int F = tgt.xlen == 64 ? 8 : 4;
    def_type(pp, "INT_FAST16", F, false, true);
    def_type(pp, "UINT_FAST16", F, true, true);
    def_type(pp, "INT_FAST32", F, false, true);
    def_type(pp, "UINT_FAST32", F, true, true);
}
