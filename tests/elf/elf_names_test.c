/* Name tables and text formatting of src/elf (elf_names.c, elf_fmt.c), and the
 * little-endian helpers of src/common/le.h. */
#include "lib/check.h"
#include "common/le.h"
#include "elf/elf.h"

TEST(riscv_relocation_names)
{
    /* The RISC-V psABI numbers, plus ZettaLinux's 192-194. */
    static const struct { u32 t; const char *n; } want[] = {
        { 0, "R_RISCV_NONE" }, { 1, "R_RISCV_32" }, { 2, "R_RISCV_64" },
        { 3, "R_RISCV_RELATIVE" }, { 4, "R_RISCV_COPY" }, { 5, "R_RISCV_JUMP_SLOT" },
        { 6, "R_RISCV_TLS_DTPMOD32" }, { 7, "R_RISCV_TLS_DTPMOD64" },
        { 8, "R_RISCV_TLS_DTPREL32" }, { 9, "R_RISCV_TLS_DTPREL64" },
        { 10, "R_RISCV_TLS_TPREL32" }, { 11, "R_RISCV_TLS_TPREL64" },
        { 12, "R_RISCV_TLSDESC" },
        { 16, "R_RISCV_BRANCH" }, { 17, "R_RISCV_JAL" }, { 18, "R_RISCV_CALL" },
        { 19, "R_RISCV_CALL_PLT" }, { 20, "R_RISCV_GOT_HI20" }, { 21, "R_RISCV_TLS_GOT_HI20" },
        { 22, "R_RISCV_TLS_GD_HI20" }, { 23, "R_RISCV_PCREL_HI20" },
        { 24, "R_RISCV_PCREL_LO12_I" }, { 25, "R_RISCV_PCREL_LO12_S" }, { 26, "R_RISCV_HI20" },
        { 27, "R_RISCV_LO12_I" }, { 28, "R_RISCV_LO12_S" }, { 29, "R_RISCV_TPREL_HI20" },
        { 30, "R_RISCV_TPREL_LO12_I" }, { 31, "R_RISCV_TPREL_LO12_S" },
        { 32, "R_RISCV_TPREL_ADD" }, { 33, "R_RISCV_ADD8" }, { 34, "R_RISCV_ADD16" },
        { 35, "R_RISCV_ADD32" }, { 36, "R_RISCV_ADD64" }, { 37, "R_RISCV_SUB8" },
        { 38, "R_RISCV_SUB16" }, { 39, "R_RISCV_SUB32" }, { 40, "R_RISCV_SUB64" },
        { 41, "R_RISCV_GOT32_PCREL" }, { 43, "R_RISCV_ALIGN" }, { 44, "R_RISCV_RVC_BRANCH" },
        { 45, "R_RISCV_RVC_JUMP" }, { 51, "R_RISCV_RELAX" }, { 52, "R_RISCV_SUB6" },
        { 53, "R_RISCV_SET6" }, { 54, "R_RISCV_SET8" }, { 55, "R_RISCV_SET16" },
        { 56, "R_RISCV_SET32" }, { 57, "R_RISCV_32_PCREL" }, { 58, "R_RISCV_IRELATIVE" },
        { 59, "R_RISCV_PLT32" }, { 60, "R_RISCV_SET_ULEB128" }, { 61, "R_RISCV_SUB_ULEB128" },
        { 62, "R_RISCV_TLSDESC_HI20" }, { 63, "R_RISCV_TLSDESC_LOAD_LO12" },
        { 64, "R_RISCV_TLSDESC_ADD_LO12" }, { 65, "R_RISCV_TLSDESC_CALL" },
        { 191, "R_RISCV_VENDOR" },
        { 192, "R_RISCV_128" }, { 193, "R_RISCV_ADD128" }, { 194, "R_RISCV_SUB128" },
        { 195, "R_RISCV_TLS_DTPMOD128" }, { 196, "R_RISCV_TLS_DTPREL128" },
        { 197, "R_RISCV_TLS_TPREL128" },
    };
    for (usize i = 0; i < sizeof want / sizeof want[0]; i++) {
        const char *n = elf_reloc_name(EM_RISCV, want[i].t);
        CHECK(n != NULL);
        if (n)
            CHECK_STR(n, want[i].n);
    }
    CHECK_EQ_U(R_RISCV_SET_ULEB128, 60);
    CHECK_EQ_U(R_RISCV_128, 192);
    CHECK(elf_reloc_name(EM_RISCV, 42) == NULL);
    CHECK(elf_reloc_name(EM_RISCV, 13) == NULL);
    CHECK(elf_reloc_name(EM_RISCV, 198) == NULL);
    CHECK(elf_reloc_name(EM_RISCV, 0xffffffffu) == NULL);
    CHECK(elf_reloc_name(EM_RISCV, ((u64)1 << 32) | 1) == NULL);
    CHECK(elf_reloc_name(EM_X86_64, 1) == NULL);
}

