/* integers twice as wide as a register: long long on rv32, 128-bit long long on rv128 is one register */
typedef long long ll;
typedef unsigned long long ull;
static ll add(ll a, ll b) { return a + b; }
ll g = 0x123456789abcdefLL;
int main(void) {
    ll a = 0x100000000LL, b = -1;
    if (add(a, b) != 0xffffffffLL) return 1;
    ull u = -1;
    if (u + 1 != 0) return 2;
    if ((a << 4) != 0x1000000000LL) return 3;
    if ((g >> 32) != 0x1234567) return 4;
    if ((u >> (sizeof(ull) * 8 - 4)) != 15) return 5;
    if ((-a >> 33) != -1) return 6;
    if (a * 3 != 0x300000000LL) return 7;
    int i = -5;
    ll c = i;
    if (c != -5 || !(c < 0)) return 9;
    unsigned ui = 0xffffffffu;
    ll d = ui;
    if (d != 4294967295LL) return 10;
    if ((int)g != (int)0x89abcdef) return 11;
    ll e = 1;
    for (int k = 0; k < 62; k++) e <<= 1;
    if (e != 0x4000000000000000LL) return 12;
    e++;
    if (e <= 0x4000000000000000LL) return 13;
    return 0;
}
