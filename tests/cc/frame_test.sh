#!/usr/bin/env bash
# The frame-pointer chain (docs/abi.md 3.6, tests/cc/frame_chain.c) at every XLEN with
# zl-cc, and the same program built by GCC -O0 on rv64 as the oracle for the layout.
# Budget: ~5 s of CPU.
set -u
. "${ZL_ROOT:-.}/tests/cc/lib.sh"
cct_require_zlcc frame
T=$(mktemp -d /tmp/cc-frame.XXXXXX)
trap 'rm -rf "$T"' EXIT
src=$CCT_DIR/frame_chain.c
want="106 107"
for x in 128 64 32; do
    for o in -O0 -O1; do
        id=frame/chain@m$x$o
        if ! "$ZLCC" -m$x $o -o "$T/p" "$src" >"$T/err" 2>&1; then
            echo "FAIL $id: build: $(head -1 "$T/err")"; continue
        fi
        got=$("$ZLRUN" "$T/p" 2>&1)
        if [ "$got" = "$want" ]; then echo "PASS $id"; else echo "FAIL $id: '$got', want '$want'"; fi
    done
done
. "$ZL_ROOT/tests/lib/need.sh"
if need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu; then
    if riscv64-linux-gnu-gcc -O0 -static -o "$T/g" "$src" 2>"$T/err"; then
        got=$("$ZLRUN" "$T/g" 2>&1)
        if [ "$got" = "$want" ]; then echo "PASS frame/chain-gcc-oracle"
        else echo "FAIL frame/chain-gcc-oracle: GCC's program prints '$got', want '$want'"; fi
    else
        echo "FAIL frame/chain-gcc-oracle: gcc: $(head -1 "$T/err")"
    fi
else
    echo "FAIL frame/chain-gcc-oracle: riscv64-linux-gnu-gcc cannot be installed"
fi
