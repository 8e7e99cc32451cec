#!/usr/bin/env bash
# zl-objdump -l / -S (script test, PASS/FAIL lines).
#  1. rv64/rv32 inputs made by riscv64-linux-gnu-gcc -g (objects at -O0 and -O2, DWARF 4,
#     an rv32 object, a freestanding program) and by zl-cc -g -m64/-m32 (objects, and
#     programs whose zlibc carries line tables too): the output of -d -l, -S, -d -l -S and
#     -d -l --inlines is identical to riscv64-linux-gnu-objdump's (tool name in warnings aside).
#     binutils-riscv64-linux-gnu and gcc-riscv64-linux-gnu are installed with apt-get when
#     missing (tests/lib/need.sh says so).
#  2. ELFCLASS128 (zl-cc -g -m128): the same function and file:line annotations as the
#     -m64 build, and source lines with -S.
#  3. Broken .debug_line: the disassembly, a "zl-objdump: FILE: DWARF error: ..." message
#     and exit status 1.
# Budget: about 10 s.
set -u
ROOT=${ZL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$ROOT" || exit 1
. tests/lib/binutils.sh
. tests/addr2line/lines.sh
bu_tool objdump cc readelf
OD=$BIN/zl-objdump

# ------------------------------------------------------------------ 1. GNU comparison
if need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu &&
    need_pkg riscv64-linux-gnu-objdump binutils-riscv64-linux-gnu; then
    cc=riscv64-linux-gnu-gcc
    # shellcheck disable=SC2086
    { $cc -g -O0 -c "$ONE" -o "$tmp/g0.o" &&
        $cc -g -O2 -c "$ONE" -o "$tmp/g2.o" &&
        $cc -g -gdwarf-4 -O2 -c "$ONE" -o "$tmp/g2d4.o" &&
        $cc -g -O2 -march=rv32imac -mabi=ilp32 -c "$ONE" -o "$tmp/g32.o" &&
        $cc -g -O2 -nostdlib -static -Wl,-e,main $SRC -o "$tmp/gfree" &&
        "$BIN/zl-cc" -g -m64 $SRC -o "$tmp/z64" &&
        "$BIN/zl-cc" -g -m32 $SRC -o "$tmp/z32" &&
        "$BIN/zl-cc" -g -m64 -c "$ONE" -o "$tmp/z64.o" &&
        "$BIN/zl-cc" -g -m32 -c "$ONE" -o "$tmp/z32.o"; } ||
        fail "objdump -l inputs" "could not compile the samples"
    for f in g0.o g2.o g2d4.o g32.o gfree z64.o z32.o z64 z32; do
        [ -f "$tmp/$f" ] || continue
        bad=""
        for o in "-d -l" "-S" "-d -l -S" "--line-numbers --source" "-d -l --inlines"; do
            # shellcheck disable=SC2086
            if ! cmp -s <(run riscv64-linux-gnu-objdump $o "$f") <(run "$OD" $o "$f"); then
                # shellcheck disable=SC2086
                bad+=" '$o': $(diff <(run riscv64-linux-gnu-objdump $o "$f") <(run "$OD" $o "$f") | sed -n 2p)"
            fi
        done
        if [ -z "$bad" ]; then pass "objdump -l -S gnu $f"; else fail "objdump -l -S gnu $f" "differs:$bad"; fi
    done
else
    fail "objdump -l -S gnu" "cannot install riscv64 gcc/binutils"
fi

# ------------------------------------------------------------------ 2. ELFCLASS128
"$BIN/zl-cc" -g -m128 -c "$ONE" -o "$tmp/z128.o" && "$BIN/zl-cc" -g -m64 -c "$ONE" -o "$tmp/z64b.o"
notes() { run "$OD" -d -l "$1" | grep -E '^[A-Za-z_][A-Za-z0-9_]*\(\):$|^/.*:[0-9]+( \(discriminator [0-9]+\))?$'; }
if [ -n "$(notes z128.o)" ] && [ "$(notes z128.o)" = "$(notes z64b.o)" ]; then
    pass "objdump -l rv128"
else fail "objdump -l rv128" "$(diff <(notes z128.o) <(notes z64b.o) | head -3 | tr '\n' '|')"; fi
out=$(run "$OD" -S z128.o)
if printf '%s\n' "$out" | grep -qx '    return a + b;' &&
    printf '%s\n' "$out" | grep -qx 'int main(int argc, char \*\*argv)' &&
    printf '%s\n' "$out" | grep -qE '^0{24}[0-9a-f]{8} <main>:$' && [ "${out##*rc=}" = 0 ]; then
    pass "objdump -S rv128"
else fail "objdump -S rv128" "$(printf '%s\n' "$out" | head -12 | tr '\n' '|')"; fi

# ------------------------------------------------------------------ 3. bad input
"$BIN/zl-cc" -g -m64 -c "$ONE" -o "$tmp/zb.o"
off=$((0x$(sect_off zb.o .debug_line)))
cp "$tmp/zb.o" "$tmp/bl.o"
printf '\x09\x00' | dd of="$tmp/bl.o" bs=1 seek=$((off + 4)) conv=notrunc status=none
out=$(run "$OD" -d -l bl.o)
if [ "${out##*rc=}" = 1 ] && printf '%s\n' "$out" | grep -q '^zl-objdump: bl.o: DWARF error: ' &&
    printf '%s\n' "$out" | grep -q '<main>:$'; then
    pass "objdump -l bad .debug_line"
else fail "objdump -l bad .debug_line" "$(printf '%s\n' "$out" | head -5 | tr '\n' '|')"; fi
