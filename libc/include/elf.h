/* zlibc <elf.h>: the ELF32 and ELF64 types and structures (System V gABI) and the
 * ELFCLASS128 ones of docs/abi.md 8 (where the compiler has a 128-bit integer: zl-cc at
 * every XLEN, GCC at rv64).  The constants, ELFCLASS128 and the RISC-V ones included, are
 * <zl/elfconst.h>, which the tools' ELF module shares.  Auxiliary-vector keys come from
 * <sys/auxv.h>. */
#ifndef _ZL_ELF_H
#define _ZL_ELF_H
#include <bits/zl_config.h>
#include <stdint.h>
#include <sys/auxv.h>
#include <zl/elfconst.h>
__ZL_BEGIN
typedef uint16_t Elf32_Half;
typedef uint16_t Elf64_Half;
typedef uint32_t Elf32_Word;
typedef int32_t Elf32_Sword;
typedef uint32_t Elf64_Word;
typedef int32_t Elf64_Sword;
typedef uint64_t Elf32_Xword;
typedef int64_t Elf32_Sxword;
typedef uint64_t Elf64_Xword;
typedef int64_t Elf64_Sxword;
typedef uint32_t Elf32_Addr;
typedef uint64_t Elf64_Addr;
typedef uint32_t Elf32_Off;
typedef uint64_t Elf64_Off;
typedef uint16_t Elf32_Section;
typedef uint16_t Elf64_Section;
typedef Elf32_Half Elf32_Versym;
typedef Elf64_Half Elf64_Versym;

typedef struct {
    unsigned char e_ident[EI_NIDENT];
    Elf32_Half e_type;
    Elf32_Half e_machine;
    Elf32_Word e_version;
    Elf32_Addr e_entry;
    Elf32_Off e_phoff;
    Elf32_Off e_shoff;
    Elf32_Word e_flags;
    Elf32_Half e_ehsize;
    Elf32_Half e_phentsize;
    Elf32_Half e_phnum;
    Elf32_Half e_shentsize;
    Elf32_Half e_shnum;
    Elf32_Half e_shstrndx;
} Elf32_Ehdr;
typedef struct {
    unsigned char e_ident[EI_NIDENT];
    Elf64_Half e_type;
    Elf64_Half e_machine;
    Elf64_Word e_version;
    Elf64_Addr e_entry;
    Elf64_Off e_phoff;
    Elf64_Off e_shoff;
    Elf64_Word e_flags;
    Elf64_Half e_ehsize;
    Elf64_Half e_phentsize;
    Elf64_Half e_phnum;
    Elf64_Half e_shentsize;
    Elf64_Half e_shnum;
    Elf64_Half e_shstrndx;
} Elf64_Ehdr;

typedef struct {
    Elf32_Word sh_name;
    Elf32_Word sh_type;
    Elf32_Word sh_flags;
    Elf32_Addr sh_addr;
    Elf32_Off sh_offset;
    Elf32_Word sh_size;
    Elf32_Word sh_link;
    Elf32_Word sh_info;
    Elf32_Word sh_addralign;
    Elf32_Word sh_entsize;
} Elf32_Shdr;
typedef struct {
    Elf64_Word sh_name;
    Elf64_Word sh_type;
    Elf64_Xword sh_flags;
    Elf64_Addr sh_addr;
    Elf64_Off sh_offset;
    Elf64_Xword sh_size;
    Elf64_Word sh_link;
    Elf64_Word sh_info;
    Elf64_Xword sh_addralign;
    Elf64_Xword sh_entsize;
} Elf64_Shdr;

typedef struct {
    Elf32_Word st_name;
    Elf32_Addr st_value;
    Elf32_Word st_size;
    unsigned char st_info;
    unsigned char st_other;
    Elf32_Section st_shndx;
} Elf32_Sym;
typedef struct {
    Elf64_Word st_name;
    unsigned char st_info;
    unsigned char st_other;
    Elf64_Section st_shndx;
    Elf64_Addr st_value;
    Elf64_Xword st_size;
} Elf64_Sym;

#define ELF32_ST_BIND(i) ((unsigned char)(i) >> 4)
#define ELF32_ST_TYPE(i) ((i) & 0xf)
#define ELF32_ST_INFO(b, t) (((b) << 4) + ((t) & 0xf))
#define ELF64_ST_BIND(i) ELF32_ST_BIND(i)
#define ELF64_ST_TYPE(i) ELF32_ST_TYPE(i)
#define ELF64_ST_INFO(b, t) ELF32_ST_INFO(b, t)
#define ELF32_ST_VISIBILITY(o) ((o) & 0x3)
#define ELF64_ST_VISIBILITY(o) ELF32_ST_VISIBILITY(o)

typedef struct {
    Elf32_Addr r_offset;
    Elf32_Word r_info;
} Elf32_Rel;
typedef struct {
    Elf64_Addr r_offset;
    Elf64_Xword r_info;
} Elf64_Rel;
typedef struct {
    Elf32_Addr r_offset;
    Elf32_Word r_info;
    Elf32_Sword r_addend;
} Elf32_Rela;
typedef struct {
    Elf64_Addr r_offset;
    Elf64_Xword r_info;
    Elf64_Sxword r_addend;
} Elf64_Rela;

#define ELF32_R_SYM(i) ((i) >> 8)
#define ELF32_R_TYPE(i) ((i) & 0xff)
#define ELF32_R_INFO(s, t) (((s) << 8) + ((t) & 0xff))
#define ELF64_R_SYM(i) ((i) >> 32)
#define ELF64_R_TYPE(i) ((i) & 0xffffffff)
#define ELF64_R_INFO(s, t) (((Elf64_Xword)(s) << 32) + (Elf64_Xword)(t))

