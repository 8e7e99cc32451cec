// LP128: manual
// ILP32: manual (GCC does not define _ILP32 for rv32; the issue requires zl-cc to)
#include <stdio.h>
int main(void)
{
    printf("__riscv %d xlen %d\n", __riscv, __riscv_xlen);
    printf("SIZEOF int %d long %d long long %d pointer %d size_t %d\n", __SIZEOF_INT__, __SIZEOF_LONG__,
           __SIZEOF_LONG_LONG__, __SIZEOF_POINTER__, __SIZEOF_SIZE_T__);
#ifdef __LP128__
    printf("__LP128__ %d\n", __LP128__);
#endif
#ifdef __LP64__
    printf("__LP64__ %d\n", __LP64__);
#endif
#ifdef _ILP32
    printf("_ILP32 %d\n", _ILP32);
#endif
#ifdef __CHAR_UNSIGNED__
    printf("__CHAR_UNSIGNED__\n");
#endif
    printf("CHAR_BIT %d\n", __CHAR_BIT__);
    printf("little endian %d\n", __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__);
    printf("__riscv_float_abi_double %d\n",
#ifdef __riscv_float_abi_double
           1
#else
           0
#endif
    );
    printf("__ELF__ %d __linux__ %d\n", __ELF__, __linux__);
    return 0;
}
