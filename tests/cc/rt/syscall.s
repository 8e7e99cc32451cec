# long __zlrt_syscall(long nr, long a0, long a1, long a2)
# The same text serves rv32, rv64 and rv128: long is one register wide in
# ILP32, LP64 and LP128, and ecall takes its number in a7, arguments in a0-a2
# and returns the result (or -errno) in a0.
        .text
        .globl  __zlrt_syscall
        .type   __zlrt_syscall, @function
__zlrt_syscall:
        mv      a7, a0
        mv      a0, a1
        mv      a1, a2
        mv      a2, a3
        ecall
        ret
        .size   __zlrt_syscall, . - __zlrt_syscall
