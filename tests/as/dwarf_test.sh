#!/bin/bash
# zl-as .file N / .loc: DWARF 3 .debug_line (one sequence per code section, every row at
# a relocated DW_LNE_set_address), .debug_info/.debug_abbrev/.debug_ranges, for ELF32,
# ELF64 and ELF128; GNU readelf decodes the rv32/rv64 objects (it applies the
# relocations), zl-readelf reads the ELF128 one.  Errors for bad .loc/.file.  < 1 s.
set -u
ROOT=${ZL_ROOT:-$(pwd)}
BIN=${ZL_BIN:-$ROOT/build/bin}
AS=$BIN/zl-as
. "$ROOT/tests/lib/need.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T"
ok() { echo "PASS as_dwarf_$1"; }
no() { echo "FAIL as_dwarf_$1: $2"; }
cat > t.s <<'X'
	.file "t.c"
	.file 1 "t.c"
	.file 2 "inc" "h.h"
	.text
	.globl f
f:
	.loc 1 3 5
	addi sp, sp, -16
	.loc 1 4 1 prologue_end
	beqz a0, 1f
	.loc 2 10 2 is_stmt 0
	add a0, a0, a1
1:	.loc 1 7
	ret
	.section .text.other,"ax",@progbits
	.globl g
g:	.loc 1 20 1
	nop
	ret
X
have_readelf=1
need_pkg riscv64-linux-gnu-readelf binutils-riscv64-linux-gnu >/dev/null 2>&1 || have_readelf=0
for x in 32 64 128; do
    if ! "$AS" -march=rv${x}gc -o t$x.o t.s 2>err; then no rv$x "assemble: $(head -n1 err)"; continue; fi
    "$BIN/zl-readelf" -S t$x.o >s 2>&1
    if grep -q '\.debug_line' s && grep -q '\.debug_info' s && grep -q '\.debug_abbrev' s && grep -q '\.debug_ranges' s; then
        ok sections_rv$x
    else
        no sections_rv$x "$(grep -c debug s) debug sections"
    fi
    want=R_RISCV_$x
    "$BIN/zl-readelf" -r t$x.o | grep -q "$want" && ok reloc_rv$x || no reloc_rv$x "no $want"
    [ $x = 128 ] && continue
    [ $have_readelf = 1 ] || { echo "SKIP as_dwarf_decode_rv$x: no riscv64-linux-gnu-readelf"; continue; }
    riscv64-linux-gnu-readelf --debug-dump=decodedline,info t$x.o >d 2>&1
    rows=$(awk '/^(t\.c|inc\/h\.h) / { printf "%s:%s@%s ", $1, $2, $3 }' d)
    exp="t.c:3@0 t.c:4@0x2 inc/h.h:10@0x4 t.c:7@0x6 t.c:-@0x8 t.c:20@0 t.c:-@0x4 "
    [ "$rows" = "$exp" ] && ok decode_rv$x || no decode_rv$x "rows '$rows', want '$exp'"
    grep -q 'DW_AT_stmt_list' d && grep -q 'DW_AT_ranges' d && grep -q 'Version: *3' d &&
        ! grep -qi warn d && ok info_rv$x || no info_rv$x "$(grep -i -m1 'warn\|version' d)"
done
# a compiler's own DWARF (gcc -g): zl-as adds only the line program, which GCC's compile
# unit finds; addr2line maps the functions
if command -v riscv64-linux-gnu-gcc >/dev/null 2>&1 && [ $have_readelf = 1 ]; then
    printf 'int f(int x)\n{\n    return x + 1;\n}\n\nvoid _start(void)\n{\n    f(1);\n    for (;;) ;\n}\n' > g.c
    if riscv64-linux-gnu-gcc -O1 -g -S -ffreestanding -fno-pie -o g.s g.c && "$AS" -march=rv64gc -o g.o g.s &&
       "$BIN/zl-ld" -o g g.o; then
        a=$(riscv64-linux-gnu-nm g | awk '$3 == "f" { print $1 }')
        got=$(riscv64-linux-gnu-addr2line -e g "$a")
        n=$(riscv64-linux-gnu-readelf -SW g.o | grep -c '] \.debug_info ')
        # the same line as with GNU as and ld (GCC's rows at f's address end with line 4)
        want=
        if riscv64-linux-gnu-as -march=rv64gc -o gg.o g.s 2>/dev/null && riscv64-linux-gnu-ld -o gg gg.o 2>/dev/null; then
            want=$(riscv64-linux-gnu-addr2line -e gg "$(riscv64-linux-gnu-nm gg | awk '$3 == "f" { print $1 }')")
        fi
        case $got in
        "$want"|*/g.c:[234]) [ "$n" = 1 ] && ok gcc_g || no gcc_g "$n .debug_info sections";;
        *) no gcc_g "addr2line f: $got, GNU: $want";;
        esac
    else
        no gcc_g "build failed"
    fi
fi
# errors: unassigned file number, conflicting .file
printf '\t.loc 3 1\n\tnop\n' > e1.s
if "$AS" -o e1.o e1.s 2>err; then no err_unassigned "accepted"; else grep -q 'unassigned file number 3' err && ok err_unassigned || no err_unassigned "$(head -n1 err)"; fi
printf '\t.file 1 "a.c"\n\t.file 1 "b.c"\n' > e2.s
if "$AS" -o e2.o e2.s 2>err; then no err_file_twice "accepted"; else grep -q 'already allocated' err && ok err_file_twice || no err_file_twice "$(head -n1 err)"; fi
# no .loc: no debug sections
printf '\t.file 1 "a.c"\n\tnop\n' > n.s
"$AS" -o n.o n.s && ! "$BIN/zl-readelf" -S n.o | grep -q debug && ok none || no none "debug sections without .loc"
exit 0
