#!/usr/bin/env bash
# zlibc threads.  Two programs print one line per check ("ok NAME" / "FAILED NAME: ...")
# and end with "all checks passed":
#   tests/libc/thread/pthread.c  threads: create/join, mutex/atomic counters, condition
#       variables, keys, once, mutex types, rwlocks, barriers, spinlocks, semaphores, detach,
#       attributes, pthread_exit and cleanup handlers, cancellation, pthread_kill/sigmask,
#       stdio and malloc from several threads, fork from a thread with atfork handlers,
#       per-thread errno and _Thread_local variables, C11 <threads.h>, pthread_exit of the main thread joined by another
#   tests/libc/thread/single.c   the same library in one thread (mutex types, timed waits,
#       keys, attributes, semaphores, C11, atfork, self-cancellation ending the process)
# The reference is each program built by riscv64-linux-gnu-gcc -static -pthread (glibc) and
# run under qemu-riscv64; every other build must print exactly its output:
#   libc/thread-P@zl-cc-mX       zl-cc -mX (X = 128, 64, 32) against zlibc, under zl-run
#   libc/thread-P@zl-cc-mX-qemu  the rv64/rv32 builds under qemu-riscv64/qemu-riscv32
#                                (zlibc against Linux's own clone and futex)
#   libc/thread-P@gcc-rv64       riscv64-linux-gnu-gcc against zlibc, under zl-run
# A run in which no thread can be created prints "skipped threads: ..." and is a SKIP line.
set -u
cd "${ZL_ROOT:-.}"
BUILD=${BUILD:-build}
ZL_BIN=${ZL_BIN:-$PWD/$BUILD/bin}
source tests/lib/need.sh
source tests/libc/lib.sh
tmp=$(mktemp -d /tmp/libc-thread.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
tmo=$((120 * ${ZL_TIME_SCALE:-1}))
if ! need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu; then
    echo "FAIL libc/thread: riscv64-linux-gnu-gcc not available"; exit 1
fi
if ! need_pkg qemu-riscv64 qemu-user || ! need_pkg qemu-riscv32 qemu-user; then
    echo "FAIL libc/thread: qemu-riscv64/qemu-riscv32 not available"; exit 1
fi

# judge ID OUT STATUS: PASS when the run succeeded with the reference output, SKIP when the
# program could not create a thread at all, else FAIL with the first difference.
judge() {
    local id=$1 out=$2 rc=$3
    if grep -q '^skipped threads' "$out"; then
        echo "SKIP $id: $(sed -n 's/^skipped threads: //p' "$out") (no thread could be created)"
    elif [ "$rc" -ne 0 ]; then
        echo "FAIL $id: exit status $rc: $(grep -e FAILED "$out" | head -n3 | tr '\n' ';')$(tail -n1 "$out")"
    elif [ -n "$ref" ] && ! cmp -s "$out" "$ref"; then
        echo "FAIL $id: output differs from glibc's: $(diff "$ref" "$out" | sed -n 2p)"
    else
        echo "PASS $id"
    fi
}

for src in tests/libc/thread/pthread.c tests/libc/thread/single.c; do
    n=thread-$(basename "$src" .c)
    ref=
    if $ZLIBC_GCC -std=gnu11 -O2 -static -pthread -o "$tmp/glibc" "$src" 2>"$tmp/err" &&
       timeout "$tmo" qemu-riscv64 "$tmp/glibc" >"$tmp/glibc.out" 2>&1 &&
       grep -q '^all checks passed$' "$tmp/glibc.out"; then
        ref=$tmp/glibc.out
        echo "PASS libc/$n@glibc-rv64-qemu"
    else
        echo "FAIL libc/$n@glibc-rv64-qemu: $(grep -h -m1 -e error -e FAILED "$tmp/err" "$tmp/glibc.out" 2>/dev/null | head -n1)"
    fi
    for x in 128 64 32; do
        id=libc/$n@zl-cc-m$x
        if ! "$ZL_BIN/zl-cc" -m$x -std=c11 -Wall -Wextra -Werror -pthread -o "$tmp/zl$x" "$src" 2>"$tmp/err"; then
            echo "FAIL $id: $(head -n1 "$tmp/err")"; continue
        fi
        timeout "$tmo" "$ZL_BIN/zl-run" "$tmp/zl$x" >"$tmp/out" 2>&1
        judge "$id" "$tmp/out" $?
        [ $x = 128 ] && continue
        timeout "$tmo" qemu-riscv$x "$tmp/zl$x" >"$tmp/out" 2>&1
        judge "$id-qemu" "$tmp/out" $?
    done
    if zlibc_gcc_build 64 "$src" "$tmp/g64" 2>"$tmp/err"; then
        timeout "$tmo" "$ZL_BIN/zl-run" "$tmp/g64" >"$tmp/out" 2>&1
        judge "libc/$n@gcc-rv64" "$tmp/out" $?
    else
        echo "FAIL libc/$n@gcc-rv64: $(grep -m1 error "$tmp/err")"
    fi
done
