# Process entry for the tests/cc minimal runtime, rv128 (docs/abi.md §9).
# sp -> argc (16 bytes), argv[] (16-byte pointers), 0, envp[], 0, auxv.
        .text
        .globl  _start
        .type   _start, @function
_start:
        .option push
        .option norelax
        lla     gp, __global_pointer$
        .option pop
        lq      a0, 0(sp)           # argc
        addi    a1, sp, 16          # argv
        slli    t0, a0, 4
        add     a2, a1, t0
        addi    a2, a2, 16          # envp = argv + argc + 1
        andi    sp, sp, -16
        call    main
        call    exit                # exit(main's result); does not return
        .size   _start, . - _start
