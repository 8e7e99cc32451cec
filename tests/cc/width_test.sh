#!/usr/bin/env bash
# Issue 16: -m128 code retires no more instructions than -m64 code for the same source.
# Each bench/src program is built by zl-cc -O2 at -m64 and -m128 on the guest runtime
# (tests/lib/guest, as bench/rv128.sh builds them), run under zl-run --stats at a small
# iteration count: both must print the same, and the rv128 count (deterministic) must not
# exceed the rv64 count.  The programs cover the cases that once made rv128 retire more:
# 8-byte records copied by the runtime's memcpy (sort), a uint64_t multiply by a
# `ULL` constant (every program's hash), an extension of a masked index.
# Environment: CC_WIDTH_ONLY (names, default all of the list below).
set -u
. "$ZL_ROOT/tests/cc/lib.sh"
cct_require_zlcc cc/width
T=$(mktemp -d /tmp/cc-width.XXXXXX)
trap 'rm -rf "$T"' EXIT
tmo=$((60 * ${ZL_TIME_SCALE:-1}))
G=$ZL_ROOT/tests/lib/guest
B=$ZL_ROOT/bench/src
count() {   # FILE -> the instruction count of a --stats run's stderr
    sed -n 's/^zl-run: instructions: \([0-9]*\)$/\1/p' "$1"
}
for arg in ${CC_WIDTH_ONLY:-sort=1 sieve=1 queens=1 cmark=40 sha256=10}; do
    name=${arg%%=*} iters=${arg#*=}
    id=cc/width/$name
    for m in 64 128; do
        if ! timeout "$tmo" "$ZLCC" -m$m -O2 -nostdlib -static -I"$G" -I"$B" "$G/start.S" \
            "$G/guest.c" "$B/$name.c" -o "$T/$name$m" 2>"$T/err$m"; then
            echo "FAIL $id: -m$m does not build: $(head -n1 "$T/err$m")"
            continue 2
        fi
        timeout "$tmo" "$ZLRUN" --stats "$T/$name$m" "$iters" >"$T/out$m" 2>"$T/err$m"
        rc=$?
        if [ $rc != 0 ]; then
            echo "FAIL $id: -m$m exits with $rc: $(head -n1 "$T/err$m")"
            continue 2
        fi
    done
    n64=$(count "$T/err64") n128=$(count "$T/err128")
    if ! cmp -s "$T/out64" "$T/out128"; then
        echo "FAIL $id: -m64 and -m128 print different output"
    elif [ -z "$n64" ] || [ -z "$n128" ]; then
        echo "FAIL $id: no instruction count from zl-run --stats"
    elif [ "$n128" -gt "$n64" ]; then
        echo "FAIL $id: -m128 retires $n128 instructions, -m64 $n64"
    else
        echo "PASS $id ($n128 at -m128, $n64 at -m64)"
    fi
done
