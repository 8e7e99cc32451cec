/* Corrupted input for zl-ld and zl-readelf (in-process, deterministic): valid objects of
 * class 32, 64 and 128 (relocations of many kinds, .eh_frame, .riscv.attributes, COMDAT
 * group, TLS) and an ar archive are linked once as they are (must succeed), then bytes
 * are changed at pseudo-random places (mostly in the headers and tables) and the inputs
 * are truncated; both tools must return for every variant.  Run under
 * `make check-sanitize` this is a small fuzzing campaign; tests/ld/fuzz_ld.c is the
 * open-ended one. */
#include "lib/check.h"
#include "lib/enc.h"
#include "obj128.h"
#include "fuzz_common.h"

static char tmpdir[256];

/* A relocatable object of class cls exercising most of the linker. */
static int make_seed(int cls, const char *path, int second)
{
    static struct ob b;
    int x = (int)elf_class_bits(cls);
    ob_init(&b, cls);
    b.arch = x == 32 ? "rv32i2p1_m2p0_c2p0" : x == 64 ? "rv64i2p1_m2p0_a2p1_c2p0"
                                                       : "rv128i2p0_m2p0_c2p0";
    int text = ob_sec(&b, second ? ".text.helper" : ".text", SHT_PROGBITS,
                      SHF_ALLOC | SHF_EXECINSTR, 4);
    int data = ob_sec(&b, ".data", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 16);
    int tbss = ob_sec(&b, ".tbss", SHT_NOBITS, SHF_ALLOC | SHF_WRITE | SHF_TLS, 8);
    int eh = ob_sec(&b, ".eh_frame", SHT_PROGBITS, SHF_ALLOC, 8);
    int dbg = ob_sec(&b, ".debug_info", SHT_PROGBITS, 0, 1);
    int arr = ob_sec(&b, ".init_array", SHT_INIT_ARRAY, SHF_ALLOC | SHF_WRITE, x / 8);
    char l[16];
    const char *fn = second ? "helper" : "_start";
    ob_global(&b, fn, text, STT_FUNC);
    ob_label(&b, text, l);
    ob_rel(&b, text, R_RISCV_PCREL_HI20, "var", 0);
    ob_ins(&b, text, enc(x, "auipc", 10, 0, 0, 0));
    ob_rel(&b, text, R_RISCV_PCREL_LO12_I, l, 0);
    ob_ins(&b, text, enc(x, "addi", 10, 10, 0, 0));
    ob_label(&b, text, l);
    ob_rel(&b, text, R_RISCV_GOT_HI20, "var", 0);
    ob_ins(&b, text, enc(x, "auipc", 11, 0, 0, 0));
    ob_rel(&b, text, R_RISCV_PCREL_LO12_I, l, 0);
    ob_ins(&b, text, enc(x, x == 32 ? "lw" : x == 64 ? "ld" : "lq", 11, 11, 0, 0));
    ob_rel(&b, text, R_RISCV_CALL_PLT, second ? "_start" : "helper", 0);
    ob_rel(&b, text, R_RISCV_RELAX, NULL, 0);
    ob_ins(&b, text, enc(x, "auipc", 1, 0, 0, 0));
    ob_ins(&b, text, enc(x, "jalr", 1, 1, 0, 0));
    ob_rel(&b, text, R_RISCV_TPREL_HI20, "tv", 0);
    ob_ins(&b, text, enc(x, "lui", 12, 0, 0, 0));
    ob_rel(&b, text, R_RISCV_TPREL_LO12_I, "tv", 0);
    ob_ins(&b, text, enc(x, "addi", 12, 12, 0, 0));
    ob_ins16(&b, text, 0x0001);
    ob_rel(&b, text, R_RISCV_ALIGN, NULL, 6);
    ob_ins16(&b, text, 0x0001);
    ob_ins(&b, text, enc(x, "addi", 0, 0, 0, 0));
    ob_rel(&b, text, R_RISCV_BRANCH, fn, 0);
    ob_ins(&b, text, enc(x, "beq", 0, 10, 11, 0));
    ob_rel(&b, text, R_RISCV_JAL, fn, 0);
    ob_ins(&b, text, enc(x, "jal", 0, 0, 0, 0));
    ob_ins(&b, text, enc(x, "jalr", 0, 1, 0, 0));
    u32 fnend = ob_here(&b, text);
    b.sym[b.nsym - 1].size = 0;
    ob_local(&b, ".Lend", text);

    ob_global(&b, second ? "var2" : "var", data, STT_OBJECT);
    ob_rel(&b, data, x == 32 ? R_RISCV_32 : x == 64 ? R_RISCV_64 : R_RISCV_128, fn, 8);
    ob_bytes(&b, data, NULL, (u32)x / 8);
    ob_rel(&b, data, R_RISCV_ADD32, ".Lend", 0);
    ob_rel(&b, data, R_RISCV_SUB32, fn, 0);
    ob_bytes(&b, data, NULL, 4);
    ob_rel(&b, data, R_RISCV_SET_ULEB128, ".Lend", 0);
    ob_rel(&b, data, R_RISCV_SUB_ULEB128, fn, 0);
    u8 ul[3] = { 0x80, 0x80, 0x00 };
    ob_bytes(&b, data, ul, 3);
    ob_symbol(&b, second ? "tv2" : "tv", tbss, 0, STB_GLOBAL, STT_TLS, 8);
    ob_bytes(&b, tbss, NULL, 8);

    /* .eh_frame: one CIE, one FDE for the function */
    u8 cie[20] = { 16, 0, 0, 0, 0, 0, 0, 0, 1, 'z', 'R', 0, 1, 0x7c, 1, 1, 0x1b, 0, 0, 0 };
    ob_bytes(&b, eh, cie, 20);
    u8 fde[20] = { 16, 0, 0, 0, 24, 0, 0, 0 };
    ob_rel_at(&b, eh, ob_here(&b, eh) + 8, R_RISCV_32_PCREL, fn, 0);
    put_le32(fde + 12, fnend);
    ob_bytes(&b, eh, fde, 20);
    ob_bytes(&b, eh, NULL, 4);                                 /* terminator */
    ob_rel(&b, dbg, R_RISCV_32, fn, 0);
    ob_bytes(&b, dbg, NULL, 4);
    ob_rel(&b, arr, x == 32 ? R_RISCV_32 : x == 64 ? R_RISCV_64 : R_RISCV_128, fn, 0);
    ob_bytes(&b, arr, NULL, (u32)x / 8);
    ob_symbol(&b, "common_sym", -3, 16, STB_GLOBAL, STT_OBJECT, 32);
    return ob_write(&b, path);
}

