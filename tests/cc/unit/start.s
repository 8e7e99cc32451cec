# Minimal process entry for zl-cc smoke tests (all XLENs): exit(main()).
	.text
	.globl _start
	.type _start, @function
_start:
	.option push
	.option norelax
	lla gp, __global_pointer$
	.option pop
	call main
	li a7, 93
	ecall
	.size _start, .-_start
	.globl zl_write
	.type zl_write, @function
# long zl_write(int fd, const void *buf, unsigned long n)
zl_write:
	li a7, 64
	ecall
	ret
	.size zl_write, .-zl_write
