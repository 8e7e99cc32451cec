#!/usr/bin/env bash
# The guest runtime's memcpy and memset (tests/lib/guest/memcheck.c) built by zl-cc at
# each XLEN and run under zl-run: bench/rv128.sh and tests/cc/width_test.sh build the
# benchmarks on this runtime at -m128.  PASS/FAIL lines (tests/runner.sh).
set -u
cd "$(dirname "$0")/../../.." || exit 1
BIN=${ZL_BIN:-$PWD/${BUILD:-build}/bin}
G=tests/lib/guest
tmo=$((30 * ${ZL_TIME_SCALE:-1}))
T=$(mktemp -d /tmp/guest-mem.XXXXXX)
trap 'rm -rf "$T"' EXIT
for m in 128 64 32; do
    id=guest/memcheck@m$m
    if ! timeout "$tmo" "$BIN/zl-cc" -m$m -O2 -nostdlib -static -I$G $G/start.S $G/guest.c \
        $G/memcheck.c -o "$T/mc$m" 2>"$T/err"; then
        echo "FAIL $id: does not build: $(head -n1 "$T/err")"
    elif ! out=$(timeout "$tmo" "$BIN/zl-run" "$T/mc$m" 2>&1); then
        echo "FAIL $id: $out"
    else
        echo "PASS $id"
    fi
done
