#!/usr/bin/env bash
# The Linux-personality program tests again under the interpreter: make check runs every
# test with zl-run's default engine (the translator on x86-64); these suites (system
# calls, signals, limits, threads, glibc and zlibc programs at rv32 and rv64) run once more
# with ZL_RUN_ENGINE=interp, so both engines pass them.  Their lines carry "interp:".
set -u
rc=0
for t in tests/run/glibc_test.sh tests/run/rv32_sys_test.sh tests/run/threads_test.sh \
         tests/run/adversarial_signals_test.sh tests/run/adversarial_limits_test.sh \
         tests/libc/thread_test.sh; do
    ZL_RUN_ENGINE=interp bash "$t" 2>&1 | sed -E 's/^(PASS|FAIL|SKIP) /\1 interp:/'
    st=${PIPESTATUS[0]}
    if [ "$st" -ne 0 ]; then
        echo "# $t exited with status $st under the interpreter"
        rc=1
    fi
done
exit $rc
