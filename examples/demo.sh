#!/usr/bin/env bash
# make demo: build a 128-bit program and run it under zl-run.
set -euo pipefail
BUILD=${BUILD:-build}
mkdir -p "$BUILD/examples"
${HOST_CC:-cc} -O2 -std=c11 -Wall -Wextra -Werror -D_GNU_SOURCE -Iinclude -Isrc -Itests examples/mkdemo.c \
    "$BUILD/lib/libzl.a" -lm -o "$BUILD/examples/mkdemo"
"$BUILD/examples/mkdemo" "$BUILD/examples/demo128"
echo "== ELF class of the demo program"
od -An -tx1 -N5 "$BUILD/examples/demo128" | awk '{ printf "   e_ident: %s %s %s %s, EI_CLASS = %s (%s)\n", $1, $2, $3, $4, $5, ($5 == "03" ? "ELFCLASS128" : "?") }'
echo "== $BUILD/bin/zl-run $BUILD/examples/demo128"
"$BUILD/bin/zl-run" "$BUILD/examples/demo128"
