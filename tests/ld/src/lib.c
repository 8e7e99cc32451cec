/* Archive member for prog.c: pulled in by lib_value; lib_weak is overridden by the
 * program's strong definition.  other_member.c is never pulled. */
static int table[] = { 1, 2, 3, 4 };
int *lib_ptr = &table[2];            /* absolute data relocation */

int lib_value(void)
{
    return *lib_ptr * 100 + table[3];
}

__attribute__((weak)) int lib_weak(void)
{
    return 1;
}
