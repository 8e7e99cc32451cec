#!/usr/bin/env bash
# Tests the guest runtime (start.S, guest.c, build.sh) by building selftest.c
# for rv64 and rv32 and running it under qemu-user, and on an x86-64 host for the
# host too (start_x86_64.S; bench/run.sh's native builds), run directly.  Speaks the PASS/FAIL/SKIP
# protocol of tests/lib/check.h (run by tests/runner.sh).
set -u
cd "$(dirname "$0")/../../.." || exit 1
source tests/lib/need.sh
if ! need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu; then
    echo "SKIP guest_runtime: riscv64-linux-gnu-gcc unavailable"; exit 0
fi
if ! need_pkg qemu-riscv64 qemu-user; then
    echo "SKIP guest_runtime: qemu-riscv64 unavailable"; exit 0
fi
source tests/lib/guest/build.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

expected_fmt() {
    cat <<'X'
FMT u64 0 18446744073709551615
FMT i64 -9223372036854775808 -1 42
FMT hex 0123456789abcdef deadbeef bc
FMT fixed 3.1416 0.000 -3 1234.50
FMT kv 99
FMT kvhex 0x00000000000000ff
FMT parse 18446744073709551615 1 2 3
X
}

arches="rv64 rv32"
[ "$(uname -m)" = x86_64 ] && arches+=" host"
for arch in $arches; do
    case $arch in
        rv64) qemu=qemu-riscv64 ;;
        rv32) qemu=qemu-riscv32 ;;
        host) qemu=env ;;   # runs the program itself
    esac
    exe=$tmp/selftest.$arch
    if ! guest_build $arch "$exe" tests/lib/guest/selftest.c 2>"$tmp/build.err"; then
        echo "FAIL $arch.build: $(head -c 400 "$tmp/build.err" | tr '\n' ' ')"; continue
    fi
    if grep -q 'warning' "$tmp/build.err"; then
        echo "FAIL $arch.build: warnings: $(head -c 400 "$tmp/build.err" | tr '\n' ' ')"
    else
        echo "PASS $arch.build"
    fi
    if ! command -v $qemu >/dev/null 2>&1; then
        echo "SKIP $arch.run: $qemu unavailable"; continue
    fi
    ZL_GUEST_TEST=1 $qemu "$exe" one "" "three four" >"$tmp/out" 2>"$tmp/err" </dev/null
    rc=$?
    grep -E '^(PASS|FAIL|SKIP) ' "$tmp/out" | sed -E "s/^(PASS|FAIL|SKIP) /\1 $arch./"
    if [ $rc -eq 7 ]; then echo "PASS $arch.exit_status"
    else echo "FAIL $arch.exit_status: got $rc, want 7"; fi
    if [ "$(cat "$tmp/err")" = "stderr ok" ]; then echo "PASS $arch.stderr"
    else echo "FAIL $arch.stderr: got '$(head -c 200 "$tmp/err")'"; fi
    if diff <(expected_fmt) <(grep '^FMT ' "$tmp/out") >"$tmp/diff"; then
        echo "PASS $arch.format"
    else
        echo "FAIL $arch.format: $(tr '\n' ' ' <"$tmp/diff" | head -c 400)"
    fi
done
