#!/usr/bin/env bash
# zlibc <complex.h> against glibc: tests/libc/complex/cplx.c runs every complex function
# (double, float, long double) over a grid of special operands (Annex G cases: zeros, +-1,
# inf, NaN, subnormal, huge) and pseudo-random ones; tests/libc/complex/cplxcmp.c (host
# cc) compares each result with glibc's: NaN/inf/zero classes and signs exactly (a sign
# Annex G leaves unspecified excepted), finite values within 8 ulps (cpow: 128 ulps of
# the larger part).  Reference: riscv64-linux-gnu-gcc -static -lm (glibc).  zlibc: rv64
# program by the same GCC against zlibc (so GCC-compiled callers meet zl-cc-compiled
# functions), rv128 by zl-cc, rv32 by zl-cc without the long double functions (the same
# code as rv64/rv128, slow in rv32 soft-float).  ~20 s.
set -u
cd "${ZL_ROOT:-.}"
BUILD=${BUILD:-build}
ZL_BIN=${ZL_BIN:-$PWD/$BUILD/bin}
source tests/lib/need.sh
source tests/libc/lib.sh
if ! need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu; then
    echo "FAIL complex: riscv64-linux-gnu-gcc not available"; exit 1
fi
T=$(mktemp -d /tmp/libc-cplx.XXXXXX)
trap 'rm -rf "$T"' EXIT
SRC=tests/libc/complex/cplx.c
RUN="$ZL_BIN/zl-run"
ZLCC="$ZL_BIN/zl-cc"
run() { timeout $((60 * ${ZL_TIME_SCALE:-1})) "$RUN" "$@"; }
if ! ${CC:-cc} -std=c11 -O2 -Wall -Wextra -Werror -Iinclude -o "$T/cmp" tests/libc/complex/cplxcmp.c 2>"$T/err"; then
    echo "FAIL complex: cplxcmp build: $(head -n1 "$T/err")"; exit 1
fi
if ! $ZLIBC_GCC -O1 -ffp-contract=off -static -o "$T/ref" "$SRC" -lm 2>"$T/err" || ! run "$T/ref" >"$T/ref.out" 2>/dev/null; then
    echo "FAIL complex: glibc reference: $(head -n1 "$T/err")"; exit 1
fi
grep -v '^[a-z]* [0-9]* l ' "$T/ref.out" >"$T/ref.d.out"
status=0
for x in 64 128 32; do
    id=complex/rv$x
    arg=; ref=$T/ref.out
    if [ $x = 64 ]; then
        zlibc_gcc_build 64 "$SRC" "$T/z$x" -ffp-contract=off 2>"$T/err"
    else
        [ $x = 32 ] && { arg=d; ref=$T/ref.d.out; }
        "$ZLCC" -m$x -O1 -o "$T/z$x" "$SRC" >"$T/err" 2>&1
    fi || { echo "FAIL $id: build: $(head -n1 "$T/err")"; status=1; continue; }
    if ! run "$T/z$x" $arg >"$T/z$x.out" 2>/dev/null; then
        echo "FAIL $id: the program failed"; status=1; continue
    fi
    if "$T/cmp" "$ref" "$T/z$x.out" 8 >"$T/cmp.out"; then
        echo "PASS $id ($(grep -c ' ulp over ' "$T/cmp.out") functions, $(wc -l <"$T/z$x.out") results)"
    else
        grep '^FAIL' "$T/cmp.out" | head -n 20 | sed "s|^FAIL |FAIL $id: |"
        status=1
    fi
done
exit $status
