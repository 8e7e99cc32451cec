/* Lowering: conversions between arithmetic types, runtime-library (libzlrt) calls,
 * long double as binary128 bit patterns and integers wider than a register. */
#include "cc/lower.h"

#include <stdlib.h>
#include <string.h>

/* Call a runtime helper (libzlrt) with the psABI's conventions.  kinds[k] describes
 * argument k: RT_F for float/double (an FPR, as double or float of the helper's
 * prototype), otherwise its number of XLEN-bit words: 1 or 2 in GPRs, 4 (wider than
 * 2*XLEN: __int128 or long double on rv32) by reference to a copy.  retkind is likewise
 * the result's words (4: returned through a hidden pointer in a0), or RT_F4 / RT_F8 for
 * a float / double result. */
enum { RT_F = 0, RT_F4 = -4, RT_F8 = -8 };

int rt_call(const char *sym, const int *args, const int *kinds, int nargs, int retkind)
{
    struct ir_call *c = cc_alloc(sizeof *c);
    c->sym = sym;
    c->args = cc_alloc(sizeof *c->args * 8);
    c->rets = cc_alloc(sizeof *c->rets * 2);
    int g = 0, fr = 0;
    int ret_slot = -1;
    if (retkind > 2) {
        ret_slot = ir_slot_new(F, (long)retkind * R(), 16);
        add_arg_(c, slot_addr(ret_slot, 0), g++, R());
    }
    for (int k = 0; k < nargs; k++) {
        if (kinds[k] == RT_F) {
            add_arg_(c, args[k], 8 + fr++, 8);
        } else if (kinds[k] > 2) {
            int s = ir_slot_new(F, (long)kinds[k] * R(), 16);
            int a = slot_addr(s, 0);
            for (int i = 0; i < kinds[k]; i++) store(reg_type(true), a, (long)i * R(), args[k] + i);
            add_arg_(c, a, g++, R());
        } else {
            for (int i = 0; i < kinds[k]; i++) add_arg_(c, args[k] + i, g++, R());
        }
    }
    int res = 0;
    if (retkind == 2) {
        res = vpair();
        c->rets[0].vreg = res;
        c->rets[0].reg = 0;
        c->rets[1].vreg = res + 1;
        c->rets[1].reg = 1;
        c->nrets = 2;
    } else if (retkind <= 1) {
        res = retkind < 0 ? vfp() : vint();
        c->rets[0].vreg = res;
        c->rets[0].reg = retkind < 0 ? 8 : 0;
        c->nrets = 1;
    }
    F->has_calls = true;
    E(IR_CALL)->call = c;
    if (ret_slot >= 0) {
        int a = slot_addr(ret_slot, 0), w[16];
        for (int i = 0; i < retkind; i++) w[i] = load(reg_type(true), a, (long)i * R());
        res = tuple(w, retkind);
    }
    return res;
}

/* the libgcc mode letters of an integer type wider than a register: di or ti */
const char *rt_mode(struct type *t) { return t->size == 8 ? "di" : "ti"; }

/* words of a long double */
int ldw(void) { return 16 / R(); }

int ld_call(const char *sym, int *args, int nargs, int retkind)
{
    int kinds[2] = {ldw(), ldw()};
    return rt_call(sym, args, kinds, nargs, retkind);
}

int ld_const_bits(u128 b)
{
    if (R() < 16) return const_words((i128)b, ldw());
    return li((i128)b);
}

int ld_const(double d) { return ld_const_bits(dbl_to_tf_bits(d)); }

/* the three-way comparison helper result (int) */
int ld_cmp(const char *sym, int a, int b)
{
    int args[2] = {a, b};
    return ld_call(sym, args, 2, 1);
}

/* words of an integer of s bytes as a helper argument or result */
int int_words(long s) { return s <= R() ? 1 : (int)(s / R()); }

