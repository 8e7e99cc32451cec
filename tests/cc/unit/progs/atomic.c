/* __atomic_* and __sync_* builtins (AMO and LR/SC instructions) */
int counter;
long lc;
int c11_atomics(void);
int main(void)
{
    if (c11_atomics()) return 40 + c11_atomics();
    if (__atomic_fetch_add(&counter, 5, __ATOMIC_SEQ_CST) != 0 || counter != 5) return 1;
    if (__atomic_add_fetch(&counter, 2, __ATOMIC_SEQ_CST) != 7) return 2;
    if (__sync_fetch_and_sub(&counter, 3) != 7 || counter != 4) return 3;
    if (__sync_or_and_fetch(&counter, 0x10) != 0x14) return 4;
    if (__atomic_exchange_n(&counter, 99, __ATOMIC_ACQ_REL) != 0x14 || counter != 99) return 5;
    int expected = 98;
    if (__atomic_compare_exchange_n(&counter, &expected, 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) return 6;
    if (expected != 99) return 7;
    if (!__atomic_compare_exchange_n(&counter, &expected, 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) return 8;
    if (counter != 1) return 9;
    if (__sync_val_compare_and_swap(&lc, 0, 42) != 0 || lc != 42) return 10;
    if (__sync_bool_compare_and_swap(&lc, 41, 0) || !__sync_bool_compare_and_swap(&lc, 42, -1)) return 11;
    if (lc != -1) return 12;
    __atomic_store_n(&lc, 7, __ATOMIC_RELEASE);
    if (__atomic_load_n(&lc, __ATOMIC_ACQUIRE) != 7) return 13;
    if (__sync_lock_test_and_set(&counter, 5) != 1) return 14;
    __sync_lock_release(&counter);
    __sync_synchronize();
    if (counter != 0) return 15;
    if (!__atomic_always_lock_free(sizeof(long), 0)) return 16;
    unsigned u = 0xf0;
    if (__atomic_fetch_and(&u, 0x3c, __ATOMIC_RELAXED) != 0xf0 || u != 0x30) return 17;
    if (__atomic_xor_fetch(&u, 0xff, __ATOMIC_RELAXED) != 0xcf) return 18;
    return 0;
}

#include <stdatomic.h>
static atomic_int ai = ATOMIC_VAR_INIT(3);
static atomic_flag fl = ATOMIC_FLAG_INIT;
int c11_atomics(void);
int c11_atomics(void)
{
    if (atomic_fetch_add(&ai, 4) != 3 || atomic_load(&ai) != 7) return 1;
    int e = 7;
    if (!atomic_compare_exchange_strong(&ai, &e, 9) || atomic_load(&ai) != 9) return 2;
    if (atomic_flag_test_and_set(&fl) || !atomic_flag_test_and_set(&fl)) return 3;
    atomic_flag_clear(&fl);
    atomic_thread_fence(memory_order_seq_cst);
    atomic_long al;
    atomic_init(&al, 5);
    if (atomic_exchange(&al, 6) != 5 || atomic_load_explicit(&al, memory_order_acquire) != 6) return 4;
    return 0;
}
