#!/usr/bin/env bash
# Runs every test and ends with exactly one summary line:
#   N passed, N failed[, N skipped]
# Unit tests: $BUILD/tests/**/*_test binaries.  Script tests: tests/**/*_test.sh.
# Both speak the PASS/FAIL/SKIP line protocol of tests/lib/check.h.
# Scripts multiply their per-run time limits by ZL_TIME_SCALE (default 1; make check-sanitize
# sets 4, since ASan+UBSan slow zl-run and the compilers down several times).
set -u
BUILD=${BUILD:-build}
export ZL_TIME_SCALE=${ZL_TIME_SCALE:-1}
export BUILD ZL_ROOT="$(pwd)" ZL_BIN="$(pwd)/$BUILD/bin"
pass=0; fail=0; skip=0
skipped=(); failed=()
log=$(mktemp); trap 'rm -f "$log"' EXIT

run_one() {   # $1 = label, rest = command
    local label=$1; shift
    local t0=$SECONDS
    "$@" >"$log" 2>&1
    local rc=$?
    local p f s
    p=$(grep -c '^PASS ' "$log"); f=$(grep -c '^FAIL ' "$log"); s=$(grep -c '^SKIP ' "$log")
    grep -E '^(FAIL|SKIP) ' "$log" | sed "s|^|  [$label] |"
    while IFS= read -r l; do skipped+=("[$label] ${l#SKIP }"); done < <(grep '^SKIP ' "$log")
    while IFS= read -r l; do failed+=("[$label] ${l#FAIL }"); done < <(grep '^FAIL ' "$log")
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        echo "  [$label] FAIL: exited with status $rc without reporting a failed case; last output:"
        tail -n 15 "$log" | sed 's/^/    /'
        f=1; failed+=("[$label] exit status $rc")
    fi
    if [ $((p + f + s)) -eq 0 ]; then
        echo "  [$label] FAIL: ran no test case"; f=1; failed+=("[$label] no test case")
    fi
    pass=$((pass + p)); fail=$((fail + f)); skip=$((skip + s))
    printf '%-40s %4d passed %3d failed %3d skipped  (%ds)\n' "$label" "$p" "$f" "$s" $((SECONDS - t0))
}

for t in $(find "$BUILD/tests" -type f -name '*_test' 2>/dev/null | sort); do
    run_one "${t#$BUILD/tests/}" "$t"
done
for t in $(find tests -type f -name '*_test.sh' | sort); do
    run_one "${t#tests/}" bash "$t"
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "Failed:"; printf '  %s\n' "${failed[@]}"
fi
if [ "$skip" -gt 0 ]; then
    echo "Skipped (each with its reason):"; printf '  %s\n' "${skipped[@]}"
    echo "$pass passed, $fail failed, $skip skipped"
else
    echo "$pass passed, $fail failed"
fi
[ "$fail" -eq 0 ]
