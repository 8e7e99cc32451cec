/* elf_names.c — value -> name tables for ELF constants (short names, no prefix), and
 * RISC-V relocation names.  Unknown values give NULL; the caller decides how to print
 * them (e.g. "<unknown>: 0x...", "LOPROC+0x...").  No state. */
#include "elf.h"

struct name { u32 v; const char *s; };

static const char *find(const struct name *t, usize n, u32 v)
{
    for (usize i = 0; i < n; i++)
        if (t[i].v == v)
            return t[i].s;
    return NULL;
}
#define FIND(t, v) find((t), sizeof(t) / sizeof((t)[0]), (v))

const char *elf_class_name(int cls)
{
    switch (cls) {
    case ELFCLASS32: return "ELF32";
    case ELFCLASS64: return "ELF64";
    case ELFCLASS128: return "ELF128";
    default: return NULL;
    }
}

const char *elf_osabi_name(u8 osabi)
{
    static const struct name t[] = {
        { ELFOSABI_SYSV, "UNIX - System V" },
        { ELFOSABI_GNU, "UNIX - GNU" },
        { ELFOSABI_STANDALONE, "Standalone App" },
    };
    return FIND(t, osabi);
}

static const struct name et_names[] = {
    { ET_NONE, "NONE" }, { ET_REL, "REL" }, { ET_EXEC, "EXEC" }, { ET_DYN, "DYN" },
    { ET_CORE, "CORE" },
};

const char *elf_et_name(u16 type)
{
    return FIND(et_names, type);
}

const char *elf_et_desc(u16 type)
{
    static const struct name t[] = {
        { ET_NONE, "None" }, { ET_REL, "Relocatable file" }, { ET_EXEC, "Executable file" },
        { ET_DYN, "Shared object file" }, { ET_CORE, "Core file" },
    };
    return FIND(t, type);
}

const char *elf_em_name(u16 machine)
{
    static const struct name t[] = {
        { EM_NONE, "None" }, { EM_386, "Intel 80386" }, { EM_ARM, "ARM" },
        { EM_X86_64, "Advanced Micro Devices X86-64" }, { EM_AARCH64, "AArch64" },
        { EM_RISCV, "RISC-V" },
    };
    return FIND(t, machine);
}

const char *elf_pt_name(u32 type)
{
    static const struct name t[] = {
        { PT_NULL, "NULL" }, { PT_LOAD, "LOAD" }, { PT_DYNAMIC, "DYNAMIC" },
        { PT_INTERP, "INTERP" }, { PT_NOTE, "NOTE" }, { PT_SHLIB, "SHLIB" },
        { PT_PHDR, "PHDR" }, { PT_TLS, "TLS" }, { PT_GNU_EH_FRAME, "GNU_EH_FRAME" },
        { PT_GNU_STACK, "GNU_STACK" }, { PT_GNU_RELRO, "GNU_RELRO" },
        { PT_GNU_PROPERTY, "GNU_PROPERTY" }, { PT_RISCV_ATTRIBUTES, "RISCV_ATTRIBUTES" },
    };
    return FIND(t, type);
}

const char *elf_sht_name(u32 type)
{
    static const struct name t[] = {
        { SHT_NULL, "NULL" }, { SHT_PROGBITS, "PROGBITS" }, { SHT_SYMTAB, "SYMTAB" },
        { SHT_STRTAB, "STRTAB" }, { SHT_RELA, "RELA" }, { SHT_HASH, "HASH" },
        { SHT_DYNAMIC, "DYNAMIC" }, { SHT_NOTE, "NOTE" }, { SHT_NOBITS, "NOBITS" },
        { SHT_REL, "REL" }, { SHT_SHLIB, "SHLIB" }, { SHT_DYNSYM, "DYNSYM" },
        { SHT_INIT_ARRAY, "INIT_ARRAY" }, { SHT_FINI_ARRAY, "FINI_ARRAY" },
        { SHT_PREINIT_ARRAY, "PREINIT_ARRAY" }, { SHT_GROUP, "GROUP" },
        { SHT_SYMTAB_SHNDX, "SYMTAB SECTION INDICES" }, { SHT_RELR, "RELR" },
        { SHT_GNU_ATTRIBUTES, "GNU_ATTRIBUTES" }, { SHT_GNU_HASH, "GNU_HASH" },
        { SHT_GNU_LIBLIST, "GNU_LIBLIST" }, { SHT_GNU_verdef, "VERDEF" },
        { SHT_GNU_verneed, "VERNEED" }, { SHT_GNU_versym, "VERSYM" },
        { SHT_RISCV_ATTRIBUTES, "RISCV_ATTRIBUTES" },
    };
    return FIND(t, type);
}

