/* Range checks of zl-ld's relocation fields at their exact limits (rv64 and rv32; rv128 in
 * rv128_test.c).  Each case is one object whose instruction refers to `target`, defined
 * with --defsym relative to _start (or absolute), linked in-process: the last value that
 * fits must link and be encoded exactly, the first that does not must be an error that
 * names the relocation — never a silently truncated field. */
#include "lib/check.h"
#include "lib/enc.h"
#include "obj128.h"
#include "ld/ld.h"

static char tmpdir[256];
static char msgs[4096];

/* Build an object: _start: <one instruction with relocation `type` against `target`>. */
static int make_obj(int cls, u32 type, const char *path)
{
    static struct ob b;
    int x = (int)elf_class_bits(cls);
    ob_init(&b, cls);
    int text = ob_sec(&b, ".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 4);
    int data = ob_sec(&b, ".data", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 8);
    ob_global(&b, "_start", text, STT_FUNC);
    char l[16];
    switch (type) {
    case R_RISCV_BRANCH:
        ob_rel(&b, text, type, "target", 0);
        ob_ins(&b, text, enc(x, "beq", 0, 0, 0, 0));
        break;
    case R_RISCV_JAL:
        ob_rel(&b, text, type, "target", 0);
        ob_ins(&b, text, enc(x, "jal", 0, 0, 0, 0));
        break;
    case R_RISCV_RVC_BRANCH:
        ob_rel(&b, text, type, "target", 0);
        ob_ins16(&b, text, (u16)enc(x, "c.beqz", 0, 8, 0, 0));
        break;
    case R_RISCV_RVC_JUMP:
        ob_rel(&b, text, type, "target", 0);
        ob_ins16(&b, text, (u16)enc(x, "c.j", 0, 0, 0, 0));
        break;
    case R_RISCV_CALL_PLT:
        ob_rel(&b, text, type, "target", 0);
        ob_ins(&b, text, enc(x, "auipc", 1, 0, 0, 0));
        ob_ins(&b, text, enc(x, "jalr", 1, 1, 0, 0));
        break;
    case R_RISCV_HI20:
        ob_rel(&b, text, type, "target", 0);
        ob_ins(&b, text, enc(x, "lui", 10, 0, 0, 0));
        ob_rel(&b, text, R_RISCV_LO12_I, "target", 0);
        ob_ins(&b, text, enc(x, "addi", 10, 10, 0, 0));
        break;
    case R_RISCV_32:
    case R_RISCV_32_PCREL:
        ob_global(&b, "d0", data, STT_OBJECT);
        ob_rel(&b, data, type, "target", 0);
        ob_bytes(&b, data, NULL, 4);
        ob_ins(&b, text, enc(x, "jalr", 0, 1, 0, 0));
        break;
    case R_RISCV_PCREL_LO12_I:                     /* a LO12 whose label has no HI20 */
        ob_label(&b, text, l);
        ob_ins(&b, text, enc(x, "auipc", 10, 0, 0, 0));
        ob_rel(&b, text, R_RISCV_PCREL_LO12_I, l, 0);
        ob_ins(&b, text, enc(x, "addi", 10, 10, 0, 0));
        break;
    case R_RISCV_TPREL_HI20:                       /* against a non-TLS symbol */
        ob_rel(&b, text, type, "plain", 0);
        ob_ins(&b, text, enc(x, "lui", 10, 0, 0, 0));
        ob_global(&b, "plain", data, STT_OBJECT);
        ob_bytes(&b, data, NULL, 8);
        break;
    case R_RISCV_SET_ULEB128:                      /* 1-byte ULEB128 for a 200-byte gap */
        ob_rel(&b, data, R_RISCV_SET_ULEB128, ".Lhi", 0);
        ob_rel(&b, data, R_RISCV_SUB_ULEB128, ".Llo", 0);
        ob_bytes(&b, data, NULL, 1);
        ob_local(&b, ".Llo", text);
        ob_bytes(&b, text, NULL, 200);
        ob_local(&b, ".Lhi", text);
        break;
    default:
        return -1;
    }
    return ob_write(&b, path);
}

/* Link the object with target defined by `defsym` ("target=EXPR", or NULL).  Returns the
 * status; messages in msgs; *out is the parsed image on success (NULL otherwise). */
static int link_it(int cls, u32 type, const char *defsym, struct elf_file **out)
{
    char path[512];
    snprintf(path, sizeof path, "%s/o%d_%u.o", tmpdir, cls, type);
    if (make_obj(cls, type, path) != 0)
        return -1;
    FILE *fp = fopen(path, "rb");
    static u8 buf[65536];
    usize n = fp ? fread(buf, 1, sizeof buf, fp) : 0;
    if (fp)
        fclose(fp);
    FILE *err = tmpfile();
    static struct ld L;
    static int have_L;
    if (have_L)
        ld_free(&L);
    ld_init(&L, err);
    have_L = 1;
    L.opt.have_image_base = 1;                /* room below _start for negative offsets */
    L.opt.image_base = 0x40000000;
    struct ld_defsym ds[1];
    if (defsym) {
        const char *eq = strchr(defsym, '=');
        ds[0].name = "target";
        ds[0].expr = eq + 1;
        L.opt.defsyms = ds;
        L.opt.ndefsyms = 1;
    }
    const u8 *bufs[1] = { buf };
    usize sizes[1] = { n };
    u8 *img;
    usize isz;
    int rc = ld_link_buffers(&L, bufs, sizes, 1, &img, &isz);
    msgs[0] = 0;
    if (err) {
        rewind(err);
        usize k = fread(msgs, 1, sizeof msgs - 1, err);
        msgs[k] = 0;
        fclose(err);
    }
    *out = NULL;
    if (rc == 0) {
        struct elf_err e;
        *out = elf_read(img, isz, 0, &e);
    }
    return rc;
}

/* The instruction word at _start (+ k bytes). */
static u32 insn_at(struct elf_file *f, u32 k, int half)
{
    u32 st = elf_section_by_type(f, SHT_SYMTAB), sec = elf_section_by_name(f, ".text");
    u128 start = 0;
    for (u32 i = 1; i < elf_sym_count(f, st); i++) {
        struct elf_sym s;
        elf_sym(f, st, i, &s);
        if (!strcmp(s.name, "_start"))
            start = s.value;
    }
    const struct elf_shdr *sh = elf_shdr(f, sec);
    const u8 *p = elf_data(f) + (usize)(sh->offset + (start - sh->addr) + k);
    return half ? get_le16(p) : get_le32(p);
}

static i32 imm_of(int xlen, u32 w)
{
    struct isa_inst in;
    if (!isa_decode(xlen, EXT_I | EXT_M | EXT_A | EXT_C, w, &in))
        return 0x7fffffff;
    return in.imm;
}

struct edge {
    u32 type;
    const char *ok, *bad;
    i32 want;                /* decoded immediate of the first instruction when ok */
    int half;
};

static void edge_cases(int cls)
{
    int x = (int)elf_class_bits(cls);
    const struct edge e[] = {
        { R_RISCV_BRANCH, "target=_start+4094", "target=_start+4096", 4094, 0 },
        { R_RISCV_BRANCH, "target=_start-4096", "target=_start-4098", -4096, 0 },
        { R_RISCV_JAL, "target=_start+1048574", "target=_start+1048576", 1048574, 0 },
        { R_RISCV_JAL, "target=_start-1048576", "target=_start-1048578", -1048576, 0 },
        { R_RISCV_RVC_BRANCH, "target=_start+254", "target=_start+256", 254, 1 },
        { R_RISCV_RVC_BRANCH, "target=_start-256", "target=_start-258", -256, 1 },
        { R_RISCV_RVC_JUMP, "target=_start+2046", "target=_start+2048", 2046, 1 },
        { R_RISCV_RVC_JUMP, "target=_start-2048", "target=_start-2050", -2048, 1 },
        { R_RISCV_BRANCH, NULL, "target=_start+3", 0, 0 },            /* odd */
    };
    for (usize i = 0; i < sizeof e / sizeof e[0]; i++) {
        struct elf_file *f;
        char why[300];
        if (e[i].ok) {
            int rc = link_it(cls, e[i].type, e[i].ok, &f);
            if (rc != 0 || !f) {
                snprintf(why, sizeof why, "rv%d %s: %.200s", x, e[i].ok, msgs);
                check_fail(__FILE__, __LINE__, why);
            } else {
                i32 got = imm_of(x, insn_at(f, 0, e[i].half));
                if (got != e[i].want) {
                    snprintf(why, sizeof why, "rv%d %s: encoded %d", x, e[i].ok, (int)got);
                    check_fail(__FILE__, __LINE__, why);
                }
                elf_close(f);
            }
        }
        int rc = link_it(cls, e[i].type, e[i].bad, &f);
        if (rc == 0 || !strstr(msgs, "out of range") || !strstr(msgs, ld_reloc_name(e[i].type))) {
            snprintf(why, sizeof why, "rv%d %s: rc=%d msgs=%.200s", x, e[i].bad, rc, msgs);
            check_fail(__FILE__, __LINE__, why);
        }
        if (f)
            elf_close(f);
    }
}

TEST(pc_relative_edges_rv64)
{
    edge_cases(ELFCLASS64);
}

TEST(pc_relative_edges_rv32)
{
    edge_cases(ELFCLASS32);
}

/* auipc+jalr: (v + 0x800) must be a signed 32-bit number on rv64; rv32 wraps */
TEST(call_and_hi20_edges)
{
    struct elf_file *f;
    CHECK(link_it(ELFCLASS64, R_RISCV_CALL_PLT, "target=_start+0x7ffff7ff", &f) == 0);
    if (f) {
        CHECK_EQ_U((u32)imm_of(64, insn_at(f, 0, 0)), 0x7ffff000u);
        CHECK_EQ_U((u32)imm_of(64, insn_at(f, 4, 0)), 0x7ffu);
        elf_close(f);
    }
    CHECK(link_it(ELFCLASS64, R_RISCV_CALL_PLT, "target=_start+0x7ffff800", &f) != 0);
    CHECK(strstr(msgs, "R_RISCV_CALL_PLT out of range") != NULL);
    CHECK(link_it(ELFCLASS64, R_RISCV_CALL_PLT, "target=_start-0x80000800", &f) == 0);
    if (f)
        elf_close(f);
    CHECK(link_it(ELFCLASS64, R_RISCV_CALL_PLT, "target=_start-0x80000801", &f) != 0);
    CHECK(link_it(ELFCLASS64, R_RISCV_HI20, "target=0x7ffff7ff", &f) == 0);
    if (f)
        elf_close(f);
    CHECK(link_it(ELFCLASS64, R_RISCV_HI20, "target=0x7ffff800", &f) != 0);
    CHECK(strstr(msgs, "R_RISCV_HI20 out of range") != NULL);
    /* rv32: the whole 4 GiB space is reachable (lui/auipc wrap like the addresses) */
    CHECK(link_it(ELFCLASS32, R_RISCV_HI20, "target=0xfffff800", &f) == 0);
    if (f) {
        CHECK_EQ_U((u32)imm_of(32, insn_at(f, 0, 0)), 0);            /* lui 0 ... */
        CHECK_EQ_U((u32)imm_of(32, insn_at(f, 4, 0)), 0xfffff800u);  /* addi -2048 */
        elf_close(f);
    }
}

TEST(word32_edges)
{
    struct elf_file *f;
    CHECK(link_it(ELFCLASS64, R_RISCV_32, "target=0xffffffff", &f) == 0);
    if (f)
        elf_close(f);
    CHECK(link_it(ELFCLASS64, R_RISCV_32, "target=0x100000000", &f) != 0);
    CHECK(strstr(msgs, "R_RISCV_32 out of range") != NULL);
    CHECK(link_it(ELFCLASS64, R_RISCV_32, "target=0xffffffff80000000", &f) == 0);
    if (f)
        elf_close(f);                            /* fits as a signed value */
    CHECK(link_it(ELFCLASS64, R_RISCV_32_PCREL, "target=d0+0x7fffffff", &f) == 0);
    if (f)
        elf_close(f);
    CHECK(link_it(ELFCLASS64, R_RISCV_32_PCREL, "target=d0+0x80000000", &f) != 0);
    CHECK(strstr(msgs, "R_RISCV_32_PCREL out of range") != NULL);
    CHECK(link_it(ELFCLASS64, R_RISCV_32_PCREL, "target=d0-0x80000000", &f) == 0);
    if (f)
        elf_close(f);
    CHECK(link_it(ELFCLASS64, R_RISCV_32_PCREL, "target=d0-0x80000001", &f) != 0);
}

TEST(malformed_pairs)
{
    struct elf_file *f;
    CHECK(link_it(ELFCLASS64, R_RISCV_PCREL_LO12_I, NULL, &f) != 0);
    CHECK(strstr(msgs, "missing matching %pcrel_hi") != NULL);
    CHECK(link_it(ELFCLASS64, R_RISCV_TPREL_HI20, NULL, &f) != 0);
    CHECK(strstr(msgs, "not a thread-local variable") != NULL);
    CHECK(link_it(ELFCLASS64, R_RISCV_SET_ULEB128, NULL, &f) != 0);
    CHECK(strstr(msgs, "does not fit the 1-byte ULEB128 field") != NULL);
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/zl-ld-range-XXXXXX");
    if (!mkdtemp(tmpdir)) {
        printf("FAIL setup: cannot create a temporary directory\n");
        return 1;
    }
    RUN(pc_relative_edges_rv64);
    RUN(pc_relative_edges_rv32);
    RUN(call_and_hi20_edges);
    RUN(word32_edges);
    RUN(malformed_pairs);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        printf("FAIL cleanup: cannot remove %s\n", tmpdir);
    return check_done();
}
