/* rv128 programs against the ZettaLinux system-call ABI (docs/abi.md §5, §6, §10, §11),
 * built from the instruction table until the assembler lands:
 *   - writev with 48-byte iovecs whose bases are 32-byte __ptr_t slots, and the same call
 *     with a non-zero reserved half (EINVAL);
 *   - lseek to 2^40 (in range) and to 2^100 (EINVAL: beyond the 64-bit host);
 *   - mmap with a hint above 2^64, then a store and a load there;
 *   - rt_sigaction + kill: the handler runs on the 128-bit frame and returns through the
 *     sigreturn page to the interrupted code.
 * The program writes one line per check; the test compares them with the expected ones. */
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/check.h"
#include "lib/enc.h"
#include "lib/mkexe.h"

enum { ZERO = 0, RA = 1, SP = 2, T0 = 5, T1 = 6, T2 = 7, S0 = 8, S1 = 9, A0 = 10, A1 = 11,
       A2 = 12, A3 = 13, A4 = 14, A5 = 15, A7 = 17, S2 = 18, S3 = 19 };
#define XL 128
#define DATA 0x20000
static u32 code[1024];
static int n;
#define E(...) do { u32 w_ = enc(XL, __VA_ARGS__); code[n++] = w_; } while (0)
#define HERE (n * 4)
#define ECALL() (code[n++] = 0x73)

/* data layout */
enum { MSG_A = 0, MSG_B = 16, IOV = 64 /* 2 x 48 */, PATH = 160, LINES = 256, SIGACT = 768,
       SCRATCH = 896 };
static const char *const lines[] = {
    "writev ok\n", "writev EINVAL\n", "lseek 2^40 ok\n", "lseek 2^100 EINVAL\n",
    "mmap above 2^64 ok\n", "signal handler ran\n", "back from handler\n", "FAILED\n",
};
enum { L_WRITEV, L_EINVAL, L_SEEK, L_SEEK_BIG, L_MMAP, L_HANDLER, L_BACK, L_FAIL, NLINES };
static int line_off[NLINES];

static void li(int rd, i32 v)
{
    i32 hi = (i32)(((u32)v + 0x800) & 0xfffff000u);
    if (hi) { E("lui", rd, 0, 0, hi); E("addi", rd, rd, 0, v - hi); }
    else E("addi", rd, ZERO, 0, v);
}

static void say(int line)   /* write(1, lines[line], len) */
{
    li(A0, 1);
    li(A1, DATA + line_off[line]);
    li(A2, (i32)strlen(lines[line]));
    li(A7, 64);
    ECALL();
}

/* if (reg != want) say FAILED */
static void expect_eq(int reg, int want_reg)
{
    int at = n;
    E("beq", 0, reg, want_reg, 0);       /* patched below */
    say(L_FAIL);
    u32 w = enc(XL, "beq", 0, reg, want_reg, (HERE - at * 4));
    code[at] = w;
}

