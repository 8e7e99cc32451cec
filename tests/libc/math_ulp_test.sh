#!/usr/bin/env bash
# zlibc <math.h> accuracy against glibc (docs/libc.md, "Math tests").  Every
# tests/libc/ulp/*.c program prints one line per call (input and result bits, and the error
# bound in ulps); it is built against glibc (riscv64-linux-gnu-gcc -static -lm, the
# reference), against zlibc rv64 and rv32 (programs by the same cross gcc, libraries as
# `make libc` builds them) and, when zl-cc is built, against zlibc rv128 (zl-cc -m128);
# everything runs under zl-run.  tests/libc/ulp/ulpcmp.c
# (built with the host cc) compares each zlibc output with glibc's.
# Env: ZL_ULP_N = inputs per function and range (default: each program's own), ZL_ULP_V=1
# prints the largest ulp distance per function.  Budget: about 1-2 min of CPU.
# Nothing is written to the repository.
set -u
cd "${ZL_ROOT:-.}"
BUILD=${BUILD:-build}
ZL_BIN=${ZL_BIN:-$PWD/$BUILD/bin}
source tests/lib/need.sh
source tests/libc/lib.sh
if ! need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu; then
    echo "SKIP ulp: riscv64-linux-gnu-gcc is not installed and cannot be installed"
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
HOSTCC=${CC:-cc}
if ! $HOSTCC -std=c11 -O2 -Wall -Wextra -Werror -Iinclude -o "$tmp/ulpcmp" tests/libc/ulp/ulpcmp.c 2>"$tmp/ulpcmp.err"; then
    echo "FAIL ulp: ulpcmp build: $(head -1 "$tmp/ulpcmp.err")"
    exit 1
fi
if ! make -s BUILD="$BUILD" libc64 libc32 >"$tmp/make.log" 2>&1; then
    echo "FAIL ulp: libc build: $(grep -m1 -E 'error|Error' "$tmp/make.log")"
    exit 1
fi
have128=0
ZLCC="$ZL_BIN/zl-cc"
if [ -x "$ZLCC" ]; then
    if make -s BUILD="$BUILD" LIBC_CC_128="$ZLCC -m128" libc128 >"$tmp/make128.log" 2>&1; then
        have128=1
    else
        echo "FAIL ulp: libc128 build (zl-cc): $(grep -m1 -E 'error' "$tmp/make128.log")"
    fi
else
    echo "SKIP ulp rv128: $ZLCC is not built"
fi
SYS=$BUILD/lib/zl
GCC=riscv64-linux-gnu-gcc
RUN="$ZL_BIN/zl-run"

build() {   # xlen src out
    local x=$1
    case $x in
    64|32) zlibc_gcc_build "$x" "$2" "$3" -ffp-contract=off ;;
    128)
        "$ZLCC" -m128 -O1 -nostdinc -isystem "$BUILD/lib/zl/include" -I"$SYS/rv128/include" \
            -c "$2" -o "$3.o" &&
        "$ZL_BIN/zl-ld" -o "$3" "$SYS/rv128/lib/crt1.o" "$3.o" "$SYS/rv128/lib/libc.a" \
            $(ls "$SYS/rv128/lib/libzlrt.a" 2>/dev/null) ;;
    esac
}

xlens="64 32"
[ "$have128" = 1 ] && xlens="64 32 128"
for src in tests/libc/ulp/*.c; do
    name=$(basename "$src" .c)
    [ "$name" = ulpcmp ] && continue
    d=$tmp/$name
    mkdir -p "$d"
    if ! $GCC -std=gnu11 -O2 -ffp-contract=off -w -static -fno-builtin -o "$d/glibc" "$src" -lm 2>"$d/glibc.err"; then
        echo "FAIL ulp/$name: glibc build: $(head -1 "$d/glibc.err")"
        continue
    fi
    "$RUN" "$d/glibc" ${ZL_ULP_N:-} >"$d/glibc.out" 2>&1
    echo "exit $?" >>"$d/glibc.out"
    for x in $xlens; do
        if ! build $x "$src" "$d/zl$x" 2>"$d/zl$x.err"; then
            echo "FAIL ulp/$name rv$x: build: $(grep -m1 -E 'error|undefined' "$d/zl$x.err")"
            continue
        fi
        "$RUN" "$d/zl$x" ${ZL_ULP_N:-} >"$d/zl$x.out" 2>&1
        echo "exit $?" >>"$d/zl$x.out"
        v=; [ -n "${ZL_ULP_V:-}" ] && v=-v
        if "$tmp/ulpcmp" "$d/glibc.out" "$d/zl$x.out" $v >"$d/cmp$x.txt"; then
            [ -n "$v" ] && sed 's/^/  /' "$d/cmp$x.txt"
            echo "PASS ulp/$name rv$x ($(grep -c ' = ' "$d/zl$x.out") results within bounds)"
        else
            sed 's/^/  /' "$d/cmp$x.txt" | head -14
            echo "FAIL ulp/$name rv$x: $(tail -1 "$d/cmp$x.txt")"
            [ -n "${ZL_ULP_KEEP:-}" ] && cp "$d/glibc.out" "$d/zl$x.out" "$ZL_ULP_KEEP/" 2>/dev/null
        fi
    done
done
