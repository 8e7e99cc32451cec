#!/usr/bin/env bash
# Structures with a pointer slot (docs/abi.md 5.4, docs/libc.md "System calls and the
# __ptr_t boundary"): tests/libc/ptrslot/slots.c checks their layout at every XLEN, that
# positional initializers and compound literals fill the members they name, and that
# writev/readv/sendmsg/recvmsg/sigaction/sigaltstack work with them (also with garbage in
# the rest of each slot).  Built by zl-cc at -m128/-m64/-m32, by the cross gcc against zlibc
# at rv64/rv32 and against glibc at rv64; all run under zl-run.
set -u
cd "${ZL_ROOT:-.}"
BUILD=${BUILD:-build}
ZL_BIN=${ZL_BIN:-$PWD/$BUILD/bin}
source tests/libc/lib.sh
src=tests/libc/ptrslot/slots.c
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tmo=$((60 * ${ZL_TIME_SCALE:-1}))
for x in 128 64 32; do
    zlibc_check_run libc/ptrslot@zl-cc-m$x "$tmp/zl$x" timeout "$tmo" "$ZL_BIN/zl-cc" -m$x -std=c11 \
        -Wall -Wextra -Werror -o "$tmp/zl$x" "$src"
done
if ! command -v "$ZLIBC_GCC" >/dev/null 2>&1; then
    echo "SKIP libc/ptrslot@gcc: $ZLIBC_GCC is not installed"
    exit 0
fi
for x in 64 32; do
    zlibc_check_run libc/ptrslot@gcc-rv$x "$tmp/g$x" zlibc_gcc_build $x "$src" "$tmp/g$x"
done
zlibc_check_run libc/ptrslot@glibc-rv64 "$tmp/glibc" "$ZLIBC_GCC" -std=gnu11 -O2 -static \
    -o "$tmp/glibc" "$src"
