#!/usr/bin/env bash
# zl-as on hostile input (issue 17): repetition, .incbin, macro and .include recursion and
# huge fills are bounded (a located error, status 1, no object, quickly); an unwritable
# output says why and leaves no file; the output is never an input.  PASS/FAIL lines.
set -u
ROOT=${ZL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$ROOT" || exit 1
BUILD=${BUILD:-build}
case $BUILD in /*) BIN=${ZL_BIN:-$BUILD/bin} ;; *) BIN=${ZL_BIN:-$ROOT/$BUILD/bin} ;; esac
AS=$BIN/zl-as
[ -x "$AS" ] || { echo "FAIL badinput: $AS missing"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
. "$ROOT/tests/lib/outfile.sh"

# rejected NAME FILE LINE TEXT: status 1 (no signal, quickly), the error on LINE, no object
rejected() { of_rejected "$1" out.o "^$2:$3: Error: $4" "$AS" -m64 "$2" -o out.o; }

printf '\tnop\n\t.rept 16777216\n\t.rept 16777216\n\tnop\n\t.endr\n\t.endr\n' >rept2.s
rejected rept.nested_product rept2.s 3 'nested .rept repeat their body more than 16777216 times'
printf '\t.rept 4096\n\t.rept 4096\n\t.macro m\n\t.rept 2\n\t.endr\n\t.endm\n\tm\n\t.endr\n\t.endr\n' >rept3.s
rejected rept.through_macro rept3.s 4 'nested .rept repeat'
printf '\t.rept 16777217\n\tnop\n\t.endr\n' >rept1.s
rejected rept.count rept1.s 1 '.rept count 16777217 is too large'
printf '\t.incbin "/dev/zero"\n' >zero.s
rejected incbin.device zero.s 1 '.incbin file /dev/zero is too large'
printf '\t.macro m\n\tm\n\t.endm\n\tm\n' >macro.s
rejected macro.recursion macro.s 2 'macros or includes nested too deeply'
printf '\t.include "self.s"\n' >self.s
rejected include.recursion self.s 1 'macros or includes nested too deeply'
printf '\t.fill 0x7fffffff, 8, 0\n' >fill.s
rejected fill.huge fill.s 1 '.fill size is too large'
printf '\t.skip 1000000000000\n' >skip.s
rejected skip.huge skip.s 1 '.skip size 1000000000000 is too large\|.space size'
printf '\t.zero 1 << 40\n' >zero2.s
rejected zero.huge zero2.s 1 '.zero size'
# an instruction in .bss whose immediate is known only after layout (found by fuzz_as:
# the fixup wrote through the section's missing contents)
printf '\t.bss\n\tlui a0, %%hi(b - a)\na:\nb:\n' >bss.s
rejected bss.insn_fixup bss.s 2 "attempt to store non-zero value in section"

# fills reaching the section limit say so once and stop at once (they used to write and
# report byte by byte: 2 GiB of alignment fill, or .org towards 2^63, ran for minutes)
printf '\t.data\n\t.byte 1\n\t.p2align 40, 1\n\t.byte 2\n' >align.s
rejected align.fill_huge align.s 3 'section .data is too large'
[ "$(grep -c 'is too large' err)" = 1 ] && echo "PASS align.reported_once" || echo "FAIL align.reported_once: $(grep -c 'is too large' err) reports"
printf '\t.data\n\t.org 0x7fffffffffffffff, 1\n' >org.s
rejected org.fill_huge org.s 2 'section .data is too large'
printf '\t.data\n\t.space 0xffffffff, 1\n' >space.s
rejected space.fill_huge space.s 2 'section .data is too large'
# inputs fuzz_as found (tests/as/badinput/): huge-align-fill.s ran for minutes (its
# `.align 41592653589792`); rept-error-flood.s, with a .rept count of 3589793, printed
# 10.8 million messages and took 1.16 GB
rejected fuzz.huge_align_fill "$ROOT/tests/as/badinput/huge-align-fill.s" 81 'alignment too large'
rejected fuzz.rept_error_flood "$ROOT/tests/as/badinput/rept-error-flood.s" 127 'invalid digit'
# fixup-past-limit.s (fuzz_as, clang UBSan; first byte of the fuzz input: -march=rv64imac)
# kept a fixup for instruction bytes the full section never stored: layout then formed a
# pointer into the fragment's missing contents
of_rejected fuzz.fixup_past_limit out.o 'section .text is too large' \
    "$AS" -march=rv64imac "$ROOT/tests/as/badinput/fixup-past-limit.s" -o out.o

# rept-bad-body.s and nested-rept-bad-body.s (fuzz_as timeouts; first byte of the fuzz
# input: -march=rv64imac) repeated a body full of errors 3,589,793 times (10 s of CPU
# without sanitizers, over 50 s with them) and 3 x 3008 x 3 x 3 times (3 s, 290 MB)
for f in rept-bad-body:121:3589793 nested-rept-bad-body:48:3008; do
    IFS=: read -r name line count <<<"$f"
    of_rejected "fuzz.$name" out.o "^.*/$name.s:$line: Info: .rept stopped after 1 of $count repetitions" \
        "$AS" -march=rv64imac "$ROOT/tests/as/badinput/$name.s" -o out.o
done
# a .rept stops after an iteration that reported errors: the others would repeat them
printf '\t.rept 16000000\n\t.bogus\n\t.endr\n' >repeat.s
rejected rept_stops.first repeat.s 2 "unknown pseudo-op"
if [ "$(grep -c 'unknown pseudo-op' err)" = 1 ] &&
   grep -q '^repeat.s:1: Info: .rept stopped after 1 of 16000000 repetitions: its body has errors$' err; then
    echo "PASS rept_stops.after_first"
else
    echo "FAIL rept_stops.after_first: $(grep -c 'unknown pseudo-op' err) copies; $(tail -1 err)"
fi
# ... after the iteration that had them, not before
printf '\t.set i, 0\n\t.rept 5\n\t.if i == 3\n\t.bogus\n\t.endif\n\t.set i, i + 1\n\t.endr\n' >later.s
rejected rept_stops.later later.s 4 "unknown pseudo-op"
grep -q '^later.s:2: Info: .rept stopped after 4 of 5 repetitions' err && echo "PASS rept_stops.after_fourth" ||
    echo "FAIL rept_stops.after_fourth: $(tail -1 err)"
# a message repeated in place is printed once, then counted: a warning in a .rept, an
# error found at layout in every copy of a .rept body
printf '\t.rept 1000\n\t.warning "w"\n\t.endr\n\t.rept 1000\n\t.2byte x\n\t.endr\n\t.set x, 70000\n' >repeat4.s
rejected repeat.first repeat4.s 5 "value 0x11170 does not fit in 2 bytes"
if [ "$(grep -c 'does not fit' err)" = 1 ] && [ "$(grep -c 'Warning: w' err)" = 1 ] &&
   grep -q '^repeat4.s: Info: 1998 repeated messages not shown' err; then
    echo "PASS repeat.counted"
else
    echo "FAIL repeat.counted: $(grep -c 'does not fit' err) copies; $(tail -1 err)"
fi
# ... but not when the macro invocation it comes from differs
printf '\t.macro m\n\t.bogus\n\t.endm\n\tm\n\tm\n' >repeat2.s
rejected repeat.other_invocation repeat2.s 2 "unknown pseudo-op"
[ "$(grep -c 'unknown pseudo-op' err)" = 2 ] && echo "PASS repeat.other_invocation_shown" ||
    echo "FAIL repeat.other_invocation_shown: $(grep -c 'unknown pseudo-op' err) copies"

# memory: a statement's expression trees are released after it, so four million data
# directives fit in 200 MB of address space (they took 64 bytes each).  Under
# AddressSanitizer the address space is reserved up front: the limit is not applied.
printf '\t.data\n\t.rept 4000000\n\t.byte 1\n\t.endr\n' >many.s
if grep -q __asan_init "$AS"; then
    "$AS" -m64 many.s -o many.o 2>err
else
    (ulimit -v 200000; "$AS" -m64 many.s -o many.o 2>err)
fi
[ $? = 0 ] && [ "$(wc -c <many.o)" -gt 4000000 ] && echo "PASS memory.expressions_released" ||
    echo "FAIL memory.expressions_released: $(head -c 200 err)"

# within the limits: nested .rept multiply; .incbin of a device with a count reads only that
printf '\t.rept 3\n\t.rept 4\n\t.byte 1\n\t.endr\n\t.endr\n\t.incbin "/dev/zero", 0, 16\n' >ok.s
if "$AS" -m64 ok.s -o ok.o 2>err && [ -s ok.o ]; then echo "PASS within_limits"; else echo "FAIL within_limits: $(head -3 err)"; fi

# input == output: refused, input untouched (same name, ./name, hard link)
printf '\tnop\n' >x.s
cp x.s x.orig
ln x.s link.s
for o in x.s ./x.s link.s; do
    of_same_file "same_file.$o" x.s x.orig "zl-as: fatal error: input file 'x.s' is the same as output file" \
        "$AS" -m64 x.s -o "$o"
done

# full disk and file size limit: the reason, status 1, no (half-written) output
of_full_disk full_disk "zl-as: error: cannot write /dev/full: No space left on device" "$AS" -m64 x.s -o /dev/full
printf '\t.zero 65536\n' >big.s
of_fsize fsize.no_partial_output 8 big.o "zl-as: error: cannot write big.o: File too large" "$AS" -m64 big.s -o big.o
of_devnull devnull "$AS" -m64 x.s -o /dev/null
# a failed run does not remove a device given as output
printf '\tfrobnicate\n' >bad.s
"$AS" -m64 bad.s -o /dev/null 2>/dev/null
[ -c /dev/null ] && echo "PASS devnull.after_error" || echo "FAIL devnull.after_error: /dev/null is gone"
exit 0
