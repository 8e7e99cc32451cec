#!/usr/bin/env bash
# <elf.h>'s Elf128_* structures (docs/abi.md 8): their layout at compile time with zl-cc
# at rv128, rv64 and rv32, and an rv128 program reading its own ELF128 header.
set -u
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
src=tests/libc/elf128/elf128.c
for x in 128 64 32; do
    if "$ZL_BIN/zl-cc" -m$x -O1 -o "$tmp/e$x" "$src" 2> "$tmp/err" &&
       [ "$("$ZL_BIN/zl-run" "$tmp/e$x" 2>&1)" = "structures ok" ]; then
        echo "PASS libc/elf128/layout@rv$x"
    else
        echo "FAIL libc/elf128/layout@rv$x: $(head -n 2 "$tmp/err" | tr '\n' ' ')"
    fi
done
got=$("$ZL_BIN/zl-run" "$tmp/e128" "$tmp/e128" 2>&1)
[ "$got" = "class 3 ehsize 96 phentsize 112 shentsize 112 entry-nonzero 1" ] &&
    echo "PASS libc/elf128/own-header" || echo "FAIL libc/elf128/own-header: '$got'"
