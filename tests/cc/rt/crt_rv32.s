# Process entry for the tests/cc minimal runtime, rv32 (Linux riscv32 entry state).
# sp -> argc (4 bytes), argv[] (4-byte pointers), 0, envp[], 0, auxv.
        .text
        .globl  _start
        .type   _start, @function
_start:
        .option push
        .option norelax
        lla     gp, __global_pointer$
        .option pop
        lw      a0, 0(sp)           # argc
        addi    a1, sp, 4           # argv
        slli    t0, a0, 2
        add     a2, a1, t0
        addi    a2, a2, 4           # envp = argv + argc + 1
        andi    sp, sp, -16
        call    main
        call    exit                # exit(main's result); does not return
        .size   _start, . - _start
