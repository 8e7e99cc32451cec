/* Host side of the qemu differential test (tests/fp/qemu_diff_test.sh).
 *
 *   qemu_check gen SEED N  > in.bin     N biased random records per op and rounding mode
 *   qemu_check cmp in.bin out.bin       recompute with libzl's src/fp, compare bit for bit
 *
 * out.bin comes from rv_fp running the real F/D instructions under qemu-riscv64.  Prints
 * one PASS/FAIL line per op (tests/lib/check.h protocol) with the first mismatches.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fp/fp.h>
#include "../fp_gen.h"
#include "ops.h"

static const char *const op_names[OP_COUNT] = {
    "fadd.s", "fsub.s", "fmul.s", "fdiv.s", "fsqrt.s",
    "fmadd.s", "fmsub.s", "fnmsub.s", "fnmadd.s",
    "fmin.s", "fmax.s", "feq.s", "flt.s", "fle.s", "fclass.s",
    "fcvt.w.s", "fcvt.wu.s", "fcvt.l.s", "fcvt.lu.s",
    "fcvt.s.w", "fcvt.s.wu", "fcvt.s.l", "fcvt.s.lu",
    "fcvt.d.s", "fcvt.s.d",
    "fadd.d", "fsub.d", "fmul.d", "fdiv.d", "fsqrt.d",
    "fmadd.d", "fmsub.d", "fnmsub.d", "fnmadd.d",
    "fmin.d", "fmax.d", "feq.d", "flt.d", "fle.d", "fclass.d",
    "fcvt.w.d", "fcvt.wu.d", "fcvt.l.d", "fcvt.lu.d",
    "fcvt.d.w", "fcvt.d.wu", "fcvt.d.l", "fcvt.d.lu",
};

static int is_single(int op) { return op < OP_D_TO_S; }   /* binary32 operands */

static void gen_one(struct fp_rec *r)
{
    int op = (int)r->op;
    int M = is_single(op) ? 23 : 52, EB = is_single(op) ? 8 : 11;
    u64 a, b, c = 0;
    switch (op) {
    case OP_S_MUL: case OP_D_MUL:
        a = tg_fp(M, EB); b = tg_scale_partner(a, 1, M, EB); break;
    case OP_S_DIV: case OP_D_DIV:
        a = tg_fp(M, EB); b = tg_scale_partner(a, 0, M, EB); break;
    case OP_S_FMADD: case OP_S_FMSUB: case OP_S_FNMSUB: case OP_S_FNMADD:
    case OP_D_FMADD: case OP_D_FMSUB: case OP_D_FNMSUB: case OP_D_FNMADD:
        a = tg_fp(M, EB); b = tg_scale_partner(a, 1, M, EB); c = tg_addend(a, b, M, EB); break;
    case OP_S_TO_W: case OP_S_TO_WU: case OP_S_TO_L: case OP_S_TO_LU:
    case OP_D_TO_W: case OP_D_TO_WU: case OP_D_TO_L: case OP_D_TO_LU:
        a = tg_intish(M, EB); b = 0; break;
    case OP_S_FROM_W: case OP_S_FROM_WU: case OP_S_FROM_L: case OP_S_FROM_LU:
    case OP_D_FROM_W: case OP_D_FROM_WU: case OP_D_FROM_L: case OP_D_FROM_LU:
        a = tg_int64(); b = 0; break;
    case OP_D_TO_S:
        a = tg_below(2) ? tg_fp(52, 11)
                        : tg_make((int)(tg_next() & 1), 1023 - 127 + tg_range(-30, 130), tg_mant(52), 52, 11);
        b = 0; break;
    default:
        a = tg_fp(M, EB); b = tg_near(a, M, EB); break;
    }
    r->a = a; r->b = b; r->c = c;
}

