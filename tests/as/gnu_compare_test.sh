#!/usr/bin/env bash
# zl-as against GNU as (binutils) — script test, PASS/FAIL/SKIP lines.
#
#  1. corpus.*: the corpus generated from the instruction table (as_unit_test gen XLEN
#     [norvc]: every line of the table at that XLEN in several operand forms, plus the
#     pseudo-instructions) is assembled by zl-as and by riscv64-linux-gnu-as -mno-relax
#     for rv64 and rv32, with and without RVC.  The contents of every section
#     (.riscv.attributes included) must be identical, and so must the relocations
#     (offset, type, symbol, addend).
#     directives.*: tests/as/directives.s (directives, expressions, macros, data
#     relocations, sections, symbols) for rv64 and rv32.
#  2. gcc.*: C compiled by riscv64-linux-gnu-gcc -S (the guest runtime and its self
#     test) is assembled by both; same comparison.
#  3. readelf: riscv64-linux-gnu-readelf -a reads zl-as's ELF64 and ELF32 objects
#     without a warning.
#  4. link.*: zl-as objects of the self test link with GNU ld and the program runs
#     (zl-run, or qemu-riscv64 when zl-run cannot) with the same output as the
#     program built entirely by GNU.
# Budget: about 15 s.
set -u
ROOT=${ZL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$ROOT" || exit 1
BUILD=${BUILD:-build}
case $BUILD in /*) BIN=${ZL_BIN:-$BUILD/bin} ;; *) BIN=${ZL_BIN:-$ROOT/$BUILD/bin} ;; esac
. tests/lib/need.sh

if ! need_pkg riscv64-linux-gnu-as binutils-riscv64-linux-gnu; then
    echo "SKIP gnu_compare: riscv64-linux-gnu-as is not installed and cannot be installed"
    exit 0
fi
GEN=$BUILD/tests/as/as_unit_test
[ -x "$GEN" ] || make -s "$GEN" >/dev/null 2>&1
if [ ! -x "$GEN" ] || [ ! -x "$BIN/zl-as" ]; then
    echo "FAIL gnu_compare: $GEN or $BIN/zl-as missing"
    exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
GAS="riscv64-linux-gnu-as -mno-relax -misa-spec=20191213"
OBJDUMP=riscv64-linux-gnu-objdump
READELF=riscv64-linux-gnu-readelf

# Section contents, relocations and symbols of an object, in a comparable text form
# (symbols sorted, section indices as names; mapping symbols left out: GNU as 2.40 names
# them $x<isa>, zl-as plain $x).
# With SKIP_GENERATED=1 the sections GNU as builds from .loc and .cfi_* are left out (zl-as
# builds .debug_line with a different, equally valid encoding — one DW_LNE_set_address
# per row — and no .debug_frame/.eh_frame); tests/as/dwarf_test.sh checks its contents.
facts() {
    local gen='^$'
    [ "${SKIP_GENERATED:-0}" = 1 ] && gen='^(\.rela)?\.(debug_line|debug_line_str|debug_frame|eh_frame)$'
    LC_ALL=C $OBJDUMP -s "$1" | tail -n +3 |
        awk -v gen="$gen" '/^Contents of section / { s = $4; sub(/:$/, "", s); skip = (s ~ gen) } !skip'
    LC_ALL=C $READELF -rW "$1" | awk -v gen="$gen" '
        /^Relocation section/ { s = $3; gsub(/\047/, "", s); skip = (s ~ gen); if (!skip) print s; next }
        /^[0-9a-f]+ +[0-9a-f]+ R_/ && !skip { print $1, $3, $5, $6, $7 }'
    LC_ALL=C $READELF -SW -sW "$1" | awk -v gen="$gen" -v skipgen="${SKIP_GENERATED:-0}" '
        /^ +\[ *[0-9]+\]/ { line = $0; sub(/^ +\[ */, "", line); n = line + 0;
                            sub(/^[0-9]+\] +/, "", line); split(line, f, " "); sec[n] = f[1] }
        /^ +[0-9]+: / && NF >= 7 { ndx = $7; if (ndx ~ /^[0-9]+$/) ndx = sec[ndx]
                                   if ($8 ~ /^\$[xd]/) next
                                   # GNU labels the DWARF it generates with .L0 symbols
                                   if (skipgen == 1 && (ndx ~ gen || $8 == ".L0")) next
                                   print "sym", $8, $2, $3, $4, $5, $6, ndx }' | sort
}

# compare NAME SOURCE MARCH: assemble with both, compare facts
compare() {
    local name=$1 src=$2 march=$3
    if ! $GAS -march="$march" "$src" -o "$tmp/g.o" 2>"$tmp/g.err"; then
        echo "FAIL $name: GNU as rejected the input: $(head -c 300 "$tmp/g.err" | tr '\n' ' ')"
        return
    fi
    if ! "$BIN/zl-as" -march="$march" "$src" -o "$tmp/z.o" 2>"$tmp/z.err"; then
        echo "FAIL $name: zl-as rejected the input: $(head -c 300 "$tmp/z.err" | tr '\n' ' ')"
        return
    fi
    facts "$tmp/g.o" >"$tmp/g.txt"
    facts "$tmp/z.o" >"$tmp/z.txt"
    if cmp -s "$tmp/g.txt" "$tmp/z.txt"; then
        echo "PASS $name"
    else
        echo "FAIL $name: objects differ: $(diff "$tmp/g.txt" "$tmp/z.txt" | head -6 | tr '\n' ' ')"
    fi
}

for x in 64 32; do
    for v in rvc norvc; do
        "$GEN" gen $x $v >"$tmp/c$x$v.s"
        compare "corpus.rv$x.$v" "$tmp/c$x$v.s" "rv${x}gc_zihintpause"
    done
