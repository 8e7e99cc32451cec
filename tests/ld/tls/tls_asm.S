/* TLS in hand-written assembly, one source for rv128/rv64/rv32 (tests/ld/tls_test.sh):
 * zl-as's %tprel_hi/%tprel_add/%tprel_lo (I and S forms), %tls_ie_pcrel_hi with
 * %pcrel_lo, la.tls.ie, .tdata/.tbss and @tls_object; zl-ld's TPREL and TLS_GOT
 * relocations; checked by tls_main.c against the compiler's own accesses. */
#if __riscv_xlen == 128
#define W 16
#define REG_L lq
#elif __riscv_xlen == 64
#define W 8
#define REG_L ld
#else
#define W 4
#define REG_L lw
#endif

	.section .tdata,"awT",@progbits
	.p2align 3
	.globl a_le
	.type a_le, @tls_object
	.size a_le, 8
a_le:	.word 0x1234abcd, 7
	.type l_priv, @tls_object     /* local: referenced through its section */
	.size l_priv, 4
l_priv:	.word 0x55aa

	.section .tbss,"awT",@nobits
	.p2align 5
	.globl a_bss
	.type a_bss, @tls_object
	.size a_bss, 32
a_bss:	.zero 32

	.text
	.globl asm_le_addr
asm_le_addr:                          /* &a_le, local-exec */
	lui a0, %tprel_hi(a_le)
	add a0, a0, tp, %tprel_add(a_le)
	addi a0, a0, %tprel_lo(a_le)
	ret

	.globl asm_le_load
asm_le_load:                          /* a_le[1] through the I form with an addend */
	lui a5, %tprel_hi(a_le+4)
	add a5, a5, tp, %tprel_add(a_le+4)
	lw a0, %tprel_lo(a_le+4)(a5)
	ret

	.globl asm_le_store
asm_le_store:                         /* a_bss[3] = a0 through the S form */
	lui a5, %tprel_hi(a_bss+12)
	add a5, a5, tp, %tprel_add(a_bss+12)
	sw a0, %tprel_lo(a_bss+12)(a5)
	ret

	.globl asm_priv
asm_priv:                             /* the local l_priv */
	lui a5, %tprel_hi(l_priv)
	add a5, a5, tp, %tprel_add(l_priv)
	lw a0, %tprel_lo(l_priv)(a5)
	ret

	.globl asm_ie_addr
asm_ie_addr:                          /* &c_var, initial-exec through the pseudo */
	la.tls.ie a0, c_var
	add a0, a0, tp
	ret

	.globl asm_ie_load
asm_ie_load:                          /* c_var, initial-exec spelled out */
1:	auipc a5, %tls_ie_pcrel_hi(c_var)
	REG_L a5, %pcrel_lo(1b)(a5)
	add a5, a5, tp
	lw a0, 0(a5)
	ret

	.globl asm_ie_le_var
asm_ie_le_var:                        /* initial-exec of a symbol this file defines */
	la.tls.ie a0, a_bss
	add a0, a0, tp
	ret
