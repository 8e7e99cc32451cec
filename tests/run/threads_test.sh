#!/usr/bin/env bash
# Threads under zl-run: static rv64 glibc programs (riscv64-linux-gnu-gcc -static -pthread,
# tests/run/threads/*.c) give qemu-riscv64's output and exit status.  badthreads.c's
# "stack" and "tls" runs make a thread die of SIGSEGV: only the status is compared (zl-run
# also says why on stderr).  Then the same programs run under a ThreadSanitizer build of
# zl-run (build-tsan/, made here), which must report no data race in zl-run itself
# (tests/run/tsan.supp exempts only guest memory).  signals.c is left out of that run:
# ThreadSanitizer holds a signal back until the receiving thread calls into the C library,
# and signals.c's threads spin in guest code waiting for one.
set -u
. tests/lib/need.sh
need_cross_oracles threads_setup || exit 1
out=$(mktemp -d /tmp/zl-threads-XXXXXX)
trap 'rm -rf "$out"' EXIT
limit=$((60 * ${ZL_TIME_SCALE:-1}))
progs=()
for src in tests/run/threads/*.c; do
    name=$(basename "$src" .c)
    if riscv64-linux-gnu-gcc -O2 -static -pthread -Wall -Werror -o "$out/$name" "$src" 2> "$out/$name.build"; then
        progs+=("$name")
    else
        echo "FAIL $name: does not build"; sed 's/^/# /' "$out/$name.build"
    fi
done

# run EMULATOR-LABEL ZL_RUN NAME [ARG]: compare with qemu-riscv64
compare() {
    local label=$1 run=$2 name=$3 arg=${4:-}
    # (the outer 2> keeps bash's own "Segmentation fault" notice out of the log)
    { timeout "$limit" qemu-riscv64 "$out/$name" $arg > "$out/$name.q" 2> /dev/null; } 2> /dev/null
    local rq=$?
    { timeout "$limit" "$run" "$out/$name" $arg > "$out/$name.z" 2> "$out/$name.err"; } 2> /dev/null
    local rz=$?
    if [ $rq -ne $rz ] || ! cmp -s "$out/$name.q" "$out/$name.z"; then
        echo "FAIL $label$name${arg:+_$arg}: exit qemu $rq zl-run $rz"
        diff "$out/$name.q" "$out/$name.z" | head -10 | sed 's/^/# /'
        head -5 "$out/$name.err" | sed 's/^/# /'
        return 1
    fi
    if grep -q "ThreadSanitizer" "$out/$name.err"; then
        echo "FAIL $label$name${arg:+_$arg}: ThreadSanitizer reports"
        grep -A12 "WARNING: ThreadSanitizer" "$out/$name.err" | head -40 | sed 's/^/# /'
        return 1
    fi
    echo "PASS $label$name${arg:+_$arg}"
}
for name in "${progs[@]}"; do compare "" "$ZL_BIN/zl-run" "$name"; done
for arg in stack tls; do
    compare "" "$ZL_BIN/zl-run" badthreads "$arg" &&
        if ! grep -q "segmentation fault" "$out/badthreads.err"; then
            echo "FAIL badthreads_${arg}_message: zl-run did not say why the thread died"
        fi
done

# ThreadSanitizer: zl-run alone, built with -fsanitize=thread into build-tsan/
tsan_build=build-tsan
if ! make -s -j2 BUILD="$tsan_build" OPT="-O1 -g" SAN="-fsanitize=thread -Wno-tsan" \
        "$tsan_build/bin/zl-run" > "$out/tsan.build" 2>&1; then
    echo "FAIL tsan_build: zl-run does not build with -fsanitize=thread"
    tail -20 "$out/tsan.build" | sed 's/^/# /'
    exit 0
fi
# die_after_fork=0: forkmm.c's child makes a thread after a multithreaded fork, which
# ThreadSanitizer does not follow by default
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 die_after_fork=0 suppressions=$ZL_ROOT/tests/run/tsan.supp"
limit=$((limit * 4))
for name in "${progs[@]}"; do
    [ "$name" = signals ] && continue
    compare tsan_ "$tsan_build/bin/zl-run" "$name"
done