static u64 mine(const struct fp_rec *r, u8 *fl)
{
    u32 a32 = (u32)r->a, b32 = (u32)r->b, c32 = (u32)r->c;
    u64 a = r->a, b = r->b, c = r->c;
    int rm = (int)r->rm;
    switch (r->op) {
    case OP_S_ADD: return f32_add(a32, b32, rm, fl);
    case OP_S_SUB: return f32_sub(a32, b32, rm, fl);
    case OP_S_MUL: return f32_mul(a32, b32, rm, fl);
    case OP_S_DIV: return f32_div(a32, b32, rm, fl);
    case OP_S_SQRT: return f32_sqrt(a32, rm, fl);
    case OP_S_FMADD: return f32_fmadd(a32, b32, c32, rm, fl);
    case OP_S_FMSUB: return f32_fmsub(a32, b32, c32, rm, fl);
    case OP_S_FNMSUB: return f32_fnmsub(a32, b32, c32, rm, fl);
    case OP_S_FNMADD: return f32_fnmadd(a32, b32, c32, rm, fl);
    case OP_S_MIN: return f32_min(a32, b32, fl);
    case OP_S_MAX: return f32_max(a32, b32, fl);
    case OP_S_EQ: return (u64)f32_eq(a32, b32, fl);
    case OP_S_LT: return (u64)f32_lt(a32, b32, fl);
    case OP_S_LE: return (u64)f32_le(a32, b32, fl);
    case OP_S_CLASS: return f32_class(a32);
    case OP_S_TO_W: return (u64)(i64)f32_to_i32(a32, rm, fl);
    case OP_S_TO_WU: return (u64)(i64)(i32)f32_to_u32(a32, rm, fl);   /* RV64 sign-extends */
    case OP_S_TO_L: return (u64)f32_to_i64(a32, rm, fl);
    case OP_S_TO_LU: return f32_to_u64(a32, rm, fl);
    case OP_S_FROM_W: return f32_from_i32((i32)a32, rm, fl);
    case OP_S_FROM_WU: return f32_from_u32(a32, rm, fl);
    case OP_S_FROM_L: return f32_from_i64((i64)a, rm, fl);
    case OP_S_FROM_LU: return f32_from_u64(a, rm, fl);
    case OP_S_TO_D: return f32_to_f64(a32, fl);
    case OP_D_TO_S: return f64_to_f32(a, rm, fl);
    case OP_D_ADD: return f64_add(a, b, rm, fl);
    case OP_D_SUB: return f64_sub(a, b, rm, fl);
    case OP_D_MUL: return f64_mul(a, b, rm, fl);
    case OP_D_DIV: return f64_div(a, b, rm, fl);
    case OP_D_SQRT: return f64_sqrt(a, rm, fl);
    case OP_D_FMADD: return f64_fmadd(a, b, c, rm, fl);
    case OP_D_FMSUB: return f64_fmsub(a, b, c, rm, fl);
    case OP_D_FNMSUB: return f64_fnmsub(a, b, c, rm, fl);
    case OP_D_FNMADD: return f64_fnmadd(a, b, c, rm, fl);
    case OP_D_MIN: return f64_min(a, b, fl);
    case OP_D_MAX: return f64_max(a, b, fl);
    case OP_D_EQ: return (u64)f64_eq(a, b, fl);
    case OP_D_LT: return (u64)f64_lt(a, b, fl);
    case OP_D_LE: return (u64)f64_le(a, b, fl);
    case OP_D_CLASS: return f64_class(a);
    case OP_D_TO_W: return (u64)(i64)f64_to_i32(a, rm, fl);
    case OP_D_TO_WU: return (u64)(i64)(i32)f64_to_u32(a, rm, fl);
    case OP_D_TO_L: return (u64)f64_to_i64(a, rm, fl);
    case OP_D_TO_LU: return f64_to_u64(a, rm, fl);
    case OP_D_FROM_W: return f64_from_i32((i32)a32, rm, fl);
    case OP_D_FROM_WU: return f64_from_u32(a32, rm, fl);
    case OP_D_FROM_L: return f64_from_i64((i64)a, rm, fl);
    case OP_D_FROM_LU: return f64_from_u64(a, rm, fl);
    }
    return 0;
}

/* Results that are binary32 in an f register come back sign-extended by fmv.x.w. */
static u64 result_mask(int op)
{
    switch (op) {
    case OP_S_ADD: case OP_S_SUB: case OP_S_MUL: case OP_S_DIV: case OP_S_SQRT:
    case OP_S_FMADD: case OP_S_FMSUB: case OP_S_FNMSUB: case OP_S_FNMADD:
    case OP_S_MIN: case OP_S_MAX: case OP_S_FROM_W: case OP_S_FROM_WU:
    case OP_S_FROM_L: case OP_S_FROM_LU: case OP_D_TO_S:
        return 0xffffffffu;
    default:
        return ~(u64)0;
    }
}

static int do_gen(u64 seed, long n)
{
    tg_seed(seed);
    for (int op = 0; op < OP_COUNT; op++)
        for (int rm = 0; rm <= 4; rm++)
            for (long i = 0; i < n; i++) {
                struct fp_rec r = { (u32)op, (u32)rm, 0, 0, 0 };
                gen_one(&r);
                if (fwrite(&r, sizeof r, 1, stdout) != 1)
                    return 2;
            }
    return 0;
}

static int do_cmp(const char *inp, const char *outp)
{
    FILE *fi = fopen(inp, "rb"), *fo = fopen(outp, "rb");
    if (!fi || !fo) {
        printf("FAIL qemu_cmp: cannot open %s or %s\n", inp, outp);
        return 1;
    }
    long total[OP_COUNT] = { 0 }, bad[OP_COUNT] = { 0 };
    char first[OP_COUNT][200];
    struct fp_rec r;
    struct fp_res q;
    while (fread(&r, sizeof r, 1, fi) == 1) {
        if (fread(&q, sizeof q, 1, fo) != 1) {
            printf("FAIL qemu_cmp: output shorter than input\n");
            return 1;
        }
        if (r.op >= OP_COUNT)
            continue;
        u8 fl = 0;
        u64 m = mine(&r, &fl) & result_mask((int)r.op);
        u64 want = q.r & result_mask((int)r.op);
        total[r.op]++;
        if (m != want || fl != q.flags) {
            if (bad[r.op]++ == 0)
                snprintf(first[r.op], sizeof first[r.op],
                         "rm=%u a=%016llx b=%016llx c=%016llx: got %016llx/%02x qemu %016llx/%02llx",
                         r.rm, (unsigned long long)r.a, (unsigned long long)r.b,
                         (unsigned long long)r.c, (unsigned long long)m, fl,
                         (unsigned long long)want, (unsigned long long)q.flags);
        }
    }
    int fails = 0;
    for (int op = 0; op < OP_COUNT; op++) {
        if (!total[op])
            continue;
        if (bad[op]) {
            printf("FAIL qemu_%s: %ld of %ld differ; first: %s\n", op_names[op], bad[op],
                   total[op], first[op]);
            fails++;
        } else {
            printf("PASS qemu_%s (%ld cases)\n", op_names[op], total[op]);
        }
    }
    return fails ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc == 4 && !strcmp(argv[1], "gen"))
        return do_gen(strtoull(argv[2], 0, 0), strtol(argv[3], 0, 0));
    if (argc == 4 && !strcmp(argv[1], "cmp"))
        return do_cmp(argv[2], argv[3]);
    fprintf(stderr, "usage: qemu_check gen SEED N | cmp IN OUT\n");
    return 2;
}
