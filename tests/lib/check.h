/* Minimal unit-test harness shared by every *_test.c under tests/.
 *
 * Protocol (read by tests/runner.sh): one line per test case,
 *   "PASS name"            the case passed
 *   "FAIL name: reason"    the case failed (first failed check is reported)
 *   "SKIP name: reason"    the case could not run here, with the reason
 * A test binary that exits non-zero without printing FAIL is also a failure.
 *
 * Usage:
 *   TEST(name) { CHECK(x == 1); CHECK_EQ_U(a, b); }
 *   int main(void) { RUN(name); return check_done(); }
 */
#ifndef ZL_TESTS_CHECK_H
#define ZL_TESTS_CHECK_H

#include <stdio.h>
#include <string.h>
#include <zl/types.h>

struct check_state {
    int failed_cases;
    int cur_failed;
    char why[512];
};
static struct check_state check_st;

#define TEST(name) static void test_##name(void)

#define RUN(name)                                                            \
    do {                                                                     \
        check_st.cur_failed = 0;                                             \
        test_##name();                                                       \
        if (check_st.cur_failed) {                                           \
            printf("FAIL %s: %s\n", #name, check_st.why);                    \
            check_st.failed_cases++;                                         \
        } else {                                                             \
            printf("PASS %s\n", #name);                                      \
        }                                                                    \
        fflush(stdout);                                                      \
    } while (0)

static inline void check_fail(const char *file, int line, const char *msg)
{
    if (!check_st.cur_failed)
        snprintf(check_st.why, sizeof check_st.why, "%s:%d: %s", file, line, msg);
    check_st.cur_failed = 1;
}

static inline void check_failf_u128(const char *file, int line, const char *expr,
                                    u128 got, u128 want)
{
    char buf[400];
    snprintf(buf, sizeof buf, "%s: got 0x%016llx%016llx want 0x%016llx%016llx", expr,
             (unsigned long long)(u64)(got >> 64), (unsigned long long)(u64)got,
             (unsigned long long)(u64)(want >> 64), (unsigned long long)(u64)want);
    check_fail(file, line, buf);
}

#define CHECK(cond)                                                          \
    do { if (!(cond)) check_fail(__FILE__, __LINE__, "CHECK(" #cond ")"); } while (0)

/* Compare two unsigned values of any width up to 128 bits. */
#define CHECK_EQ_U(got, want)                                                \
    do {                                                                     \
        u128 g_ = (u128)(got), w_ = (u128)(want);                            \
        if (g_ != w_)                                                        \
            check_failf_u128(__FILE__, __LINE__, #got " == " #want, g_, w_); \
    } while (0)

#define CHECK_STR(got, want)                                                 \
    do {                                                                     \
        const char *g_ = (got), *w_ = (want);                                \
        if (strcmp(g_, w_) != 0) {                                           \
            char b_[400];                                                    \
            snprintf(b_, sizeof b_, "%s: got \"%.150s\" want \"%.150s\"",    \
                     #got, g_, w_);                                          \
            check_fail(__FILE__, __LINE__, b_);                              \
        }                                                                    \
    } while (0)

static inline int check_done(void) { return check_st.failed_cases ? 1 : 0; }

#endif
