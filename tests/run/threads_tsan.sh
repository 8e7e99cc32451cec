#!/usr/bin/env bash
# make check-tsan: the threaded programs of tests/run/threads/ under a ThreadSanitizer build
# of zl-run (build-tsan/, made here), which must give qemu-riscv64's output and report no
# data race in zl-run itself (tests/run/tsan.supp exempts only guest memory).  signals.c is
# left out: ThreadSanitizer holds a signal back until the receiving thread calls into the C
# library, and signals.c's threads spin in guest code waiting for one.  Ends with the
# runner's summary line.
set -u
. tests/run/threads_lib.sh
tsan_build=build-tsan
if ! make -s -j2 BUILD="$tsan_build" OPT="-O1 -g" SAN="-fsanitize=thread -Wno-tsan" \
        "$tsan_build/bin/zl-run" > "$out/tsan.build" 2>&1; then
    tail -20 "$out/tsan.build"
    echo "0 passed, 1 failed"
    exit 1
fi
# die_after_fork=0: forkmm.c's child makes a thread after a multithreaded fork, which
# ThreadSanitizer does not follow by default
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 die_after_fork=0 suppressions=$PWD/tests/run/tsan.supp"
limit=$((limit * 4))
{
    threads_build
    for name in "${progs[@]}"; do
        [ "$name" = signals ] && continue
        threads_compare tsan_ "$tsan_build/bin/zl-run" "$name"
    done
} | tee "$out/log"
pass=$(grep -c '^PASS ' "$out/log"); fail=$(grep -c '^FAIL ' "$out/log")
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
