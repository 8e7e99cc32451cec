/* Writes the same compute loop as an ELFCLASS128 (rv128) and an ELFCLASS64 (rv64)
 * executable, encoded from the instruction table, so bench/run.sh can compare the
 * interpreter's speed at the two widths on identical instruction streams.
 *
 *   loopgen OUTDIR [OUTER_ITERATIONS]   -> OUTDIR/loop128, OUTDIR/loop64
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "lib/enc.h"
#include "lib/mkexe.h"

/* The loop: transform an array of native words (XLEN bits each) in place —
 * load, add/xor/shift/multiply mix, store, advance — the shape of real compute code.
 * rv64 uses ld/sd and rv128 lq/sq, everything else is the same instruction stream. */
static int write_loop(const char *path, int xlen, u32 outer)
{
    u32 code[64];
    int n = 0;
    const char *ld = xlen == 128 ? "lq" : "ld", *sd = xlen == 128 ? "sq" : "sd";
    const int wsz = xlen / 8, elems = 512;
#define E(...) do { u32 w_ = enc(xlen, __VA_ARGS__); code[n++] = w_; } while (0)
    u32 hi = (outer + 0x800) & 0xfffff000u;
    E("lui", 5, 0, 0, (i32)hi);                  /* t0 = outer iterations */
    E("addi", 5, 5, 0, (i32)(outer - hi));
    E("addi", 13, 0, 0, 3);
    int outer_top = n;
    E("lui", 10, 0, 0, 0x20000);                 /* a0 = array */
    E("addi", 11, 0, 0, elems);                  /* a1 = count */
    int inner = n;
    E(ld, 12, 10, 0, 0);
    E("add", 12, 12, 13, 0);
    E("xor", 13, 13, 12, 0);
    E("slli", 14, 12, 0, 7);
    E("srli", 15, 13, 0, 3);
    E("or", 14, 14, 15, 0);
    E("mul", 15, 14, 12, 0);
    E(sd, 0, 10, 15, 0);
    E("addi", 10, 10, 0, wsz);
    E("addi", 11, 11, 0, -1);
    E("bne", 0, 11, 0, (inner - n) * 4);
    E("addi", 5, 5, 0, -1);
    E("bne", 0, 5, 0, (outer_top - n) * 4);
    E("addi", 10, 0, 0, 0);                      /* exit(0) */
    E("addi", 17, 0, 0, 93);
    code[n++] = 0x00000073;
    int cls = xlen == 128 ? ELFCLASS128 : ELFCLASS64;
    static u8 array[512 * 16];
    struct mkexe m = {
        .cls = cls, .text_addr = mkexe_text_addr(cls, 0x10000),
        .text = (const u8 *)code, .text_size = (usize)n * 4,
        .data_addr = 0x20000, .data = array, .data_size = (usize)elems * (usize)wsz,
    };
    if (mkexe_write(&m, path)) return -1;
    chmod(path, 0755);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: loopgen OUTDIR [ITERATIONS]\n");
        return 2;
    }
    u32 iters = argc > 2 ? (u32)strtoul(argv[2], NULL, 0) : 200000u;
    char p128[4096], p64[4096];
    snprintf(p128, sizeof p128, "%s/loop128", argv[1]);
    snprintf(p64, sizeof p64, "%s/loop64", argv[1]);
    return write_loop(p128, 128, iters) || write_loop(p64, 64, iters) ? 1 : 0;
}
