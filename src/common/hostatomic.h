/* Atomic read-modify-write of guest memory from host threads: RISC-V's AMOs and LR/SC
 * on the host's own atomics (docs/zl-run.md, "Threads").  32- and 64-bit accesses use
 * the compiler's __atomic builtins; 16-byte ones (RV128's amo*.q, lr.q/sc.q) are a
 * compare-and-swap loop on x86-64's LOCK CMPXCHG16B, whose operand must be 16-byte
 * aligned — an RV128 atomic is naturally aligned, and a guest page keeps its alignment
 * on the host.  Other hosts get the __atomic builtins for 16 bytes as well (libatomic). */
#ifndef ZL_HOSTATOMIC_H
#define ZL_HOSTATOMIC_H

#include <stdbool.h>
#include <zl/types.h>

/* For ThreadSanitizer builds: a function whose loads and stores reach guest memory.  Races
 * between guest threads on guest memory are the guest's (RVWMO allows them); zl-run's own
 * state is still checked everywhere else. */
#if defined(__SANITIZE_THREAD__)
#define ZL_GUEST_MEMORY_CODE __attribute__((no_sanitize("thread")))
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define ZL_GUEST_MEMORY_CODE __attribute__((no_sanitize("thread")))
#endif
#endif
#ifndef ZL_GUEST_MEMORY_CODE
#define ZL_GUEST_MEMORY_CODE
#endif

/* If *p equals *expected, store desired and return true; else load *p into *expected. */
static inline bool host_cas128(u128 *p, u128 *expected, u128 desired)
{
#if defined(__x86_64__)
    u64 lo = (u64)*expected, hi = (u64)(*expected >> 64);
    bool ok;
    __asm__ volatile("lock cmpxchg16b %1"
                     : "=@ccz"(ok), "+m"(*p), "+a"(lo), "+d"(hi)
                     : "b"((u64)desired), "c"((u64)(desired >> 64))
                     : "memory");
    *expected = (u128)hi << 64 | lo;
    return ok;
#else
    return __atomic_compare_exchange_n(p, expected, desired, false, __ATOMIC_SEQ_CST,
                                       __ATOMIC_SEQ_CST);
#endif
}

/* An atomic 16-byte load of writable memory (a compare-and-swap that stores nothing new). */
static inline u128 host_load128(u128 *p)
{
    u128 v = 0;
    host_cas128(p, &v, 0);
    return v;
}

#endif
