/* Per-instruction tests of the interpreter at every XLEN: arithmetic edge cases,
 * W/D sign extension, M corner cases, loads/stores (misaligned, page-crossing, RV128
 * addresses above 2^64), atomics, compressed corner encodings and traps. */
#include "lib/check.h"
#include "lib/enc.h"
#include "exec/hart.h"

#define CODE ((u128)0x10000)
#define DATA ((u128)0x20000)

struct vm {
    struct mm mm;
    struct hart h;
    u8 code[8192];
    size_t len;
    int xlen;
};

static int stop_on_ecall(struct hart *h) { (void)h; return 1; }
static const struct hart_ops ops = { stop_on_ecall };

static void vm_init(struct vm *v, int xlen)
{
    memset(v, 0, sizeof *v);
    v->xlen = xlen;
    u128 limit = xlen == 32 ? (u128)1 << 32 : xlen == 64 ? (u128)1 << 47 : (u128)1 << 119;
    mm_init(&v->mm, limit);
    mm_map(&v->mm, CODE, 0x4000, PROT_READ | PROT_EXEC);
    mm_map(&v->mm, DATA, 0x2000, PROT_READ | PROT_WRITE);
    hart_init(&v->h, xlen, &v->mm, &ops);
}

static void vm_free(struct vm *v)
{
    hart_destroy(&v->h);
    mm_destroy(&v->mm);
}

static void emit(struct vm *v, u32 w)
{
    int n = (w & 3) == 3 ? 4 : 2;
    memcpy(v->code + v->len, &w, (size_t)n);
    v->len += (size_t)n;
}
#define E(...) emit(v, enc(v->xlen, __VA_ARGS__))

static int vm_run(struct vm *v)
{
    emit(v, 0x00000073);   /* ecall: stop */
    mm_poke(&v->mm, CODE, v->code, v->len);
    v->h.pc = CODE;
    return hart_run(&v->h);
}

static u128 R(struct vm *v, int r) { return hart_get_x(&v->h, (unsigned)r); }
static void S(struct vm *v, int r, u128 val) { hart_set_x(&v->h, (unsigned)r, val); }
static u128 ones(int xlen) { return xlen == 128 ? ~(u128)0 : (((u128)1 << xlen) - 1); }
static u128 sext(int xlen, u128 v, int bits)   /* sign-extend low `bits` to xlen */
{
    u128 m = (u128)1 << (bits - 1);
    v &= (bits == 128) ? ~(u128)0 : (((u128)1 << bits) - 1);
    return ((v ^ m) - m) & ones(xlen);
}

static const int XL[3] = { 32, 64, 128 };

TEST(alu_edges)
{
    for (int k = 0; k < 3; k++) {
        struct vm vv, *v = &vv;
        int xl = XL[k];
        u128 max = ones(xl) >> 1, min = max + 1;
        vm_init(v, xl);
        S(v, 5, max); S(v, 6, 1); S(v, 7, min);
        E("add", 10, 5, 6, 0);       /* max + 1 wraps to min */
        E("sub", 11, 7, 6, 0);       /* min - 1 wraps to max */
        E("slt", 12, 7, 5, 0);       /* min < max signed */
        E("sltu", 13, 7, 5, 0);      /* min > max unsigned */
        E("slti", 14, 7, 0, -1);
        E("sltiu", 15, 0, 0, -1);    /* 0 < all-ones */
        E("addi", 16, 0, 0, -1);
        E("srai", 17, 7, 0, xl - 1); /* min >> xlen-1 = -1 */
        E("srli", 18, 7, 0, xl - 1); /* = 1 */
        E("slli", 19, 6, 0, xl - 1); /* = min */
        E("slli", 20, 5, 0, 0);      /* shift by 0 */
        E("sll", 21, 6, 28, 0);      /* amount from x28 masked to xlen-1 */
        S(v, 28, (u128)xl + 3);
        E("lui", 22, 0, 0, (i32)0x80000000);
        E("auipc", 23, 0, 0, 0x1000);
        CHECK(vm_run(v) == RUN_EXIT);
        CHECK_EQ_U(R(v, 10), min);
        CHECK_EQ_U(R(v, 11), max);
        CHECK_EQ_U(R(v, 12), 1);
        CHECK_EQ_U(R(v, 13), 0);
        CHECK_EQ_U(R(v, 14), 1);
        CHECK_EQ_U(R(v, 15), 1);
        CHECK_EQ_U(R(v, 16), ones(xl));
        CHECK_EQ_U(R(v, 17), ones(xl));
        CHECK_EQ_U(R(v, 18), 1);
        CHECK_EQ_U(R(v, 19), min);
        CHECK_EQ_U(R(v, 20), max);
        CHECK_EQ_U(R(v, 21), 8);
        CHECK_EQ_U(R(v, 22), sext(xl, 0x80000000u, 32));
        CHECK_EQ_U(R(v, 23), CODE + 13 * 4 + 0x1000);
        CHECK_EQ_U(R(v, 0), 0);
        vm_free(v);
    }
}

