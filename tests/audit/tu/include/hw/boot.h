/* TU-mode fixture: layouts fixed at 64 bits outside the kernel (the x86 boot protocol,
 * Intel's debug store), and a look-alike of the kernel's own with the same member names. */
#ifndef HW_BOOT_H
#define HW_BOOT_H

struct setup_data {
	u64 next;
	u32 type;
	u32 len;
};

struct setup_header {
	u32 cmd_line_ptr;
	u64 setup_data;
};

struct boot_params {
	struct setup_header hdr;
};

struct debug_store {
	u64 bts_buffer_base;
	u64 pebs_index;
};

struct acpi_madt_io_sapic {    /* an ACPI table entry */
	u32 global_irq_base;
	u64 address;
};

struct soft_list {             /* the kernel's own: same names, no outside specification */
	u64 next;
	u64 pebs_index;
};

#endif