typedef struct {
    Elf32_Word p_type;
    Elf32_Off p_offset;
    Elf32_Addr p_vaddr;
    Elf32_Addr p_paddr;
    Elf32_Word p_filesz;
    Elf32_Word p_memsz;
    Elf32_Word p_flags;
    Elf32_Word p_align;
} Elf32_Phdr;
typedef struct {
    Elf64_Word p_type;
    Elf64_Word p_flags;
    Elf64_Off p_offset;
    Elf64_Addr p_vaddr;
    Elf64_Addr p_paddr;
    Elf64_Xword p_filesz;
    Elf64_Xword p_memsz;
    Elf64_Xword p_align;
} Elf64_Phdr;

typedef struct {
    Elf32_Sword d_tag;
    union {
        Elf32_Word d_val;
        Elf32_Addr d_ptr;
    } d_un;
} Elf32_Dyn;
typedef struct {
    Elf64_Sxword d_tag;
    union {
        Elf64_Xword d_val;
        Elf64_Addr d_ptr;
    } d_un;
} Elf64_Dyn;

typedef struct {
    Elf32_Word n_namesz;
    Elf32_Word n_descsz;
    Elf32_Word n_type;
} Elf32_Nhdr;
typedef struct {
    Elf64_Word n_namesz;
    Elf64_Word n_descsz;
    Elf64_Word n_type;
} Elf64_Nhdr;

typedef struct {
    uint32_t a_type;
    union {
        uint32_t a_val;
    } a_un;
} Elf32_auxv_t;
typedef struct {
    uint64_t a_type;
    union {
        uint64_t a_val;
    } a_un;
} Elf64_auxv_t;


#ifdef __SIZEOF_INT128__
/* ELFCLASS128 (docs/abi.md 8): the ELF64 structures with every 8-byte field widened to 16
 * bytes and ordered so that each is 16-aligned; the reserved fields are zero. */
typedef uint16_t Elf128_Half;
typedef uint32_t Elf128_Word;
typedef int32_t Elf128_Sword;
typedef uint64_t Elf128_Xword;
typedef int64_t Elf128_Sxword;
typedef unsigned __int128 Elf128_Xxword;
typedef __int128 Elf128_Sxxword;
typedef unsigned __int128 Elf128_Addr;
typedef unsigned __int128 Elf128_Off;
typedef uint16_t Elf128_Section;
typedef Elf128_Half Elf128_Versym;

typedef struct {
    unsigned char e_ident[EI_NIDENT];
    Elf128_Half e_type;
    Elf128_Half e_machine;
    Elf128_Word e_version;
    Elf128_Word e_flags;
    Elf128_Half e_ehsize;
    Elf128_Half e_phentsize;
    Elf128_Addr e_entry;
    Elf128_Off e_phoff;
    Elf128_Off e_shoff;
    Elf128_Half e_phnum;
    Elf128_Half e_shentsize;
    Elf128_Half e_shnum;
    Elf128_Half e_shstrndx;
    unsigned char e_reserved[8];
} Elf128_Ehdr;

typedef struct {
    Elf128_Word p_type;
    Elf128_Word p_flags;
    unsigned char p_reserved[8];
    Elf128_Off p_offset;
    Elf128_Addr p_vaddr;
    Elf128_Addr p_paddr;
    Elf128_Xxword p_filesz;
    Elf128_Xxword p_memsz;
    Elf128_Xxword p_align;
} Elf128_Phdr;

typedef struct {
    Elf128_Word sh_name;
    Elf128_Word sh_type;
    Elf128_Word sh_link;
    Elf128_Word sh_info;
    Elf128_Xxword sh_flags;
    Elf128_Addr sh_addr;
    Elf128_Off sh_offset;
    Elf128_Xxword sh_size;
    Elf128_Xxword sh_addralign;
    Elf128_Xxword sh_entsize;
} Elf128_Shdr;

typedef struct {
    Elf128_Word st_name;
    unsigned char st_info;
    unsigned char st_other;
    Elf128_Section st_shndx;
    unsigned char st_reserved[8];
    Elf128_Addr st_value;
    Elf128_Xxword st_size;
} Elf128_Sym;

typedef struct {
    Elf128_Addr r_offset;
    Elf128_Xxword r_info;
} Elf128_Rel;

typedef struct {
    Elf128_Addr r_offset;
    Elf128_Xxword r_info;
    Elf128_Sxxword r_addend;
} Elf128_Rela;

typedef struct {
    Elf128_Sxxword d_tag;
    union {
        Elf128_Xxword d_val;
        Elf128_Addr d_ptr;
    } d_un;
} Elf128_Dyn;

typedef struct {
    Elf128_Xxword ch_size;
    Elf128_Xxword ch_addralign;
    Elf128_Word ch_type;
    unsigned char ch_reserved[12];
} Elf128_Chdr;

typedef Elf128_Xxword Elf128_Relr;

#define ELF128_ST_BIND(i) ((i) >> 4)
#define ELF128_ST_TYPE(i) ((i) & 0xf)
#define ELF128_ST_INFO(b, t) (((b) << 4) + ((t) & 0xf))
#define ELF128_ST_VISIBILITY(o) ((o) & 0x3)
#define ELF128_R_SYM(i) ((i) >> 64)
#define ELF128_R_TYPE(i) ((i) & 0xffffffffffffffffu)
#define ELF128_R_INFO(s, t) (((Elf128_Xxword)(s) << 64) | (Elf128_Xxword)(t))
#endif

__ZL_END
#endif
