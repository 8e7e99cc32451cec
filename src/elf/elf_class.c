/* elf_class.c — per-class geometry (entry sizes, word size) and r_info packing. */
#include "elf.h"

static const struct elf_geom geoms[3] = {
    /* cls        bits word eh  ph   sh   sym rel rela dyn chdr */
    { ELFCLASS32,  32,  4,  52, 32,  40,  16,  8, 12,  8, 12 },
    { ELFCLASS64,  64,  8,  64, 56,  64,  24, 16, 24, 16, 24 },
    { ELFCLASS128, 128, 16, 96, 112, 112, 48, 32, 48, 32, 48 },
};

const struct elf_geom *elf_geom(int cls)
{
    if (cls < ELFCLASS32 || cls > ELFCLASS128)
        return NULL;
    return &geoms[cls - ELFCLASS32];
}

int elf_class_valid(int cls)
{
    return elf_geom(cls) != NULL;
}

unsigned elf_class_bits(int cls)
{
    const struct elf_geom *g = elf_geom(cls);
    return g ? g->bits : 0;
}

int elf_class_from_bits(unsigned bits)
{
    switch (bits) {
    case 32: return ELFCLASS32;
    case 64: return ELFCLASS64;
    case 128: return ELFCLASS128;
    default: return ELFCLASSNONE;
    }
}

u128 elf_class_max(int cls)
{
    switch (cls) {
    case ELFCLASS32: return (u128)0xffffffffu;
    case ELFCLASS64: return (u128)~(u64)0;
    case ELFCLASS128: return ~(u128)0;
    default: return 0;
    }
}

u64 elf_r_sym(int cls, u128 info)
{
    switch (cls) {
    case ELFCLASS32: return ELF32_R_SYM(info);
    case ELFCLASS64: return ELF64_R_SYM(info);
    case ELFCLASS128: return ELF128_R_SYM(info);
    default: return 0;
    }
}

u64 elf_r_type(int cls, u128 info)
{
    switch (cls) {
    case ELFCLASS32: return ELF32_R_TYPE(info);
    case ELFCLASS64: return ELF64_R_TYPE(info);
    case ELFCLASS128: return ELF128_R_TYPE(info);
    default: return 0;
    }
}

int elf_r_info_fits(int cls, u64 sym, u64 type)
{
    switch (cls) {
    case ELFCLASS32: return sym <= 0xffffffu && type <= 0xffu;
    case ELFCLASS64: return sym <= 0xffffffffu && type <= 0xffffffffu;
    case ELFCLASS128: return 1;
    default: return 0;
    }
}

u128 elf_r_info(int cls, u64 sym, u64 type)
{
    switch (cls) {
    case ELFCLASS32: return ELF32_R_INFO(sym, type);
    case ELFCLASS64: return ELF64_R_INFO(sym, type);
    case ELFCLASS128: return ELF128_R_INFO(sym, type);
    default: return 0;
    }
}