TEST(constant_names)
{
    CHECK_STR(elf_class_name(ELFCLASS128), "ELF128");
    CHECK(elf_class_name(0) == NULL);
    CHECK_STR(elf_et_name(ET_EXEC), "EXEC");
    CHECK_STR(elf_et_desc(ET_REL), "Relocatable file");
    CHECK(elf_et_name(0xfe01) == NULL);
    CHECK_STR(elf_em_name(EM_RISCV), "RISC-V");
    CHECK_STR(elf_osabi_name(0), "UNIX - System V");
    CHECK_STR(elf_pt_name(PT_LOAD), "LOAD");
    CHECK_STR(elf_pt_name(PT_GNU_STACK), "GNU_STACK");
    CHECK_STR(elf_pt_name(PT_RISCV_ATTRIBUTES), "RISCV_ATTRIBUTES");
    CHECK(elf_pt_name(0x12345) == NULL);
    CHECK_STR(elf_sht_name(SHT_NOBITS), "NOBITS");
    CHECK_STR(elf_sht_name(SHT_RELA), "RELA");
    CHECK_STR(elf_sht_name(SHT_INIT_ARRAY), "INIT_ARRAY");
    CHECK_STR(elf_sht_name(SHT_RISCV_ATTRIBUTES), "RISCV_ATTRIBUTES");
    CHECK(elf_sht_name(0x1234) == NULL);
    CHECK_STR(elf_shf_name(SHF_EXECINSTR), "EXECINSTR");
    CHECK_STR(elf_shf_name(SHF_TLS), "TLS");
    CHECK(elf_shf_name(SHF_ALLOC | SHF_WRITE) == NULL);
    CHECK(elf_shf_name((u128)1 << 40) == NULL);
    CHECK_STR(elf_stb_name(STB_WEAK), "WEAK");
    CHECK_STR(elf_stt_name(STT_FUNC), "FUNC");
    CHECK_STR(elf_stt_name(STT_GNU_IFUNC), "IFUNC");
    CHECK(elf_stt_name(7) == NULL);
    CHECK_STR(elf_stv_name(STV_PROTECTED), "PROTECTED");
    CHECK(elf_stv_name(4) == NULL);
    CHECK_STR(elf_shn_name(SHN_ABS), "ABS");
    CHECK_STR(elf_shn_name(SHN_UNDEF), "UND");
    CHECK(elf_shn_name(5) == NULL);
    CHECK_STR(elf_dt_name(DT_NEEDED), "NEEDED");
    CHECK_STR(elf_dt_name(DT_GNU_HASH), "GNU_HASH");
    CHECK(elf_dt_name(-1) == NULL);
    CHECK(elf_dt_name((i128)1 << 100) == NULL);
    CHECK_EQ_U(ELF_ST_BIND(0x12), STB_GLOBAL);
    CHECK_EQ_U(ELF_ST_TYPE(0x12), STT_FUNC);
    CHECK_EQ_U(ELF_ST_INFO(STB_WEAK, STT_OBJECT), 0x21);
    CHECK_EQ_U(ELF_ST_VISIBILITY(0x83), STV_PROTECTED);
}

