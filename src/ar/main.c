/* zl-ar — GNU ar for ELF32/ELF64/ELF128 archives (src/ar/ar.c). */
#include "ar/ar.h"

int main(int argc, char **argv)
{
    return ar_main(argc, argv, false);
}
