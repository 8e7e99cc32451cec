#!/usr/bin/env bash
# zl-ld output safety (issue 17): the output is never one of the inputs (refused, input
# untouched); an unwritable output says why, exits 1 and leaves no half-written file.
# Script test, PASS/FAIL lines.
set -u
ROOT=${ZL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$ROOT" || exit 1
BUILD=${BUILD:-build}
case $BUILD in /*) BIN=${ZL_BIN:-$BUILD/bin} ;; *) BIN=${ZL_BIN:-$ROOT/$BUILD/bin} ;; esac
LD=$BIN/zl-ld AS=$BIN/zl-as
[ -x "$LD" ] && [ -x "$AS" ] || { echo "FAIL badinput: $LD or $AS missing"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

printf '\t.globl _start\n_start:\n\tnop\n\t.data\n\t.zero 65536\n' >x.s
"$AS" -m64 x.s -o x.o || { echo "FAIL badinput: cannot assemble the input"; exit 1; }
cp x.o x.orig
ln x.o link.o
. "$ROOT/tests/lib/outfile.sh"
for o in x.o ./x.o link.o; do
    of_same_file "same_file.$o" x.o x.orig "zl-ld: error: input file 'x.o' is the same as output file" \
        "$LD" x.o -o "$o"
done
# the same through -l: the library is the output
mkdir lib && cp x.o lib/liby.a && cp x.o y.orig
of_same_file same_file.lib lib/liby.a y.orig "zl-ld: error: input file 'lib/liby.a' is the same as output file" \
    "$LD" x.o -Llib -ly -o lib/liby.a

of_full_disk full_disk "zl-ld: error: cannot write /dev/full: No space left on device" "$LD" x.o -o /dev/full
of_full_disk full_disk.map "zl-ld: error: cannot write map file /dev/full: No space left on device" \
    "$LD" x.o -o mapped -Map /dev/full
[ ! -e mapped ] && echo "PASS full_disk.map.no_output" || echo "FAIL full_disk.map.no_output: the output was written"
of_fsize fsize.no_partial_output 16 big "zl-ld: error: cannot write big: File too large" "$LD" x.o -o big
of_devnull devnull "$LD" x.o -o /dev/null
# A NOBITS .eh_frame (fuzz_ld) has no records to read: linked as an ordinary section, with
# and without --gc-sections (zl-ld read it through a null pointer before)
printf '\t.globl _start\n_start:\n\tnop\n\t.section .eh_frame,"a",@nobits\n\t.zero 64\n' >nb.s
"$AS" -m64 nb.s -o nb.o || echo "FAIL nobits_eh_frame: cannot assemble the input"
for gc in "" --gc-sections; do
    "$LD" ${gc:+"$gc"} nb.o -o nb.out >nb.err 2>&1
    rc=$?
    if [ $rc -eq 0 ] && [ -s nb.out ]; then echo "PASS nobits_eh_frame$gc"
    else echo "FAIL nobits_eh_frame$gc: exit $rc: $(head -c 200 nb.err)"; fi
done
# Section sizes near 2^128 in an ELF128 object (fuzz_ld): a non-alloc NOBITS section,
# which the output turns into contents, of 2^128 - 2 bytes made the sum of the output's
# contents wrap, and zl-ld copied that many bytes (ASan: negative-size-param; without it, a
# corrupt output and exit 0); two of over 2^127 bytes in one output section wrapped its
# size.
# Each must be refused, with no output file.
# patch FILE SECTION FIELD BYTES: the 16-byte field at byte FIELD of ELF128 section SECTION's
# header (by name; Elf128_Shdr, docs/abi.md: sh_size at 64, sh_addralign at 80) := BYTES,
# printf octal escapes, little-endian
patch() {
    local shoff idx
    shoff=$("$BIN/zl-readelf" -h "$1" | awk '/Start of section headers/ { print $5 }')
    idx=$("$BIN/zl-readelf" -S -W "$1" | sed -n "s/^ *\[ *\([0-9]*\)\] $2 .*/\1/p")
    [ -n "$shoff" ] && [ -n "$idx" ] || return 1
    printf "$4" | dd of="$1" bs=1 seek=$((shoff + idx * 112 + $3)) conv=notrunc status=none
}
ff14=$(printf '\\377%.0s' $(seq 14))
# refused NAME MESSAGE INPUT...: zl-ld exits 1 saying MESSAGE, with no output file
refused() {
    local name=$1 want=$2 rc
    shift 2
    rm -f h.out
    "$LD" "$@" -o h.out >h.err 2>&1
    rc=$?
    if [ $rc -eq 1 ] && [ ! -e h.out ] && grep -qF "$want" h.err; then
        echo "PASS $name"
    else
        echo "FAIL $name: exit $rc, output $([ -e h.out ] && echo written || echo none): $(head -c 300 h.err)"
    fi
}
printf '\t.globl _start\n_start:\n\tnop\n\t.section .huge,"",@nobits\n\t.zero 16\n' >huge.s
printf '\t.section .huge,"",@nobits\n\t.zero 16\n' >huge2.s
if "$AS" -m128 huge.s -o huge.o && "$AS" -m128 huge2.s -o huge2.o && cp huge.o half.o &&
   patch huge.o .huge 64 "\\376$ff14\\377" && patch half.o .huge 64 "\\376$ff14\\200" &&
   patch huge2.o .huge 64 "\\376$ff14\\200"; then
    refused huge_nobits_contents "section contents (section .huge" huge.o
    refused huge_nobits_sum "section .huge: its input sections do not fit in 2^128 bytes" half.o huge2.o
else
    echo "FAIL huge_nobits: cannot make the inputs"
fi
# A non-alloc section aligned to 2^127 (fuzz_ld): its file offset wrapped, and zl-ld wrote
# its contents through a pointer past the output (a segmentation fault)
printf '\t.globl _start\n_start:\n\tnop\n\t.section .huge,"",@progbits\n\t.byte 1\n' >align.s
if "$AS" -m128 align.s -o align.o && patch align.o .huge 80 '\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\200'; then
    refused huge_align "section .huge would end beyond the output's limit" align.o
else
    echo "FAIL huge_align: cannot make the input"
fi
exit 0
