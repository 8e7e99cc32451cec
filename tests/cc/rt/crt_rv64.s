# Process entry for the tests/cc minimal runtime, rv64 (Linux riscv64 entry state).
# sp -> argc (8 bytes), argv[] (8-byte pointers), 0, envp[], 0, auxv.
        .text
        .globl  _start
        .type   _start, @function
_start:
        .option push
        .option norelax
        lla     gp, __global_pointer$
        .option pop
        ld      a0, 0(sp)           # argc
        addi    a1, sp, 8           # argv
        slli    t0, a0, 3
        add     a2, a1, t0
        addi    a2, a2, 8           # envp = argv + argc + 1
        andi    sp, sp, -16
        call    main
        call    exit                # exit(main's result); does not return
        .size   _start, . - _start
