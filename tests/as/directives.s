# Directives and expressions that hand-written and compiler-generated assembly uses.
# tests/as/gnu_compare_test.sh assembles this file with zl-as and GNU as (rv64 and rv32)
# and compares every section's contents and relocations.
	.file	"directives.c"
	.ident	"zl-as test"
	.attribute stack_align, 16
	.attribute unaligned_access, 0
	.option	nopic

	.equ	LEN, msg_end - msg
	.set	COUNT, 3
	.set	COUNT, COUNT + 1
	SHIFTED = (1 << 12) | 0x34
	.equiv	ONCE, 0x55

	.macro	load_pair r1, r2, base=sp, off=0
	lw	\r1, \off(\base)
	lw	\r2, \off+4(\base)
	.endm
	.macro	counted n
	.byte	\n, \@ - \@ + 7
	.endm

	.text
	.align	2
	.globl	entry
	.type	entry, @function
entry:
	li	a1, COUNT
	li	a2, SHIFTED
	li	a3, ONCE
	li	a4, 'A' + 1
	li	a5, (3 * 4 - 2) / 2 % 4
	li	t0, ~0x0f & 0xff
	li	t1, -(1 << 11)
	li	t2, 100 == 100
	li	t3, 1 < 2 && 2 > 1
	la	a0, msg
	lla	a1, table + 8
	call	helper
1:	addi	a0, a0, -1
	bnez	a0, 1b
	beqz	a1, 2f
	nop
2:	j	3f
	.option	push
	.option	norvc
	addi	sp, sp, -16
	.option	pop
	addi	sp, sp, 16
3:	ret
	.size	entry, . - entry

	.p2align 4
	.type	helper, @function
helper:
	.rept	3
	addi	a0, a0, 1
	.endr
	.irp	reg, t0, t1, t2
	mv	\reg, zero
	.endr
	.if	COUNT > 3
	li	a0, 1
	.else
	li	a0, 2
	.endif
	.ifdef	undefined_symbol
	li	a0, 3
	.endif
	jr	ra
	.size	helper, . - helper
	.balign	8
	nop
	.p2align 3,,2
	nop

	.section .rodata
	.align	3
msg:	.ascii	"hello, "
	.asciz	"world\n"
	.string	"tab\there", "quote\"s"
msg_end:
	.byte	0x12, -1, 'z', LEN
	.2byte	0x1234, -2
	.half	7
	.short	8
	.4byte	0x12345678
	.word	COUNT, SHIFTED
	.long	-1
	.8byte	0x123456789abcdef0
	.dword	1
	.quad	2
	.float	1.5, -0.25
	.double	3.141592653589793, 1e-300
	.uleb128 0
	.uleb128 127
	.uleb128 128
	.uleb128 624485
	.sleb128 -1
	.sleb128 63
	.sleb128 -64
	.sleb128 -123456
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
	.dword	helper - entry
	.word	. - table
	.word	ext_sym, ext_sym + 12
	.dword	ext_sym - table
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
	.lcomm	lbuf, 24
	.comm	cbuf, 48, 16
	.comm	cbuf2, 5

	.section .tbss,"awT",@nobits
	.align	3
tlsvar:	.zero	8
	.dtprelword tlsvar		# a relocation in a section without bytes
	.section .tdata,"awT",@progbits
tlsinit: .dword	42
	.text
	lui	a5, %tprel_hi(tlsvar)
	add	a5, a5, tp, %tprel_add(tlsvar)
	lw	a0, %tprel_lo(tlsvar)(a5)
	.data
	.word	LEN
	la.tls.ie a1, tlsinit
	.section .note.GNU-stack,"",@progbits
	# COMDAT groups (C++ inline functions, template instances)
	.section .text.inl,"axG",@progbits,inl,comdat
	.globl	inl
	.type	inl, @function
inl:	ret
	.section .text.grouped,"axG",@progbits,groupsig,comdat
	call	inl
	.section .data.grouped,"awG",@progbits,groupsig,comdat
	.word	1
