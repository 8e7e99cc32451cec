/* Tests build guest code from the instruction table itself (no assembler needed):
 * enc(xlen, "addi", rd, rs1, rs2, imm) returns the encoded word or aborts loudly. */
#ifndef ZL_TESTS_ENC_H
#define ZL_TESTS_ENC_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/isa.h"

static inline const struct isa_insn *enc_find(int xlen, const char *name)
{
    for (size_t i = 0; i < isa_table_len; i++)
        if (!strcmp(isa_table[i].name, name) && (isa_table[i].xlens & isa_xbit(xlen)))
            return &isa_table[i];
    return NULL;
}

static inline u32 enc_full(int xlen, const char *name, int rd, int rs1, int rs2, int rs3,
                           i32 imm, int rm)
{
    const struct isa_insn *d = enc_find(xlen, name);
    struct isa_inst in;
    memset(&in, 0, sizeof in);
    in.rd = (u8)rd; in.rs1 = (u8)rs1; in.rs2 = (u8)rs2; in.rs3 = (u8)rs3;
    in.imm = imm; in.rm = (u8)rm;
    u32 w;
    if (!d || !isa_encode(d, xlen, &in, &w)) {
        fprintf(stderr, "enc: cannot encode %s rd=%d rs1=%d rs2=%d imm=%d at xlen %d\n",
                name, rd, rs1, rs2, (int)imm, xlen);
        abort();
    }
    return w;
}

static inline u32 enc(int xlen, const char *name, int rd, int rs1, int rs2, i32 imm)
{
    const struct isa_insn *d = enc_find(xlen, name);
    int rm = (d && strchr(d->args, 'm')) ? 7 : 0;   /* dynamic rounding by default */
    return enc_full(xlen, name, rd, rs1, rs2, 0, imm, rm);
}

#endif