static int build(const char *path, const char *tmpfile)
{
    static u8 data[2048];
    memcpy(data + MSG_A, "hello ", 6);
    memcpy(data + MSG_B, "rv128\n", 6);
    /* iovec[0] = { base slot {DATA+MSG_A, 0}, len 6 }, iovec[1] = { DATA+MSG_B, 6 } */
    u128 v;
    v = DATA + MSG_A; memcpy(data + IOV + 0, &v, 16);
    v = 6;            memcpy(data + IOV + 32, &v, 16);
    v = DATA + MSG_B; memcpy(data + IOV + 48, &v, 16);
    v = 6;            memcpy(data + IOV + 80, &v, 16);
    strcpy((char *)data + PATH, tmpfile);
    int off = LINES;
    for (int i = 0; i < NLINES; i++) {
        line_off[i] = off;
        strcpy((char *)data + off, lines[i]);
        off += (int)strlen(lines[i]) + 1;
    }
    n = 0;
    int jump_main = n;
    E("jal", 0, 0, 0, 0);                         /* over the handler; patched */
    /* handler(sig, info, uc): check a0 == SIGUSR1, say so, return through ra */
    int handler = HERE;
    E("addi", S2, RA, 0, 0);
    li(T0, 10);
    expect_eq(A0, T0);
    say(L_HANDLER);
    E("jalr", 0, S2, 0, 0);
    code[jump_main] = enc(XL, "jal", 0, 0, 0, HERE - jump_main * 4);

    /* writev(1, iov, 2) == 12 */
    li(A0, 1); li(A1, DATA + IOV); li(A2, 2); li(A7, 66); ECALL();
    li(T0, 12); expect_eq(A0, T0); say(L_WRITEV);
    /* reserved half of iov[1].base non-zero -> -EINVAL */
    li(T1, DATA + IOV + 48 + 16); li(T0, 1); E("sd", 0, T1, T0, 0);
    li(A0, 1); li(A1, DATA + IOV); li(A2, 2); li(A7, 66); ECALL();
    li(T0, -22); expect_eq(A0, T0); say(L_EINVAL);
    /* fd = openat(AT_FDCWD, path, O_RDWR|O_CREAT, 0600) */
    li(A0, -100); li(A1, DATA + PATH); li(A2, 0102); li(A3, 0600); li(A7, 56); ECALL();
    E("addi", S0, A0, 0, 0);
    /* lseek(fd, 1 << 40, SEEK_SET) == 1 << 40 */
    E("addi", A0, S0, 0, 0); li(A1, 1); E("slli", A1, A1, 0, 40); li(A2, 0); li(A7, 62); ECALL();
    li(T0, 1); E("slli", T0, T0, 0, 40); expect_eq(A0, T0); say(L_SEEK);
    /* lseek(fd, 1 << 100, SEEK_SET) == -EINVAL */
    E("addi", A0, S0, 0, 0); li(A1, 1); E("slli", A1, A1, 0, 100); li(A2, 0); li(A7, 62); ECALL();
    li(T0, -22); expect_eq(A0, T0); say(L_SEEK_BIG);
    /* p = mmap(1 << 70, 4096, RW, PRIVATE|ANON, -1, 0); p >> 64 != 0; *p = 0x1234 */
    li(A0, 1); E("slli", A0, A0, 0, 70); li(A1, 4096); li(A2, 3); li(A3, 0x22); li(A4, -1);
    li(A5, 0); li(A7, 222); ECALL();
    E("addi", S1, A0, 0, 0);
    E("srli", T0, S1, 0, 64);
    int at = n;
    E("bne", 0, T0, ZERO, 0);
    say(L_FAIL);
    code[at] = enc(XL, "bne", 0, T0, ZERO, HERE - at * 4);
    li(T1, 0x1234); E("sq", 0, S1, T1, 0); E("lq", T2, S1, 0, 0); expect_eq(T2, T1); say(L_MMAP);
    /* rt_sigaction(SIGUSR1, {handler slot, flags 0, mask 0}, NULL, 8); kill(getpid(), SIGUSR1) */
    li(T1, DATA + SIGACT);
    E("auipc", T0, 0, 0, 0);
    E("addi", T0, T0, 0, handler - (HERE - 4));
    E("sq", 0, T1, T0, 0);                     /* handler slot: address, reserved half 0 */
    li(A0, 10); li(A1, DATA + SIGACT); li(A2, 0); li(A3, 8); li(A7, 134); ECALL();
    expect_eq(A0, ZERO);
    li(A7, 172); ECALL();                      /* getpid */
    li(A1, 10); li(A7, 129); ECALL();          /* kill */
    say(L_BACK);
    li(A0, 0); li(A7, 93); ECALL();

    struct mkexe m = { .cls = ELFCLASS128, .text_addr = mkexe_text_addr(ELFCLASS128, 0x10000),
                       .text = (const u8 *)code, .text_size = (usize)n * 4,
                       .data_addr = DATA, .data = data, .data_size = sizeof data };
    if (mkexe_write(&m, path)) return -1;
    chmod(path, 0755);
    return 0;
}

TEST(rv128_boundary)
{
    char dir[] = "/tmp/zl-rv128-XXXXXX";
    if (!mkdtemp(dir)) { check_fail(__FILE__, __LINE__, "mkdtemp"); return; }
    char prog[128], tmp[128], cmd[512];
    snprintf(prog, sizeof prog, "%s/prog", dir);
    snprintf(tmp, sizeof tmp, "%s/file", dir);
    CHECK(build(prog, tmp) == 0);
    const char *bin = getenv("ZL_BIN");
    snprintf(cmd, sizeof cmd, "%s/zl-run %s", bin ? bin : "build/bin", prog);
    FILE *f = popen(cmd, "r");
    char out[1024] = "";
    size_t got = f ? fread(out, 1, sizeof out - 1, f) : 0;
    out[got] = 0;
    int rc = f ? pclose(f) : -1;
    CHECK(rc == 0);
    CHECK_STR(out, "hello rv128\nwritev ok\nwritev EINVAL\nlseek 2^40 ok\nlseek 2^100 EINVAL\n"
                   "mmap above 2^64 ok\nsignal handler ran\nback from handler\n");
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd)) {}
}

int main(void)
{
    RUN(rv128_boundary);
    return check_done();
}
