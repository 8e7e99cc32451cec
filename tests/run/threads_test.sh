#!/usr/bin/env bash
# Threads under zl-run: static rv64 glibc programs (tests/run/threads/*.c) give
# qemu-riscv64's output and exit status.  badthreads.c's "stack" and "tls" runs make a
# thread die of SIGSEGV: only the status is compared, and zl-run must say why on stderr.
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
