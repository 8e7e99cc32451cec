#!/usr/bin/env bash
# zl-objdump against GNU objdump (binutils) — script test, PASS/FAIL/SKIP lines.
#
# Objects: the instruction-table corpus (tests/as/corpus.h) for rv64 and rv32, with and
# without RVC, assembled by GNU as (zl-as makes the same bytes: tests/as), plus a sample
# with data, local and global symbols, TLS, common symbols, several sections and
# relocations of many kinds, assembled by both.
# For each object, `zl-objdump OPT` and `riscv64-linux-gnu-objdump OPT` must print the
# same text, for OPT in -d, -dr, "-d -M no-aliases", -h, -t, -r, -s; and for static
# rv64/rv32 executables built by GCC, -x -d and -s.
# Budget: about 10 s.
set -u
ROOT=${ZL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$ROOT" || exit 1
BUILD=${BUILD:-build}
case $BUILD in /*) BIN=${ZL_BIN:-$BUILD/bin} ;; *) BIN=${ZL_BIN:-$ROOT/$BUILD/bin} ;; esac
. tests/lib/need.sh

if ! need_pkg riscv64-linux-gnu-objdump binutils-riscv64-linux-gnu; then
    echo "SKIP gnu_objdump: riscv64-linux-gnu-objdump is not installed and cannot be installed"
    exit 0
fi
GEN=$BUILD/tests/as/as_unit_test
[ -x "$GEN" ] || make -s "$GEN" >/dev/null 2>&1
for t in "$GEN" "$BIN/zl-as" "$BIN/zl-objdump"; do
    [ -x "$t" ] || { echo "FAIL gnu_objdump: $t missing"; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
GAS="riscv64-linux-gnu-as -mno-relax -misa-spec=20191213"

cat >"$tmp/sample.s" <<'EOF'
	.file "sample.c"
	.ident "sample"
	.text
	.globl gf
	.type gf, @function
gf:	addi a0,a0,1
lab:	lui a0,%hi(d1+0x1000)
	addi a0,a0,%lo(d1)
	lw a1,%lo(d1+8)(a1)
	la a0,ext
	lla a1,d1+16
	call ext
	tail gf
	j 1f
	beqz a0,lab
	beq a0,a1,ext
1:	ret
	.size gf, .-gf
	lui a5,%tprel_hi(tv)
	add a5,a5,tp,%tprel_add(tv)
	la.tls.ie a0,tv
	.word 0x12345678
	.half 0x1234
	.byte 1
	.align 3
	.zero 24
	nop
	.section .text.other,"ax",@progbits
	.hidden hf
	.globl hf
hf:	jal lab
	.section .rodata.cst8,"aM",@progbits,8
	.dword 1
	.data
d1:	.word 1, ext, lab - d1, ext - .
	.dword gf + 4
	.comm cc, 16, 8
	.lcomm lc, 32
	.weak wk
	.word wk
	.section .tbss,"awT",@nobits
	.globl tv
	.type tv, @tls_object
tv:	.zero 8
EOF

objs=""
for x in 64 32; do
    for v in rvc norvc; do
        "$GEN" gen $x $v >"$tmp/c$x$v.s"
        m=rv${x}gc_zihintpause
        $GAS -march=$m "$tmp/c$x$v.s" -o "$tmp/gnu-rv$x-$v.o" 2>/dev/null && objs="$objs gnu-rv$x-$v"
    done
    $GAS -march=rv${x}gc "$tmp/sample.s" -o "$tmp/gnu-sample$x.o" 2>/dev/null && objs="$objs gnu-sample$x"
    "$BIN/zl-as" -march=rv${x}gc "$tmp/sample.s" -o "$tmp/zl-sample$x.o" 2>/dev/null && objs="$objs zl-sample$x"
done
[ $(echo $objs | wc -w) -eq 8 ] || echo "FAIL gnu_objdump.objects: only built:$objs"
# linked static executables (the guest runtime's self test), when GCC is there
exes=""
if command -v riscv64-linux-gnu-gcc >/dev/null 2>&1; then
    G=tests/lib/guest
    for x in 64 32; do
        abi=lp64d; [ $x = 32 ] && abi=ilp32d
        riscv64-linux-gnu-gcc -O2 -static -nostdlib -ffreestanding -fno-pie -no-pie \
            -march=rv${x}gc -mabi=$abi -I$G $G/start.S $G/guest.c $G/selftest.c \
            -o "$tmp/exe$x" 2>/dev/null && exes="$exes exe$x"
    done
else
    echo "SKIP gnu_objdump.exe: riscv64-linux-gnu-gcc is not installed"
fi

cd "$tmp" || exit 1
for o in $exes; do
    for opt in "-x -d" "-s"; do
        name="$o.$(echo "$opt" | tr -d ' -')"
        LC_ALL=C riscv64-linux-gnu-objdump $opt "$o" >g.txt 2>&1
        "$BIN/zl-objdump" $opt "$o" >z.txt 2>&1
        if cmp -s g.txt z.txt; then echo "PASS $name"; else echo "FAIL $name: $(diff g.txt z.txt | head -5 | tr '\n\t' '  ')"; fi
    done
done
for o in $objs; do
    for opt in "-d" "-dr" "-d -M no-aliases" "-h" "-t" "-r" "-s"; do
        name="$o.$(echo "$opt" | tr -d ' -' | sed 's/Mnoaliases/.no-aliases/')"
        LC_ALL=C riscv64-linux-gnu-objdump $opt "$o.o" >g.txt 2>&1
        "$BIN/zl-objdump" $opt "$o.o" >z.txt 2>&1
        if cmp -s g.txt z.txt; then
            echo "PASS $name"
        else
            echo "FAIL $name: $(diff g.txt z.txt | head -5 | tr '\n\t' '  ')"
        fi
    done
done
exit 0
