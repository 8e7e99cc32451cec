# rv128 system calls whose structures or values are 128-bit (docs/abi.md §6, §7, §11):
# prlimit64/getrlimit/setrlimit, mremap above 2^64, sendfile's 16-byte loff_t, waitid's
# siginfo, a 128-bit sigval through rt_sigqueueinfo + rt_sigtimedwait, the 64-byte
# itimerval, SCM_RIGHTS with the 32-byte cmsghdr, and a POSIX timer's 128-bit value.
# Each check that fails exits with its number (s11); all passing prints one line per
# group and exits 0.

	.macro	sys nr
	li	a7, \nr
	ecall
	.endm
	.macro	say msg
	li	a0, 1
	la	a1, \msg
	li	a2, \msg\()_len
	sys	64
	.endm
	.macro	check n
	li	s11, \n
	.endm
	.macro	str name, text
\name:	.ascii	\text
	.equ	\name\()_len, . - \name
	.endm

	.section .rodata
	str	m_rlimit, "rlimits ok\n"
	str	m_mremap, "mremap above 2^64 ok\n"
	str	m_sendfile, " sendfile ok\n"
	str	m_waitid, "waitid ok\n"
	str	m_sigval, "128-bit sigval ok\n"
	str	m_itimer, "itimerval ok\n"
	str	m_scm, "SCM_RIGHTS ok\n"
	str	m_timer, "timer with a 128-bit value ok\n"

	.text
	.globl	_start
_start:
	# ---- 1: rlimits ------------------------------------------------------------------
	check	1
	li	a0, 0
	li	a1, 7			# RLIMIT_NOFILE
	li	a2, 0
	la	a3, rl64		# struct rlimit64: two u64 on rv128 as well
	sys	261			# prlimit64
	bnez	a0, fail
	check	2
	li	a0, 7
	la	a1, rl			# struct rlimit: two 128-bit unsigned longs
	sys	163			# getrlimit
	bnez	a0, fail
	la	t0, rl64
	ld	t1, 0(t0)		# sign-extends: RLIM64_INFINITY becomes all ones
	la	t2, rl
	lq	t3, 0(t2)
	bne	t1, t3, fail
	check	3
	la	t2, rl
	li	t0, 0x400000000000000000	# 2^70: beyond the host, so RLIM_INFINITY
	sq	t0, 0(t2)
	sq	t0, 16(t2)
	li	a0, 1			# RLIMIT_FSIZE
	mv	a1, t2
	sys	164			# setrlimit
	bnez	a0, fail
	check	4
	la	t2, rl
	sq	zero, 0(t2)
	li	a0, 1
	mv	a1, t2
	sys	163
	bnez	a0, fail
	lq	t3, 0(t2)
	li	t4, -1			# all ones: rv128's RLIM_INFINITY
	bne	t3, t4, fail
	say	m_rlimit

	# ---- 2: mremap above 2^64 ------------------------------------------------------------
	check	5
	li	s1, 0x100000000000000000000	# 2^80
	mv	a0, s1
	li	a1, 8192
	li	a2, 3			# PROT_READ | PROT_WRITE
	li	a3, 0x100022		# MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE
	li	a4, -1
	li	a5, 0
	sys	222			# mmap
	bne	a0, s1, fail
	li	s2, 0x123456789abcdef0fedcba9876543210
	li	t0, 4096
	add	t0, s1, t0
	sq	s2, 0(t0)
	check	6
	mv	a0, s1
	li	a1, 8192
	li	a2, 16384
	li	a3, 0
	sys	216			# mremap, growing in place
	bne	a0, s1, fail
	check	7
	li	s3, 0x40000000000000000000000	# 2^90
	mv	a0, s1
	li	a1, 16384
	li	a2, 16384
	li	a3, 3			# MREMAP_MAYMOVE | MREMAP_FIXED
	mv	a4, s3
	sys	216
	bne	a0, s3, fail
	check	8
	li	t0, 4096
	add	t0, s3, t0
	lq	t0, 0(t0)
	bne	t0, s2, fail
	li	t1, 12288
	add	t1, s3, t1
	lq	t0, 0(t1)		# the grown part: zero
	bnez	t0, fail
	check	9
	mv	a0, s1
	li	a1, 4096
	li	a2, 1
	sys	226			# mprotect of the old place: unmapped now
	li	t0, -12			# ENOMEM
	bne	a0, t0, fail
	say	m_mremap

	# ---- 3: sendfile with a 16-byte loff_t ------------------------------------------------
	check	10
	li	a0, -100		# AT_FDCWD
	la	a1, path
	li	a2, 0x242		# O_RDWR | O_CREAT | O_TRUNC
	li	a3, 0600
	sys	56			# openat
	bltz	a0, fail
	mv	s4, a0
	mv	a0, s4
	la	a1, digits
	li	a2, 10
	sys	64
	la	t0, off
	li	t1, 2
	sq	t1, 0(t0)
	check	11
	li	a0, 1
	mv	a1, s4
	la	a2, off
	li	a3, 3
	sys	71			# sendfile(1, fd, &off, 3): "234"
	li	t0, 3
	bne	a0, t0, fail
	check	12
	la	t0, off
	lq	t1, 0(t0)
	li	t2, 5
	bne	t1, t2, fail
	check	13
	li	t1, 0x10000000000000000	# 2^64: beyond the host's offsets
	sq	t1, 0(t0)
	li	a0, 1
	mv	a1, s4
	la	a2, off
	li	a3, 1
	sys	71
	li	t0, -22			# EINVAL
	bne	a0, t0, fail
	li	a0, -100
	la	a1, path
	li	a2, 0
	sys	35			# unlinkat
	say	m_sendfile

	# ---- 4: waitid -----------------------------------------------------------------------
	check	14
	li	a0, 17			# SIGCHLD
	li	a1, 0
	li	a2, 0
	li	a3, 0
	li	a4, 0
	sys	220			# clone: fork
	bltz	a0, fail
	bnez	a0, 1f
	li	a0, 7
	sys	94			# the child: exit_group(7)