static u8 *slurp(const char *path, usize *n)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    static u8 bufs[8][65536];
    static int k;
    u8 *b = bufs[k++ & 7];
    *n = fread(b, 1, sizeof bufs[0], fp);
    fclose(fp);
    return b;
}

/* An ar archive (with a "/" index naming `sym` in member 0) of the given members. */
static usize make_ar(u8 *out, usize cap, const u8 *const *m, const usize *ms, int n,
                     const char *sym)
{
    usize pos = 0;
    memcpy(out, "!<arch>\n", 8);
    pos = 8;
    /* index: count, offsets, names */
    usize symlen = strlen(sym) + 1, idxsize = 4 + 4 + symlen;
    usize first_member = 8 + 60 + idxsize + (idxsize & 1);
    char h[61];
    snprintf(h, sizeof h, "%-16s%-12s%-6s%-6s%-8s%-10zu`\n", "/", "0", "0", "0", "0", idxsize);
    memcpy(out + pos, h, 60);
    pos += 60;
    out[pos++] = 0, out[pos++] = 0, out[pos++] = 0, out[pos++] = 1;
    out[pos++] = (u8)(first_member >> 24);
    out[pos++] = (u8)(first_member >> 16);
    out[pos++] = (u8)(first_member >> 8);
    out[pos++] = (u8)first_member;
    memcpy(out + pos, sym, symlen);
    pos += symlen;
    if (pos & 1)
        out[pos++] = '\n';
    for (int i = 0; i < n; i++) {
        char name[17];
        snprintf(name, sizeof name, "m%d.o/", i);
        snprintf(h, sizeof h, "%-16s%-12s%-6s%-6s%-8s%-10zu`\n", name, "0", "0", "0", "644",
                 ms[i]);
        if (pos + 60 + ms[i] + 1 > cap)
            return 0;
        memcpy(out + pos, h, 60);
        pos += 60;
        memcpy(out + pos, m[i], ms[i]);
        pos += ms[i];
        if (pos & 1)
            out[pos++] = '\n';
    }
    return pos;
}

