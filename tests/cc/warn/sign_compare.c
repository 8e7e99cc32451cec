/* -Wsign-compare: zl-cc's warnings must be GCC's, line and column; zl-cc names types its
 * own way ('unsigned long' for GCC's 'long unsigned int'), tests/cc/warnings_test.sh
 * translates.  GCC folds (i < 0 ? 0 : i) to a maximum known to be non-negative; zl-cc
 * does not, so that case is not here. */
int f(int i, unsigned u, long l, unsigned long ul, short s, unsigned short us, unsigned char uc, long long ll, unsigned long long ull)
{
    int r = 0;
    r += i < u;
    r += u > i;
    r += i == u;
    r += i != u;
    r += l < ul;
    r += s < u;
    r += us < i;
    r += uc < i;
    r += i < 5u;
    r += 5 < u;
    r += -1 < u;
    r += u < (int)5;
    r += ll < ull;
    r += l < u;
    r += i < ul;
    r += (i & 0x7f) < u;
    r += (unsigned)i < u;
    r += (s > 0 ? s : 0) < u;
    r += u >= i;
    r += i ? u : i;
    r += (unsigned char)i < u;
    r += sizeof(int) < i;
    r += i < sizeof(int);
    enum e { A, B } en = A;
    r += en < u;
    r += u < 'a';
    r += (u < 3 ? u : i) < u;
    r += (i, u) < i;
    r += u + 1 < i;
    r += (unsigned short)u < i;
    _Bool b = 0;
    r += b < u;
    r += i < ull;
    return r;
}