const char *elf_shf_name(u128 flag)
{
    static const struct name t[] = {
        { SHF_WRITE, "WRITE" }, { SHF_ALLOC, "ALLOC" }, { SHF_EXECINSTR, "EXECINSTR" },
        { SHF_MERGE, "MERGE" }, { SHF_STRINGS, "STRINGS" }, { SHF_INFO_LINK, "INFO_LINK" },
        { SHF_LINK_ORDER, "LINK_ORDER" }, { SHF_OS_NONCONFORMING, "OS_NONCONFORMING" },
        { SHF_GROUP, "GROUP" }, { SHF_TLS, "TLS" }, { SHF_COMPRESSED, "COMPRESSED" },
        { SHF_EXCLUDE, "EXCLUDE" },
    };
    if (flag == 0 || flag > 0xffffffffu)
        return NULL;
    return FIND(t, (u32)flag);
}

const char *elf_stb_name(u8 bind)
{
    static const struct name t[] = {
        { STB_LOCAL, "LOCAL" }, { STB_GLOBAL, "GLOBAL" }, { STB_WEAK, "WEAK" },
        { STB_GNU_UNIQUE, "UNIQUE" },
    };
    return FIND(t, bind);
}

const char *elf_stt_name(u8 type)
{
    static const struct name t[] = {
        { STT_NOTYPE, "NOTYPE" }, { STT_OBJECT, "OBJECT" }, { STT_FUNC, "FUNC" },
        { STT_SECTION, "SECTION" }, { STT_FILE, "FILE" }, { STT_COMMON, "COMMON" },
        { STT_TLS, "TLS" }, { STT_GNU_IFUNC, "IFUNC" },
    };
    return FIND(t, type);
}

const char *elf_stv_name(u8 vis)
{
    static const char *const t[4] = { "DEFAULT", "INTERNAL", "HIDDEN", "PROTECTED" };
    return vis < 4 ? t[vis] : NULL;
}

const char *elf_shn_name(u32 shndx)
{
    static const struct name t[] = {
        { SHN_UNDEF, "UND" }, { SHN_ABS, "ABS" }, { SHN_COMMON, "COM" },
    };
    return FIND(t, shndx);
}