TEST(w_and_d_forms_sign_extend)
{
    for (int k = 1; k < 3; k++) {
        struct vm vv, *v = &vv;
        int xl = XL[k];
        vm_init(v, xl);
        S(v, 5, 0x7fffffff); S(v, 6, 1); S(v, 7, 0xffffffffu);
        E("addw", 10, 5, 6, 0);      /* 0x80000000 sign-extends */
        E("addiw", 11, 7, 0, 0);     /* sext.w of 0xffffffff = -1 */
        E("slliw", 12, 6, 0, 31);
        E("srliw", 13, 7, 0, 0);     /* shift by 0 still sign-extends */
        E("sraiw", 14, 12, 0, 31);
        E("mulw", 15, 5, 5, 0);
        E("divw", 16, 5, 0, 0);      /* by zero: -1 */
        E("remuw", 17, 7, 0, 0);     /* by zero: dividend, sign-extended */
        CHECK(vm_run(v) == RUN_EXIT);
        CHECK_EQ_U(R(v, 10), sext(xl, 0x80000000u, 32));
        CHECK_EQ_U(R(v, 11), ones(xl));
        CHECK_EQ_U(R(v, 12), sext(xl, 0x80000000u, 32));
        CHECK_EQ_U(R(v, 13), ones(xl));
        CHECK_EQ_U(R(v, 14), ones(xl));
        CHECK_EQ_U(R(v, 15), 1);
        CHECK_EQ_U(R(v, 16), ones(xl));
        CHECK_EQ_U(R(v, 17), ones(xl));
        vm_free(v);
    }
    struct vm vv, *v = &vv;
    vm_init(v, 128);
    S(v, 5, 0x7fffffffffffffffull); S(v, 6, 1); S(v, 7, (u128)0x1234 << 64 | 0xffffffffffffffffull);
    E("addd", 10, 5, 6, 0);
    E("addid", 11, 7, 0, 0);
    E("sllid", 12, 6, 0, 63);
    E("sraid", 13, 12, 0, 63);
    E("srlid", 14, 12, 0, 0);
    E("muld", 15, 5, 5, 0);
    E("divd", 16, 5, 0, 0);
    E("remud", 17, 7, 0, 0);
    E("subd", 18, 0, 6, 0);
    E("divud", 19, 12, 28, 0);       /* unsigned 2^63 / 3, result sext_64 */
    S(v, 28, 3);
    CHECK(vm_run(v) == RUN_EXIT);
    CHECK_EQ_U(R(v, 10), sext(128, (u128)1 << 63, 64));
    CHECK_EQ_U(R(v, 11), ~(u128)0);
    CHECK_EQ_U(R(v, 12), sext(128, (u128)1 << 63, 64));
    CHECK_EQ_U(R(v, 13), ~(u128)0);
    CHECK_EQ_U(R(v, 14), sext(128, (u128)1 << 63, 64));
    CHECK_EQ_U(R(v, 15), 1);
    CHECK_EQ_U(R(v, 16), ~(u128)0);
    CHECK_EQ_U(R(v, 17), ~(u128)0);
    CHECK_EQ_U(R(v, 18), ~(u128)0);
    CHECK_EQ_U(R(v, 19), 0x2aaaaaaaaaaaaaaaull);
    vm_free(v);
}

TEST(m_edges)
{
    for (int k = 0; k < 3; k++) {
        struct vm vv, *v = &vv;
        int xl = XL[k];
        u128 all = ones(xl), min = (all >> 1) + 1;
        vm_init(v, xl);
        S(v, 5, min); S(v, 6, all); S(v, 7, 7); S(v, 8, all - 2 /* -3 */);
        E("div", 10, 5, 6, 0);       /* MIN / -1 = MIN */
        E("rem", 11, 5, 6, 0);       /* = 0 */
        E("div", 12, 7, 0, 0);       /* by zero = -1 */
        E("rem", 13, 7, 0, 0);       /* = dividend */
        E("divu", 14, 7, 0, 0);      /* = all ones */
        E("remu", 15, 7, 0, 0);
        E("div", 16, 7, 8, 0);       /* 7 / -3 = -2 (truncation) */
        E("rem", 17, 7, 8, 0);       /* 7 % -3 = 1 */
        E("mulh", 18, 6, 6, 0);      /* -1 * -1 high = 0 */
        E("mulhu", 19, 6, 6, 0);     /* (2^X-1)^2 high = 2^X - 2 */
        E("mulhsu", 20, 6, 6, 0);    /* -1 * (2^X-1) high = -1 */
        E("mul", 21, 6, 8, 0);       /* -1 * -3 = 3 */
        CHECK(vm_run(v) == RUN_EXIT);
        CHECK_EQ_U(R(v, 10), min);
        CHECK_EQ_U(R(v, 11), 0);
        CHECK_EQ_U(R(v, 12), all);
        CHECK_EQ_U(R(v, 13), 7);
        CHECK_EQ_U(R(v, 14), all);
        CHECK_EQ_U(R(v, 15), 7);
        CHECK_EQ_U(R(v, 16), all - 1);
        CHECK_EQ_U(R(v, 17), 1);
        CHECK_EQ_U(R(v, 18), 0);
        CHECK_EQ_U(R(v, 19), all - 1);
        CHECK_EQ_U(R(v, 20), all);
        CHECK_EQ_U(R(v, 21), 3);
        vm_free(v);
    }
    /* the QEMU x-rv128 MUL bug case (shared/ref/rv128-isa.md §13): exact low half */
    struct vm vv, *v = &vv;
    vm_init(v, 128);
    S(v, 10, 0xac9d32b76876a0d1ull);
    S(v, 14, (u128)0xc0983b6d24c83161ull << 64 | 0x84052a9578f588b9ull);
    E("mul", 11, 10, 14, 0);
    E("mulhu", 12, 10, 14, 0);
    CHECK(vm_run(v) == RUN_EXIT);
    CHECK_EQ_U(R(v, 11), (u128)0x4eeecbb473d4ffb8ull << 64 | 0xee8c8e98632e3f09ull);
    /* high half of a 64x128-bit product: a*b >> 128 = (a * (b >> 64)) >> 64 + carry */
    u128 a = 0xac9d32b76876a0d1ull, bh = 0xc0983b6d24c83161ull, bl = 0x84052a9578f588b9ull;
    u128 hi = (a * bh + ((a * bl) >> 64)) >> 64;
    CHECK_EQ_U(R(v, 12), hi);
    vm_free(v);
}

