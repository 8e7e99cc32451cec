/* rv128 linking: ELFCLASS128 objects made with the src/elf writer (tests/ld/obj128.h) are
 * linked by zl-ld (in-process, through its command-line entry), checked field by field
 * in the output, and run under zl-run when it is built.
 *
 * The program: prints "hello rv128\n" through a call into a second object and checks, at
 * run time, data and code relocated with R_RISCV_128, ADD128/SUB128, PCREL_HI20/LO12,
 * HI20/LO12, GOT_HI20, ADD/SUB/SET 6-32, SET/SUB_ULEB128, BRANCH, JAL, RVC_JUMP,
 * RVC_BRANCH, CALL_PLT, R_RISCV_ALIGN; its exit status names the first failed check.
 * Variants: ET_EXEC at 0x10000, ET_EXEC at 2^80 (--image-base), static PIE (self-
 * relocating start code, R_RISCV_RELATIVE with 128-bit words).  Error cases: range
 * overflow, undefined symbol, PIE-incompatible relocation, class mixing. */
#include <stdlib.h>
#include <unistd.h>
#include <sys/wait.h>
#include "lib/check.h"
#include "lib/enc.h"
#include "obj128.h"
#include "ld/ld.h"

enum { ZERO = 0, RA = 1, SP = 2, GP = 3, TP = 4, T0 = 5, T1 = 6, T2 = 7, S0 = 8, S1 = 9,
       A0 = 10, A1 = 11, A2 = 12, A5 = 15, A7 = 17, S2 = 18, S3 = 19, T3 = 28, T4 = 29 };

#define X 128
static char tmpdir[256];

static const char *path(const char *name)
{
    static char buf[8][512];
    static int k;
    k = (k + 1) & 7;
    snprintf(buf[k], sizeof buf[k], "%s/%s", tmpdir, name);
    return buf[k];
}

/* ---------------------------------------------------------------------------------- */
/* Code generation helpers                                                            */
/* ---------------------------------------------------------------------------------- */

static void I(struct ob *b, int s, const char *op, int rd, int rs1, int rs2, i32 imm)
{
    ob_ins(b, s, enc(X, op, rd, rs1, rs2, imm));
}

/* rd = &sym (auipc + addi, PCREL_HI20 / PCREL_LO12_I) */
static void la(struct ob *b, int s, int rd, const char *sym)
{
    char l[16];
    ob_label(b, s, l);
    ob_rel(b, s, R_RISCV_PCREL_HI20, sym, 0);
    I(b, s, "auipc", rd, 0, 0, 0);
    ob_rel(b, s, R_RISCV_PCREL_LO12_I, l, 0);
    I(b, s, "addi", rd, rd, 0, 0);
}

/* rd = *(op)&sym, pc-relative */
static void load_pcrel(struct ob *b, int s, const char *op, int rd, const char *sym)
{
    char l[16];
    ob_label(b, s, l);
    ob_rel(b, s, R_RISCV_PCREL_HI20, sym, 0);
    I(b, s, "auipc", rd, 0, 0, 0);
    ob_rel(b, s, R_RISCV_PCREL_LO12_I, l, 0);
    I(b, s, op, rd, rd, 0, 0);
}

static void branch(struct ob *b, int s, const char *op, int rs1, int rs2, const char *to)
{
    ob_rel(b, s, R_RISCV_BRANCH, to, 0);
    I(b, s, op, 0, rs1, rs2, 0);
}

static void guard(struct ob *b, int s, int code, int r1, int r2)
{
    I(b, s, "addi", S1, ZERO, 0, code);
    branch(b, s, "bne", r1, r2, "fail");
}

enum { V_EXEC, V_HIGH, V_PIE };

