#!/usr/bin/env bash
# bench/cc.sh - zl-cc code quality and compile speed (issue 7's benchmarks; `make bench`).
#
# Code quality: every bench/src program is built three ways for rv64 — by
# riscv64-linux-gnu-gcc -O0, by gcc -O2 and by `zl-cc -m64 -O2` — each compiling the
# program AND its freestanding runtime (tests/lib/guest/guest.c; only start.S is gcc's),
# so the whole executed code comes from the compiler under test.  The figure is the
# dynamic instruction count from `zl-run --stats`; outputs must agree.
# Ratio = zl-cc count / gcc count (below 1.0: zl-cc executes fewer instructions).
# Targets: issue 7, zl-cc no worse than gcc -O0 (ratio vs -O0 <= 1.0); issue 16, zl-cc -O2
# within 1.2x of gcc -O2 (geometric mean of the ratios vs -O2 <= 1.2).
#
# Compile speed: CPU seconds to compile the zlibc sources (libc/src/*/*.c, about 9,000
# lines) to assembly, zl-cc -m64 -O0 vs gcc -O0 (one process per file for both).
# Ratio = gcc seconds / zl-cc seconds (above 1.0: zl-cc is faster).
set -u
export LC_ALL=C
cd "$(dirname "$0")/.." || exit 1
BUILD=${BUILD:-build}
BIN=$BUILD/bin
OUT=$BUILD/bench/cc
G=tests/lib/guest
source tests/lib/need.sh
need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu ||
    { echo "bench/cc: riscv64-linux-gnu-gcc is not available" >&2; exit 1; }
[ -x "$BIN/zl-cc" ] && [ -x "$BIN/zl-run" ] || { echo "bench/cc: build zl-cc and zl-run first" >&2; exit 1; }
mkdir -p "$OUT"
GCC="riscv64-linux-gnu-gcc -march=rv64gc -mabi=lp64d"
LINK="$GCC -static -nostdlib -ffreestanding -fno-pie -no-pie -Wl,-z,separate-code"
# nbody and dmat use __builtin_fma (fmadd.d); they are the longest runs (4-11 G instructions
# per build under zl-run, several minutes on a shared machine).
BENCHES=${*:-cmark sha256 sieve sort queens nbody dmat}
status=0
ratios2=

count() {   # EXE -> instruction count on stdout, program output in EXE.out
    "$BIN/zl-run" --stats "$1" >"$1.out" 2>"$1.err" || return 1
    sed -n 's/^zl-run: instructions: //p' "$1.err"
}
build_gcc() {   # OPT NAME OUT
    $LINK "$1" -ffp-contract=off -I$G -Ibench/src $G/start.S $G/guest.c "bench/src/$2.c" -o "$3"
}
build_zlcc() {  # NAME OUT
    "$BIN/zl-cc" -m64 -O2 -ffreestanding -I$G -c $G/guest.c -o "$2.guest.o" &&
    "$BIN/zl-cc" -m64 -O2 -ffreestanding -I$G -Ibench/src -c "bench/src/$1.c" -o "$2.o" &&
    $LINK $G/start.S "$2.guest.o" "$2.o" -o "$2"
}

echo "== code quality: dynamic instructions on rv64 (zl-run --stats)"
printf '%-8s %14s %14s %14s %10s %10s\n' program "gcc -O0" "gcc -O2" "zl-cc -O2" "vs -O0" "vs -O2"
for b in $BENCHES; do
    if ! build_gcc -O0 "$b" "$OUT/$b.g0" 2>"$OUT/$b.log" || ! build_gcc -O2 "$b" "$OUT/$b.g2" 2>>"$OUT/$b.log"; then
        echo "$b: gcc build failed (see $OUT/$b.log)"; status=1; continue
    fi
    if ! build_zlcc "$b" "$OUT/$b.zl" 2>>"$OUT/$b.log"; then
        echo "$b: zl-cc build failed: $(grep -m1 error "$OUT/$b.log")"; status=1; continue
    fi
    g0=$(count "$OUT/$b.g0") && g2=$(count "$OUT/$b.g2") && zl=$(count "$OUT/$b.zl") ||
        { echo "$b: a run failed"; status=1; continue; }
    if ! cmp -s "$OUT/$b.g0.out" "$OUT/$b.zl.out" || ! cmp -s "$OUT/$b.g0.out" "$OUT/$b.g2.out"; then
        echo "$b: OUTPUTS DIFFER between the builds (no ratio)"; status=1; continue
    fi
    ratios2="$ratios2 $(awk -v a="$zl" -v b="$g2" 'BEGIN { printf "%.6f", a / b }')"
    printf '%-8s %14s %14s %14s %10s %10s\n' "$b" "$g0" "$g2" "$zl" \
        "$(awk -v a="$zl" -v b="$g0" 'BEGIN { printf "%.2f", a / b }')" \
        "$(awk -v a="$zl" -v b="$g2" 'BEGIN { printf "%.2f", a / b }')"
done

[ -n "$ratios2" ] && echo "geometric mean of zl-cc / gcc -O2: $(echo $ratios2 | awk '{ s = 0; for (k = 1; k <= NF; k++) s += log($k); printf "%.2f", exp(s / NF) }') (issue 16's target: <= 1.2)"

echo "== compile speed: zlibc sources to assembly, CPU seconds"
cpu() {   # command... -> user+sys CPU seconds of the command and its children
    local TIMEFORMAT='%U %S' t
    { t=$( { time "$@" >/dev/null 2>&1; } 2>&1 ); } || return 1
    awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%.2f", a[1] + a[2] }'
}
INC="-I$BUILD/lib/zl/rv64/include -Ilibc/src/internal"
zl_all() { for f in libc/src/*/*.c; do "$BIN/zl-cc" -m64 -O0 -nostdinc -ffreestanding -isystem "$BUILD/lib/zl/include" $INC -S "$f" -o "$OUT/x.s" || return 1; done; }
gcc_all() { for f in libc/src/*/*.c; do $GCC -O0 -nostdinc -ffreestanding -isystem "$($GCC -print-file-name=include)" $INC -S "$f" -o "$OUT/y.s" || return 1; done; }
if [ -f "$BUILD/lib/zl/rv64/include/stdio.h" ]; then
    tz=$(cpu zl_all) && tg=$(cpu gcc_all) &&
        echo "zl-cc -O0: ${tz} s   gcc -O0: ${tg} s   ratio gcc/zl-cc: $(awk -v a="$tg" -v b="$tz" 'BEGIN { printf "%.2f", a / b }') (target: > 1.0)" ||
        { echo "compile speed: a compile failed"; status=1; }
else
    echo "compile speed: zlibc rv64 headers are not built (make libc)"; status=1
fi
exit $status