TEST(formatting)
{
    char b[64];
    CHECK_STR(elf_eflags_string(EM_RISCV, 0x5, b, sizeof b), "RVC, double-float ABI");
    CHECK_STR(elf_eflags_string(EM_RISCV, 0x0, b, sizeof b), "soft-float ABI");
    CHECK_STR(elf_eflags_string(EM_RISCV, 0x2, b, sizeof b), "single-float ABI");
    CHECK_STR(elf_eflags_string(EM_RISCV, 0x7, b, sizeof b), "RVC, quad-float ABI");
    CHECK_STR(elf_eflags_string(EM_RISCV, 0x19, b, sizeof b), "RVC, soft-float ABI, RVE, TSO");
    CHECK_STR(elf_eflags_string(EM_RISCV, 0x1000001, b, sizeof b),
              "RVC, soft-float ABI, unknown flags 0x1000000");
    CHECK_STR(elf_eflags_string(EM_X86_64, 0, b, sizeof b), "");
    CHECK_STR(elf_eflags_string(EM_RISCV, 0x5, b, 8), "RVC, do");   /* truncated */
    CHECK_STR(elf_shf_letters(SHF_ALLOC | SHF_EXECINSTR, b, sizeof b), "AX");
    CHECK_STR(elf_shf_letters(SHF_WRITE | SHF_ALLOC | SHF_TLS, b, sizeof b), "WAT");
    CHECK_STR(elf_shf_letters(SHF_ALLOC | SHF_MERGE | SHF_STRINGS, b, sizeof b), "AMS");
    CHECK_STR(elf_shf_letters(SHF_INFO_LINK, b, sizeof b), "I");
    CHECK_STR(elf_shf_letters(0, b, sizeof b), "");
    CHECK_STR(elf_shf_letters(SHF_EXCLUDE | 0x00100000 | 0x10000000 | ((u128)1 << 70), b,
                              sizeof b), "Eopx");
    CHECK_STR(elf_pf_string(PF_R | PF_X, b, sizeof b), "R E");
    CHECK_STR(elf_pf_string(PF_R | PF_W, b, sizeof b), "RW ");
    CHECK_STR(elf_u128_dec(0, b, sizeof b), "0");
    CHECK_STR(elf_u128_dec(~(u128)0, b, sizeof b), "340282366920938463463374607431768211455");
    CHECK_STR(elf_u128_hex(~(u128)0, b, sizeof b), "ffffffffffffffffffffffffffffffff");
    CHECK_STR(elf_u128_hex((u128)1 << 64, b, sizeof b), "10000000000000000");
    CHECK_STR(elf_u128_hex(0xabc, b, 3), "ab");
}

TEST(little_endian_helpers)
{
    u8 b[20];
    memset(b, 0xee, sizeof b);
    put_le16(b, 0x1234);
    CHECK(b[0] == 0x34 && b[1] == 0x12 && b[2] == 0xee);
    CHECK_EQ_U(get_le16(b), 0x1234);
    put_le32(b + 1, 0xa1b2c3d4u);
    CHECK(b[1] == 0xd4 && b[4] == 0xa1 && b[5] == 0xee);
    CHECK_EQ_U(get_le32(b + 1), 0xa1b2c3d4u);
    put_le64(b + 3, 0x0102030405060708ULL);
    CHECK(b[3] == 0x08 && b[10] == 0x01 && b[11] == 0xee);
    CHECK_EQ_U(get_le64(b + 3), 0x0102030405060708ULL);
    u128 v = ((u128)0x1122334455667788ULL << 64) | 0x99aabbccddeeff00ULL;
    put_le128(b + 1, v);
    CHECK(b[1] == 0x00 && b[16] == 0x11 && b[17] == 0xee);
    CHECK_EQ_U(get_le128(b + 1), v);
    CHECK_EQ_U(get_le(b + 1, 16), v);
    CHECK_EQ_U(get_le(b + 1, 3), 0xeeff00);
    CHECK_EQ_U(get_le(b + 1, 0), 0);
    CHECK_EQ_U(get_le(b + 1, 17), 0);
    memset(b, 0, sizeof b);
    put_le(b, 3, 0xaabbccdd);
    CHECK(b[0] == 0xdd && b[2] == 0xbb && b[3] == 0);
    put_le(b, 16, ~(u128)0);
    CHECK(b[15] == 0xff && b[16] == 0);
}

int main(void)
{
    RUN(riscv_relocation_names);
    RUN(constant_names);
    RUN(formatting);
    RUN(little_endian_helpers);
    return check_done();
}
