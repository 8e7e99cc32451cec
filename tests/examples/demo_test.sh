#!/usr/bin/env bash
# `make demo` end to end: examples/demo128.c built by zl-cc + zlibc for rv128 and run by
# zl-run must show the LP128 data model, arithmetic beyond 2^64, addresses above 2^64 and
# a file offset the API carries but the 64-bit host rejects (EOVERFLOW).
set -u
ROOT=${ZL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$ROOT" || exit 1
BUILD=${BUILD:-build}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
if ! BUILD=$BUILD bash examples/demo.sh >"$tmp/out" 2>&1; then
    echo "FAIL demo: examples/demo.sh failed: $(tail -3 "$tmp/out" | tr '\n' '|')"; exit 0
fi
check() {   # NAME REGEX
    if grep -Eq "$2" "$tmp/out"; then echo "PASS demo.$1"; else echo "FAIL demo.$1: no line matching /$2/"; fi
}
check elf128 'Class: +ELF128'
check lp128 'sizeof\(int\) = 4, sizeof\(long\) = 16, sizeof\(void \*\) = 16, sizeof\(off_t\) = 16, sizeof\(__int64\) = 8'
check beyond64 '^33! = 8683317618811886495518194401280000000 \(123 bits'
# more than 16 hex digits: the address needs more than 64 bits
check stack128 '^a stack address: 0x[0-9a-f]{17,}$'
check heap128 '^a heap address: +0x[0-9a-f]{17,}$'
check lseek 'lseek\(fd, 2\^40\) = 1099511627776 \(no error\)'
check eoverflow 'fcntl\(F_SETLK at 2\^70\) = -1 \(EOVERFLOW\)'
