#!/usr/bin/env bash
# zl-run's engines (src/exec): the programs in tests/exec/engine/ (riscv64 glibc, static;
# zlcc/: zl-cc at -m32 and -m64) must print what they print under qemu, with the same
# exit status, under
# --engine=interp and --engine=jit; for the deterministic ones the instruction count
# (--stats) must also be the same under both engines.  Needs gcc-riscv64-linux-gnu and
# qemu-user (installed through tests/lib/need.sh when missing).
set -u
. tests/lib/need.sh
need_cross_oracles engine || exit 1
ZL=${ZL_BIN:-build/bin}/zl-run
out=$(mktemp -d /tmp/zl-engine-XXXXXX)
trap 'rm -rf "$out"' EXIT
limit=$((60 * ${ZL_TIME_SCALE:-1}))

# programs whose instruction count does not depend on timing
deterministic=" compute "

for src in tests/exec/engine/*.c; do
    name=$(basename "$src" .c)
    if ! riscv64-linux-gnu-gcc -O2 -static -Wall -Werror -o "$out/$name" "$src" -lm \
            2> "$out/$name.build"; then
        echo "FAIL $name: does not build"; sed 's/^/# /' "$out/$name.build"
        continue
    fi
    timeout "$limit" qemu-riscv64 "$out/$name" > "$out/$name.q" 2> /dev/null
    rq=$?
    for eng in interp jit; do
        timeout "$limit" "$ZL" --engine=$eng --stats "$out/$name" > "$out/$name.$eng" \
            2> "$out/$name.$eng.err"
        rz=$?
        if [ $rq -ne $rz ] || ! cmp -s "$out/$name.q" "$out/$name.$eng"; then
            echo "FAIL $name@$eng: exit qemu $rq zl-run $rz"
            diff "$out/$name.q" "$out/$name.$eng" | head -10 | sed 's/^/# /'
            head -5 "$out/$name.$eng.err" | sed 's/^/# /'
        else
            echo "PASS $name@$eng"
        fi
    done
    if [[ $deterministic == *" $name "* ]]; then
        a=$(grep 'instructions:' "$out/$name.interp.err")
        b=$(grep 'instructions:' "$out/$name.jit.err")
        if [ -n "$a" ] && [ "$a" = "$b" ]; then
            echo "PASS ${name}_instret_same"
        else
            echo "FAIL ${name}_instret_same: interp '$a', jit '$b'"
        fi
    fi
done

# zl-cc programs at -m32 and -m64, against qemu-riscv32 / qemu-riscv64
for src in tests/exec/engine/zlcc/*.c; do
    name=$(basename "$src" .c)
    for m in 32 64; do
        exe=$out/$name.m$m
        if ! "${ZL_BIN:-build/bin}/zl-cc" -m$m -O2 -o "$exe" "$src" 2> "$exe.build"; then
            echo "FAIL ${name}_m$m: does not build"; sed 's/^/# /' "$exe.build"
            continue
        fi
        timeout "$limit" qemu-riscv$m "$exe" > "$exe.q" 2> /dev/null
        rq=$?
        for eng in interp jit; do
            timeout "$limit" "$ZL" --engine=$eng "$exe" > "$exe.$eng" 2> "$exe.$eng.err"
            rz=$?
            if [ $rq -ne $rz ] || ! cmp -s "$exe.q" "$exe.$eng"; then
                echo "FAIL ${name}_m$m@$eng: exit qemu $rq zl-run $rz"
                diff "$exe.q" "$exe.$eng" | head -10 | sed 's/^/# /'
            else
                echo "PASS ${name}_m$m@$eng"
            fi
        done
    done
done

# the option itself
if "$ZL" --engine=fast /bin/true > /dev/null 2> "$out/opt.err"; then
    echo "FAIL engine_option_unknown: accepted"
elif grep -q "unknown engine" "$out/opt.err"; then
    echo "PASS engine_option_unknown"
else
    echo "FAIL engine_option_unknown: $(head -1 "$out/opt.err")"
fi
