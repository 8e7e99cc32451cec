/* <stddef.h> for zl-cc (C11 7.19); the types follow the target's data model. */
#ifndef __ZLCC_STDDEF_H
#define __ZLCC_STDDEF_H
typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;
#ifndef __cplusplus
typedef __WCHAR_TYPE__ wchar_t;
#endif
typedef struct {
    long long __max_align_ll __attribute__((aligned(__alignof__(long long))));
    long double __max_align_ld __attribute__((aligned(__alignof__(long double))));
} max_align_t;
#define NULL ((void *)0)
#define offsetof(type, member) __builtin_offsetof(type, member)
#endif
