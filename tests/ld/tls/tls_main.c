/* The C side of tls_asm.S (tests/ld/tls_test.sh): the assembly's accesses must reach the
 * same objects as zl-cc's. */
#include <stdio.h>

extern __thread int a_le[2];
extern __thread int a_bss[8];
_Thread_local int c_var = 99;
void *asm_le_addr(void);
int asm_le_load(void);
void asm_le_store(int);
int asm_priv(void);
void *asm_ie_addr(void);
int asm_ie_load(void);
void *asm_ie_le_var(void);

static int fails;
#define CHECK(c) do { if (!(c)) { printf("FAILED line %d: %s\n", __LINE__, #c); fails++; } } while (0)

int main(void)
{
    CHECK(asm_le_addr() == (void *)a_le);
    CHECK(a_le[0] == 0x1234abcd && asm_le_load() == 7);
    a_le[1] = -3;
    CHECK(asm_le_load() == -3);
    asm_le_store(4242);
    CHECK(a_bss[3] == 4242 && a_bss[2] == 0 && a_bss[4] == 0);
    CHECK(asm_priv() == 0x55aa);
    CHECK(asm_ie_addr() == (void *)&c_var && asm_ie_load() == 99);
    c_var = -8;
    CHECK(asm_ie_load() == -8);
    CHECK(asm_ie_le_var() == (void *)a_bss);
    printf("%s\n", fails ? "tls asm: failed" : "tls asm: ok");
    return fails != 0;
}
