/* <elf.h>'s ELFCLASS128 structures against docs/abi.md 8.3 (sizes and offsets at compile
 * time), then a reading of the program's own ELF128 header at rv128
 * (tests/libc/elf128_test.sh). */
#include <elf.h>
#include <stddef.h>
#include <stdio.h>

#define AT(T, f, o) _Static_assert(offsetof(T, f) == (o), #T "." #f " at " #o)
_Static_assert(sizeof(Elf128_Ehdr) == 96, "Ehdr 96");
AT(Elf128_Ehdr, e_flags, 24); AT(Elf128_Ehdr, e_ehsize, 28); AT(Elf128_Ehdr, e_entry, 32);
AT(Elf128_Ehdr, e_phoff, 48); AT(Elf128_Ehdr, e_shoff, 64); AT(Elf128_Ehdr, e_phnum, 80);
AT(Elf128_Ehdr, e_shstrndx, 86);
_Static_assert(sizeof(Elf128_Phdr) == 112, "Phdr 112");
AT(Elf128_Phdr, p_offset, 16); AT(Elf128_Phdr, p_vaddr, 32); AT(Elf128_Phdr, p_align, 96);
_Static_assert(sizeof(Elf128_Shdr) == 112, "Shdr 112");
AT(Elf128_Shdr, sh_flags, 16); AT(Elf128_Shdr, sh_offset, 48); AT(Elf128_Shdr, sh_entsize, 96);
_Static_assert(sizeof(Elf128_Sym) == 48, "Sym 48");
AT(Elf128_Sym, st_shndx, 6); AT(Elf128_Sym, st_value, 16); AT(Elf128_Sym, st_size, 32);
_Static_assert(sizeof(Elf128_Rel) == 32 && sizeof(Elf128_Rela) == 48, "Rel 32, Rela 48");
AT(Elf128_Rela, r_addend, 32);
_Static_assert(sizeof(Elf128_Dyn) == 32 && sizeof(Elf128_Chdr) == 48, "Dyn 32, Chdr 48");
AT(Elf128_Chdr, ch_type, 32);

int main(int argc, char **argv)
{
    Elf128_Xxword info = ELF128_R_INFO(7, 2);
    if (ELF128_R_SYM(info) != 7 || ELF128_R_TYPE(info) != 2) return 1;
    if (argc < 2) {
        printf("structures ok\n");
        return 0;
    }
    FILE *f = fopen(argv[1], "rb");
    Elf128_Ehdr h;
    if (!f || fread(&h, sizeof h, 1, f) != 1) return 2;
    fclose(f);
    printf("class %d ehsize %d phentsize %d shentsize %d entry-nonzero %d\n",
           h.e_ident[EI_CLASS], h.e_ehsize, h.e_phentsize, h.e_shentsize, h.e_entry != 0);
    return 0;
}
