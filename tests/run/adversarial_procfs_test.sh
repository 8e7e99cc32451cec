#!/usr/bin/env bash
# The guest's /proc/self is its own (issue 17): tests/run/adversarial/procfs.c checks
# /proc/self/mem, maps, smaps, auxv (however the path is spelt), cmdline, environ, exe,
# stat and status from inside the guest, and from a second thread /proc/thread-self,
# /proc/self/task/<tid> and /proc/<tid>.  It runs as an rv64 glibc program (also with
# -L /, which must not bypass the checks) and as an rv128 zl-cc + zlibc program, whose
# stack and mmap area lie above 2^64.  Another guest's (a forked child's) mem, maps and
# auxv are refused, as the host would let the parent reach the child emulator's memory.  Each check prints PASS/FAIL VARIANT/NAME.
set -u
. tests/lib/need.sh
ZL_BIN=${ZL_BIN:-$(pwd)/build/bin}
out=$(mktemp -d /tmp/zl-procfs-XXXXXX)
trap 'rm -rf "$out"' EXIT
limit=$((30 * ${ZL_TIME_SCALE:-1}))
src=tests/run/adversarial/procfs.c
# every check the program makes: a missing line is a failure too
checks="mem_read mem_read_stack mem_write mem_write_readonly mem_write_code mem_lseek_dup
mem_preadv mem_unmapped mem_descriptors mem_reopen mem_mmap mem_rdonly maps_read maps_no_host_lines maps_sigpage maps_stack maps_data
maps_code maps_guest_ranges smaps auxv auxv_saved cmdline environ stat status exe_readlink exe_open exe_stat
pagemap_refused map_files_refused other_mem other_mem_rdonly other_task_mem other_maps other_auxv
other_mem_symlink thread_self_maps task_tid_maps proc_tid_maps thread_self_mem"

run() {   # variant, then zl-run's options and the program
    local v=$1; shift
    mkdir -p "$out/$v.d"
    timeout "$limit" "$ZL_BIN/zl-run" -E ZL_PROCFS_MARK=guest "$@" "$out/$v.d" "one arg" two \
        > "$out/$v.log" 2>&1
    local rc=$?
    [ $rc -eq 0 ] || echo "FAIL $v/exit: status $rc"
    sed -n "s#^\(PASS\|FAIL\) #\1 $v/#p" "$out/$v.log"
    for c in $checks; do
        grep -q "^\(PASS\|FAIL\) $c\(:\|$\)" "$out/$v.log" || echo "FAIL $v/$c: not reported"
    done
    [ "$(grep -c '^\(PASS\|FAIL\) auxv@' "$out/$v.log")" -eq 12 ] ||
        echo "FAIL $v/auxv-spellings: not all 12 reported"
}

if need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu libc6-dev-riscv64-cross &&
   riscv64-linux-gnu-gcc -O2 -static -o "$out/procfs64" "$src" 2> "$out/build64.log"; then
    run rv64 "$out/procfs64"
    run rv64-sysroot -L / "$out/procfs64"
else
    echo "FAIL rv64/build: riscv64-linux-gnu-gcc could not build $src"
    sed 's/^/# /' "$out/build64.log" 2>/dev/null | head -5
fi

if "$ZL_BIN/zl-cc" -m128 -std=c11 -O1 -o "$out/procfs128" "$src" 2> "$out/build128.log"; then
    run rv128 "$out/procfs128"
else
    echo "FAIL rv128/build: zl-cc -m128 could not build $src"
    sed 's/^/# /' "$out/build128.log" | head -5
fi
