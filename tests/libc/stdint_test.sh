#!/usr/bin/env bash
# zlibc <stdint.h> (docs/libc.md, docs/abi.md 1.3): tests/libc/stdint/limits.c checks at
# compile time that every limit and INTn_C/UINTn_C/INTMAX_C macro has the promoted type of
# its type and works in #if.  Built by zl-cc at -m128, -m64, -m32 and run under zl-run; at
# rv64 and rv32 also built by the Debian cross gcc against the same headers (when present);
# and a Csmith program built against zlibc at -m128 (when csmith is present).
set -u
cd "${ZL_ROOT:-.}"
BUILD=${BUILD:-build}
ZL_BIN=${ZL_BIN:-$PWD/$BUILD/bin}
source tests/libc/lib.sh
src=tests/libc/stdint/limits.c
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tmo=$((60 * ${ZL_TIME_SCALE:-1}))
for x in 128 64 32; do
    zlibc_check_run libc/stdint@zl-cc-m$x "$tmp/zl$x" timeout "$tmo" "$ZL_BIN/zl-cc" -m$x -std=c11 -Wall -Werror -o "$tmp/zl$x" "$src"
done
# A Csmith program (its safe_math.h tests INT64_MAX & co. in #if) against zlibc at -m128.
if command -v csmith >/dev/null 2>&1 && [ -f /usr/include/csmith/safe_math.h ]; then
    id=libc/stdint/csmith@zl-cc-m128
    if ! (cd "$tmp" && csmith --seed 1 --max-funcs 4 --max-block-depth 3 -o cs.c >/dev/null 2>&1); then
        echo "FAIL $id: csmith failed"
    elif ! timeout "$tmo" "$ZL_BIN/zl-cc" -m128 -O1 -w -I/usr/include/csmith -o "$tmp/cs" "$tmp/cs.c" >"$tmp/err" 2>&1; then
        echo "FAIL $id: $(grep -m1 'error' "$tmp/err" || head -n1 "$tmp/err")"
    elif ! timeout "$tmo" "$ZL_BIN/zl-run" "$tmp/cs" | grep -q '^checksum = '; then
        echo "FAIL $id: no checksum printed"
    else
        echo "PASS $id"
    fi
else
    echo "SKIP libc/stdint/csmith: csmith is not installed (tests/cc/csmith_test.sh installs it)"
fi
if ! command -v "$ZLIBC_GCC" >/dev/null 2>&1; then
    echo "SKIP libc/stdint@gcc: $ZLIBC_GCC is not installed"
    exit 0
fi
for x in 64 32; do
    zlibc_check_run libc/stdint@gcc-rv$x "$tmp/g$x" zlibc_gcc_build $x "$src" "$tmp/g$x" -Werror
done
