#!/usr/bin/env bash
# The Linux-personality program tests again under the interpreter: make check runs every
# test with zl-run's default engine (the translator on x86-64); these suites (system
# calls, signals, limits, threads, glibc and zlibc programs at rv32 and rv64) run once more
# with ZL_RUN_ENGINE=interp, so both engines pass them.  Their lines carry "interp:".
# Two suites run at a time (the machine's two cores; each suite runs one program at a
# time); their output is printed in the order of the list.
set -u
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
suites=(tests/run/glibc_test.sh tests/run/rv32_sys_test.sh tests/run/threads_test.sh
        tests/run/adversarial_signals_test.sh tests/run/adversarial_limits_test.sh
        tests/libc/thread_test.sh)
# one suite: its lines in $out/N.log, its exit status in $out/N.rc
one() {
    ZL_RUN_ENGINE=interp bash "$2" > "$out/$1.log" 2>&1
    echo $? > "$out/$1.rc"
}
export -f one; export out
for i in "${!suites[@]}"; do printf '%s %s\n' "$i" "${suites[i]}"; done |
    xargs -r -P 2 -n 2 bash -c 'one "$1" "$2"' _
rc=0
for i in "${!suites[@]}"; do
    sed -E 's/^(PASS|FAIL|SKIP) /\1 interp:/' "$out/$i.log"
    st=$(cat "$out/$i.rc" 2>/dev/null || echo 1)
    if [ "$st" -ne 0 ]; then
        echo "# ${suites[i]} exited with status $st under the interpreter"
        rc=1
    fi
done
exit $rc