const char *elf_dt_name(i128 tag)
{
    static const struct name t[] = {
        { DT_NULL, "NULL" }, { DT_NEEDED, "NEEDED" }, { DT_PLTRELSZ, "PLTRELSZ" },
        { DT_PLTGOT, "PLTGOT" }, { DT_HASH, "HASH" }, { DT_STRTAB, "STRTAB" },
        { DT_SYMTAB, "SYMTAB" }, { DT_RELA, "RELA" }, { DT_RELASZ, "RELASZ" },
        { DT_RELAENT, "RELAENT" }, { DT_STRSZ, "STRSZ" }, { DT_SYMENT, "SYMENT" },
        { DT_INIT, "INIT" }, { DT_FINI, "FINI" }, { DT_SONAME, "SONAME" },
        { DT_RPATH, "RPATH" }, { DT_SYMBOLIC, "SYMBOLIC" }, { DT_REL, "REL" },
        { DT_RELSZ, "RELSZ" }, { DT_RELENT, "RELENT" }, { DT_PLTREL, "PLTREL" },
        { DT_DEBUG, "DEBUG" }, { DT_TEXTREL, "TEXTREL" }, { DT_JMPREL, "JMPREL" },
        { DT_BIND_NOW, "BIND_NOW" }, { DT_INIT_ARRAY, "INIT_ARRAY" },
        { DT_FINI_ARRAY, "FINI_ARRAY" }, { DT_INIT_ARRAYSZ, "INIT_ARRAYSZ" },
        { DT_FINI_ARRAYSZ, "FINI_ARRAYSZ" }, { DT_RUNPATH, "RUNPATH" },
        { DT_FLAGS, "FLAGS" }, { DT_PREINIT_ARRAY, "PREINIT_ARRAY" },
        { DT_PREINIT_ARRAYSZ, "PREINIT_ARRAYSZ" }, { DT_SYMTAB_SHNDX, "SYMTAB_SHNDX" },
        { DT_RELRSZ, "RELRSZ" }, { DT_RELR, "RELR" }, { DT_RELRENT, "RELRENT" },
        { DT_GNU_HASH, "GNU_HASH" }, { DT_VERSYM, "VERSYM" },
        { DT_RELACOUNT, "RELACOUNT" }, { DT_RELCOUNT, "RELCOUNT" },
        { DT_FLAGS_1, "FLAGS_1" }, { DT_VERDEF, "VERDEF" }, { DT_VERDEFNUM, "VERDEFNUM" },
        { DT_VERNEED, "VERNEED" }, { DT_VERNEEDNUM, "VERNEEDNUM" },
        { DT_RISCV_VARIANT_CC, "RISCV_VARIANT_CC" },
    };
    if (tag < 0 || tag > 0xffffffff)
        return NULL;
    return FIND(t, (u32)tag);
}

/* RISC-V psABI relocation names, indexed by number; NULL = reserved/unknown.  46-50 are
 * reserved by the current psABI but were used by older toolchains; their old names are
 * kept so that old objects print sensibly. */