static u32 rng = 12345;

static u32 rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static void mutate(u8 *b, usize n)
{
    int k = 1 + (int)(rnd() % 6);
    for (int i = 0; i < k; i++) {
        usize off;
        u32 where = rnd() % 4;
        if (where == 0)
            off = rnd() % (n < 128 ? n : 128);                  /* ELF header */
        else if (where == 1)
            off = n - 1 - rnd() % (n < 1024 ? n : 1024);        /* section headers */
        else
            off = rnd() % n;
        u32 what = rnd() % 4;
        b[off] = what == 0 ? 0 : what == 1 ? 0xff : what == 2 ? (u8)(b[off] ^ (1u << (rnd() % 8)))
                                                           : (u8)rnd();
    }
}

static u8 seeds[4][65536], seed2[4][65536];
static usize seedn[4], seed2n[4];

TEST(seeds_link)
{
    static const int cls[3] = { ELFCLASS32, ELFCLASS64, ELFCLASS128 };
    char p[512];
    for (int i = 0; i < 3; i++) {
        snprintf(p, sizeof p, "%s/s%d.o", tmpdir, i);
        CHECK(make_seed(cls[i], p, 0) == 0);
        usize n;
        u8 *d = slurp(p, &n);
        CHECK(d && n > 0);
        if (!d)
            return;
        memcpy(seeds[i], d, n);
        seedn[i] = n;
        snprintf(p, sizeof p, "%s/t%d.o", tmpdir, i);
        CHECK(make_seed(cls[i], p, 1) == 0);
        d = slurp(p, &n);
        CHECK(d && n > 0);
        if (!d)
            return;
        memcpy(seed2[i], d, n);
        seed2n[i] = n;
        const u8 *bufs[2] = { seeds[i], seed2[i] };
        usize sizes[2] = { seedn[i], seed2n[i] };
        for (unsigned f = 0; f < 4; f++) {
            int rc = fuzz_link(bufs, sizes, 2, f);
            if (rc != 0) {
                char why[96];
                snprintf(why, sizeof why, "class %d flags %u: the valid seed does not link",
                         cls[i], f);
                check_fail(__FILE__, __LINE__, why);
            }
        }
        CHECK(fuzz_readelf(seeds[i], seedn[i]) == 0);
    }
    /* archive seed: member 0 defines helper */
    const u8 *m[1] = { seed2[1] };
    usize ms[1] = { seed2n[1] };
    seedn[3] = make_ar(seeds[3], sizeof seeds[3], m, ms, 1, "helper");
    CHECK(seedn[3] > 0);
    const u8 *bufs[2] = { seeds[1], seeds[3] };
    usize sizes[2] = { seedn[1], seedn[3] };
    CHECK(fuzz_link(bufs, sizes, 2, 0) == 0);
}

TEST(corrupted)
{
    static u8 work[65536];
    u32 runs = 0, iters = 250;
    const char *e = getenv("ZL_ROBUST_ITER");          /* longer campaigns by hand */
    if (e && atoi(e) > 0)
        iters = (u32)atoi(e);
    for (int s = 0; s < 4; s++) {
        if (!seedn[s])
            continue;
        for (u32 i = 0; i < iters; i++) {
            usize n = seedn[s];
            memcpy(work, seeds[s], n);
            if (i % 10 == 9)
                n = rnd() % n;                                  /* truncated */
            else
                mutate(work, n);
            fuzz_readelf(work, n);
            const u8 *bufs[2] = { work, s == 3 ? seeds[1] : seed2[s] };
            usize sizes[2] = { n, s == 3 ? seedn[1] : seed2n[s] };
            fuzz_link(bufs, sizes, 2, (unsigned)i & 3);
            fuzz_link(bufs, sizes, 1, 0);
            runs++;
        }
    }
    CHECK(runs == 4 * iters);
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/zl-ld-robust-XXXXXX");
    if (!mkdtemp(tmpdir)) {
        printf("FAIL setup: cannot create a temporary directory\n");
        return 1;
    }
    RUN(seeds_link);
    RUN(corrupted);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        printf("FAIL cleanup: cannot remove %s\n", tmpdir);
    return check_done();
}