/* a.o: the program; variant decides which relocations it may use. */
static int make_a(const char *out, int variant)
{
    static struct ob b;
    ob_init(&b, ELFCLASS128);
    b.arch = "rv128i2p0_m2p0_a2p1_c2p0";
    int text = ob_sec(&b, ".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 16);
    int ro = ob_sec(&b, ".rodata", SHT_PROGBITS, SHF_ALLOC, 16);
    int data = ob_sec(&b, ".data", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 16);
    int tdata = ob_sec(&b, ".tdata", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE | SHF_TLS, 16);
    int bss = ob_sec(&b, ".bss", SHT_NOBITS, SHF_ALLOC | SHF_WRITE, 16);
    char l[16];

    ob_global(&b, "_start", text, STT_FUNC);
    if (variant == V_PIE) {
        /* apply R_RISCV_RELATIVE from .rela.dyn: *(base + off) = base + addend */
        la(&b, text, S1, "__ehdr_start");
        la(&b, text, T0, "_DYNAMIC");
        I(&b, text, "addi", S2, ZERO, 0, 0);
        I(&b, text, "addi", S3, ZERO, 0, 0);
        ob_local(&b, ".Ldyn", text);
        I(&b, text, "lq", T1, T0, 0, 0);
        branch(&b, text, "beq", T1, ZERO, ".Ldyndone");
        I(&b, text, "lq", T2, T0, 0, 16);
        I(&b, text, "addi", T3, ZERO, 0, 7);                  /* DT_RELA */
        branch(&b, text, "bne", T1, T3, ".Ln1");
        I(&b, text, "add", S2, S1, T2, 0);
        ob_local(&b, ".Ln1", text);
        I(&b, text, "addi", T3, ZERO, 0, 8);                  /* DT_RELASZ */
        branch(&b, text, "bne", T1, T3, ".Ln2");
        I(&b, text, "add", S3, T2, ZERO, 0);
        ob_local(&b, ".Ln2", text);
        I(&b, text, "addi", T0, T0, 0, 32);
        ob_rel(&b, text, R_RISCV_JAL, ".Ldyn", 0);
        I(&b, text, "jal", ZERO, 0, 0, 0);
        ob_local(&b, ".Ldyndone", text);
        I(&b, text, "add", S3, S2, S3, 0);
        ob_local(&b, ".Lrel", text);
        branch(&b, text, "bgeu", S2, S3, ".Lreldone");
        I(&b, text, "lq", T1, S2, 0, 16);
        I(&b, text, "andi", T1, T1, 0, 0xff);
        I(&b, text, "addi", T3, ZERO, 0, 3);                  /* R_RISCV_RELATIVE */
        branch(&b, text, "bne", T1, T3, ".Ln3");
        I(&b, text, "lq", T1, S2, 0, 0);
        I(&b, text, "lq", T2, S2, 0, 32);
        I(&b, text, "add", T1, T1, S1, 0);
        I(&b, text, "add", T2, T2, S1, 0);
        I(&b, text, "sq", 0, T1, T2, 0);
        ob_local(&b, ".Ln3", text);
        I(&b, text, "addi", S2, S2, 0, 48);
        ob_rel(&b, text, R_RISCV_JAL, ".Lrel", 0);
        I(&b, text, "jal", ZERO, 0, 0, 0);
        ob_local(&b, ".Lreldone", text);
    }
    la(&b, text, GP, "__global_pointer$");
    la(&b, text, A0, "msg");
    I(&b, text, "addi", A1, ZERO, 0, 12);
    ob_rel(&b, text, R_RISCV_CALL_PLT, "print", 0);
    ob_rel(&b, text, R_RISCV_RELAX, NULL, 0);
    I(&b, text, "auipc", RA, 0, 0, 0);
    I(&b, text, "jalr", RA, RA, 0, 0);
    /* 1: the R_RISCV_128 word holds &msg */
    load_pcrel(&b, text, "lq", T1, "ptr_msg");
    la(&b, text, T2, "msg");
    guard(&b, text, 1, T1, T2);
    /* 2: absolute HI20/LO12 load and store (not in a PIE, not above 2^31) */
    if (variant == V_EXEC) {
        ob_rel(&b, text, R_RISCV_HI20, "counter", 0);
        I(&b, text, "lui", T0, 0, 0, 0);
        ob_rel(&b, text, R_RISCV_LO12_I, "counter", 0);
        I(&b, text, "lw", T1, T0, 0, 0);
        I(&b, text, "addi", T2, ZERO, 0, 42);
        guard(&b, text, 2, T1, T2);
        I(&b, text, "addi", T1, T1, 0, 1);
        ob_rel(&b, text, R_RISCV_LO12_S, "counter", 0);
        I(&b, text, "sw", 0, T0, T1, 0);
    } else {
        load_pcrel(&b, text, "lw", T1, "counter");
        I(&b, text, "addi", T2, ZERO, 0, 42);
        guard(&b, text, 2, T1, T2);
        I(&b, text, "addi", T1, T1, 0, 1);
        ob_label(&b, text, l);
        ob_rel(&b, text, R_RISCV_PCREL_HI20, "counter", 0);
        I(&b, text, "auipc", T0, 0, 0, 0);
        ob_rel(&b, text, R_RISCV_PCREL_LO12_S, l, 0);
        I(&b, text, "sw", 0, T0, T1, 0);
    }
    load_pcrel(&b, text, "lw", T4, "counter");
    I(&b, text, "addi", T2, ZERO, 0, 43);
    guard(&b, text, 3, T4, T2);
    /* 4: ADD128/SUB128 label difference */
    load_pcrel(&b, text, "lq", T1, "diff128");
    I(&b, text, "addi", T2, ZERO, 0, 12);
    guard(&b, text, 4, T1, T2);
    /* 5: through the GOT (16-byte slot) */
    ob_label(&b, text, l);
    ob_rel(&b, text, R_RISCV_GOT_HI20, "counter", 0);
    I(&b, text, "auipc", T0, 0, 0, 0);
    ob_rel(&b, text, R_RISCV_PCREL_LO12_I, l, 0);
    I(&b, text, "lq", T0, T0, 0, 0);
    I(&b, text, "lw", T1, T0, 0, 0);
    I(&b, text, "addi", T2, ZERO, 0, 43);
    guard(&b, text, 5, T1, T2);
    /* 6: 32-bit, 16-bit, 8-bit, 6-bit and ULEB128 label differences */
    I(&b, text, "addi", T2, ZERO, 0, 12);
    load_pcrel(&b, text, "lw", T1, "w32");
    guard(&b, text, 6, T1, T2);
    load_pcrel(&b, text, "lhu", T1, "h16");
    guard(&b, text, 7, T1, T2);
    load_pcrel(&b, text, "lbu", T1, "b8");
    guard(&b, text, 8, T1, T2);
    load_pcrel(&b, text, "lbu", T1, "b6");
    I(&b, text, "addi", T3, ZERO, 0, 0xcc);
    guard(&b, text, 9, T1, T3);
    load_pcrel(&b, text, "lhu", T1, "uleb");
    I(&b, text, "addi", T3, ZERO, 0, 0x8c);           /* 12 in a 2-byte ULEB128: 8c 00 */
    guard(&b, text, 10, T1, T3);
    /* 7: jumps: JAL and RVC_JUMP over a failure, RVC_BRANCH taken */
    I(&b, text, "addi", S1, ZERO, 0, 11);
    ob_rel(&b, text, R_RISCV_JAL, ".Lj1", 0);
    I(&b, text, "jal", ZERO, 0, 0, 0);
    ob_rel(&b, text, R_RISCV_JAL, "fail", 0);
    I(&b, text, "jal", ZERO, 0, 0, 0);
    ob_local(&b, ".Lj1", text);
    I(&b, text, "addi", S1, ZERO, 0, 12);
    ob_rel(&b, text, R_RISCV_RVC_JUMP, ".Lj2", 0);
    ob_ins16(&b, text, (u16)enc(X, "c.j", 0, 0, 0, 0));
    ob_rel(&b, text, R_RISCV_JAL, "fail", 0);
    I(&b, text, "jal", ZERO, 0, 0, 0);
    ob_local(&b, ".Lj2", text);
    I(&b, text, "addi", S0, ZERO, 0, 0);
    ob_rel(&b, text, R_RISCV_RVC_BRANCH, ".Lj3", 0);
    ob_ins16(&b, text, (u16)enc(X, "c.beqz", 0, S0, 0, 0));
    I(&b, text, "addi", S1, ZERO, 0, 13);
    ob_rel(&b, text, R_RISCV_JAL, "fail", 0);
    I(&b, text, "jal", ZERO, 0, 0, 0);
    ob_local(&b, ".Lj3", text);
    /* 8: R_RISCV_ALIGN: 6 bytes of padding (c.nop + nop) to an 8-byte boundary */
    if (ob_here(&b, text) % 4 == 0) {
        ob_ins16(&b, text, 0x0001);                    /* make the offset 2 mod 4 */
    }
    ob_rel(&b, text, R_RISCV_ALIGN, NULL, 6);
    ob_ins16(&b, text, 0x0001);
    I(&b, text, "addi", ZERO, ZERO, 0, 0);
    ob_global(&b, "aligned8", text, STT_FUNC);
    la(&b, text, T1, "aligned8");
    I(&b, text, "andi", T1, T1, 0, 7);
    guard(&b, text, 14, T1, ZERO);
    /* 9: R_RISCV_64 (only where &msg < 2^64) */
    if (variant == V_EXEC) {
        load_pcrel(&b, text, "ld", T1, "q64");
        la(&b, text, T2, "msg");
        guard(&b, text, 15, T1, T2);
    }
    /* exit(0) */
    I(&b, text, "addi", A0, ZERO, 0, 0);
    I(&b, text, "addi", A7, ZERO, 0, 94);
    I(&b, text, "ecall", 0, 0, 0, 0);
    ob_global(&b, "fail", text, STT_FUNC);
    I(&b, text, "addi", A0, S1, 0, 0);
    I(&b, text, "addi", A7, ZERO, 0, 94);
    I(&b, text, "ecall", 0, 0, 0, 0);

    /* never called: local-exec TLS */
    ob_global(&b, "tls_fn", text, STT_FUNC);
    ob_rel(&b, text, R_RISCV_TPREL_HI20, "tvar", 0);
    I(&b, text, "lui", A5, 0, 0, 0);
    ob_rel(&b, text, R_RISCV_TPREL_ADD, "tvar", 0);
    I(&b, text, "add", A5, A5, TP, 0);
    ob_rel(&b, text, R_RISCV_TPREL_LO12_I, "tvar", 0);
    I(&b, text, "lw", A0, A5, 0, 0);
    ob_rel(&b, text, R_RISCV_TPREL_LO12_S, "tvar", 0);
    I(&b, text, "sw", 0, A5, A0, 0);
    I(&b, text, "jalr", ZERO, RA, 0, 0);

    ob_global(&b, "msg", ro, STT_OBJECT);
    ob_bytes(&b, ro, "hello rv128\n", 12);
    ob_local(&b, "msg_end", ro);
    ob_bytes(&b, ro, NULL, 4);

    ob_global(&b, "ptr_msg", data, STT_OBJECT);
    ob_rel(&b, data, R_RISCV_128, "msg", 0);
    ob_bytes(&b, data, NULL, 16);
    ob_global(&b, "diff128", data, STT_OBJECT);
    ob_rel(&b, data, R_RISCV_ADD128, "msg_end", 0);
    ob_rel(&b, data, R_RISCV_SUB128, "msg", 0);
    ob_bytes(&b, data, NULL, 16);
    ob_global(&b, "counter", data, STT_OBJECT);
    u8 v42[16] = { 42 };
    ob_bytes(&b, data, v42, 16);
    ob_global(&b, "q64", data, STT_OBJECT);
    if (variant == V_EXEC)
        ob_rel(&b, data, R_RISCV_64, "msg", 0);
    ob_bytes(&b, data, NULL, 8);
    ob_global(&b, "w32", data, STT_OBJECT);
    ob_rel(&b, data, R_RISCV_ADD32, "msg_end", 0);
    ob_rel(&b, data, R_RISCV_SUB32, "msg", 0);
    ob_bytes(&b, data, NULL, 4);
    ob_global(&b, "h16", data, STT_OBJECT);
    ob_rel(&b, data, R_RISCV_SET16, "msg_end", 0);
    ob_rel(&b, data, R_RISCV_SUB16, "msg", 0);
    ob_bytes(&b, data, NULL, 2);
    ob_global(&b, "b8", data, STT_OBJECT);
    ob_rel(&b, data, R_RISCV_SET8, "msg_end", 0);
    ob_rel(&b, data, R_RISCV_SUB8, "msg", 0);
    ob_bytes(&b, data, NULL, 1);
    ob_global(&b, "b6", data, STT_OBJECT);
    ob_rel(&b, data, R_RISCV_SET6, "msg_end", 0);
    ob_rel(&b, data, R_RISCV_SUB6, "msg", 0);
    u8 c0 = 0xc0;
    ob_bytes(&b, data, &c0, 1);
    ob_global(&b, "uleb", data, STT_OBJECT);
    ob_rel(&b, data, R_RISCV_SET_ULEB128, "msg_end", 0);
    ob_rel(&b, data, R_RISCV_SUB_ULEB128, "msg", 0);
    u8 ul[2] = { 0x80, 0x00 };
    ob_bytes(&b, data, ul, 2);

    ob_symbol(&b, "tvar", tdata, 0, STB_GLOBAL, STT_TLS, 16);
    u8 v7[16] = { 7 };
    ob_bytes(&b, tdata, v7, 16);
    ob_global(&b, "buf", bss, STT_OBJECT);
    ob_bytes(&b, bss, NULL, 64);
    return ob_write(&b, out);
}

/* b.o: print(a0 = text, a1 = length) */
static int make_b(const char *out)
{
    static struct ob b;
    ob_init(&b, ELFCLASS128);
    b.arch = "rv128i2p0_m2p0_c2p0";
    int text = ob_sec(&b, ".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 4);
    ob_global(&b, "print", text, STT_FUNC);
    I(&b, text, "addi", A2, A1, 0, 0);
    I(&b, text, "addi", A1, A0, 0, 0);
    I(&b, text, "addi", A0, ZERO, 0, 1);
    I(&b, text, "addi", A7, ZERO, 0, 64);
    I(&b, text, "ecall", 0, 0, 0, 0);
    I(&b, text, "jalr", ZERO, RA, 0, 0);
    return ob_write(&b, out);
}

/* c.o: a reference to an undefined function and a far branch (error cases). */
static int make_bad(const char *out, int kind)
{
    static struct ob b;
    ob_init(&b, kind == 3 ? ELFCLASS64 : ELFCLASS128);
    int text = ob_sec(&b, ".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 4);
    ob_global(&b, kind == 0 ? "_start" : "other", text, STT_FUNC);
    if (kind == 0) {
        ob_rel(&b, text, R_RISCV_CALL_PLT, "missing_fn", 0);
        I(&b, text, "auipc", RA, 0, 0, 0);
        I(&b, text, "jalr", RA, RA, 0, 0);
    } else if (kind == 1) {
        branch(&b, text, "beq", ZERO, ZERO, ".Lfar");
        ob_bytes(&b, text, NULL, 8192);
        ob_local(&b, ".Lfar", text);
        I(&b, text, "jalr", ZERO, RA, 0, 0);
    } else if (kind == 2) {
        ob_rel(&b, text, R_RISCV_HI20, "msg", 0);
        I(&b, text, "lui", T0, 0, 0, 0);
    } else {
        I(&b, text, "jalr", ZERO, RA, 0, 0);
    }
    return ob_write(&b, out);
}

/* ---------------------------------------------------------------------------------- */
/* Running the linker in-process                                                      */
/* ---------------------------------------------------------------------------------- */

static char ld_msgs[8192];

static int zl_ld(int argc, const char **argv)
{
    FILE *err = tmpfile();
    struct ld L;
    ld_init(&L, err);
    jmp_buf jb;
    L.fatal = &jb;
    int rc;
    if (setjmp(jb)) {
        rc = 1;
    } else {
        int r = ld_parse_args(&L, argc, (char **)argv);
        rc = r ? 1 : ld_link(&L);
    }
    ld_free(&L);
    ld_msgs[0] = 0;
    if (err) {
        rewind(err);
        usize n = fread(ld_msgs, 1, sizeof ld_msgs - 1, err);
        ld_msgs[n] = 0;
        fclose(err);
    }
    return rc;
}

/* ---------------------------------------------------------------------------------- */
/* Inspecting the output                                                              */
/* ---------------------------------------------------------------------------------- */

static u128 symval(struct elf_file *f, const char *name, int *found)
{
    u32 st = elf_section_by_type(f, SHT_SYMTAB);
    for (u32 i = 1; i < elf_sym_count(f, st); i++) {
        struct elf_sym s;
        elf_sym(f, st, i, &s);
        if (!strcmp(s.name, name)) {
            if (found)
                *found = 1;
            return s.value;
        }
    }
    if (found)
        *found = 0;
    return 0;
}

/* Bytes at virtual address a (n <= 16), or NULL. */
static const u8 *at(struct elf_file *f, u128 a, unsigned n)
{
    for (u32 i = 0; i < elf_phnum(f); i++) {
        const struct elf_phdr *p = elf_phdr(f, i);
        if (p->type != PT_LOAD || a < p->vaddr || a + n > p->vaddr + p->filesz)
            continue;
        return elf_data(f) + (usize)(p->offset + (a - p->vaddr));
    }
    return NULL;
}

/* Target of the auipc/addi pair at address a. */
static u128 pcrel_pair(struct elf_file *f, u128 a)
{
    const u8 *p = at(f, a, 8);
    if (!p)
        return 0;
    struct isa_inst hi, lo;
    if (!isa_decode(X, EXT_I | EXT_M | EXT_A | EXT_C, get_le32(p), &hi) ||
        !isa_decode(X, EXT_I | EXT_M | EXT_A | EXT_C, get_le32(p + 4), &lo))
        return 0;
    return a + (u128)(i128)hi.imm + (u128)(i128)lo.imm;
}

static int run_zlrun(const char *exe, char *out, usize n, int *status)
{
    const char *bin = getenv("ZL_BIN");
    char run[512];
    snprintf(run, sizeof run, "%s/zl-run", bin ? bin : "build/bin");
    if (access(run, X_OK) != 0)
        return -1;
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "'%s' '%s' > '%s' 2>&1", run, exe, path("run.out"));
    int st = system(cmd);
    *status = WIFEXITED(st) ? WEXITSTATUS(st) : 128;
    FILE *fp = fopen(path("run.out"), "rb");
    usize k = fp ? fread(out, 1, n - 1, fp) : 0;
    out[k] = 0;
    if (fp)
        fclose(fp);
    return 0;
}

static void check_common(struct elf_file *f, int variant)
{
    int ok;
    u128 msg = symval(f, "msg", &ok);
    CHECK(ok);
    u128 ptr = symval(f, "ptr_msg", &ok);
    CHECK(ok);
    const u8 *p = at(f, ptr, 16);
    CHECK(p != NULL);
    if (p && variant != V_PIE)
        CHECK_EQ_U(get_le128(p), msg);
    if (p && variant == V_PIE)
        CHECK_EQ_U(get_le128(p), msg);                /* RELA: the link-time value */
    p = at(f, symval(f, "diff128", NULL), 16);
    CHECK(p && get_le128(p) == 12);
    p = at(f, symval(f, "w32", NULL), 4);
    CHECK(p && get_le32(p) == 12);
    p = at(f, symval(f, "b6", NULL), 1);
    CHECK(p && p[0] == 0xcc);
    p = at(f, symval(f, "uleb", NULL), 2);
    CHECK(p && p[0] == 0x8c && p[1] == 0x00);
    CHECK((symval(f, "aligned8", NULL) & 7) == 0);
    u128 start = symval(f, "_start", &ok);
    CHECK(ok);
    CHECK_EQ_U(elf_header(f)->entry, start);
    /* TLS: the offset of tvar from the TLS segment start */
    u128 tls = 0;
    for (u32 i = 0; i < elf_phnum(f); i++)
        if (elf_phdr(f, i)->type == PT_TLS)
            tls = elf_phdr(f, i)->vaddr;
    CHECK(tls != 0 || variant == V_PIE);
    u128 tf = symval(f, "tls_fn", NULL);
    const u8 *q = at(f, tf, 16);
    CHECK(q != NULL);
    if (q) {
        struct isa_inst lui, lw;
        CHECK(isa_decode(X, EXT_I, get_le32(q), &lui));
        CHECK(isa_decode(X, EXT_I, get_le32(q + 8), &lw));
        /* tvar is the first TLS variable: offset 0 */
        CHECK_EQ_U((u128)(i128)(lui.imm + lw.imm), symval(f, "tvar", NULL));
    }
}

TEST(exec_low)
{
    CHECK(make_a(path("a.o"), V_EXEC) == 0);
    CHECK(make_b(path("b.o")) == 0);
    const char *argv[] = { "zl-ld", "-o", path("prog"), path("a.o"), path("b.o"),
                           "-Map", path("prog.map") };
    if (zl_ld(7, argv) != 0 || ld_msgs[0])
        check_fail(__FILE__, __LINE__, ld_msgs);
    struct elf_err e;
    struct elf_file *f = elf_open(path("prog"), 0, &e);
    CHECK(f != NULL);
    if (!f)
        return;
    CHECK(elf_cls(f) == ELFCLASS128);
    CHECK(elf_header(f)->type == ET_EXEC);
    CHECK_EQ_U(elf_header(f)->flags, EF_RISCV_RVC | EF_RISCV_FLOAT_ABI_DOUBLE);
    check_common(f, V_EXEC);
    CHECK(elf_phdr(f, 1) && elf_phdr(f, 1)->vaddr == 0x10000);
    u128 start = symval(f, "_start", NULL);
    CHECK_EQ_U(pcrel_pair(f, start + 8), symval(f, "msg", NULL));
    CHECK(elf_section_by_name(f, ".riscv.attributes") != 0);
    elf_close(f);
}

TEST(exec_low_runs)
{
    char out[512];
    int st;
    CHECK(run_zlrun(path("prog"), out, sizeof out, &st) == 0);
    CHECK_STR(out, "hello rv128\n");
    CHECK_EQ_U(st, 0);
}

TEST(exec_high)
{
    CHECK(make_a(path("ah.o"), V_HIGH) == 0);
    const char *argv[] = { "zl-ld", "--image-base=0x100000000000000000000", "-o",
                           path("progh"), path("ah.o"), path("b.o") };
    if (zl_ld(6, argv) != 0 || ld_msgs[0])
        check_fail(__FILE__, __LINE__, ld_msgs);
    struct elf_err e;
    struct elf_file *f = elf_open(path("progh"), 0, &e);
    CHECK(f != NULL);
    if (!f)
        return;
    u128 msg = symval(f, "msg", NULL);
    CHECK(msg >> 80 == 1);
    check_common(f, V_HIGH);
    elf_close(f);
}

TEST(exec_high_runs)
{
    char out[512];
    int st;
    CHECK(run_zlrun(path("progh"), out, sizeof out, &st) == 0);
    CHECK_STR(out, "hello rv128\n");
    CHECK_EQ_U(st, 0);
}

TEST(pie)
{
    CHECK(make_a(path("ap.o"), V_PIE) == 0);
    const char *argv[] = { "zl-ld", "-pie", "-o", path("progp"), path("ap.o"), path("b.o") };
    if (zl_ld(6, argv) != 0 || ld_msgs[0])
        check_fail(__FILE__, __LINE__, ld_msgs);
    struct elf_err e;
    struct elf_file *f = elf_open(path("progp"), 0, &e);
    CHECK(f != NULL);
    if (!f)
        return;
    CHECK(elf_header(f)->type == ET_DYN);
    check_common(f, V_PIE);
    /* .rela.dyn: R_RISCV_RELATIVE for ptr_msg and the GOT slot of counter, 48-byte RELA */
    u32 rs = elf_section_by_name(f, ".rela.dyn");
    CHECK(rs != 0);
    CHECK_EQ_U(elf_rel_count(f, rs), 2);
    int saw_ptr = 0;
    for (u32 i = 0; i < elf_rel_count(f, rs); i++) {
        struct elf_rel r;
        elf_rel(f, rs, i, &r);
        CHECK_EQ_U(r.type, R_RISCV_RELATIVE);
        CHECK_EQ_U(r.sym, 0);
        if (r.offset == symval(f, "ptr_msg", NULL)) {
            saw_ptr = 1;
            CHECK_EQ_U((u128)r.addend, symval(f, "msg", NULL));
        }
    }
    CHECK(saw_ptr);
    CHECK(elf_section_by_type(f, SHT_DYNAMIC) != 0);
    elf_close(f);
}

TEST(pie_runs)
{
    char out[512];
    int st;
    CHECK(run_zlrun(path("progp"), out, sizeof out, &st) == 0);
    CHECK_STR(out, "hello rv128\n");
    CHECK_EQ_U(st, 0);
}

TEST(undefined_symbol)
{
    CHECK(make_bad(path("u.o"), 0) == 0);
    const char *argv[] = { "zl-ld", "-o", path("u"), path("u.o") };
    CHECK(zl_ld(4, argv) != 0);
    CHECK(strstr(ld_msgs, "undefined reference to `missing_fn'") != NULL);
    CHECK(access(path("u"), F_OK) != 0);
}

TEST(branch_out_of_range)
{
    CHECK(make_bad(path("far.o"), 1) == 0);
    const char *argv[] = { "zl-ld", "-e", "other", "-o", path("far"), path("far.o") };
    CHECK(zl_ld(6, argv) != 0);
    CHECK(strstr(ld_msgs, "R_RISCV_BRANCH out of range") != NULL);
}

TEST(hi20_out_of_range)
{
    CHECK(make_bad(path("hi.o"), 2) == 0);
    const char *argv[] = { "zl-ld", "--image-base=0x100000000", "-e", "other", "-o",
                           path("hi"), path("hi.o"), path("ah.o"), path("b.o") };
    CHECK(zl_ld(9, argv) != 0);
    CHECK(strstr(ld_msgs, "R_RISCV_HI20 out of range") != NULL);
}

TEST(pie_rejects_absolute)
{
    const char *argv[] = { "zl-ld", "-pie", "-o", path("ap2"), path("hi.o"), path("ap.o"),
                           path("b.o") };
    CHECK(zl_ld(7, argv) != 0);
    CHECK(strstr(ld_msgs, "cannot be used when making a PIE") != NULL);
}

TEST(class_mixing)
{
    CHECK(make_bad(path("c64.o"), 3) == 0);
    const char *argv[] = { "zl-ld", "-o", path("mix"), path("a.o"), path("c64.o") };
    CHECK(zl_ld(5, argv) != 0);
    CHECK(strstr(ld_msgs, "c64.o: ELFCLASS64 object cannot be linked with ELFCLASS128 "
                          "object") != NULL);
    CHECK(strstr(ld_msgs, "a.o") != NULL);
}

/* "rv128_test make DIR": write the objects and programs into DIR for script tests
 * (a.o b.o prog progh progp), then exit. */
static int make_files(const char *dir)
{
    snprintf(tmpdir, sizeof tmpdir, "%s", dir);
    if (make_a(path("a.o"), V_EXEC) || make_a(path("ah.o"), V_HIGH) ||
        make_a(path("ap.o"), V_PIE) || make_b(path("b.o")))
        return 1;
    const char *a1[] = { "zl-ld", "-o", path("prog"), path("a.o"), path("b.o") };
    int rc = zl_ld(5, a1);
    const char *a2[] = { "zl-ld", "--image-base=0x100000000000000000000", "-o", path("progh"),
                         path("ah.o"), path("b.o") };
    rc = rc || zl_ld(6, a2);
    const char *a3[] = { "zl-ld", "-pie", "-o", path("progp"), path("ap.o"), path("b.o") };
    rc = rc || zl_ld(6, a3);
    if (rc)
        fprintf(stderr, "%s", ld_msgs);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "make"))
        return make_files(argv[2]);
    snprintf(tmpdir, sizeof tmpdir, "/tmp/zl-ld-rv128-XXXXXX");
    if (!mkdtemp(tmpdir)) {
        printf("FAIL setup: cannot create a temporary directory\n");
        return 1;
    }
    const char *bin = getenv("ZL_BIN");
    char run[512];
    snprintf(run, sizeof run, "%s/zl-run", bin ? bin : "build/bin");
    int have_run = access(run, X_OK) == 0;
#define RUN_OR_SKIP(t)                                                      \
    do {                                                                    \
        if (have_run)                                                       \
            RUN(t);                                                         \
        else                                                                \
            printf("SKIP %s: %s is not built\n", #t, run);                  \
    } while (0)
    RUN(exec_low);
    RUN_OR_SKIP(exec_low_runs);
    RUN(exec_high);
    RUN_OR_SKIP(exec_high_runs);
    RUN(pie);
    RUN_OR_SKIP(pie_runs);
    RUN(undefined_symbol);
    RUN(branch_out_of_range);
    RUN(hi20_out_of_range);
    RUN(pie_rejects_absolute);
    RUN(class_mixing);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (getenv("ZL_LD_KEEP"))
        fprintf(stderr, "rv128_test: files kept in %s\n", tmpdir);
    else if (system(cmd) != 0)
        printf("FAIL cleanup: cannot remove %s\n", tmpdir);
    return check_done();
}
