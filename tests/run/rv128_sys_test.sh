#!/usr/bin/env bash
# rv128 programs in assembly (tests/run/rv128/*.s, built with zl-as and zl-ld) for the
# system calls whose rv128 structures or values are 128-bit.  Each program prints
# tests/run/rv128/NAME.expected and exits 0; a failing check exits with its number.
set -u
out=$(mktemp -d /tmp/zl-rv128sys-XXXXXX)
trap 'rm -rf "$out"' EXIT
for src in tests/run/rv128/*.s; do
    name=$(basename "$src" .s)
    if ! "$ZL_BIN/zl-as" -o "$out/$name.o" "$src" 2> "$out/$name.err" ||
       ! "$ZL_BIN/zl-ld" -o "$out/$name" "$out/$name.o" 2>> "$out/$name.err"; then
        echo "FAIL rv128_$name: does not build"; sed 's/^/# /' "$out/$name.err"; continue
    fi
    (cd "$out" && timeout $((30 * ${ZL_TIME_SCALE:-1})) "$ZL_BIN/zl-run" "./$name" > "$name.out" 2>&1); rc=$?
    if [ $rc -ne 0 ] || ! cmp -s "tests/run/rv128/$name.expected" "$out/$name.out"; then
        echo "FAIL rv128_$name: exit $rc (the number of the failing check)"
        diff "tests/run/rv128/$name.expected" "$out/$name.out" | head -10 | sed 's/^/# /'
    else
        echo "PASS rv128_$name"
    fi
done
