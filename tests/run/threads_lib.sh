# shellcheck shell=bash
# Sourced by tests/run/threads_test.sh and tests/run/threads_tsan.sh: builds the static glibc
# programs tests/run/threads/*.c (riscv64-linux-gnu-gcc -static -pthread) into $out and
# compares runs with qemu-riscv64's.
#   threads_build            sets progs=(names that built); FAIL lines for the others
#   threads_compare LABEL ZL_RUN NAME [ARG]
#       PASS/FAIL LABELNAME[_ARG]: stdout and exit status as under qemu-riscv64, and no
#       ThreadSanitizer report on stderr
. tests/lib/need.sh
need_cross_oracles threads_setup || exit 1
out=$(mktemp -d /tmp/zl-threads-XXXXXX)
trap 'rm -rf "$out"' EXIT
limit=$((60 * ${ZL_TIME_SCALE:-1}))

threads_build() {
    progs=()
    local src name
    for src in tests/run/threads/*.c; do
        name=$(basename "$src" .c)
        if riscv64-linux-gnu-gcc -O2 -static -pthread -Wall -Werror -o "$out/$name" "$src" \
                2> "$out/$name.build"; then
            progs+=("$name")
        else
            echo "FAIL $name: does not build"; sed 's/^/# /' "$out/$name.build"
        fi
    done
}

threads_compare() {
    local label=$1 run=$2 name=$3 arg=${4:-} rq rz
    # (the outer 2> keeps bash's own "Segmentation fault" notice out of the log)
    { timeout "$limit" qemu-riscv64 "$out/$name" $arg > "$out/$name.q" 2> /dev/null; } 2> /dev/null
    rq=$?
    { timeout "$limit" "$run" "$out/$name" $arg > "$out/$name.z" 2> "$out/$name.err"; } 2> /dev/null
    rz=$?
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
