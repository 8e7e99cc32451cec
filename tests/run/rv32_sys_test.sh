#!/usr/bin/env bash
# rv32 freestanding programs (tests/run/rv32/*.c with the tests/lib/guest runtime) for the
# system calls whose rv32 layouts differ from rv64's.  Each prints
# tests/run/rv32/NAME.expected under zl-run (and under qemu-riscv32 where it is
# installed, as a cross-check) and exits 0; a failing check exits with its number.
set -u
source tests/lib/guest/build.sh
if ! guest_need_tools; then
    echo "FAIL rv32_setup: the cross compiler could not be installed"; exit 1
fi
out=$(mktemp -d /tmp/zl-rv32sys-XXXXXX)
trap 'rm -rf "$out"' EXIT
for src in tests/run/rv32/*.c; do
    name=$(basename "$src" .c)
    if ! guest_build rv32 "$out/$name" "$src" 2> "$out/$name.err"; then
        echo "FAIL rv32_$name: does not build"; sed 's/^/# /' "$out/$name.err"; continue
    fi
    (cd "$out" && timeout $((30 * ${ZL_TIME_SCALE:-1})) "$ZL_BIN/zl-run" "./$name" > "$name.out" 2>&1); rc=$?
    if [ $rc -ne 0 ] || ! cmp -s "tests/run/rv32/$name.expected" "$out/$name.out"; then
        echo "FAIL rv32_$name: exit $rc (the number of the failing check)"
        diff "tests/run/rv32/$name.expected" "$out/$name.out" | head -10 | sed 's/^/# /'
    else
        echo "PASS rv32_$name"
    fi
    # qemu-riscv32 copies sysinfo's values truncated to 32 bits where Linux raises
    # mem_unit (compat_sysinfo), so it is no reference for sysinfo.c
    if [ "$name" = sysinfo ]; then
        echo "# rv32_sysinfo: not compared with qemu-riscv32 (it truncates where Linux scales)"
    elif command -v qemu-riscv32 > /dev/null; then
        (cd "$out" && timeout $((30 * ${ZL_TIME_SCALE:-1})) qemu-riscv32 "./$name" > "$name.q" 2>&1); rq=$?
        if [ $rq -ne 0 ] || ! cmp -s "tests/run/rv32/$name.expected" "$out/$name.q"; then
            echo "FAIL rv32_${name}_qemu: the expected output is not qemu-riscv32's (exit $rq)"
        else
            echo "PASS rv32_${name}_qemu"
        fi
    fi
done
