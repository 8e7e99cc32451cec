#!/usr/bin/env bash
# Long fuzzing run (make fuzz-long T=SECONDS | CPU=SECONDS [FUZZ_ONLY=names] [FUZZ_DIR=dir]):
# every libFuzzer target of `make fuzz-build` (tests/**/fuzz_*.c) runs in turn, in
# libFuzzer's fork mode with one worker, so a crash is saved and the run goes on.
#   T=SECONDS    wall time per target (default 3600 divided among the targets)
#   CPU=SECONDS  CPU time per target instead (user + system of the fuzzer and its workers):
#                the target is restarted on its corpus until it has used that much, so a
#                loaded machine gives a longer run, not a shorter one
# Per target, under FUZZ_DIR (default build-fuzz/long):
#   corpus/NAME/     the corpus, kept between runs (seeded from the tree the first time)
#   crashes/NAME/    crash-*, leak-*, timeout-*, oom-* inputs: replay with
#                    build-fuzz/fuzz/NAME FILE
#   NAME.log         libFuzzer's output
# A timeout (-timeout=20, wall time) or slow unit (10 s of wall time) found on a loaded
# machine may only show that the worker got no CPU: each new one is replayed alone and
# timed in CPU seconds, and one that needs less than the limit moves to crashes/NAME/load/
# and is not counted (the summary says how many).
# Ends with one line per target: executions, CPU seconds, executions per CPU second, inputs
# found that crash, leak, time out or run out of memory; and a total.  Exit status 1 when any target
# found something.  Not a *_test.sh: tests/runner.sh does not run it (tests/fuzz_test.sh is
# the short run of `make check`).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 1
DIR=${FUZZ_DIR:-build-fuzz/long}
mkdir -p "$DIR" && DIR=$(cd "$DIR" && pwd) || exit 2
. tests/lib/need.sh
if ! need_pkg clang clang-14 ||
   ! need_file /usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a libclang-rt-14-dev; then
    echo "fuzz-long: clang or its fuzzing runtime could not be installed" >&2; exit 2
fi
mkdir -p "$DIR/corpus" "$DIR/crashes"
make -s fuzz-build >"$DIR/build.log" 2>&1 ||
    { echo "fuzz-long: make fuzz-build failed (see $DIR/build.log)" >&2; exit 2; }
targets=()
for f in build-fuzz/fuzz/*; do
    n=$(basename "$f")
    [ -n "${FUZZ_ONLY:-}" ] && ! echo " $FUZZ_ONLY " | grep -q " $n " && continue
    targets+=("$n")
done
[ ${#targets[@]} -gt 0 ] || { echo "fuzz-long: no fuzz target" >&2; exit 2; }
if [ -n "${CPU:-}" ]; then
    T=
else
    T=${T:-$((3600 / ${#targets[@]}))}
fi

# seed NAME DIR: the first run's corpus, inputs of the kind the target reads
seed() {
    local n=$1 d=$2
    case $n in
    fuzz_cc)    cp tests/cc/progs/*.c "$d/" 2>/dev/null ;;
    fuzz_pp)    find tests/cpp/corpus -type f -name '*.[ch]' -exec cp {} "$d/" \; 2>/dev/null ;;
    fuzz_as)    cp tests/as/*.s "$d/" 2>/dev/null ;;
    fuzz_ir)    # the first byte picks the XLEN (0 rv128, 1 rv64, 2 rv32), as the file's target line
        local f; for f in tests/cc/ir/*.ir; do
            case $(sed -n 's/^target //p' "$f") in rv64) printf '\001' ;; rv32) printf '\002' ;; *) printf '\000' ;; esac >"$d/${f##*/}"
            cat "$f" >>"$d/${f##*/}"
        done ;;
    fuzz_audit) cp src/audit/*.c "$d/" 2>/dev/null ;;
    *)          # ELF readers: small objects and executables of every class (build/bin)
        local s; s=$(mktemp -d)
        printf '\t.globl _start\n_start:\n\tnop\n\t.data\n\t.word 1\n' >"$s/a.s"
        for m in 128 64 32; do
            build/bin/zl-as -m$m "$s/a.s" -o "$d/a$m.o" 2>/dev/null &&
                build/bin/zl-ld "$d/a$m.o" -o "$d/a$m" 2>/dev/null
        done
        rm -rf "$s" ;;
    esac
}

# run_round NAME CORPUS CRASHDIR SECONDS: one fork-mode run of at most SECONDS of wall time;
# prints "EXECS CPU_MS" (executions of this run, CPU milliseconds of the fuzzer and workers)
run_round() {
    local n=$1 c=$2 k=$3 secs=$4 log=$DIR/$1.round.log t
    t=$( { TIMEFORMAT='%3U %3S'; time (cd "$k" && "$ROOT/build-fuzz/fuzz/$n" -fork=1 \
        -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 -max_total_time="$secs" -timeout=$TIMEOUT \
        -rss_limit_mb=2048 -artifact_prefix="$k/" "$c" >"$log" 2>&1); } 2>&1 )
    cat "$log" >>"$DIR/$n.log"
    # fork mode reports "#EXECS: cov: ... oom/timeout/crash: a/b/c time: Ts ..."
    local execs
    execs=$(grep -a '^#[0-9]*: cov:' "$log" | tail -1 | sed 's/^#\([0-9]*\):.*/\1/')
    rm -f "$log"
    echo "${execs:-0} $(echo "$t" | awk '{ printf "%d", ($1 + $2) * 1000 }')"
}

