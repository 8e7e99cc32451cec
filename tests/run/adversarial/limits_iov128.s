# rv128 iovecs (docs/abi.md §5.2, §6.3): writev whose second iovec is bad fails as a
# whole before anything is written: an address beyond the task size (2^119) or with a
# tagged top byte is -EFAULT, a non-zero reserved half of the iov_base slot is -EINVAL,
# a length negative as the rv128 ssize_t is -EINVAL.  read with a count beyond the task
# size is -EFAULT.  Prints "iov128 ok" and exits 0; a failing check exits with its number.

	.macro	sys nr
	li	a7, \nr
	ecall
	.endm
	.macro	check n
	li	s11, \n
	.endm
	# writev(1, iov, 2) must fail with -err
	.macro	writev_fails err
	li	a0, 1
	mv	a1, s0
	li	a2, 2
	sys	66
	li	t1, -\err
	bne	a0, t1, fail
	.endm

	.section .rodata
msg:	.ascii	"first!"
ok:	.ascii	"iov128 ok\n"

	.text
	.globl	_start
_start:
	# an rv128 iovec is 48 bytes: the iov_base slot (address, reserved) and iov_len
	la	s0, iov
	la	t0, msg
	sq	t0, 0(s0)
	li	t0, 6
	sq	t0, 32(s0)
	la	t0, msg
	sq	t0, 48(s0)
	li	t0, 6
	sq	t0, 80(s0)

	check	1			# second base beyond the task size: EFAULT
	li	t0, 1
	slli	t0, t0, 119
	sq	t0, 48(s0)
	writev_fails 14

	check	2			# tagged top byte: EFAULT
	li	t0, 0x55
	slli	t0, t0, 120
	la	t1, msg
	or	t0, t0, t1
	sq	t0, 48(s0)
	writev_fails 14

	check	3			# reserved half of the slot: EINVAL
	la	t0, msg
	sq	t0, 48(s0)
	li	t0, 1
	sq	t0, 64(s0)
	writev_fails 22

	check	4			# a length negative as a 128-bit ssize_t: EINVAL
	sq	zero, 64(s0)
	li	t0, -1
	sq	t0, 80(s0)
	writev_fails 22

	check	5			# read: a count beyond the task size is EFAULT
	li	a0, 0
	la	a1, buf
	li	a2, 1
	slli	a2, a2, 119
	sys	63
	li	t1, -14
	bne	a0, t1, fail

	li	a0, 1
	la	a1, ok
	li	a2, 10
	sys	64
	li	a0, 0
	sys	94
fail:
	mv	a0, s11
	sys	94

	.data
	.balign	16
iov:	.zero	96
buf:	.zero	16
