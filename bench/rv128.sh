#!/usr/bin/env bash
# bench/rv128.sh - RV128 against RV64 under zl-run (issue 18's target: a program built by
# zl-cc -m128 runs at >= 0.8x the speed of the same source built at -m64).
# Each bench/src program is built by zl-cc at -m64 and at -m128 on the guest runtime
# (tests/lib/guest), then run as rv128 under the translator, rv128 under the interpreter
# and rv64 under the translator, alternating, BENCH_REPS (5) times; the minimum CPU time
# (user + system) of each is reported.
#   bash bench/rv128.sh                     every program below, at its iteration count
#   bash bench/rv128.sh cmark=4000 sort     some programs (optional count as argv[1])
set -u
export LC_ALL=C
cd "$(dirname "$0")/.." || exit 1
BUILD=${BUILD:-build}
BIN=$BUILD/bin
OUT=$BUILD/bench/rv128
REPS=${BENCH_REPS:-5}
G=tests/lib/guest
mkdir -p "$OUT"
[ $# -gt 0 ] || set -- cmark=4000 sha256=1000 sieve=100 sort=60 queens=80
secs() {    # command... -> CPU seconds on stdout
    /usr/bin/time -o "$OUT/time" -f '%U %S' "$@" > /dev/null 2> /dev/null
    awk '{ printf "%.3f", $1 + $2 }' "$OUT/time"
}
min() { printf '%s\n' "$@" | sort -g | head -n1; }
printf 'load average: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-8s %10s %12s %10s %14s %14s\n' program "rv128 jit" "rv128 interp" "rv64 jit" \
    "128jit/64jit" "128jit/128int"
for arg in "$@"; do
    name=${arg%%=*}
    iters=; [ "$arg" != "$name" ] && iters=${arg#*=}
    for m in 64 128; do
        "$BIN/zl-cc" -m$m -O2 -nostdlib -static -I$G -Ibench/src $G/start.S $G/guest.c \
            "bench/src/$name.c" -o "$OUT/$name$m" || { echo "$name: -m$m does not build"; continue 2; }
    done
    # same output from all three
    "$BIN/zl-run" --engine=jit "$OUT/${name}128" $iters > "$OUT/$name.a" 2>&1
    "$BIN/zl-run" --engine=interp "$OUT/${name}128" $iters > "$OUT/$name.b" 2>&1
    "$BIN/zl-run" --engine=jit "$OUT/${name}64" $iters > "$OUT/$name.c" 2>&1
    if ! cmp -s "$OUT/$name.a" "$OUT/$name.b" || ! cmp -s "$OUT/$name.a" "$OUT/$name.c"; then
        echo "$name: OUTPUT MISMATCH"; continue
    fi
    a=() b=() c=()
    for ((r = 0; r < REPS; r++)); do
        a+=("$(secs "$BIN/zl-run" --engine=jit "$OUT/${name}128" $iters)")
        b+=("$(secs "$BIN/zl-run" --engine=interp "$OUT/${name}128" $iters)")
        c+=("$(secs "$BIN/zl-run" --engine=jit "$OUT/${name}64" $iters)")
    done
    ja=$(min "${a[@]}") ib=$(min "${b[@]}") jc=$(min "${c[@]}")
    printf '%-8s %10s %12s %10s %14s %14s\n' "$name" "$ja" "$ib" "$jc" \
        "$(awk -v x="$jc" -v y="$ja" 'BEGIN { printf "%.2f", x / y }')" \
        "$(awk -v x="$ib" -v y="$ja" 'BEGIN { printf "%.2f", x / y }')"
done
