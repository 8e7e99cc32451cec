/* zlibc start-up and termination: __libc_start_main (called by _start in
 * libc/arch/riscv/crt1.S), environ, the auxiliary vector, the stack-protector guard,
 * thread-local storage (crt/tls.c), constructors/destructors, atexit, exit, _Exit (docs/libc.md, docs/abi.md 9). */
#include "zl_libc.h"
#include "zl_tls.h"
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/auxv.h>
#include <unistd.h>

char **environ;
ZL_HIDDEN zl_ulong *__zl_auxv;
char *program_invocation_name, *program_invocation_short_name;
uintptr_t __stack_chk_guard;

typedef void (*zl_fn)(void);
extern zl_fn __preinit_array_start[] ZL_WEAK ZL_HIDDEN;
extern zl_fn __preinit_array_end[] ZL_WEAK ZL_HIDDEN;
extern zl_fn __init_array_start[] ZL_WEAK ZL_HIDDEN;
extern zl_fn __init_array_end[] ZL_WEAK ZL_HIDDEN;
extern zl_fn __fini_array_start[] ZL_WEAK ZL_HIDDEN;
extern zl_fn __fini_array_end[] ZL_WEAK ZL_HIDDEN;

int main(int, char **, char **);

unsigned long getauxval(unsigned long type)
{
    if (__zl_auxv)
        for (zl_ulong *a = __zl_auxv; a[0] != AT_NULL; a += 2)
            if (a[0] == type)
                return a[1];
    errno = ENOENT;
    return 0;
}

_Noreturn void __libc_start_main(zl_ulong *sp)
{
    int argc = (int)sp[0];
    char **argv = (char **)(sp + 1);
    char **envp = argv + argc + 1;
    char **e = envp;
    while (*e)
        e++;
    environ = envp;
    __zl_auxv = (zl_ulong *)(e + 1);
    __zl_tls_init();         /* first: errno is thread-local */
    if (argc > 0 && argv[0]) {
        program_invocation_name = argv[0];
        char *slash = strrchr(argv[0], '/');
        program_invocation_short_name = slash ? slash + 1 : argv[0];
    }
    /* The guard comes from AT_RANDOM's 16 bytes; its low byte is zeroed (as glibc does)
     * so that a string overflow cannot reproduce it. */
    const unsigned char *rnd = (const unsigned char *)getauxval(AT_RANDOM);
    if (rnd) {
        uintptr_t g = 0;
        memcpy(&g, rnd, sizeof g < 16 ? sizeof g : 16);
        __stack_chk_guard = g & ~(uintptr_t)0xff;
    }
    size_t n = (size_t)(__preinit_array_end - __preinit_array_start);
    for (size_t i = 0; i < n; i++)
        __preinit_array_start[i]();
    n = (size_t)(__init_array_end - __init_array_start);
    for (size_t i = 0; i < n; i++)
        __init_array_start[i]();
    exit(main(argc, argv, envp));
}

_Noreturn void __stack_chk_fail(void)
{
    __zl_fatal("*** stack smashing detected ***: terminated");
}

ZL_HIDDEN _Noreturn void __zl_fatal(const char *msg)
{
    (void)SYS3(write, 2, msg, strlen(msg));
    (void)SYS3(write, 2, "\n", 1);
    abort();
}

/* atexit: a static block of 32 (the guaranteed minimum), then malloc'd blocks. */
struct atexit_block {
    struct atexit_block *next;
    int n;
    void (*fn[32])(void);
};
static struct atexit_block atexit_first, *atexit_head;

int atexit(void (*fn)(void))
{
    if (!atexit_head)
        atexit_head = &atexit_first;
    if (atexit_head->n == 32) {
        struct atexit_block *b = calloc(1, sizeof *b);
        if (!b)
            return -1;
        b->next = atexit_head;
        atexit_head = b;
    }
    atexit_head->fn[atexit_head->n++] = fn;
    return 0;
}

static void (*quick_fn[32])(void);
static int quick_n;
int at_quick_exit(void (*fn)(void))
{
    if (quick_n == 32)
        return -1;
    quick_fn[quick_n++] = fn;
    return 0;
}

/* stdio registers its flush here when it is linked in (no weak symbols needed). */
ZL_HIDDEN void (*__zl_exit_flush)(void);

_Noreturn void exit(int status)
{
    /* Handlers registered while exiting run too: take them one at a time. */
    while (atexit_head) {
        if (atexit_head->n == 0) {
            struct atexit_block *b = atexit_head;
            atexit_head = b->next;
            if (b != &atexit_first)
                free(b);
            continue;
        }
        void (*fn)(void) = atexit_head->fn[--atexit_head->n];
        fn();
    }
    size_t n = (size_t)(__fini_array_end - __fini_array_start);
    while (n--)
        __fini_array_start[n]();
    if (__zl_exit_flush)
        __zl_exit_flush();
    _Exit(status);
}

_Noreturn void quick_exit(int status)
{
    while (quick_n)
        quick_fn[--quick_n]();
    _Exit(status);
}

_Noreturn void _Exit(int status)
{
    for (;;)
        (void)SYS1(exit_group, status);
}

_Noreturn void _exit(int status)
{
    _Exit(status);
}
