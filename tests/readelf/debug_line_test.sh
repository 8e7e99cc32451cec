#!/usr/bin/env bash
# zl-readelf -wl / -wL, --debug-dump=line / decodedline (script test, PASS/FAIL lines).
#  1. rv64/rv32 inputs made by riscv64-linux-gnu-gcc -g (DWARF 5 programs and objects,
#     DWARF 4 and 2 objects, an rv32 object) and by zl-cc -g -m64/-m32 (DWARF 3, programs
#     and objects): the output of -wl, -wL, -wL -W and -wlL is identical to
#     riscv64-linux-gnu-readelf's, objects relocated as GNU readelf relocates them.  binutils-riscv64-linux-gnu and gcc-riscv64-linux-gnu
#     are installed with apt-get when missing (tests/lib/need.sh says so).
#  2. ELFCLASS128 (zl-cc -g -m128): 16-byte DW_LNE_set_address operands, and the same
#     statements as the -m64 build once addresses and offsets are set aside.
#  3. Bad input: a broken header or program gives "zl-readelf: Error: FILE: DWARF error:
#     ..." and exit status 1, never a crash; -w letters other than l and L are refused.
# Budget: about 10 s.
set -u
ROOT=${ZL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$ROOT" || exit 1
. tests/lib/binutils.sh
. tests/addr2line/lines.sh
bu_tool readelf cc
RD=$BIN/zl-readelf

# ------------------------------------------------------------------ 1. GNU comparison
if need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu &&
    need_pkg riscv64-linux-gnu-readelf binutils-riscv64-linux-gnu; then
    cc=riscv64-linux-gnu-gcc
    # shellcheck disable=SC2086
    { $cc -g -O0 -static $SRC -o "$tmp/g0" &&
        $cc -g -O2 -c "$ONE" -o "$tmp/g2.o" &&
        $cc -g -gdwarf-4 -O2 -c "$ONE" -o "$tmp/g2d4.o" &&
        $cc -g -gdwarf-2 -O1 -c "$ONE" -o "$tmp/g1d2.o" &&
        $cc -g -O2 -march=rv32imac -mabi=ilp32 -c "$ONE" -o "$tmp/g32.o" &&
        "$BIN/zl-cc" -g -m64 $SRC -o "$tmp/z64" &&
        "$BIN/zl-cc" -g -m32 $SRC -o "$tmp/z32" &&
        "$BIN/zl-cc" -g -m64 -c "$ONE" -o "$tmp/z64.o" &&
        "$BIN/zl-cc" -g -m32 -c "$ONE" -o "$tmp/z32.o"; } ||
        fail "readelf -wl inputs" "could not compile the samples"
    for f in g0 g2.o g2d4.o g1d2.o g32.o z64 z32 z64.o z32.o; do
        [ -f "$tmp/$f" ] || continue
        for o in -wl -wL "-wL -W" -wlL; do
            # shellcheck disable=SC2086
            if cmp -s <(run riscv64-linux-gnu-readelf $o "$f") <(run "$RD" $o "$f"); then
                pass "readelf $o gnu $f"
            else
                # shellcheck disable=SC2086
                fail "readelf $o gnu $f" "$(diff <(run riscv64-linux-gnu-readelf $o "$f") <(run "$RD" $o "$f") | sed -n '1,3p' | tr '\n' '|')"
            fi
        done
    done
    for o in "--debug-dump=line" "--debug-dump=rawline" "--debug-dump=decodedline" "-s -wl" "-h -S -wl"; do
        # shellcheck disable=SC2086
        if cmp -s <(run riscv64-linux-gnu-readelf $o g2.o z64) <(run "$RD" $o g2.o z64); then
            pass "readelf gnu '$o'"
        else
            # shellcheck disable=SC2086
            fail "readelf gnu '$o'" "$(diff <(run riscv64-linux-gnu-readelf $o g2.o z64) <(run "$RD" $o g2.o z64) | sed -n '1,3p' | tr '\n' '|')"
        fi
    done
else
    fail "readelf -wl gnu" "cannot install riscv64 gcc/binutils"
fi

# ------------------------------------------------------------------ 2. ELFCLASS128
"$BIN/zl-cc" -g -m128 -c "$ONE" -o "$tmp/z128.o" && "$BIN/zl-cc" -g -m64 -c "$ONE" -o "$tmp/z64b.o"
out=$(run "$RD" -wl z128.o)
# zl-as's DW_LNE_set_address: extended length 17 (0x11), so 19 bytes from one to the next
if printf '%s\n' "$out" | grep -q '^  DWARF Version:               3$' &&
    pair=$(printf '%s\n' "$out" | grep -m1 -A1 'set Address to 0$' | sed -E 's/^  \[0x([0-9a-f]+)\].*/\1/') &&
    [ $((16#${pair#*$'\n'} - 16#${pair%%$'\n'*})) = 19 ] &&
    [ "${out##*rc=}" = 0 ]; then
    pass "readelf -wl rv128"
else fail "readelf -wl rv128" "$(printf '%s\n' "$out" | sed -n '30,36p' | tr '\n' '|')"; fi
strip_addr() { sed -E 's/^  \[0x[0-9a-f]+\]//; s/set Address to .*/set Address/; s/^  (Offset|Length|Prologue Length):.*//'; }
if diff <(run "$RD" -wl z128.o | strip_addr) <(run "$RD" -wl z64b.o | strip_addr) >/dev/null; then
    pass "readelf -wl rv128 statements"
else fail "readelf -wl rv128 statements" "$(diff <(run "$RD" -wl z128.o | strip_addr) <(run "$RD" -wl z64b.o | strip_addr) | sed -n '1,3p' | tr '\n' '|')"; fi

# ------------------------------------------------------------------ 3. bad input
# shellcheck disable=SC2086
"$BIN/zl-cc" -g -m64 $SRC -o "$tmp/zb"
off=$((0x$(sect_off zb .debug_line)))
prog=$((off + 10 + $(od -An -tu4 -j $((off + 6)) -N4 "$tmp/zb")))
bad() {     # bad NAME FILE-OFFSET BYTES
    cp "$tmp/zb" "$tmp/$1"
    printf "$3" | dd of="$tmp/$1" bs=1 seek="$2" conv=notrunc status=none
}
bad bl_version $((off + 4)) '\x09\x00'
bad bl_length $off '\xf0\xff\xff\xff'
bad bl_hdrlen $((off + 6)) '\xff\xff\xff\x00'
bad bl_opbase $((off + 14)) '\x00'
bad bl_extlen "$prog" '\x00\xff\xff\x03'
bad bl_addr "$prog" '\x00\x20\x02'
for f in bl_version bl_length bl_hdrlen bl_opbase bl_extlen bl_addr; do
    for o in -wl -wL; do
        out=$(run "$RD" $o "$f")
        if [ "${out##*rc=}" = 1 ] && printf '%s\n' "$out" | grep -q "^zl-readelf: Error: $f: DWARF error: "; then
            pass "readelf $o bad $f"
        else fail "readelf $o bad $f" "$(printf '%s\n' "$out" | tail -3 | tr '\n' '|')"; fi
    done
done
# the first unit cut short at every 7th length: truncated headers, tables and programs
crash=""
for ((n = 0; n < 400; n += 7)); do
    bad cut $off "$(printf '\\x%02x\\x%02x\\x00\\x00' $((n & 255)) $((n >> 8)))"
    out=$(run "$RD" -wlL cut)
    [ "${out##*rc=}" -lt 2 ] || crash+=" $n:${out##*rc=}"
done
if [ -z "$crash" ]; then pass "readelf -wl bad truncated"; else fail "readelf -wl bad truncated" "$crash"; fi
out=$(run "$RD" -wi zb)
if [ "${out##*rc=}" = 1 ] && printf '%s\n' "$out" | grep -q "^zl-readelf: Error: -wi is not supported"; then
    pass "readelf -wi refused"
else fail "readelf -wi refused" "$out"; fi
