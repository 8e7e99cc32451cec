#!/usr/bin/env bash
# RV128 under both engines: a set of zl-cc -m128 programs (the engine tests' own, the
# algorithm programs and the 128-bit arithmetic ones of tests/cc/progs) must print the
# same, exit the same and retire the same number of instructions (--stats) under
# --engine=interp and --engine=jit.  The interpreter is the reference: no qemu runs RV128.
set -u
ZL=${ZL_BIN:-build/bin}/zl-run
CC=${ZL_BIN:-build/bin}/zl-cc
out=$(mktemp -d /tmp/zl-engine128-XXXXXX)
trap 'rm -rf "$out"' EXIT
limit=$((60 * ${ZL_TIME_SCALE:-1}))

progs="tests/exec/engine/zlcc/*.c tests/cc/progs/algo_*.c tests/cc/progs/wide128.c
       tests/cc/progs/wide_*.c tests/cc/progs/float_*.c tests/cc/progs/varargs.c
       tests/cc/progs/struct_*.c tests/cc/progs/vla*.c"
for src in $progs; do
    [ -f "$src" ] || continue
    name=$(basename "$src" .c)
    exe=$out/$name
    if ! "$CC" -m128 -O2 -o "$exe" "$src" -lm 2> "$exe.build"; then
        echo "FAIL ${name}_m128: does not build"; sed 's/^/# /' "$exe.build" | head -5
        continue
    fi
    for eng in interp jit; do
        timeout "$limit" "$ZL" --engine=$eng --stats "$exe" < /dev/null > "$exe.$eng" 2> "$exe.$eng.err"
        echo $? > "$exe.$eng.rc"
    done
    a=$(grep 'instructions:' "$exe.interp.err")
    b=$(grep 'instructions:' "$exe.jit.err")
    if ! cmp -s "$exe.interp.rc" "$exe.jit.rc" || ! cmp -s "$exe.interp" "$exe.jit"; then
        echo "FAIL ${name}_m128: exit interp $(cat "$exe.interp.rc") jit $(cat "$exe.jit.rc")"
        diff "$exe.interp" "$exe.jit" | head -10 | sed 's/^/# /'
        head -3 "$exe.jit.err" | sed 's/^/# /'
    elif [ -z "$a" ] || [ "$a" != "$b" ]; then
        echo "FAIL ${name}_m128_instret: interp '$a', jit '$b'"
    else
        echo "PASS ${name}_m128"
    fi
done
