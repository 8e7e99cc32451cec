#!/usr/bin/env bash
# Every libFuzzer target (tests/**/fuzz_*.c) is built with clang, ASan and UBSan and run
# briefly: any crash, sanitizer report or leak fails the test.  Long runs:
#   make fuzz-build && build-fuzz/fuzz/NAME -max_total_time=3600 CORPUS_DIR
set -u
. tests/lib/need.sh
if ! need_pkg clang clang-14 ||
   ! need_file /usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a libclang-rt-14-dev; then
    echo "FAIL fuzz_setup: clang or its fuzzing runtime could not be installed"; exit 1
fi
log=$(mktemp); corpus=$(mktemp -d /tmp/zl-fuzz-XXXXXX)
trap 'rm -rf "$log" "$corpus"' EXIT
if ! make -s -j2 fuzz-build > "$log" 2>&1; then
    echo "FAIL fuzz_build: make fuzz-build failed"; tail -20 "$log" | sed 's/^/# /'; exit 1
fi
# Seeds: valid executables of every class, so mutations start from loadable files.
SEEDCC="clang -O1 -std=c11 -D_GNU_SOURCE -Iinclude -Isrc -Itests -fsanitize=fuzzer-no-link,address,undefined"
$SEEDCC examples/mkdemo.c build-fuzz/lib/libzl.a -lm -o "$corpus/mkdemo" &&
$SEEDCC bench/loopgen.c build-fuzz/lib/libzl.a -lm -o "$corpus/loopgen" &&
mkdir -p "$corpus/seeds" && "$corpus/mkdemo" "$corpus/seeds/demo128" && "$corpus/loopgen" "$corpus/seeds" 3 ||
    { echo "FAIL fuzz_seeds: cannot build seed executables"; exit 1; }
rm -f "$corpus/mkdemo" "$corpus/loopgen"
# one target's short run; its PASS/FAIL lines go to $corpus/NAME.result
run_target() {
    local f=$1 n l
    n=$(basename "$f") l=$corpus/$n.log
    mkdir -p "$corpus/$n"
    cp "$corpus"/seeds/* "$corpus/$n/" 2>/dev/null
    # inputs that once broke a target under the sanitizers: replayed first, as seeds
    case $n in fuzz_as) cp tests/as/directives.s "$corpus/$n/" ;; esac
    if "$f" -max_total_time=${ZL_FUZZ_SECONDS:-4} -rss_limit_mb=2048 -print_final_stats=0 \
            -artifact_prefix="build-fuzz/crash-$n-" "$corpus/$n" > "$l" 2>&1; then
        echo "PASS $n: $(grep -o 'stat::number_of_executed_units: *[0-9]*\|Done [0-9]* runs' "$l" | tail -1)"
    else
        echo "FAIL $n: the fuzzer found a problem (input kept as build-fuzz/crash-$n-*)"; grep -m1 -A12 'ERROR\|==ERROR\|SUMMARY\|deadly' "$l" | sed 's/^/# /'
    fi >"$corpus/$n.result"
}
# two at a time (the machine has two cores; each run is time-bound, not work-bound)
running=0
for f in build-fuzz/fuzz/*; do
    run_target "$f" &
    running=$((running + 1))
    if [ $running -ge 2 ]; then wait -n; running=$((running - 1)); fi
done
wait
for f in build-fuzz/fuzz/*; do
    r=$corpus/$(basename "$f").result
    if [ -s "$r" ]; then cat "$r"; else echo "FAIL $(basename "$f"): no result"; fi
done
