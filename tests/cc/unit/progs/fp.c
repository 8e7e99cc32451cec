/* float and double arithmetic, conversions, comparisons, many FP args */
static double poly(double x) { return 3.0 * x * x - 2.0 * x + 1.0; }
static float favg(float a, float b) { return (a + b) / 2; }
static double sum9(double a, double b, double c, double d, double e, double f, double g, double h, double i)
{
    return a + b + c + d + e + f + g + h + i;
}
double gd = 2.5;
float gf = -1.25f;
int main(void)
{
    if (poly(2.0) != 9.0) return 1;
    if (favg(1.0f, 2.0f) != 1.5f) return 2;
    int i = (int)3.99;
    if (i != 3) return 3;
    if ((int)-3.99 != -3) return 4;
    double d = 7;
    if (d / 2 != 3.5) return 5;
    unsigned u = 4000000000u;
    double du = u;
    if (du != 4000000000.0) return 6;
    if ((unsigned)du != u) return 7;
    long l = -123456789;
    if ((double)l != -123456789.0) return 8;
    if (gd * 2 != 5.0 || gf * 4 != -5.0f) return 9;
    if (!(0.1 + 0.2 > 0.3) || 1.0 < 0.5 || 2.0 <= 1.0 || !(1.0 >= 1.0) || 1.0 != 1.0) return 10;
    if (sum9(1, 2, 3, 4, 5, 6, 7, 8, 9) != 45.0) return 11;
    float f = 1e10f;
    double back = f;
    if (back != 1e10) return 12;
    double z = 0.0;
    if (z) return 13;
    if (!gd) return 14;
    double neg = -gd;
    if (neg != -2.5) return 15;
    return 0;
}
