/* zl-ld — static linker for RISC-V ELF objects of class 32, 64 and 128 (docs/ld.md). */
#include "ld.h"

int main(int argc, char **argv)
{
    return ld_main(argc, argv);
}
