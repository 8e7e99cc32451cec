/* Record formats and op numbers shared by the two halves of the qemu differential test
 * (rv_fp.c on RISC-V, qemu_check.c on the host). */
#ifndef ZL_TESTS_FP_QEMU_OPS_H
#define ZL_TESTS_FP_QEMU_OPS_H

#include <stdint.h>

struct fp_rec { uint32_t op, rm; uint64_t a, b, c; };
struct fp_res { uint64_t r, flags; };

enum {
    OP_S_ADD, OP_S_SUB, OP_S_MUL, OP_S_DIV, OP_S_SQRT,
    OP_S_FMADD, OP_S_FMSUB, OP_S_FNMSUB, OP_S_FNMADD,
    OP_S_MIN, OP_S_MAX, OP_S_EQ, OP_S_LT, OP_S_LE, OP_S_CLASS,
    OP_S_TO_W, OP_S_TO_WU, OP_S_TO_L, OP_S_TO_LU,
    OP_S_FROM_W, OP_S_FROM_WU, OP_S_FROM_L, OP_S_FROM_LU,
    OP_S_TO_D, OP_D_TO_S,
    OP_D_ADD, OP_D_SUB, OP_D_MUL, OP_D_DIV, OP_D_SQRT,
    OP_D_FMADD, OP_D_FMSUB, OP_D_FNMSUB, OP_D_FNMADD,
    OP_D_MIN, OP_D_MAX, OP_D_EQ, OP_D_LT, OP_D_LE, OP_D_CLASS,
    OP_D_TO_W, OP_D_TO_WU, OP_D_TO_L, OP_D_TO_LU,
    OP_D_FROM_W, OP_D_FROM_WU, OP_D_FROM_L, OP_D_FROM_LU,
    OP_COUNT
};

#endif
