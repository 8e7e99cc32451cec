/* Builds examples' 128-bit demo program: an ELFCLASS128 executable encoded straight
 * from the instruction table (the assembler replaces this once zl-as lands).
 *
 * The program computes 30! with 128-bit MUL (about 2^108: no 64-bit register holds it),
 * prints it in decimal with 128-bit DIVU/REMU, then prints its own stack pointer —
 * zl-run places rv128 stacks above 2^118 — and exits.
 *
 *   mkdemo OUT
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "lib/enc.h"
#include "lib/mkexe.h"

#define XL 128
enum { ZERO = 0, RA = 1, SP = 2, T0 = 5, T1 = 6, T2 = 7, A0 = 10, A1 = 11, A2 = 12,
       A3 = 13, A4 = 14, A7 = 17 };
#define DATA 0x20000

static u32 code[256];
static int n;
#define E(...) do { u32 w_ = enc(XL, __VA_ARGS__); code[n++] = w_; } while (0)
#define HERE (n * 4)

static const char msg1[] = "rv128: 30! = ";
static const char msg2[] = "\nrv128: my stack pointer is 0x";
static const char msg3[] = "\nrv128: both need more than 64 bits.\n";
enum { OFF_MSG1 = 0, OFF_MSG2 = 32, OFF_MSG3 = 80, OFF_BUF = 192, BUF_LEN = 64 };

static void write_msg(int off, int len)
{
    E("addi", A0, ZERO, 0, 1);
    E("lui", A1, 0, 0, DATA);
    E("addi", A1, A1, 0, off);
    E("addi", A2, ZERO, 0, len);
    E("addi", A7, ZERO, 0, 64);
    code[n++] = 0x00000073;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: mkdemo OUT\n");
        return 2;
    }
    write_msg(OFF_MSG1, sizeof msg1 - 1);
    /* t0 = 30! */
    E("addi", T0, ZERO, 0, 1);
    E("addi", T1, ZERO, 0, 1);
    E("addi", T2, ZERO, 0, 31);
    int fact = HERE;
    E("mul", T0, T0, T1, 0);
    E("addi", T1, T1, 0, 1);
    E("bne", 0, T1, T2, fact - HERE);
    /* decimal: digits from the end of the buffer backwards */
    E("lui", A1, 0, 0, DATA);
    E("addi", A1, A1, 0, OFF_BUF + BUF_LEN);
    E("addi", A4, A1, 0, 0);
    E("addi", A3, ZERO, 0, 10);
    int dec = HERE;
    E("remu", A2, T0, A3, 0);
    E("divu", T0, T0, A3, 0);
    E("addi", A2, A2, 0, '0');
    E("addi", A1, A1, 0, -1);
    E("sb", 0, A1, A2, 0);
    E("bne", 0, T0, ZERO, dec - HERE);
    E("sub", A2, A4, A1, 0);                 /* write(1, a1, a4 - a1) */
    E("addi", A0, ZERO, 0, 1);
    E("addi", A7, ZERO, 0, 64);
    code[n++] = 0x00000073;
    write_msg(OFF_MSG2, sizeof msg2 - 1);
    /* 32 hex digits of sp, most significant first */
    E("addi", T0, SP, 0, 0);
    E("lui", A1, 0, 0, DATA);
    E("addi", A1, A1, 0, OFF_BUF + 32);
    E("addi", A4, A1, 0, 0);
    E("addi", T2, ZERO, 0, 32);
    int hex = HERE;
    E("andi", A2, T0, 0, 15);
    E("srli", T0, T0, 0, 4);
    E("addi", A2, A2, 0, '0');
    E("sltiu", A3, A2, 0, '9' + 1);          /* a3 = digit <= '9' */
    E("bne", 0, A3, ZERO, 8);
    E("addi", A2, A2, 0, 'a' - '9' - 1);
    E("addi", A1, A1, 0, -1);
    E("sb", 0, A1, A2, 0);
    E("addi", T2, T2, 0, -1);
    E("bne", 0, T2, ZERO, hex - HERE);
    E("addi", A2, ZERO, 0, 32);
    E("addi", A0, ZERO, 0, 1);
    E("addi", A7, ZERO, 0, 64);
    code[n++] = 0x00000073;
    write_msg(OFF_MSG3, sizeof msg3 - 1);
    E("addi", A0, ZERO, 0, 0);
    E("addi", A7, ZERO, 0, 93);
    code[n++] = 0x00000073;

    static u8 data[OFF_BUF + BUF_LEN];
    memcpy(data + OFF_MSG1, msg1, sizeof msg1);
    memcpy(data + OFF_MSG2, msg2, sizeof msg2);
    memcpy(data + OFF_MSG3, msg3, sizeof msg3);
    struct mkexe m = {
        .cls = ELFCLASS128, .text_addr = mkexe_text_addr(ELFCLASS128, 0x10000),
        .text = (const u8 *)code, .text_size = (usize)n * 4,
        .data_addr = DATA, .data = data, .data_size = sizeof data,
    };
    if (mkexe_write(&m, argv[1])) return 1;
    chmod(argv[1], 0755);
    return 0;
}
