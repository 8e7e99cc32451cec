#!/usr/bin/env bash
# Threads under zl-run: static rv64 glibc programs (tests/run/threads/*.c) give
# qemu-riscv64's output and exit status.  badthreads.c's "stack" and "tls" runs make a
# thread die of SIGSEGV: only the status is compared, and zl-run must say why on stderr.
# tests/run/threads/zlcc/*.c are built by zl-cc at each XLEN and print NAME.expected.
# The same programs under ThreadSanitizer: make check-tsan (tests/run/threads_tsan.sh).
set -u
. tests/run/threads_lib.sh
threads_build
for name in "${progs[@]}"; do threads_compare "" "$ZL_BIN/zl-run" "$name"; done
for arg in stack tls; do
    threads_compare "" "$ZL_BIN/zl-run" badthreads "$arg" &&
        if ! grep -q "segmentation fault" "$out/badthreads.err"; then
            echo "FAIL badthreads_${arg}_message: zl-run did not say why the thread died"
        fi
done

# Atomics between threads at each XLEN (tests/run/threads/zlcc/*.c, zl-cc + zlibc): at
# -m128 long is 16 bytes, so these are amoadd.q and lr.q/sc.q loops; the rv64/rv32 builds
# also run under qemu as a cross-check of the expected output.
for src in tests/run/threads/zlcc/*.c; do
    name=$(basename "$src" .c)
    for x in 128 64 32; do
        id=zlcc-m${x}_$name
        if ! "$ZL_BIN/zl-cc" -m$x -O2 -o "$out/$id" "$src" 2> "$out/$id.build"; then
            echo "FAIL $id: does not build"; sed 's/^/# /' "$out/$id.build"; continue
        fi
        runs=("$ZL_BIN/zl-run")
        [ $x = 64 ] && runs+=(qemu-riscv64)
        [ $x = 32 ] && runs+=(qemu-riscv32)
        for r in "${runs[@]}"; do
            tag=$id; [ "$r" = "$ZL_BIN/zl-run" ] || tag=${id}_$r
            timeout "$limit" "$r" "$out/$id" > "$out/$id.out" 2>&1; rc=$?
            if [ $rc -ne 0 ] || ! cmp -s "${src%.c}.expected" "$out/$id.out"; then
                echo "FAIL $tag: exit $rc"; diff "${src%.c}.expected" "$out/$id.out" | head -5 | sed 's/^/# /'
            else
                echo "PASS $tag"
            fi
        done
    done
done
