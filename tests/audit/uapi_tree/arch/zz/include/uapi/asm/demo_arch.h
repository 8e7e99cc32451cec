/* an arch uapi header */
struct zz_regs_req {
	__u64 regs_ptr;
	__u64 count;
};
