/* Address-space randomisation (docs/abi.md §10): over many runs, count the bits that
 * vary in the stack pointer, an mmap result, the break and the load address of a
 * position-independent executable.  rv128 must show at least 100 varying bits for the
 * stack, mmap and PIE base (the design draws 106/105/104), rv64 the 18 of Linux riscv64
 * for the stack and mmap; with -R every run is identical. */
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/check.h"
#include "lib/enc.h"
#include "lib/mkexe.h"

enum { ZERO = 0, SP = 2, T0 = 5, T1 = 6, T2 = 7, A0 = 10, A1 = 11, A2 = 12, A3 = 13,
       A4 = 14, A5 = 15, A7 = 17, S1 = 9 };
static int xl;
static u32 code[512];
static int n;
#define E(...) do { u32 w_ = enc(xl, __VA_ARGS__); code[n++] = w_; } while (0)
#define HERE (n * 4)

/* Print register `r` as XLEN/4 hex digits and a newline; clobbers a0-a5, t0-t2.
 * The 64-byte buffer is addressed pc-relatively (position-independent): it sits at the
 * start of .data, which mkexe places at text_addr - (text_addr & 0xfff) + 0x10000. */
static void print_hex(int r, i32 data_delta_from_here)
{
    int at = HERE;
    E("auipc", A1, 0, 0, (i32)((data_delta_from_here + 0x800) & ~0xfff));
    E("addi", A1, A1, 0, data_delta_from_here - (i32)((data_delta_from_here + 0x800) & ~0xfff));
    (void)at;
    E("addi", T0, r, 0, 0);
    E("addi", A4, A1, 0, xl / 4);             /* end of digits */
    E("addi", A5, ZERO, 0, '\n');
    E("sb", 0, A4, A5, 0);
    E("addi", T2, ZERO, 0, xl / 4);
    int loop = HERE;
    E("andi", A2, T0, 0, 15);
    E("srli", T0, T0, 0, 4);
    E("addi", A2, A2, 0, '0');
    E("sltiu", A3, A2, 0, '9' + 1);
    E("bne", 0, A3, ZERO, 8);
    E("addi", A2, A2, 0, 'a' - '9' - 1);
    E("addi", A4, A4, 0, -1);
    E("sb", 0, A4, A2, 0);
    E("addi", T2, T2, 0, -1);
    E("bne", 0, T2, ZERO, loop - HERE);
    E("addi", A0, ZERO, 0, 1);
    E("addi", A2, ZERO, 0, xl / 4 + 1);
    E("addi", A7, ZERO, 0, 64);
    code[n++] = 0x73;
}

/* The probe: prints pc (load address), sp, mmap(NULL, 4096, RW, PRIVATE|ANON), brk(0). */
static int build_probe(const char *path, int xlen)
{
    xl = xlen;
    n = 0;
    int cls = xlen == 128 ? ELFCLASS128 : ELFCLASS64;
    u128 text = mkexe_text_addr(cls, 0);
    u128 data = 0x10000;
    E("auipc", S1, 0, 0, 0);                       /* s1 = where the code runs */
    E("addi", A0, ZERO, 0, 0);                     /* mmap(0, 4096, 3, 0x22, -1, 0) */
    E("lui", A1, 0, 0, 0x1000);
    E("addi", A2, ZERO, 0, 3);
    E("addi", A3, ZERO, 0, 0x22);
    E("addi", A4, ZERO, 0, -1);
    E("addi", A5, ZERO, 0, 0);
    E("addi", A7, ZERO, 0, 222);
    code[n++] = 0x73;
    E("addi", 18, A0, 0, 0);                        /* s2 = mapping */
    E("addi", A0, ZERO, 0, 0);                     /* brk(0) */
    E("addi", A7, ZERO, 0, 214);
    code[n++] = 0x73;
    E("addi", 19, A0, 0, 0);                        /* s3 = break */
    int regs[4] = { S1, SP, 18, 19 };
    for (int k = 0; k < 4; k++) print_hex(regs[k], (i32)(data - (text + (u128)HERE)));
    E("addi", A0, ZERO, 0, 0);
    E("addi", A7, ZERO, 0, 93);
    code[n++] = 0x73;
    static u8 buf[64];
    struct mkexe m = { .cls = cls, .type = ET_DYN, .text_addr = text,
                       .text = (const u8 *)code, .text_size = (usize)n * 4,
                       .data_addr = data, .data = buf, .data_size = sizeof buf };
    if (mkexe_write(&m, path)) return -1;
    chmod(path, 0755);
    return 0;
}

struct sample { u128 v[4]; };

static u128 parse_hex(const char *s)
{
    u128 v = 0;
    for (; *s && *s != '\n'; s++) v = v << 4 | (u128)(*s <= '9' ? *s - '0' : *s - 'a' + 10);
    return v;
}

static int run_probe(const char *path, bool norandom, struct sample *out)
{
    char cmd[512];
    const char *bin = getenv("ZL_BIN");
    snprintf(cmd, sizeof cmd, "%s/zl-run %s %s", bin ? bin : "build/bin", norandom ? "-R" : "", path);
    FILE *f = popen(cmd, "r");
    if (!f) return -1;
    char line[128];
    int k = 0;
    while (k < 4 && fgets(line, sizeof line, f)) out->v[k++] = parse_hex(line);
    int rc = pclose(f);
    return k == 4 && rc == 0 ? 0 : -1;
}

/* Number of bit positions that took both values across the samples. */
static int varying_bits(const struct sample *s, int ns, int which)
{
    u128 ones = 0, zeros = 0;
    for (int i = 0; i < ns; i++) { ones |= s[i].v[which]; zeros |= ~s[i].v[which]; }
    u128 both = ones & zeros;
    int c = 0;
    for (; both; both &= both - 1) c++;
    return c;
}

static char dir[] = "/tmp/zl-aslr-XXXXXX";
#define NS 48

static void check_xlen(int xlen, int want_stack, int want_mmap, int want_pie)
{
    char path[128];
    snprintf(path, sizeof path, "%s/probe%d", dir, xlen);
    CHECK(build_probe(path, xlen) == 0);
    struct sample s[NS];
    for (int i = 0; i < NS; i++)
        if (run_probe(path, false, &s[i])) { check_fail(__FILE__, __LINE__, "probe failed"); return; }
    int pie = varying_bits(s, NS, 0), stack = varying_bits(s, NS, 1),
        mm = varying_bits(s, NS, 2), brk = varying_bits(s, NS, 3);
    printf("# rv%d: varying bits over %d runs: pie %d, stack %d, mmap %d, brk %d\n", xlen,
           NS, pie, stack, mm, brk);
    CHECK(stack >= want_stack);
    CHECK(mm >= want_mmap);
    CHECK(pie >= want_pie);
    CHECK(brk >= 10);
    if (xlen == 128) {
        CHECK(s[0].v[1] >> 118 == 1);            /* stack top in [2^118, 2^119) */
        CHECK(s[0].v[2] > ((u128)1 << 64));      /* mappings far above 2^64 */
    }
    struct sample a, b;
    CHECK(run_probe(path, true, &a) == 0 && run_probe(path, true, &b) == 0);
    CHECK(!memcmp(&a, &b, sizeof a));
}

TEST(rv128_entropy) { check_xlen(128, 100, 100, 100); }
TEST(rv64_entropy) { check_xlen(64, 16, 16, 16); }

int main(void)
{
    if (!mkdtemp(dir)) return 1;
    RUN(rv128_entropy);
    RUN(rv64_entropy);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd)) {}
    return check_done();
}