TEST(loads_stores)
{
    for (int k = 0; k < 3; k++) {
        struct vm vv, *v = &vv;
        int xl = XL[k];
        vm_init(v, xl);
        u8 bytes[16] = { 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88,
                         0x89, 0x8a, 0x8b, 0x8c, 0x8d, 0x8e, 0x8f, 0x90 };
        mm_poke(&v->mm, DATA + 0xffc, bytes, 16);      /* straddles the page boundary */
        S(v, 5, DATA + 0xffc);
        E("lb", 10, 5, 0, 0);
        E("lbu", 11, 5, 0, 0);
        E("lh", 12, 5, 0, 1);        /* misaligned */
        E("lhu", 13, 5, 0, 3);       /* crosses the page */
        E("lw", 14, 5, 0, 2);        /* misaligned and crossing */
        E("sw", 0, 5, 14, 8);        /* store it back elsewhere, crossing too */
        E("lw", 15, 5, 0, 8);
        CHECK(vm_run(v) == RUN_EXIT);
        CHECK_EQ_U(R(v, 10), sext(xl, 0x81, 8));
        CHECK_EQ_U(R(v, 11), 0x81);
        CHECK_EQ_U(R(v, 12), sext(xl, 0x8382, 16));
        CHECK_EQ_U(R(v, 13), 0x8584);
        CHECK_EQ_U(R(v, 14), sext(xl, 0x86858483u, 32));
        CHECK_EQ_U(R(v, 15), R(v, 14));
        vm_free(v);
    }
    struct vm vv, *v = &vv;
    vm_init(v, 128);
    u128 high = (u128)0xabcd << 100;                  /* a mapping far above 2^64 */
    CHECK(mm_map(&v->mm, high, 0x1000, PROT_READ | PROT_WRITE) == 0);
    S(v, 5, high + 0x10);
    S(v, 6, (u128)0x0123456789abcdefull << 64 | 0xfedcba9876543210ull);
    E("sq", 0, 5, 6, 0);
    E("lq", 10, 5, 0, 0);
    E("ld", 11, 5, 0, 8);            /* sign-extends */
    E("ldu", 12, 5, 0, 0);           /* zero-extends */
    E("lwu", 13, 5, 0, 4);
    CHECK(vm_run(v) == RUN_EXIT);
    CHECK_EQ_U(R(v, 10), R(v, 6));
    CHECK_EQ_U(R(v, 11), 0x0123456789abcdefull);
    CHECK_EQ_U(R(v, 12), 0xfedcba9876543210ull);
    CHECK_EQ_U(R(v, 13), 0xfedcba98u);
    /* the same address with the high bits dropped is not mapped: fault */
    v->len = 0;
    S(v, 5, (u128)(u64)high);
    E("lw", 10, 5, 0, 0);
    CHECK(vm_run(v) == RUN_TRAP);
    CHECK(v->h.trap.cause == TRAP_LOAD_FAULT && v->h.trap.addr == (u128)(u64)high);
    vm_free(v);
}

TEST(branches_and_jumps)
{
    for (int k = 0; k < 3; k++) {
        struct vm vv, *v = &vv;
        int xl = XL[k];
        vm_init(v, xl);
        S(v, 5, ones(xl)); S(v, 6, 1);
        /* x10 counts taken-branch checks that behaved correctly */
        E("blt", 0, 5, 6, 8);  E("addi", 10, 10, 0, 100);   /* -1 < 1: skip */
        E("bltu", 0, 5, 6, 8); E("addi", 10, 10, 0, 1);     /* not taken: +1 */
        E("bge", 0, 6, 5, 8);  E("addi", 10, 10, 0, 100);
        E("bgeu", 0, 6, 5, 8); E("addi", 10, 10, 0, 1);
        E("beq", 0, 0, 0, 8);  E("addi", 10, 10, 0, 100);
        E("bne", 0, 5, 6, 8);  E("addi", 10, 10, 0, 100);
        E("jal", 1, 0, 0, 8);  E("addi", 10, 10, 0, 100);
        E("auipc", 7, 0, 0, 0);
        E("jalr", 2, 7, 0, 12);      /* skip the next instruction */
        E("addi", 10, 10, 0, 100);
        /* a loop: x11 = 10 iterations */
        E("addi", 12, 0, 0, 10);
        E("addi", 11, 11, 0, 1);
        E("bne", 0, 11, 12, -4);
        CHECK(vm_run(v) == RUN_EXIT);
        CHECK_EQ_U(R(v, 10), 2);
        CHECK_EQ_U(R(v, 1), CODE + 13 * 4);
        CHECK_EQ_U(R(v, 2), CODE + 16 * 4);
        CHECK_EQ_U(R(v, 11), 10);
        CHECK(v->h.instret == 33);   /* ecall counts as retired */
        vm_free(v);
    }
}

