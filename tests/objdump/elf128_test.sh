#!/usr/bin/env bash
# zl-as / zl-objdump on ELFCLASS128 (no GNU tool reads it): an rv128 object's
# `zl-objdump -x -d` output must match the reviewed text below (format name, 32-digit
# addresses, RV128 instructions, R_RISCV_128/ADD128/SUB128, 128-bit li).
set -u
ROOT=${ZL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$ROOT" || exit 1
BUILD=${BUILD:-build}
case $BUILD in /*) BIN=${ZL_BIN:-$BUILD/bin} ;; *) BIN=${ZL_BIN:-$ROOT/$BUILD/bin} ;; esac
for t in "$BIN/zl-as" "$BIN/zl-objdump"; do
    [ -x "$t" ] || { echo "FAIL elf128: $t missing"; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
cat >r128.s <<'EOF'
	.text
	.globl	f
	.type	f, @function
f:	addi	sp, sp, -32
	sq	ra, 16(sp)
	lq	a0, 0(a1)
	li	a1, 0x0123456789abcdef0fedcba987654321
	la	a2, obj
	call	g
	addid	a0, a0, 1
	sllid	a0, a0, 63
	muld	a0, a0, a1
	amoadd.q a0, a1, (a2)
	fcvt.t.d a0, fa0
	beqz	a0, 1f
	lq	ra, 16(sp)
1:	addi	sp, sp, 32
	ret
	.size	f, . - f
	.data
	.align	4
obj:	.octa	f, 0xfedcba98765432100123456789abcdef
	.octa	obj - f
	.dword	g
EOF
cat >expected <<'EOF'

r128.o:     file format elf128-littleriscv
r128.o
architecture: riscv:rv128, flags 0x00000011:
HAS_RELOC, HAS_SYMS
start address 0x00000000000000000000000000000000

Sections:
Idx Name          Size      VMA                               LMA                               File off  Algn
  0 .text         000000000000006a  00000000000000000000000000000000  00000000000000000000000000000000  00000060  2**1
                  CONTENTS, ALLOC, LOAD, RELOC, READONLY, CODE
  1 .data         0000000000000038  00000000000000000000000000000000  00000000000000000000000000000000  00000190  2**4
                  CONTENTS, ALLOC, LOAD, RELOC, DATA
  2 .bss          0000000000000000  00000000000000000000000000000000  00000000000000000000000000000000  00000290  2**0
                  ALLOC
  3 .riscv.attributes 0000000000000046  00000000000000000000000000000000  00000000000000000000000000000000  00000290  2**0
                  CONTENTS, READONLY
SYMBOL TABLE:
00000000000000000000000000000000 l    d  .text	00000000000000000000000000000000 .text
00000000000000000000000000000000 l    d  .data	00000000000000000000000000000000 .data
00000000000000000000000000000000 l    d  .bss	00000000000000000000000000000000 .bss
00000000000000000000000000000000 l    d  .riscv.attributes	00000000000000000000000000000000 .riscv.attributes
00000000000000000000000000000000 l       .data	00000000000000000000000000000000 obj
00000000000000000000000000000000 g     F .text	0000000000000000000000000000006a f
00000000000000000000000000000000         *UND*	00000000000000000000000000000000 g



Disassembly of section .text:

00000000000000000000000000000000 <f>:
   0:	1101                	add	sp,sp,-32
   2:	a806                	sq	ra,16(sp)
   4:	2188                	lq	a0,0(a1)
   6:	000925b7          	lui	a1,0x92
   a:	a2b5859b          	addw	a1,a1,-1493 # 91a2b <.L1^B1+0x919c5>
   e:	05b2                	sll	a1,a1,0xc
  10:	3c558593          	add	a1,a1,965
  14:	05b6                	sll	a1,a1,0xd
  16:	abd58593          	add	a1,a1,-1347
  1a:	05b2                	sll	a1,a1,0xc
  1c:	def58593          	add	a1,a1,-529
  20:	05b2                	sll	a1,a1,0xc
  22:	0ff58593          	add	a1,a1,255
  26:	05b6                	sll	a1,a1,0xd
  28:	b9758593          	add	a1,a1,-1129
  2c:	05b2                	sll	a1,a1,0xc
  2e:	53158593          	add	a1,a1,1329
  32:	05b6                	sll	a1,a1,0xd
  34:	d9558593          	add	a1,a1,-619
  38:	05ba                	sll	a1,a1,0xe
  3a:	32158593          	add	a1,a1,801
  3e:	00000617          	auipc	a2,0x0
			3e: R_RISCV_PCREL_HI20	obj
  42:	00060613          	mv	a2,a2
			42: R_RISCV_PCREL_LO12_I	.L0 
  46:	00000097          	auipc	ra,0x0
			46: R_RISCV_CALL_PLT	g
  4a:	000080e7          	jalr	ra # 46 <f+0x46>
  4e:	0015055b          	addd	a0,a0,1
  52:	03f5155b          	slld	a0,a0,0x3f
  56:	02b5057b          	muld	a0,a0,a1
  5a:	00b6452f          	amoadd.q	a0,a1,(a2)
  5e:	c2457553          	fcvt.t.d	a0,fa0
  62:	c111                	beqz	a0,66 <.L1^B1>
			62: R_RISCV_RVC_BRANCH	.L1^B1
  64:	20c2                	lq	ra,16(sp)

00000000000000000000000000000066 <.L1^B1>:
  66:	6105                	add	sp,sp,32
  68:	8082                	ret
EOF
if ! "$BIN/zl-as" r128.s -o r128.o 2>err; then
    echo "FAIL elf128.assemble: $(head -c 300 err | tr '\n' ' ')"
    exit 0
fi
"$BIN/zl-objdump" -x -d r128.o >out 2>&1
if cmp -s expected out; then
    echo "PASS elf128.objdump"
else
    echo "FAIL elf128.objdump: $(diff expected out | head -6 | tr '\n\t' '  ')"
fi
# and the disassembly reassembles to the same bytes
size=$("$BIN/zl-objdump" -h r128.o | awk '$2 == ".text" { print $3 }')
"$BIN/zl-objdump" -d -M no-aliases -j .text r128.o |
    awk -v size=$((16#$size)) -f "$ROOT/tests/objdump/redis.awk" >re.s
if "$BIN/zl-as" re.s -o re.o 2>err &&
   cmp -s <("$BIN/zl-objdump" -s -j .text r128.o | tail -n +4) <("$BIN/zl-objdump" -s -j .text re.o | tail -n +4); then
    echo "PASS elf128.roundtrip"
else
    echo "FAIL elf128.roundtrip: $(head -c 300 err | tr '\n' ' ')"
fi
exit 0
