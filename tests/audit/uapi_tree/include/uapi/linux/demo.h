/* Synthetic UAPI for the boundary report (tests/audit/uapi_test.sh has the answers). */
#ifndef _UAPI_DEMO_H
#define _UAPI_DEMO_H
#include <linux/types.h>
#include <linux/ioctl.h>

struct demo_args {
	__u64 buf;		/* u64_to_user_ptr(args->buf) */
	__u64 len;		/* a length: never converted */
	__aligned_u64 out;	/* (void __user *)(uintptr_t)args.out */
	__u64 cookie;		/* stored back to user space as a number only */
};

struct demo_sqe {
	__u8 opcode;
	union {
		__u64 off;	/* a file offset: never converted */
		__u64 addr2;	/* READ_ONCE(sqe->addr2) straight into the conversion */
	};
	union {
		__u64 addr;	/* copied into demo_req.addr, converted there */
		__u64 splice_off;
	};
	__u64 user_data;	/* local copy, then (void __user *)(unsigned long)ud */
};

struct demo_clone {
	__aligned_u64 stack;	/* converted in the syscall */
	__aligned_u64 flags;
};

#define DEMO_IOC_RUN	_IOWR('D', 1, struct demo_args)
#define DEMO_IOC_PEEK	_IOR('D', 2, struct demo_args)

#endif