TEST(atomics)
{
    for (int k = 0; k < 3; k++) {
        struct vm vv, *v = &vv;
        int xl = XL[k];
        vm_init(v, xl);
        S(v, 5, DATA); S(v, 6, 5); S(v, 7, ones(xl));
        E("amoadd.w", 10, 5, 6, 0);  /* mem 0 -> 5, x10 = 0 */
        E("amoswap.w", 11, 5, 7, 0); /* mem -> -1, x11 = 5 */
        E("amomaxu.w", 12, 5, 6, 0); /* max(0xffffffff, 5) unsigned, x12 = -1 sext */
        E("amomin.w", 13, 5, 6, 0);  /* min(-1, 5) = -1 */
        E("lr.w", 14, 5, 0, 0);
        E("sc.w", 15, 5, 6, 0);      /* succeeds: 0 */
        E("sc.w", 16, 5, 6, 0);      /* no reservation: 1 */
        E("lw", 17, 5, 0, 0);
        CHECK(vm_run(v) == RUN_EXIT);
        CHECK_EQ_U(R(v, 10), 0);
        CHECK_EQ_U(R(v, 11), 5);
        CHECK_EQ_U(R(v, 12), ones(xl));
        CHECK_EQ_U(R(v, 13), ones(xl));
        CHECK_EQ_U(R(v, 14), ones(xl));
        CHECK_EQ_U(R(v, 15), 0);
        CHECK_EQ_U(R(v, 16), 1);
        CHECK_EQ_U(R(v, 17), 5);
        /* misaligned AMO traps */
        v->len = 0;
        S(v, 5, DATA + 2);
        E("amoadd.w", 10, 5, 6, 0);
        CHECK(vm_run(v) == RUN_TRAP && v->h.trap.cause == TRAP_STORE_MISALIGNED);
        vm_free(v);
    }
    struct vm vv, *v = &vv;
    vm_init(v, 128);
    S(v, 5, DATA + 16); S(v, 6, ~(u128)0 - 1);
    E("amoadd.q", 10, 5, 6, 0);
    E("amoadd.q", 11, 5, 6, 0);
    E("lq", 12, 5, 0, 0);
    E("amoadd.d", 13, 5, 6, 0);
    CHECK(vm_run(v) == RUN_EXIT);
    CHECK_EQ_U(R(v, 10), 0);
    CHECK_EQ_U(R(v, 11), ~(u128)0 - 1);
    CHECK_EQ_U(R(v, 12), ~(u128)0 - 3);
    CHECK_EQ_U(R(v, 13), sext(128, 0xfffffffffffffffcull, 64));
    vm_free(v);
}

TEST(compressed_exec)
{
    struct vm vv, *v = &vv;
    vm_init(v, 128);
    S(v, 10, 1);
    S(v, 11, ~(u128)0);
    emit(v, 0x0502);                               /* c.slli a0,64 */
    emit(v, 0x8001 | (1u << 12) | (3u << 7) | (1u << 2));   /* c.srli a1,97 */
    emit(v, enc(128, "c.li", 12, 0, 0, -5));
    emit(v, enc(128, "c.addi", 12, 12, 0, 3));
    CHECK(vm_run(v) == RUN_EXIT);
    CHECK_EQ_U(R(v, 10), (u128)1 << 64);
    CHECK_EQ_U(R(v, 11), (~(u128)0) >> 97);
    CHECK_EQ_U(R(v, 12), ~(u128)0 - 1);
    vm_free(v);

    vm_init(v, 64);
    S(v, 2, DATA + 0x100);
    S(v, 9, 0x1122334455667788ull);
    emit(v, enc(64, "c.sdsp", 0, 2, 9, 16));
    emit(v, enc(64, "c.ldsp", 10, 2, 0, 16));
    emit(v, enc(64, "c.addi16sp", 2, 2, 0, -32));
    emit(v, enc(64, "c.addi4spn", 8, 2, 0, 48));
    emit(v, enc(64, "c.ld", 11, 8, 0, 0));
    CHECK(vm_run(v) == RUN_EXIT);
    CHECK_EQ_U(R(v, 10), 0x1122334455667788ull);
    CHECK_EQ_U(R(v, 2), DATA + 0x100 - 32);
    CHECK_EQ_U(R(v, 11), 0x1122334455667788ull);
    vm_free(v);
}

/* FP at every XLEN through the interpreter: static and dynamic rounding, flags, NaN
 * boxing, conversions to XLEN-wide integers (RV128 fcvt.t/fcvt.l sign extension). */
