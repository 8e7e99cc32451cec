/* Freestanding linker test program (rv32imac/ilp32, rv64gc/lp64d): no libc, only the
 * write and exit_group system calls.  Exercises what a linker must get right: .sdata and
 * gp, COMMON symbols (-fcommon), weak undefined symbols, .init_array priorities run by
 * hand through __init_array_start/__init_array_end, __start_/__stop_ of a named
 * section, a switch jump table, pointer tables (absolute data relocations), a strong
 * definition overriding a weak one, and archive members (lib.c).  Prints a transcript
 * that the test compares between GNU ld and zl-ld builds. */
#define SYS_write 64
#define SYS_exit_group 94

static long sys3(long n, long a, long b, long c)
{
    register long a0 __asm__("a0") = a;
    register long a1 __asm__("a1") = b;
    register long a2 __asm__("a2") = c;
    register long a7 __asm__("a7") = n;
    __asm__ volatile("ecall" : "+r"(a0) : "r"(a1), "r"(a2), "r"(a7) : "memory");
    return a0;
}

static void out(const char *s)
{
    long n = 0;
    while (s[n])
        n++;
    sys3(SYS_write, 1, (long)s, n);
}

static void out_num(unsigned long v)
{
    char b[24];
    int i = 23;
    b[i] = 0;
    do {
        b[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    out(b + i);
}

extern int lib_value(void);          /* lib.c, through an archive */
extern int lib_weak(void);           /* weak in lib.c, strong here */
int lib_weak(void) { return 77; }

int counter = 5;                     /* small data */
int common_var;                      /* COMMON (-fcommon) */
extern int weak_missing __attribute__((weak));
extern void weak_fn(void) __attribute__((weak));

static const char *const names[] = { "zero", "one", "two", "three" };
static int order[8], norder;
__attribute__((constructor(150))) static void c150(void) { order[norder++] = 150; }
__attribute__((constructor(120))) static void c120(void) { order[norder++] = 120; }
__attribute__((constructor)) static void cdef(void) { order[norder++] = 999; }

__attribute__((section("myset"), used)) static int set_a = 11;
__attribute__((section("myset"), used)) static int set_b = 22;
extern int __start_myset[], __stop_myset[];
extern void (*__init_array_start[])(void), (*__init_array_end[])(void);

__attribute__((noinline)) static int sw(int x)
{
    switch (x) {
    case 0: return 10;
    case 1: return 21;
    case 2: return 32;
    case 3: return 43;
    case 4: return 54;
    case 5: return 65;
    case 6: return 76;
    default: return -1;
    }
}

__attribute__((noinline, cold)) void unlikely_path(void) { out("cold\n"); }

void unused_function(void) { out("never\n"); }

int main(int argc, char **argv)
{
    (void)argv;
    for (void (**p)(void) = __init_array_start; p < __init_array_end; p++)
        (*p)();
    out("init");
    for (int i = 0; i < norder; i++) {
        out(" ");
        out_num((unsigned long)order[i]);
    }
    out("\ncounter ");
    out_num((unsigned long)counter++);
    out(" ");
    out_num((unsigned long)counter);
    out("\ncommon ");
    out_num((unsigned long)common_var);
    out("\nweak ");
    out_num(&weak_missing == 0);
    out_num(weak_fn == 0);
    out("\nset ");
    out_num((unsigned long)(__stop_myset - __start_myset));
    out(" ");
    out_num((unsigned long)(__start_myset[0] + __start_myset[1]));
    out("\nswitch");
    for (int i = 0; i < 8; i++) {
        out(" ");
        int v = sw(i);
        if (v < 0)
            out("-");
        out_num((unsigned long)(v < 0 ? -v : v));
    }
    out("\nname ");
    out(names[argc & 3]);
    out("\nlib ");
    out_num((unsigned long)lib_value());
    out(" ");
    out_num((unsigned long)lib_weak());
    out("\n");
    if (argc > 5)
        unlikely_path();
    return 3;
}
