#!/usr/bin/env bash
# Disassemble, reassemble, compare — script test, PASS/FAIL/SKIP lines.
#
# rv64, rv32: the instruction-table corpus (with and without RVC) assembled by GNU as
#   is disassembled by `zl-objdump -d -M no-aliases`, turned back into assembly by
#   tests/objdump/redis.awk, reassembled by zl-as: .text must be byte-identical.
# rv128: the same with zl-as's own object of the RV128 corpus.
# Budget: about 5 s.
set -u
ROOT=${ZL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$ROOT" || exit 1
BUILD=${BUILD:-build}
case $BUILD in /*) BIN=${ZL_BIN:-$BUILD/bin} ;; *) BIN=${ZL_BIN:-$ROOT/$BUILD/bin} ;; esac
. tests/lib/need.sh

GEN=$BUILD/tests/as/as_unit_test
[ -x "$GEN" ] || make -s "$GEN" >/dev/null 2>&1
for t in "$GEN" "$BIN/zl-as" "$BIN/zl-objdump"; do
    [ -x "$t" ] || { echo "FAIL roundtrip: $t missing"; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

have_gas=1
need_pkg riscv64-linux-gnu-as binutils-riscv64-linux-gnu || have_gas=0

text_of() { "$BIN/zl-objdump" -s -j .text "$1" | tail -n +4; }

# roundtrip NAME OBJECT MARCH
roundtrip() {
    local name=$1 obj=$2 march=$3
    local size
    size=$("$BIN/zl-objdump" -h "$obj" | awk '$2 == ".text" { print $3 }')
    size=$((16#$size))
    "$BIN/zl-objdump" -d -M no-aliases -j .text "$obj" | awk -v size="$size" -f tests/objdump/redis.awk >"$tmp/$name.s"
    if ! "$BIN/zl-as" -march="$march" "$tmp/$name.s" -o "$tmp/$name.re.o" 2>"$tmp/err"; then
        echo "FAIL $name: reassembly failed: $(head -c 300 "$tmp/err" | tr '\n' ' ')"
        return
    fi
    text_of "$obj" >"$tmp/a"
    text_of "$tmp/$name.re.o" >"$tmp/b"
    local n
    n=$(grep -c . "$tmp/$name.s")
    if cmp -s "$tmp/a" "$tmp/b" && [ -s "$tmp/a" ]; then
        echo "PASS $name ($n lines)"
    else
        echo "FAIL $name: bytes differ: $(diff "$tmp/a" "$tmp/b" | head -4 | tr '\n' ' ')"
    fi
}

for x in 64 32; do
    for v in rvc norvc; do
        m=rv${x}gc_zihintpause
        "$GEN" gen $x $v >"$tmp/c.s"
        if [ $have_gas = 1 ]; then
            riscv64-linux-gnu-as -mno-relax -march=$m "$tmp/c.s" -o "$tmp/gnu$x$v.o" 2>/dev/null &&
                roundtrip "gnu.rv$x.$v" "$tmp/gnu$x$v.o" $m
        fi
        "$BIN/zl-as" -march=$m "$tmp/c.s" -o "$tmp/zl$x$v.o" && roundtrip "zl.rv$x.$v" "$tmp/zl$x$v.o" $m
    done
done
[ $have_gas = 1 ] || echo "SKIP roundtrip.gnu: riscv64-linux-gnu-as is not available"
for v in rvc norvc; do
    "$GEN" gen 128 $v >"$tmp/c.s"
    "$BIN/zl-as" -march=rv128imafdc "$tmp/c.s" -o "$tmp/zl128$v.o" &&
        roundtrip "zl.rv128.$v" "$tmp/zl128$v.o" rv128imafdc
done
exit 0