TEST(fp_rounding_flags_boxing)
{
    for (int k = 0; k < 3; k++) {
        struct vm vv, *v = &vv;
        int xl = XL[k];
        vm_init(v, xl);
        /* f1 = 1.0, f2 = 3.0 (doubles); f3 = 1.0f boxed; f4 = 1.0f NOT boxed */
        v->h.f[1] = 0x3ff0000000000000ull;
        v->h.f[2] = 0x4008000000000000ull;
        v->h.f[3] = 0xffffffff3f800000ull;
        v->h.f[4] = 0x000000003f800000ull;
        emit(v, enc_full(xl, "fdiv.d", 5, 1, 2, 0, 0, 1));   /* 1/3 rtz */
        emit(v, enc_full(xl, "fdiv.d", 6, 1, 2, 0, 0, 3));   /* 1/3 rup */
        emit(v, enc_full(xl, "csrrs", 10, 0, 0, 0, 1, 0));   /* fflags: NX */
        emit(v, enc_full(xl, "csrrwi", 0, 2, 0, 0, 2, 0));   /* frm = rdn */
        emit(v, enc_full(xl, "fdiv.d", 7, 1, 2, 0, 0, 7));   /* dynamic: rdn */
        emit(v, enc_full(xl, "fadd.s", 8, 3, 3, 0, 0, 0));   /* 2.0f */
        emit(v, enc_full(xl, "fadd.s", 9, 4, 4, 0, 0, 0));   /* unboxed input: NaN */
        emit(v, enc_full(xl, "fsub.d", 11, 1, 1, 0, 0, 0));  /* +0 */
        emit(v, enc_full(xl, "fdiv.d", 12, 1, 11, 0, 0, 0)); /* 1/0: inf, DZ */
        emit(v, enc_full(xl, "fcvt.w.d", 13, 12, 0, 0, 0, 1)); /* inf -> INT32_MAX, NV */
        emit(v, enc_full(xl, "csrrs", 14, 0, 0, 0, 1, 0));
        emit(v, enc_full(xl, "fcvt.d.w", 15, 0, 0, 0, 0, 0)); /* from x0: +0.0 */
        v->h.f[16] = 0xc3e0000000000000ull;                 /* -2^63 */
        emit(v, enc_full(xl, "fcvt.w.d", 16, 16, 0, 0, 0, 1)); /* -> INT32_MIN, sext */
        CHECK(vm_run(v) == RUN_EXIT);
        CHECK_EQ_U(v->h.f[5], 0x3fd5555555555555ull);
        CHECK_EQ_U(v->h.f[6], 0x3fd5555555555556ull);
        CHECK_EQ_U(v->h.f[7], 0x3fd5555555555555ull);
        CHECK_EQ_U(R(v, 10), 1);                            /* NX */
        CHECK_EQ_U(v->h.f[8], 0xffffffff40000000ull);
        CHECK_EQ_U(v->h.f[9], 0xffffffff7fc00000ull);       /* canonical NaN, boxed */
        CHECK_EQ_U(v->h.f[12], 0x7ff0000000000000ull);
        CHECK_EQ_U(R(v, 13), 0x7fffffff);
        CHECK_EQ_U(R(v, 14), 0x10 | 0x08 | 0x01);           /* NV DZ NX accumulated */
        CHECK_EQ_U(v->h.f[15], 0);
        CHECK_EQ_U(R(v, 16), sext(xl, 0x80000000u, 32));
        CHECK(v->h.frm == 2);
        vm_free(v);
    }
    /* a dynamic rounding mode with an invalid frm is an illegal instruction */
    struct vm vv, *v = &vv;
    vm_init(v, 64);
    v->h.frm = 5;
    emit(v, enc_full(64, "fadd.d", 1, 1, 1, 0, 0, 7));
    CHECK(vm_run(v) == RUN_TRAP && v->h.trap.cause == TRAP_ILLEGAL);
    vm_free(v);
    /* RV128: fcvt.t.d/fcvt.d.t/fcvt.l.d/fmv.x.d with 128-bit integers */
    vm_init(v, 128);
    v->h.f[1] = 0x47d0000000000000ull;                      /* 2^126 */
    v->h.f[2] = 0xc3e0000000000000ull;                      /* -2^63 */
    emit(v, enc_full(128, "fcvt.t.d", 10, 1, 0, 0, 0, 1));
    emit(v, enc_full(128, "fcvt.l.d", 11, 2, 0, 0, 0, 1));  /* sext 64 -> 128 */
    emit(v, enc_full(128, "fmv.x.d", 12, 2, 0, 0, 0, 0));
    S(v, 13, ~(u128)0);                                     /* -1 as a 128-bit integer */
    emit(v, enc_full(128, "fcvt.d.t", 3, 13, 0, 0, 0, 0));
    emit(v, enc_full(128, "fcvt.d.tu", 4, 13, 0, 0, 0, 0)); /* 2^128 - 1 rounds to 2^128 */
    CHECK(vm_run(v) == RUN_EXIT);
    CHECK_EQ_U(R(v, 10), (u128)1 << 126);
    CHECK_EQ_U(R(v, 11), ~(u128)0 << 63);
    CHECK_EQ_U(R(v, 12), ~(u128)0 << 64 | 0xc3e0000000000000ull);   /* raw bits, sext */
    CHECK_EQ_U(v->h.f[3], 0xbff0000000000000ull);
    CHECK_EQ_U(v->h.f[4], 0x47f0000000000000ull);
    vm_free(v);
}