int ld_cast(int v, struct type *from, struct type *to, struct srcpos pos)
{
    if (is_ld(from) && is_ld(to)) return v;
    if (is_ld(to)) {
        if (from->kind == TY_FLOAT || from->kind == TY_DOUBLE) {
            int k = RT_F;
            return rt_call(from->kind == TY_FLOAT ? "__extendsftf2" : "__extenddftf2", &v, &k, 1, ldw());
        }
        bool fu = from->kind == TY_PTR || from->is_unsigned;
        long fs = from->kind == TY_PTR ? tgt.ptr_size : from->size;
        if (fs < 4) {
            v = gen_cast_v(v, from, ty_int, pos);
            fs = 4;
            fu = false;
        }
        int k = int_words(fs);
        const char *sym = cc_printf("__float%s%sitf", fu ? "un" : "", fs == 4 ? "s" : fs == 8 ? "d" : "t");
        return rt_call(sym, &v, &k, 1, ldw());
    }
    /* from long double */
    int args[1] = {v};
    if (to->kind == TY_FLOAT || to->kind == TY_DOUBLE)
        return ld_call(to->kind == TY_FLOAT ? "__trunctfsf2" : "__trunctfdf2", args, 1, to->kind == TY_FLOAT ? RT_F4 : RT_F8);
    if (to->kind == TY_BOOL) {
        int r = ld_cmp("__netf2", v, ld_const(0));
        return un(IR_SNEZ, R(), r);
    }
    bool tun = to->kind == TY_PTR || to->is_unsigned;
    long ts = to->kind == TY_PTR ? tgt.ptr_size : to->size;
    long cs = ts < 4 ? 4 : ts;
    const char *sym = cc_printf("__fix%stf%s", tun && ts >= 4 ? "uns" : "", cs == 4 ? "si" : cs == 8 ? "di" : "ti");
    int r = ld_call(sym, args, 1, int_words(cs));
    struct type *ct = cs == 4 ? (tun && ts >= 4 ? ty_uint : ty_int) : cs == 8 ? (tun ? ty_uint64 : ty_int64) : (tun ? ty_uint128 : ty_int128);
    return gen_cast_v(r, ct, to, pos);
}

/* the words of a value of n words extended to m > n words (zero or sign) */
int widen_words(int v, int n, int m, bool uns)
{
    int w[16];
    for (int i = 0; i < n; i++) w[i] = v + i;
    int fill = uns ? li(0) : bini(IR_SAR, R(), v + n - 1, tgt.xlen - 1);
    for (int i = n; i < m; i++) w[i] = fill;
    return tuple(w, m);
}

/* the n-word value a shifted by the constant cnt (0 <= cnt < n * XLEN): N_SHL, or N_SHR
 * (logical when uns, else arithmetic) */
int wide_shift_c(int k, bool uns, int a, int n, int cnt)
{
    int X = tgt.xlen, q = cnt / X, s = cnt % X, w[16];
    int fill = 0;
    if (k != N_SHL && !uns) fill = bini(IR_SAR, R(), a + n - 1, X - 1);
    for (int i = 0; i < n; i++) {
        /* x: the word that lands here, y: its neighbour whose bits are shifted in; 0 = zero */
        int j = k == N_SHL ? i - q : i + q, jn = k == N_SHL ? j - 1 : j + 1;
        int x = j < 0 ? 0 : j >= n ? fill : a + j;
        int y = jn < 0 ? 0 : jn >= n ? fill : a + jn;
        int r = 0;
        if (x) r = s == 0 ? x : bini(k == N_SHL ? IR_SHL : IR_SHR, R(), x, s);
        if (s && y) {
            int in = bini(k == N_SHL ? IR_SHR : IR_SHL, R(), y, X - s);
            r = r ? bin(IR_OR, R(), r, in) : in;
        }
        w[i] = r ? r : li(0);
    }
    return tuple(w, n);
}

int wide_cast(int v, struct type *from, struct type *to, struct srcpos pos)
{
    if (wide(from) && wide(to)) {
        /* rv32: long long <-> __int128; narrowing keeps the low words */
        if (nw(to) <= nw(from)) return v;
        return widen_words(v, nw(from), nw(to), from->is_unsigned);
    }
    if (wide(to)) {
        if (is_fp(from)) {
            int k = RT_F;
            const char *sym = cc_printf("__fix%s%cf%s", to->is_unsigned ? "uns" : "", from->size == 4 ? 's' : 'd', rt_mode(to));
            return rt_call(sym, &v, &k, 1, nw(to));
        }
        bool fu = from->kind == TY_PTR || from->is_unsigned;
        int lo = gen_cast_v(v, from, reg_type(fu), pos);
        if (nw(to) == 2) {
            int hi = fu ? li(0) : bini(IR_SAR, R(), lo, tgt.xlen - 1);
            return pair(lo, hi);
        }
        return widen_words(lo, 1, nw(to), fu);
    }
    if (is_fp(to)) {
        int k = nw(from);
        const char *sym = cc_printf("__float%s%s%cf", from->is_unsigned ? "un" : "", rt_mode(from), to->size == 4 ? 's' : 'd');
        return rt_call(sym, &v, &k, 1, to->size == 4 ? RT_F4 : RT_F8);
    }
    if (to->kind == TY_BOOL) {
        int o = bin(IR_OR, R(), v, v + 1);
        for (int i = 2; i < nw(from); i++) o = bin(IR_OR, R(), o, v + i);
        return un(IR_SNEZ, R(), o);
    }
    return gen_cast_v(v, reg_type(from->is_unsigned), to, pos);
}

