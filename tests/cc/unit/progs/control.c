/* control flow: if/while/do/for/switch/goto/break/continue/ternary/comma/logical ops */
static int sw(int x)
{
    switch (x) {
    case 0: return 10;
    case 1:
    case 2: return 20;
    case 5 ... 7: return 57;
    default: break;
    case -3: return -30;
    }
    return 99;
}
int main(void)
{
    int n = 0, i = 0;
    while (i < 10) { if (i == 7) break; i++; if (i & 1) continue; n += i; }
    if (n != 12) return 1;
    do { n--; } while (n > 5);
    if (n != 5) return 2;
    for (i = 0, n = 0; i < 100; i++) { if (i % 3) continue; n++; }
    if (n != 34) return 3;
    if (sw(0) != 10 || sw(2) != 20 || sw(6) != 57 || sw(-3) != -30 || sw(100) != 99) return 4;
    i = 0;
again:
    i++;
    if (i < 5) goto again;
    if (i != 5) return 5;
    int a = 3, b = 0;
    if (!(a && !b) || (b || 0)) return 6;
    int c = (a, b, 7);
    if (c != 7) return 7;
    if ((a > 2 ? 100 : 200) != 100) return 8;
    int z = 0;
    if (b && (z = 1)) return 9;
    if (z) return 10;
    if ((a || (z = 1)) != 1 || z) return 11;
    int k = 0;
    for (;;) { if (++k == 3) break; }
    if (k != 3) return 12;
    return 0;
}