TEST(csr_counters)
{
    for (int k = 0; k < 3; k++) {
        struct vm vv, *v = &vv;
        int xl = XL[k];
        vm_init(v, xl);
        E("addi", 5, 0, 0, 1);
        E("csrrs", 10, 0, 0, 0xc02);  /* rdinstret: one instruction retired before */
        emit(v, enc_full(xl, "csrrs", 11, 0, 0, 0, 0xc02, 0));
        emit(v, enc_full(xl, "csrrwi", 0, 3, 0, 0, 0x002, 0));   /* frm = 3 (uimm) */
        E("csrrs", 12, 0, 0, 0x003);  /* fcsr = frm << 5 */
        CHECK(vm_run(v) == RUN_EXIT);
        CHECK_EQ_U(R(v, 10), 1);
        CHECK_EQ_U(R(v, 11), 2);
        CHECK_EQ_U(R(v, 12), 3 << 5);
        vm_free(v);
        /* writing a read-only counter is illegal */
        vm_init(v, xl);
        emit(v, enc_full(xl, "csrrw", 0, 5, 0, 0, 0xc00, 0));
        CHECK(vm_run(v) == RUN_TRAP && v->h.trap.cause == TRAP_ILLEGAL);
        vm_free(v);
    }
}

TEST(traps)
{
    for (int k = 0; k < 3; k++) {
        struct vm vv, *v = &vv;
        int xl = XL[k];
        vm_init(v, xl);
        E("addi", 5, 0, 0, 1);
        emit(v, 0xffff7033);         /* OP with funct7 1111111: illegal at every XLEN */
        CHECK(vm_run(v) == RUN_TRAP);
        CHECK(v->h.trap.cause == TRAP_ILLEGAL && v->h.pc == CODE + 4);
        CHECK_EQ_U(v->h.trap.insn, 0xffff7033u);
        CHECK(v->h.instret == 1);
        vm_free(v);

        vm_init(v, xl);
        S(v, 5, DATA);
        E("sw", 0, 5, 0, 0);
        E("lw", 6, 0, 0, 16);        /* address 16: unmapped */
        CHECK(vm_run(v) == RUN_TRAP && v->h.trap.cause == TRAP_LOAD_FAULT &&
              v->h.trap.addr == 16 && v->h.trap.maperr);
        vm_free(v);

        vm_init(v, xl);
        S(v, 5, CODE);
        E("sw", 0, 5, 0, 0);         /* code is read-only */
        CHECK(vm_run(v) == RUN_TRAP && v->h.trap.cause == TRAP_STORE_FAULT &&
              !v->h.trap.maperr && v->h.pc == CODE);
        vm_free(v);

        vm_init(v, xl);
        S(v, 5, DATA);
        E("jalr", 0, 5, 0, 0);       /* data is not executable */
        CHECK(vm_run(v) == RUN_TRAP && v->h.trap.cause == TRAP_FETCH_FAULT &&
              v->h.pc == DATA);
        vm_free(v);
    }
}

/* Blocks span conditional branches (a taken branch is a side exit) and adjacent
 * operations may share one fused handler: instret, rdinstret, traps and the pc they
 * report must stay exact for every instruction in such a block. */
TEST(superblock_counting)
{
    for (int k = 0; k < 3; k++) {
        struct vm vv, *v = &vv;
        int xl = XL[k];
        vm_init(v, xl);
        E("addi", 5, 0, 0, 1);
        E("beq", 0, 5, 0, 8);          /* not taken: the block goes on */
        E("csrrs", 10, 0, 0, 0xc02);   /* 2 retired before */
        E("beq", 0, 0, 0, 8);          /* taken: side exit */
        E("addi", 10, 10, 0, 100);     /* skipped */
        E("csrrs", 11, 0, 0, 0xc02);   /* 4 retired before */
        E("add", 6, 6, 7, 0);          /* add+lw may be one fused handler ... */
        E("lw", 8, 0, 0, 16);          /* ... whose second half faults */
        S(v, 6, 40); S(v, 7, 2);
        CHECK(vm_run(v) == RUN_TRAP);
        CHECK(v->h.trap.cause == TRAP_LOAD_FAULT && v->h.trap.addr == 16);
        CHECK_EQ_U(v->h.pc, CODE + 7 * 4);
        CHECK(v->h.instret == 6);
        CHECK_EQ_U(R(v, 10), 2);
        CHECK_EQ_U(R(v, 11), 4);
        CHECK_EQ_U(R(v, 6), 42);        /* the first half retired */
        vm_free(v);
    }
}

/* A loop with a data-dependent branch, run once to completion and once in slices
 * bounded by insn_limit: the stops are at block boundaries, the final state and the
 * total instret are the same. */
static void emit_branchy_loop(struct vm *v)
{
    E("addi", 14, 0, 0, 300);
    E("addi", 11, 11, 0, 1);           /* loop: */
    E("andi", 12, 11, 0, 1);
    E("beq", 0, 12, 0, 8);
    E("addi", 13, 13, 0, 3);           /* odd iterations only */
    E("xor", 15, 15, 11, 0);
    E("bne", 0, 11, 14, -20);
}

