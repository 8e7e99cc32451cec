#!/usr/bin/env bash
# libzlrt's complex helpers (__mulsc3 __muldc3 __multc3 __divsc3 __divdc3 __divtc3,
# src/cc/rt/complex.c) against libgcc's: tests/cc/complex/rt_cmp.c calls them with
# special (inf, NaN, signed zeros, subnormal, huge) and pseudo-random operands and prints
# the results' bits.  Reference: riscv64-linux-gnu-gcc -static (glibc, libgcc).  Must be
# identical: the same program linked by GCC with libzlrt.a first (rv64), and compiled by
# zl-cc with zlibc at -m64, -m32 and -m128.  ~5 s.
set -u
. "$ZL_ROOT/tests/cc/lib.sh"
. "$ZL_ROOT/tests/lib/need.sh"
cct_require_zlcc cc/complex-rt
if ! need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu; then
    echo "FAIL cc/complex-rt: riscv64-linux-gnu-gcc not available"; exit 1
fi
GCC=riscv64-linux-gnu-gcc
SRC=$CCT_DIR/complex/rt_cmp.c
N=3000
T=$(mktemp -d /tmp/cc-cplxrt.XXXXXX)
trap 'rm -rf "$T"' EXIT
status=0
run() { timeout $((30 * ${ZL_TIME_SCALE:-1})) "$ZLRUN" "$1" $N >"$2" 2>/dev/null; }
if ! $GCC -O1 -static -o "$T/ref" "$SRC" 2>"$T/err" || ! run "$T/ref" "$T/ref.out"; then
    echo "FAIL cc/complex-rt: reference with libgcc: $(head -n1 "$T/err")"; exit 1
fi
lib=$(dirname "$ZL_BIN")/lib/zl/rv64/lib/libzlrt.a
id=cc/complex-rt/gcc-libzlrt@m64
if ! $GCC -O1 -static -o "$T/g" "$SRC" "$lib" 2>"$T/err"; then
    echo "FAIL $id: link: $(head -n1 "$T/err")"; status=1
elif ! run "$T/g" "$T/g.out"; then
    echo "FAIL $id: run failed"; status=1
elif ! cmp -s "$T/ref.out" "$T/g.out"; then
    echo "FAIL $id: $(cct_first_diff "$T/ref.out" "$T/g.out")"; status=1
else
    echo "PASS $id"
fi
for x in 64 32 128; do
    id=cc/complex-rt/zl-cc@m$x
    if ! "$ZLCC" -m$x -O1 -o "$T/z$x" "$SRC" >"$T/err" 2>&1; then
        echo "FAIL $id: zl-cc: $(head -n1 "$T/err")"; status=1; continue
    fi
    if ! run "$T/z$x" "$T/z$x.out"; then
        echo "FAIL $id: run failed"; status=1
    elif ! cmp -s "$T/ref.out" "$T/z$x.out"; then
        echo "FAIL $id: $(cct_first_diff "$T/ref.out" "$T/z$x.out")"; status=1
    else
        echo "PASS $id"
    fi
done
exit $status
