/* inline asm: register asm variables (a raw write system call), "r", "i", "+r", "=r", "m" */
static long sys_write(int fd, const void *buf, unsigned long n)
{
    register long a0 __asm__("a0") = fd;
    register long a1 __asm__("a1") = (long)buf;
    register long a2 __asm__("a2") = (long)n;
    register long a7 __asm__("a7") = 64;
    __asm__ volatile("ecall" : "+r"(a0) : "r"(a1), "r"(a2), "r"(a7) : "memory");
    return a0;
}
int main(void)
{
    static const char msg[] = "asm: hello\n";
    if (sys_write(1, msg, sizeof msg - 1) != sizeof msg - 1) return 1;
    int x = 5, y;
    __asm__("addi %0, %1, %2" : "=r"(y) : "r"(x), "i"(37));
    if (y != 42) return 2;
    __asm__("slli %0, %0, 1" : "+r"(y));
    if (y != 84) return 3;
    int mem = 7;
    __asm__ volatile("sw %1, %0" : "=m"(mem) : "r"(11));
    if (mem != 11) return 4;
    return 0;
}
