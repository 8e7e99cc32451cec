#!/bin/bash
# zl-cc smoke test: every program in tests/cc/unit/progs is compiled by zl-cc at -m128,
# -m64 and -m32 (with -nostdlib, a tiny entry point in start.s and libzlrt) and run under
# zl-run; each program returns 0 when all its checks pass.  ~60 runs, about 10 s.
set -u
ROOT=${ZL_ROOT:-$(pwd)}
BIN=${ZL_BIN:-$ROOT/build/bin}
BUILD=${BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$ROOT/$BUILD ;; esac
DIR=$ROOT/tests/cc/unit
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
if [ ! -x "$BIN/zl-cc" ] || [ ! -x "$BIN/zl-run" ]; then
    echo "SKIP cc_smoke: zl-cc or zl-run not built"
    exit 0
fi
for prog in "$DIR"/progs/*.c; do
    name=$(basename "$prog" .c)
    for x in 128 64 32; do
        t="cc_smoke_${name}_rv$x"
        for opt in -O0 -O1; do
            exe=$TMP/$name.$x$opt
            if ! "$BIN/zl-cc" -m$x $opt -w -nostdlib "$DIR/start.s" "$prog" \
                    "$BUILD/lib/zl/rv$x/lib/libzlrt.a" -o "$exe" 2>"$TMP/err"; then
                echo "FAIL $t$opt: compile: $(head -3 "$TMP/err" | tr '\n' ' ')"
                continue 2
            fi
            timeout $((20 * ${ZL_TIME_SCALE:-1})) "$BIN/zl-run" "$exe" >"$TMP/out" 2>&1
            rc=$?
            if [ $rc -ne 0 ]; then
                echo "FAIL $t$opt: exit status $rc (failed check number) $(head -2 "$TMP/out" | tr '\n' ' ')"
                continue 2
            fi
        done
        echo "PASS $t"
    done
done
