#!/usr/bin/env bash
# zl-cc on hostile input (issue 17): nesting beyond the limits of docs/cc.md ("Limits") is
# a located error `file:line:col: error: ... nested too deeply`, never a crash; input that
# is deep but within the limits compiles; an unwritable output says why and leaves no
# file; the output is never one of the inputs.  Script test, PASS/FAIL lines.
set -u
. "$(dirname "$0")/lib.sh"
CC=$ZLCC
[ -x "$CC" ] || { echo "FAIL badinput: $CC missing"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

# rep TEXT COUNT: TEXT repeated COUNT times
rep() { awk -v s="$1" -v n="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s", s }'; }

. "$ZL_ROOT/tests/lib/outfile.sh"
# too_deep NAME FILE WHAT: one located error "WHAT nested too deeply", status 1, no object
too_deep() { of_rejected "$1" out.o "^$2:[0-9]*:[0-9]*: error: $3 nested too deeply" "$CC" -c "$2" -o out.o; }
# fits NAME FILE: deep but allowed input compiles (status 0)
fits() {
    "$CC" -O1 -c "$2" -o fit.o 2>err
    local rc=$?
    if [ $rc -eq 0 ] && [ -s fit.o ]; then echo "PASS $1"; else echo "FAIL $1: exit status $rc: $(head -c 300 err)"; fi
    rm -f fit.o
}

N=12000
{ rep 'struct a { ' $N; printf 'int x; '; rep '}; ' $N; echo; } >structs.c
too_deep nest.struct structs.c 'struct definition'
{ printf 'int x'; rep '[1]' 100000; echo ';'; } >arrays.c
too_deep nest.array arrays.c '[a-z]*'
{ printf 'int f'; rep '(void)' 100000; echo ';'; } >funcs.c
too_deep nest.function funcs.c declarator
{ printf 'int '; rep '*' 100000; echo 'p;'; } >ptrs.c
too_deep nest.pointer ptrs.c type
{ echo 'typedef int t0;'; for i in $(seq 0 2100); do echo "typedef t$i *t$((i + 1));"; done; } >typedefs.c
too_deep nest.typedef_chain typedefs.c type
{ echo 'struct s0 { int x; };'; for i in $(seq 0 2100); do echo "struct s$((i + 1)) { struct s$i m; };"; done; } >members.c
too_deep nest.member_chain members.c type
{ printf 'int x = '; rep '(' 100000; printf 1; rep ')' 100000; echo ';'; } >parens.c
too_deep nest.parens parens.c expression
{ printf 'int x = '; rep '- ' 100000; echo '1;'; } >unary.c
too_deep nest.unary unary.c expression
{ printf 'int g; int f(void) { return '; rep 'g ? g : ' 100000; echo 'g; }'; } >cond.c
too_deep nest.conditional cond.c expression
{ printf 'struct s { struct s *n; } *p; void f(void) { p'; rep '->n' 100000; echo ' = 0; }'; } >arrow.c
too_deep nest.postfix arrow.c expression
{ printf 'int x = '; rep 'sizeof ' 100000; echo '1;'; } >sizeof.c
too_deep nest.sizeof sizeof.c expression
{ printf 'void f(void) {'; rep '{' 100000; rep '}' 100000; echo '}'; } >blocks.c
too_deep nest.blocks blocks.c statement
{ printf 'int g; void f(void) {'; rep 'while (g) ' 100000; echo 'g++; }'; } >loops.c
too_deep nest.statements loops.c 'expression\|statement'
# braces around a scalar: accepted (as GCC does, with excess braces), no crash
{ printf 'int x[1] = '; rep '{' 100000; printf 1; rep '}' 100000; echo ';'; } >braces.c
"$CC" -c braces.c -o out.o 2>err
rc=$?
[ $rc -lt 2 ] && echo "PASS nest.scalar_braces" || echo "FAIL nest.scalar_braces: status $rc: $(head -c 300 err)"
{ rep '_Atomic(' 5000; printf int; rep ')' 5000; echo ' x;'; } >atomic.c
too_deep nest.type_name atomic.c 'type name'
{ printf '#if '; rep '1 ? ' 100000; printf 1; rep ' : 1' 100000; printf '\n#endif\n'; } >ppcond.c
too_deep nest.pp_if_conditional ppcond.c '#if expression'
# f(f(f(...))) 100000 deep: each level copies the rest, so the tokens held at once are
# bounded (a fatal error in about a second, not gigabytes and minutes)
{ echo '#define f(x) x'; printf 'int y = '; rep 'f(' 100000; printf 1; rep ')' 100000; echo ';'; } >ppargs.c
of_rejected nest.pp_macro_args out.o "^ppargs.c:2:[0-9]*: fatal error: macro arguments nested too deeply" \
    "$CC" -c ppargs.c -o out.o

# deep but allowed: every later pass (types, lowering, IR, emission) copes
{ printf 'int g; int f(void) { return '; rep '(' 900; printf g; rep ')' 900; echo '; }'; } >okparens.c
fits fits.parens okparens.c
{ printf 'int g; void f(void) {'; rep 'if (g) ' 600; echo 'g++; }'; } >okifs.c
fits fits.statements okifs.c
{ printf 'int g; int f(void) { return '; rep 'g + (' 600; printf g; rep ')' 600; echo '; }'; } >okbinary.c
fits fits.binary okbinary.c
{ printf 'int '; rep '*' 1900; echo 'p; int f(void) { return p != 0; }'; } >okptrs.c
fits fits.pointers okptrs.c
{ echo 'struct s0 { int x; };'; for i in $(seq 0 900); do echo "struct s$((i + 1)) { struct s$i m; int y; };"; done
  echo 'struct s901 v = { 1 }; int f(struct s901 a) { return a.y; }'; } >okmembers.c
fits fits.member_chain okmembers.c
{ printf 'int x'; rep '[1]' 600; printf ' = '; rep '{' 600; printf 7; rep '}' 600; echo ';'; } >okarrays.c
fits fits.array_init okarrays.c

# the error names the position even where the limit is reached late (blocks)
"$CC" -c blocks.c -o out.o 2>err
grep -q '^zl-cc: error' err && echo "FAIL location.blocks: an error without a location: $(head -1 err)" ||
    echo "PASS location.blocks"

# input == output: refused, the input untouched (same name, ./name, a hard link)
echo 'int main(void) { return 0; }' >x.c
cp x.c x.orig
ln x.c link.c
same="fatal error: input file 'x.c' is the same as output file"
of_same_file same.c x.c x.orig "$same" "$CC" -c x.c -o x.c
of_same_file same.S x.c x.orig "$same" "$CC" -S x.c -o ./x.c
of_same_file same.E x.c x.orig "$same" "$CC" -E x.c -o link.c
of_same_file same.link x.c x.orig "$same" "$CC" x.c -o x.c

# a full disk, a file size limit: the reason, status 1, no half-written file
for mode in -c -S -E; do
    of_full_disk full$mode "zl-cc: error: cannot write /dev/full: No space left on device" "$CC" $mode x.c -o /dev/full
done
of_full_disk full.depfile "zl-cc: error: cannot write /dev/full: No space left on device" "$CC" -c x.c -o dep.o -MD -MF /dev/full
{ echo 'int a[] = {'; rep '1, ' 30000; echo '};'; } >big.c
of_fsize fsize.no_partial_output 8 big.s "zl-cc: error: cannot write .*: File too large" "$CC" -S big.c -o big.s
of_devnull devnull "$CC" -c x.c -o /dev/null
# an asm operand number beyond the operands, however long (fuzz_ir found
# %1999...9 read before the operand names, and %4294967296 was taken as %0)
for n in 2 4294967296 199999999999999999999999999; do
    printf 'int f(int x) { int y; __asm__("addi %%0, %%%s, 2" : "=r"(y) : "r"(x)); return y; }\n' "$n" >asmop.c
    of_rejected "asm.operand_number_$n" asmop.s "^asmop.c:1:[0-9]*: error: inline asm: operand number $n out of range" \
        "$CC" -O1 -S asmop.c -o asmop.s
done
# __extension__ at the end of the input or before a statement's ';' (fuzz_cc: parsed as a
# declaration without a type, a null type dereferenced)
printf 'int c(){__extension__' >ext_eof.c
of_rejected extension.eof ext_eof.s "^ext_eof.c:1:9: error: expected expression at end of input" \
    "$CC" -S ext_eof.c -o ext_eof.s
printf 'int f(void){ for (__extension__ ;;) ; }\n' >ext_for.c
of_rejected extension.for_init ext_for.s "^ext_for.c:1:19: error: expected declaration specifiers before ';' token" \
    "$CC" -S ext_for.c -o ext_for.s
exit 0