done

for x in 64 32; do compare "directives.rv$x" tests/as/directives.s "rv${x}gc"; done
# many copies of the corpus: relaxation with thousands of variable-size branches
for i in 1 2 3 4 5 6; do
    sed "s/loc_sym/loc_sym$i/g; s/sym_a/sym_a$i/g; s/tls_sym/tls_sym$i/g" "$tmp/c64rvc.s"
done >"$tmp/big.s"
compare corpus.rv64.x6 "$tmp/big.s" rv64gc_zihintpause

# compiler output
if command -v riscv64-linux-gnu-gcc >/dev/null 2>&1; then
    G=tests/lib/guest
    FL="-O2 -ffreestanding -fno-pie -march=rv64gc -mabi=lp64d -I$G"
    ok=1
    for f in guest selftest; do
        riscv64-linux-gnu-gcc $FL -S "$G/$f.c" -o "$tmp/$f.s" 2>/dev/null || ok=0
    done
    riscv64-linux-gnu-gcc $FL -E "$G/start.S" -o "$tmp/start.s" 2>/dev/null || ok=0
    if [ $ok = 1 ]; then
        for f in guest selftest start; do compare "gcc.$f" "$tmp/$f.s" rv64gc; done
        # with -g: DWARF sections written by the compiler (.debug_info & co.) must match
        if riscv64-linux-gnu-gcc $FL -g -S "$G/selftest.c" -o "$tmp/selftest_g.s" 2>/dev/null; then
            SKIP_GENERATED=1 compare gcc.selftest-g "$tmp/selftest_g.s" rv64gc
        fi
    else
        echo "SKIP gcc: riscv64-linux-gnu-gcc could not compile the guest runtime"
    fi
else
    echo "SKIP gcc: riscv64-linux-gnu-gcc is not installed"
    ok=0
fi

# readelf reads zl-as objects cleanly
bad=""
for x in 64 32; do
    "$BIN/zl-as" -march=rv${x}gc_zihintpause "$tmp/c${x}rvc.s" -o "$tmp/r$x.o" 2>/dev/null || bad="$bad assemble-rv$x"
    out=$(LC_ALL=C $READELF -a -W "$tmp/r$x.o" 2>&1 >/dev/null)
    [ -n "$out" ] && bad="$bad rv$x:[$out]"
    LC_ALL=C $READELF -a -W "$tmp/r$x.o" 2>&1 | grep -qi 'warning\|error' && bad="$bad rv$x:warning"
done
if [ -z "$bad" ]; then echo "PASS readelf"; else echo "FAIL readelf:$(echo "$bad" | head -c 300)"; fi

# link with GNU ld and run
if [ $ok = 1 ]; then
    # the same sources assembled by zl-as and by GNU as, linked by GNU ld
    for f in guest selftest start; do
        "$BIN/zl-as" -m64 "$tmp/$f.s" -o "$tmp/z_$f.o"
        $GAS -march=rv64gc "$tmp/$f.s" -o "$tmp/g_$f.o"
    done
    LD="riscv64-linux-gnu-gcc -static -nostdlib -no-pie -Wl,-z,separate-code"
    if $LD "$tmp/z_start.o" "$tmp/z_guest.o" "$tmp/z_selftest.o" -o "$tmp/self_z" 2>"$tmp/ld.err" &&
       $LD "$tmp/g_start.o" "$tmp/g_guest.o" "$tmp/g_selftest.o" -o "$tmp/self_g" 2>>"$tmp/ld.err"; then
        # zl-run when it runs the all-GNU build to its end (the self test prints PASS
        # lines and exits with a status of its own); qemu-riscv64 otherwise
        runner=""
        if [ -x "$BIN/zl-run" ]; then
            ZL_GUEST_TEST=1 "$BIN/zl-run" "$tmp/self_g" one "" "three four" >"$tmp/probe" 2>&1 </dev/null
            grep -q '^PASS' "$tmp/probe" && runner="$BIN/zl-run"
        fi
        if [ -z "$runner" ] && command -v qemu-riscv64 >/dev/null 2>&1; then
            runner=qemu-riscv64
        fi
        if [ -z "$runner" ]; then
            echo "SKIP link.run: neither zl-run nor qemu-riscv64 can run rv64 programs here"
        else
            ZL_GUEST_TEST=1 $runner "$tmp/self_g" one "" "three four" >"$tmp/out_g" 2>&1 </dev/null
            rg=$?
            ZL_GUEST_TEST=1 $runner "$tmp/self_z" one "" "three four" >"$tmp/out_z" 2>&1 </dev/null
            rc=$?
            if [ $rc -eq $rg ] && cmp -s "$tmp/out_g" "$tmp/out_z" && grep -q '^PASS' "$tmp/out_z"; then
                echo "PASS link.run ($(basename "$runner"))"
            else
                echo "FAIL link.run: ($runner, exit $rc vs $rg) $(diff "$tmp/out_g" "$tmp/out_z" | head -4 | tr '\n' ' ')"
            fi
        fi
        riscv64-linux-gnu-objcopy -O binary -j .text "$tmp/self_g" "$tmp/tg" 2>/dev/null
        riscv64-linux-gnu-objcopy -O binary -j .text "$tmp/self_z" "$tmp/tz" 2>/dev/null
        if cmp -s "$tmp/tg" "$tmp/tz"; then echo "PASS link.text"; else echo "FAIL link.text: linked .text differs from the all-GNU build"; fi
    else
        echo "FAIL link: $(head -c 300 "$tmp/ld.err" | tr '\n' ' ')"
    fi
fi
exit 0
