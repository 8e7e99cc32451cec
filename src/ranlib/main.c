/* zl-ranlib — write the symbol index of archives (src/ar/ar.c). */
#include "ar/ar.h"

int main(int argc, char **argv)
{
    return ar_main(argc, argv, true);
}
