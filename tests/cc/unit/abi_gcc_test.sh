#!/bin/bash
# zl-cc's lp64d and ilp32d calling conventions against GCC: caller.c and callee.c are
# compiled by zl-cc and by riscv64-linux-gnu-gcc, linked crosswise (zl-cc -> GCC and
# GCC -> zl-cc) and run under zl-run.  ~3 s.
set -u
ROOT=${ZL_ROOT:-$(pwd)}
BIN=${ZL_BIN:-$ROOT/build/bin}
BUILD=${BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$ROOT/$BUILD ;; esac
source "$ROOT/tests/lib/need.sh"
need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu || { echo "SKIP cc_abi_gcc: riscv64-linux-gnu-gcc not available"; exit 0; }
D=$ROOT/tests/cc/unit/abi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
for cfg in "64 rv64gc lp64d" "32 rv32gc ilp32d"; do
    set -- $cfg
    x=$1
    g="riscv64-linux-gnu-gcc -march=$2 -mabi=$3 -O1 -ffreestanding -nostdlib -c"
    if ! $g "$D/callee.c" -o "$TMP/gcallee.o" || ! $g "$D/caller.c" -o "$TMP/gcaller.o" ||
       ! "$BIN/zl-cc" -m$x -c "$D/callee.c" -o "$TMP/zcallee.o" ||
       ! "$BIN/zl-cc" -m$x -c "$D/caller.c" -o "$TMP/zcaller.o"; then
        echo "FAIL cc_abi_gcc_rv$x: compile"
        continue
    fi
    for pair in "zcaller gcallee zl_calls_gcc" "gcaller zcallee gcc_calls_zl"; do
        set -- $pair
        if ! "$BIN/zl-cc" -m$x -nostdlib "$ROOT/tests/cc/unit/start.s" "$TMP/$1.o" "$TMP/$2.o" \
                "$BUILD/lib/zl/rv$x/lib/libzlrt.a" -o "$TMP/t" 2>"$TMP/err"; then
            echo "FAIL cc_abi_gcc_rv${x}_$3: link: $(head -2 "$TMP/err" | tr '\n' ' ')"
            continue
        fi
        timeout $((20 * ${ZL_TIME_SCALE:-1})) "$BIN/zl-run" "$TMP/t" >/dev/null 2>&1
        rc=$?
        if [ $rc -eq 0 ]; then echo "PASS cc_abi_gcc_rv${x}_$3"
        else echo "FAIL cc_abi_gcc_rv${x}_$3: check $rc failed"; fi
    done
done
# rv128 has no other compiler: caller and callee both from zl-cc, at -O0 and -O1
for opt in -O0 -O1; do
    if "$BIN/zl-cc" -m128 $opt -c "$D/callee.c" -o "$TMP/c128.o" && "$BIN/zl-cc" -m128 $opt -c "$D/caller.c" -o "$TMP/m128.o" &&
       "$BIN/zl-cc" -m128 -nostdlib "$ROOT/tests/cc/unit/start.s" "$TMP/m128.o" "$TMP/c128.o" \
           "$BUILD/lib/zl/rv128/lib/libzlrt.a" -o "$TMP/t128" 2>"$TMP/err"; then
        timeout $((20 * ${ZL_TIME_SCALE:-1})) "$BIN/zl-run" "$TMP/t128" >/dev/null 2>&1
        rc=$?
        [ $rc -eq 0 ] && echo "PASS cc_abi_rv128_self$opt" || echo "FAIL cc_abi_rv128_self$opt: check $rc failed"
    else
        echo "FAIL cc_abi_rv128_self$opt: build: $(head -2 "$TMP/err" | tr '\n' ' ')"
    fi
done