static const char *const riscv_relocs[] = {
    [R_RISCV_NONE] = "R_RISCV_NONE",
    [R_RISCV_32] = "R_RISCV_32",
    [R_RISCV_64] = "R_RISCV_64",
    [R_RISCV_RELATIVE] = "R_RISCV_RELATIVE",
    [R_RISCV_COPY] = "R_RISCV_COPY",
    [R_RISCV_JUMP_SLOT] = "R_RISCV_JUMP_SLOT",
    [R_RISCV_TLS_DTPMOD32] = "R_RISCV_TLS_DTPMOD32",
    [R_RISCV_TLS_DTPMOD64] = "R_RISCV_TLS_DTPMOD64",
    [R_RISCV_TLS_DTPREL32] = "R_RISCV_TLS_DTPREL32",
    [R_RISCV_TLS_DTPREL64] = "R_RISCV_TLS_DTPREL64",
    [R_RISCV_TLS_TPREL32] = "R_RISCV_TLS_TPREL32",
    [R_RISCV_TLS_TPREL64] = "R_RISCV_TLS_TPREL64",
    [R_RISCV_TLSDESC] = "R_RISCV_TLSDESC",
    [R_RISCV_BRANCH] = "R_RISCV_BRANCH",
    [R_RISCV_JAL] = "R_RISCV_JAL",
    [R_RISCV_CALL] = "R_RISCV_CALL",
    [R_RISCV_CALL_PLT] = "R_RISCV_CALL_PLT",
    [R_RISCV_GOT_HI20] = "R_RISCV_GOT_HI20",
    [R_RISCV_TLS_GOT_HI20] = "R_RISCV_TLS_GOT_HI20",
    [R_RISCV_TLS_GD_HI20] = "R_RISCV_TLS_GD_HI20",
    [R_RISCV_PCREL_HI20] = "R_RISCV_PCREL_HI20",
    [R_RISCV_PCREL_LO12_I] = "R_RISCV_PCREL_LO12_I",
    [R_RISCV_PCREL_LO12_S] = "R_RISCV_PCREL_LO12_S",
    [R_RISCV_HI20] = "R_RISCV_HI20",
    [R_RISCV_LO12_I] = "R_RISCV_LO12_I",
    [R_RISCV_LO12_S] = "R_RISCV_LO12_S",
    [R_RISCV_TPREL_HI20] = "R_RISCV_TPREL_HI20",
    [R_RISCV_TPREL_LO12_I] = "R_RISCV_TPREL_LO12_I",
    [R_RISCV_TPREL_LO12_S] = "R_RISCV_TPREL_LO12_S",
    [R_RISCV_TPREL_ADD] = "R_RISCV_TPREL_ADD",
    [R_RISCV_ADD8] = "R_RISCV_ADD8",
    [R_RISCV_ADD16] = "R_RISCV_ADD16",
    [R_RISCV_ADD32] = "R_RISCV_ADD32",
    [R_RISCV_ADD64] = "R_RISCV_ADD64",
    [R_RISCV_SUB8] = "R_RISCV_SUB8",
    [R_RISCV_SUB16] = "R_RISCV_SUB16",
    [R_RISCV_SUB32] = "R_RISCV_SUB32",
    [R_RISCV_SUB64] = "R_RISCV_SUB64",
    [R_RISCV_GOT32_PCREL] = "R_RISCV_GOT32_PCREL",
    [R_RISCV_ALIGN] = "R_RISCV_ALIGN",
    [R_RISCV_RVC_BRANCH] = "R_RISCV_RVC_BRANCH",
    [R_RISCV_RVC_JUMP] = "R_RISCV_RVC_JUMP",
    [46] = "R_RISCV_RVC_LUI",
    [47] = "R_RISCV_GPREL_I",
    [48] = "R_RISCV_GPREL_S",
    [49] = "R_RISCV_TPREL_I",
    [50] = "R_RISCV_TPREL_S",
    [R_RISCV_RELAX] = "R_RISCV_RELAX",
    [R_RISCV_SUB6] = "R_RISCV_SUB6",
    [R_RISCV_SET6] = "R_RISCV_SET6",
    [R_RISCV_SET8] = "R_RISCV_SET8",
    [R_RISCV_SET16] = "R_RISCV_SET16",
    [R_RISCV_SET32] = "R_RISCV_SET32",
    [R_RISCV_32_PCREL] = "R_RISCV_32_PCREL",
    [R_RISCV_IRELATIVE] = "R_RISCV_IRELATIVE",
    [R_RISCV_PLT32] = "R_RISCV_PLT32",
    [R_RISCV_SET_ULEB128] = "R_RISCV_SET_ULEB128",
    [R_RISCV_SUB_ULEB128] = "R_RISCV_SUB_ULEB128",
    [R_RISCV_TLSDESC_HI20] = "R_RISCV_TLSDESC_HI20",
    [R_RISCV_TLSDESC_LOAD_LO12] = "R_RISCV_TLSDESC_LOAD_LO12",
    [R_RISCV_TLSDESC_ADD_LO12] = "R_RISCV_TLSDESC_ADD_LO12",
    [R_RISCV_TLSDESC_CALL] = "R_RISCV_TLSDESC_CALL",
    [R_RISCV_VENDOR] = "R_RISCV_VENDOR",
    [R_RISCV_128] = "R_RISCV_128",
    [R_RISCV_ADD128] = "R_RISCV_ADD128",
    [R_RISCV_SUB128] = "R_RISCV_SUB128",
    [R_RISCV_TLS_DTPMOD128] = "R_RISCV_TLS_DTPMOD128",
    [R_RISCV_TLS_DTPREL128] = "R_RISCV_TLS_DTPREL128",
    [R_RISCV_TLS_TPREL128] = "R_RISCV_TLS_TPREL128",
};

const char *elf_reloc_name(u16 machine, u64 type)
{
    if (machine != EM_RISCV || type >= sizeof riscv_relocs / sizeof riscv_relocs[0])
        return NULL;
    return riscv_relocs[type];
}
