# rv128: zl-as + zl-ld + zl-run end to end.
	.data
	.balign	16
iov:	.octa	0, 0		# __ptr_t slot: address (filled at run time), reserved half
	.octa	6
	.octa	0, 0
	.octa	msg2_end - msg2
msg1:	.ascii	"hello "
msg2:	.ascii	"from rv128\n"
msg2_end:
low:	.ascii	"low.\n"
high:	.ascii	"high\n"
	.balign	16
big:	.octa	0xfedcba98765432100123456789abcdef
	.bss
	.balign	16
buf:	.zero	40
	.text
	.globl	_start
_start:
	la	a1, iov		# pc-relative, so the program also runs as a static PIE
	la	t0, msg1
	sq	t0, 0(a1)
	la	t0, msg2
	sq	t0, 48(a1)			# writev(1, iov, 2)
	li	a0, 1
	li	a2, 2
	li	a7, 66
	ecall
	li	t0, 17
	bne	a0, t0, fail
	# 2^100 + 2^64 computed in registers, checked against a constant
	li	t1, 1
	slli	t1, t1, 100
	li	t2, 1
	slli	t2, t2, 64
	add	t1, t1, t2
	li	t3, 0x00000010000000010000000000000000
	bne	t1, t3, fail
	# a 128-bit load of a .octa and its hex digits written out
	la	t4, big
	lq	t5, 0(t4)
	la	a1, buf
	li	t6, 32
1:	srli	a2, t5, 124		# top nibble
	slli	t5, t5, 4
	li	a3, 10
	blt	a2, a3, 2f
	addi	a2, a2, 'a' - '0' - 10
2:	addi	a2, a2, '0'
	sb	a2, 0(a1)
	addi	a1, a1, 1
	addi	t6, t6, -1
	bnez	t6, 1b
	li	a2, '\n'
	sb	a2, 0(a1)
	li	a0, 1
	la	a1, buf
	li	a2, 33
	li	a7, 64
	ecall
	# where does the code run?  a static PIE is placed above 2^64 (docs/abi.md §10.1)
	auipc	t0, 0
	srli	t0, t0, 64
	la	a1, low
	beqz	t0, 3f
	la	a1, high
3:	li	a0, 1
	li	a2, 5
	li	a7, 64
	ecall
	li	a0, 0
	li	a7, 93
	ecall
fail:	li	a0, 3
	li	a7, 93
	ecall