TEST(insn_limit_slices)
{
    for (int k = 0; k < 3; k++) {
        struct vm vv, *v = &vv, ww, *w = &ww;
        int xl = XL[k];
        vm_init(w, xl);
        emit_branchy_loop(w);
        CHECK(vm_run(w) == RUN_EXIT);
        CHECK_EQ_U(R(w, 13), 450);
        u64 total = w->h.instret;
        CHECK(total == 1 + 300 * 5 + 150 + 1);

        vm_init(v, xl);
        emit_branchy_loop(v);
        emit(v, 0x00000073);
        mm_poke(&v->mm, CODE, v->code, v->len);
        v->h.pc = CODE;
        int rc, slices = 0;
        u64 prev = 0;
        bool ok = true;
        for (;;) {
            v->h.insn_limit = v->h.instret + 37;
            rc = hart_run(&v->h);
            if (rc != RUN_REQUEST) break;
            slices++;
            /* stopped at the first block boundary at or after the limit */
            if (v->h.instret < v->h.insn_limit || v->h.instret > v->h.insn_limit + 8 ||
                v->h.instret <= prev)
                ok = false;
            prev = v->h.instret;
            if (slices > 1000) break;
        }
        CHECK(ok);
        CHECK(rc == RUN_EXIT);
        CHECK(slices >= (int)(total / 45));
        CHECK(v->h.instret == total);
        for (int r = 1; r < 32; r++) CHECK_EQ_U(R(v, r), R(w, r));
        vm_free(v);
        vm_free(w);
    }
}

/* Self-modifying code: a store into executable memory followed by fence.i is seen by
 * the next execution of the changed instruction, even though its old translation was
 * cached (and linked from other blocks). */
TEST(fence_i_self_modifying)
{
    const u128 code2 = 0x30000;
    for (int k = 0; k < 3; k++) {
        struct vm vv, *v = &vv;
        int xl = XL[k];
        vm_init(v, xl);
        CHECK(mm_map(&v->mm, code2, 0x1000, PROT_READ | PROT_WRITE | PROT_EXEC) == 0);
        u32 prog[] = {
            enc(xl, "addi", 10, 10, 0, 1),      /* P: patched to addi x10,x10,16 */
            enc(xl, "bne", 0, 11, 0, 20),       /* second pass: to the ecall */
            enc(xl, "addi", 11, 0, 0, 1),
            enc(xl, "sw", 0, 13, 12, 0),        /* store the new word at P */
            enc(xl, "fence.i", 0, 0, 0, 0),
            enc(xl, "jal", 0, 0, 0, -20),
            0x00000073,
        };
        mm_poke(&v->mm, code2, prog, sizeof prog);
        S(v, 12, enc(xl, "addi", 10, 10, 0, 16));
        S(v, 13, code2);
        v->h.pc = code2;
        CHECK(hart_run(&v->h) == RUN_EXIT);
        CHECK_EQ_U(R(v, 10), 17);
        CHECK(v->h.instret == 6 + 3);
        vm_free(v);
    }
}

/* RV128 handlers that work in 64-bit halves: immediate shifts around 64, addi carries
 * and borrows across bit 64, lq/sq whose address crosses 2^64, and TLB hits that must
 * compare the high half of the address. */
TEST(rv128_halves)
{
    struct vm vv, *v = &vv;
    static const int sh[] = { 0, 1, 31, 63, 64, 65, 100, 127 };
    u128 val = (u128)0x8123456789abcdefull << 64 | 0xfedcba9876543210ull;
    vm_init(v, 128);
    S(v, 5, val);
    int r = 6;
    for (int k = 0; k < 8; k++, r += 3) {
        E("slli", r, 5, 0, sh[k]);
        E("srli", r + 1, 5, 0, sh[k]);
        E("srai", r + 2, 5, 0, sh[k]);
    }
    CHECK(vm_run(v) == RUN_EXIT);
    r = 6;
    for (int k = 0; k < 8; k++, r += 3) {
        CHECK_EQ_U(R(v, r), val << sh[k]);
        CHECK_EQ_U(R(v, r + 1), val >> sh[k]);
        CHECK_EQ_U(R(v, r + 2), (u128)((i128)val >> sh[k]));
    }
    vm_free(v);

    vm_init(v, 128);
    S(v, 5, 0xffffffffffffffffull);
    S(v, 6, (u128)1 << 64);
    S(v, 7, ~(u128)0);
    E("addi", 10, 5, 0, 1);            /* carry into the high half */
    E("addi", 11, 6, 0, -1);           /* borrow from it */
    E("addi", 12, 0, 0, -1);
    E("addi", 13, 7, 0, 1);            /* wraps to 0 */
    E("addi", 14, 7, 0, -2048);
    E("addi", 15, 6, 0, 2047);
    CHECK(vm_run(v) == RUN_EXIT);
    CHECK_EQ_U(R(v, 10), (u128)1 << 64);
    CHECK_EQ_U(R(v, 11), 0xffffffffffffffffull);
    CHECK_EQ_U(R(v, 12), ~(u128)0);
    CHECK_EQ_U(R(v, 13), 0);
    CHECK_EQ_U(R(v, 14), ~(u128)0 - 2048);
    CHECK_EQ_U(R(v, 15), ((u128)1 << 64) + 2047);
    vm_free(v);

    vm_init(v, 128);
    u128 p64 = (u128)1 << 64;
    CHECK(mm_map(&v->mm, p64, 0x1000, PROT_READ | PROT_WRITE) == 0);
    CHECK(mm_map(&v->mm, p64 - 0x1000, 0x1000, PROT_READ | PROT_WRITE) == 0);
    S(v, 8, p64 - 16);
    S(v, 9, val);
    S(v, 12, (u128)2 << 64);
    S(v, 14, (u128)3 << 64 | 0x20000);  /* same low half as DATA */
    E("sq", 0, 8, 9, 32);              /* at 2^64 + 16: the sum carries */
    E("lq", 10, 8, 0, 32);
    E("ld", 11, 8, 0, 40);
    E("sq", 0, 8, 9, 0);               /* just below 2^64 */
    E("lq", 15, 8, 0, 0);
    E("lq", 16, 0, 0, 16);             /* fills a TLB slot for page 0x20000 ... */
    CHECK(vm_run(v) == RUN_TRAP);      /* ... (unmapped at 0: a fault instead) */
    CHECK(v->h.trap.addr == 16);
    CHECK_EQ_U(R(v, 10), val);
    CHECK_EQ_U(R(v, 11), (u128)(i64)0x8123456789abcdefull);
    CHECK_EQ_U(R(v, 15), val);
    v->len = 0;
    S(v, 13, DATA);
    E("lq", 17, 13, 0, 0);             /* page DATA is now in the TLB */
    E("lq", 18, 14, 0, 0);             /* same low 64 bits and slot, other high half */
    CHECK(vm_run(v) == RUN_TRAP);
    CHECK(v->h.trap.cause == TRAP_LOAD_FAULT && v->h.trap.addr == ((u128)3 << 64 | 0x20000));
    CHECK_EQ_U(v->h.pc, CODE + 4);
    v->len = 0;
    E("sq", 0, 13, 9, 16);             /* the same for the write TLB */
    E("sq", 0, 14, 9, 16);
    CHECK(vm_run(v) == RUN_TRAP);
    CHECK(v->h.trap.cause == TRAP_STORE_FAULT && v->h.trap.addr == ((u128)3 << 64 | 0x20010));
    CHECK_EQ_U(v->h.pc, CODE + 4);
    vm_free(v);
}

