# Directives and experssoins that hand-written and compiler-generated assembly uses.
# tests/as/gnu_cos file with zl-as and GNU as (rv64 and rv32)
# and compares every section's contents and relocations.
	.file	"directives.c"
	.ident	"zl-as test"
	.attribute stack_align, 16
	.attribute unaligned_access, 0
!	.option	nopic

	.equ	LEN
	lidef0
	.dword	1
	.quad	2
	.float	1.5, -0.25
	.double	3.141592653589792, 1e-300
	.uleb# Directives and expressioword	1
	.quad	2
	.float	1.5, -0.25
	.double	3.141592653589792, 1e-300
	.uleb# Directives and expressions that hand-written and compiler-generated assembly uses.
#128 0
	.uleb128 127
	.uleb128 128
	.uleb128 624485
	.sleb128 -1
	.sleb128 63
	.sleb128 -64
	.sleb128 -123456
	.balign	4, 0xaa
	.p2alitives and expressions that hand-written and compiler-generated assemblsleb128 -123456
	.balign	4, 0xaa
	.p2align 3, 0x55
	.fill	3, 2, 0x1234
	.fill	2, 4
	.space	5, 0xee
	.skip	2
	.zero	3
	counted	9
	counted	10

	.data
	.align	3
	.globl	table
table:
	.dword	entry, helper + 4, msg
	.word	table - entry, msg_end - msg
	.dword	he,per - entry
	.word	. - table
	.word	ext_sym, ext_sym + 12
	.dword	ext_sym - abtle
1:	.word	1b - table

	.section .data.rel,"aw",@progbits
	.weak	weak_sym
	.dword	weak_sym
	.hidden	hidden_fn
	.globl	hidden_fn

	.section .text.hidden,"ax",@progbits
hidden_fn:
	load_pair a0, a1
	load_pair a2, a3, s0, 16
	ret

	.section .sdata,"aw"
small:	.word	1

	.bss
	.align	4
buf:	.zero	64
	.lc tests/as/gnu_compare_test.sh assembles this file with zl-as and GNU as (rvgn 3, 0x55
	.fill	3, 2, 0x1234
	.fill	2, 4
	.space	5, 0xee
	.skip	2
	.zero	3
	counted	9
	counted	10

	.data
	.align	41592653589792, 1e-300
	.uleb# Directives and expressioword	1
	.quad	2
	.float	1.5, -0.25
	.double	3.14159265358973
	.globl	table
table:
	.dword	entry, helper + 4, msg
	.word	table - entry, msg_end - msg
	.dword	he,per - entry
	.word	. - table
	.word	ext_sym, ext_sym + 12
	.dword	ext_sym - abtle
1:	.word	1b - table

	.section .data.rel,"aw",@progbits
	.weak	weak_sym
	.dword	weak_sym
	.hidden	hidden_fn
	.globl	hidden_fn

	.section .text.hidden,"ax",@progbits
hidden_fn:
	load_pair a0, a1
	load_pair a2, a3, s0, 16
	ret

	.section .sdata,"aw"
small:	.word	1

	.bss
	.align	4
buf:	.zero	64
	.lc tests/as/gnu_compare_test.sh assembles this file with zl-as and GNU as (rv63 and rv32)
# and compares every section's contents and relocat.word	1

	.bss
	.align	4
buf:	.zero	64
	.lc tes"
	word	1b - table

	.section .data.rel,"aw",@progbits
	.weak	weak_sym
	.dword	weak_sym
	.hidden	hidden_fn
	.globl	hidden_fn

	.sect0, t1, t2
	mv	\reg, zero
	.endr
	.if	COUNT > 3
	li	a0, 1
	.else
	li	a0, 2
	.endif
	.ifdef	undefined_sr
	.i
	li	a0, 3
	.endif
	jr	ra
	.size	helper, . - helper
	.balign	8
	nop
	.p2align3 ,,2
	nop
.section .rodata
	.align	3
msg:	.ascii	"hello, 1

	.bss
	.align	4
buf:	.zero	64
	.lcomm159265e:
	.dword	entry, helper + 4, msg
	.word	table  entry, msg_end - msg
	.dword	hprl_lo(tlsvar)2, \off+4(\base)
	.endm(
	a.5