#!/usr/bin/env bash
# Differential test of src/fp against real RISC-V F/D instructions run by
# qemu-riscv64: biased random operands (tests/fp/fp_gen.h) for every F/D arithmetic,
# compare, fclass and conversion instruction in all five static rounding modes
# (RMM included), results and fflags compared bit for bit.
#   tests/fp/qemu/rv_fp.c        RISC-V side (riscv64-linux-gnu-gcc -static)
#   tests/fp/qemu/qemu_check.c   host side: generates the records, recomputes, compares
# ZL_FP_QEMU_N (default 4000) records per instruction and rounding mode;
# ZL_FP_QEMU_SEED (default 1) picks the operands.
set -u
cd "${ZL_ROOT:-$(dirname "$0")/../..}"
. tests/lib/need.sh

if ! need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu libc6-dev-riscv64-cross; then
    echo "SKIP qemu_diff: no riscv64-linux-gnu-gcc (package gcc-riscv64-linux-gnu) to build the RISC-V side"
    exit 0
fi
if ! need_pkg qemu-riscv64 qemu-user; then
    echo "SKIP qemu_diff: no qemu-riscv64 (package qemu-user)"
    exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if ! riscv64-linux-gnu-gcc -O2 -static -Wall -Wextra -Werror tests/fp/qemu/rv_fp.c \
        -o "$tmp/rv_fp" 2>"$tmp/err"; then
    echo "FAIL qemu_diff_build_rv: $(head -c 300 "$tmp/err" | tr '\n' ' ')"
    exit 1
fi
# Built from the sources, not $BUILD/lib/libzl.a, so that a sanitizer build's
# instrumented archive needs no matching link flags here.
if ! ${CC:-cc} -std=c11 -D_GNU_SOURCE -O2 -Wall -Wextra -Werror -Iinclude -Isrc \
        tests/fp/qemu/qemu_check.c src/fp/*.c -lm -o "$tmp/qemu_check" 2>"$tmp/err"; then
    echo "FAIL qemu_diff_build_host: $(head -c 300 "$tmp/err" | tr '\n' ' ')"
    exit 1
fi

"$tmp/qemu_check" gen "${ZL_FP_QEMU_SEED:-1}" "${ZL_FP_QEMU_N:-4000}" >"$tmp/in.bin" || {
    echo "FAIL qemu_diff_gen: could not write the input records"; exit 1; }
if ! qemu-riscv64 "$tmp/rv_fp" <"$tmp/in.bin" >"$tmp/out.bin" 2>"$tmp/err"; then
    echo "FAIL qemu_diff_run: qemu-riscv64 failed: $(head -c 300 "$tmp/err" | tr '\n' ' ')"
    exit 1
fi
"$tmp/qemu_check" cmp "$tmp/in.bin" "$tmp/out.bin"
