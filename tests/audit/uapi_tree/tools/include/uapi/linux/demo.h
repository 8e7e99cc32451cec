/* the tools/ copy of a uapi header: not part of the kernel's UAPI, not reported */
struct demo_args {
	__u64 buf;
	__u64 len;
	__aligned_u64 out;
	__u64 cookie;
};
