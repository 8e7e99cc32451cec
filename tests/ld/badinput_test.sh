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
exit 0
