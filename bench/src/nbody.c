/* nbody: double-precision gravitational N-body simulation.
 *
 * 32 bodies with pseudo-random positions, velocities and masses (the total
 * momentum is removed first), integrated with the leapfrog (kick-drift-kick)
 * scheme and Plummer softening.  Each step evaluates all 496 pairs:
 * fmadd/fnmsub (explicit fma()), fsub, fmul, fdiv and fsqrt on the F/D
 * path; the energy is computed with separate fmul/fadd.  The checksum is
 * built from the exact bit patterns of the final state; the total energy
 * must also be conserved to within 1e-3 (a physics sanity check that does
 * not depend on exact rounding).
 *
 * usage: nbody [steps]
 */
#include "bench.h"

#define NAME          "nbody"
#define DEFAULT_ITERS 50000
#define EXPECTED      0x08e4deaa708413c2ULL  /* at DEFAULT_ITERS; from a native x86-64 build */

#define NB   32
#define EPS2 0.01                       /* softening length squared */
#define DT   0.0005

static double px[NB], py[NB], pz[NB];
static double vx[NB], vy[NB], vz[NB];
static double ax[NB], ay[NB], az[NB];
static double mass[NB];

/* Fused multiply-add, spelled out so that results do not depend on the
 * compiler's contraction choices (bench/run.sh builds with -ffp-contract=off). */
#define fma(a, b, c) __builtin_fma((a), (b), (c))

static double urand(uint32_t *s)        /* [0, 1) with 24 bits */
{
    return (double)(rng32(s) >> 8) * (1.0 / 16777216.0);
}

static void init(void)
{
    uint32_t s = 0x0b0d1e5u;
    double mx = 0, my = 0, mz = 0, mt = 0;
    for (int i = 0; i < NB; i++) {
        px[i] = urand(&s) * 2.0 - 1.0;
        py[i] = urand(&s) * 2.0 - 1.0;
        pz[i] = (urand(&s) * 2.0 - 1.0) * 0.25;
        vx[i] = -py[i] * 0.5 + (urand(&s) - 0.5) * 0.1;   /* some rotation */
        vy[i] = px[i] * 0.5 + (urand(&s) - 0.5) * 0.1;
        vz[i] = (urand(&s) - 0.5) * 0.05;
        mass[i] = (0.5 + urand(&s)) / NB;
        mx += mass[i] * vx[i];
        my += mass[i] * vy[i];
        mz += mass[i] * vz[i];
        mt += mass[i];
    }
    for (int i = 0; i < NB; i++) {      /* zero total momentum */
        vx[i] -= mx / mt;
        vy[i] -= my / mt;
        vz[i] -= mz / mt;
    }
}

static void accelerations(void)
{
    for (int i = 0; i < NB; i++)
        ax[i] = ay[i] = az[i] = 0.0;
    for (int i = 0; i < NB; i++) {
        for (int j = i + 1; j < NB; j++) {
            double dx = px[j] - px[i], dy = py[j] - py[i], dz = pz[j] - pz[i];
            double r2 = fma(dx, dx, fma(dy, dy, fma(dz, dz, EPS2)));
            double r = guest_sqrt(r2);
            double inv3 = 1.0 / (r2 * r);
            double fi = mass[j] * inv3, fj = mass[i] * inv3;
            ax[i] = fma(dx, fi, ax[i]);  ay[i] = fma(dy, fi, ay[i]);
            az[i] = fma(dz, fi, az[i]);
            ax[j] = fma(-dx, fj, ax[j]); ay[j] = fma(-dy, fj, ay[j]);
            az[j] = fma(-dz, fj, az[j]);
        }
    }
}

static double energy(void)
{
    double e = 0.0;
    for (int i = 0; i < NB; i++) {
        e += 0.5 * mass[i] * (vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i]);
        for (int j = i + 1; j < NB; j++) {
            double dx = px[j] - px[i], dy = py[j] - py[i], dz = pz[j] - pz[i];
            e -= mass[i] * mass[j] / guest_sqrt(dx * dx + dy * dy + dz * dz + EPS2);
        }
    }
    return e;
}

static void step(void)
{
    const double h = 0.5 * DT;
    for (int i = 0; i < NB; i++) {      /* half kick, drift */
        vx[i] = fma(h, ax[i], vx[i]); vy[i] = fma(h, ay[i], vy[i]);
        vz[i] = fma(h, az[i], vz[i]);
        px[i] = fma(DT, vx[i], px[i]); py[i] = fma(DT, vy[i], py[i]);
        pz[i] = fma(DT, vz[i], pz[i]);
    }
    accelerations();
    for (int i = 0; i < NB; i++) {      /* half kick */
        vx[i] = fma(h, ax[i], vx[i]); vy[i] = fma(h, ay[i], vy[i]);
        vz[i] = fma(h, az[i], vz[i]);
    }
}

int main(int argc, char **argv)
{
    uint64_t iters = guest_iters(argc, argv, DEFAULT_ITERS);

    bench_header(NAME, iters);
    init();
    accelerations();
    double e0 = energy();
    for (uint64_t n = 0; n < iters; n++)
        step();
    double e1 = energy();

    put_str(NAME ": energy before ");
    put_fixed(e0, 9);
    put_str(" after ");
    put_fixed(e1, 9);
    put_char('\n');
    double rel = (e1 - e0) / e0;
    if (!(__builtin_fabs(rel) < 1e-3))
        bench_fail(NAME, "energy not conserved");

    uint64_t h = mix64(0, dbits(e1));
    for (int i = 0; i < NB; i++) {
        h = mix64(h, dbits(px[i]));
        h = mix64(h, dbits(vy[i]));
        h = mix64(h, dbits(az[i]));
    }
    put_str(NAME ": x0 ");
    put_fixed(px[0], 9);
    put_str(" bits 0x");
    put_hex64(dbits(px[0]));
    put_char('\n');
    return bench_finish(NAME, iters, DEFAULT_ITERS, h, EXPECTED);
}
