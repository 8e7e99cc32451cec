/* <stdatomic.h> for zl-cc (C11 7.17), on top of the __atomic builtins.  Every operation is
 * sequentially consistent.  Objects of 1, 2, 4 and 8 bytes (16 on rv128; 1, 2 and 4 on
 * rv32) are lock-free (1 and 2 bytes by LR/SC on the containing word); larger ones are an
 * error (zl-cc provides no libatomic).  The operators on _Atomic objects (x++, x += v,
 * x = v, reading x) are atomic too. */
#ifndef __ZLCC_STDATOMIC_H
#define __ZLCC_STDATOMIC_H
#include <stddef.h>

typedef enum memory_order {
    memory_order_relaxed = __ATOMIC_RELAXED,
    memory_order_consume = __ATOMIC_CONSUME,
    memory_order_acquire = __ATOMIC_ACQUIRE,
    memory_order_release = __ATOMIC_RELEASE,
    memory_order_acq_rel = __ATOMIC_ACQ_REL,
    memory_order_seq_cst = __ATOMIC_SEQ_CST
} memory_order;

#define ATOMIC_BOOL_LOCK_FREE 2
#define ATOMIC_CHAR_LOCK_FREE 2
#define ATOMIC_CHAR16_T_LOCK_FREE 2
#define ATOMIC_CHAR32_T_LOCK_FREE 2
#define ATOMIC_WCHAR_T_LOCK_FREE 2
#define ATOMIC_SHORT_LOCK_FREE 2
#define ATOMIC_INT_LOCK_FREE 2
#define ATOMIC_LONG_LOCK_FREE __GCC_ATOMIC_LONG_LOCK_FREE
#define ATOMIC_LLONG_LOCK_FREE __GCC_ATOMIC_LLONG_LOCK_FREE
#define ATOMIC_POINTER_LOCK_FREE 2

#define ATOMIC_VAR_INIT(value) (value)
#define atomic_init(obj, value) ((void)(*(obj) = (value)))
#define kill_dependency(y) (y)
#define atomic_thread_fence(order) __atomic_thread_fence(order)
#define atomic_signal_fence(order) __atomic_signal_fence(order)
#define atomic_is_lock_free(obj) __atomic_is_lock_free(sizeof *(obj), (obj))

typedef _Atomic _Bool atomic_bool;
typedef _Atomic char atomic_char;
typedef _Atomic signed char atomic_schar;
typedef _Atomic unsigned char atomic_uchar;
typedef _Atomic short atomic_short;
typedef _Atomic unsigned short atomic_ushort;
typedef _Atomic int atomic_int;
typedef _Atomic unsigned int atomic_uint;
typedef _Atomic long atomic_long;
typedef _Atomic unsigned long atomic_ulong;
typedef _Atomic long long atomic_llong;
typedef _Atomic unsigned long long atomic_ullong;
typedef _Atomic __CHAR16_TYPE__ atomic_char16_t;
typedef _Atomic __CHAR32_TYPE__ atomic_char32_t;
typedef _Atomic __WCHAR_TYPE__ atomic_wchar_t;
typedef _Atomic __INTPTR_TYPE__ atomic_intptr_t;
typedef _Atomic __UINTPTR_TYPE__ atomic_uintptr_t;
typedef _Atomic __SIZE_TYPE__ atomic_size_t;
typedef _Atomic __PTRDIFF_TYPE__ atomic_ptrdiff_t;
typedef _Atomic __INTMAX_TYPE__ atomic_intmax_t;
typedef _Atomic __UINTMAX_TYPE__ atomic_uintmax_t;

#define atomic_store_explicit(obj, v, order) __atomic_store_n(obj, v, order)
#define atomic_store(obj, v) __atomic_store_n(obj, v, __ATOMIC_SEQ_CST)
#define atomic_load_explicit(obj, order) __atomic_load_n(obj, order)
#define atomic_load(obj) __atomic_load_n(obj, __ATOMIC_SEQ_CST)
#define atomic_exchange_explicit(obj, v, order) __atomic_exchange_n(obj, v, order)
#define atomic_exchange(obj, v) __atomic_exchange_n(obj, v, __ATOMIC_SEQ_CST)
#define atomic_compare_exchange_strong_explicit(obj, exp, des, s, f) \
    __atomic_compare_exchange_n(obj, exp, des, 0, s, f)
#define atomic_compare_exchange_strong(obj, exp, des) \
    __atomic_compare_exchange_n(obj, exp, des, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)
#define atomic_compare_exchange_weak_explicit(obj, exp, des, s, f) \
    __atomic_compare_exchange_n(obj, exp, des, 1, s, f)
#define atomic_compare_exchange_weak(obj, exp, des) \
    __atomic_compare_exchange_n(obj, exp, des, 1, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)
#define atomic_fetch_add_explicit(obj, v, order) __atomic_fetch_add(obj, v, order)
#define atomic_fetch_add(obj, v) __atomic_fetch_add(obj, v, __ATOMIC_SEQ_CST)
#define atomic_fetch_sub_explicit(obj, v, order) __atomic_fetch_sub(obj, v, order)
#define atomic_fetch_sub(obj, v) __atomic_fetch_sub(obj, v, __ATOMIC_SEQ_CST)
#define atomic_fetch_or_explicit(obj, v, order) __atomic_fetch_or(obj, v, order)
#define atomic_fetch_or(obj, v) __atomic_fetch_or(obj, v, __ATOMIC_SEQ_CST)
#define atomic_fetch_xor_explicit(obj, v, order) __atomic_fetch_xor(obj, v, order)
#define atomic_fetch_xor(obj, v) __atomic_fetch_xor(obj, v, __ATOMIC_SEQ_CST)
#define atomic_fetch_and_explicit(obj, v, order) __atomic_fetch_and(obj, v, order)
#define atomic_fetch_and(obj, v) __atomic_fetch_and(obj, v, __ATOMIC_SEQ_CST)

/* atomic_flag: one byte, as GCC's (__GCC_ATOMIC_TEST_AND_SET_TRUEVAL is 1) */
typedef struct atomic_flag { _Bool __val; } atomic_flag;
#define ATOMIC_FLAG_INIT { 0 }
#define atomic_flag_test_and_set_explicit(f, order) __atomic_test_and_set(&(f)->__val, order)
#define atomic_flag_test_and_set(f) __atomic_test_and_set(&(f)->__val, __ATOMIC_SEQ_CST)
#define atomic_flag_clear_explicit(f, order) __atomic_clear(&(f)->__val, order)
#define atomic_flag_clear(f) __atomic_clear(&(f)->__val, __ATOMIC_SEQ_CST)
#endif
