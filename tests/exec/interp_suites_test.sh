#!/usr/bin/env bash
# The Linux-personality program tests again under the interpreter: make check runs every
# test with zl-run's default engine (the translator on x86-64); these suites (system
# calls, signals, limits, threads, glibc and zlibc programs at rv32 and rv64) run once more
# with ZL_RUN_ENGINE=interp, so both engines pass them.  Their lines carry "interp:".
# Two suites run at a time (the machine's two cores); their lines are printed in order.
set -u
res=$(mktemp -d)
trap 'rm -rf "$res"' EXIT
suite() {   # $1 = result file stem, $2 = script
    echo "$2" >"$1.name"
    ZL_RUN_ENGINE=interp bash "$2" >"$1.out" 2>&1
    echo $? >"$1.rc"
}
export -f suite
n=0
for t in tests/run/glibc_test.sh tests/run/rv32_sys_test.sh tests/run/threads_test.sh \
         tests/run/adversarial_signals_test.sh tests/run/adversarial_limits_test.sh \
         tests/libc/thread_test.sh; do
    n=$((n + 1))
    printf '%s/%02d %s\n' "$res" "$n" "$t"
done >"$res/work"
xargs -P 2 -L 1 bash -c 'suite "$0" "$1"' <"$res/work"
rc=0
for f in "$res"/*.name; do
    stem=${f%.name}
    sed -E 's/^(PASS|FAIL|SKIP) /\1 interp:/' "$stem.out"
    st=$(cat "$stem.rc" 2>/dev/null || echo "none")
    if [ "$st" != 0 ]; then
        echo "# $(cat "$f") exited with status $st under the interpreter"
        rc=1
    fi
done
if [ "$(ls "$res" | grep -c '\.rc$')" != "$n" ]; then
    echo "FAIL interp:runner: $(ls "$res" | grep -c '\.rc$') of $n suites finished"
    rc=1
fi
exit $rc
