/* zl-readelf — display information about ELF files of class 32, 64 and 128. */
#include "readelf.h"

int main(int argc, char **argv)
{
    return readelf_main(argc, argv);
}
