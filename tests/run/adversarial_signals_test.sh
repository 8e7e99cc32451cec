#!/usr/bin/env bash
# Adversarial signal and fault cases (issue: the guest never reaches the emulator).  Each
# program in tests/run/adversarial/sig_*.c prints what Linux does and NAME.expected holds
# that; qemu-riscv64 is no oracle here (it dies on a truncated file mapping and decodes
# at odd addresses).  rv64: riscv64-linux-gnu-gcc + glibc; rv128: zl-cc -m128 + zlibc for
# the programs that need no <ucontext.h>.  Only stdout is compared: zl-run reports the
# deaths it is asked to die on stderr.
set -u
. tests/lib/need.sh
if ! need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu libc6-dev-riscv64-cross; then
    echo "FAIL adversarial_signals_setup: the riscv64 cross compiler could not be installed"; exit 1
fi
out=$(mktemp -d /tmp/zl-advsig-XXXXXX)
trap 'rm -rf "$out"' EXIT
dir=tests/run/adversarial
limit=$((30 * ${ZL_TIME_SCALE:-1}))

check() {   # label, program [zl-run options]
    local label=$1 prog=$2 name
    shift 2
    name=$(basename "$prog"); name=${name%.*}
    mkdir -p "$out/work-$label" "$(dirname "$out/$label")"
    timeout "$limit" "$ZL_BIN/zl-run" "$@" "$prog" "$out/work-$label" > "$out/$label.out" 2> "$out/$label.err"
    local rc=$?
    if [ $rc -ne 0 ] || ! cmp -s "$dir/$name.expected" "$out/$label.out"; then
        echo "FAIL $label: exit $rc"
        diff "$dir/$name.expected" "$out/$label.out" | head -20 | sed 's/^/# /'
        sed 's/^/# stderr: /' "$out/$label.err" | head -5
    else
        echo "PASS $label"
    fi
}

for src in "$dir"/sig_*.c; do
    name=$(basename "$src" .c)
    if riscv64-linux-gnu-gcc -O2 -static -o "$out/$name.rv64" "$src" 2> "$out/$name.build"; then
        check "rv64/$name" "$out/$name.rv64"
    else
        echo "FAIL rv64/$name: does not build"; sed 's/^/# /' "$out/$name.build" | head -10
    fi
done
# sig_direct's loads and stores as the other ways of reaching guest memory make them: the
# interpreter, and the translator through its TLB when the window (docs/zl-run.md, "What
# the guest can reach") cannot be reserved under an address-space limit of 4 GiB
if [ -f "$out/sig_direct.rv64" ]; then
    check rv64/sig_direct-interp "$out/sig_direct.rv64" --engine=interp
    if (ulimit -v $((4 << 20)) && "$ZL_BIN/zl-run" --version > /dev/null 2>&1); then
        (ulimit -v $((4 << 20)) && check rv64/sig_direct-nowindow "$out/sig_direct.rv64")
    else    # (ASan's shadow memory is reserved address space too)
        echo "SKIP rv64/sig_direct-nowindow: this zl-run build cannot start under an address-space limit (a sanitizer build); tests/exec/jit_diff_test covers the TLB path in every build"
    fi
fi
for name in sig_truncated sig_truncate_race sig_sent_fault sig_direct; do
    if "$ZL_BIN/zl-cc" -m128 -O1 -o "$out/$name.rv128" "$dir/$name.c" 2> "$out/$name.build128"; then
        check "rv128/$name" "$out/$name.rv128"
    else
        echo "FAIL rv128/$name: does not build"; sed 's/^/# /' "$out/$name.build128" | head -10
    fi
done