int gen_cast_v(int v, struct type *from, struct type *to, struct srcpos pos)
{
    if (to->kind == TY_VOID) return 0;
    if (from->kind == TY_COMPLEX || to->kind == TY_COMPLEX) return cplx_cast_v(v, from, to, pos);
    if (from->kind == TY_ENUM) from = from->enum_base ? from->enum_base : ty_uint;
    if (to->kind == TY_ENUM) to = to->enum_base ? to->enum_base : ty_uint;
    if (from->kind == TY_ARRAY || from->kind == TY_FUNC || from->kind == TY_STRUCT || from->kind == TY_UNION)
        return v;
    if (is_ld(from) || is_ld(to)) return ld_cast(v, from, to, pos);
    if (wide(from) || wide(to)) return wide_cast(v, from, to, pos);
    if (to->kind == TY_STRUCT || to->kind == TY_UNION) return v;
    long fs = from->kind == TY_PTR ? tgt.ptr_size : from->size;
    long ts = to->kind == TY_PTR ? tgt.ptr_size : to->size;
    bool fu = from->kind == TY_PTR || from->is_unsigned;
    if (is_fp(from) && is_fp(to)) {
        if (fs == ts) return v;
        struct ir_ins *i = E(IR_F2F);
        i->d = vfp();
        i->a = v;
        i->w = (u8)ts;
        i->w2 = (u8)fs;
        return i->d;
    }
    if (is_fp(to)) {
        struct ir_ins *i = E(IR_I2F);
        i->d = vfp();
        i->a = v;
        i->w = (u8)ts;
        i->w2 = (u8)(fs < 4 ? 4 : fs);
        i->uns = fu && fs >= 4;
        return i->d;
    }
    if (is_fp(from)) {
        if (to->kind == TY_BOOL) {
            int z = vfp();
            int zero = li(0);
            struct ir_ins *c = E(IR_I2F);
            c->d = z;
            c->a = zero;
            c->w = (u8)fs;
            c->w2 = (u8)R();
            struct ir_ins *q = E(IR_FEQ);
            q->d = vint();
            q->a = v;
            q->b = z;
            q->w = (u8)fs;
            return bini(IR_XOR, R(), q->d, 1);
        }
        struct ir_ins *i = E(IR_F2I);
        i->d = vint();
        i->a = v;
        i->w2 = (u8)fs;
        int w = ts < 4 ? 4 : (int)ts;
        i->w = (u8)w;
        i->uns = to->is_unsigned && ts >= 4;
        if (ts < 4) return ext(i->d, (int)ts, to->is_unsigned);
        return i->d;
    }
    /* integer/pointer -> integer/pointer */
    if (to->kind == TY_BOOL) {
        if (from->kind == TY_BOOL) return v;
        return un(IR_SNEZ, R(), v);
    }
    bool tun = to->kind == TY_PTR || to->is_unsigned;
    if (ts == fs) {
        if (ts < 4 && tun != fu) return ext(v, (int)ts, tun);
        return v;
    }
    if (ts > fs) {
        /* a negative value of a narrower signed type wraps modulo 2^(8*ts): (unsigned
         * short)(signed char)-23 is 65513, so the sign-extended source is cut to ts bytes
         * (from int up, the sign-extended register already is the wrapped value) */
        if (!fu && tun && ts < 4) return ext(v, (int)ts, true);
        if (fu && fs >= 4 && fs < R()) return ext(v, (int)fs, true); /* zero-extend */
        if (fu && fs >= 4 && ts < R()) return v;
        return v;
    }
    /* narrowing */
    if (ts < R()) return ext(v, (int)ts, ts < 4 ? tun : false);
    return v;
}
