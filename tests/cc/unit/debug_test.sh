#!/bin/bash
# zl-cc -g: line-number information through zl-as (.file/.loc -> DWARF 3 .debug_line and a
# compile unit) and zl-ld (debug sections kept and relocated).  GNU binutils decode it:
# riscv64-linux-gnu-addr2line maps every function address (from nm) to its file:line,
# readelf --debug-dump=decodedline lists the rows; ELF128 through zl-readelf.  Also the
# floating-point builtins that need no program run: plain fma() is one fmadd unless
# -fno-builtin/-ffreestanding.  ~2 s.
set -u
ROOT=${ZL_ROOT:-$(pwd)}
BIN=${ZL_BIN:-$ROOT/build/bin}
CC=$BIN/zl-cc
. "$ROOT/tests/lib/need.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T"
ok() { echo "PASS cc_debug_$1"; }
no() { echo "FAIL cc_debug_$1: $2"; }
skip() { echo "SKIP cc_debug_$1: $2"; }

cat > util.h <<'X'
static inline int twice(int x)
{
    return 2 * x;
}
X
cat > prog.c <<'X'
#include "util.h"
static int sq(int x)
{
    return x * x;
}

int sum(int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += sq(i);
    return s + twice(n);
}

int main(void)
{
    return sum(3) == 11 ? 0 : 1;
}

void _start(void)
{
    int r = main();
    __asm__ volatile("mv a0, %0\n\tli a7, 93\n\tecall" : : "r"(r) : "a0", "a7");
}
X
# function -> line of its declarator
want="twice:util.h:1 sq:prog.c:2 sum:prog.c:7 main:prog.c:15 _start:prog.c:20"

if ! need_pkg riscv64-linux-gnu-addr2line binutils-riscv64-linux-gnu >/dev/null 2>&1; then
    skip binutils "riscv64-linux-gnu binutils not available"
    exit 0
fi
for x in 64 32; do
    for O in -O0 -O1; do
        id=rv$x$O
        if ! "$CC" -m$x $O -g -nostdlib -o prog$x prog.c 2>err; then no $id "compile: $(head -n1 err)"; continue; fi
        bad=
        for w in $want; do
            f=${w%%:*}; loc=${w#*:}
            a=$(riscv64-linux-gnu-nm prog$x | awk -v f="$f" '$3 == f { print $1 }')
            got=$(riscv64-linux-gnu-addr2line -e prog$x "$a" 2>&1)
            case $got in */"$loc"|"$loc") ;; *) bad="$bad $f@$a=$got (want $loc)";; esac
        done
        [ -z "$bad" ] && ok addr2line_$id || no addr2line_$id "$bad"
        riscv64-linux-gnu-readelf --debug-dump=decodedline prog$x >dl 2>&1
        if grep -q '^prog.c  *11 ' dl && grep -q '^util.h  *3 ' dl && ! grep -qi 'warning\|error' dl; then
            ok decodedline_$id
        else
            no decodedline_$id "$(head -c 300 dl | tr '\n' ' ')"
        fi
        "$BIN/zl-run" prog$x && ok run_$id || no run_$id "exit status $?"
    done
done
# -g does not change the code: the assembly without the .file N/.loc lines is the same
same=1
for O in -O0 -O1; do
    "$CC" -m64 $O -S -o a.s prog.c && "$CC" -m64 $O -g -S -o b.s prog.c &&
        grep -v '^[[:space:]]*\.loc \|^[[:space:]]*\.file [0-9]' b.s | cmp -s - a.s || same=0
done
[ $same = 1 ] && ok same_code || no same_code "-g changes the generated code"
# no -g: no debug sections
"$CC" -m64 -c prog.c -o nog.o && ! riscv64-linux-gnu-readelf -S nog.o | grep -q debug_line &&
    ok no_g || no no_g "debug sections without -g"
"$CC" -m64 -g0 -c prog.c -o g0.o && ! riscv64-linux-gnu-readelf -S g0.o | grep -q debug_line &&
    ok g0 || no g0 "debug sections with -g0"
# ELF128: objects and executables carry the sections, relocated with R_RISCV_128
if "$CC" -m128 -g -c prog.c -o p128.o && "$CC" -m128 -g -nostdlib -o p128 prog.c; then
    "$BIN/zl-readelf" -S p128.o >s128 2>&1 && "$BIN/zl-readelf" -r p128.o >r128 2>&1 &&
        grep -q '\.debug_line' s128 && grep -q '\.debug_info' s128 && grep -q 'R_RISCV_128' r128 &&
        ok elf128_object || no elf128_object "$(grep -i -m2 'debug\|error' s128 r128)"
    "$BIN/zl-readelf" -S p128 | grep -q '\.debug_line' && "$BIN/zl-run" p128 &&
        ok elf128_exec || no elf128_exec "no .debug_line or bad run"
else
    no elf128 "compile failed"
fi

# plain fma()/fmaf() are one fused multiply-add; -fno-builtin and -ffreestanding keep calls
cat > fma.c <<'X'
double fma(double, double, double);
float fmaf(float, float, float);
double f(double a, double b, double c) { return fma(a, b, c) + a * b + c; }
float g(float a, float b, float c) { return fmaf(a, b, c); }
X
"$CC" -m64 -O1 -S -o fma.s fma.c
if grep -q 'fmadd\.d' fma.s && grep -q 'fmadd\.s' fma.s && ! grep -q 'call' fma.s &&
   [ "$(grep -c fmadd fma.s)" = 2 ]; then ok fma_inline; else no fma_inline "$(grep -E 'fmadd|call' fma.s | tr '\n' ' ')"; fi
for opt in -fno-builtin -ffreestanding; do
    "$CC" -m64 -O1 $opt -S -o fma2.s fma.c
    grep -q 'call.*fma' fma2.s && ! grep -q fmadd fma2.s && ok fma$opt || no fma$opt "fmadd emitted"
done
exit 0