/* Every 16-bit word at every XLEN: decodes and runs, or traps as illegal — never
 * anything else happens to the host. */
TEST(sweep_16bit_space)
{
    for (int k = 0; k < 3; k++) {
        struct vm vv, *v = &vv;
        int xl = XL[k];
        vm_init(v, xl);
        long illegal = 0, mismatch = 0;
        for (u32 w = 0; w < 0x10000; w++) {
            if ((w & 3) == 3) continue;
            v->len = 0;
            emit(v, w);
            for (int r = 1; r < 32; r++) S(v, r, DATA + 0x100);
            struct isa_inst in;
            bool valid = isa_decode(xl, ~0u, w, &in);
            v->h.insn_limit = v->h.instret + 1000;   /* "c.j 0" loops forever */
            int rc = vm_run(v);
            bool trapped_illegal = rc == RUN_TRAP && v->h.trap.cause == TRAP_ILLEGAL &&
                                   v->h.pc == CODE;
            if (!valid) illegal++;
            if (valid == trapped_illegal) {
                if (mismatch++ < 5)
                    printf("# xlen %d word %04x: decoder says %s, run gave %d cause %d\n", xl,
                           w, valid ? in.desc->name : "illegal", rc, v->h.trap.cause);
            }
        }
        CHECK(mismatch == 0);
        CHECK(illegal > 100);
        vm_free(v);
    }
}

/* A large sample of the 32-bit space. */
TEST(sample_32bit_space)
{
    u64 s = 12345;
    for (int k = 0; k < 3; k++) {
        struct vm vv, *v = &vv;
        int xl = XL[k];
        vm_init(v, xl);
        long mismatch = 0;
        for (int n = 0; n < 200000; n++) {
            s ^= s << 13; s ^= s >> 7; s ^= s << 17;
            u32 w = (u32)s | 3;
            if ((w & 0x1c) == 0x1c) w &= ~0x10u;
            v->len = 0;
            emit(v, w);
            for (int r = 1; r < 32; r++) S(v, r, DATA + 0x100);
            struct isa_inst in;
            bool valid = isa_decode(xl, ~0u, w, &in);
            v->h.insn_limit = v->h.instret + 1000;   /* "c.j 0" loops forever */
            int rc = vm_run(v);
            bool trapped_illegal = rc == RUN_TRAP && v->h.trap.cause == TRAP_ILLEGAL &&
                                   v->h.pc == CODE;
            /* an unknown CSR number decodes but traps when executed */
            if (valid && (in.desc->flags & ISA_F_CSR)) continue;
            if (valid == trapped_illegal) {
                if (mismatch++ < 5)
                    printf("# xlen %d word %08x: decoder says %s, run gave %d cause %d\n", xl,
                           w, valid ? in.desc->name : "illegal", rc, v->h.trap.cause);
            }
        }
        CHECK(mismatch == 0);
        vm_free(v);
    }
}

int main(void)
{
    RUN(alu_edges);
    RUN(w_and_d_forms_sign_extend);
    RUN(m_edges);
    RUN(loads_stores);
    RUN(branches_and_jumps);
    RUN(atomics);
    RUN(compressed_exec);
    RUN(fp_rounding_flags_boxing);
    RUN(csr_counters);
    RUN(traps);
    RUN(superblock_counting);
    RUN(insn_limit_slices);
    RUN(fence_i_self_modifying);
    RUN(rv128_halves);
    RUN(sweep_16bit_space);
    RUN(sample_32bit_space);
    return check_done();
}
