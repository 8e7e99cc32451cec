/* zl-run on broken executables: a clear "zl-run: FILE: reason", a non-zero status, and
 * never a crash (a crash would show as death by signal). */
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/check.h"
#include "lib/enc.h"
#include "lib/mkexe.h"

static char dir[] = "/tmp/zl-badexe-XXXXXX";
static char out[8192];

/* Run zl-run on path; returns its exit status (or 128+signal) and its stderr in out. */
static int run(const char *path)
{
    char cmd[1024], errf[600];
    const char *bin = getenv("ZL_BIN");
    snprintf(errf, sizeof errf, "%s/stderr", dir);
    snprintf(cmd, sizeof cmd, "%s/zl-run %s > /dev/null 2> %s", bin ? bin : "build/bin", path, errf);
    int rc = system(cmd);
    FILE *f = fopen(errf, "r");
    size_t n = f ? fread(out, 1, sizeof out - 1, f) : 0;
    out[n] = 0;
    if (f) fclose(f);
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : 128 + WTERMSIG(rc);
}

static void write_file(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (f) { fwrite(data, 1, n, f); fclose(f); }
    chmod(path, 0755);
}

static u8 *good;          /* a valid ELF64 executable */
static size_t good_n;

static void make_good(void)
{
    u32 code[3] = { enc(64, "addi", 10, 0, 0, 0), enc(64, "addi", 17, 0, 0, 93), 0x73 };
    static const u8 data[16];
    struct mkexe m = { .cls = ELFCLASS64, .text_addr = mkexe_text_addr(ELFCLASS64, 0x10000),
                       .text = (const u8 *)code, .text_size = sizeof code,
                       .data_addr = 0x20000, .data = data, .data_size = sizeof data };
    char p[128];
    snprintf(p, sizeof p, "%s/good", dir);
    mkexe_write(&m, p);
    FILE *f = fopen(p, "rb");
    good = malloc(1 << 16);
    good_n = f ? fread(good, 1, 1 << 16, f) : 0;
    if (f) fclose(f);
}

/* Expect a clean failure whose message names the file and contains `why`. */
static void expect_fail(const char *name, const void *data, size_t n, const char *why)
{
    char p[128];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    write_file(p, data, n);
    int rc = run(p);
    char prefix[200];
    snprintf(prefix, sizeof prefix, "zl-run: %s: ", p);
    if (rc == 0 || rc >= 128 || strncmp(out, prefix, strlen(prefix)) || !strstr(out, why)) {
        char msg[400];
        snprintf(msg, sizeof msg, "%s: status %d, stderr \"%.200s\" (wanted \"%s\")", name, rc, out, why);
        check_fail(__FILE__, __LINE__, msg);
    }
}

/* ELF64 field offsets used to break the good file. */
enum { E_MACHINE = 18, E_ENTRY = 24, E_PHOFF = 32, E_PHNUM = 56, PH0 = 64, PHSZ = 56,
       P_OFFSET = 8, P_VADDR = 16, P_FILESZ = 32, P_MEMSZ = 40 };

static u8 *mutated(void)
{
    u8 *b = malloc(good_n);
    memcpy(b, good, good_n);
    return b;
}

TEST(good_runs) { char p[128]; snprintf(p, sizeof p, "%s/good", dir); CHECK(run(p) == 0); }

TEST(not_elf) { expect_fail("text", "#!/nonexistent\nhello\n", 21, "not an ELF file"); }
TEST(empty) { expect_fail("empty", "", 0, ""); }
TEST(missing) { CHECK(run("/nonexistent/zl-no-such-file") == 1); CHECK(strstr(out, "zl-run: /nonexistent/zl-no-such-file: ")); }

TEST(truncated_at_every_length)
{
    for (size_t n = 1; n < 200 && n < good_n; n += 7) {
        char name[32];
        snprintf(name, sizeof name, "trunc%zu", n);
        expect_fail(name, good, n, "");
    }
}

TEST(wrong_machine)
{
    u8 *b = mutated();
    b[E_MACHINE] = 62; b[E_MACHINE + 1] = 0;     /* x86-64 */
    expect_fail("x86", b, good_n, "not a RISC-V executable");
    free(b);
}

TEST(segment_beyond_file)
{
    u8 *b = mutated();
    u64 big = good_n * 4;
    memcpy(b + PH0 + P_FILESZ, &big, 8);
    memcpy(b + PH0 + P_MEMSZ, &big, 8);
    expect_fail("beyond", b, good_n, "");
    free(b);
}

TEST(absurd_size)
{
    u8 *b = mutated();
    u64 huge = 0x7fffffffffffffffull;
    memcpy(b + PH0 + PHSZ + P_MEMSZ, &huge, 8);   /* data segment: memsz absurd */
    expect_fail("absurd", b, good_n, "address space");
    free(b);
}

TEST(overlapping_segments)
{
    u8 *b = mutated();
    u64 va = 0x10000;                               /* data segment onto the text */
    memcpy(b + PH0 + PHSZ + P_VADDR, &va, 8);
    expect_fail("overlap", b, good_n, "overlaps");
    free(b);
}

TEST(entry_outside)
{
    u8 *b = mutated();
    u64 e = 0x20000;                                /* in the data segment */
    memcpy(b + E_ENTRY, &e, 8);
    expect_fail("entry", b, good_n, "entry point outside");
    free(b);
}

TEST(phdrs_beyond_file)
{
    u8 *b = mutated();
    u64 off = 0x7fffffff;
    memcpy(b + E_PHOFF, &off, 8);
    expect_fail("phoff", b, good_n, "");
    free(b);
}

/* Random byte flips: whatever happens, zl-run never dies by a host signal other than
 * the guest's own (SIGILL/SIGSEGV/SIGBUS/SIGTRAP reported with a message). */
TEST(random_corruption)
{
    u64 s = 42;
    for (int k = 0; k < 60; k++) {
        u8 *b = mutated();
        for (int j = 0; j < 4; j++) {
            s ^= s << 13; s ^= s >> 7; s ^= s << 17;
            b[(s >> 8) % 200] ^= (u8)s;
        }
        char p[128];
        snprintf(p, sizeof p, "%s/flip", dir);
        write_file(p, b, good_n);
        int rc = run(p);
        bool ok = rc < 128 || (strstr(out, "zl-run: ") && (rc == 128 + 4 || rc == 128 + 11 ||
                                                           rc == 128 + 7 || rc == 128 + 5));
        if (!ok) {
            char msg[300];
            snprintf(msg, sizeof msg, "flip %d: status %d, stderr \"%.150s\"", k, rc, out);
            check_fail(__FILE__, __LINE__, msg);
        }
        free(b);
    }
}

int main(void)
{
    if (!mkdtemp(dir)) return 1;
    make_good();
    RUN(good_runs);
    RUN(not_elf);
    RUN(empty);
    RUN(missing);
    RUN(truncated_at_every_length);
    RUN(wrong_machine);
    RUN(segment_beyond_file);
    RUN(absurd_size);
    RUN(overlapping_segments);
    RUN(entry_outside);
    RUN(phdrs_beyond_file);
    RUN(random_corruption);
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd)) {}
    free(good);
    return check_done();
}