1:	mv	s5, a0
	check	15
	li	a0, 0			# P_ALL
	li	a1, 0
	la	a2, info
	li	a3, 4			# WEXITED
	li	a4, 0
	sys	95			# waitid
	bnez	a0, fail
	check	16
	la	t0, info
	lw	t1, 0(t0)		# si_signo
	li	t2, 17
	bne	t1, t2, fail
	lw	t1, 8(t0)		# si_code: CLD_EXITED
	li	t2, 1
	bne	t1, t2, fail
	lw	t1, 16(t0)		# si_pid
	bne	t1, s5, fail
	lw	t1, 24(t0)		# si_status (docs/abi.md §11.1)
	li	t2, 7
	bne	t1, t2, fail
	say	m_waitid

	# ---- 5: a 128-bit sigval to itself ---------------------------------------------------
	check	17
	la	t0, set
	li	t1, 0x200		# SIGUSR1
	sd	t1, 0(t0)
	li	a0, 0			# SIG_BLOCK
	mv	a1, t0
	li	a2, 0
	li	a3, 8
	sys	135			# rt_sigprocmask
	bnez	a0, fail
	sys	172			# getpid
	mv	s6, a0
	la	t0, info
	li	t1, 10
	sw	t1, 0(t0)		# si_signo
	li	t1, -1
	sw	t1, 8(t0)		# si_code = SI_QUEUE
	sw	s6, 16(t0)		# si_pid
	sw	zero, 20(t0)		# si_uid
	li	s7, 0x7000000000000000000000000000abcd
	sq	s7, 32(t0)		# si_value (union sigval, docs/abi.md §11.1)
	check	18
	mv	a0, s6
	li	a1, 10
	la	a2, info
	sys	138			# rt_sigqueueinfo
	bnez	a0, fail
	check	19
	la	a0, set
	la	a1, info2
	li	a2, 0
	li	a3, 8
	sys	137			# rt_sigtimedwait
	li	t0, 10
	bne	a0, t0, fail
	check	20
	la	t0, info2
	lw	t1, 8(t0)
	li	t2, -1
	bne	t1, t2, fail
	lq	t1, 32(t0)
	bne	t1, s7, fail
	say	m_sigval

	# ---- 6: itimerval ----------------------------------------------------------------------
	check	21
	la	t0, itv
	li	t1, 5
	sq	t1, 32(t0)		# it_value.tv_sec (timeval: two 128-bit longs)
	li	a0, 0			# ITIMER_REAL
	mv	a1, t0
	li	a2, 0
	sys	103			# setitimer
	bnez	a0, fail
	check	22
	li	a0, 0
	la	a1, itv2
	sys	102			# getitimer
	bnez	a0, fail
	la	t0, itv2
	lq	t1, 32(t0)		# 4 or 5 seconds left
	li	t2, 3
	ble	t1, t2, fail
	li	t2, 5
	bgt	t1, t2, fail
	lq	t1, 48(t0)		# tv_usec within range
	bltz	t1, fail
	li	t2, 1000000
	bge	t1, t2, fail
	li	a0, 0
	la	a1, zeros
	li	a2, 0
	sys	103			# disarm
	say	m_itimer

	# ---- 7: SCM_RIGHTS with rv128's 32-byte cmsghdr (docs/abi.md 7.2) -------------------
	check	23
	li	a0, 1			# AF_UNIX
	li	a1, 1			# SOCK_STREAM
	li	a2, 0
	la	a3, sv
	sys	199			# socketpair
	bnez	a0, fail
	la	t0, iov
	la	t1, byte
	sq	t1, 0(t0)		# iov_base slot
	li	t1, 1
	sq	t1, 32(t0)		# iov_len
	la	t0, ctl
	li	t1, 36			# CMSG_LEN(4) = 32 + 4
	sq	t1, 0(t0)
	li	t1, 1
	sw	t1, 16(t0)		# SOL_SOCKET
	sw	t1, 20(t0)		# SCM_RIGHTS
	sw	t1, 32(t0)		# the descriptor: stdout
	la	t0, mh
	la	t1, iov
	sq	t1, 48(t0)		# msg_iov
	li	t1, 1
	sq	t1, 80(t0)		# msg_iovlen
	la	t1, ctl
	sq	t1, 96(t0)		# msg_control
	li	t1, 48			# CMSG_SPACE(4)
	sq	t1, 128(t0)		# msg_controllen
	la	t1, sv
	lw	a0, 0(t1)
	mv	a1, t0
	li	a2, 0
	sys	211			# sendmsg
	li	t0, 1
	bne	a0, t0, fail
	check	24
	la	t0, mh2
	la	t1, iov
	sq	t1, 48(t0)
	li	t1, 1
	sq	t1, 80(t0)
	la	t1, rctl
	sq	t1, 96(t0)
	li	t1, 64
	sq	t1, 128(t0)
	la	t1, sv
	lw	a0, 4(t1)
	mv	a1, t0
	li	a2, 0
	sys	212			# recvmsg
	li	t0, 1
	bne	a0, t0, fail
	check	25
	la	t0, mh2
	lq	t1, 128(t0)		# msg_controllen: one CMSG_SPACE(4)
	li	t2, 48
	bne	t1, t2, fail
	la	t0, rctl
	lq	t1, 0(t0)
	li	t2, 36
	bne	t1, t2, fail
	lw	t1, 16(t0)
	li	t2, 1
	bne	t1, t2, fail
	lw	t1, 20(t0)
	bne	t1, t2, fail
	lw	a0, 32(t0)		# the new descriptor
	la	a1, m_scm
	li	a2, m_scm_len
	sys	64
	li	t0, m_scm_len
	bne	a0, t0, fail

	# ---- 8: a POSIX timer with a 128-bit sigev_value ------------------------------------
	check	26
	la	t0, set
	li	t1, 0x800		# SIGUSR2
	sd	t1, 0(t0)
	li	a0, 0			# SIG_BLOCK
	mv	a1, t0
	li	a2, 0
	li	a3, 8
	sys	135
	bnez	a0, fail
	la	t0, sev			# struct sigevent: value slot 0, signo 32, notify 36
	li	s8, 0x5000000000000000000000000000beef
	sq	s8, 0(t0)
	li	t1, 12
	sw	t1, 32(t0)
	sw	zero, 36(t0)		# SIGEV_SIGNAL
	li	a0, 1			# CLOCK_MONOTONIC
	mv	a1, t0
	la	a2, tid
	sys	107			# timer_create
	bnez	a0, fail
	check	27
	la	t0, its			# itimerspec: it_value.tv_nsec at 48
	li	t1, 10000000
	sq	t1, 48(t0)
	la	t1, tid
	lw	a0, 0(t1)
	li	a1, 0
	mv	a2, t0
	li	a3, 0
	sys	110			# timer_settime
	bnez	a0, fail
	check	28
	la	a0, set
	la	a1, info2
	li	a2, 0
	li	a3, 8
	sys	137			# rt_sigtimedwait, no timeout
	li	t0, 12
	bne	a0, t0, fail
	check	29
	la	t0, info2
	lw	t1, 8(t0)		# si_code SI_TIMER
	li	t2, -2
	bne	t1, t2, fail
	lw	t1, 16(t0)		# si_timerid
	la	t2, tid
	lw	t2, 0(t2)
	bne	t1, t2, fail
	lq	t1, 32(t0)		# si_value, all 128 bits
	bne	t1, s8, fail
	la	t1, tid
	lw	a0, 0(t1)
	sys	111			# timer_delete
	bnez	a0, fail
	say	m_timer

	li	a0, 0
	sys	94
fail:
	mv	a0, s11
	sys	94

	.data
	.balign	16
rl64:	.zero	16
rl:	.zero	32
off:	.zero	16
set:	.zero	16
info:	.zero	128
info2:	.zero	128
itv:	.zero	64
itv2:	.zero	64
zeros:	.zero	64
sv:	.zero	16
iov:	.zero	48
ctl:	.zero	48
rctl:	.zero	64
mh:	.zero	160
mh2:	.zero	160
byte:	.zero	16
sev:	.zero	128
its:	.zero	64
tid:	.zero	16
path:	.asciz	"zl-rv128-sys.tmp"
digits:	.ascii	"0123456789"
