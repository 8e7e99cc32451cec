#!/usr/bin/env bash
# Bad input must cost the emulator little and get Linux's answer (issue 17): execve's
# argument limits (E2BIG found while copying, with a small peak RSS) and a truncated
# executable (ENOEXEC returned to the caller); access_ok and iovec rules for user
# buffers (rv64 with glibc, rv128 in assembly, rv32 freestanding); vm.max_map_count
# reached quickly, with ENOMEM.  Guest programs: tests/run/adversarial/{limits,mm}_*.c
# (glibc; each prints "name: ok" per check and exits with its number of failures),
# *_rv32.c (tests/lib/guest) and *.s (zl-as), which print one line and exit 0.
set -u
. tests/lib/need.sh
scale=${ZL_TIME_SCALE:-1}
if ! need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu libc6-dev-riscv64-cross; then
    echo "FAIL adversarial_setup: the riscv64 cross compiler could not be installed"; exit 1
fi
# GNU time measures the peak RSS of the execve case (Debian package `time`)
need_file /usr/bin/time time || echo "FAIL adversarial_setup: /usr/bin/time could not be installed"

out=$(mktemp -d /tmp/zl-adv-XXXXXX)
trap 'rm -rf "$out"' EXIT
for src in tests/run/adversarial/*.c; do
    name=$(basename "$src" .c)
    case $name in *_rv32) continue ;; esac      # freestanding rv32, built below
    if ! riscv64-linux-gnu-gcc -O2 -static -Wall -o "$out/$name" "$src" 2> "$out/$name.build"; then
        echo "FAIL $name: does not build"; sed 's/^/# /' "$out/$name.build"
    fi
done

# run NAME SECONDS: the program under zl-run within the time limit (scaled); sets rc, secs
# and rss (peak KiB, or empty where /usr/bin/time is missing).
run() {
    local name=$1 limit=$(($2 * scale)) t0
    t0=$(date +%s.%N)
    if [ -x /usr/bin/time ]; then
        (cd "$out" && /usr/bin/time -o "$out/$name.rss" -f %M \
            timeout "$limit" "$ZL_BIN/zl-run" "./$name" > "$out/$name.out" 2>&1)
        rc=$?
        rss=$(tail -n 1 "$out/$name.rss")
    else
        (cd "$out" && timeout "$limit" "$ZL_BIN/zl-run" "./$name" > "$out/$name.out" 2>&1)
        rc=$?
        rss=
    fi
    secs=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
}

# report NAME: one line per check the program printed, and the exit status
report() {
    local name=$1
    while IFS= read -r l; do
        case $l in
        *": ok") local check=${l%: ok}; echo "PASS ${name}_${check// /_}" ;;
        "#"*) echo "$l" ;;
        *) echo "FAIL ${name}: $l" ;;
        esac
    done < "$out/$name.out"
    [ "$rc" -eq 0 ] || echo "FAIL $name: exit status $rc"
}

# execve: E2BIG quickly and with little memory (the copy used to take 500 MB and 5 s);
# under the sanitizers the baseline RSS is larger, so the bound doubles.
rss_limit=$((102400 * (scale > 1 ? 2 : 1)))
run limits_execve 20
report limits_execve
if [ -n "$rss" ]; then
    if [ "$rss" -lt "$rss_limit" ]; then echo "PASS limits_execve_peak_rss"
    else echo "FAIL limits_execve_peak_rss: ${rss} KiB, limit ${rss_limit} KiB"; fi
else
    echo "FAIL limits_execve_peak_rss: no peak RSS measured (/usr/bin/time missing)"
fi

run limits_rw 20
report limits_rw

# 70,000 mapping attempts: ENOMEM at vm.max_map_count, in well under the time limit
# (the sorted array took 12 s and never stopped)
run mm_maps 15
report mm_maps
echo "# mm_maps: ${secs} s, peak ${rss:-?} KiB"

# one_line NAME WANT: the program prints WANT and exits 0, else its check number
one_line() {
    local name=$1 want=$2
    (cd "$out" && timeout $((20 * scale)) "$ZL_BIN/zl-run" "./$name" < /dev/null > "$name.out" 2>&1)
    rc=$?
    if [ $rc -ne 0 ] || [ "$(cat "$out/$name.out")" != "$want" ]; then
        echo "FAIL $name: exit $rc (the number of the failing check)"
        head -c 300 "$out/$name.out" | sed 's/^/# /'; echo
    else
        echo "PASS $name"
    fi
}

# rv128 in assembly
for src in tests/run/adversarial/*.s; do
    name=$(basename "$src" .s)
    if ! "$ZL_BIN/zl-as" -o "$out/$name.o" "$src" 2> "$out/$name.err" ||
       ! "$ZL_BIN/zl-ld" -o "$out/$name" "$out/$name.o" 2>> "$out/$name.err"; then
        echo "FAIL $name: does not build"; sed 's/^/# /' "$out/$name.err"; continue
    fi
    one_line "$name" "iov128 ok"
done

# rv32, freestanding with tests/lib/guest
source tests/lib/guest/build.sh
for src in tests/run/adversarial/*_rv32.c; do
    name=$(basename "$src" .c)
    if ! guest_build rv32 "$out/$name" "$src" 2> "$out/$name.err"; then
        echo "FAIL $name: does not build"; sed 's/^/# /' "$out/$name.err"; continue
    fi
    one_line "$name" "iov32 ok"
done
