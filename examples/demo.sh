#!/usr/bin/env bash
# make demo: an ordinary C program (examples/demo128.c) built by zl-cc with zlibc as a
# 128-bit program (LP128, ELFCLASS128) and run under zl-run on this 64-bit host.
set -euo pipefail
BUILD=${BUILD:-build}
BIN=$BUILD/bin
mkdir -p "$BUILD/examples"
echo "== $BIN/zl-cc -O1 examples/demo128.c -o $BUILD/examples/demo128"
"$BIN/zl-cc" -O1 examples/demo128.c -o "$BUILD/examples/demo128"
echo "== $BIN/zl-readelf -h $BUILD/examples/demo128 (excerpt)"
"$BIN/zl-readelf" -h "$BUILD/examples/demo128" | grep -E 'Class|Machine|Type|Entry' | sed 's/^/  /'
echo "== $BIN/zl-run $BUILD/examples/demo128"
"$BIN/zl-run" "$BUILD/examples/demo128"
