#!/usr/bin/env bash
# bench/threads.sh - threads under zl-run, side by side with qemu-riscv64 and the host
# (run by `make bench` after bench/run.sh; alone: bash bench/threads.sh).
#
#  split  bench/src/split.c: a fixed amount of CPU-bound work over 1 and over 2 threads.
#         Speed-up = wall time with 1 thread / wall time with 2 (target for zl-run: >= 1.7
#         on a 2-core machine).  Wall time is what threads buy, so the load average at
#         the top matters: on a busy machine the second thread has no core to run on.
#  mutex  bench/src/mutex.c: an uncontended pthread_mutex_lock + unlock, as a multiple
#         of one plain loop iteration: (t_mutex - t_plain) / t_plain, in CPU seconds.
#         Target: zl-run's multiple at most 2x the host's (glibc on x86-64).
# Environment: BUILD (default build), ZL_RUN, BENCH_REPS (median of, default 5).
set -u
export LC_ALL=C
cd "$(dirname "$0")/.." || exit 1
BUILD=${BUILD:-build}
OUT=$BUILD/bench/threads
ZL=${ZL_RUN:-$BUILD/bin/zl-run}
REPS=${BENCH_REPS:-5}
source tests/lib/need.sh
need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu && need_pkg qemu-riscv64 qemu-user ||
    { echo "bench/threads: the cross compiler or qemu-user is missing" >&2; exit 1; }
mkdir -p "$OUT"
for p in split mutex; do
    riscv64-linux-gnu-gcc -O2 -static -pthread -o "$OUT/$p.rv64" "bench/src/$p.c" &&
        ${CC:-cc} -O2 -pthread -o "$OUT/$p.host" "bench/src/$p.c" ||
        { echo "bench/threads: $p does not build" >&2; exit 1; }
done

# measure KIND CMD...: median over REPS runs of wall (KIND=wall) or user+system seconds;
# the output must be the same every time (it is checked against the first run's) and is
# left in $OUT/last.out
status=0
measure() {
    local kind=$1; shift
    local v=() ref="" tf
    tf=$(mktemp)
    for _ in $(seq "$REPS"); do
        local TIMEFORMAT='%R %U %S'
        { time "$@" > "$tf.out" 2>/dev/null; } 2> "$tf"
        if [ -z "$ref" ]; then ref=$(cat "$tf.out"); elif [ "$ref" != "$(cat "$tf.out")" ]; then
            echo "bench/threads: $* printed something else on a later run" >&2; status=1
        fi
        v+=("$(awk -v k="$kind" '{ printf "%.3f", k == "wall" ? $1 : $2 + $3 }' "$tf")")
    done
    printf '%s\n' "$ref" > "$OUT/last.out"    # (measure runs in a subshell)
    rm -f "$tf" "$tf.out"
    printf '%s\n' "${v[@]}" | sort -g | awk '{ a[NR] = $1 } END { printf "%.3f", a[int((NR + 1) / 2)] }'
}

# runner_of WHO PROG: sets run=(the command line that runs PROG under WHO)
runner_of() {
    case $1 in
        host) run=("$OUT/$2.host") ;;
        qemu) run=(qemu-riscv64 "$OUT/$2.rv64") ;;
        zl-run) run=("$ZL" "$OUT/$2.rv64") ;;
    esac
}
speedup() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)   (median of $REPS runs)"
printf '\n%-8s %10s %10s %9s\n' split "1 thread s" "2 threads s" speed-up
declare -A outs
for who in host qemu zl-run; do
    runner_of "$who" split
    w1=$(measure wall "${run[@]}" 1); o1=$(cat "$OUT/last.out")
    w2=$(measure wall "${run[@]}" 2); o2=$(cat "$OUT/last.out")
    outs[$who]="$o1 $o2"
    printf '%-8s %10s %10s %9s\n' "$who" "$w1" "$w2" "$(speedup "$w1" "$w2")"
    [ "$who" = zl-run ] && zl_speedup=$(speedup "$w1" "$w2")
done
if [ "${outs[zl-run]}" != "${outs[qemu]}" ] || [ "${outs[qemu]}" != "${outs[host]}" ]; then
    echo "split: the results differ (host ${outs[host]}, qemu ${outs[qemu]}, zl-run ${outs[zl-run]})"; status=1
fi

printf '\n%-8s %10s %10s %12s\n' mutex "plain s" "mutex s" "lock+unlock"
for who in host qemu zl-run; do
    runner_of "$who" mutex
    tp=$(measure cpu "${run[@]}" plain)
    tm=$(measure cpu "${run[@]}" mutex)
    cost=$(awk -v p="$tp" -v m="$tm" 'BEGIN { printf "%.1f", (p > 0 ? (m - p) / p : 0) }')
    printf '%-8s %10s %10s %11sx\n' "$who" "$tp" "$tm" "$cost"
    case $who in host) host_cost=$cost ;; zl-run) zl_cost=$cost ;; esac
done

echo
awk -v s="$zl_speedup" 'BEGIN { printf "split speed-up with 2 threads under zl-run: %.2f (target >= 1.7): %s\n", s, (s >= 1.7 ? "MET" : "NOT MET") }'
awk -v z="$zl_cost" -v h="$host_cost" 'BEGIN { r = (h > 0 ? z / h : 0);
    printf "lock+unlock cost under zl-run / on the host: %.2f (target <= 2): %s\n", r, (r <= 2 ? "MET" : "NOT MET") }'
exit $status
