/* XLEN-neutral assembly for libc/arch/riscv/*.S: one source for rv32, rv64 and rv128,
 * preprocessed by zl-cc (or the cross gcc), which defines __riscv_xlen. */
#ifndef ZL_LIBC_ASM_H
#define ZL_LIBC_ASM_H
#if __riscv_xlen == 128
#define W 16
#define REG_L lq
#define REG_S sq
#elif __riscv_xlen == 64
#define W 8
#define REG_L ld
#define REG_S sd
#elif __riscv_xlen == 32
#define W 4
#define REG_L lw
#define REG_S sw
#else
#error "unknown __riscv_xlen"
#endif
#endif