TIMEOUT=20          # libFuzzer's -timeout (seconds); slow units are reported from 10 s
SLOW=10
# replay_cpu NAME FILE: CPU seconds (user + system) of one replay of FILE, at most 3 x TIMEOUT
replay_cpu() {
    local t
    t=$( { TIMEFORMAT='%3U %3S'; time (ulimit -t $((3 * TIMEOUT)); "$ROOT/build-fuzz/fuzz/$1" "$2" \
        >/dev/null 2>&1); } 2>&1 )
    # the last line is time's (bash reports a replay killed at the CPU limit above it)
    echo "$t" | tail -n1 | awk '{ printf "%.1f", $1 + $2 }'
}
# sort_load NAME CRASHDIR LIST: moves the timeouts and slow units of LIST that replay under their
# limit in CPU time to CRASHDIR/load/; prints how many it moved
sort_load() {
    local n=$1 k=$2 f lim cpu moved=0
    shift 2
    mkdir -p "$k/load"
    for f in "$@"; do
        case $f in timeout-*) lim=$TIMEOUT ;; slow-unit-*) lim=$SLOW ;; *) continue ;; esac
        cpu=$(replay_cpu "$n" "$k/$f")
        if awk -v c="$cpu" -v l="$lim" 'BEGIN { exit !(c < l) }'; then
            mv "$k/$f" "$k/load/$f" && moved=$((moved + 1))
            echo "fuzz-long: $n: $f replays in ${cpu}s of CPU (limit ${lim}s): load, not counted" >&2
        else
            echo "fuzz-long: $n: $f replays in ${cpu}s of CPU (limit ${lim}s): a finding" >&2
        fi
    done
    echo "$moved"
}

summary=()
found_total=0
for n in "${targets[@]}"; do
    c=$DIR/corpus/$n k=$DIR/crashes/$n
    mkdir -p "$c" "$k"
    [ -n "$(ls -A "$c")" ] || seed "$n" "$c"
    ls "$k" | sort >"$DIR/$n.before"
    : >"$DIR/$n.log"
    execs=0 cpu_ms=0 start=$SECONDS
    if [ -n "$T" ]; then
        echo "fuzz-long: $n for ${T}s ..." >&2
        read -r e m < <(run_round "$n" "$c" "$k" "$T")
        execs=$e cpu_ms=$m
    else
        echo "fuzz-long: $n for ${CPU}s of CPU ..." >&2
        while [ $((cpu_ms / 1000)) -lt "$CPU" ]; do
            left=$((CPU - cpu_ms / 1000))
            [ "$left" -ge 10 ] || left=10
            read -r e m < <(run_round "$n" "$c" "$k" "$left")
            execs=$((execs + e)) cpu_ms=$((cpu_ms + m))
            [ "$m" -gt 0 ] || break         # the target did not run at all: see its log
        done
    fi
    cpu=$((cpu_ms / 1000))
    mapfile -t new < <(ls "$k" | sort | comm -13 "$DIR/$n.before" - | grep -v '^load$')
    rm -f "$DIR/$n.before"
    load=$(sort_load "$n" "$k" "${new[@]+"${new[@]}"}")
    found=$((${#new[@]} - load))
    found_total=$((found_total + found))
    kinds=$(ls "$k" | sed -n 's/^\(crash\|leak\|timeout\|oom\|slow-unit\)-.*/\1/p' | sort | uniq -c |
            awk '{ printf "%s%s %s", (NR > 1 ? ", " : ""), $1, $2 }')
    summary+=("$(printf '%-12s %10s execs %6ss wall %6ss CPU %7s exec/CPU-s  %3d new, %d load-only  (kept in %s: %s)' \
        "$n" "$execs" "$((SECONDS - start))" "$cpu" "$(( execs / (cpu > 0 ? cpu : 1) ))" "$found" "$load" \
        "$k" "${kinds:-none}")")
done
echo "fuzz-long: ${T:+${T}s of wall time}${CPU:+${CPU}s of CPU} per target"
printf '%s\n' "${summary[@]}"
echo "fuzz-long: $found_total new crashing/leaking/hanging inputs"
[ "$found_total" -eq 0 ]
