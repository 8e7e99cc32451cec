/* GNU labels as values and computed goto: a small bytecode interpreter with a static
 * dispatch table */
static int run(const unsigned char *code)
{
    static const void *const ops[] = { &&op_halt, &&op_inc, &&op_dbl, &&op_dec };
    int acc = 0;
    const unsigned char *pc = code;
#define NEXT goto *ops[*pc++]
    NEXT;
op_inc:
    acc++;
    NEXT;
op_dbl:
    acc *= 2;
    NEXT;
op_dec:
    acc--;
    NEXT;
op_halt:
    return acc;
}
int main(void)
{
    static const unsigned char prog[] = { 1, 1, 2, 2, 3, 1, 0 };
    if (run(prog) != 8) return 1;
    void *target = &&done;
    int n = 0;
again:
    n++;
    if (n < 3) goto again;
    goto *target;
    return 2;
done:
    return n == 3 ? 0 : 3;
}
